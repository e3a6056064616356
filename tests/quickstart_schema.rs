//! The quickstart model's schema, as `terraform providers schema -json` would show its `block`,
//! checked against a snapshot. After an intended change, rewrite the snapshot with
//! `UPDATE_SNAPSHOTS=1 cargo test -p tfsdk-tests --test integration quickstart`.

#[allow(dead_code)]
#[path = "../tfsdk-core/examples/quickstart/model.rs"]
mod model;

use std::path::Path;

use tfsdk_core::TfSchema;
use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::Value;

const SNAPSHOT: &str = "snapshots/quickstart_schema.json";

#[test]
fn the_quickstart_schema_matches_its_snapshot() {
    let actual = model::Bucket::schema().to_json_block_pretty() + "\n";
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(SNAPSHOT);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&file, &actual).unwrap();
    }
    let expected = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 writes it)", file.display()));
    assert_eq!(
        actual, expected,
        "schema changed; UPDATE_SNAPSHOTS=1 rewrites {SNAPSHOT}"
    );
}

#[test]
fn the_quickstart_model_round_trips_through_msgpack_with_unknowns() {
    let ty = model::Bucket::terraform_type();
    let plan = model::Bucket::schema().plan(
        None,
        &Value::from_json(
            r#"{"id": null, "name": "b", "region": null, "versioning": true, "max_size_gb": null,
                "tags": null, "website": null, "lifecycle_rules": []}"#,
            &ty,
        )
        .unwrap(),
    );
    assert!(!plan.diagnostics.has_error(), "{}", plan.diagnostics);
    let bytes = plan.planned_state.to_msgpack(&ty).unwrap();
    let bucket = model::Bucket::from_value(Value::from_msgpack(&bytes, &ty).unwrap()).unwrap();
    assert!(bucket.id.is_unknown());
    assert!(bucket.max_size_gb.is_null());
    assert_eq!(bucket.region.as_deref(), Some("us-west"));
    assert_eq!(bucket.lifecycle_rules, Some(vec![]));
    assert_eq!(
        bucket.to_value(&ty).unwrap().to_msgpack(&ty).unwrap(),
        bytes
    );
}
