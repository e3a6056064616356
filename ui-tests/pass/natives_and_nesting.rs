//! Native field types, nested structs, collections of structs, `Option<Struct>`, raw
//! identifiers: every shape converts both ways.
use std::collections::{BTreeMap, BTreeSet, HashMap};

use tfsdk_core::TfObject;
use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::{Type, Value};

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Website {
    #[tfsdk(name = "index_document")]
    index_document: String,
    #[tfsdk(name = "routing_rules")]
    routing_rules: Option<String>,
}

#[derive(TfObject, Debug, Clone, PartialEq)]
struct Bucket {
    #[tfsdk(name = "name")]
    name: String,
    #[tfsdk(name = "enabled")]
    enabled: bool,
    #[tfsdk(name = "type")]
    r#type: String,
    #[tfsdk(name = "size")]
    size: u32,
    #[tfsdk(name = "ratio")]
    ratio: f64,
    #[tfsdk(name = "aliases")]
    aliases: Vec<String>,
    #[tfsdk(name = "ports")]
    ports: BTreeSet<i64>,
    #[tfsdk(name = "tags")]
    tags: BTreeMap<String, String>,
    #[tfsdk(name = "labels")]
    labels: HashMap<String, i32>,
    #[tfsdk(name = "website")]
    website: Option<Website>,
    #[tfsdk(name = "mirrors")]
    mirrors: Vec<Website>,
    #[tfsdk(name = "boxed")]
    boxed: Box<Website>,
}

fn main() {
    assert_eq!(
        Website::terraform_type(),
        Type::object([("index_document", Type::String), ("routing_rules", Type::String)])
    );
    let website = Website {
        index_document: "index.html".into(),
        routing_rules: None,
    };
    let bucket = Bucket {
        name: "docs".into(),
        enabled: true,
        r#type: "static".into(),
        size: 3,
        ratio: 0.75,
        aliases: vec!["a".into(), "b".into()],
        ports: [80, 443].into_iter().collect(),
        tags: [("env".to_owned(), "prod".to_owned())].into_iter().collect(),
        labels: [("tier".to_owned(), 1)].into_iter().collect(),
        website: Some(website.clone()),
        mirrors: vec![website.clone()],
        boxed: Box::new(website),
    };
    let value: Value = bucket.to_value(&Bucket::terraform_type()).unwrap();
    assert_eq!(value.ty(), &Bucket::terraform_type());
    assert_eq!(value.attribute("type"), Some(&Value::from("static")));
    let back = Bucket::from_value(value).unwrap();
    assert_eq!(back, bucket);
}
