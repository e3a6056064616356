//! One batch of cases as a module: `variable "v_I"` blocks, `output "o_I"` blocks and a
//! `terraform.tfvars.json`, evaluated by Terraform and by the project, with the answers in one
//! shape so they can be compared.

use serde_json::Value as Json;
use tfsdk_core::tftypes::{Number, Type, Value, ValueData, ValueKind};
use tfsdk_testing::Workdir;
use tfsdk_typeexpr::vars::{Inputs, Module, evaluate};
use tfsdk_typeexpr::{console, set_order};

use super::generator::Case;

/// What one side says about one case.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The variable has a value. `ty` is `None` for a null value (Terraform drops null outputs;
    /// the console text still shows the null's type).
    Accepted {
        ty: Option<Json>,
        value: Json,
        /// The value as `terraform console` prints it as an element of a tuple (two spaces of
        /// indentation, a comma after it).
        console: String,
        /// The value as `terraform console` prints it alone (`var.v_I`, trailing newlines
        /// trimmed): Terraform is asked for one case per batch (preferring one printed with a
        /// heredoc), the project always answers.
        top: Option<String>,
    },
    /// The variable is rejected: the error's summary and detail.
    Rejected { summary: String, detail: String },
}

/// The separator between the elements of the console tuple: a line no value prints.
const SEPARATOR: &str = "@@oracle-separator@@";

/// The module for the cases at these indexes of a batch of `n` cases: variable `v_I` on line
/// `I + 1` (a blank line for a case left out), so a diagnostic's line names its variable and
/// messages do not change when a round leaves cases out.
pub fn module_text(n: usize, cases: &[(usize, &Case)]) -> String {
    let mut lines = vec![String::new(); n];
    for (i, case) in cases {
        lines[*i] = format!("variable \"v_{i}\" {{ type = {} }}", case.constraint);
    }
    for (i, _) in cases {
        lines.push(format!("output \"o_{i}\" {{ value = var.v_{i} }}"));
    }
    lines.join("\n") + "\n"
}

pub fn tfvars_text(cases: &[(usize, &Case)]) -> String {
    let mut text = String::from("{\n");
    for (n, (i, case)) in cases.iter().enumerate() {
        let comma = if n + 1 < cases.len() { "," } else { "" };
        text.push_str(&format!("  \"v_{i}\": {}{comma}\n", case.value));
    }
    text.push_str("}\n");
    text
}

/// Terraform's answers for every case of the batch, in order.
pub fn terraform(workdir: &Workdir, cases: &[Case]) -> Vec<Answer> {
    let mut answers: Vec<Option<Answer>> = vec![None; cases.len()];
    let mut included: Vec<(usize, &Case)> = cases.iter().enumerate().collect();
    // Terraform stops at configuration errors (a bad default: each names its variable's line),
    // then at rejected values (each names its variable); each round drops those it named.
    for _round in 0..3 {
        let _ = std::fs::remove_file(workdir.path().join("terraform.tfstate"));
        let _ = std::fs::remove_file(workdir.path().join("terraform.tfstate.backup"));
        workdir.write("main.tf", module_text(cases.len(), &included));
        workdir.write("terraform.tfvars.json", tfvars_text(&included));
        let run = workdir.run(&["apply", "-auto-approve", "-input=false", "-json"]);
        let mut outputs = None;
        let mut rejected = Vec::new();
        for line in run.stdout.lines() {
            let Ok(message) = serde_json::from_str::<Json>(line) else {
                continue;
            };
            match message["type"].as_str() {
                Some("outputs") => outputs = Some(message["outputs"].clone()),
                Some("diagnostic") if message["diagnostic"]["severity"] == "error" => {
                    let d = &message["diagnostic"];
                    let summary = d["summary"].as_str().unwrap_or_default().to_string();
                    let detail = d["detail"].as_str().unwrap_or_default().to_string();
                    let index = if d["range"]["filename"] == "main.tf" {
                        d["range"]["start"]["line"]
                            .as_u64()
                            .map(|line| line as usize - 1)
                    } else {
                        variable_index(&detail)
                    }
                    .unwrap_or_else(|| {
                        panic!("a Terraform error not about one variable: {d}\n{run}")
                    });
                    rejected.push(index);
                    answers[index].get_or_insert(Answer::Rejected { summary, detail });
                }
                _ => {}
            }
        }
        if rejected.is_empty() {
            assert!(run.success(), "{run}");
            if !included.is_empty() {
                let outputs = outputs.unwrap_or_else(|| panic!("no outputs message\n{run}"));
                let consoles = terraform_console(workdir, &included);
                let alone = consoles
                    .iter()
                    .position(|c| c.contains("<<-EOT"))
                    .unwrap_or(0);
                let alone_index = included[alone].0;
                let top = terraform_console_alone(workdir, alone_index);
                for ((i, _), console) in included.iter().zip(consoles) {
                    let output = &outputs[format!("o_{i}")];
                    answers[*i] = Some(Answer::Accepted {
                        ty: output.get("type").cloned(),
                        value: output.get("value").cloned().unwrap_or(Json::Null),
                        console,
                        top: (*i == alone_index).then(|| top.clone()),
                    });
                }
            }
            break;
        }
        included.retain(|(i, _)| !rejected.contains(i));
    }
    answers
        .into_iter()
        .map(|a| a.expect("every case answered"))
        .collect()
}

/// `var.v_12` in a diagnostic's detail → 12.
fn variable_index(detail: &str) -> Option<usize> {
    let start = detail.find("var.v_")? + "var.v_".len();
    let digits: String = detail[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The console text of each variable, printed as elements of one tuple (one `terraform console`
/// for the batch; it prints only the last expression it reads).
fn terraform_console(workdir: &Workdir, accepted: &[(usize, &Case)]) -> Vec<String> {
    let mut expression = String::from("[");
    for (i, _) in accepted {
        expression.push_str(&format!("var.v_{i}, \"{SEPARATOR}\", "));
    }
    expression.push_str("]\n");
    workdir.write("console.txt", expression);
    let run = workdir.run_with_stdin(&["console"], "console.txt");
    run.assert_success();
    split_console(&run.stdout)
        .unwrap_or_else(|| panic!("cannot split the console output into elements\n{run}"))
}

/// The console text of one variable printed alone.
fn terraform_console_alone(workdir: &Workdir, index: usize) -> String {
    workdir.write("console.txt", format!("var.v_{index}\n"));
    let run = workdir.run_with_stdin(&["console"], "console.txt");
    run.assert_success();
    run.stdout.trim_end().to_string()
}

/// `[\n<e1>,\n  "sep",\n<e2>,\n  "sep",\n]` → `[<e1>,\n, <e2>,\n]`.
fn split_console(text: &str) -> Option<Vec<String>> {
    let body = text.strip_prefix("[\n")?.trim_end().strip_suffix(']')?;
    let separator = format!("  \"{SEPARATOR}\",\n");
    let mut parts: Vec<String> = body.split(&separator).map(str::to_string).collect();
    if !parts.pop()?.is_empty() {
        return None;
    }
    Some(parts)
}

/// The project's answers for every case of the batch, in order, evaluated as Terraform does:
/// the same module text and `.tfvars.json` through `vars::evaluate` (a variable whose
/// declaration does not load is answered by that error, and the module is read again
/// without it, as Terraform's rounds do).
pub fn ours(cases: &[Case]) -> Vec<Answer> {
    let mut answers: Vec<Option<Answer>> = vec![None; cases.len()];
    let mut included: Vec<(usize, &Case)> = cases.iter().enumerate().collect();
    let module = loop {
        match Module::from_sources([("main.tf", module_text(cases.len(), &included))]) {
            Ok(module) => break module,
            Err(diagnostics) => {
                let mut rejected = Vec::new();
                for d in diagnostics.0.iter().filter(|d| d.is_error()) {
                    let index = d
                        .range
                        .as_ref()
                        .map(|r| r.start.line - 1)
                        .unwrap_or_else(|| panic!("a module error not about one variable: {d}"));
                    rejected.push(index);
                    answers[index].get_or_insert(Answer::Rejected {
                        summary: d.summary.clone(),
                        detail: d.detail.clone(),
                    });
                }
                included.retain(|(i, _)| !rejected.contains(i));
            }
        }
    };
    let mut inputs = Inputs::new();
    inputs.add_file_text("terraform.tfvars.json", &tfvars_text(&included), false);
    assert!(
        inputs.diagnostics().is_empty(),
        "{:?}",
        inputs.diagnostics()
    );
    let evaluation = evaluate(&module, &inputs);
    for (i, _) in &included {
        let result = evaluation
            .variable(&format!("v_{i}"))
            .expect("every variable evaluated");
        answers[*i] = Some(match result.diagnostics.iter().find(|d| d.is_error()) {
            Some(error) => Answer::Rejected {
                summary: error.summary.clone(),
                detail: error.detail.clone(),
            },
            None => our_answer(result.value.as_ref().expect("a value without errors")),
        });
    }
    answers
        .into_iter()
        .map(|a| a.expect("every case answered"))
        .collect()
}

/// An accepted value in the shape of Terraform's answer.
pub fn our_answer(value: &Value) -> Answer {
    let ty = value.ty();
    let json = |text: String| serde_json::from_str::<Json>(&text).expect("our JSON parses");
    let rendered = console::render(&Value::tuple_of([value.clone()]));
    let console = rendered
        .strip_prefix("[\n")
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(&rendered)
        .to_string();
    Answer::Accepted {
        ty: (!value.is_null()).then(|| json(ty.to_json().expect("type JSON"))),
        value: json_in_terraform_order(&through_the_plan(value)),
        console,
        top: Some(console::render(value).trim_end().to_string()),
    }
}

/// The value as `output -json` sees it: Terraform's outputs pass through the plan's msgpack
/// encoding, where go-cty writes a negative zero as the integer 0. A set
/// that held both zeros then holds one zero (go-cty's decoder merges equal elements), and a set
/// of collections holding `-0` may order differently there than in the console text.
fn through_the_plan(value: &Value) -> Value {
    let all = |items: Vec<Value>| items.iter().map(through_the_plan).collect::<Vec<_>>();
    let rebuilt = match value.clone().into_parts() {
        (_, ValueData::Number(n)) if n.is_negative_zero() => Ok(Value::number(Number::ZERO)),
        (Type::List(element), ValueData::List(items)) => {
            Value::list(Type::clone(&element), all(items))
        }
        (Type::Set(element), ValueData::Set(items)) => {
            let mut unique: Vec<Value> = Vec::new();
            for item in all(items) {
                if !unique.contains(&item) {
                    unique.push(item);
                }
            }
            Value::set(Type::clone(&element), unique)
        }
        (Type::Tuple(types), ValueData::Tuple(items)) => {
            Value::tuple(types.iter().cloned(), all(items))
        }
        (Type::Map(element), ValueData::Map(items)) => Value::map(
            Type::clone(&element),
            items.iter().map(|(k, v)| (k.clone(), through_the_plan(v))),
        ),
        (ty, ValueData::Object(items)) => Value::object(
            ty,
            items.iter().map(|(k, v)| (k.clone(), through_the_plan(v))),
        ),
        _ => Ok(value.clone()),
    };
    rebuilt.expect("the same value with its zeros positive")
}

/// The value's JSON as Terraform writes it: set elements in Terraform's order (the order
/// `console` prints them in, from `set_order`), leaves as `Value::to_json` writes them.
/// (`Value::to_json` writes a set in the order it holds, which need not be Terraform's.)
fn json_in_terraform_order(value: &Value) -> Json {
    match value.kind() {
        ValueKind::List(items) | ValueKind::Tuple(items) => {
            Json::Array(items.iter().map(json_in_terraform_order).collect())
        }
        ValueKind::Set(items) => Json::Array(
            set_order::reference_order(items)
                .into_iter()
                .map(json_in_terraform_order)
                .collect(),
        ),
        ValueKind::Map(items) | ValueKind::Object(items) => Json::Object(
            items
                .iter()
                .map(|(k, v)| (k.to_owned(), json_in_terraform_order(v)))
                .collect(),
        ),
        _ => serde_json::from_str(&value.to_json(value.ty()).expect("value JSON"))
            .expect("our JSON parses"),
    }
}

/// Whether two rejections agree: the same summary, and the same detail or details that part
/// inside the name of an object attribute or element (`attribute "a": …` against
/// `attribute "c": …`). There Terraform names whichever of several bad attributes Go's map
/// iteration meets first (a JSON object is an object value, so map elements from
/// `.tfvars.json` are attributes too): the kind of error and the path up to that step agree.
pub fn same_rejection(terraform: &Answer, ours: &Answer) -> bool {
    match (terraform, ours) {
        (
            Answer::Rejected {
                summary: s1,
                detail: d1,
            },
            Answer::Rejected {
                summary: s2,
                detail: d2,
            },
        ) => s1 == s2 && (d1 == d2 || part_at_a_name(d1, d2)),
        _ => false,
    }
}

fn part_at_a_name(a: &str, b: &str) -> bool {
    let common: usize = a
        .char_indices()
        .zip(b.chars())
        .take_while(|((_, x), y)| x == y)
        .last()
        .map_or(0, |((i, x), _)| i + x.len_utf8());
    let prefix = &a[..common];
    ["attribute \"", "element \""].iter().any(|opener| {
        prefix
            .rfind(opener)
            .is_some_and(|at| !prefix[at + opener.len()..].contains("\": "))
    })
}

/// A case as a line for a report: seed, constraint, value.
pub fn describe(case: &Case) -> String {
    format!(
        "seed {} (replay: TFSDK_ORACLE_SEED={} TFSDK_ORACLE_CASES=1)\n  type:  {}\n  value: {}",
        case.seed, case.seed, case.constraint, case.value
    )
}
