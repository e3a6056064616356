//! A variable's `validation` blocks: read from `.tf` or `.tf.json`, checked against the final
//! value as Terraform checks them, with its messages. A condition that calls a function this
//! crate does not implement gives a warning that the rule was not checked (never a pass).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use hcl_edit::Span;
use hcl_edit::expr::{Expression, TraversalOperator};
use hcl_edit::template::{Directive, Element, Template};

use tfsdk_core::tftypes::{Type, Value};

use super::eval::{EvalError, Evaluator, bool_of};
use super::parse::{Pos, SourceMap, SourceRange};
use super::vars::Diagnostic;

/// An expression of a rule with the text it was parsed from (for positions and numbers).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RuleExpr {
    src: Arc<str>,
    filename: Arc<str>,
    start: Pos,
    body: RuleBody,
    /// The range of the whole expression when it is not the text's own (a JSON string's
    /// quotes and escapes).
    outer: Option<SourceRange>,
}

#[derive(Clone, Debug, PartialEq)]
enum RuleBody {
    /// Native syntax.
    Expr(Expression),
    /// A JSON string: a template, whose lone interpolation keeps its type.
    Template(Template),
}

impl RuleExpr {
    /// An expression of a native-syntax file.
    pub(crate) fn native(expr: Expression, src: Arc<str>, filename: Arc<str>) -> RuleExpr {
        RuleExpr {
            src,
            filename,
            start: Pos {
                line: 1,
                column: 1,
                byte: 0,
            },
            body: RuleBody::Expr(expr),
            outer: None,
        }
    }

    /// A template read from a JSON string: positions inside count from `start`, and the
    /// whole string token is `outer`.
    pub(crate) fn template(
        template: Template,
        src: Arc<str>,
        filename: Arc<str>,
        start: Pos,
        outer: SourceRange,
    ) -> RuleExpr {
        RuleExpr {
            src,
            filename,
            start,
            body: RuleBody::Template(template),
            outer: Some(outer),
        }
    }

    fn map(&self) -> SourceMap<'_> {
        SourceMap {
            src: &self.src,
            filename: &self.filename,
            start: self.start,
        }
    }

    fn range(&self, span: Option<std::ops::Range<usize>>) -> Option<SourceRange> {
        span.map(|s| self.map().range(s))
    }

    /// The whole expression's range.
    fn whole(&self) -> Option<SourceRange> {
        if let Some(outer) = &self.outer {
            return Some(outer.clone());
        }
        match &self.body {
            RuleBody::Expr(e) => self.range(e.span()),
            RuleBody::Template(_) => self.range(Some(0..self.src.len())),
        }
    }

    fn eval(&self, root: BTreeMap<String, Value>) -> Result<Value, EvalError> {
        let mut evaluator = Evaluator::with_scope(&self.src, &self.filename, self.start, root);
        match &self.body {
            RuleBody::Expr(e) => evaluator.eval(e),
            RuleBody::Template(t) => evaluator.template_value(t, false, Some(0..self.src.len())),
        }
    }

    /// The `var.NAME` references in it, and whether it refers to anything at all.
    fn references(&self) -> (Vec<Ref>, bool) {
        let mut found = Vec::new();
        let mut any = false;
        match &self.body {
            RuleBody::Expr(e) => collect_refs(e, &mut found, &mut any, 0),
            RuleBody::Template(t) => collect_template_refs(t, &mut found, &mut any, 0),
        }
        (found, any)
    }
}

/// One `validation` block.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidationRule {
    /// `validation` in its file: Terraform names the rule by this range.
    pub decl_range: SourceRange,
    pub(crate) condition: RuleExpr,
    pub(crate) error_message: RuleExpr,
}

impl ValidationRule {
    /// The rule of a `validation` block at `decl_range`, or `Missing required argument` for
    /// each of `condition` and `error_message` it lacks (the block then adds no rule).
    pub(crate) fn from_parts(
        decl_range: SourceRange,
        condition: Option<RuleExpr>,
        error_message: Option<RuleExpr>,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<ValidationRule> {
        let mut missing = |name: &str| {
            diagnostics.push(
                Diagnostic::error(
                    "Missing required argument",
                    format!("The argument {name:?} is required, but no definition was found."),
                )
                .at(Some(decl_range.clone())),
            );
        };
        match (condition, error_message) {
            (Some(condition), Some(error_message)) => Some(ValidationRule {
                decl_range,
                condition,
                error_message,
            }),
            (condition, error_message) => {
                if condition.is_none() {
                    missing("condition");
                }
                if error_message.is_none() {
                    missing("error_message");
                }
                None
            }
        }
    }
}

/// What checking one rule found.
pub(crate) enum Outcome {
    Passed,
    /// The condition refers to a variable that has no value (its own errors are reported):
    /// the rule cannot be evaluated and adds nothing.
    Skipped,
    /// A failure or errors in the rule: error diagnostics.
    Failed(Vec<Diagnostic>),
    /// The condition calls a function not implemented here: a warning, the rule is not checked.
    NotChecked(Diagnostic),
}

/// Configuration errors Terraform reports when it loads the rule.
pub(crate) fn check_rule(name: &str, rule: &ValidationRule) -> Vec<Diagnostic> {
    let (refs, any) = rule.condition.references();
    let mut out = Vec::new();
    if !any {
        out.push(
            Diagnostic::error(
                "Invalid validation expression",
                "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
            )
            .at(rule.condition.whole()),
        );
    }
    if !refs.iter().any(|(r, _)| r == name) {
        out.push(
            Diagnostic::error(
                "Invalid variable validation condition",
                format!(
                    "The condition for variable {name:?} must refer to var.{name} in order to test incoming values."
                ),
            )
            .at(rule.condition.whole()),
        );
    }
    out
}

/// References to variables the module does not declare, in the condition or the message:
/// Terraform refuses them when it loads the module.
pub(crate) fn check_references(
    rule: &ValidationRule,
    declared: &dyn Fn(&str) -> bool,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for expr in [&rule.condition, &rule.error_message] {
        let (refs, _) = expr.references();
        for (name, span) in refs {
            if !declared(&name) {
                out.push(
                    Diagnostic::error(
                        "Reference to undeclared input variable",
                        format!(
                            "An input variable with the name {name:?} has not been declared. This variable can be declared with a variable {name:?} {{}} block."
                        ),
                    )
                    .at(expr.range(span)),
                );
            }
        }
    }
    out
}

fn eval_errors(expr: &RuleExpr, e: EvalError) -> Vec<Diagnostic> {
    e.into_all()
        .into_iter()
        .map(|e| Diagnostic::error(e.summary, e.detail).at(expr.range(e.span)))
        .collect()
}

/// Checks `rule` for the variable `name`, whose value is `vars[name]`. `subject` is where a
/// failure points: the value's expression in a variables file, else the declaration.
/// `sensitive` names the sensitive variables: a message that refers to one is not shown.
pub(crate) fn check(
    name: &str,
    rule: &ValidationRule,
    vars: &BTreeMap<String, Value>,
    sensitive: &BTreeSet<String>,
    subject: Option<SourceRange>,
) -> Outcome {
    let (refs, _) = rule.condition.references();
    if refs.iter().any(|(r, _)| !vars.contains_key(r)) {
        return Outcome::Skipped;
    }
    let root = BTreeMap::from([(
        "var".to_owned(),
        Value::object_of(vars.iter().map(|(k, v)| (k.clone(), v.clone()))),
    )]);
    let result = match rule.condition.eval(root.clone()) {
        Ok(v) => v,
        Err(e) => {
            if let Some(function) = &e.unsupported_function {
                return Outcome::NotChecked(
                    Diagnostic::warning(
                        "Validation rule not checked",
                        format!(
                            "The condition of this validation rule for var.{name} calls the function {function:?}, which tfsdk vars does not implement, so the rule was not checked: the value may or may not satisfy it."
                        ),
                    )
                    .at(rule.condition.range(e.span)),
                );
            }
            return Outcome::Failed(eval_errors(&rule.condition, e));
        }
    };
    if result.is_null() {
        return Outcome::Failed(vec![
            Diagnostic::error(
                "Invalid variable validation result",
                "Validation condition expression must return either true or false, not null.",
            )
            .at(rule.condition.whole()),
        ]);
    }
    let Some(passed) = bool_of(&result) else {
        return Outcome::Failed(vec![
            Diagnostic::error(
                "Invalid variable validation result",
                "Invalid validation condition result value: a bool is required.",
            )
            .at(rule.condition.whole()),
        ]);
    };
    if passed {
        return Outcome::Passed;
    }
    let (message_refs, _) = rule.error_message.references();
    if message_refs.iter().any(|(r, _)| sensitive.contains(r)) {
        return Outcome::Failed(vec![
            Diagnostic::error(
                "Error message refers to sensitive values",
                "The error expression used to explain this condition refers to sensitive values. Terraform will not display the resulting message.\n\nYou can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.",
            )
            .at(rule.error_message.whole()),
            Diagnostic::error(
                "Invalid value for variable",
                format!(
                    "The error message included a sensitive value, so it will not be displayed.\n\nThis was checked by the validation rule at {}.",
                    rule.decl_range
                ),
            )
            .at(subject),
        ]);
    }
    let message = match rule.error_message.eval(root) {
        Ok(v) if v.ty() == &Type::String || v.as_str().is_some() => {
            v.as_str().unwrap_or_default().to_owned()
        }
        Ok(v) => super::eval::string_of(&v).unwrap_or_else(|| {
            "Failed to evaluate the validation error message: a string is required.".to_owned()
        }),
        Err(e) => {
            if let Some(function) = &e.unsupported_function {
                format!(
                    "(The error message calls the function {function:?}, which tfsdk vars does not implement.)"
                )
            } else {
                return Outcome::Failed(eval_errors(&rule.error_message, e));
            }
        }
    };
    Outcome::Failed(vec![
        Diagnostic::error(
            "Invalid value for variable",
            format!(
                "{message}\n\nThis was checked by the validation rule at {}.",
                rule.decl_range
            ),
        )
        .at(subject),
    ])
}

const MAX_WALK: usize = 200;

/// A `var.NAME` reference: the name and the byte range of `var.NAME`.
type Ref = (String, Option<std::ops::Range<usize>>);

fn collect_refs(e: &Expression, found: &mut Vec<Ref>, any: &mut bool, depth: usize) {
    if depth > MAX_WALK {
        return;
    }
    let d = depth + 1;
    match e {
        Expression::Variable(_) => {}
        Expression::Traversal(t) => {
            if let Expression::Variable(root) = &t.expr {
                if root.as_str() == "var"
                    && let Some(op) = t.operators.first()
                    && let TraversalOperator::GetAttr(name) = op.value()
                {
                    *any = true;
                    let span = match (root.span(), op.span()) {
                        (Some(a), Some(b)) => Some(a.start..b.end),
                        _ => None,
                    };
                    found.push((name.as_str().to_owned(), span));
                }
            } else {
                collect_refs(&t.expr, found, any, d);
            }
            for op in &t.operators {
                if let TraversalOperator::Index(i) = op.value() {
                    collect_refs(i, found, any, d);
                }
            }
        }
        Expression::Array(a) => a.iter().for_each(|x| collect_refs(x, found, any, d)),
        Expression::Object(o) => {
            for (k, v) in o.iter() {
                if let hcl_edit::expr::ObjectKey::Expression(k) = k {
                    collect_refs(k, found, any, d);
                }
                collect_refs(v.expr(), found, any, d);
            }
        }
        Expression::StringTemplate(t) => collect_template_refs(t, found, any, d),
        Expression::HeredocTemplate(h) => collect_template_refs(&h.template, found, any, d),
        Expression::Parenthesis(p) => collect_refs(p.inner(), found, any, d),
        Expression::Conditional(c) => {
            collect_refs(&c.cond_expr, found, any, d);
            collect_refs(&c.true_expr, found, any, d);
            collect_refs(&c.false_expr, found, any, d);
        }
        Expression::FuncCall(f) => f.args.iter().for_each(|x| collect_refs(x, found, any, d)),
        Expression::UnaryOp(u) => collect_refs(&u.expr, found, any, d),
        Expression::BinaryOp(b) => {
            collect_refs(&b.lhs_expr, found, any, d);
            collect_refs(&b.rhs_expr, found, any, d);
        }
        Expression::ForExpr(f) => {
            collect_refs(&f.intro.collection_expr, found, any, d);
            if let Some(k) = &f.key_expr {
                collect_refs(k, found, any, d);
            }
            collect_refs(&f.value_expr, found, any, d);
            if let Some(c) = &f.cond {
                collect_refs(&c.expr, found, any, d);
            }
        }
        Expression::Null(_)
        | Expression::Bool(_)
        | Expression::Number(_)
        | Expression::String(_) => {}
    }
}

fn collect_template_refs(t: &Template, found: &mut Vec<Ref>, any: &mut bool, depth: usize) {
    if depth > MAX_WALK {
        return;
    }
    let d = depth + 1;
    for element in t.iter() {
        match element {
            Element::Literal(_) => {}
            Element::Interpolation(i) => collect_refs(&i.expr, found, any, d),
            Element::Directive(dir) => match &**dir {
                Directive::If(i) => {
                    collect_refs(&i.if_expr.cond_expr, found, any, d);
                    collect_template_refs(&i.if_expr.template, found, any, d);
                    if let Some(e) = &i.else_expr {
                        collect_template_refs(&e.template, found, any, d);
                    }
                }
                Directive::For(f) => {
                    collect_refs(&f.for_expr.collection_expr, found, any, d);
                    collect_template_refs(&f.for_expr.template, found, any, d);
                }
            },
        }
    }
}
