//! What Terraform refuses in a schema and the derive cannot see, found when a schema is first
//! built: identity attributes of the wrong kind, computed provider arguments, write-only
//! attributes outside managed resources, plan behaviours on schemas that are never planned,
//! root attributes named as Terraform's meta-arguments.
//! Each problem is an error diagnostic, reported with the schema so that Terraform stops with
//! the attribute's name.

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::schema::Schema;

/// What Terraform refuses in an identity schema, found at registration: attributes that are
/// not strings, numbers, bools or lists of them, and an identity without attributes.
pub(crate) fn identity_schema_problems(type_name: &str, schema: &Schema) -> Diagnostics {
    use tfsdk_core::tftypes::Type;
    let mut found = Diagnostics::new();
    if schema.attributes.is_empty() {
        found.push(Diagnostic::error(
            "Empty resource identity",
            format!(
                "The identity of {type_name} has no attributes; an identity names at least \
                 one. This is a bug in the provider."
            ),
        ));
    }
    for (name, attribute) in &schema.attributes {
        let allowed = match &attribute.ty {
            Type::List(element) => element.is_primitive(),
            ty => ty.is_primitive(),
        };
        if !allowed || attribute.nested.is_some() {
            found.push(Diagnostic::error(
                "Unsupported identity attribute type",
                format!(
                    "The identity attribute {name} of {type_name} is a {}; identity attributes \
                     are strings, numbers, bools or lists of them. This is a bug in the \
                     provider.",
                    attribute.ty.friendly_name()
                ),
            ));
        }
        if attribute.computed || attribute.sensitive || attribute.write_only {
            found.push(Diagnostic::error(
                "Invalid identity attribute",
                format!(
                    "The identity attribute {name} of {type_name} is computed, sensitive or \
                     write-only; an identity attribute is `required` (import by identity needs \
                     it) or `optional`, and nothing else. This is a bug in the provider."
                ),
            ));
        }
    }
    found
}

/// What Terraform refuses in a provider block, found when the server starts (a
/// `#[tfsdk(schema(provider))]` model is refused at compile time instead): computed
/// attributes, nested ones included. Reported with the schema, so that Terraform stops with the
/// attribute's name.
pub(crate) fn provider_schema_problems(schema: &Schema) -> Diagnostics {
    let mut found: Diagnostics = schema
        .walk_attributes()
        .into_iter()
        .filter(|(_, attribute)| attribute.computed)
        .map(|(path, _)| {
            Diagnostic::error(
                "Computed attribute in the provider schema",
                format!(
                    "The provider's configuration model has a computed attribute, {path}, and \
                     Terraform refuses computed provider arguments. Make it optional (with a \
                     default or default_fn for the value it takes when unset). This is a bug in \
                     the provider."
                ),
            )
        })
        .collect();
    schema.for_each_attribute(|path, attribute| {
        if attribute.write_only {
            found.push(write_only_outside_resources(
                "provider",
                "the provider block",
                path,
            ));
        }
    });
    found.append(reserved_root_names(schema, true));
    found
}

/// Root names Terraform keeps for its meta-arguments in every block a type configures, and in
/// the provider block (Go's `ReservedResourceAttributeNames`, `ReservedProviderAttributeNames`).
const RESERVED_ROOT_NAMES: [&str; 7] = [
    "connection",
    "count",
    "depends_on",
    "for_each",
    "lifecycle",
    "provider",
    "provisioner",
];
const RESERVED_PROVIDER_NAMES: [&str; 2] = ["alias", "version"];

/// Go's error for each root attribute of `schema` that Terraform reads as a meta-argument (no
/// configuration could set it); `provider` for the provider block. A model with a role
/// (`schema(resource)`, ...) is refused at compile time; this catches a plain `schema` struct
/// used as a type's root.
pub(crate) fn reserved_root_names(schema: &Schema, provider: bool) -> Diagnostics {
    let (reserved, checked): (&[&str], &str) = if provider {
        (&RESERVED_PROVIDER_NAMES, "the provider schema")
    } else {
        (&RESERVED_ROOT_NAMES, "the resource or data source schema")
    };
    (schema.attributes.keys())
        .filter(|name| reserved.contains(&name.as_str()))
        .map(|name| {
            Diagnostic::error(
                "Reserved Root Attribute/Block Name",
                format!(
                    "When validating {checked}, an implementation issue was found. This is \
                     always an issue with the provider and should be reported to the provider \
                     developers.\n\n{name:?} is a reserved root attribute/block name. This is to \
                     prevent practitioners from needing special Terraform configuration syntax."
                ),
            )
        })
        .collect()
}

/// An error for a write-only attribute at `path` of a schema that is not a managed resource's
/// (`kind` `name`): Terraform has write-only attributes in managed resources only.
fn write_only_outside_resources(kind: &str, name: &str, path: &str) -> Diagnostic {
    Diagnostic::error(
        format!("Write-only attribute in a {kind} schema"),
        format!(
            "{name} has a write-only attribute, {path}, but only managed resources have \
             write-only attributes. This is a bug in the provider."
        ),
    )
}

/// What the schema of a data source or an ephemeral resource (`kind`) says that it cannot do,
/// found at registration: it is read or opened, never planned, so plan-time behaviours would
/// silently do nothing; and write-only attributes, which only managed resources have. Plan
/// behaviours first, then write-only attributes, each in the order of
/// [`Schema::for_each_attribute`].
pub(crate) fn unplanned_schema_problems(
    kind: &str,
    type_name: &str,
    schema: &Schema,
) -> Diagnostics {
    let mut found = Diagnostics::new();
    let mut write_only = Vec::new();
    schema.for_each_attribute(|path, attribute| {
        if attribute.write_only {
            write_only.push(path.to_owned());
        }
        let behaviour = if attribute.default.is_some() {
            "a default"
        } else if attribute.force_new {
            "force_new"
        } else if attribute.diff_suppress.is_some() {
            "diff_suppress"
        } else if attribute.stable {
            "stable"
        } else if !attribute.plan_modifiers.is_empty() {
            "plan modification"
        } else {
            return;
        };
        let role = match kind {
            "data source" => "data_source",
            "list resource" => "list",
            "action" => "action",
            _ => "ephemeral",
        };
        found.push(Diagnostic::error(
            format!("Plan behaviour in a {kind} schema"),
            format!(
                "The {kind} {type_name} has {behaviour} on {path}, but it is never planned. \
                 Remove it (or declare the model #[tfsdk(schema({role}))] to have this checked \
                 at compile time). This is a bug in the provider."
            ),
        ));
    });
    let name = format!("The {kind} {type_name}");
    for path in write_only {
        found.push(write_only_outside_resources(kind, &name, &path));
    }
    found
}

#[cfg(test)]
mod tests {
    use tfsdk_core::{TfObject, TfSchema};

    use super::reserved_root_names;

    /// A plain `schema` struct (no role, so the derive cannot tell where it is used).
    #[derive(TfObject)]
    #[tfsdk(schema)]
    struct Plain {
        #[tfsdk(name = "count", optional)]
        count: Option<i64>,
        #[tfsdk(name = "alias", optional)]
        alias: Option<String>,
    }

    #[test]
    fn meta_argument_names_at_the_root_are_refused_with_gos_words() {
        let schema = Plain::schema();
        let found = reserved_root_names(&schema, false);
        assert_eq!(found.len(), 1, "{found:?}");
        let error = found.iter().next().unwrap();
        assert_eq!(error.summary, "Reserved Root Attribute/Block Name");
        assert!(error.detail.ends_with(
            "\"count\" is a reserved root attribute/block name. This is to prevent \
             practitioners from needing special Terraform configuration syntax."
        ));
        let found = reserved_root_names(&schema, true);
        assert_eq!(found.len(), 1, "alias, in the provider block");
    }
}
