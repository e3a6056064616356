//! Block-level configuration validators under both Terraforms, with Go's messages: a
//! certificate takes its key inline or from a file, exactly one of them.

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
            Step::apply(certificate("  key = \"k\""))
                .expect_action(&certificate_a, PlannedAction::Create),
        )
        .run();
}
