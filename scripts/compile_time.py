#!/usr/bin/env python3
"""Compile time of `#[derive(TfObject)]` against serde's derives (issue 7, SPEC "Performance targets").

Generates one crate of STRUCTS structs x FIELDS fields twice, the same struct definitions
derived once with `#[derive(TfObject)]` and once with `#[derive(Serialize, Deserialize)]`, and
times `cargo build` of that crate alone (dependencies are built first and not timed).

Two shapes of each crate:

* `defined`: the structs only, as a model crate that other code uses;
* `used`: plus a function that decodes and encodes every struct, so the generic conversion
  code is instantiated in the crate itself (tfsdk: `Value::from_msgpack` + `from_value`,
  `to_value` + `to_msgpack`; serde: `rmp_serde::from_slice` + `rmp_serde::to_vec_named`).

Each build is `cargo clean -p <crate>` followed by `cargo build` with cargo's default settings
for the profile (incremental on for dev, off for release), repeated RUNS times; the median is
reported.

    python3 scripts/compile_time.py                 # dev + release, defined + used, 3 runs
    python3 scripts/compile_time.py --runs 1 --profiles dev --shapes defined
    python3 scripts/compile_time.py --tfsdk-features msgpack-direct   # with the direct codec

The generated workspace lives in target/compile-time/ (override with --dir).
"""

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Field types shared by both crates; `{prev}` is the previous struct (a nested object). Structs
# nest in chains of ten (Model10 does not contain Model9), keeping types within the compiler's
# recursion limit.
FIELD_TYPES = [
    "String",
    "i64",
    "Option<String>",
    "bool",
    "Vec<String>",
    "f64",
    "Option<i64>",
    "std::collections::BTreeMap<String, String>",
    "Option<bool>",
    "Vec<i64>",
    "Option<{prev}>",
    "u32",
    "Option<Vec<String>>",
    "i32",
    "Option<f64>",
    "Vec<{prev}>",
    "String",
    "Option<String>",
    "i64",
    "bool",
]


def field_type(index, struct_index):
    ty = FIELD_TYPES[index % len(FIELD_TYPES)]
    if "{prev}" in ty:
        if struct_index % 10 == 0:
            return "String"
        return ty.replace("{prev}", f"Model{struct_index - 1}")
    return ty


def model_source(kind, structs, fields):
    lines = ["#![allow(dead_code)]", ""]
    if kind == "tfsdk":
        lines.append("use tfsdk_core::TfObject;")
    else:
        lines.append("use serde::{Deserialize, Serialize};")
    lines.append("")
    for s in range(structs):
        if kind == "tfsdk":
            lines.append("#[derive(TfObject)]")
        else:
            lines.append("#[derive(Serialize, Deserialize)]")
        lines.append(f"pub struct Model{s} {{")
        for f in range(fields):
            if kind == "tfsdk":
                lines.append(f'    #[tfsdk(name = "field_{f}")]')
            lines.append(f"    pub field_{f}: {field_type(f, s)},")
        lines.append("}")
        lines.append("")
    return lines


def use_source(kind, structs):
    lines = []
    if kind == "tfsdk":
        lines += [
            "use tfsdk_core::convert::{FromValue, TerraformType, ToValue};",
            "use tfsdk_core::tftypes::Value;",
            "",
            "fn round_trip<T: FromValue + ToValue + TerraformType>(bytes: &[u8]) -> Option<Vec<u8>> {",
            "    let ty = T::terraform_type();",
            "    let model = T::from_value(Value::from_msgpack(bytes, &ty).ok()?).ok()?;",
            "    model.to_value(&ty).ok()?.to_msgpack(&ty).ok()",
            "}",
        ]
    else:
        lines += [
            "fn round_trip<T: Serialize + for<'de> Deserialize<'de>>(bytes: &[u8]) -> Option<Vec<u8>> {",
            "    let model: T = rmp_serde::from_slice(bytes).ok()?;",
            "    rmp_serde::to_vec_named(&model).ok()",
            "}",
        ]
    lines += ["", "/// Decodes and encodes every model (instantiates all conversion code).",
              "pub fn use_all(bytes: &[u8]) -> usize {", "    let mut n = 0;"]
    for s in range(structs):
        lines.append(f"    n += round_trip::<Model{s}>(bytes).map_or(0, |b| b.len());")
    lines += ["    n", "}", ""]
    return lines


def write_workspace(directory, structs, fields, core, features):
    directory.mkdir(parents=True, exist_ok=True)
    core = core.resolve().as_posix()
    members = []
    for kind in ("tfsdk", "serde"):
        for shape in ("defined", "used"):
            name = f"ct-{kind}-{shape}"
            members.append(name)
            crate = directory / name
            (crate / "src").mkdir(parents=True, exist_ok=True)
            if kind == "tfsdk":
                listed = ", ".join(f'"{f}"' for f in features)
                deps = f'tfsdk-core = {{ path = "{core}", features = [{listed}] }}\n'
            else:
                deps = 'serde = { version = "1", features = ["derive"] }\nrmp-serde = "1"\n'
            (crate / "Cargo.toml").write_text(
                f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2024"\n'
                f"publish = false\n\n[dependencies]\n{deps}"
            )
            source = model_source(kind, structs, fields)
            if shape == "used":
                source += use_source(kind, structs)
            new = "\n".join(source) + "\n"
            lib = crate / "src" / "lib.rs"
            if not lib.exists() or lib.read_text() != new:
                lib.write_text(new)
    (directory / "Cargo.toml").write_text(
        "[workspace]\nresolver = \"3\"\nmembers = ["
        + ", ".join(f'"{m}"' for m in members)
        + "]\n"
    )
    return members


def cargo(directory, *args, env=None):
    result = subprocess.run(
        ["cargo", *args], cwd=directory, env=env, capture_output=True, text=True
    )
    if result.returncode != 0:
        sys.stderr.write(result.stderr[-4000:])
        raise SystemExit(f"cargo {' '.join(args)} failed in {directory}")


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_build(directory, crate, profile, runs):
    """(wall seconds, CPU seconds) of each timed build of `crate`."""
    flags = ["--release"] if profile == "release" else []
    # Build the dependencies once so they are cached and not timed (through the cheap
    # `defined` crate of the same kind, which has the same dependencies).
    cargo(directory, "build", "-p", crate.replace("-used", "-defined"), *flags)
    times = []
    for _ in range(runs):
        cargo(directory, "clean", "-p", crate, *flags)
        start, start_cpu = time.monotonic(), children_cpu_seconds()
        cargo(directory, "build", "-p", crate, *flags)
        times.append((time.monotonic() - start, children_cpu_seconds() - start_cpu))
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--structs", type=int, default=200)
    parser.add_argument("--fields", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="dev,release")
    parser.add_argument("--shapes", default="defined,used")
    parser.add_argument("--dir", type=pathlib.Path, default=ROOT / "target" / "compile-time")
    parser.add_argument("--tfsdk-core", type=pathlib.Path, default=ROOT / "tfsdk-core",
                        help="the tfsdk-core to build against (e.g. another checkout, for A/B)")
    parser.add_argument("--tfsdk-features", default="",
                        help="tfsdk-core features to enable, comma-separated (e.g. msgpack-direct)")
    args = parser.parse_args()

    features = [f for f in args.tfsdk_features.split(",") if f]
    write_workspace(args.dir, args.structs, args.fields, args.tfsdk_core, features)
    print(f"{args.structs} structs x {args.fields} fields, {args.runs} run(s) each; median "
          f"wall and CPU (user + system) seconds of `cargo build` of the generated crate")
    print(f"{'profile':8} {'shape':8} {'tfsdk wall':>10} {'serde wall':>10} {'ratio':>6}"
          f" {'tfsdk cpu':>10} {'serde cpu':>10} {'ratio':>6}")
    for profile in args.profiles.split(","):
        for shape in args.shapes.split(","):
            wall, cpu, runs = {}, {}, {}
            for kind in ("tfsdk", "serde"):
                crate = f"ct-{kind}-{shape}"
                runs[kind] = time_build(args.dir, crate, profile, args.runs)
                wall[kind] = statistics.median(w for w, _ in runs[kind])
                cpu[kind] = statistics.median(c for _, c in runs[kind])
            detail = "  ".join(
                f"{k}: " + ", ".join(f"{w:.1f}/{c:.1f}" for w, c in runs[k]) for k in runs
            )
            print(f"{profile:8} {shape:8} {wall['tfsdk']:10.1f} {wall['serde']:10.1f} "
                  f"{wall['tfsdk'] / wall['serde']:6.2f} {cpu['tfsdk']:10.1f} "
                  f"{cpu['serde']:10.1f} {cpu['tfsdk'] / cpu['serde']:6.2f}   ({detail})",
                  flush=True)


if __name__ == "__main__":
    main()
