//! The derive bridge: a derived struct renders its own type constraint, and a module's
//! variable type can be checked against it (the documented `buckets` variable and its Rust model).

use tfsdk_core::TfObject;
use tfsdk_core::convert::FromValue;
use tfsdk_typeexpr::vars::{Inputs, Module, evaluate};
use tfsdk_typeexpr::{TypeConstraint, constraint_of};

#[derive(TfObject, Debug, Default, PartialEq)]
#[tfsdk(schema)]
struct Website {
    #[tfsdk(name = "index_document", optional, default = "index.html")]
    index_document: Option<String>,
    #[tfsdk(name = "error_document", optional, default = "error.html")]
    error_document: Option<String>,
    #[tfsdk(name = "routing_rules", optional)]
    routing_rules: Option<String>,
}

#[derive(TfObject, Debug, PartialEq)]
#[tfsdk(schema)]
struct Bucket {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "enabled", optional, default = true)]
    enabled: Option<bool>,
    /// `optional(object({…}), {})`: the default is an empty website, whose own defaults then
    /// apply top-down.
    #[tfsdk(name = "website", optional, default = Website::default())]
    website: Option<Website>,
}

fn region_from_env() -> Result<String, std::env::VarError> {
    std::env::var("AWS_REGION")
}

#[derive(TfObject)]
#[tfsdk(schema)]
struct Behaviours {
    #[tfsdk(name = "id", computed)]
    id: tfsdk_core::types::String,
    #[tfsdk(name = "region", optional, default_fn = region_from_env)]
    region: Option<String>,
    #[tfsdk(name = "ports", optional)]
    ports: Option<Vec<i64>>,
    #[tfsdk(name = "buckets", optional)]
    buckets: Option<Vec<Bucket>>,
}

#[derive(TfObject)]
struct PlainModel {
    #[tfsdk(name = "a")]
    a: Option<String>,
    #[tfsdk(name = "b")]
    b: Vec<bool>,
}

const BUCKET: &str = "object({enabled=optional(bool, true),name=string,website=optional(object({error_document=optional(string, \"error.html\"),index_document=optional(string, \"index.html\"),routing_rules=optional(string)}), {error_document = null, index_document = null, routing_rules = null})})";

#[test]
fn a_derived_struct_renders_its_type_constraint() {
    assert_eq!(constraint_of::<Bucket>().unwrap().to_string(), BUCKET);
}

#[test]
fn computed_and_default_fn_attributes_are_optional_without_a_default() {
    assert_eq!(
        constraint_of::<Behaviours>().unwrap().to_string(),
        format!(
            "object({{buckets=optional(list({BUCKET})),id=optional(string),ports=optional(list(number)),region=optional(string)}})"
        )
    );
}

#[test]
fn a_plain_data_model_requires_every_attribute() {
    assert_eq!(
        constraint_of::<PlainModel>().unwrap().to_string(),
        "object({a=string,b=list(bool)})"
    );
}

#[test]
fn of_schema_agrees_with_constraint_of() {
    use tfsdk_core::TfSchema;
    assert_eq!(
        TypeConstraint::of_schema(&Bucket::schema()).unwrap(),
        constraint_of::<Bucket>().unwrap()
    );
}

const BUCKETS_TF: &str = r#"variable "buckets" {
  type = list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))
}
"#;

#[test]
fn the_buckets_variable_matches_the_rust_model_exactly() {
    let module = Module::from_sources([("variables.tf", BUCKETS_TF)]).unwrap();
    let declared = &module.variable("buckets").unwrap().constraint;
    assert_eq!(
        *declared,
        TypeConstraint::list(constraint_of::<Bucket>().unwrap())
    );
}

#[test]
fn a_drifted_variable_type_does_not_match() {
    let drifted = BUCKETS_TF.replace("optional(bool, true)", "optional(bool, false)");
    let module = Module::from_sources([("variables.tf", drifted)]).unwrap();
    assert_ne!(
        module.variable("buckets").unwrap().constraint,
        TypeConstraint::list(constraint_of::<Bucket>().unwrap())
    );
}

#[test]
fn variable_values_convert_into_the_rust_model() {
    let module = Module::from_sources([("variables.tf", BUCKETS_TF)]).unwrap();
    let mut inputs = Inputs::new();
    inputs.add_file_text(
        "terraform.tfvars",
        "buckets = [{ name = \"archived\", enabled = false }, { name = \"docs\", website = { index_document = \"index.txt\" } }]\n",
        false,
    );
    let evaluation = evaluate(&module, &inputs);
    assert!(!evaluation.has_errors(), "{evaluation:?}");
    let buckets = Vec::<Bucket>::from_value(evaluation.value("buckets").unwrap().clone()).unwrap();
    assert_eq!(
        buckets,
        [
            Bucket {
                name: "archived".into(),
                enabled: Some(false),
                website: Some(Website {
                    index_document: Some("index.html".into()),
                    error_document: Some("error.html".into()),
                    routing_rules: None,
                }),
            },
            Bucket {
                name: "docs".into(),
                enabled: Some(true),
                website: Some(Website {
                    index_document: Some("index.txt".into()),
                    error_document: Some("error.html".into()),
                    routing_rules: None,
                }),
            },
        ]
    );
}
