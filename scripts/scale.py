#!/usr/bin/env python3
"""Build cost and start-up of a provider the size of the largest (issue 35).

Generates a provider crate of N resource types written the way the README teaches: one module
per resource, each model of ~25 attributes (strings, numbers, bools, optional / computed /
stable, defaults, a map, a list, a nested block list of 5-attribute objects, a `one_of` and a
`length` rule, doc comments), trivial CRUD over an in-memory store, a data source per four
resources, and a few deeply nested resources (blocks four levels deep, as AWS's wafv2 has).
Then it measures, for the provider crate alone (dependencies are built first and not timed):

* the debug build, and the compiler's peak memory (max RSS of the crate's rustc);
* the rebuild after a two-line edit in one resource (a doc comment and a string literal);
* the debug binary's size;
* with --release: the release build (time, peak memory) and the stripped binary's size;
* at run time, with `scale-probe` (benches/src/bin/scale-probe.rs): start to handshake,
  `GetMetadata`, `GetProviderSchema` (to the answer's last byte; reading it into protocol
  structs, the client's work, apart), one resource's `ValidateResourceConfig` and the
  process's resident memory (max of VmHWM).

Baseline: with --serde-baseline, the same model structs (same fields, the same Rust field
types) with `#[derive(Serialize, Deserialize)]` instead of `#[derive(TfObject)]`, with no
server: build cost per model of the derive against serde's in the same run.

    python3 scripts/scale.py --resources 50 200            # debug builds, run-time probe
    python3 scripts/scale.py --resources 50 --release      # also the release build
    python3 scripts/scale.py --resources 50 --serde-baseline --no-run
    python3 scripts/scale.py --resources 1000 --crates 10  # one crate per "service"

With --crates K the resources are split into K service crates registered into one provider
crate (`registry.extend(service_k::register)`), the layout docs recommend for large providers;
the debug build is then the whole set of crates, the rebuild the edited one plus the binary.

The generated crates live in $TMPDIR/tfsdk-scale/ (override with --dir): outside this repository,
so that its .cargo/config.toml does not apply, as for an author's own provider. Results are printed as a
Markdown table and, with --json FILE, written as JSON.
"""

import argparse
import json
import os
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import scale_go  # noqa: E402  (the Go twin of the generated provider)
import whole_run  # noqa: E402  (Terraform's driver for whole runs)

# ------------------------------------------------------------------------------------------
# The generated provider
# ------------------------------------------------------------------------------------------


# The attributes of a rule block (and of each `statement` block below it), as
# (member, derive options, Rust type, doc): the one description both generators read.
RULE_FIELDS = [
    ("name", 'name = "name", required, length = 1..=64', "String", "The rule's name."),
    ("priority", 'name = "priority", optional, range = 0..=1000', "Option<i64>", "Its priority, lower first."),
    ("action", 'name = "action", optional, one_of = ["allow", "deny", "count"]', "Option<String>", "What the rule does."),
    ("enabled", 'name = "enabled", optional', "Option<bool>", "Whether the rule is on."),
    ("note", 'name = "note", optional', "Option<String>", "A free-form note."),
]

# The resource model of the benchmark's shape: 25 attributes, the last a block list of rules.
BASE_FIELDS = [
    ("id", 'name = "id", computed, stable', "types::String", "The thing's id, assigned by the API."),
    ("arn", 'name = "arn", computed, stable', "types::String", "Its resource name."),
    ("name", 'name = "name", required, length = 1..=128', "String", "The thing's name."),
    ("description", 'name = "description", optional', "Option<String>", "What it is for."),
    ("kind", 'name = "kind", optional, one_of = ["standard", "premium", "archive"]', "Option<String>", "Its kind."),
    ("size", 'name = "size", optional, default = 10i64', "Option<i64>", "Its size, 10 when unset."),
    ("instance_count", 'name = "instance_count", optional', "Option<i64>", "How many."),
    ("weight", 'name = "weight", optional', "Option<f64>", "A weight."),
    ("enabled", 'name = "enabled", optional, default = true', "Option<bool>", "Whether it is on."),
    ("protected", 'name = "protected", optional', "Option<bool>", "Whether deletion is refused."),
    ("region", 'name = "region", optional, computed', "types::String", "The region, the provider's when unset."),
    ("zone", 'name = "zone", optional, force_new', "Option<String>", "The zone; a change replaces it."),
    ("owner", 'name = "owner", optional', "Option<String>", "Who owns it."),
    ("email", 'name = "email", optional, length = 3..=254', "Option<String>", "Where to send notices."),
    ("retention_days", 'name = "retention_days", optional, range = 1..=3650', "Option<i64>", "How long to keep it."),
    ("created_at", 'name = "created_at", computed, stable', "types::String", "When it was made."),
    ("updated_at", 'name = "updated_at", computed', "types::String", "When it last changed."),
    ("version", 'name = "version", computed', "types::Int64", "Bumped on every change."),
    ("tags", 'name = "tags", optional', "Option<BTreeMap<String, String>>", "Tags, by key."),
    ("aliases", 'name = "aliases", optional', "Option<Vec<String>>", "Other names."),
    ("ports", 'name = "ports", optional', "Option<Vec<i64>>", "Ports it listens on."),
    ("endpoint", 'name = "endpoint", computed', "types::String", "Where to reach it."),
    ("status", 'name = "status", computed', "types::String", "Its status."),
    ("comment", 'name = "comment", optional', "Option<String>", "A comment."),
]

# The larger shape (--shape large): 35 more attributes of the same kinds, about 60 in all,
# and every resource's rule blocks three levels deep, as many AWS resources have.
LARGE_EXTRA = 35


def extra_field(j):
    kinds = [
        ('optional, length = 1..=256', "Option<String>", "A setting, as text."),
        ('optional, range = 0..=100000', "Option<i64>", "A setting, as a number."),
        ('optional', "Option<bool>", "A setting, on or off."),
        ('optional, force_new', "Option<String>", "A setting; a change replaces the thing."),
        ('optional', "Option<Vec<String>>", "A setting, as a list."),
        ('optional, one_of = ["low", "medium", "high"]', "Option<String>", "A setting, one of three."),
        ('optional, default = 1i64', "Option<i64>", "A setting, 1 when unset."),
    ]
    options, ty, doc = kinds[j % len(kinds)]
    return (f"setting_{j}", f'name = "setting_{j}", {options}', ty, f"{doc} ({j})")


def model_fields(i, shape="base"):
    """Resource i's fields as (member, derive options, Rust type, doc), its rule block last."""
    fields = list(BASE_FIELDS)
    if shape == "large":
        fields += [extra_field(j) for j in range(LARGE_EXTRA)]
    fields.append(("rules", 'name = "rule", optional, block', f"Option<Vec<Thing{i}Rule>>", "Its rules, one `rule` block each."))
    return fields


def nesting_depth(i, n, shape="base"):
    """How many `statement` levels lie below resource i's rule block: one resource in fifty
    nests four levels deep (as AWS's wafv2); with the large shape every one nests three."""
    if is_deep(i, n):
        return 3
    return 2 if shape == "large" else 0


def nested_rule(i, depth, name, serde):
    """A nested block struct; `depth` more levels below it (wafv2-like)."""
    derive = (
        "#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]"
        if serde
        else "#[derive(TfObject, Clone, Debug, PartialEq)]\n#[tfsdk(schema)]"
    )
    tf = (lambda s: "") if serde else (lambda s: f"    #[tfsdk({s})]\n")
    child = ""
    out = []
    if depth > 0:
        child_name = f"{name}Statement"
        out.append(nested_rule(i, depth - 1, child_name, serde))
        child = (
            f"    /// The nested statement, one level down.\n"
            + tf('name = "statement", optional, block')
            + f"    pub statement: Option<Vec<{child_name}>>,\n"
        )
    body = "".join(f"    /// {doc}\n{tf(options)}    pub {member}: {ty},\n" for member, options, ty, doc in RULE_FIELDS)
    out.append(f"/// A rule of the thing: five attributes.\n{derive}\npub struct {name} {{\n{body}{child}}}\n")
    return "\n".join(out)


def model_struct(i, depth, serde, shape="base"):
    """The resource model `Thing{i}`, and its nested block type `depth` levels deep."""
    name = f"Thing{i}"
    rule = f"{name}Rule"
    derive = (
        "#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]"
        if serde
        else "#[derive(TfObject, Clone, Debug, PartialEq)]\n#[tfsdk(schema(resource))]"
    )
    tf = (lambda s: "") if serde else (lambda s: f"    #[tfsdk({s})]\n")
    fields = model_fields(i, shape)
    body = []
    for member, options, ty, doc in fields:
        if serde:
            # serde has no framework types: the same Rust shape with plain options.
            ty = {"types::String": "Option<String>", "types::Int64": "Option<i64>"}.get(ty, ty)
        body.append(f"    /// {doc}\n{tf(options)}    pub {member}: {ty},\n")
    out = [nested_rule(i, depth, rule, serde), f"/// Thing {i}: a resource of ~{len(fields)} attributes.\n{derive}\npub struct {name} {{\n{''.join(body)}}}\n"]
    return "\n".join(out)


def data_source_struct(i):
    return f"""/// What a data source reads of thing {i}.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(data_source))]
pub struct Thing{i}Lookup {{
    /// The thing's name.
    #[tfsdk(name = "name", required)]
    pub name: String,
    /// Its id.
    #[tfsdk(name = "id", computed)]
    pub id: types::String,
    /// Its kind.
    #[tfsdk(name = "kind", computed)]
    pub kind: types::String,
    /// Its size.
    #[tfsdk(name = "size", computed)]
    pub size: types::Int64,
    /// Its tags.
    #[tfsdk(name = "tags", computed)]
    pub tags: types::Map<types::String>,
}}

/// The `scale_thing{i}` data source.
pub struct Thing{i}DataSource;

impl DataSource for Thing{i}DataSource {{
    type Provider = ScaleProvider;
    type Model = Thing{i}Lookup;
    const TYPE_NAME: &'static str = "scale_thing{i}";

    async fn read(
        &self,
        ctx: &Context<ScaleProvider>,
        config: Thing{i}Lookup,
    ) -> Result<Thing{i}Lookup, Diagnostics> {{
        let found = ctx.provider().store.find("thing{i}", &config.name);
        Ok(Thing{i}Lookup {{
            id: types::String::new(found.unwrap_or_default()),
            kind: types::String::new("standard"),
            size: types::Int64::new(10),
            tags: types::Map::new(BTreeMap::<String, types::String>::new()),
            ..config
        }})
    }}
}}
"""


def resource_module(i, depth, with_data_source, service_crate):
    provider = "crate::ScaleProvider" if not service_crate else "scale_common::ScaleProvider"
    uses = [
        "use std::collections::BTreeMap;",
        "",
        "use tfsdk_core::diag::Diagnostics;",
        "use tfsdk_core::{TfObject, types};",
        "use tfsdk_server::{Context, CreateRequest, DataSource, Failed, Resource, UpdateRequest};",
        "",
        f"use {provider};",
    ]
    if not with_data_source:
        uses[4] = "use tfsdk_server::{Context, CreateRequest, Failed, Resource, UpdateRequest};"
    src = [f"//! Resource `scale_thing{i}`.", "#![allow(clippy::all)]", "", *uses, ""]
    src.append(model_struct(i, depth, serde=False, shape=SHAPE))
    src.append(
        f"""/// The `scale_thing{i}` resource type.
pub struct Thing{i}Resource;

impl Resource for Thing{i}Resource {{
    type Provider = ScaleProvider;
    type Model = Thing{i};
    const TYPE_NAME: &'static str = "scale_thing{i}";

    async fn create(
        &self,
        ctx: &Context<ScaleProvider>,
        request: CreateRequest<Thing{i}>,
    ) -> Result<Thing{i}, Failed<Thing{i}>> {{
        let mut thing = request.planned;
        let id = ctx.provider().store.insert("thing{i}", &thing.name);
        thing.id = types::String::new(id.clone());
        thing.arn = types::String::new(format!("arn:scale:thing{i}/{{id}}"));
        thing.region = types::String::new("us-west");
        thing.created_at = types::String::new("2026-01-01T00:00:00Z");
        thing.updated_at = types::String::new("2026-01-01T00:00:00Z");
        thing.version = types::Int64::new(1);
        thing.endpoint = types::String::new(format!("https://thing{i}.example/{{id}}"));
        thing.status = types::String::new("ready");
        Ok(thing)
    }}

    async fn read(
        &self,
        _ctx: &Context<ScaleProvider>,
        state: Thing{i},
    ) -> Result<Option<Thing{i}>, Diagnostics> {{
        Ok(Some(state))
    }}

    async fn update(
        &self,
        _ctx: &Context<ScaleProvider>,
        request: UpdateRequest<Thing{i}>,
    ) -> Result<Thing{i}, Failed<Thing{i}>> {{
        let mut thing = request.planned;
        thing.updated_at = types::String::new("2026-01-02T00:00:00Z");
        thing.version = types::Int64::new(request.prior.version.get().unwrap_or(0) + 1);
        thing.endpoint = request.prior.endpoint.clone();
        thing.status = types::String::new("ready");
        Ok(thing)
    }}

    async fn delete(
        &self,
        ctx: &Context<ScaleProvider>,
        state: Thing{i},
    ) -> Result<(), Diagnostics> {{
        ctx.provider().store.remove("thing{i}", state.id.get().unwrap_or_default());
        Ok(())
    }}
}}
"""
    )
    if with_data_source:
        src.append(data_source_struct(i))
    return "\n".join(src)


PROVIDER_CORE = """
/// The store the trivial CRUD writes to: names by id, in memory.
#[derive(Default)]
pub struct Store {
    things: std::sync::Mutex<std::collections::BTreeMap<String, String>>,
}

impl Store {
    /// Keeps `name` of `kind` and returns its new id.
    pub fn insert(&self, kind: &str, name: &str) -> String {
        let mut things = self.things.lock().unwrap_or_else(|e| e.into_inner());
        let id = format!("{kind}-{}", things.len() + 1);
        things.insert(id.clone(), name.to_owned());
        id
    }

    /// The id of the first `kind` named `name`.
    pub fn find(&self, kind: &str, name: &str) -> Option<String> {
        let things = self.things.lock().unwrap_or_else(|e| e.into_inner());
        things
            .iter()
            .find(|(id, n)| id.starts_with(kind) && n.as_str() == name)
            .map(|(id, _)| id.clone())
    }

    /// Forgets `id`.
    pub fn remove(&self, _kind: &str, id: &str) {
        let mut things = self.things.lock().unwrap_or_else(|e| e.into_inner());
        things.remove(id);
    }
}

/// The provider's own block.
#[derive(tfsdk_core::TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(provider))]
pub struct ScaleConfig {
    /// The region things are made in.
    #[tfsdk(name = "region", optional)]
    pub region: Option<String>,
}

/// The provider of many things.
#[derive(Default)]
pub struct ScaleProvider {
    /// Where things live.
    pub store: Store,
}
"""


def provider_impl(register_body):
    return f"""
impl tfsdk_server::Provider for ScaleProvider {{
    type Config = ScaleConfig;

    fn register(&self, registry: &mut tfsdk_server::Registry<Self>) {{
{register_body}
    }}

    async fn configure(
        &self,
        _ctx: &tfsdk_server::Context<Self>,
        _config: ScaleConfig,
    ) -> Result<(), tfsdk_core::diag::Diagnostics> {{
        Ok(())
    }}
}}
"""


# The tfsdk checkout the generated crates depend on (--tfsdk): this one, or another commit's
# worktree for a before/after comparison.
TFSDK = ROOT


def dependency_lines():
    root = TFSDK.as_posix()
    return (
        f'tfsdk-core = {{ path = "{root}/tfsdk-core" }}\n'
        f'tfsdk-server = {{ path = "{root}/tfsdk-server" }}\n'
    )


def registrations(indices):
    lines = []
    for i in indices:
        lines.append(f"        registry.resource(thing{i}::Thing{i}Resource);")
        if i % 4 == 0:
            lines.append(f"        registry.data_source(thing{i}::Thing{i}DataSource);")
    return "\n".join(lines)


def is_deep(i, n):
    """A few resources (one in fifty, at least one) nest blocks four levels deep."""
    return i % 50 == 7 or (n < 8 and i == 0)


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def generate(directory, n, crates):
    """Writes the provider crate(s) for n resources; returns the file of resource 0."""
    if directory.exists():
        for child in directory.iterdir():
            if child.name not in ("target", "Cargo.lock"):
                shutil.rmtree(child) if child.is_dir() else child.unlink()
    directory.mkdir(parents=True, exist_ok=True)
    profile = PROFILES
    if crates <= 1:
        write(
            directory / "Cargo.toml",
            f"""[package]
name = "terraform-provider-scale"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
{dependency_lines()}
[workspace]
{profile}""",
        )
        mods = "\n".join(f"pub mod thing{i};" for i in range(n))
        write(
            directory / "src/lib.rs",
            "//! A provider of many things.\n#![allow(clippy::all)]\n\n" + mods + "\n"
            + PROVIDER_CORE + provider_impl(registrations(range(n))),
        )
        write(
            directory / "src/main.rs",
            "fn main() -> std::process::ExitCode {\n"
            "    tfsdk_server::serve(\"registry.terraform.io/example/scale\", "
            "terraform_provider_scale::ScaleProvider::default())\n}\n",
        )
        for i in range(n):
            write(directory / f"src/thing{i}.rs", resource_module(i, nesting_depth(i, n, SHAPE), i % 4 == 0, False))
        if PROFILES:
            write(directory / "build.rs", RECOMMENDED_BUILD_RS)
        return directory / "src/thing0.rs"
    # One crate per service, and a common crate for the provider type.
    members = ["common", "provider"] + [f"service{k}" for k in range(crates)]
    write(
        directory / "Cargo.toml",
        "[workspace]\nresolver = \"3\"\nmembers = [" + ", ".join(f'"{m}"' for m in members) + "]\n" + profile,
    )
    write(
        directory / "common/Cargo.toml",
        f'[package]\nname = "scale-common"\nversion = "0.1.0"\nedition = "2024"\npublish = false\n\n[dependencies]\n{dependency_lines()}',
    )
    write(directory / "common/src/lib.rs", "//! The provider type.\n#![allow(clippy::all)]\n" + PROVIDER_CORE)
    per = (n + crates - 1) // crates
    service_deps = ""
    register = []
    for k in range(crates):
        indices = range(k * per, min(n, (k + 1) * per))
        write(
            directory / f"service{k}/Cargo.toml",
            f'[package]\nname = "scale-service{k}"\nversion = "0.1.0"\nedition = "2024"\npublish = false\n\n'
            f'[dependencies]\n{dependency_lines()}scale-common = {{ path = "../common" }}\n',
        )
        mods = "\n".join(f"pub mod thing{i};" for i in indices)
        write(
            directory / f"service{k}/src/lib.rs",
            f"//! Service {k}.\n#![allow(clippy::all)]\n\nuse scale_common::ScaleProvider;\n\n{mods}\n\n"
            "/// Registers this service's types.\n"
            "pub fn register(registry: &mut tfsdk_server::Registry<ScaleProvider>) {\n"
            + registrations(indices)
            + "\n}\n",
        )
        for i in indices:
            write(directory / f"service{k}/src/thing{i}.rs", resource_module(i, nesting_depth(i, n, SHAPE), i % 4 == 0, True))
        service_deps += f'scale-service{k} = {{ path = "../service{k}" }}\n'
        register.append(f"        scale_service{k}::register(registry);")
    write(
        directory / "provider/Cargo.toml",
        f'[package]\nname = "terraform-provider-scale"\nversion = "0.1.0"\nedition = "2024"\npublish = false\n\n'
        f'[dependencies]\n{dependency_lines()}scale-common = {{ path = "../common" }}\n{service_deps}',
    )
    # The provider type and its `Provider` impl live in the common crate (the services name
    # the type); the binary hands it the services' registration functions.
    write(
        directory / "common/src/lib.rs",
        "//! The provider type.\n#![allow(clippy::all)]\n" + PROVIDER_CORE.replace(
            "    pub store: Store,\n}",
            "    pub store: Store,\n"
            "    /// Each service crate's registration function, given by the binary.\n"
            "    pub services: Vec<fn(&mut tfsdk_server::Registry<ScaleProvider>)>,\n}",
        )
        + provider_impl(
            "        for register in &self.services {\n            register(registry);\n        }"
        ),
    )
    write(
        directory / "provider/src/main.rs",
        "fn main() -> std::process::ExitCode {\n"
        "    let provider = scale_common::ScaleProvider {\n"
        "        services: vec![\n"
        + "".join(f"            scale_service{k}::register,\n" for k in range(crates))
        + "        ],\n"
        "        ..Default::default()\n"
        "    };\n"
        "    tfsdk_server::serve(\"registry.terraform.io/example/scale\", provider)\n}\n",
    )
    if PROFILES:
        write(directory / "provider/build.rs", RECOMMENDED_BUILD_RS)
    return directory / "service0/src/thing0.rs"


def generate_serde(directory, n):
    """The same model structs with serde's derive: the baseline of build cost per model."""
    directory.mkdir(parents=True, exist_ok=True)
    write(
        directory / "Cargo.toml",
        f"""[package]
name = "scale-serde"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
serde = {{ version = "1", features = ["derive"] }}

[workspace]
{PROFILES}""",
    )
    mods = "\n".join(f"pub mod thing{i};" for i in range(n))
    write(directory / "src/lib.rs", "//! serde's derive on the same structs.\n#![allow(clippy::all)]\n" + mods + "\n")
    for i in range(n):
        write(
            directory / f"src/thing{i}.rs",
            "use std::collections::BTreeMap;\n\n" + model_struct(i, nesting_depth(i, n, SHAPE), serde=True, shape=SHAPE),
        )


# The shape of each resource (--shape): "base" (~25 attributes) or "large" (~60, nested three
# levels deep).
SHAPE = "base"

# The generated crates' profiles: cargo's defaults, or with --recommended-profile what the
# README ("A provider of a thousand resources") recommends for large providers.
PROFILES = ""
RECOMMENDED_PROFILES = """
# Line tables keep file and line in backtraces; full debug info is most of a large provider's
# debug binary and of its link time.
[profile.dev]
debug = "line-tables-only"

# Dependencies need no debug info of their own.
[profile.dev.package."*"]
debug = false

# A release binary whose resources' code is compiled for size (it runs once per request;
# generic code is compiled where it is instantiated, in the service crates), in one unit per
# crate, and the runtime's own code (the codec) for speed.
[profile.release]
opt-level = "s"
codegen-units = 1

[profile.release.package.tfsdk-core]
opt-level = 3

[profile.release.package.tfsdk-server]
opt-level = 3
"""

# With --recommended-profile, the binary crate's build.rs: until this round the README advised
# a position-dependent executable on Linux (as Go links providers there), whose tables of
# schema attributes need no relocation at start; the runs of BENCHMARKS.md sections 7 and 10
# were made so. The README now keeps Rust's default (a PIE, for address randomisation) and
# --link-variants measures all three.
RECOMMENDED_BUILD_RS = """fn main() {
    // A position-dependent executable on Linux, as Go links providers there: the tables the
    // derive writes (names, descriptions, functions) are used where they lie in the binary,
    // instead of being relocated, and so copied into memory, when the provider starts.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}
"""

# The binary crate's build.rs for each way of linking it (--link-variants): position
# dependent (the README's advice until now), a position-independent executable (rustc's
# default: the tables' pointers relocated at start), and one with packed relative relocations
# (DT_RELR: the relocation table a few kilobytes, the relocated pages still copied).
LINK_BUILD_RS = {
    "no-pie": RECOMMENDED_BUILD_RS,
    "pie": "fn main() {}\n",
    "pie-relr": """fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo::rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
""",
}

# ------------------------------------------------------------------------------------------
# Measuring
# ------------------------------------------------------------------------------------------

WRAPPER = """#!/usr/bin/env python3
# rustc wrapper: records each crate's compile time and peak memory (max RSS) for scale.py.
import json, os, resource, subprocess, sys, time
args = sys.argv[1:]
start = time.monotonic()
child = subprocess.Popen(args)
_, status, usage = os.wait4(child.pid, 0)
elapsed = time.monotonic() - start
code = os.waitstatus_to_exitcode(status)
name = None
for i, a in enumerate(args):
    if a == "--crate-name" and i + 1 < len(args):
        name = args[i + 1]
log = os.environ.get("SCALE_RUSTC_LOG")
if log and name:
    with open(log, "a") as f:
        f.write(json.dumps({"crate": name, "seconds": elapsed, "max_rss_kb": usage.ru_maxrss}) + "\\n")
sys.exit(code)
"""


def run_timed(command, directory, env=None):
    """Runs `command` in `directory`; returns (wall seconds, CPU seconds of it and its
    children). Exits with its output when it fails."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    result = subprocess.run(
        command,
        cwd=directory,
        env=full_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    elapsed = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-6000:])
        raise SystemExit(f"{' '.join(command)} failed in {directory}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


# CPU seconds of the last `cargo` call.
LAST_CPU = [0.0]


def cargo(directory, *args, env=None, log=None):
    full_env = dict(env or {})
    if log:
        full_env["SCALE_RUSTC_LOG"] = str(log)
    elapsed, LAST_CPU[0] = run_timed(["cargo", *args], directory, full_env)
    return elapsed


def rustc_log(log, crates):
    """Total seconds and peak memory of the named crates' rustc runs in `log`."""
    seconds, peak = 0.0, 0
    if not log.exists():
        return seconds, peak
    for line in log.read_text().splitlines():
        entry = json.loads(line)
        if entry["crate"] in crates:
            seconds += entry["seconds"]
            peak = max(peak, entry["max_rss_kb"])
    return seconds, peak


def source_lines(directory):
    total = 0
    for path in directory.rglob("*.rs"):
        if "target" not in path.parts:
            total += sum(1 for _ in path.open())
    return total


def probe(binary, resource_type):
    exe = ROOT / "target/release/scale-probe"
    out = subprocess.run(
        [str(exe), str(binary), resource_type, "--runs", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    if out.returncode != 0:
        raise SystemExit(f"scale-probe failed: {out.stderr}")
    return json.loads(out.stdout)


def rust_directory(args, n):
    """Where the Rust provider of n resources is generated."""
    name = f"n{n}" if args.crates <= 1 else f"n{n}-c{args.crates}"
    return args.dir / (name if SHAPE == "base" else f"{name}-{SHAPE}")


def measure(args, n):
    directory = rust_directory(args, n)
    row_profile = "recommended" if PROFILES else "default"
    # One target directory per tfsdk checkout: dependencies are built once for each.
    target = args.dir / ("target" if TFSDK == ROOT else f"target-{TFSDK.name}")
    env = {
        "CARGO_TARGET_DIR": str(target),
        "RUSTC_WRAPPER": str(args.dir / "rustc-wrapper.py"),
    }
    own = {"terraform_provider_scale", "scale_common"} | {f"scale_service{k}" for k in range(args.crates)}
    # Dependencies first, untimed, through a provider of one resource per crate (quick to
    # build); then the provider of n resources, and its own crates forgotten.
    generate(directory, min(n, args.crates), args.crates)
    cargo(directory, "build", "--bin", "terraform-provider-scale", env=env)
    go = GoProvider(args, n) if args.go else None
    if go:
        go.warm()
    edited = generate(directory, n, args.crates)
    row = {
        "resources": n,
        "crates": args.crates,
        "shape": SHAPE,
        "profile": row_profile,
        "source_lines": source_lines(directory),
    }
    packages = ["terraform-provider-scale"] if args.crates <= 1 else (
        ["terraform-provider-scale", "scale-common"] + [f"scale-service{k}" for k in range(args.crates)]
    )
    clean = [x for p in packages for x in ("-p", p)]
    cargo(directory, "clean", *clean, env=env)
    log = args.dir / f"rustc-{n}.log"
    log.unlink(missing_ok=True)
    row["load_before_build"] = machine_load()
    row["debug_build_s"] = cargo(directory, "build", "--bin", "terraform-provider-scale", env=env, log=log)
    row["debug_build_cpu_s"] = LAST_CPU[0]
    row["debug_rustc_s"], peak = rustc_log(log, own)
    row["debug_peak_mb"] = peak / 1024
    binary = target / "debug/terraform-provider-scale"
    row["debug_binary_mb"] = binary.stat().st_size / 1e6
    if go:
        row["load_before_go_build"] = machine_load()
        go.full_build(row)

    # A two-line edit in one resource: a doc comment and a string literal.
    text = edited.read_text()
    edited.write_text(
        text.replace("/// The thing's name.", "/// The thing's name (edited).", 1).replace(
            'types::String::new("ready")', 'types::String::new("ready, edited")', 1
        )
    )
    log.unlink(missing_ok=True)
    row["rebuild_s"] = cargo(directory, "build", "--bin", "terraform-provider-scale", env=env, log=log)
    edited.write_text(text)
    if go:
        go.rebuild(row)

    if not args.no_run:
        row.update({f"debug_{k}": v for k, v in probe(binary, "scale_thing0").items()})

    if args.release:
        generate(directory, min(n, args.crates), args.crates)
        cargo(directory, "build", "--release", "--bin", "terraform-provider-scale", env=env)
        generate(directory, n, args.crates)
        cargo(directory, "clean", "--release", *clean, env=env)
        log.unlink(missing_ok=True)
        row["release_build_s"] = cargo(
            directory, "build", "--release", "--bin", "terraform-provider-scale", env=env, log=log
        )
        _, peak = rustc_log(log, own)
        row["release_peak_mb"] = peak / 1024
        release = target / "release/terraform-provider-scale"
        stripped = args.dir / f"stripped-{n}"
        subprocess.run(["strip", "-o", str(stripped), str(release)], check=True)
        row["stripped_release_mb"] = stripped.stat().st_size / 1e6
        if go:
            go_stripped = go.strip(args, row)
            if not args.no_run:
                row["load_before_probes"] = machine_load()
                alternate_probes(row, stripped, go_stripped)
            if args.whole_runs:
                row["load_before_whole_runs"] = machine_load()
                whole_runs(args, row, stripped, go_stripped)
        elif not args.no_run:
            row.update({f"release_{k}": v for k, v in probe(release, "scale_thing0").items()})
        if args.link_variants and PROFILES:
            link_variants(args, directory, target, env, row)

    if args.serde_baseline:
        # serde's derive on the same structs, then the same structs derived with TfObject alone
        # (no server): build cost per model, in the same run.
        serde_dir = args.dir / f"serde-n{n}"
        generate_serde(serde_dir, n)
        serde_s, serde_peak = timed_crate_build(serde_dir, "scale-serde", env, log)
        row["serde_models_s"] = serde_s
        row["serde_peak_mb"] = serde_peak / 1024
        models_dir = args.dir / f"models-n{n}"
        generate_models_only(models_dir, n)
        models_s, models_peak = timed_crate_build(models_dir, "scale-models", env, log)
        row["tfsdk_models_s"] = models_s
        row["tfsdk_models_peak_mb"] = models_peak / 1024
        row["models_vs_serde"] = models_s / serde_s if serde_s else None
    return row


# ------------------------------------------------------------------------------------------
# The same provider in Go (--go), measured in the same run, step by step after the Rust one
# ------------------------------------------------------------------------------------------


class GoProvider:
    """The Go twin of the provider (`scale_go.py`): built, edited, stripped and launched
    beside the Rust one, each step right after the Rust step it is compared with."""

    def __init__(self, args, n):
        self.n = n
        self.services = max(1, args.crates)
        self.directory = args.dir / f"go-n{n}-s{self.services}-{SHAPE}"
        self.binary = self.directory / "bin/terraform-provider-scale"
        # Its own build cache: the framework is compiled once and kept, as cargo keeps the
        # Rust dependencies; the provider's packages change with every run (a nonce).
        self.env = {
            "GOCACHE": str(args.dir / "gocache"),
            "GOFLAGS": "-mod=mod",
            "GOTOOLCHAIN": "local",
            "CGO_ENABLED": "0",
        }

    def generate(self, n, nonce):
        edited = scale_go.generate(
            self.directory,
            n,
            self.services,
            lambda i: model_fields(i, SHAPE),
            RULE_FIELDS,
            lambda i: nesting_depth(i, self.n, SHAPE),
            nonce,
        )
        # As a Go team's sources are: formatted.
        subprocess.run(["gofmt", "-w", "."], cwd=self.directory, check=True)
        return edited

    def build(self):
        return run_timed(["go", "build", "-o", str(self.binary), "."], self.directory, self.env)

    def warm(self):
        """Dependencies first, untimed: a provider of one resource per service."""
        self.generate(min(self.n, self.services), "warm")
        run_timed(["go", "mod", "tidy"], self.directory, self.env)
        self.build()

    def full_build(self, row):
        self.edited = self.generate(self.n, f"{time.time_ns()}")
        row["go_build_s"], row["go_build_cpu_s"] = self.build()
        row["go_binary_mb"] = self.binary.stat().st_size / 1e6
        row["go_source_lines"] = sum(
            sum(1 for _ in path.open()) for path in self.directory.rglob("*.go")
        )

    def rebuild(self, row):
        text = self.edited.read_text()
        self.edited.write_text(scale_go.edit(text))
        row["go_rebuild_s"], _ = self.build()
        self.edited.write_text(text)
        self.build()

    def strip(self, args, row):
        stripped = args.dir / f"go-stripped-{self.n}"
        subprocess.run(["strip", "-o", str(stripped), str(self.binary)], check=True)
        row["go_stripped_mb"] = stripped.stat().st_size / 1e6
        return stripped


def machine_load():
    """The 1-minute load average, read before a step."""
    return float(pathlib.Path("/proc/loadavg").read_text().split()[0])


def alternate_probes(row, rust_binary, go_binary, rounds=2):
    """`scale-probe` on the Rust and the Go binary in turn; each figure the median of
    rounds × 5 launches."""
    samples = {"release": [], "go": []}
    for _ in range(rounds):
        samples["release"].append(probe(rust_binary, "scale_thing0"))
        samples["go"].append(probe(go_binary, "scale_thing0"))
    for prefix, runs in samples.items():
        for key in runs[0]:
            values = sorted(r[key] for r in runs)
            row[f"{prefix}_{key}"] = values[len(values) // 2]


def whole_run_configurations(n):
    """Terraform configurations of the whole runs: one instance each of 100 of the types, and
    1,000 instances of one type, each with a rule block and a few optional attributes."""

    def body(name):
        return {
            "name": name,
            "description": "made by scale.py",
            "tags": {"team": "scale"},
            "aliases": ["a", "b"],
            "rule": [{"name": "r1", "priority": 1, "action": "allow"}],
        }

    required = {"terraform": {"required_providers": {"scale": {"source": "example/scale"}}}}
    hundred = dict(required, resource={
        f"scale_thing{i}": {"a": body(f"thing-{i}")} for i in range(min(100, n))
    })
    thousand = dict(required, resource={
        "scale_thing1": {"a": dict(body("thing-${count.index}"), count=1000)}
    })
    return {"100 types": hundred, "1000 × one type": thousand}


def whole_runs(args, row, rust_binary, go_binary):
    """Plan, apply, no-change plan and destroy of each configuration under Terraform 1.15.5,
    the Rust provider and the Go one in turn (`whole_run.py`'s driver: wall time and the
    provider processes' CPU)."""
    whole_run.install_terraform()
    rcs = {}
    for side, binary in (("rust", rust_binary), ("go", go_binary)):
        plugins = args.dir / f"plugins-{side}"
        plugins.mkdir(parents=True, exist_ok=True)
        shutil.copy2(binary, plugins / "terraform-provider-scale")
        rc = args.dir / f"{side}.tfrc"
        rc.write_text(
            'provider_installation {\n  dev_overrides { "example/scale" = "%s" }\n  direct {}\n}\n'
            % plugins
        )
        rcs[side] = rc
    for name, config in whole_run_configurations(row["resources"]).items():
        key = name.replace(" × ", "x").replace(" ", "_")
        for _ in range(args.whole_runs):
            for side, rc in rcs.items():
                directory = args.dir / f"whole-{key}-{side}"
                shutil.rmtree(directory, ignore_errors=True)
                directory.mkdir(parents=True)
                (directory / "main.tf.json").write_text(json.dumps(config))
                for command, command_args, expect in whole_run.COMMANDS:
                    wall, provider_cpu, _ = whole_run.run(directory, rc, command_args, expect)
                    slot = row.setdefault("whole", {}).setdefault(f"{key} {command}", {})
                    slot.setdefault(side, []).append({"wall_s": wall, "provider_cpu_s": provider_cpu})


def link_variants(args, directory, target, env, row):
    """The same release provider linked each way of `LINK_BUILD_RS`: what each costs at
    start-up and in memory, its relocation table and stripped size. Only the binary crate is
    built again (its build script changed), so this is a relink."""
    build_rs = directory / ("build.rs" if args.crates <= 1 else "provider/build.rs")
    kept = build_rs.read_text()
    for mode, text in LINK_BUILD_RS.items():
        build_rs.write_text(text)
        link_s = cargo(directory, "build", "--release", "--bin", "terraform-provider-scale", env=env)
        release = target / "release/terraform-provider-scale"
        stripped = args.dir / f"stripped-{row['resources']}-{mode}"
        subprocess.run(["strip", "-o", str(stripped), str(release)], check=True)
        headers = subprocess.run(
            ["readelf", "-h", "-S", "-W", str(stripped)], stdout=subprocess.PIPE, text=True, check=True
        ).stdout
        # Section lines: [Nr] Name Type Address Offset Size ...
        sections = re.findall(r"\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", headers)
        relocations = sum(int(size, 16) for name, size in sections if name in (".rela.dyn", ".relr.dyn"))
        entry = {
            "relink_s": link_s,
            "stripped_mb": stripped.stat().st_size / 1e6,
            "position_independent": "DYN (" in headers,
            "relocation_table_kb": relocations / 1024,
        }
        if not args.no_run:
            entry.update(probe(stripped, "scale_thing0"))
        row.setdefault("link", {})[mode] = entry
    build_rs.write_text(kept)
    cargo(directory, "build", "--release", "--bin", "terraform-provider-scale", env=env)


def timed_crate_build(directory, package, env, log):
    """Builds `package` in `directory` alone (its dependencies first, untimed): its rustc
    seconds and peak memory in KiB."""
    cargo(directory, "build", env=env)
    cargo(directory, "clean", "-p", package, env=env)
    log.unlink(missing_ok=True)
    cargo(directory, "build", env=env, log=log)
    return rustc_log(log, {package.replace("-", "_")})


def generate_models_only(directory, n):
    """The TfObject models alone, as a model crate (no resources, no server)."""
    directory.mkdir(parents=True, exist_ok=True)
    write(
        directory / "Cargo.toml",
        f"""[package]
name = "scale-models"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
tfsdk-core = {{ path = "{TFSDK.as_posix()}/tfsdk-core" }}

[workspace]
{PROFILES}""",
    )
    mods = "\n".join(f"pub mod thing{i};" for i in range(n))
    write(directory / "src/lib.rs", "//! The models alone.\n#![allow(clippy::all)]\n" + mods + "\n")
    for i in range(n):
        write(
            directory / f"src/thing{i}.rs",
            "use std::collections::BTreeMap;\nuse tfsdk_core::{TfObject, types};\n\n"
            + model_struct(i, nesting_depth(i, n, SHAPE), serde=False, shape=SHAPE),
        )


def table(rows):
    columns = [
        ("resources", "resources", "{}"),
        ("crates", "crates", "{}"),
        ("profile", "profile", "{}"),
        ("source_lines", "source lines", "{:,}"),
        ("debug_build_s", "debug build (s)", "{:.0f}"),
        ("debug_peak_mb", "rustc peak (MB)", "{:,.0f}"),
        ("rebuild_s", "rebuild after edit (s)", "{:.1f}"),
        ("debug_binary_mb", "debug binary (MB)", "{:.0f}"),
        ("release_build_s", "release build (s)", "{:.0f}"),
        ("release_peak_mb", "release rustc peak (MB)", "{:,.0f}"),
        ("stripped_release_mb", "stripped release (MB)", "{:.1f}"),
        ("release_handshake_ms", "handshake (ms, release)", "{:.1f}"),
        ("release_schema_ms", "GetProviderSchema (ms)", "{:.1f}"),
        ("release_max_rss_mb", "process (MB)", "{:.1f}"),
        ("debug_handshake_ms", "handshake (ms, debug)", "{:.1f}"),
        ("debug_schema_ms", "GetProviderSchema (ms, debug)", "{:.1f}"),
        ("debug_max_rss_mb", "process (MB, debug)", "{:.1f}"),
        ("serde_models_s", "serde models (s)", "{:.1f}"),
        ("tfsdk_models_s", "TfObject models (s)", "{:.1f}"),
        ("models_vs_serde", "TfObject / serde", "{:.2f}"),
    ]
    present = [c for c in columns if any(c[0] in r for r in rows)]
    lines = ["| " + " | ".join(c[1] for c in present) + " |", "|" + "---|" * len(present)]
    for r in rows:
        cells = []
        for key, _, fmt in present:
            v = r.get(key)
            cells.append("—" if v is None else fmt.format(v))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else None


def comparison(row):
    """Rust beside Go for one measured row, as Markdown: each figure, and Rust's over Go's."""
    pairs = [
        ("full build (s): Rust debug / Go", "debug_build_s", "go_build_s", "{:.0f}"),
        ("full build CPU (s)", "debug_build_cpu_s", "go_build_cpu_s", "{:.0f}"),
        ("rustc peak (MB) / —", "debug_peak_mb", None, "{:,.0f}"),
        ("rebuild after the same edit (s)", "rebuild_s", "go_rebuild_s", "{:.1f}"),
        ("binary with debug info (MB)", "debug_binary_mb", "go_binary_mb", "{:.0f}"),
        ("stripped release binary (MB)", "stripped_release_mb", "go_stripped_mb", "{:.1f}"),
        ("start to handshake (ms)", "release_handshake_ms", "go_handshake_ms", "{:.1f}"),
        ("GetProviderSchema to the answer's last byte (ms)", "release_schema_ms", "go_schema_ms", "{:.1f}"),
        ("reading the answer, in the client (ms)", "release_schema_decode_ms", "go_schema_decode_ms", "{:.1f}"),
        ("ValidateResourceConfig (ms)", "release_validate_ms", "go_validate_ms", "{:.2f}"),
        ("process peak memory (MB)", "release_max_rss_mb", "go_max_rss_mb", "{:.1f}"),
        ("source lines", "source_lines", "go_source_lines", "{:,}"),
    ]
    lines = [
        f"{row['resources']} resources ({row.get('shape', 'base')} shape), load before the build "
        f"{row.get('load_before_build', 0):.2f} / {row.get('load_before_go_build', 0):.2f}:",
        "",
        "| | Rust | Go | Rust / Go |",
        "|---|---|---|---|",
    ]
    for label, rust_key, go_key, fmt in pairs:
        rust, go = row.get(rust_key), row.get(go_key) if go_key else None
        if rust is None and go is None:
            continue
        ratio = f"{rust / go:.2f}" if rust is not None and go else "—"
        cell = lambda v: "—" if v is None else fmt.format(v)
        lines.append(f"| {label} | {cell(rust)} | {cell(go)} | {ratio} |")
    for step, sides in row.get("whole", {}).items():
        rust = median([r["wall_s"] for r in sides.get("rust", [])])
        go = median([r["wall_s"] for r in sides.get("go", [])])
        rust_cpu = median([r["provider_cpu_s"] for r in sides.get("rust", [])])
        go_cpu = median([r["provider_cpu_s"] for r in sides.get("go", [])])
        if rust is not None and go:
            lines.append(f"| {step}: wall (s) | {rust:.2f} | {go:.2f} | {rust / go:.2f} |")
        if rust_cpu is not None and go_cpu:
            lines.append(
                f"| {step}: provider CPU (s) | {rust_cpu:.2f} | {go_cpu:.2f} | {rust_cpu / go_cpu:.2f} |"
            )
    for mode, entry in row.get("link", {}).items():
        lines.append(
            f"| linked {mode}: handshake + schema (ms), memory (MB), relocations (KB), "
            f"stripped (MB) | {entry.get('handshake_ms', 0):.1f} + {entry.get('schema_ms', 0):.1f}, "
            f"{entry.get('max_rss_mb', 0):.1f}, {entry['relocation_table_kb']:,.0f}, "
            f"{entry['stripped_mb']:.1f} | | |"
        )
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--resources", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--crates", type=int, default=1, help="split the resources into K service crates")
    parser.add_argument("--release", action="store_true", help="also build in release")
    parser.add_argument("--no-run", action="store_true", help="skip the run-time probe")
    parser.add_argument("--serde-baseline", action="store_true", help="build the models with serde too")
    parser.add_argument(
        "--recommended-profile",
        action="store_true",
        help="write the README's profile settings for large providers into the generated crates",
    )
    parser.add_argument(
        "--generate-only",
        action="store_true",
        help="write the provider crate(s) under --dir and stop (to profile them by hand)",
    )
    parser.add_argument(
        "--go",
        action="store_true",
        help="also generate the same provider in Go (terraform-plugin-framework) and measure it "
        "step by step beside the Rust one (with --release: probes and whole Terraform runs too)",
    )
    parser.add_argument(
        "--shape",
        choices=["base", "large"],
        default="base",
        help="resources of ~25 attributes (base) or ~60 with rule blocks three levels deep (large)",
    )
    parser.add_argument(
        "--link-variants",
        action="store_true",
        help="with --release --recommended-profile: relink the binary position-dependent, as a "
        "PIE and as a PIE with packed relative relocations, and probe each",
    )
    parser.add_argument(
        "--whole-runs",
        type=int,
        default=1,
        help="with --go --release: rounds of whole Terraform runs per provider (0: none)",
    )
    parser.add_argument("--dir", type=pathlib.Path, default=pathlib.Path(tempfile.gettempdir()) / "tfsdk-scale")
    parser.add_argument("--json", type=pathlib.Path)
    parser.add_argument(
        "--tfsdk",
        type=pathlib.Path,
        default=ROOT,
        help="the tfsdk checkout to build against (a worktree of another commit, for before/after)",
    )
    args = parser.parse_args()
    global TFSDK, PROFILES, SHAPE
    TFSDK = args.tfsdk.resolve()
    SHAPE = args.shape
    if args.recommended_profile:
        PROFILES = RECOMMENDED_PROFILES
    args.dir = args.dir.resolve()
    args.dir.mkdir(parents=True, exist_ok=True)
    wrapper = args.dir / "rustc-wrapper.py"
    wrapper.write_text(WRAPPER)
    wrapper.chmod(0o755)
    if not args.no_run and not args.generate_only:
        subprocess.run(
            ["cargo", "build", "--release", "-p", "tfsdk-benches", "--bin", "scale-probe"],
            cwd=ROOT,
            check=True,
        )
    if args.generate_only:
        for n in args.resources:
            directory = rust_directory(args, n)
            generate(directory, n, args.crates)
            print(directory)
            if args.go:
                go = GoProvider(args, n)
                go.generate(n, "generate-only")
                print(go.directory)
        return
    rows = []
    for n in args.resources:
        row = measure(args, n)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print(table(rows))
    for row in rows:
        if "go_build_s" in row:
            print()
            print(comparison(row))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
