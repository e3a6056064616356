//! Deferred changes (protocol 6.6 and newer): a provider that cannot plan, read or import an
//! object yet answers "later" with a reason, as Go's `resp.Deferred`, when Terraform's request
//! allows it (`ClientCapabilities.deferral_allowed`). Provider code asks through
//! [`Context::defer`](crate::Context::defer); a provider whose own configuration is not known
//! yet defers in [`Provider::configure`](crate::Provider::configure), and then every plan,
//! read, import and data source read of the run is deferred without calling the type's code,
//! as the Go framework does.

use tfsdk_core::diag::{Diagnostic, Diagnostics};

/// Why a change is put off to a later run (Go's `resource.DeferredReason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeferredReason {
    /// The resource's configuration holds values not known until apply.
    ResourceConfigUnknown,
    /// The provider's configuration holds values not known until apply.
    ProviderConfigUnknown,
    /// Something the object needs does not exist yet.
    AbsentPrerequisite,
}

/// The deferral provider code asked for, if Terraform allows one; else an error, since a
/// deferred answer to a request that does not allow it is one Terraform rejects ("Provider
/// deferred changes when Terraform did not allow deferrals").
pub(crate) fn accepted(
    deferred: Option<DeferredReason>,
    allowed: bool,
    operation: &str,
    found: &mut Diagnostics,
) -> Option<DeferredReason> {
    match deferred {
        Some(_) if !allowed => {
            found.push(Diagnostic::error(
                "Invalid Deferred Resource Response",
                format!(
                    "The provider deferred the {operation} but the Terraform request did not \
                     indicate support for deferred actions (check `Context::deferral_allowed` \
                     before `Context::defer`). This is an issue with the provider and should \
                     be reported to the provider developers."
                ),
            ));
            None
        }
        deferred => deferred,
    }
}

/// Go's error for a provider that defers in `configure` when Terraform does not allow it.
pub(crate) fn refused_for_provider() -> Diagnostic {
    Diagnostic::error(
        "Invalid Deferred Provider Response",
        "Provider configured a deferred response for all resources and data sources but the \
         Terraform request did not indicate support for deferred actions. This is an issue with \
         the provider and should be reported to the provider developers.",
    )
}
