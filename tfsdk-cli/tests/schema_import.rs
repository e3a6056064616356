//! `tfsdk schema import` round trip: the models it writes are committed, compiled here, and
//! serve the schema they were imported from again, block for block; importing again writes
//! the same files. Over a schema with every attribute kind, nesting mode and flag
//! (`schema_import/all_kinds.json`, in the shape `terraform providers schema -json` prints),
//! and over what Terraform prints for the SDKv2 fixture (protocol 5,
//! `examples/terraform-provider-petstore/sdkv2-schema.json`, checked against Terraform by that
//! crate's `beside_sdkv2` test) and for the framework fixture (protocol 6, `go-schema.json`
//! beside it, checked by `moving`, which also runs one imported type through Terraform).

use std::path::Path;
use std::process::Command;

use serde_json::Value as Json;
use tfsdk_core::TfSchema;

#[path = "schema_import/all_kinds/mod.rs"]
#[allow(dead_code)]
mod all_kinds;

#[path = "schema_import/framework/mod.rs"]
#[allow(dead_code)]
mod framework;

#[path = "schema_import/sdkv2/mod.rs"]
#[allow(dead_code)]
mod sdkv2;

use all_kinds::{data_sources, ephemeral_resources, provider, resources};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/schema_import/all_kinds.json"
);
const MODELS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/schema_import/all_kinds");

fn fixture() -> Json {
    let text = std::fs::read_to_string(FIXTURE).unwrap();
    let json: Json = serde_json::from_str(&text).unwrap();
    json["provider_schemas"]["registry.terraform.io/example/kinds"].clone()
}

fn import(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .args(["schema", "import"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn importing_again_writes_the_committed_models() {
    let output = import(&[FIXTURE, "--out", MODELS, "--check"]);
    assert!(
        output.status.success(),
        "the committed models are not what `tfsdk schema import` writes (run it again: \
         tfsdk schema import tfsdk-cli/tests/schema_import/all_kinds.json --out \
         tfsdk-cli/tests/schema_import/all_kinds):\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

const SDKV2_FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../examples/terraform-provider-petstore/sdkv2-schema.json"
);
const SDKV2_MODELS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/schema_import/sdkv2");

const FRAMEWORK_FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../examples/terraform-provider-petstore/go-schema.json"
);
const FRAMEWORK_MODELS: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/schema_import/framework");

#[test]
fn importing_the_go_fixtures_schemas_again_writes_the_committed_models() {
    for (fixture, models) in [
        (SDKV2_FIXTURE, SDKV2_MODELS),
        (FRAMEWORK_FIXTURE, FRAMEWORK_MODELS),
    ] {
        let output = import(&[fixture, "--out", models, "--check"]);
        assert!(
            output.status.success(),
            "{fixture}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// The petstore provider's schemas in a `providers schema -json` file.
fn petstore_schemas(file: &str) -> Json {
    let text = std::fs::read_to_string(file).unwrap();
    let json: Json = serde_json::from_str(&text).unwrap();
    json["provider_schemas"]["registry.terraform.io/example/petstore"].clone()
}

/// Each served block equals the block Terraform printed.
fn assert_serves<const N: usize>(blocks: [(&Json, Json); N]) {
    for (json, served) in blocks {
        assert_eq!(
            served,
            json["block"],
            "served:\n{}\nimported:\n{}",
            serde_json::to_string_pretty(&served).unwrap(),
            serde_json::to_string_pretty(&json["block"]).unwrap()
        );
    }
}

#[test]
fn the_framework_models_serve_the_schema_terraform_printed() {
    let schemas = petstore_schemas(FRAMEWORK_FIXTURE);
    assert_serves([
        (
            &schemas["resource_schemas"]["petstore_pet"],
            framework::resources::pet::Pet::schema().to_json_block(),
        ),
        (
            &schemas["resource_schemas"]["petstore_tag"],
            framework::resources::tag::Tag::schema().to_json_block(),
        ),
        (
            &schemas["data_source_schemas"]["petstore_pets"],
            framework::data_sources::pets::Pets::schema().to_json_block(),
        ),
        (
            &schemas["provider"],
            framework::provider::ProviderConfig::schema().to_json_block(),
        ),
    ]);
    assert_eq!(
        framework::resources::pet::SCHEMA_VERSION,
        schemas["resource_schemas"]["petstore_pet"]["version"]
    );
}

#[test]
fn the_sdkv2_models_serve_the_schema_terraform_printed() {
    let schemas = petstore_schemas(SDKV2_FIXTURE);
    assert_serves([
        (
            &schemas["resource_schemas"]["petstore_pet"],
            sdkv2::resources::pet::Pet::schema().to_json_block(),
        ),
        (
            &schemas["resource_schemas"]["petstore_tag"],
            sdkv2::resources::tag::Tag::schema().to_json_block(),
        ),
        (
            &schemas["data_source_schemas"]["petstore_pets"],
            sdkv2::data_sources::pets::Pets::schema().to_json_block(),
        ),
        (
            &schemas["provider"],
            sdkv2::provider::ProviderConfig::schema().to_json_block(),
        ),
    ]);
    assert_eq!(
        sdkv2::resources::pet::SCHEMA_VERSION,
        schemas["resource_schemas"]["petstore_pet"]["version"]
    );
}

#[test]
fn the_models_serve_the_schema_they_were_imported_from() {
    let schemas = fixture();
    assert_serves([
        (
            &schemas["resource_schemas"]["kinds_everything"],
            resources::everything::Everything::schema().to_json_block(),
        ),
        (
            &schemas["data_source_schemas"]["kinds_lookup"],
            data_sources::lookup::Lookup::schema().to_json_block(),
        ),
        (
            &schemas["ephemeral_resource_schemas"]["kinds_token"],
            ephemeral_resources::token::Token::schema().to_json_block(),
        ),
        (
            &schemas["provider"],
            provider::ProviderConfig::schema().to_json_block(),
        ),
    ]);
    assert_eq!(
        resources::everything::SCHEMA_VERSION,
        schemas["resource_schemas"]["kinds_everything"]["version"]
    );
}

#[test]
fn the_identity_keeps_its_types_and_import_flags() {
    let json = &fixture()["resource_identity_schemas"]["kinds_everything"];
    assert_eq!(resources::everything::IDENTITY_VERSION, json["version"]);
    let identity = resources::everything::EverythingIdentity::schema();
    let attributes = json["attributes"].as_object().unwrap();
    assert_eq!(identity.attributes.len(), attributes.len());
    for (name, attribute) in attributes {
        let served = &identity.attributes[name];
        assert_eq!(
            served.ty.to_json().unwrap(),
            attribute["type"].to_string(),
            "{name}"
        );
        assert_eq!(
            served.required,
            attribute["required_for_import"] == true,
            "{name}"
        );
        assert_eq!(
            served.description.as_deref(),
            attribute["description"].as_str()
        );
    }
}

#[test]
fn what_the_derive_cannot_serve_is_an_error_naming_each_attribute() {
    let dir = tempfile::tempdir().unwrap();
    let schema = r#"{"provider_schemas": {"registry.terraform.io/example/odd": {
        "resource_schemas": {"odd_thing": {"version": 0, "block": {
            "attributes": {
                "pair": {"type": ["tuple", ["string", "number"]], "optional": true},
                "loose": {"type": ["object", {"a": "string"}, ["a"]], "optional": true}
            },
            "block_types": {
                "by_key": {"nesting_mode": "map", "block": {}}
            }
        }}}
    }}}"#;
    let file = dir.path().join("schema.json");
    std::fs::write(&file, schema).unwrap();
    let output = import(&[
        file.to_str().unwrap(),
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    for part in ["odd_thing.pair", "odd_thing.loose", "odd_thing.by_key"] {
        assert!(error.contains(part), "{part} not named:\n{error}");
    }
    assert!(
        !Path::new(&dir.path().join("mod.rs")).exists(),
        "nothing written"
    );
}

#[test]
fn a_document_with_several_providers_needs_one_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("schema.json");
    std::fs::write(
        &file,
        r#"{"provider_schemas": {"registry.terraform.io/a/one": {}, "registry.terraform.io/b/two": {}}}"#,
    )
    .unwrap();
    let output = import(&[
        file.to_str().unwrap(),
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("choose one with --provider"), "{error}");
    let output = import(&[
        file.to_str().unwrap(),
        "--out",
        dir.path().to_str().unwrap(),
        "--provider",
        "two",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let listing = std::fs::read_to_string(dir.path().join("mod.rs")).unwrap();
    assert!(listing.contains("registry.terraform.io/b/two"), "{listing}");
}

/// The petstore example's `petstore_tag` model is this import of the Go provider's schema,
/// plus the two behaviours the schema JSON cannot carry, added by hand (`stable`, `force_new`).
#[test]
fn the_petstore_tag_model_is_the_import_of_the_go_schema() {
    let example =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/terraform-provider-petstore");
    let dir = tempfile::tempdir().unwrap();
    let output = import(&[
        example.join("go-schema.json").to_str().unwrap(),
        "--type",
        "petstore_tag",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for file in ["mod.rs", "resources/mod.rs", "resources/tag.rs"] {
        let imported = std::fs::read_to_string(dir.path().join(file)).unwrap();
        let committed = std::fs::read_to_string(example.join("src/models").join(file))
            .unwrap()
            .replace(", stable", "")
            .replace(", force_new", "");
        assert_eq!(committed, imported, "{file}");
    }
}
