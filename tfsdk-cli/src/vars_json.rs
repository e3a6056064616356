//! `tfsdk vars --json`: the evaluation as one JSON document, in the shape Terraform's machine
//! output uses (`terraform output -json` for values, `-json` diagnostics for problems), so
//! scripts and the differential tests against Terraform read both the same way.

use serde_json::{Map, Value as Json, json};
use tfsdk_typeexpr::json_value;
use tfsdk_typeexpr::vars::{Diagnostic, Evaluation, Severity};
use tfsdk_typeexpr::{Pos, SourceRange};

fn pos(p: &Pos) -> Json {
    json!({"line": p.line, "column": p.column, "byte": p.byte})
}

fn range(r: &SourceRange) -> Json {
    json!({"filename": r.filename, "start": pos(&r.start), "end": pos(&r.end)})
}

/// One diagnostic: `severity`, `summary`, `detail`, `range` (when there is one), `path`.
pub(crate) fn diagnostic(d: &Diagnostic) -> Json {
    let mut out = Map::new();
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    out.insert("severity".into(), Json::from(severity));
    out.insert("summary".into(), Json::from(d.summary.clone()));
    out.insert("detail".into(), Json::from(d.detail.clone()));
    if let Some(r) = &d.range {
        out.insert("range".into(), range(r));
    }
    if let Some(p) = &d.path {
        out.insert("path".into(), Json::from(p.clone()));
    }
    Json::Object(out)
}

/// `{"variables": {NAME: {"sensitive", "type", "value"}}, "diagnostics": [...]}`; a variable
/// without a final value is left out of `variables`.
pub(crate) fn evaluation(e: &Evaluation) -> Json {
    let mut variables = Map::new();
    let mut diagnostics: Vec<Json> = e.diagnostics.iter().map(diagnostic).collect();
    for v in &e.variables {
        diagnostics.extend(v.diagnostics.iter().map(diagnostic));
        let Some(value) = &v.value else { continue };
        let ty = value
            .ty()
            .to_json()
            .ok()
            .and_then(|t| serde_json::from_str::<Json>(&t).ok())
            .unwrap_or(Json::Null);
        let value = json_value::to_json(value).unwrap_or(Json::Null);
        variables.insert(
            v.name.clone(),
            json!({"sensitive": v.sensitive, "type": ty, "value": value}),
        );
    }
    json!({"variables": variables, "diagnostics": diagnostics})
}

/// Load errors only (the module did not load).
pub(crate) fn load_errors(diagnostics: &[Diagnostic]) -> Json {
    json!({
        "variables": {},
        "diagnostics": diagnostics.iter().map(diagnostic).collect::<Vec<_>>(),
    })
}
