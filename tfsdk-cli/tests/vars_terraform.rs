//! Differential test: every module under `tests/data/vars/` goes through real Terraform
//! 1.15.5 (`terraform apply -json`, no providers: outputs echo the variables) and through
//! `tfsdk vars --json`, and the two must agree on the final values (type and value) and on
//! every diagnostic (severity, summary, detail and source range).
//!
//! A module directory holds `.tf` / `.tf.json` files, variables files, optionally `args`:
//! one command-line argument per line, `-var=NAME=VALUE` or `-var-file=FILE`, given to both,
//! and optionally `env`: `TF_VAR_name=value` lines, the environment of both.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::{Map, Value as Json};
use tfsdk_core::tftypes::Number;
use tfsdk_testing::{Terraform, TerraformVersion, Workdir};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/vars")
}

/// Declared variable names, found in the module's text (outputs echo them to Terraform).
fn declared(dir: &Path) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        if name.ends_with(".tf") && !name.ends_with("override.tf") {
            for line in text.lines() {
                if let Some(rest) = line.strip_prefix("variable \"") {
                    let var = rest.split('"').next().unwrap().to_owned();
                    out.push((var, false));
                }
            }
        } else if name.ends_with(".tf.json") && !name.ends_with("override.tf.json") {
            let json: Json = serde_json::from_str(&text).unwrap_or(Json::Null);
            let blocks = match json.get("variable") {
                Some(Json::Array(items)) => items.iter().collect(),
                Some(one) => vec![one],
                None => Vec::new(),
            };
            for vars in blocks.into_iter().filter_map(Json::as_object) {
                out.extend(vars.keys().map(|k| (k.clone(), false)));
            }
        }
    }
    let sensitive = std::fs::read_dir(dir).unwrap().any(|e| {
        std::fs::read_to_string(e.unwrap().path())
            .unwrap()
            .contains("sensitive")
    });
    for v in &mut out {
        v.1 = sensitive;
    }
    out.sort();
    out.dedup();
    out
}

fn env(dir: &Path) -> Vec<(String, String)> {
    std::fs::read_to_string(dir.join("env"))
        .map(|t| {
            t.lines()
                .filter_map(|l| l.split_once('='))
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect()
        })
        .unwrap_or_default()
}

fn args(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("args"))
        .map(|t| {
            t.lines()
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// Numbers written the one way `Number` prints them, so `1e3` and `1000` compare equal.
fn normalize(v: &Json) -> Json {
    match v {
        Json::Number(n) => {
            let mut parsed: Number = n.to_string().parse().unwrap();
            // `output -json` shows a value after the plan's msgpack encoding, which writes a
            // negative zero (`-0` in a .tfvars) as 0; `tfsdk vars` reports the value itself.
            if parsed.is_negative_zero() {
                parsed = Number::ZERO;
            }
            Json::String(format!("number:{parsed}"))
        }
        Json::Array(items) => Json::Array(items.iter().map(normalize).collect()),
        Json::Object(m) => Json::Object(m.iter().map(|(k, v)| (k.clone(), normalize(v))).collect()),
        other => other.clone(),
    }
}

fn range_text(d: &Json) -> String {
    match d.get("range") {
        Some(r) => format!(
            "{}:{},{}-{},{}",
            r["filename"].as_str().unwrap_or_default(),
            r["start"]["line"],
            r["start"]["column"],
            r["end"]["line"],
            r["end"]["column"]
        ),
        None => String::new(),
    }
}

fn diagnostic_line(d: &Json) -> String {
    format!(
        "{}: {}: {} @ {}",
        d["severity"].as_str().unwrap_or_default(),
        d["summary"].as_str().unwrap_or_default(),
        d["detail"].as_str().unwrap_or_default(),
        range_text(d)
    )
}

/// What one tool said: success, values (name → normalized {type, value}), diagnostics.
#[derive(Debug, PartialEq)]
struct Outcome {
    success: bool,
    values: Map<String, Json>,
    diagnostics: BTreeSet<String>,
}

fn through_terraform(terraform: &Terraform, dir: &Path) -> Outcome {
    let work = Workdir::new(terraform);
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap();
        if name != "args" && name != "env" {
            work.write(name, std::fs::read(&path).unwrap());
        }
    }
    let vars = declared(dir);
    let outputs: String = vars
        .iter()
        .map(|(v, sensitive)| {
            format!("output \"{v}\" {{\n  value     = var.{v}\n  sensitive = {sensitive}\n}}\n")
        })
        .collect();
    work.write("zz_outputs_for_test.tf", outputs);
    let mut argv = vec!["apply", "-auto-approve", "-input=false", "-json"];
    let extra = args(dir);
    argv.extend(extra.iter().map(String::as_str));
    let vars_env = env(dir);
    let env_refs: Vec<(&str, &str)> = vars_env
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let run = work.run_with_env(&argv, &env_refs);
    let mut diagnostics = BTreeSet::new();
    let mut values = Map::new();
    for line in run.stdout.lines() {
        let Ok(msg) = serde_json::from_str::<Json>(line) else {
            continue;
        };
        match msg["type"].as_str() {
            Some("diagnostic") => {
                diagnostics.insert(diagnostic_line(&msg["diagnostic"]));
            }
            Some("outputs") => {
                if let Some(outs) = msg["outputs"].as_object() {
                    for (k, o) in outs {
                        if o.get("value").is_some() {
                            values.insert(
                                k.clone(),
                                normalize(
                                    &serde_json::json!({"type": o["type"], "value": o["value"]}),
                                ),
                            );
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if run.success() && vars.iter().any(|v| v.1) {
        let out = work.run(&["output", "-json"]);
        let all: Map<String, Json> = serde_json::from_str(&out.stdout).unwrap();
        for (k, o) in all {
            values.insert(
                k,
                normalize(&serde_json::json!({"type": o["type"], "value": o["value"]})),
            );
        }
    }
    Outcome {
        success: run.success(),
        values,
        diagnostics,
    }
}

fn through_tfsdk(dir: &Path) -> (Outcome, usize) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfsdk"));
    cmd.arg("vars")
        .arg(".")
        .arg("--json")
        .current_dir(dir)
        .env_clear()
        .envs(env(dir));
    for a in args(dir) {
        if let Some(v) = a.strip_prefix("-var=") {
            cmd.arg("--var").arg(v);
        } else if let Some(f) = a.strip_prefix("-var-file=") {
            cmd.arg("--var-file").arg(f);
        } else {
            panic!("unsupported argument {a:?} in {}", dir.display());
        }
    }
    let out = cmd.output().unwrap();
    let json: Json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "tfsdk vars --json printed no JSON for {}: {e}\n{}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let values = json["variables"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| {
            (
                k.clone(),
                normalize(&serde_json::json!({"type": v["type"], "value": v["value"]})),
            )
        })
        .collect();
    // Rules this tool cannot check are its own warning (Terraform checks them): counted, and
    // left out of the comparison.
    let (unchecked, diagnostics): (Vec<&Json>, Vec<&Json>) = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .partition(|d| d["summary"] == "Validation rule not checked");
    (
        Outcome {
            success: out.status.success(),
            values,
            diagnostics: diagnostics.into_iter().map(diagnostic_line).collect(),
        },
        unchecked.len(),
    )
}

/// Only what differs, one line each: `terraform:` / `tfsdk:` prefixes.
fn difference(expected: &Outcome, found: &Outcome) -> String {
    let mut out = String::new();
    if expected.success != found.success {
        out += &format!(
            "  success: terraform {} tfsdk {}\n",
            expected.success, found.success
        );
    }
    for d in expected.diagnostics.difference(&found.diagnostics) {
        out += &format!("  terraform: {d:?}\n");
    }
    for d in found.diagnostics.difference(&expected.diagnostics) {
        out += &format!("  tfsdk:     {d:?}\n");
    }
    let names: BTreeSet<&String> = expected.values.keys().chain(found.values.keys()).collect();
    for name in names {
        let (e, f) = (expected.values.get(name), found.values.get(name));
        if e != f {
            out += &format!("  {name}: terraform {e:?}\n  {name}: tfsdk     {f:?}\n");
        }
    }
    out
}

#[test]
fn tfsdk_vars_agrees_with_terraform_on_every_module() {
    let terraform = Terraform::get(TerraformVersion::V1_15);
    let mut modules: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    modules.sort();
    assert!(modules.len() >= 30, "only {} modules", modules.len());
    let started = Instant::now();
    let mut failures = Vec::new();
    let mut not_checked = 0;
    for dir in &modules {
        let expected = through_terraform(terraform, dir);
        let (mut found, unchecked) = through_tfsdk(dir);
        not_checked += unchecked;
        // Terraform leaves null outputs out, and prints no values when it fails.
        found.values.retain(|_, v| !v["value"].is_null());
        if !expected.success {
            found.values.clear();
        }
        if expected != found {
            failures.push(format!(
                "{}:\n{}",
                dir.file_name().unwrap().to_string_lossy(),
                difference(&expected, &found)
            ));
        }
    }
    eprintln!(
        "{} modules through Terraform and tfsdk vars in {:.1?}",
        modules.len(),
        started.elapsed()
    );
    assert!(
        not_checked >= 1,
        "the module calling distinct() is not checked, and says so"
    );
    assert!(
        failures.is_empty(),
        "{} of {} modules differ:\n{}",
        failures.len(),
        modules.len(),
        failures.join("\n")
    );
}
