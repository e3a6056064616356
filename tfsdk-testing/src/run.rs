//! Running a provider test: for each Terraform, a working directory of its own, the steps in
//! order with the provider served in this process, the empty plan after each apply, and a
//! destroy at the end.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use serde_json::Value as Json;
use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_server::{InProcess, Provider};

use crate::check::Check;
use crate::check::PlannedAction;
use crate::error_text;
use crate::machine::{Plan, Schemas, State};
use crate::step::{Hook, Kind, Step, StepContext};
use crate::terraform::{Run, Terraform, TerraformVersion, Workdir};

/// The environment variable that makes [`ProviderTest::check_docs`] write the documentation
/// instead of checking it: `TFSDK_UPDATE_DOCS=1 cargo test`.
pub const UPDATE_DOCS_VARIABLE: &str = "TFSDK_UPDATE_DOCS";

/// The file holding the `required_providers` entry of the provider under test, written unless
/// a step's configuration has a `required_providers` block of its own.
const PROVIDERS_FILE: &str = "tfsdk_testing_providers.tf";

/// The plan file each step's plan is saved to.
const PLAN_FILE: &str = "tfsdk-testing.tfplan";

/// The state file of an import step.
const IMPORT_STATE: &str = "tfsdk-testing-import.tfstate";

/// The `import` block of an import-by-identity step.
const IMPORT_BLOCK: &str = "tfsdk_testing_import.tf";

/// The query of a query step.
const QUERY_FILE: &str = "tfsdk_testing.tfquery.hcl";

/// Terraform's trace log, for [`ProviderTest::check_shutdown`].
const TRACE_LOG: &str = "tfsdk-testing-trace.log";

/// The configuration `terraform query -generate-config-out` writes.
const GENERATED: &str = "tfsdk_testing_generated.tf";

type Start = Arc<dyn Fn() -> std::io::Result<InProcess> + Send + Sync>;

/// How Terraform reaches the provider.
#[derive(Clone)]
enum Served {
    /// A fresh server in this process per Terraform command, through `TF_REATTACH_PROVIDERS`.
    InProcess(Start),
    /// A built provider binary in this directory, through `dev_overrides`.
    Binary(PathBuf),
}

/// A test of a provider against real Terraform: the provider, the steps, and the Terraforms to
/// run them with. See the [crate documentation](crate) for an example.
pub struct ProviderTest {
    address: String,
    local_name: String,
    served: Served,
    steps: Vec<Step>,
    min_version: Option<String>,
    max_version: Option<String>,
    files: Vec<(PathBuf, Vec<u8>)>,
    env: Vec<(String, String)>,
    destroy_checks: Vec<Hook>,
    check_shutdown: bool,
}

impl std::fmt::Debug for ProviderTest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderTest")
            .field("address", &self.address)
            .field("steps", &self.steps)
            .field("min_version", &self.min_version)
            .field("max_version", &self.max_version)
            .finish_non_exhaustive()
    }
}

impl ProviderTest {
    /// A test of the provider that `factory` makes, served under its source address
    /// `address` (`example/files`, or `registry.terraform.io/example/files`): configurations
    /// use it under the address's last part (`files`). Each Terraform command gets a fresh
    /// provider from `factory`, as each gets a fresh provider process in real use.
    pub fn new<P: Provider>(
        address: &str,
        factory: impl Fn() -> P + Send + Sync + 'static,
    ) -> Self {
        let served = address.to_owned();
        ProviderTest::with(
            address,
            Served::InProcess(Arc::new(move || InProcess::start(&served, factory()))),
        )
    }

    /// A test of the provider binary at `binary` (named `terraform-provider-NAME`, e.g.
    /// `env!("CARGO_BIN_EXE_terraform-provider-files")`), which Terraform starts as in real use
    /// (through `dev_overrides`, without `terraform init`): for what only a process shows
    /// (start-up, shutdown, its environment: [`Step::env`] reaches the provider too).
    ///
    /// # Panics
    /// If `binary` has no parent directory.
    pub fn binary(address: &str, binary: impl Into<PathBuf>) -> Self {
        let binary = binary.into();
        let dir = binary
            .parent()
            .unwrap_or_else(|| panic!("tfsdk-testing: {} has no directory", binary.display()))
            .to_path_buf();
        ProviderTest::with(address, Served::Binary(dir))
    }

    fn with(address: &str, served: Served) -> Self {
        let local_name = address.rsplit('/').next().unwrap_or(address).to_owned();
        ProviderTest {
            address: address.to_owned(),
            local_name,
            served,
            steps: Vec::new(),
            min_version: None,
            max_version: None,
            files: Vec::new(),
            env: Vec::new(),
            destroy_checks: Vec::new(),
            check_shutdown: false,
        }
    }

    /// Adds a step.
    #[must_use]
    pub fn step(mut self, step: Step) -> Self {
        self.steps.push(step);
        self
    }

    /// Runs only with Terraform `version` or newer (e.g. `"1.11"` for write-only attributes);
    /// the older ones say on standard error that they skip the test.
    #[must_use]
    pub fn min_terraform(mut self, version: &str) -> Self {
        self.min_version = Some(version.to_owned());
        self
    }

    /// Runs only with Terraform `version` or older (e.g. `"1.10"`, for how an older Terraform
    /// meets something newer); the newer ones say on standard error that they skip the test.
    #[must_use]
    pub fn max_terraform(mut self, version: &str) -> Self {
        self.max_version = Some(version.to_owned());
        self
    }

    /// For a [binary](ProviderTest::binary) provider: runs every Terraform command with
    /// `TF_LOG=trace` (written to a file of the working directory, apart from the output that
    /// steps match) and fails when a provider process Terraform started did not exit by
    /// itself (Terraform killed it, or it never exited), which is how a provider that hangs at
    /// shutdown shows, and when the log shows no provider process at all.
    #[must_use]
    pub fn check_shutdown(mut self) -> Self {
        self.check_shutdown = true;
        self
    }

    /// An environment variable for every Terraform command of the test (steps add their
    /// own with [`Step::env`]). It reaches the provider only when it runs as a
    /// [binary](ProviderTest::binary): in-process, the provider shares the test's environment.
    #[must_use]
    pub fn env(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.env.push((name.into(), value.into()));
        self
    }

    /// A file written into the working directory before the first step (relative to it): a
    /// module, a data file the configuration reads.
    #[must_use]
    pub fn file(mut self, name: impl Into<PathBuf>, contents: impl Into<Vec<u8>>) -> Self {
        self.files.push((name.into(), contents.into()));
        self
    }

    /// Runs `check` after the destroy at the end (that the objects are gone from the real
    /// world, say); a panic in it fails the test.
    #[must_use]
    pub fn check_destroy(
        mut self,
        check: impl Fn(&StepContext<'_>) + Send + Sync + 'static,
    ) -> Self {
        self.destroy_checks.push(Arc::new(check));
        self
    }

    /// Runs the test against every Terraform the environment chooses
    /// ([`Terraform::selected`]) within the test's bounds
    /// ([`min_terraform`](ProviderTest::min_terraform)), and after the steps the destroy,
    /// whatever happened in them.
    ///
    /// # Panics
    /// When no Terraform ran it, or a step fails, with what was expected, what Terraform did (its output), and the
    /// working directory, kept for a look. Also when Terraform cannot be installed.
    pub fn run(self) {
        assert!(
            !self.check_shutdown || matches!(self.served, Served::Binary(_)),
            "tfsdk-testing: check_shutdown watches provider processes: it needs a test of a \
             provider binary (ProviderTest::binary), not one served in this process"
        );
        let mut failures = Vec::new();
        let mut ran = 0;
        let selected = Terraform::selected();
        for &choice in &selected {
            let version = choice.version();
            let name = described(version);
            if let Some(minimum) = &self.min_version
                && !version.is_at_least(minimum)
            {
                eprintln!(
                    "tfsdk-testing: skipping {name}: the test needs Terraform {minimum} or newer"
                );
                continue;
            }
            if let Some(maximum) = &self.max_version
                && !version.is_at_most(maximum)
            {
                eprintln!(
                    "tfsdk-testing: skipping {name}: the test needs Terraform {maximum} or older"
                );
                continue;
            }
            ran += 1;
            let started = Instant::now();
            let mut session = Session::new(&self, choice.terraform());
            match session.run() {
                Ok(()) => eprintln!(
                    "tfsdk-testing: {name}: {} steps passed in {:.1} s",
                    self.steps.len(),
                    started.elapsed().as_secs_f64()
                ),
                Err(failure) => {
                    let kept = session.workdir.keep();
                    failures.push(format!(
                        "with {name}: {failure}\n(working directory kept: {})",
                        kept.display()
                    ));
                }
            }
        }
        if !failures.is_empty() {
            panic!("\n{}\n", failures.join("\n\n"));
        }
        // A test that ran nothing must not pass as if it had checked something.
        assert!(
            ran > 0,
            "tfsdk-testing: no Terraform ran this test: it needs {}, and the Terraforms to run \
             are {} (chosen by {})",
            self.version_bounds(),
            (selected.iter())
                .map(|choice| described(choice.version()))
                .collect::<Vec<_>>()
                .join(", "),
            crate::terraform::chosen_by()
        );
    }

    /// `Terraform 1.11 or newer`, `Terraform 1.10 or older`, or both, for messages.
    fn version_bounds(&self) -> String {
        match (&self.min_version, &self.max_version) {
            (Some(min), Some(max)) => format!("Terraform {min} to {max}"),
            (Some(min), None) => format!("Terraform {min} or newer"),
            (None, Some(max)) => format!("Terraform {max} or older"),
            (None, None) => "any Terraform".to_owned(),
        }
    }

    /// What Terraform `version` receives of the provider's schemas: the provider's entry of
    /// `terraform providers schema -json` (`provider`, `resource_schemas`,
    /// `data_source_schemas`, and since Terraform 1.8 `functions`, ...), for a test that
    /// compares it with the models, or for documentation.
    ///
    /// # Panics
    /// When Terraform fails, or its output has no entry for the provider.
    #[must_use]
    pub fn schema_json(&self, version: TerraformVersion) -> Json {
        self.schema_json_of(Terraform::get(version))
    }

    /// As [`schema_json`](ProviderTest::schema_json), from the Terraform `terraform`.
    ///
    /// # Panics
    /// When Terraform fails, or its output has no entry for the provider.
    #[must_use]
    pub fn schema_json_of(&self, terraform: &Terraform) -> Json {
        let version = described(terraform.version());
        let mut session = Session::new(self, terraform);
        session.write_config("");
        let step = Step::refresh_only();
        let result = session
            .init(&step)
            .and_then(|()| session.provider_schema(&step));
        result.unwrap_or_else(|error| {
            let kept = session.workdir.keep();
            panic!(
                "tfsdk-testing: `terraform providers schema -json` with {version}: \
                 {error}\n(working directory kept: {})",
                kept.display()
            )
        })
    }

    /// Checks that the registry documentation under `docs` is what `tfsdk-docs` makes of the
    /// schema that the newest of the Terraforms the tests run against receives (1.15.5 unless
    /// the environment chooses others: [`Terraform::selected`]) and the example
    /// configurations under `examples`
    /// (see [`tfsdk_docs`]); with the environment variable [`UPDATE_DOCS_VARIABLE`] set to
    /// `1`, writes it instead. Relative folders are taken from the current directory (the
    /// package's, under `cargo test`).
    ///
    /// # Panics
    /// When the documentation is stale (with what differs and the command that updates it), or
    /// cannot be made or written.
    pub fn check_docs(
        &self,
        docs: impl AsRef<std::path::Path>,
        examples: impl AsRef<std::path::Path>,
    ) {
        let (docs, examples) = (docs.as_ref(), examples.as_ref());
        let newest = Terraform::selected()
            .into_iter()
            .max_by_key(|choice| choice.version());
        let schema = match newest {
            Some(choice) => self.schema_json_of(choice.terraform()),
            None => self.schema_json(TerraformVersion::V1_15),
        };
        let rendered = tfsdk_docs::render(&self.local_name, &schema, examples)
            .unwrap_or_else(|error| panic!("tfsdk-testing: cannot make the docs: {error}"));
        if std::env::var(UPDATE_DOCS_VARIABLE).is_ok_and(|value| value == "1") {
            rendered
                .write(docs)
                .unwrap_or_else(|error| panic!("tfsdk-testing: cannot write the docs: {error}"));
            eprintln!("tfsdk-testing: wrote the docs under {}", docs.display());
            return;
        }
        let differences = rendered
            .differences(docs)
            .unwrap_or_else(|error| panic!("tfsdk-testing: cannot read the docs: {error}"));
        assert!(
            differences.is_empty(),
            "the documentation under {} is stale:\n  - {}\nRun the test again with \
             {UPDATE_DOCS_VARIABLE}=1 to write it.",
            docs.display(),
            differences.join("\n  - ")
        );
    }
}

/// `Terraform 1.15.5`, `OpenTofu 1.9.0`: for messages.
fn described(version: TerraformVersion) -> String {
    format!("{} {version}", version.tool())
}

/// One run of the steps under one Terraform.
struct Session<'t> {
    test: &'t ProviderTest,
    workdir: Workdir,
    version: TerraformVersion,
    config: Option<String>,
    /// The configuration of the last successful apply, and its step's environment: what the
    /// destroy uses.
    applied: Option<(String, Vec<(String, String)>)>,
    initialized: bool,
    /// The state after the last step that changed it, once read (`None` until a check or an
    /// import needs it: each read is a Terraform command).
    state: Option<State>,
    /// Whether a step may have left objects behind (the destroy at the end is needed).
    changed: bool,
    /// The output of the current step's Terraform commands, for `expect_output`.
    transcript: std::cell::RefCell<String>,
    /// How many provider processes Terraform's trace logs showed starting (for
    /// [`ProviderTest::check_shutdown`]).
    plugins_started: std::cell::Cell<usize>,
    /// Terraform's schemas of the provider, once a check needed them.
    schemas: std::cell::RefCell<Option<Schemas>>,
}

/// How a Terraform command ended, for a step that may expect an error.
enum Outcome {
    /// It succeeded: go on.
    Succeeded,
    /// It failed as the step expected: the step is done.
    ExpectedError,
}

impl<'t> Session<'t> {
    fn new(test: &'t ProviderTest, terraform: &Terraform) -> Self {
        let mut workdir = Workdir::new(terraform);
        if let Served::Binary(dir) = &test.served {
            workdir.dev_override(&test.address, dir);
        }
        for (name, contents) in &test.files {
            workdir.write(name, contents);
        }
        Session {
            test,
            workdir,
            version: terraform.terraform_version(),
            config: None,
            applied: None,
            // Terraform finds a dev_overrides provider without `init` (and warns in it).
            initialized: matches!(test.served, Served::Binary(_)),
            state: None,
            changed: false,
            transcript: std::cell::RefCell::new(String::new()),
            plugins_started: std::cell::Cell::new(0),
            schemas: std::cell::RefCell::new(None),
        }
    }

    /// Runs the steps, stopping at the first that fails, then the destroy whatever happened
    /// before it (a real provider's test must not leave real objects behind): a failure of
    /// the destroy is reported beside the step's.
    fn run(&mut self) -> Result<(), String> {
        let steps = self.run_steps().and_then(|()| self.shutdown_seen());
        let destroy = self.destroy();
        match (steps, destroy) {
            (Ok(()), Ok(())) => Ok(()),
            (Ok(()), Err(destroy)) => Err(format!(
                "the destroy after the last step failed:\n{destroy}"
            )),
            (Err(step), Ok(())) => Err(step),
            (Err(step), Err(destroy)) => Err(format!(
                "{step}\n\nand the destroy after it failed too (objects may be left behind):\n{destroy}"
            )),
        }
    }

    /// With [`ProviderTest::check_shutdown`], a run whose trace logs show no provider process
    /// at all fails: the check would otherwise pass having seen nothing (a Terraform that logs
    /// elsewhere, or steps that never started the provider).
    fn shutdown_seen(&self) -> Result<(), String> {
        if !self.test.check_shutdown || self.plugins_started.get() > 0 {
            return Ok(());
        }
        Err(
            "check_shutdown: Terraform's trace logs show no provider process starting, so \
             nothing says how one ended"
                .to_owned(),
        )
    }

    fn run_steps(&mut self) -> Result<(), String> {
        let steps = &self.test.steps;
        for (index, step) in steps.iter().enumerate() {
            let number = index + 1;
            let started = Instant::now();
            self.step(number, step).map_err(|message| {
                format!(
                    "step {number} of {} ({}) failed:\n{message}",
                    steps.len(),
                    step.kind
                )
            })?;
            eprintln!(
                "tfsdk-testing: {}: step {number} ({}) passed in {:.1} s",
                described(self.version),
                step.kind,
                started.elapsed().as_secs_f64()
            );
        }
        Ok(())
    }

    fn context(&self, step: usize) -> StepContext<'_> {
        StepContext {
            workdir: self.workdir.path(),
            version: self.version,
            step,
        }
    }

    /// The provider's entry of `terraform providers schema -json`: the schemas as Terraform
    /// received them.
    fn provider_schema(&self, step: &Step) -> Result<Json, String> {
        let run = self.terraform(&["providers", "schema", "-json"], step)?;
        if !run.success() {
            return Err(format!("Terraform failed:\n{run}"));
        }
        let printed: Json = serde_json::from_str(run.stdout.trim())
            .map_err(|error| format!("not JSON ({error}):\n{run}"))?;
        let suffix = format!(
            "/{}",
            self.test
                .address
                .trim_start_matches("registry.terraform.io/")
        );
        printed["provider_schemas"]
            .as_object()
            .and_then(|schemas| {
                schemas
                    .iter()
                    .find(|(address, _)| address.ends_with(&suffix))
                    .map(|(_, schema)| schema.clone())
            })
            .ok_or_else(|| format!("no schema of {} in:\n{run}", self.test.address))
    }

    /// Terraform's schemas of the provider when one of `checks` needs them (whether an
    /// attribute is sensitive by its schema: Terraform 1.0 leaves those out of the state's
    /// `sensitive_values`), read once per run.
    fn schemas_for(&self, checks: &[Check], step: &Step) -> Result<Option<Schemas>, String> {
        if !checks.iter().any(Check::needs_schemas) {
            return Ok(None);
        }
        if let Some(schemas) = self.schemas.borrow().as_ref() {
            return Ok(Some(schemas.clone()));
        }
        let schemas = Schemas::new(self.provider_schema(step)?);
        *self.schemas.borrow_mut() = Some(schemas.clone());
        Ok(Some(schemas))
    }

    fn hooks(&self, hooks: &[Hook], step: usize, when: &str) -> Result<(), String> {
        let context = self.context(step);
        for hook in hooks {
            catch_unwind(AssertUnwindSafe(|| hook(&context)))
                .map_err(|panic| format!("the {when} hook panicked: {}", panic_text(&*panic)))?;
        }
        Ok(())
    }

    /// Runs `terraform ARGS` with the provider: in-process, a fresh server for the command.
    fn terraform(&self, args: &[&str], step: &Step) -> Result<Run, String> {
        let env: Vec<(&str, &str)> = self
            .test
            .env
            .iter()
            .chain(&step.env)
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let start = match &self.test.served {
            Served::Binary(_) if self.test.check_shutdown => {
                // Terraform's trace log goes to a file of its own, never into the output that
                // steps match.
                let log = self.workdir.path().join(TRACE_LOG);
                let _ = std::fs::remove_file(&log);
                let log_path = log.to_string_lossy().into_owned();
                let mut env = env;
                env.push(("TF_LOG", "trace"));
                env.push(("TF_LOG_PATH", &log_path));
                let run = self.workdir.run_with_env(args, &env);
                self.transcript.borrow_mut().push_str(&run.combined());
                let trace = std::fs::read_to_string(&log).map_err(|error| {
                    format!("no Terraform trace log at {log_path} ({error})\n\n{run}")
                })?;
                let started =
                    shutdown_problems(&trace).map_err(|problem| format!("{problem}\n\n{run}"))?;
                self.plugins_started
                    .set(self.plugins_started.get() + started);
                return Ok(run);
            }
            Served::Binary(_) => {
                let run = self.workdir.run_with_env(args, &env);
                self.transcript.borrow_mut().push_str(&run.combined());
                return Ok(run);
            }
            Served::InProcess(start) => start,
        };
        let served = start().map_err(|error| {
            format!(
                "cannot serve the provider {} in-process: {error}",
                self.test.address
            )
        })?;
        let mut env = env;
        env.push(("TF_REATTACH_PROVIDERS", served.reattach_providers()));
        let run = self.workdir.run_with_env(args, &env);
        served
            .stop()
            .map_err(|error| format!("the in-process provider failed: {error}"))?;
        self.transcript.borrow_mut().push_str(&run.combined());
        Ok(run)
    }

    /// Runs `terraform ARGS` and sorts out its ending against the step's expected error.
    fn command(&self, args: &[&str], step: &Step) -> Result<(Run, Outcome), String> {
        let run = self.terraform(args, step)?;
        if run.success() {
            return Ok((run, Outcome::Succeeded));
        }
        let text = error_text::normalize(&run.combined());
        if step.expect_error.is_empty() {
            return Err(format!("Terraform failed:\n{run}"));
        }
        let missed = unmatched(&step.expect_error, &text);
        if missed.is_empty() {
            Ok((run, Outcome::ExpectedError))
        } else {
            Err(format!(
                "expected an error matching {}, but Terraform said (boxes removed, whitespace \
                 collapsed):\n{text}\n\n{run}",
                missed.join(" and ")
            ))
        }
    }

    fn write_config(&mut self, config: &str) {
        self.workdir.write("main.tf", config);
        let providers = self.workdir.path().join(PROVIDERS_FILE);
        if config.contains("required_providers") {
            let _ = std::fs::remove_file(providers);
        } else {
            self.workdir.write(
                PROVIDERS_FILE,
                format!(
                    "terraform {{\n  required_providers {{\n    {} = {{\n      source = {}\n    }}\n  }}\n}}\n",
                    self.test.local_name,
                    Json::from(self.test.address.as_str())
                ),
            );
        }
        self.config = Some(config.to_owned());
    }

    fn step(&mut self, number: usize, step: &Step) -> Result<(), String> {
        self.transcript.borrow_mut().clear();
        self.hooks(&step.before, number, "before")?;
        match &step.config {
            Some(config) => self.write_config(config),
            None if self.config.is_none() => {
                return Err("the step has no configuration, and no earlier step wrote one".into());
            }
            None => {}
        }
        if !self.initialized {
            let (_, outcome) = self.command(&["init", "-input=false", "-no-color"], step)?;
            if let Outcome::ExpectedError = outcome {
                return Ok(());
            }
            self.initialized = true;
        }
        let outcome = match &step.kind {
            Kind::Apply => self.apply(step)?,
            Kind::Plan => self.plan(step)?.1,
            Kind::RefreshOnly => self.refresh_only(step)?,
            Kind::Import {
                address,
                id,
                verify,
                ignore,
            } => self.import(step, address, id, *verify, ignore)?,
            Kind::ImportIdentity {
                address,
                identity,
                verify,
                ignore,
            } => self.import_identity(step, address, identity, *verify, ignore)?,
            Kind::Query {
                query,
                expected,
                generate,
            } => self.query(step, query, expected, *generate)?,
        };
        match outcome {
            Outcome::ExpectedError => Ok(()),
            Outcome::Succeeded if !step.expect_error.is_empty() => Err(format!(
                "expected an error matching {}, but the step succeeded",
                step.expect_error
                    .iter()
                    .map(|pattern| format!("/{pattern}/"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            )),
            Outcome::Succeeded => {
                self.expect_output(step)?;
                self.hooks(&step.after, number, "after")
            }
        }
    }

    /// The step's `expect_output` patterns against its commands' output.
    fn expect_output(&self, step: &Step) -> Result<(), String> {
        if step.expect_output.is_empty() {
            return Ok(());
        }
        let text = error_text::normalize(&self.transcript.borrow());
        let missed = unmatched(&step.expect_output, &text);
        if missed.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "expected Terraform's output to match {}, but it said (boxes removed, whitespace \
                 collapsed):\n{text}",
                missed.join(" and ")
            ))
        }
    }

    /// `terraform init`, once.
    fn init(&mut self, step: &Step) -> Result<(), String> {
        if !self.initialized {
            let run = self.terraform(&["init", "-input=false", "-no-color"], step)?;
            if !run.success() {
                return Err(format!("`terraform init` failed:\n{run}"));
            }
            self.initialized = true;
        }
        Ok(())
    }

    /// `plan -out`, then the plan's actions and checks.
    fn plan(&self, step: &Step) -> Result<(Option<Plan>, Outcome), String> {
        let out = format!("-out={PLAN_FILE}");
        let invoke: Vec<String> = step.invoke.iter().map(|a| format!("-invoke={a}")).collect();
        let mut args = vec!["plan", "-input=false", "-no-color", &out];
        args.extend(invoke.iter().map(String::as_str));
        let (run, outcome) = self.command(&args, step)?;
        if let Outcome::ExpectedError = outcome {
            return Ok((None, outcome));
        }
        if step.actions.is_empty() && step.plan_checks.is_empty() && step.expect_warning.is_empty()
        {
            // Nothing to check in the plan: no `show -json` of it.
            return Ok((None, Outcome::Succeeded));
        }
        let plan = self.saved_plan(step)?;
        let schemas = self.schemas_for(&step.plan_checks, step)?;
        let mut problems = plan_problems(step, &plan, schemas.as_ref());
        if !step.expect_warning.is_empty() {
            let text = error_text::normalize(&run.combined());
            problems.extend(
                step.expect_warning
                    .iter()
                    .filter(|pattern| !pattern.is_match(&text))
                    .map(|pattern| {
                        format!(
                            "expected a warning matching /{pattern}/ from the plan, which said \
                             (boxes removed, whitespace collapsed): {text}"
                        )
                    }),
            );
        }
        if problems.is_empty() {
            Ok((Some(plan), Outcome::Succeeded))
        } else {
            Err(format!(
                "the plan is not as expected:\n  - {}",
                problems.join("\n  - ")
            ))
        }
    }

    fn saved_plan(&self, step: &Step) -> Result<Plan, String> {
        let run = self.terraform(&["show", "-json", "-no-color", PLAN_FILE], step)?;
        if !run.success() {
            return Err(format!("`terraform show -json` of the plan failed:\n{run}"));
        }
        Plan::parse(&run.stdout)
    }

    fn read_state(&self, step: &Step, file: Option<&str>) -> Result<State, String> {
        let mut args = vec!["show", "-json", "-no-color"];
        args.extend(file);
        let run = self.terraform(&args, step)?;
        if !run.success() {
            return Err(format!(
                "`terraform show -json` of the state failed:\n{run}"
            ));
        }
        State::parse(&run.stdout)
    }

    /// The state checks on the current state, read only when there are any.
    fn check_current_state(&mut self, step: &Step) -> Result<(), String> {
        if step.state_checks.is_empty() {
            return Ok(());
        }
        let state = self.current_state(step)?.clone();
        self.check_state(step, &state)
    }

    /// The current state, read once after each change.
    fn current_state(&mut self, step: &Step) -> Result<&State, String> {
        if self.state.is_none() {
            self.state = Some(self.read_state(step, None)?);
        }
        Ok(self.state.get_or_insert_default())
    }

    fn check_state(&self, step: &Step, state: &State) -> Result<(), String> {
        let schemas = self.schemas_for(&step.state_checks, step)?;
        let problems: Vec<String> = step
            .state_checks
            .iter()
            .filter_map(|check| check.on_state(state, schemas.as_ref()).err())
            .collect();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "the state is not as expected:\n  - {}",
                problems.join("\n  - ")
            ))
        }
    }

    fn apply(&mut self, step: &Step) -> Result<Outcome, String> {
        if let (_, Outcome::ExpectedError) = self.plan(step)? {
            return Ok(Outcome::ExpectedError);
        }
        // Even a failing apply may have made objects: the destroy at the end is needed.
        self.changed = true;
        self.state = None;
        let (_, outcome) =
            self.command(&["apply", "-input=false", "-no-color", PLAN_FILE], step)?;
        if let Outcome::ExpectedError = outcome {
            return Ok(outcome);
        }
        self.applied = self.config.clone().map(|config| (config, step.env.clone()));
        self.check_current_state(step)?;
        if !step.expect_non_empty_plan {
            self.expect_empty_plan(step)?;
        }
        Ok(Outcome::Succeeded)
    }

    /// The plan right after an apply, with the same configuration, must change nothing.
    fn expect_empty_plan(&self, step: &Step) -> Result<(), String> {
        let out = format!("-out={PLAN_FILE}");
        let run = self.terraform(
            &[
                "plan",
                "-input=false",
                "-no-color",
                "-detailed-exitcode",
                &out,
            ],
            step,
        )?;
        match run.code() {
            // No changes at all.
            Some(0) => return Ok(()),
            // Changes: which ones, in the saved plan (output changes alone are fine).
            Some(2) => {}
            _ => return Err(format!("the plan after the apply failed:\n{run}")),
        }
        let pending = self.saved_plan(step)?.pending();
        if pending.is_empty() {
            return Ok(());
        }
        Err(format!(
            "after the apply, the plan of the same configuration is not empty: Terraform would \
             change\n  - {}\nA provider must plan no change for a configuration it has just \
             applied: read must return what apply stored, and a computed value must not change \
             without a change in the configuration. (Step::expect_non_empty_plan allows it.)\n\n{run}",
            pending.join("\n  - ")
        ))
    }

    fn refresh_only(&mut self, step: &Step) -> Result<Outcome, String> {
        self.changed = true;
        let (_, outcome) = self.command(
            &[
                "apply",
                "-refresh-only",
                "-auto-approve",
                "-input=false",
                "-no-color",
            ],
            step,
        )?;
        if let Outcome::ExpectedError = outcome {
            return Ok(outcome);
        }
        self.state = None;
        self.check_current_state(step)?;
        Ok(Outcome::Succeeded)
    }

    /// `terraform import` into a state file of its own, in the same directory and
    /// configuration; then the import's state checks and the comparison with the test's state.
    fn import(
        &mut self,
        step: &Step,
        address: &str,
        id: &str,
        verify: bool,
        ignore: &[AttributePath],
    ) -> Result<Outcome, String> {
        let state_file = self.workdir.path().join(IMPORT_STATE);
        let _ = std::fs::remove_file(&state_file);
        let state_flag = format!("-state={IMPORT_STATE}");
        let (_, outcome) = self.command(
            &[
                "import",
                "-input=false",
                "-no-color",
                &state_flag,
                address,
                id,
            ],
            step,
        )?;
        if let Outcome::ExpectedError = outcome {
            return Ok(outcome);
        }
        let imported = self.read_state(step, Some(IMPORT_STATE))?;
        self.check_state(step, &imported)?;
        if !verify {
            return Ok(Outcome::Succeeded);
        }
        let Some(found) = imported.resources.get(address) else {
            return Err(format!("the import left no {address} in its state"));
        };
        let Some(expected) = self.current_state(step)?.resources.get(address) else {
            return Err(format!(
                "{address} is not in the test's state, so the import has nothing to be compared \
                 with (use without_verify, or an apply step first)"
            ));
        };
        let differences = differences(&expected.values, &found.values, ignore);
        let address = address.to_owned();
        if differences.is_empty() {
            Ok(Outcome::Succeeded)
        } else {
            Err(format!(
                "the imported {address} differs from the state the configuration produced:\n  - {}\n\
                 (Step::ignore leaves out attributes an import cannot know)",
                differences.join("\n  - ")
            ))
        }
    }

    /// An `import { identity = ... }` block planned against a state file of its own; the
    /// plan's checks, and the imported object compared with the test's state.
    fn import_identity(
        &mut self,
        step: &Step,
        address: &str,
        identity: &str,
        verify: bool,
        ignore: &[AttributePath],
    ) -> Result<Outcome, String> {
        self.workdir.write(
            IMPORT_BLOCK,
            format!("import {{\n  to       = {address}\n  identity = {identity}\n}}\n"),
        );
        let _ = std::fs::remove_file(self.workdir.path().join(IMPORT_STATE));
        let result = self.import_identity_plan(step, address, verify, ignore);
        let _ = std::fs::remove_file(self.workdir.path().join(IMPORT_BLOCK));
        result
    }

    fn import_identity_plan(
        &mut self,
        step: &Step,
        address: &str,
        verify: bool,
        ignore: &[AttributePath],
    ) -> Result<Outcome, String> {
        let state_flag = format!("-state={IMPORT_STATE}");
        let out = format!("-out={PLAN_FILE}");
        let (_, outcome) = self.command(
            &["plan", "-input=false", "-no-color", &state_flag, &out],
            step,
        )?;
        if let Outcome::ExpectedError = outcome {
            return Ok(outcome);
        }
        let plan = self.saved_plan(step)?;
        let schemas = self.schemas_for(&step.plan_checks, step)?;
        let problems = plan_problems(step, &plan, schemas.as_ref());
        if !problems.is_empty() {
            return Err(format!(
                "the import plan is not as expected:\n  - {}",
                problems.join("\n  - ")
            ));
        }
        let Some(change) = plan.change(address).filter(|change| change.importing) else {
            return Err(format!("the plan does not import {address}"));
        };
        if !verify {
            return Ok(Outcome::Succeeded);
        }
        let Some(expected) = self.current_state(step)?.resources.get(address) else {
            return Err(format!(
                "{address} is not in the test's state, so the import has nothing to be compared \
                 with (use without_verify, or an apply step first)"
            ));
        };
        let differences = differences(&expected.values, &change.after, ignore);
        if differences.is_empty() {
            Ok(Outcome::Succeeded)
        } else {
            Err(format!(
                "the object imported by identity as {address} differs from the state the \
                 configuration produced:\n  - {}\n(Step::ignore leaves out attributes an import \
                 cannot know)",
                differences.join("\n  - ")
            ))
        }
    }

    /// `terraform query -json` of `query`: what each list found; then, when asked, the
    /// generated configuration planned beside the test's.
    fn query(
        &mut self,
        step: &Step,
        query: &str,
        expected: &[(String, Vec<String>)],
        generate: bool,
    ) -> Result<Outcome, String> {
        self.workdir.write(QUERY_FILE, query);
        let result = self.query_run(step, expected, generate);
        let _ = std::fs::remove_file(self.workdir.path().join(QUERY_FILE));
        let _ = std::fs::remove_file(self.workdir.path().join(GENERATED));
        result
    }

    fn query_run(
        &mut self,
        step: &Step,
        expected: &[(String, Vec<String>)],
        generate: bool,
    ) -> Result<Outcome, String> {
        let run = self.terraform(&["query", "-json", "-no-color"], step)?;
        let (found, errors) = crate::machine::query_results(&run.stdout);
        if !run.success() || !errors.is_empty() {
            let text = error_text::normalize(&format!("{}\n{}", errors.join("\n"), run.stderr));
            let missed = unmatched(&step.expect_error, &text);
            return if step.expect_error.is_empty() || !missed.is_empty() {
                Err(format!("the query failed: {text}\n\n{run}"))
            } else {
                Ok(Outcome::ExpectedError)
            };
        }
        let mut problems = Vec::new();
        for (list, names) in expected {
            let listed: Vec<&str> = found
                .iter()
                .filter(|found| &found.list == list)
                .map(|found| found.display_name.as_str())
                .collect();
            if listed != names.iter().map(String::as_str).collect::<Vec<_>>() {
                problems.push(format!("{list}: expected {names:?}, found {listed:?}"));
            }
        }
        if !problems.is_empty() {
            return Err(format!(
                "the query found otherwise:\n  - {}",
                problems.join("\n  - ")
            ));
        }
        if generate {
            let flag = format!("-generate-config-out={GENERATED}");
            let run = self.terraform(&["query", "-no-color", &flag], step)?;
            if !run.success() {
                return Err(format!("generating configuration failed:\n{run}"));
            }
            let out = format!("-out={PLAN_FILE}");
            let plan_run = self.terraform(&["plan", "-input=false", "-no-color", &out], step)?;
            if !plan_run.success() {
                return Err(format!(
                    "the generated configuration does not plan:\n{}\n\n{plan_run}",
                    self.workdir.read(GENERATED)
                ));
            }
            let plan = self.saved_plan(step)?;
            let imports = plan
                .changes
                .iter()
                .filter(|change| change.importing)
                .count();
            let pending = plan.pending();
            if imports != found.len() || !pending.is_empty() {
                return Err(format!(
                    "the generated configuration should import the {} objects found and change \
                     nothing; its plan imports {imports} and would change:\n  - {}\n\n{}",
                    found.len(),
                    pending.join("\n  - "),
                    self.workdir.read(GENERATED)
                ));
            }
        }
        Ok(Outcome::Succeeded)
    }

    fn destroy(&mut self) -> Result<(), String> {
        if self.initialized && self.changed {
            // The configuration that made the state: a later step's may be one that fails.
            let mut step = Step::refresh_only();
            if let Some((applied, env)) = self.applied.clone() {
                if self.config.as_ref() != Some(&applied) {
                    self.write_config(&applied);
                }
                step.env = env;
            }
            let run = self.terraform(
                &["destroy", "-auto-approve", "-input=false", "-no-color"],
                &step,
            )?;
            if !run.success() {
                return Err(format!("Terraform failed:\n{run}"));
            }
            let state = self.read_state(&step, None)?;
            if !state.is_empty() {
                return Err(format!(
                    "the state still holds {} after the destroy",
                    state
                        .resources
                        .keys()
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            self.state = Some(state);
        }
        self.hooks(&self.test.destroy_checks, 0, "check_destroy")
    }
}

/// What a plan does otherwise than the step expects: actions and plan checks.
fn plan_problems(step: &Step, plan: &Plan, schemas: Option<&Schemas>) -> Vec<String> {
    let mut problems = Vec::new();
    for (address, expected) in &step.actions {
        match plan.change(address) {
            None => problems.push(format!(
                "{address}: expected {expected}, but the plan does not mention it"
            )),
            Some(change) => {
                let found = PlannedAction::from_actions(&change.actions);
                if found != Some(*expected) {
                    problems.push(format!(
                        "{address}: expected {expected}, the plan says {}",
                        change.actions.join(", ")
                    ));
                }
            }
        }
    }
    problems.extend(
        step.plan_checks
            .iter()
            .filter_map(|c| c.on_plan(plan, schemas).err()),
    );
    problems
}

/// `attribute: state X, imported Y` for each top-level attribute that differs, after the
/// ignored paths are made null on both sides.
fn differences(expected: &Json, found: &Json, ignore: &[AttributePath]) -> Vec<String> {
    let (mut expected, mut found) = (expected.clone(), found.clone());
    for path in ignore {
        clear(&mut expected, path);
        clear(&mut found, path);
    }
    let empty = serde_json::Map::new();
    let expected = expected.as_object().unwrap_or(&empty);
    let found = found.as_object().unwrap_or(&empty);
    let mut names: Vec<&String> = expected.keys().chain(found.keys()).collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .filter_map(|name| {
            let (old, new) = (
                expected.get(name).unwrap_or(&Json::Null),
                found.get(name).unwrap_or(&Json::Null),
            );
            (old != new).then(|| format!("{name}: state {old}, imported {new}"))
        })
        .collect()
}

/// Makes the part of `json` at `path` null, if it is there.
fn clear(json: &mut Json, path: &AttributePath) {
    let Some((last, parents)) = path.steps().split_last() else {
        *json = Json::Null;
        return;
    };
    let mut node = json;
    for step in parents {
        let next = match step {
            PathStep::AttributeName(name) | PathStep::ElementKeyString(name) => node.get_mut(name),
            PathStep::ElementKeyInt(index) => usize::try_from(*index)
                .ok()
                .and_then(|index| node.get_mut(index)),
            PathStep::ElementKeyValue(_) => None,
        };
        let Some(next) = next else { return };
        node = next;
    }
    let slot = match last {
        PathStep::AttributeName(name) | PathStep::ElementKeyString(name) => node.get_mut(name),
        PathStep::ElementKeyInt(index) => usize::try_from(*index)
            .ok()
            .and_then(|index| node.get_mut(index)),
        PathStep::ElementKeyValue(_) => None,
    };
    if let Some(slot) = slot {
        *slot = Json::Null;
    }
}

/// What a Terraform trace log (`TF_LOG=trace`) shows of provider processes that did not exit
/// by themselves; else how many started.
fn shutdown_problems(log: &str) -> Result<usize, String> {
    let started = log.matches("plugin started").count();
    let exited = log.matches("plugin process exited").count();
    let killed = log.contains("plugin failed to exit gracefully");
    if started == exited && !killed {
        return Ok(started);
    }
    Err(format!(
        "provider processes did not shut down cleanly: {started} started, {exited} exited{}",
        if killed {
            ", one killed by Terraform"
        } else {
            ""
        },
    ))
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// The patterns that do not match `text`, each as `/pattern/`, for a failure message.
fn unmatched(patterns: &[regex::Regex], text: &str) -> Vec<String> {
    patterns
        .iter()
        .filter(|pattern| !pattern.is_match(text))
        .map(|pattern| format!("/{pattern}/"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_trace_log_says_whether_every_provider_process_exited() {
        let started = "[DEBUG] provider: plugin started: path=.../terraform-provider-x pid=1\n";
        let exited = "[DEBUG] provider: plugin process exited: path=.../terraform-provider-x\n";
        assert_eq!(
            shutdown_problems(&format!("{started}{exited}{started}{exited}")),
            Ok(2)
        );
        // A command that started none (its count adds nothing to the run's).
        assert_eq!(
            shutdown_problems("[INFO] Terraform version: 1.15.5\n"),
            Ok(0)
        );
        assert_eq!(
            shutdown_problems(&format!("{started}{exited}{started}")),
            Err("provider processes did not shut down cleanly: 2 started, 1 exited".to_owned())
        );
        let killed = "[WARN] plugin failed to exit gracefully\n";
        assert_eq!(
            shutdown_problems(&format!("{started}{killed}{exited}")),
            Err(
                "provider processes did not shut down cleanly: 1 started, 1 exited, one killed \
                 by Terraform"
                    .to_owned()
            )
        );
    }

    #[test]
    fn check_shutdown_fails_a_run_whose_logs_showed_no_provider() {
        let test = ProviderTest::binary("example/none", "/nonexistent/terraform-provider-none")
            .check_shutdown();
        let session = Session::new(&test, Terraform::get(TerraformVersion::V1_15));
        let error = session.shutdown_seen().unwrap_err();
        assert!(
            error.contains("show no provider process starting"),
            "{error}"
        );
        session.plugins_started.set(2);
        assert_eq!(session.shutdown_seen(), Ok(()));
    }

    #[test]
    fn import_differences_leave_out_ignored_paths() {
        let state = json!({"id": "a", "content": "x", "owner": {"name": "ops", "key": "k"}});
        let imported = json!({"id": "a", "content": null, "owner": {"name": "ops", "key": null}});
        assert_eq!(
            differences(&state, &imported, &[]),
            [
                r#"content: state "x", imported null"#,
                r#"owner: state {"key":"k","name":"ops"}, imported {"key":null,"name":"ops"}"#
            ]
        );
        let ignore = [
            AttributePath::root("content"),
            AttributePath::root("owner").at_name("key"),
        ];
        assert!(differences(&state, &imported, &ignore).is_empty());
    }
}
