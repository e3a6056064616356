//! One step of a provider test: a configuration, what Terraform should do with it, and what
//! the plan and state should hold afterwards.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use regex::Regex;
use tfsdk_core::TfSchema;
use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::path::AttributePath;

use crate::TerraformVersion;
use crate::check::{Check, InstanceAttribute, PlannedAction, ResourceInstance};

/// Where a step runs, for the hooks that look at or change the world around Terraform
/// ([`Step::before`], [`Step::after`], [`ProviderTest::check_destroy`](crate::ProviderTest::check_destroy)).
#[derive(Debug)]
pub struct StepContext<'a> {
    pub(crate) workdir: &'a Path,
    pub(crate) version: TerraformVersion,
    pub(crate) step: usize,
}

impl StepContext<'_> {
    /// Terraform's working directory (its current directory, `path.cwd` in configurations).
    #[must_use]
    pub fn workdir(&self) -> &Path {
        self.workdir
    }

    /// The Terraform running the test.
    #[must_use]
    pub fn terraform_version(&self) -> TerraformVersion {
        self.version
    }

    /// The step's number, from 1 (0 for the destroy at the end).
    #[must_use]
    pub fn step(&self) -> usize {
        self.step
    }
}

pub(crate) type Hook = Arc<dyn Fn(&StepContext<'_>) + Send + Sync>;

/// What a step runs.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    /// `plan`, `apply`, then the plan that must be empty.
    Apply,
    /// `plan` only.
    Plan,
    /// `apply -refresh-only`.
    RefreshOnly,
    /// `terraform import ADDRESS ID` into a state file of its own.
    Import {
        address: String,
        id: String,
        verify: bool,
        ignore: Vec<AttributePath>,
    },
    /// An `import { identity = ... }` block planned against a state file of its own.
    ImportIdentity {
        address: String,
        /// The identity as a literal.
        identity: String,
        verify: bool,
        ignore: Vec<AttributePath>,
    },
    /// `terraform query` of a `.tfquery.hcl` file.
    Query {
        query: String,
        /// For each `list` block address, the display names it must find, in order.
        expected: Vec<(String, Vec<String>)>,
        /// `-generate-config-out`, then a plan that must only import.
        generate: bool,
    },
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Apply => f.write_str("apply"),
            Kind::Plan => f.write_str("plan"),
            Kind::RefreshOnly => f.write_str("refresh-only apply"),
            Kind::Import { address, id, .. } => write!(f, "import {address} {id:?}"),
            Kind::ImportIdentity {
                address, identity, ..
            } => write!(f, "import {address} by identity {identity}"),
            Kind::Query { .. } => f.write_str("query"),
        }
    }
}

/// One step of a [`ProviderTest`](crate::ProviderTest).
///
/// Made by [`Step::apply`], [`Step::plan`], [`Step::refresh_only`] or [`Step::import`], then
/// told what to expect. A step without a configuration of its own uses the previous one.
#[derive(Clone)]
pub struct Step {
    pub(crate) kind: Kind,
    pub(crate) config: Option<String>,
    pub(crate) before: Vec<Hook>,
    pub(crate) after: Vec<Hook>,
    pub(crate) actions: Vec<(String, PlannedAction)>,
    pub(crate) plan_checks: Vec<Check>,
    pub(crate) state_checks: Vec<Check>,
    pub(crate) expect_error: Vec<Regex>,
    pub(crate) expect_warning: Vec<Regex>,
    pub(crate) expect_output: Vec<Regex>,
    pub(crate) invoke: Vec<String>,
    pub(crate) expect_non_empty_plan: bool,
    pub(crate) env: Vec<(String, String)>,
}

impl fmt::Debug for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Step")
            .field("kind", &self.kind)
            .field("config", &self.config)
            .field("actions", &self.actions)
            .field("plan_checks", &self.plan_checks)
            .field("state_checks", &self.state_checks)
            .field("expect_error", &self.expect_error)
            .field("expect_warning", &self.expect_warning)
            .field("expect_output", &self.expect_output)
            .field("invoke", &self.invoke)
            .field("expect_non_empty_plan", &self.expect_non_empty_plan)
            .finish_non_exhaustive()
    }
}

impl Step {
    fn new(kind: Kind, config: Option<String>) -> Step {
        Step {
            kind,
            config,
            before: Vec::new(),
            after: Vec::new(),
            actions: Vec::new(),
            plan_checks: Vec::new(),
            state_checks: Vec::new(),
            expect_error: Vec::new(),
            expect_warning: Vec::new(),
            expect_output: Vec::new(),
            invoke: Vec::new(),
            expect_non_empty_plan: false,
            env: Vec::new(),
        }
    }

    /// Plans and applies `config` (the root module's `main.tf`), checks the plan before the
    /// apply and the state after it, then plans once more: that plan must be empty (see
    /// [`expect_non_empty_plan`](Step::expect_non_empty_plan)).
    pub fn apply(config: impl Into<String>) -> Step {
        Step::new(Kind::Apply, Some(config.into()))
    }

    /// Plans `config` and checks the plan, without applying it.
    pub fn plan(config: impl Into<String>) -> Step {
        Step::new(Kind::Plan, Some(config.into()))
    }

    /// `terraform apply -refresh-only` of the previous configuration: the state takes what
    /// the provider reads, nothing is planned; then the state checks.
    #[must_use]
    pub fn refresh_only() -> Step {
        Step::new(Kind::RefreshOnly, None)
    }

    /// `terraform import` of `instance` by `id`, in a fresh working directory with the
    /// previous configuration; the imported object is then compared with the one the earlier
    /// steps left in the state, attribute by attribute (see [`ignore`](Step::ignore) and
    /// [`without_verify`](Step::without_verify)). The test's own state does not change.
    pub fn import<M: TfSchema>(instance: &ResourceInstance<M>, id: impl Into<String>) -> Step {
        Step::new(
            Kind::Import {
                address: instance.address().to_owned(),
                id: id.into(),
                verify: true,
                ignore: Vec::new(),
            },
            None,
        )
    }

    /// Imports `instance` by its identity (Terraform 1.12 and newer): plans the previous
    /// configuration with an `import { to = ..., identity = { ... } }` block against a state
    /// file of its own, and compares the imported object with the one the earlier steps left
    /// in the state, as [`Step::import`] does. Nothing is applied. `identity` is the resource's
    /// identity model (or any value of its type).
    ///
    /// # Panics
    /// If `identity` does not convert to its own Terraform type (a mistake in the test).
    pub fn import_by_identity<M: TfSchema, I: ToValue + TerraformType>(
        instance: &ResourceInstance<M>,
        identity: I,
    ) -> Step {
        let value = identity
            .to_value(&I::terraform_type())
            .unwrap_or_else(|error| {
                panic!("tfsdk-testing: the identity does not convert: {error}")
            });
        Step::new(
            Kind::ImportIdentity {
                address: instance.address().to_owned(),
                identity: crate::hcl::literal(&value),
                verify: true,
                ignore: Vec::new(),
            },
            None,
        )
    }

    /// `terraform query` (Terraform 1.14 and newer) of `query`, the text of a `.tfquery.hcl`
    /// file (`list "TYPE" "NAME" { provider = NAME  config { ... } }`), with the previous
    /// configuration. Say what each list must find with [`expect_listed`](Step::expect_listed);
    /// [`generate_config`](Step::generate_config) also checks the configuration Terraform
    /// generates for what it found.
    pub fn query(query: impl Into<String>) -> Step {
        Step::new(
            Kind::Query {
                query: query.into(),
                expected: Vec::new(),
                generate: false,
            },
            None,
        )
    }

    /// For [`Step::query`]: the `list` block at `address` (`list.files_file.all`) finds
    /// objects with these display names, in this order.
    ///
    /// # Panics
    /// If the step is not a query step (a mistake in the test).
    #[must_use]
    pub fn expect_listed<S: Into<String>>(
        mut self,
        address: impl Into<String>,
        display_names: impl IntoIterator<Item = S>,
    ) -> Step {
        let Kind::Query { expected, .. } = &mut self.kind else {
            panic!("tfsdk-testing: `expect_listed` is for query steps");
        };
        expected.push((
            address.into(),
            display_names.into_iter().map(Into::into).collect(),
        ));
        self
    }

    /// For [`Step::query`]: runs the query again with `-generate-config-out`, then plans the
    /// configuration with what Terraform generated: the plan must only import (no create,
    /// update or delete), that is, the generated configuration describes the objects as they
    /// are. Nothing is applied.
    ///
    /// # Panics
    /// If the step is not a query step (a mistake in the test).
    #[must_use]
    pub fn generate_config(mut self) -> Step {
        let Kind::Query { generate, .. } = &mut self.kind else {
            panic!("tfsdk-testing: `generate_config` is for query steps");
        };
        *generate = true;
        self
    }

    /// Plans and applies with `-invoke=ADDRESS` (Terraform 1.14 and newer): the action
    /// `action.TYPE.NAME` of the configuration runs during the apply.
    #[must_use]
    pub fn invoke(mut self, action: impl Into<String>) -> Step {
        self.invoke.push(action.into());
        self
    }

    /// The output of the step's Terraform commands together matches `pattern`, as for
    /// [`expect_error`](Step::expect_error): a log line, an action's progress. Given several
    /// times, every pattern must match.
    ///
    /// # Panics
    /// If `pattern` is not a valid regular expression (a mistake in the test).
    #[must_use]
    pub fn expect_output(mut self, pattern: &str) -> Step {
        let regex = Regex::new(pattern).unwrap_or_else(|error| {
            panic!("tfsdk-testing: expect_output({pattern:?}) is not a valid pattern: {error}")
        });
        self.expect_output.push(regex);
        self
    }

    /// Uses `config` instead of the previous configuration (for [`Step::refresh_only`] and
    /// [`Step::import`]).
    #[must_use]
    pub fn with_config(mut self, config: impl Into<String>) -> Step {
        self.config = Some(config.into());
        self
    }

    /// The plan does `action` to the instance.
    #[must_use]
    pub fn expect_action<M: TfSchema>(
        mut self,
        instance: &ResourceInstance<M>,
        action: PlannedAction,
    ) -> Step {
        self.actions.push((instance.address().to_owned(), action));
        self
    }

    /// A check on the plan's planned values, before the apply.
    #[must_use]
    pub fn plan_check(mut self, check: Check) -> Step {
        self.plan_checks.push(check);
        self
    }

    /// A check on the state after the apply (or the refresh, or the import).
    #[must_use]
    pub fn state_check(mut self, check: Check) -> Step {
        self.state_checks.push(check);
        self
    }

    /// Terraform fails (in `init`, `plan`, `apply` or `import`) with an error whose text
    /// matches `pattern`, a regular expression (the `regex` crate's syntax) matched against
    /// Terraform's output with its boxes removed and every run of whitespace made one space,
    /// so a pattern can be written from the message as the provider wrote it. Given several
    /// times, every pattern must match (one per diagnostic, say). The step's checks after the
    /// failure are not run.
    ///
    /// # Panics
    /// If `pattern` is not a valid regular expression (a mistake in the test).
    #[must_use]
    pub fn expect_error(mut self, pattern: &str) -> Step {
        let regex = Regex::new(pattern).unwrap_or_else(|error| {
            panic!("tfsdk-testing: expect_error({pattern:?}) is not a valid pattern: {error}")
        });
        self.expect_error.push(regex);
        self
    }

    /// The plan's output (of an apply or plan step) matches `pattern`, as for
    /// [`expect_error`](Step::expect_error): a warning such as a deprecation. Given several
    /// times, every pattern must match.
    ///
    /// # Panics
    /// If `pattern` is not a valid regular expression (a mistake in the test).
    #[must_use]
    pub fn expect_warning(mut self, pattern: &str) -> Step {
        let regex = Regex::new(pattern).unwrap_or_else(|error| {
            panic!("tfsdk-testing: expect_warning({pattern:?}) is not a valid pattern: {error}")
        });
        self.expect_warning.push(regex);
        self
    }

    /// Allows the plan after this step's apply to hold changes (for a resource that cannot
    /// converge, say); by default that plan must be empty.
    #[must_use]
    pub fn expect_non_empty_plan(mut self) -> Step {
        self.expect_non_empty_plan = true;
        self
    }

    /// An environment variable for this step's Terraform commands (`TF_VAR_name`,
    /// `TF_LOG`, ...).
    #[must_use]
    pub fn env(mut self, name: impl Into<String>, value: impl Into<String>) -> Step {
        self.env.push((name.into(), value.into()));
        self
    }

    /// Runs `hook` before Terraform does (to change the world behind the provider's back:
    /// drift). A panic in it fails the step.
    #[must_use]
    pub fn before(mut self, hook: impl Fn(&StepContext<'_>) + Send + Sync + 'static) -> Step {
        self.before.push(Arc::new(hook));
        self
    }

    /// Runs `hook` after the step's checks (to look at the world the provider changed). A
    /// panic in it fails the step.
    #[must_use]
    pub fn after(mut self, hook: impl Fn(&StepContext<'_>) + Send + Sync + 'static) -> Step {
        self.after.push(Arc::new(hook));
        self
    }

    /// For [`Step::import`]: an attribute the import cannot know (a secret, a value only the
    /// configuration has), left out of the comparison with the state.
    ///
    /// # Panics
    /// If the step is not an import step (a mistake in the test).
    #[must_use]
    pub fn ignore(mut self, attribute: InstanceAttribute) -> Step {
        let (Kind::Import { ignore, .. } | Kind::ImportIdentity { ignore, .. }) = &mut self.kind
        else {
            panic!("tfsdk-testing: `ignore` is for import steps");
        };
        ignore.push(attribute.path().clone());
        self
    }

    /// For [`Step::import`]: imports without comparing with the state (the state checks still
    /// run on the imported state).
    ///
    /// # Panics
    /// If the step is not an import step (a mistake in the test).
    #[must_use]
    pub fn without_verify(mut self) -> Step {
        let (Kind::Import { verify, .. } | Kind::ImportIdentity { verify, .. }) = &mut self.kind
        else {
            panic!("tfsdk-testing: `without_verify` is for import steps");
        };
        *verify = false;
        self
    }
}
