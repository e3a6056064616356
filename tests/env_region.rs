//! Seed 002's `DefaultFunc` example: `region` from `PROVIDER_REGION`, else `us-west`. A test
//! binary of its own, because it changes the process environment.

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfObject, TfSchema};

fn region_from_environment() -> Result<String, std::convert::Infallible> {
    match std::env::var("PROVIDER_REGION") {
        Ok(region) if !region.is_empty() => Ok(region),
        _ => Ok("us-west".to_owned()),
    }
}

#[derive(TfObject, Default)]
#[tfsdk(schema)]
struct Provider {
    #[tfsdk(name = "api_key", required, sensitive)]
    api_key: Option<String>,
    #[tfsdk(name = "region", optional, default_fn = region_from_environment)]
    region: Option<String>,
}

fn planned_region(provider: &Provider) -> Value {
    let config = provider.to_value(&Provider::terraform_type()).unwrap();
    let plan = Provider::schema().plan(None, &config);
    assert!(plan.diagnostics.is_empty(), "{}", plan.diagnostics);
    plan.planned_state.attribute("region").unwrap().clone()
}

#[test]
fn region_comes_from_configuration_then_environment_then_us_west() {
    let configured = Provider {
        api_key: Some("somesecretkey".into()),
        region: Some("us-est".into()),
    };
    let omitted = Provider {
        api_key: Some("somesecretkey".into()),
        region: None,
    };
    assert_eq!(planned_region(&configured), Value::from("us-est"));

    // SAFETY: this test binary has this one test, so no other thread touches the environment.
    unsafe { std::env::set_var("PROVIDER_REGION", "eu-central") };
    assert_eq!(planned_region(&omitted), Value::from("eu-central"));

    // SAFETY: as above.
    unsafe { std::env::remove_var("PROVIDER_REGION") };
    assert_eq!(planned_region(&omitted), Value::from("us-west"));
}
