//! Actions (Terraform 1.14 and newer): something a provider does on request rather than an
//! object it manages: `action "TYPE" "NAME" { config { ... } }` blocks, invoked by
//! `terraform apply -invoke=action.TYPE.NAME` or by a resource's `action_trigger`, reporting
//! progress while they run. Nothing of them is stored.

use std::future::Future;

use tfsdk_core::diag::Diagnostics;
use tfsdk_core::{TfSchema, View};
use tokio::sync::mpsc;

use crate::{Context, Provider};

/// An action whose configuration is the derived model [`Config`](Action::Config), registered
/// with [`Registry::action`](crate::Registry::action).
///
/// ```
/// use tfsdk_core::diag::Diagnostics;
/// use tfsdk_core::TfObject;
/// use tfsdk_server::{Action, Context, NoConfig, Progress, Provider, Registry};
///
/// /// Restarts a service.
/// #[derive(TfObject)]
/// #[tfsdk(schema(action))]
/// struct Restart {
///     /// The service.
///     #[tfsdk(name = "service", required)]
///     service: String,
/// }
///
/// struct RestartAction;
///
/// impl Action for RestartAction {
///     type Provider = Api;
///     type Config = Restart;
///     const TYPE_NAME: &'static str = "api_restart";
///
///     async fn invoke(&self, _ctx: &Context<Api>, restart: Restart, progress: &Progress) -> Result<(), Diagnostics> {
///         progress.report(format!("stopping {}", restart.service));
///         progress.report(format!("starting {}", restart.service));
///         Ok(())
///     }
/// }
/// # #[derive(Default)] struct Api;
/// # impl Provider for Api {
/// #     type Config = NoConfig;
/// #     fn register(&self, registry: &mut Registry<Self>) { registry.action(RestartAction); }
/// # }
/// ```
pub trait Action: Send + Sync + 'static {
    /// The provider this action belongs to.
    type Provider: Provider;

    /// The action's configuration: a `#[tfsdk(schema(action))]` struct.
    type Config: TfSchema + Send + Sync + 'static;

    /// The type's name as configurations spell it, e.g. `"files_touch"`.
    const TYPE_NAME: &'static str;

    /// Does the action with a wholly known configuration, reporting progress as it goes.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn invoke(
        &self,
        ctx: &Context<Self::Provider>,
        config: Self::Config,
        progress: &Progress,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;

    /// Checks, at plan time, that the action will be able to run (its configuration may still
    /// hold unknown values). Nothing by default.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn plan(
        &self,
        ctx: &Context<Self::Provider>,
        config: &View<Self::Config>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, config);
        async { Ok(()) }
    }

    /// Checks a configuration beyond the model's declarative rules. Nothing by default.
    fn validate_config(&self, config: &View<Self::Config>, diagnostics: &mut Diagnostics) {
        let _ = (config, diagnostics);
    }
}

/// Where a running [`Action`] reports progress; Terraform shows each message as it arrives.
#[derive(Clone, Debug)]
pub struct Progress {
    sender: mpsc::UnboundedSender<ActionEvent>,
}

/// One event of a running action, as values: the server's edge encodes it for Terraform.
#[derive(Debug)]
pub(crate) enum ActionEvent {
    /// A progress message.
    Progress(String),
    /// The action ended, with these diagnostics.
    Completed(Diagnostics),
}

impl Progress {
    pub(crate) fn new(sender: mpsc::UnboundedSender<ActionEvent>) -> Progress {
        Progress { sender }
    }

    /// Sends a progress message ("copied 3 of 10 files").
    pub fn report(&self, message: impl Into<String>) {
        // A closed channel means Terraform is gone: nothing to tell.
        let _ = self.sender.send(ActionEvent::Progress(message.into()));
    }
}
