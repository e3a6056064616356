//! Reads the derive input into the [`ast`](crate::ast) and checks every tag rule, collecting
//! all errors of the struct so one compile shows every mistake.

use std::collections::HashMap;

use darling::FromDeriveInput;
use darling::FromField;
use proc_macro2::Span;
use quote::format_ident;
use syn::spanned::Spanned;

use crate::ast::{
    Attribute, Behaviour, Combination, Container, Field, Kind, PlanModifier, Presentation, Role,
    Rule, SchemaRole,
};
use crate::attr::{ContainerOptions, DescriptionKindOption, FieldOptions, SchemaOption, doc_text};

/// Reads and checks `input`. Returns the container when there is no error.
///
/// # Errors
/// Every problem found, each spanned at the offending token.
pub fn read(input: &syn::DeriveInput) -> Result<Container<'_>, darling::Error> {
    let mut errors = darling::Error::accumulator();

    let named = match &input.data {
        syn::Data::Struct(data) => match &data.fields {
            syn::Fields::Named(named) => Some(named),
            syn::Fields::Unnamed(unnamed) => {
                errors.push(error(
                    unnamed.span(),
                    "#[derive(TfObject)] needs a struct with named fields: a Terraform object's \
                     attributes have names. Give the fields names and tag each with \
                     #[tfsdk(name = \"...\")]",
                ));
                None
            }
            syn::Fields::Unit => {
                errors.push(error(
                    input.ident.span(),
                    "#[derive(TfObject)] needs a struct with named fields; a unit struct has no \
                     attributes to map. Add fields tagged with #[tfsdk(name = \"...\")]",
                ));
                None
            }
        },
        syn::Data::Enum(data) => {
            errors.push(error(
                data.enum_token.span(),
                "#[derive(TfObject)] cannot be used on an enum: a Terraform object is a struct \
                 with named attributes. Use a struct; for a choice between shapes, use a struct \
                 of optional fields (`Option<T>`), one per shape",
            ));
            None
        }
        syn::Data::Union(data) => {
            errors.push(error(
                data.union_token.span(),
                "#[derive(TfObject)] cannot be used on a union: use a struct with named fields",
            ));
            None
        }
    };

    let options = errors
        .handle(ContainerOptions::from_derive_input(input))
        .unwrap_or_default();
    let schema = options.schema.as_ref().map(|option| {
        let role = match **option {
            SchemaOption::Any => SchemaRole::Any,
            SchemaOption::Provider => SchemaRole::Provider,
            SchemaOption::Resource => SchemaRole::Resource,
            SchemaOption::DataSource => SchemaRole::DataSource,
            SchemaOption::Ephemeral => SchemaRole::Ephemeral,
            SchemaOption::Identity => SchemaRole::Identity,
            SchemaOption::List => SchemaRole::List,
            SchemaOption::Action => SchemaRole::Action,
        };
        (role, option.span())
    });

    let mut drafts = Vec::new();
    // The attribute of every field that names one, errors or not: a rule naming a field that
    // has a mistake of its own is not a second mistake.
    let mut attribute_fields = HashMap::new();
    if let Some(named) = named {
        for field in &named.named {
            if let (Some(member), Ok(options)) = (&field.ident, FieldOptions::from_field(field))
                && let Some(name) = &options.name
                && !options.skip.is_present()
                && !options.flatten.is_present()
            {
                attribute_fields.insert(member.to_string(), name.as_str().to_owned());
            }
        }
        for field in &named.named {
            if let Some(draft) = read_field(
                field,
                schema.map(|(role, _)| role),
                options.description_kind,
                &mut errors,
            ) {
                drafts.push(draft);
            }
        }
    }
    let fields = resolve_combinations(drafts, &attribute_fields, &mut errors);
    let config_validators =
        config_validators(&options, schema.is_some(), &attribute_fields, &mut errors);
    check_duplicate_names(&fields, &mut errors);

    let private = match &options.krate {
        Some(path) => syn::parse_quote!(#path::__private),
        None => syn::parse_quote!(::tfsdk_core::__private),
    };
    errors.finish()?;
    Ok(Container {
        ident: &input.ident,
        generics: &input.generics,
        private,
        schema,
        description: options.description.or_else(|| doc_text(&options.attrs)),
        plain_description: options.description_kind == Some(DescriptionKindOption::Plain),
        view: options
            .view
            .unwrap_or_else(|| format_ident!("{}View", input.ident)),
        paths: options
            .paths
            .unwrap_or_else(|| format_ident!("{}Paths", input.ident)),
        vis: &input.vis,
        fields,
        kind: Kind::Model,
        attributes_of: None,
        config_validators,
    })
}

fn error(span: Span, message: &str) -> darling::Error {
    darling::Error::custom(message).with_span(&span)
}

/// A field read and checked on its own; the fields its combination rules name are resolved
/// once every field is read.
struct Draft<'a> {
    field: Field<'a>,
    combinations: Vec<(Combination, Vec<syn::Path>)>,
}

/// Reads one field; `None` when it has errors (already recorded).
fn read_field<'a>(
    field: &'a syn::Field,
    role: Option<SchemaRole>,
    description_kind: Option<DescriptionKindOption>,
    errors: &mut darling::error::Accumulator,
) -> Option<Draft<'a>> {
    let member = field.ident.as_ref()?;
    if !field.attrs.iter().any(|a| a.path().is_ident("tfsdk")) {
        errors.push(error(
            member.span(),
            &format!(
                "field `{member}` is not mapped to an attribute: add \
                 #[tfsdk(name = \"{}\")] to map it, or #[tfsdk(skip)] to leave it out \
                 (every field must say which, as Go's `tfsdk` struct tags do)",
                suggested_name(&member.to_string())
            ),
        ));
        return None;
    }
    let options = errors.handle(FieldOptions::from_field(field))?;
    let order = option_order(field);
    let mut problems = darling::Error::accumulator();

    let name = options.name.as_ref();
    let skip = options.skip.is_present();
    let flatten = options.flatten.is_present();
    let behaviours: Vec<&str> = order
        .iter()
        .map(|(key, _)| key.as_str())
        .filter(|key| !matches!(*key, "name" | "skip" | "flatten"))
        .collect();

    check_kind(member, name, &order, &behaviours, &mut problems);
    if let Some(name) = name {
        check_name(name, &mut problems);
        check_reserved_name(name, role, &mut problems);
    }
    let mut rules = Vec::new();
    let mut combinations = Vec::new();
    if !skip && !flatten {
        check_behaviours(member, &options, &order, role, &mut problems);
        check_timeouts(&field.ty, role, &mut problems);
        rules = read_rules(&options, &order, &mut problems);
        combinations = read_combinations(&options, &order, &rules, &mut problems);
    }
    if let Err(found) = problems.finish() {
        errors.push(found);
        return None;
    }

    let role = if skip {
        Role::Skip
    } else if flatten {
        Role::Flatten
    } else {
        let mut attribute = attribute_of(name?, &options, &order, rules);
        attribute.behaviour.plain_description =
            options.description_kind.or(description_kind) == Some(DescriptionKindOption::Plain);
        Role::Attribute(Box::new(attribute))
    };
    Some(Draft {
        field: Field {
            member,
            vis: &field.vis,
            ty: &field.ty,
            docs: doc_text(&options.attrs),
            role,
        },
        combinations,
    })
}

/// The checks of how a field is mapped: by `name`, `skip` or `flatten`, one of them, and no
/// behaviour on a field that is not an attribute.
fn check_kind(
    member: &syn::Ident,
    name: Option<&darling::util::SpannedValue<String>>,
    order: &[(String, Span)],
    behaviours: &[&str],
    problems: &mut darling::error::Accumulator,
) {
    let skip = order.iter().any(|(key, _)| key == "skip");
    let flatten = order.iter().any(|(key, _)| key == "flatten");
    if skip && name.is_some() {
        problems.push(error(
            second_of(order, "name", "skip"),
            "a field is either mapped to an attribute (`name`) or skipped (`skip`), not both: \
             remove one of them",
        ));
    }
    if flatten && (name.is_some() || skip) {
        let other = if skip { "skip" } else { "name" };
        problems.push(error(
            second_of(order, "flatten", other),
            &format!(
                "`flatten` inlines the attributes of a nested struct and cannot be combined \
                 with `{other}`: remove one of them"
            ),
        ));
    }
    if skip || flatten {
        let what = if skip {
            "a skipped field"
        } else {
            "a flattened field"
        };
        for key in behaviours {
            problems.push(error(
                span_of(order, key),
                &format!(
                    "`{key}` has no effect on {what}: schema behaviours belong to attributes; \
                     remove it{}",
                    if flatten {
                        ", and set them on the nested struct's fields instead"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }
    if !skip && !flatten && name.is_none() {
        problems.push(error(
            member.span(),
            &format!(
                "field `{member}` has #[tfsdk(...)] but no `name`: add \
                 `name = \"{}\"` to map it to an attribute, or `skip` to leave it out",
                suggested_name(&member.to_string())
            ),
        ));
    }
}

/// The relation rules (`conflicts_with(...)` and the like) of an attribute, each naming at
/// least one field; and none, nor any rule, on an attribute that is never configured.
fn read_combinations(
    options: &FieldOptions,
    order: &[(String, Span)],
    rules: &[Rule],
    problems: &mut darling::error::Accumulator,
) -> Vec<(Combination, Vec<syn::Path>)> {
    let combinations: Vec<(Combination, Vec<syn::Path>)> = [
        (Combination::ConflictsWith, &options.conflicts_with),
        (Combination::ExactlyOneOf, &options.exactly_one_of),
        (Combination::AtLeastOneOf, &options.at_least_one_of),
        (Combination::RequiredWith, &options.required_with),
    ]
    .into_iter()
    .filter_map(|(kind, list)| list.as_ref().map(|list| (kind, list.to_vec())))
    .collect();
    for (kind, list) in &combinations {
        if list.is_empty() {
            problems.push(error(
                span_of(order, kind.key()),
                &format!(
                    "`{}(...)` names the fields it relates this one to: write e.g. `{}(other_field)`",
                    kind.key(),
                    kind.key()
                ),
            ));
        }
    }
    if options.computed.is_present()
        && !options.optional.is_present()
        && (!rules.is_empty() || !combinations.is_empty())
    {
        let key = order
            .iter()
            .map(|(k, _)| k.as_str())
            .find(|k| RULE_KEYS.contains(k))
            .unwrap_or("computed");
        problems.push(error(
            span_of(order, key),
            "validation rules check configuration, and a `computed` attribute without \
             `optional` is never configured: remove the rule, or make the attribute \
             `optional, computed`",
        ));
    }
    combinations
}

/// The attribute of a field mapped by `name`, from its checked options.
fn attribute_of(
    name: &darling::util::SpannedValue<String>,
    options: &FieldOptions,
    order: &[(String, Span)],
    rules: Vec<Rule>,
) -> Attribute {
    let docs = doc_text(&options.attrs);
    let presentation = if options.block.is_present() {
        Some((Presentation::Block, options.block.span()))
    } else if options.nested_attribute.is_present() {
        Some((
            Presentation::NestedAttribute,
            options.nested_attribute.span(),
        ))
    } else {
        None
    };
    Attribute {
        name: name.as_str().to_owned(),
        name_span: name.span(),
        behaviour: Behaviour {
            required: options.required.is_present(),
            optional: options.optional.is_present(),
            computed: options.computed.is_present(),
            computed_span: options.computed.span(),
            stable: options.stable.is_present(),
            sensitive: options.sensitive.is_present(),
            write_only: options.write_only.is_present(),
            write_only_span: options.write_only.span(),
            force_new: options.force_new.is_present(),
            description: options
                .description
                .as_ref()
                .map(|d| d.as_str().to_owned())
                .or(docs),
            // Set by `read_field`, which knows the struct's `description_kind`.
            plain_description: false,
            deprecated: options.deprecated.as_ref().map(|d| d.as_str().to_owned()),
            default: options.default.clone(),
            default_fn: options.default_fn.clone(),
            diff_suppress: options.diff_suppress.clone(),
            plan_modifiers: plan_modifiers(options, order),
            presentation,
            items: (
                options.min_items.as_ref().map_or(0, |n| **n),
                options.max_items.as_ref().map_or(0, |n| **n),
            ),
            items_span: options
                .min_items
                .as_ref()
                .or(options.max_items.as_ref())
                .map(|n| n.span()),
        },
        rules,
    }
}

/// The plan modification options of a field, in the order written.
fn plan_modifiers(options: &FieldOptions, order: &[(String, Span)]) -> Vec<PlanModifier> {
    order
        .iter()
        .filter_map(|(key, _)| match key.as_str() {
            "plan_modifier" => options.plan_modifier.clone().map(PlanModifier::Modify),
            "requires_replace_if" => options
                .requires_replace_if
                .clone()
                .map(PlanModifier::RequiresReplaceIf),
            "requires_replace_if_configured" => options
                .requires_replace_if_configured
                .is_present()
                .then_some(PlanModifier::RequiresReplaceIfConfigured),
            _ => None,
        })
        .collect()
}

/// The option keys of validation rules.
const RULE_KEYS: [&str; 12] = [
    "conflicts_with",
    "exactly_one_of",
    "at_least_one_of",
    "required_with",
    "one_of",
    "none_of",
    "matches",
    "unique",
    "length",
    "size",
    "range",
    "validate",
];

/// The pairs of schema behaviours that exclude each other, and why: (first, second, message).
const CONFLICTS: [(&str, &str, &str); 16] = [
    (
        "write_only",
        "computed",
        "a `write_only` attribute cannot be `computed`: its value comes only from \
         configuration, and plans and states hold null for it",
    ),
    (
        "write_only",
        "default",
        "a `write_only` attribute cannot have a `default`: plans hold null for it, so a \
         default would never be seen; read an unset value as null in create and update",
    ),
    (
        "write_only",
        "default_fn",
        "a `write_only` attribute cannot have a `default_fn`: plans hold null for it, so a \
         default would never be seen; read an unset value as null in create and update",
    ),
    (
        "write_only",
        "force_new",
        "a `write_only` attribute cannot be `force_new`: its prior value is never stored, \
         so a change cannot be seen; give it a `..._version` attribute that is `force_new`",
    ),
    (
        "write_only",
        "diff_suppress",
        "a `write_only` attribute cannot have `diff_suppress`: its prior value is never \
         stored, so there is nothing to compare with",
    ),
    (
        "optional",
        "required",
        "an attribute cannot be both `optional` and `required`: keep the one that says \
         whether configuration must set it",
    ),
    (
        "required",
        "computed",
        "a `required` attribute cannot be `computed`: the configuration always sets it. Use \
         `computed` alone for provider-set values, or `optional, computed`",
    ),
    (
        "default",
        "required",
        "a `required` attribute cannot have a `default`: configuration always sets it. Make \
         it `optional` to use the default",
    ),
    (
        "default",
        "computed",
        "a `computed` attribute cannot have a `default`: the provider sets its value. Make it \
         `optional` to use the default",
    ),
    (
        "default",
        "default_fn",
        "`default` and `default_fn` cannot be used together: keep one source of the default",
    ),
    (
        "default_fn",
        "computed",
        "a `computed` attribute cannot have a `default_fn`: the provider sets its value. Make \
         it `optional` to use the default",
    ),
    (
        "block",
        "nested_attribute",
        "an attribute is served either as a `block` or as a `nested_attribute`: keep one",
    ),
    (
        "block",
        "computed",
        "a nested block cannot be `computed` (Terraform's blocks come from configuration \
         only): remove `block` to serve it as a nested attribute",
    ),
    (
        "block",
        "sensitive",
        "a nested block cannot be `sensitive`: remove `block` to serve it as a nested \
         attribute, or mark the attributes inside it sensitive",
    ),
    (
        "block",
        "default",
        "a nested block cannot have a `default`: remove `block` to serve it as a nested \
         attribute",
    ),
    (
        "block",
        "default_fn",
        "a nested block cannot have a `default_fn`: remove `block` to serve it as a nested \
         attribute",
    ),
];

/// The schema behaviours that exclude each other ([`CONFLICTS`]), each reported at the second
/// of the two options in source order; and the behaviours a block of `role` cannot have.
fn check_behaviours(
    member: &syn::Ident,
    options: &FieldOptions,
    order: &[(String, Span)],
    role: Option<SchemaRole>,
    errors: &mut darling::error::Accumulator,
) {
    let present = |key: &str| order.iter().any(|(k, _)| k == key);
    for (a, b, message) in CONFLICTS {
        if present(a) && present(b) {
            errors.push(error(second_of(order, a, b), message));
        }
    }
    check_plan_modifiers(order, errors);
    check_items(options, errors);
    check_stable_and_deprecated(options, errors);
    if let Some(role) = role {
        check_role(order, role, errors);
        check_has_role(member, options, errors);
    }
}

/// `stable` without `computed`, and an empty deprecation message.
fn check_stable_and_deprecated(options: &FieldOptions, errors: &mut darling::error::Accumulator) {
    if options.stable.is_present() && !options.computed.is_present() {
        errors.push(error(
            options.stable.span(),
            "`stable` keeps a computed attribute's prior value in the plan of an update; it \
             needs `computed` (an attribute configuration sets is planned from configuration)",
        ));
    }
    if let Some(message) = &options.deprecated
        && message.trim().is_empty()
    {
        errors.push(error(
            message.span(),
            "`deprecated = \"...\"` takes the message practitioners see, e.g. \"Use `name` \
             instead.\"",
        ));
    }
}

/// In a schema struct, every attribute is `required`, `optional` or `computed`.
fn check_has_role(
    member: &syn::Ident,
    options: &FieldOptions,
    errors: &mut darling::error::Accumulator,
) {
    if !options.required.is_present()
        && !options.optional.is_present()
        && !options.computed.is_present()
    {
        errors.push(error(
            member.span(),
            &format!(
                "attribute of field `{member}` has no role: in a #[tfsdk(schema)] struct every \
                 attribute is `required`, `optional` or `computed` (or `optional, computed`); \
                 add one to its #[tfsdk(...)]"
            ),
        ));
    }
}

/// The `timeouts` block (`tfsdk_server::Timeouts`, or an `Option` of it) in a block of a role
/// that has no create, update or delete: an error at the type. Read by the type's last name,
/// as the derive sees no further.
fn check_timeouts(
    ty: &syn::Type,
    role: Option<SchemaRole>,
    errors: &mut darling::error::Accumulator,
) {
    let what = match role {
        Some(SchemaRole::Provider) => "a provider block",
        Some(SchemaRole::DataSource) => "a data source",
        Some(SchemaRole::Ephemeral) => "an ephemeral resource",
        Some(SchemaRole::List) => "a list resource's configuration",
        Some(SchemaRole::Action) => "an action's configuration",
        Some(SchemaRole::Identity) => "an identity",
        Some(SchemaRole::Resource | SchemaRole::Any) | None => return,
    };
    let syn::Type::Path(path) = crate::schema::value_type(ty) else {
        return;
    };
    if let Some(last) = path.path.segments.last()
        && last.ident == "Timeouts"
    {
        errors.push(error(
            last.ident.span(),
            &format!(
                "`Timeouts` is the `timeouts` block of a managed resource's create, read, update \
                 and delete: {what} has none of them; remove the field"
            ),
        ));
    }
}

/// The options of plan modification, which only a planned value can have.
const PLAN_MODIFIER_KEYS: [&str; 3] = [
    "plan_modifier",
    "requires_replace_if",
    "requires_replace_if_configured",
];

/// Plan modification on a write-only attribute, whose planned value is always null.
fn check_plan_modifiers(order: &[(String, Span)], errors: &mut darling::error::Accumulator) {
    if !order.iter().any(|(key, _)| key == "write_only") {
        return;
    }
    for key in PLAN_MODIFIER_KEYS {
        if order.iter().any(|(k, _)| k == key) {
            errors.push(error(
                second_of(order, "write_only", key),
                &format!(
                    "a `write_only` attribute cannot have `{key}`: plans hold null for it and \
                     its prior value is never stored; give it a `..._version` attribute to plan"
                ),
            ));
        }
    }
}

/// What a block of the role declared (`schema(provider)`, `schema(data_source)`) cannot hold.
fn check_role(
    order: &[(String, Span)],
    role: SchemaRole,
    errors: &mut darling::error::Accumulator,
) {
    let forbidden = match role {
        SchemaRole::Provider => PROVIDER_FORBIDS,
        SchemaRole::DataSource => DATA_SOURCE_FORBIDS,
        SchemaRole::Ephemeral => EPHEMERAL_FORBIDS,
        SchemaRole::List => LIST_FORBIDS,
        SchemaRole::Action => ACTION_FORBIDS,
        SchemaRole::Identity => IDENTITY_FORBIDS,
        SchemaRole::Any | SchemaRole::Resource => &[],
    };
    for (key, message) in forbidden {
        if order.iter().any(|(k, _)| k == key) {
            errors.push(error(span_of(order, key), message));
        }
    }
    let unplanned = match role {
        SchemaRole::Provider => "a provider block",
        SchemaRole::DataSource => "a data source",
        SchemaRole::Ephemeral => "an ephemeral resource",
        SchemaRole::List => "a list resource's configuration",
        SchemaRole::Action => "an action's configuration",
        SchemaRole::Identity => "an identity",
        SchemaRole::Any | SchemaRole::Resource => return,
    };
    for key in PLAN_MODIFIER_KEYS {
        if order.iter().any(|(k, _)| k == key) {
            errors.push(error(
                span_of(order, key),
                &format!(
                    "`{key}` has no effect in {unplanned}: only a managed resource's \
                     attributes are planned; remove it"
                ),
            ));
        }
    }
}

/// What a provider block may not have, and why.
const PROVIDER_FORBIDS: &[(&str, &str)] = &[
    (
        "write_only",
        "a provider block has no write-only attributes (Terraform has them in managed resources only): remove `write_only`, or mark it `sensitive`",
    ),
    (
        "computed",
        "a provider block cannot have `computed` attributes: Terraform refuses computed \
         provider arguments. Make it `optional` (with a `default` or `default_fn` for the \
         value it takes when unset)",
    ),
    (
        "force_new",
        "`force_new` has no effect in a provider block: providers are not replaced; \
         remove it",
    ),
    (
        "diff_suppress",
        "`diff_suppress` has no effect in a provider block: a provider block is not \
         planned; remove it",
    ),
];

/// What a data source may not have, and why.
const DATA_SOURCE_FORBIDS: &[(&str, &str)] = &[
    (
        "write_only",
        "a data source has no write-only attributes (Terraform has them in managed resources only): remove `write_only`",
    ),
    (
        "force_new",
        "`force_new` has no effect in a data source: data sources are read, not \
         replaced; remove it",
    ),
    (
        "diff_suppress",
        "`diff_suppress` has no effect in a data source: data sources are not planned; \
         remove it",
    ),
    (
        "stable",
        "`stable` has no effect in a data source: data sources are not planned; remove it",
    ),
    (
        "default",
        "a data source attribute cannot have a `default`: data sources are read from \
         configuration as it is; handle the unset value in `read`",
    ),
    (
        "default_fn",
        "a data source attribute cannot have a `default_fn`: data sources are read from \
         configuration as it is; handle the unset value in `read`",
    ),
];

/// What an ephemeral resource may not have, and why.
const EPHEMERAL_FORBIDS: &[(&str, &str)] = &[
    (
        "write_only",
        "an ephemeral resource has no write-only attributes (Terraform has them in managed resources only; nothing of an ephemeral resource is stored anyway): remove `write_only`",
    ),
    (
        "force_new",
        "`force_new` has no effect in an ephemeral resource: it is opened for each run, \
         never planned or replaced; remove it",
    ),
    (
        "diff_suppress",
        "`diff_suppress` has no effect in an ephemeral resource: it is not planned; \
         remove it",
    ),
    (
        "stable",
        "`stable` has no effect in an ephemeral resource: it is not planned; remove it",
    ),
    (
        "default",
        "an ephemeral resource's attribute cannot have a `default`: it is opened from \
         configuration as it is; handle the unset value in `open`",
    ),
    (
        "default_fn",
        "an ephemeral resource's attribute cannot have a `default_fn`: it is opened from \
         configuration as it is; handle the unset value in `open`",
    ),
];

/// What a list resource's configuration may not have, and why.
const LIST_FORBIDS: &[(&str, &str)] = &[
    (
        "write_only",
        "a list resource's configuration has no write-only attributes (Terraform has them in managed resources only): remove `write_only`",
    ),
    (
        "force_new",
        "`force_new` has no effect in a list resource's configuration: it is not planned; remove it",
    ),
    (
        "diff_suppress",
        "`diff_suppress` has no effect in a list resource's configuration: it is not planned; remove it",
    ),
    (
        "stable",
        "`stable` has no effect in a list resource's configuration: it is not planned; remove it",
    ),
    (
        "default",
        "an attribute of a list resource's configuration cannot have a `default`: it is read from configuration as it is; handle the unset value in code",
    ),
    (
        "default_fn",
        "an attribute of a list resource's configuration cannot have a `default_fn`: it is read from configuration as it is; handle the unset value in code",
    ),
    (
        "computed",
        "a list resource's configuration has no `computed` attributes: it is what the `config` block of a `list` block sets; make it `required` or `optional`",
    ),
];

/// What an action's configuration may not have, and why.
const ACTION_FORBIDS: &[(&str, &str)] = &[
    (
        "write_only",
        "an action's configuration has no write-only attributes (Terraform has them in managed resources only): remove `write_only`",
    ),
    (
        "force_new",
        "`force_new` has no effect in an action's configuration: actions are invoked, not planned; remove it",
    ),
    (
        "diff_suppress",
        "`diff_suppress` has no effect in an action's configuration: actions are invoked, not planned; remove it",
    ),
    (
        "stable",
        "`stable` has no effect in an action's configuration: actions are invoked, not planned; remove it",
    ),
    (
        "default",
        "an attribute of an action's configuration cannot have a `default`: it is read from configuration as it is; handle the unset value in code",
    ),
    (
        "default_fn",
        "an attribute of an action's configuration cannot have a `default_fn`: it is read from configuration as it is; handle the unset value in code",
    ),
    (
        "computed",
        "an action's configuration has no `computed` attributes: Terraform refuses them in action schemas; make it `required` or `optional`",
    ),
];

/// What an identity may not have, and why.
const IDENTITY_FORBIDS: &[(&str, &str)] = &[
    (
        "computed",
        "an identity has no `computed` attributes: `required` means required for import by identity, `optional` optional for it; the provider always sets every identity attribute",
    ),
    (
        "sensitive",
        "an identity attribute cannot be `sensitive`: identities are shown and compared as they are; leave secrets out of the identity",
    ),
    (
        "write_only",
        "an identity attribute cannot be `write_only`: an identity is stored beside the state",
    ),
    (
        "force_new",
        "`force_new` has no effect in an identity; remove it",
    ),
    (
        "diff_suppress",
        "`diff_suppress` has no effect in an identity; remove it",
    ),
    ("stable", "`stable` has no effect in an identity; remove it"),
    (
        "default",
        "an identity attribute cannot have a `default`: the provider sets every identity attribute",
    ),
    (
        "default_fn",
        "an identity attribute cannot have a `default_fn`: the provider sets every identity attribute",
    ),
    (
        "deprecated",
        "an identity attribute cannot be `deprecated`: version the identity instead (IDENTITY_VERSION and upgrade_identity)",
    ),
    (
        "block",
        "an identity has no nested blocks: its attributes are strings, numbers, bools or lists of them",
    ),
    (
        "nested_attribute",
        "an identity has no nested attributes: its attributes are strings, numbers, bools or lists of them",
    ),
];

/// `min_items` and `max_items`: on a `block` only, and a range that allows something.
fn check_items(options: &FieldOptions, errors: &mut darling::error::Accumulator) {
    for limit in [&options.min_items, &options.max_items]
        .into_iter()
        .flatten()
    {
        if !options.block.is_present() {
            errors.push(error(
                limit.span(),
                "`min_items` and `max_items` limit how many blocks of a list or set of nested \
                 blocks configuration writes (SDKv2's MinItems and MaxItems): add `block`, or \
                 check a collection's size with `size = a..=b`",
            ));
        }
    }
    if let (Some(min), Some(max)) = (&options.min_items, &options.max_items)
        && **max > 0
        && **min > **max
    {
        errors.push(error(
            max.span(),
            &format!(
                "`max_items = {}` is less than `min_items = {}`: no number of blocks fits",
                **max, **min
            ),
        ));
    }
}

/// The value rules of a field: `one_of`, `length`, `size`, `range`, `validate`.
fn read_rules(
    options: &FieldOptions,
    order: &[(String, Span)],
    errors: &mut darling::error::Accumulator,
) -> Vec<Rule> {
    let mut rules = Vec::new();
    for (key, none, expr) in [
        ("one_of", false, &options.one_of),
        ("none_of", true, &options.none_of),
    ] {
        let Some(expr) = expr else {
            continue;
        };
        match one_of_values(key, expr) {
            Ok((values, strings)) => rules.push(Rule::OneOf {
                values,
                strings,
                none,
                span: span_of(order, key),
            }),
            Err(message) => errors.push(error(expr.span(), &message)),
        }
    }
    if let Some(pattern) = &options.matches {
        match regex_syntax::Parser::new().parse(pattern.as_str()) {
            Ok(_) => rules.push(Rule::Matches {
                pattern: pattern.as_str().to_owned(),
                span: span_of(order, "matches"),
            }),
            Err(problem) => errors.push(error(
                pattern.span(),
                &format!(
                    "`matches` takes a regular expression (the regex crate's syntax): {problem}"
                ),
            )),
        }
    }
    if options.unique.is_present() {
        rules.push(Rule::Unique {
            span: options.unique.span(),
        });
    }
    for (key, size, expr) in [
        ("length", false, &options.length),
        ("size", true, &options.size),
    ] {
        if let Some(expr) = expr {
            match count_bounds(key, expr) {
                Ok((min, max)) => rules.push(Rule::Count {
                    size,
                    min,
                    max,
                    span: span_of(order, key),
                }),
                Err(message) => errors.push(error(expr.span(), &message)),
            }
        }
    }
    if let Some(expr) = &options.range {
        match number_bounds(expr) {
            Ok((min, max)) => rules.push(Rule::Range {
                min,
                max,
                span: span_of(order, "range"),
            }),
            Err(message) => errors.push(error(expr.span(), &message)),
        }
    }
    if let Some(path) = &options.validate {
        rules.push(Rule::Custom(Box::new(path.clone())));
    }
    rules
}

/// The literals of `one_of = [...]` (or `none_of`, the option `key`), and whether they are
/// strings (else numbers).
fn one_of_values(key: &str, expr: &syn::Expr) -> Result<(Vec<syn::Expr>, bool), String> {
    let usage = format!(
        "`{key}` takes a list of string or number literals: `{key} = [\"a\", \"b\"]` or \
         `{key} = [1, 2]`"
    );
    let syn::Expr::Array(array) = expr else {
        return Err(usage.to_owned());
    };
    if array.elems.is_empty() {
        return Err(format!("{usage}; this list is empty"));
    }
    let mut strings = None;
    for element in &array.elems {
        let is_string = match element {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(_),
                ..
            }) => true,
            other if number_literal(other).is_some() => false,
            _ => return Err(usage.to_owned()),
        };
        if *strings.get_or_insert(is_string) != is_string {
            return Err(format!(
                "`{key}` values are all strings or all numbers: an attribute has one type"
            ));
        }
    }
    Ok((
        array.elems.iter().cloned().collect(),
        strings.unwrap_or(true),
    ))
}

/// A number literal, possibly negative, as an `f64` for comparing bounds.
fn number_literal(expr: &syn::Expr) -> Option<f64> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(int),
            ..
        }) => int.base10_digits().parse().ok(),
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Float(float),
            ..
        }) => float.base10_digits().parse().ok(),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => number_literal(expr).map(|n| -n),
        syn::Expr::Group(group) => number_literal(&group.expr),
        _ => None,
    }
}

/// The parts of a range expression `a..=b`, `a..` or `..=b`.
fn range_parts<'e>(
    key: &str,
    example: &str,
    expr: &'e syn::Expr,
) -> Result<(Option<&'e syn::Expr>, Option<&'e syn::Expr>), String> {
    let syn::Expr::Range(range) = expr else {
        return Err(format!(
            "`{key}` takes a range: `{key} = {example}`, or an open one such as `{key} = 1..`"
        ));
    };
    if range.start.is_none() && range.end.is_none() {
        return Err(format!(
            "`{key} = ..` allows everything: give a bound, e.g. `{key} = {example}`"
        ));
    }
    if range.end.is_some() && matches!(range.limits, syn::RangeLimits::HalfOpen(_)) {
        return Err(format!(
            "write the range with `..=`: both bounds are included, as in Terraform's \
             validators (`{key} = {example}`)"
        ));
    }
    Ok((range.start.as_deref(), range.end.as_deref()))
}

/// The bounds of `length` / `size`: whole numbers, the least not above the most.
fn count_bounds(key: &str, expr: &syn::Expr) -> Result<(Option<u64>, Option<u64>), String> {
    let (start, end) = range_parts(key, "1..=64", expr)?;
    let count = |bound: Option<&syn::Expr>| -> Result<Option<u64>, String> {
        bound
            .map(|bound| match bound {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(int),
                    ..
                }) => int
                    .base10_parse::<u64>()
                    .map_err(|_| format!("`{key}` bounds are whole numbers from 0")),
                _ => Err(format!("`{key}` bounds are whole numbers from 0")),
            })
            .transpose()
    };
    let (min, max) = (count(start)?, count(end)?);
    if let (Some(min), Some(max)) = (min, max)
        && min > max
    {
        return Err(format!(
            "`{key}` allows nothing: its least bound {min} is above its greatest {max}"
        ));
    }
    Ok((min, max))
}

/// The bounds of `range`: number literals, the least not above the greatest.
type Bounds = (Option<Box<syn::Expr>>, Option<Box<syn::Expr>>);

fn number_bounds(expr: &syn::Expr) -> Result<Bounds, String> {
    let (start, end) = range_parts("range", "1..=65535", expr)?;
    let number = |bound: Option<&syn::Expr>| -> Result<Option<f64>, String> {
        bound
            .map(|bound| {
                number_literal(bound).ok_or_else(|| {
                    "`range` bounds are number literals, e.g. `-1.5..=10`".to_owned()
                })
            })
            .transpose()
    };
    if let (Some(min), Some(max)) = (number(start)?, number(end)?)
        && min > max
    {
        return Err("`range` allows nothing: its least bound is above its greatest".to_owned());
    }
    Ok((start.cloned().map(Box::new), end.cloned().map(Box::new)))
}

/// Resolves the fields named by combination rules to their attribute names: each must be
/// another field of this struct that maps to an attribute.
fn resolve_combinations<'a>(
    drafts: Vec<Draft<'a>>,
    attributes: &HashMap<String, String>,
    errors: &mut darling::error::Accumulator,
) -> Vec<Field<'a>> {
    let mut known: Vec<&str> = attributes.keys().map(String::as_str).collect();
    known.sort_unstable();
    let known = known.join("`, `");
    let mut fields = Vec::with_capacity(drafts.len());
    for draft in drafts {
        let mut field = draft.field;
        let own = field.member.to_string();
        let mut resolved = Vec::new();
        for (kind, paths) in &draft.combinations {
            let mut others = Vec::new();
            for path in paths {
                let Some(ident) = path.get_ident() else {
                    errors.push(error(
                        path.span(),
                        &format!(
                            "`{}` names fields of this struct by their Rust name, e.g. `{}(other_field)`",
                            kind.key(),
                            kind.key()
                        ),
                    ));
                    continue;
                };
                let name = ident.to_string();
                let name = name.strip_prefix("r#").unwrap_or(&name);
                if name == own {
                    errors.push(error(
                        ident.span(),
                        &format!(
                            "`{}` names this field itself: list the other fields it relates to",
                            kind.key()
                        ),
                    ));
                } else if let Some(attribute) = attributes.get(name) {
                    others.push(attribute.clone());
                } else {
                    errors.push(error(
                        ident.span(),
                        &format!(
                            "no field `{name}` of this struct maps to an attribute: `{}` names \
                             sibling fields with #[tfsdk(name = ...)] (here: `{known}`)",
                            kind.key()
                        ),
                    ));
                }
            }
            resolved.push(Rule::Combination {
                kind: *kind,
                others,
            });
        }
        if let Role::Attribute(attribute) = &mut field.role {
            attribute.rules.splice(0..0, resolved);
        }
        fields.push(field);
    }
    fields
}

/// Attribute names follow Terraform's rule: `^[a-z][a-z0-9_]*$`.
fn check_name(
    name: &darling::util::SpannedValue<String>,
    errors: &mut darling::error::Accumulator,
) {
    let text = name.as_str();
    let mut chars = text.chars();
    let valid = matches!(chars.next(), Some('a'..='z'))
        && chars.all(|c| matches!(c, 'a'..='z' | '0'..='9' | '_'));
    if !valid {
        let suggestion = suggested_name(text);
        let hint = if suggestion.is_empty() || suggestion == text {
            String::new()
        } else {
            format!("; try \"{suggestion}\"")
        };
        errors.push(error(
            name.span(),
            &format!(
                "invalid attribute name {text:?}: a name starts with a lowercase letter and has \
                 only lowercase letters, digits and underscores{hint}"
            ),
        ));
    }
}

/// Root names Terraform keeps for itself in a resource's (and every other type's) block: its
/// meta-arguments. Go's framework refuses them too (`ReservedResourceAttributeNames`).
const RESERVED_ROOT_NAMES: [&str; 7] = [
    "connection",
    "count",
    "depends_on",
    "for_each",
    "lifecycle",
    "provider",
    "provisioner",
];

/// Root names of the provider block Terraform keeps for itself
/// (`ReservedProviderAttributeNames`).
const RESERVED_PROVIDER_NAMES: [&str; 2] = ["alias", "version"];

/// A root attribute named as one of Terraform's meta-arguments, which no configuration could
/// set: an error where the struct says which block it is (`schema(resource)` and the other
/// roles); a plain `schema` struct is checked by the server when a type uses it as its root.
fn check_reserved_name(
    name: &darling::util::SpannedValue<String>,
    role: Option<SchemaRole>,
    errors: &mut darling::error::Accumulator,
) {
    let (reserved, block): (&[&str], &str) = match role {
        Some(SchemaRole::Provider) => (&RESERVED_PROVIDER_NAMES, "the provider block"),
        Some(SchemaRole::Any) | None => return,
        Some(_) => (&RESERVED_ROOT_NAMES, "a resource or data source block"),
    };
    if reserved.contains(&name.as_str()) {
        errors.push(error(
            name.span(),
            &format!(
                "{:?} is a reserved root attribute/block name in {block}: Terraform reads it as \
                 its own meta-argument, so no configuration could set it; choose another name",
                name.as_str()
            ),
        ));
    }
}

fn check_duplicate_names(fields: &[Field<'_>], errors: &mut darling::error::Accumulator) {
    let mut seen: HashMap<&str, &syn::Ident> = HashMap::new();
    for field in fields {
        if let Role::Attribute(attribute) = &field.role {
            if let Some(first) = seen.get(attribute.name.as_str()) {
                errors.push(error(
                    attribute.name_span,
                    &format!(
                        "duplicate attribute name {:?}: field `{first}` already maps to it; each \
                         attribute maps to exactly one field, so rename one of them",
                        attribute.name
                    ),
                ));
            } else {
                seen.insert(&attribute.name, field.member);
            }
        }
    }
}

/// A valid attribute name close to `text`: snake case, lowercase, leading letter.
fn suggested_name(text: &str) -> String {
    let mut out = String::new();
    let mut previous_lower = false;
    for c in text.trim_start_matches('_').chars() {
        if c.is_ascii_uppercase() {
            if previous_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            previous_lower = false;
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
            previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else if !out.ends_with('_') {
            out.push('_');
            previous_lower = false;
        }
    }
    let trimmed = out.trim_matches('_');
    match trimmed.chars().next() {
        Some(c) if c.is_ascii_lowercase() => trimmed.to_owned(),
        Some(_) => format!("a{trimmed}"),
        None => String::new(),
    }
}

/// The keys of a field's `#[tfsdk(...)]` options in source order, with the span of each key.
/// darling parses the values; this only remembers the order, so a conflict is reported at the
/// option written second.
fn option_order(field: &syn::Field) -> Vec<(String, Span)> {
    let mut order = Vec::new();
    for attr in field.attrs.iter().filter(|a| a.path().is_ident("tfsdk")) {
        // Errors were reported by darling already; a malformed attribute just ends the list.
        let _ = attr.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map(ToString::to_string)
                .unwrap_or_default();
            order.push((key, meta.path.span()));
            if meta.input.peek(syn::Token![=]) {
                let value = meta.value()?;
                value.parse::<syn::Expr>()?;
            } else if meta.input.peek(syn::token::Paren) {
                let content;
                syn::parenthesized!(content in meta.input);
                content.parse::<proc_macro2::TokenStream>()?;
            }
            Ok(())
        });
    }
    order
}

fn span_of(order: &[(String, Span)], key: &str) -> Span {
    order
        .iter()
        .find(|(k, _)| k == key)
        .map_or_else(Span::call_site, |(_, s)| *s)
}

/// The span of whichever of `a` and `b` comes second.
fn second_of(order: &[(String, Span)], a: &str, b: &str) -> Span {
    let position = |key: &str| order.iter().position(|(k, _)| k == key);
    match (position(a), position(b)) {
        (Some(pa), Some(pb)) if pa > pb => order[pa].1,
        (_, Some(pb)) => order[pb].1,
        (Some(pa), None) => order[pa].1,
        (None, None) => Span::call_site(),
    }
}

/// The struct's rules over several attributes (`exactly_one_of(a, b)`, …), each field named
/// resolved to its attribute's name: on a schema struct only, naming at least two fields that
/// name attributes; every mistake reported at once, at the name or the option.
fn config_validators(
    options: &ContainerOptions,
    is_schema: bool,
    attribute_fields: &HashMap<String, String>,
    errors: &mut darling::error::Accumulator,
) -> Vec<(&'static str, Vec<String>)> {
    let groups = [
        ("ExactlyOneOf", "exactly_one_of", &options.exactly_one_of),
        ("AtLeastOneOf", "at_least_one_of", &options.at_least_one_of),
        (
            "RequiredTogether",
            "required_together",
            &options.required_together,
        ),
        ("Conflicting", "conflicting", &options.conflicting),
    ];
    let mut found = Vec::new();
    for (rule, option, lists) in groups {
        for list in lists {
            if !is_schema {
                errors.push(
                    darling::Error::custom(format!(
                        "`{option}(...)` checks a block's configuration: it needs \
                         `#[tfsdk(schema)]` on the struct"
                    ))
                    .with_span(&list.span()),
                );
                continue;
            }
            if list.len() < 2 {
                errors.push(
                    darling::Error::custom(format!(
                        "`{option}(...)` names at least two fields of this struct"
                    ))
                    .with_span(&list.span()),
                );
                continue;
            }
            let names: Vec<String> = list
                .iter()
                .filter_map(|path| {
                    let name = path
                        .get_ident()
                        .and_then(|ident| attribute_fields.get(&ident.to_string()));
                    if name.is_none() {
                        errors.push(
                            darling::Error::custom(format!(
                                "`{option}` names fields of this struct that are attributes; \
                                 `{}` is not one",
                                quote::ToTokens::to_token_stream(path)
                            ))
                            .with_span(path),
                        );
                    }
                    name.cloned()
                })
                .collect();
            if names.len() == list.len() {
                found.push((rule, names));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggested_names_are_valid_snake_case() {
        assert_eq!(suggested_name("IndexDocument"), "index_document");
        assert_eq!(suggested_name("Foo"), "foo");
        assert_eq!(suggested_name("my-attr"), "my_attr");
        assert_eq!(suggested_name("_x"), "x");
        assert_eq!(suggested_name("9lives"), "a9lives");
        assert_eq!(suggested_name("already_ok"), "already_ok");
    }

    #[test]
    fn ranges_take_inclusive_literal_bounds() {
        let parse = |text: &str| syn::parse_str::<syn::Expr>(text).unwrap();
        assert_eq!(
            count_bounds("length", &parse("1..=64")),
            Ok((Some(1), Some(64)))
        );
        assert_eq!(count_bounds("size", &parse("1..")), Ok((Some(1), None)));
        assert_eq!(count_bounds("size", &parse("..=3")), Ok((None, Some(3))));
        assert!(
            count_bounds("length", &parse("1..64"))
                .unwrap_err()
                .contains("..=")
        );
        assert!(count_bounds("length", &parse("5..=1")).is_err());
        assert!(count_bounds("length", &parse("..")).is_err());
        assert!(number_bounds(&parse("-1.5..=10")).is_ok());
        assert!(number_bounds(&parse("10..=-1")).is_err());
        assert!(one_of_values("one_of", &parse("[\"a\", 1]")).is_err());
        assert_eq!(
            one_of_values("one_of", &parse("[1, -2]")).map(|(v, s)| (v.len(), s)),
            Ok((2, false))
        );
    }
}
