//! Block-level configuration validators under both Terraforms, with Go's messages: a
//! certificate takes its key inline or from a file, exactly one of them; each of its subject
//! names is a DNS name or an address (the rule of a nested struct, held in each block).

use tfsdk_core::TfObject;
use tfsdk_core::diag::Diagnostics;
use tfsdk_server::{
    Context, CreateRequest, Failed, NoConfig, Provider, Registry, Resource, UpdateRequest,
};
use tfsdk_testing::{PlannedAction, ProviderTest, ResourceInstance, Step};

/// A certificate.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(
    schema(resource),
    exactly_one_of(key, key_file),
    required_together(chain, chain_name)
)]
struct Certificate {
    /// The key, inline.
    #[tfsdk(name = "key", optional)]
    key: Option<String>,
    /// The key's file.
    #[tfsdk(name = "key_file", optional)]
    key_file: Option<String>,
    /// A chain.
    #[tfsdk(name = "chain", optional)]
    chain: Option<String>,
    /// The chain's name.
    #[tfsdk(name = "chain_name", optional)]
    chain_name: Option<String>,
    /// Other names of the subject.
    #[tfsdk(name = "san", optional, block)]
    san: Option<Vec<SubjectName>>,
}

/// A subject name: a DNS name or an IP address.
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema, exactly_one_of(dns, ip))]
struct SubjectName {
    /// A DNS name.
    #[tfsdk(name = "dns", optional)]
    dns: Option<String>,
    /// An IP address.
    #[tfsdk(name = "ip", optional)]
    ip: Option<String>,
}

struct Certificates;

impl Resource for Certificates {
    type Provider = Pki;
    type Model = Certificate;
    const TYPE_NAME: &'static str = "pki_certificate";

    async fn create(
        &self,
        _: &Context<Pki>,
        r: CreateRequest<Certificate>,
    ) -> Result<Certificate, Failed<Certificate>> {
        Ok(r.planned)
    }

    async fn read(
        &self,
        _: &Context<Pki>,
        c: Certificate,
    ) -> Result<Option<Certificate>, Diagnostics> {
        Ok(Some(c))
    }

    async fn update(
        &self,
        _: &Context<Pki>,
        r: UpdateRequest<Certificate>,
    ) -> Result<Certificate, Failed<Certificate>> {
        Ok(r.planned)
    }

    async fn delete(&self, _: &Context<Pki>, _: Certificate) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct Pki;

impl Provider for Pki {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource(Certificates);
    }
}

fn pki() -> ProviderTest {
    ProviderTest::new("example/pki", || Pki)
}

fn certificate(body: &str) -> String {
    format!("resource \"pki_certificate\" \"a\" {{\n{body}\n}}\n")
}

#[test]
fn block_rules_say_what_go_says() {
    let certificate_a = ResourceInstance::<Certificate>::new("pki_certificate.a");
    pki()
        .step(Step::plan(certificate("")).expect_error(
            "Missing Attribute Configuration.*Exactly one of these attributes must be \
             configured: \\[key,key_file\\]",
        ))
        .step(
            Step::plan(certificate("  key = \"k\"\n  key_file = \"f\""))
                .expect_error("Invalid Attribute Combination.*\\[key,key_file\\]"),
        )
        .step(
            Step::plan(certificate("  key = \"k\"\n  chain = \"c\"")).expect_error(
                "These attributes must be configured together: \\[chain,chain_name\\]",
            ),
        )
        .step(
            Step::plan(certificate(
                "  key = \"k\"\n  san {\n    dns = \"a.example\"\n  }\n  san {\n  }",
            ))
            .expect_error(
                "Missing Attribute Configuration.*Exactly one of these attributes must be \
                 configured: \\[dns,ip\\]",
            ),
        )
        .step(
            Step::apply(certificate("  key = \"k\""))
                .expect_action(&certificate_a, PlannedAction::Create),
        )
        .run();
}

/// The nested struct's rule is checked in each of its objects, at the object's path.
#[test]
fn a_nested_structs_rule_holds_in_each_object() {
    use tfsdk_core::TfSchema;
    use tfsdk_core::tftypes::{Type, Value};
    let ty = <Certificate as tfsdk_core::convert::TerraformType>::terraform_type();
    let string = |s: Option<&str>| s.map_or(Value::null(Type::String), Value::from);
    let name = |dns: Option<&str>, ip: Option<&str>| {
        Value::object_of([("dns", string(dns)), ("ip", string(ip))])
    };
    let sans = Value::list(
        Type::object([("dns", Type::String), ("ip", Type::String)]),
        [
            name(Some("a.example"), None),
            name(None, None),
            name(Some("b"), Some("10.0.0.1")),
        ],
    )
    .unwrap();
    let config = Value::object(
        ty,
        [
            ("key", string(Some("k"))),
            ("key_file", string(None)),
            ("chain", string(None)),
            ("chain_name", string(None)),
            ("san", sans),
        ],
    )
    .unwrap();
    let found: Vec<String> = Certificate::schema()
        .validate(&config)
        .iter()
        .map(|d| {
            format!(
                "{} at {}",
                d.summary,
                d.path.as_ref().map(ToString::to_string).unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            "Missing Attribute Configuration at san[1]",
            "Invalid Attribute Combination at san[2].dns",
        ]
    );
}
