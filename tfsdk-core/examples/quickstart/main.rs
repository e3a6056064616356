//! Quickstart: a provider's life with one resource, from plan to state.
//!
//! Terraform sends the configuration as msgpack; the schema plans it (defaults, computed values,
//! replacement); the provider reads the plan into a plain Rust struct, "creates" the bucket,
//! and writes the struct back as state. Then an update that needs a replacement, and the error
//! a model mismatch gives.
//!
//! Run it with `cargo run --example quickstart`.

mod model;

use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfSchema, types};
use tfsdk_typeexpr::{self as typeexpr, console, json_value};

use model::Bucket;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let schema = Bucket::schema();
    let ty = Bucket::terraform_type();

    // 0. The model as a module's variable type would spell it: optional attributes and
    //    defaults included, so a module and the provider can be checked against each other.
    println!(
        "0. The model's type constraint:\n   {}\n",
        typeexpr::constraint_of::<Bucket>()?
    );

    // 1. The configuration arrives as msgpack (the protocol's DynamicValue). Here we make the
    //    bytes from JSON; a provider gets them from the PlanResourceChange request.
    let config_json = r#"{
        "id": null,
        "name": "docs-site",
        "region": null,
        "versioning": null,
        "max_size_gb": 50,
        "tags": {"team": "docs"},
        "website": {"index_document": null, "error_document": "404.html"},
        "lifecycle_rules": [{"prefix": "logs/", "expire_after_days": 30, "enabled": null}]
    }"#;
    let config_bytes = Value::from_json(config_json, &ty)?.to_msgpack(&ty)?;
    let config = Value::from_msgpack(&config_bytes, &ty)?;
    println!(
        "1. Configuration from Terraform: {} bytes of msgpack\n",
        config_bytes.len()
    );

    // 2. Plan: defaults fill what the configuration left null, `id` is computed and becomes
    //    unknown ("known after apply").
    let plan = schema.plan(None, &config);
    if plan.diagnostics.has_error() {
        return Err(plan.diagnostics.to_string().into());
    }
    println!(
        "2. Planned state:\n{}\n",
        indent(&console::render(&plan.planned_state))
    );

    // 3. The provider reads the plan into its model. Unknown survives in the framework type.
    let mut bucket = Bucket::from_value(plan.planned_state.clone())?;
    println!(
        "3. The plan as a Rust struct: id is {}, region is {:?}, {} lifecycle rule(s)\n",
        describe(&bucket.id),
        bucket.region,
        bucket.lifecycle_rules.as_ref().map_or(0, Vec::len),
    );

    // 4. Apply: the bucket is created and gets its id; the struct goes back as state.
    bucket.id = types::String::new("bkt-7f3a9c");
    let state = bucket.to_value(&ty)?;
    let state_bytes = state.to_msgpack(&ty)?;
    assert_eq!(
        Bucket::from_value(Value::from_msgpack(&state_bytes, &ty)?)?,
        bucket
    );
    println!(
        "4. State after apply ({} bytes of msgpack, read back unchanged):\n{}\n",
        state_bytes.len(),
        indent(&console::render(&state))
    );

    // 5. The next plan: a new name (force_new) and the region in capitals (diff suppressed).
    let mut changed = Bucket::from_value(config)?;
    changed.name = "docs-site-v2".into();
    changed.region = Some("US-WEST".into());
    let plan = schema.plan(Some(&state), &changed.to_value(&ty)?);
    let replace: Vec<String> = plan
        .requires_replace
        .iter()
        .map(ToString::to_string)
        .collect();
    println!(
        "5. Update: requires replacement because of [{}]; planned region stays {}\n",
        replace.join(", "),
        console::render(
            plan.planned_state
                .attribute("region")
                .unwrap_or(&Value::from("?"))
        )
    );

    // 6. State written by an older provider version, whose model differs from ours.
    let old_state = json_value::parse_json(
        r#"{"id": "bkt-1", "name": "old", "acl": "private", "region": "us-west",
            "versioning": false, "tags": null, "website": null, "lifecycle_rules": null}"#,
    )?;
    match Bucket::from_value(old_state) {
        Ok(_) => println!("6. Unexpected: the old state was accepted"),
        Err(error) => println!("6. Reading an old state fails with a clear error:\n   {error}"),
    }
    Ok(())
}

fn describe(value: &types::String) -> String {
    match value.get() {
        Some(text) => format!("{text:?}"),
        None if value.is_unknown() => "unknown (known after apply)".into(),
        None => "null".into(),
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|line| format!("   {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}
