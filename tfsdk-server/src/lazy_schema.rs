//! A type's schema, built the first time the server needs it rather than when the provider
//! starts: a launch that serves one resource's plan builds that resource's schema and no
//! other, so start-up does not grow with the number of types a provider registers.
//!
//! Terraform launches a provider many times in one run (validate, plan, apply, each a new
//! process). It asks for the whole schema once (`GetProviderSchema`); the server declares that
//! schema optional (`get_provider_schema_optional`), so Terraform 1.6 and newer reuse it for
//! the later launches, and those build only the schemas of the types they touch.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use tfsdk_core::TfSchema;
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::schema::{Attribute, ConfigRule, ConfigValidator, DescriptionKind, Schema};
use tfsdk_core::tftypes::Type;

/// What registration knows of a schema before it is built: its description, the function that
/// lists its attributes (the derive's table) and how to check it (the problems found are
/// reported with `GetProviderSchema`). Plain data and one function per model: building every
/// schema for `GetProviderSchema` runs no other code of each type, so a provider of a thousand
/// resources does not page in a thousand copies of the same glue.
pub(crate) struct LazySchema {
    type_name: &'static str,
    description: Option<&'static str>,
    description_kind: DescriptionKind,
    /// Rules over several top-level attributes, by name.
    config_validators: &'static [(ConfigRule, &'static [&'static str])],
    attributes: fn(&mut BTreeMap<String, Attribute>),
    check: SchemaCheck,
    built: OnceLock<BuiltSchema>,
}

/// What registration checks in a schema, by the kind of type it belongs to.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SchemaCheck {
    /// A managed resource's: write-only attributes where Terraform allows them.
    Resource,
    /// A resource identity's: only what an identity may hold.
    Identity,
    /// A kind that is never planned (`"data source"`, `"list resource"`, …): no plan-time
    /// behaviours, which would silently do nothing.
    Unplanned(&'static str),
}

impl SchemaCheck {
    /// The problems in the schema of `type_name`.
    fn problems(self, type_name: &str, schema: &Schema) -> Diagnostics {
        let mut found = crate::schema_checks::reserved_root_names(schema, false);
        found.append(match self {
            SchemaCheck::Resource => schema.write_only_problems(),
            SchemaCheck::Identity => {
                crate::schema_checks::identity_schema_problems(type_name, schema)
            }
            SchemaCheck::Unplanned(kind) => {
                crate::schema_checks::unplanned_schema_problems(kind, type_name, schema)
            }
        });
        found
    }
}

/// A schema with what the server derives from it, computed together once.
pub(crate) struct BuiltSchema {
    pub(crate) schema: Schema,
    /// The schema's object type: what values of this type convert to and from.
    pub(crate) ty: Type,
    /// Whether states need normalizing: the schema has lists or sets of nested blocks (never
    /// null in a state) or write-only attributes (always null).
    pub(crate) normalize: bool,
    /// Whether an attribute's type has a semantic equality: states from provider code then
    /// keep the spelling Terraform holds where the new one means the same.
    pub(crate) semantic: bool,
    /// What `check` found: mistakes in the provider, reported with `GetProviderSchema`.
    pub(crate) problems: Diagnostics,
}

impl LazySchema {
    /// The schema of `type_name`, that of the model `T`, built and checked on first use.
    #[inline]
    pub(crate) fn of<T: TfSchema>(type_name: &'static str, check: SchemaCheck) -> LazySchema {
        LazySchema {
            type_name,
            description: T::DESCRIPTION,
            description_kind: T::DESCRIPTION_KIND,
            config_validators: T::CONFIG_VALIDATORS,
            // The runtime's generic entry point (in the schema code's own section), with the
            // model's table accessor inlined into it.
            attributes: T::attributes_fn(),
            check,
            built: OnceLock::new(),
        }
    }

    /// The schema, built now, and what its check finds.
    fn build(&self) -> (Schema, Diagnostics) {
        let mut attributes = BTreeMap::new();
        (self.attributes)(&mut attributes);
        let schema = Schema::new(attributes)
            .with_description(self.description, self.description_kind)
            .with_config_validators(ConfigValidator::all(self.config_validators));
        let problems = self.check.problems(self.type_name, &schema);
        (schema, problems)
    }

    /// The schema and what goes with it, built now if this is the first use.
    pub(crate) fn get(&self) -> &BuiltSchema {
        self.built.get_or_init(|| {
            let (schema, problems) = self.build();
            BuiltSchema {
                ty: schema.object_type(),
                normalize: schema.needs_normalizing(),
                semantic: schema.has_semantic_equality(),
                problems,
                schema,
            }
        })
    }

    /// Calls `f` with the schema and what its check found: the built ones when the schema has
    /// been used, else ones built for this call and dropped after it. For GetProviderSchema,
    /// which needs every schema once per launch: keeping them all would make the process's
    /// memory grow with the provider, and building their object types would be wasted.
    pub(crate) fn inspect<R>(&self, f: impl FnOnce(&Schema, &Diagnostics) -> R) -> R {
        match self.built.get() {
            Some(built) => f(&built.schema, &built.problems),
            None => {
                let (schema, problems) = self.build();
                f(&schema, &problems)
            }
        }
    }

    /// The schema.
    pub(crate) fn schema(&self) -> &Schema {
        &self.get().schema
    }

    /// The schema's object type.
    pub(crate) fn ty(&self) -> &Type {
        &self.get().ty
    }

    /// Whether the schema has been built (for tests of laziness).
    #[cfg(test)]
    pub(crate) fn is_built(&self) -> bool {
        self.built.get().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfsdk_core::TfObject;

    use crate::registry::Registry;
    use crate::{
        Context, CreateRequest, DataSource, Failed, NoConfig, Provider, Resource, UpdateRequest,
    };

    /// A model for the registry test.
    #[derive(TfObject, Clone, Debug, PartialEq)]
    #[tfsdk(schema)]
    struct Model {
        #[tfsdk(name = "name", required)]
        name: String,
    }

    struct Many;

    impl Provider for Many {
        type Config = NoConfig;

        fn register(&self, registry: &mut Registry<Self>) {
            registry
                .resource(Thing::<0>)
                .resource(Thing::<1>)
                .resource(Thing::<2>)
                .data_source(Lookup)
                .data_source(Defaulted);
        }
    }

    /// A data source model with a plan behaviour, which the registration's check refuses.
    #[derive(TfObject, Clone, Debug, PartialEq)]
    #[tfsdk(schema)]
    struct WithDefault {
        #[tfsdk(name = "size", optional, default = 1)]
        size: Option<i64>,
    }

    struct Defaulted;

    impl DataSource for Defaulted {
        type Provider = Many;
        type Model = WithDefault;
        const TYPE_NAME: &'static str = "many_defaulted";

        async fn read(
            &self,
            _: &Context<Many>,
            config: WithDefault,
        ) -> Result<WithDefault, Diagnostics> {
            Ok(config)
        }
    }

    struct Thing<const N: usize>;

    impl<const N: usize> Resource for Thing<N> {
        type Provider = Many;
        type Model = Model;
        const TYPE_NAME: &'static str = ["many_a", "many_b", "many_c"][N];

        async fn create(
            &self,
            _: &Context<Many>,
            r: CreateRequest<Model>,
        ) -> Result<Model, Failed<Model>> {
            Ok(r.planned)
        }

        async fn read(
            &self,
            _: &Context<Many>,
            state: Model,
        ) -> Result<Option<Model>, Diagnostics> {
            Ok(Some(state))
        }

        async fn update(
            &self,
            _: &Context<Many>,
            r: UpdateRequest<Model>,
        ) -> Result<Model, Failed<Model>> {
            Ok(r.planned)
        }

        async fn delete(&self, _: &Context<Many>, _: Model) -> Result<(), Diagnostics> {
            Ok(())
        }
    }

    struct Lookup;

    impl DataSource for Lookup {
        type Provider = Many;
        type Model = Model;
        const TYPE_NAME: &'static str = "many_lookup";

        async fn read(&self, _: &Context<Many>, config: Model) -> Result<Model, Diagnostics> {
            Ok(config)
        }
    }

    #[test]
    fn registering_builds_no_schema_and_using_one_type_builds_only_its_own() {
        let server = crate::Server::new(Many);
        let registry = server.registry();
        let built = |name: &str| registry.resources[name].schema.is_built();
        assert!(!built("many_a") && !built("many_b") && !built("many_c"));
        assert!(!registry.data_sources["many_lookup"].schema.is_built());

        // Validating one resource's configuration (what a launch for its plan starts with).
        let config = tfsdk_core::tftypes::Value::null(
            registry.resources["many_b"].handler.object_type().clone(),
        );
        let _ = registry.resources["many_b"].handler.validate(config, true);
        assert!(built("many_b"));
        assert!(!built("many_a") && !built("many_c"));

        // The whole schema checks every type, and keeps none of the schemas it built.
        let response = crate::server::provider_schema_response(&Schema::default(), registry);
        let problems: Vec<&str> = (response.diagnostics.iter())
            .map(|d| d.summary.as_str())
            .collect();
        assert_eq!(problems, ["Plan behaviour in a data source schema"]);
        assert_eq!(response.resource_schemas.len(), 3);
        assert!(built("many_b"));
        assert!(!built("many_a") && !built("many_c"));
        assert!(!registry.data_sources["many_lookup"].schema.is_built());
    }

    #[tokio::test]
    async fn the_whole_schema_is_optional_and_reports_what_the_checks_found() {
        use crate::proto::tfplugin6 as pb;
        use crate::proto::tfplugin6::provider_server::Provider as _;

        let server = crate::Server::new(Many);
        let metadata = server
            .get_metadata(tonic::Request::new(pb::get_metadata::Request {}))
            .await
            .map(tonic::Response::into_inner)
            .ok();
        let metadata = metadata.as_ref();
        assert_eq!(
            metadata
                .and_then(|m| m.server_capabilities.as_ref())
                .map(|c| c.get_provider_schema_optional),
            Some(true)
        );
        // GetMetadata lists every type, without building a schema.
        assert_eq!(metadata.map(|m| m.resources.len()), Some(3));
        assert_eq!(metadata.map(|m| m.data_sources.len()), Some(2));
        assert!(!server.registry().resources["many_a"].schema.is_built());

        let schema = server
            .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
            .await
            .map(tonic::Response::into_inner)
            .ok();
        let summaries: Vec<&str> = schema
            .iter()
            .flat_map(|s| &s.diagnostics)
            .map(|d| d.summary.as_str())
            .collect();
        assert_eq!(summaries, ["Plan behaviour in a data source schema"]);
        assert_eq!(schema.map(|s| s.resource_schemas.len()), Some(3));
    }

    #[test]
    fn builds_on_first_use_only_and_keeps_the_check() {
        // A default in a data source: the check's one problem.
        let lazy = LazySchema::of::<WithDefault>("t_thing", SchemaCheck::Unplanned("data source"));
        // Inspecting builds a schema for the call alone.
        let problems = lazy.inspect(|schema, problems| {
            assert!(schema.attributes.contains_key("size"));
            problems.len()
        });
        assert_eq!(problems, 1);
        assert!(!lazy.is_built());
        assert!(lazy.schema().attributes.contains_key("size"));
        assert!(lazy.is_built());
        let problems: Vec<_> = lazy.get().problems.iter().collect();
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].detail.contains("t_thing"),
            "{}",
            problems[0].detail
        );
        // The same schema, not a second build.
        assert!(std::ptr::eq(lazy.schema(), lazy.schema()));
    }
}
