//! Terraform as the oracle for type constraints: a seeded generator of constraints and values,
//! evaluated by real Terraform 1.15 in batches and by `tfsdk_typeexpr::vars`, compared
//! case by case (accept or reject, result type, value, console text, error message).
//!
//! ```text
//! cargo test -p tfsdk-tests --test terraform_oracle                     # 4,000 cases
//! TFSDK_ORACLE_CASES=100000 cargo test -p tfsdk-tests --test terraform_oracle -- --nocapture
//! TFSDK_ORACLE_SEED=1234 TFSDK_ORACLE_CASES=1 cargo test -p tfsdk-tests --test terraform_oracle
//! ```
//!
//! libtest owns the command line, so `--cases N` is the environment variable
//! `TFSDK_ORACLE_CASES` (default 4,000, about 30 s). Case `k` of a run has the seed
//! `TFSDK_ORACLE_SEED + k` (the base seed defaults to a fixed number, so CI runs the same cases
//! each time; give another base to explore); a failing run prints each disagreeing case with its
//! seed, and `TFSDK_ORACLE_SEED=<seed> TFSDK_ORACLE_CASES=1` replays it alone (with the same
//! generator). `TFSDK_ORACLE_BATCH` sets how many cases go into one Terraform module (default
//! 250). Long runs print a progress line every 10,000 cases.
//!
//! How Terraform is asked, per batch: `apply -json` on a module of `variable "v_I"` blocks (one
//! per line, so a diagnostic's line names its variable; a case left out leaves a blank line, so
//! no message changes) with the values in `terraform.tfvars.json`. Its error diagnostics name
//! each rejected variable: first the declarations that do not load (a default that does not
//! convert), then the values that do not convert; each round leaves those out. The last round's
//! `outputs` message gives each accepted value's type and JSON (null outputs are left out: a
//! null is checked through its console text). Then `terraform console` prints one tuple of all
//! the accepted variables (separated by a marker string) for each value's console text, and
//! once more one variable alone (preferring one printed with a heredoc) for the top-level form.
//! The project evaluates the same module text and `.tfvars.json` with `vars::evaluate`.
//!
//! Where Terraform's message names whichever object attribute or element Go's map iteration
//! meets first, two messages that agree up to a name after `attribute "` or `element "` and part
//! there are taken as the same (same kind of error, same path up to that step).
//!
//! A negative zero keeps its sign in the console text and in a conversion to string, and is
//! `0` in `output -json` (outputs pass through the plan's msgpack encoding).
//!
//! Every disagreement found becomes a line of `oracle/regressions.jsonl` with Terraform's answer
//! (recorded by `record_regression_answers`, an ignored test); `regression_vectors` checks them
//! without Terraform, and the oracle run sends them through Terraform again with its cases.

mod batch;
mod generator;

use std::time::Instant;

use serde_json::Value as Json;
use tfsdk_testing::{Terraform, TerraformVersion, Workdir};

use batch::Answer;
use generator::Case;

const DEFAULT_CASES: usize = 4_000;
const DEFAULT_SEED: u64 = 0x7f5d_2c1e_0000_0000;
const DEFAULT_BATCH: usize = 250;
/// A progress line on standard error every this many cases (long runs).
const PROGRESS_EVERY: usize = 10_000;
const REGRESSIONS: &str = include_str!("regressions.jsonl");

fn env_number(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    let text = text.trim().replace('_', "");
    let parsed = match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => text.parse(),
    };
    Some(parsed.unwrap_or_else(|e| panic!("{name}={text:?}: {e}")))
}

/// One stored regression vector: the case and Terraform's answer for it alone (as `v_0`).
struct Regression {
    case: Case,
    terraform: Answer,
}

fn regressions() -> Vec<Regression> {
    REGRESSIONS
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(n, line)| {
            let json: Json = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("regressions.jsonl line {}: {e}", n + 1));
            let case = Case {
                seed: json["seed"].as_u64().unwrap_or(0),
                constraint: json["type"].as_str().expect("type").to_string(),
                value: json["value"].as_str().expect("value").to_string(),
            };
            let t = &json["terraform"];
            let text = |key: &str| t[key].as_str().unwrap_or_default().to_string();
            let terraform = if t["ok"] == true {
                Answer::Accepted {
                    ty: t.get("type").cloned().filter(|t| !t.is_null()),
                    value: t["value"].clone(),
                    console: text("console"),
                    top: t["console_alone"].as_str().map(str::to_string),
                }
            } else {
                Answer::Rejected {
                    summary: text("summary"),
                    detail: text("detail"),
                }
            };
            Regression { case, terraform }
        })
        .collect()
}

fn answer_json(answer: &Answer) -> Json {
    match answer {
        Answer::Accepted {
            ty,
            value,
            console,
            top,
        } => serde_json::json!({
            "ok": true, "type": ty, "value": value, "console": console, "console_alone": top,
        }),
        Answer::Rejected { summary, detail } => serde_json::json!({
            "ok": false, "summary": summary, "detail": detail,
        }),
    }
}

/// What differs between two accepted answers (the text alone only where Terraform gave it).
fn accepted_differences(terraform: &Answer, ours: &Answer) -> Vec<&'static str> {
    let (
        Answer::Accepted {
            ty,
            value,
            console,
            top,
        },
        Answer::Accepted {
            ty: ty2,
            value: value2,
            console: console2,
            top: top2,
        },
    ) = (terraform, ours)
    else {
        return Vec::new();
    };
    [
        (ty != ty2).then_some("type"),
        (value != value2).then_some("value"),
        (console != console2).then_some("console text"),
        (top.is_some() && top != top2).then_some("console text alone"),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// A disagreement, described for the failure message.
fn disagreement(case: &Case, terraform: &Answer, ours: &Answer) -> Option<String> {
    let what = match (terraform, ours) {
        (Answer::Accepted { .. }, Answer::Accepted { .. }) => {
            accepted_differences(terraform, ours).join(", ")
        }
        (Answer::Rejected { .. }, Answer::Rejected { .. }) => {
            if batch::same_rejection(terraform, ours) {
                String::new()
            } else {
                "error message".to_string()
            }
        }
        (Answer::Accepted { .. }, _) => "Terraform accepts, we reject".to_string(),
        _ => "Terraform rejects, we accept".to_string(),
    };
    (!what.is_empty()).then(|| {
        format!(
            "{}\n  differs:   {what}\n  terraform: {}\n  ours:      {}",
            batch::describe(case),
            answer_json(terraform),
            answer_json(ours)
        )
    })
}

/// The stored vectors: the project still gives Terraform's recorded answers (no Terraform).
#[test]
fn regression_vectors() {
    let mut failures = Vec::new();
    let vectors = regressions();
    for r in &vectors {
        let ours = batch::ours(std::slice::from_ref(&r.case)).remove(0);
        if let Some(d) = disagreement(&r.case, &r.terraform, &ours) {
            failures.push(d);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} regression vectors disagree with Terraform's recorded answer:\n\n{}",
        failures.len(),
        vectors.len(),
        failures.join("\n\n")
    );
}

/// Rewrites Terraform's answers in `regressions.jsonl` (each case alone, as `v_0`):
/// `cargo test -p tfsdk-tests --test terraform_oracle -- --ignored record_regression_answers`.
#[test]
#[ignore = "rewrites tests/oracle/regressions.jsonl from Terraform"]
fn record_regression_answers() {
    let terraform = Terraform::get(TerraformVersion::V1_15);
    let workdir = Workdir::new(terraform);
    let mut out = String::new();
    for r in regressions() {
        let answer = batch::terraform(&workdir, std::slice::from_ref(&r.case)).remove(0);
        let line = serde_json::json!({
            "seed": r.case.seed,
            "type": r.case.constraint,
            "value": r.case.value,
            "terraform": answer_json(&answer),
        });
        out.push_str(&line.to_string());
        out.push('\n');
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/regressions.jsonl");
    std::fs::write(&path, out).unwrap();
}

/// The differential run: generated cases and the stored vectors, Terraform against the project.
#[test]
fn terraform_is_the_oracle() {
    let count = env_number("TFSDK_ORACLE_CASES").map_or(DEFAULT_CASES, |n| n as usize);
    let base = env_number("TFSDK_ORACLE_SEED").unwrap_or(DEFAULT_SEED);
    let batch_size = env_number("TFSDK_ORACLE_BATCH").map_or(DEFAULT_BATCH, |n| n.max(1) as usize);
    let terraform = Terraform::get(TerraformVersion::V1_15);
    let workdir = Workdir::new(terraform);
    let started = Instant::now();

    let mut cases: Vec<Case> = regressions().into_iter().map(|r| r.case).collect();
    let stored = cases.len();
    cases.extend((0..count as u64).map(|k| generator::case(base.wrapping_add(k))));

    let mut failures = Vec::new();
    let (mut accepted, mut rejected) = (0usize, 0usize);
    for chunk in cases.chunks(batch_size) {
        let theirs = batch::terraform(&workdir, chunk);
        let ours = batch::ours(chunk);
        for ((case, t), o) in chunk.iter().zip(&theirs).zip(&ours) {
            match t {
                Answer::Accepted { .. } => accepted += 1,
                Answer::Rejected { .. } => rejected += 1,
            }
            if let Some(d) = disagreement(case, t, o) {
                failures.push(d);
            }
        }
        let done = accepted + rejected;
        if done / PROGRESS_EVERY != (done - chunk.len()) / PROGRESS_EVERY {
            eprintln!(
                "{done} of {} cases, {} disagreements so far ({:.0} s)",
                cases.len(),
                failures.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    let elapsed = started.elapsed();
    println!(
        "{} cases, {} disagreements ({count} generated from seed {base}, {stored} stored; \
         Terraform accepted {accepted}, rejected {rejected}; {:.1} s)",
        cases.len(),
        failures.len(),
        elapsed.as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} cases, {} disagreements:\n\n{}",
        cases.len(),
        failures.len(),
        failures.join("\n\n")
    );
}
