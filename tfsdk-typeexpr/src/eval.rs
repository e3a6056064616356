//! Expressions of the configuration language evaluated to values, as HCL evaluates them:
//! operators, conditionals, string templates and heredocs with directives, collection and
//! object constructors, `for` expressions, indexing and splats, and (in a validation rule)
//! variables and the functions of [`super::functions`].
//!
//! A `.tfvars` file is evaluated with no context at all, as Terraform does: a reference is
//! "Variables not allowed" and a call "Function calls not allowed", with HCL's words and
//! ranges. Numbers stay exact decimals; arithmetic follows [`super::arith`].
//!
//! Evaluation has a budget (steps, string size, depth), so a hostile expression ends in an
//! error rather than in unbounded memory or a stack overflow.

use std::collections::BTreeMap;
use std::ops::Range;

use hcl_edit::Span;
use hcl_edit::expr::{BinaryOperator, Expression, ObjectKey, TraversalOperator, UnaryOperator};
use hcl_edit::template::{Directive, Element, Template};

use tfsdk_core::tftypes::{Number, Type, Value, ValueKind};

use super::arith::{self, ArithError, Op};
use super::functions;
use super::limits::{MAX_EVAL_STEPS, MAX_EXPR_DEPTH, MAX_STRING_BYTES};
use super::parse::{Pos, SourceMap};

/// Why an expression has no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EvalError {
    pub(crate) span: Option<Range<usize>>,
    pub(crate) summary: String,
    pub(crate) detail: String,
    /// Set when the expression calls a function this evaluator does not have: the caller
    /// cannot tell the result, which is not the same as an error in the expression.
    pub(crate) unsupported_function: Option<String>,
    /// Further errors found beside this one (HCL checks both operands of an operator).
    pub(crate) also: Vec<EvalError>,
}

impl EvalError {
    pub(crate) fn new(
        span: Option<Range<usize>>,
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) -> EvalError {
        EvalError {
            span,
            summary: summary.into(),
            detail: detail.into(),
            unsupported_function: None,
            also: Vec::new(),
        }
    }

    /// This error and the ones found beside it.
    pub(crate) fn into_all(mut self) -> Vec<EvalError> {
        let mut out = std::mem::take(&mut self.also);
        out.insert(0, self);
        out
    }
}

/// Both operands' results: their values, or every error among them.
fn both<A, B>(a: Result<A>, b: Result<B>) -> Result<(A, B)> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        (Err(mut e), Err(f)) => {
            e.also.extend(f.into_all());
            Err(e)
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    }
}

/// A null operand: HCL converts it, then the operation refuses it.
fn null_operand(span: Option<Range<usize>>) -> EvalError {
    EvalError::new(
        span,
        "Operation failed",
        "Error during operation: argument must not be null.",
    )
}

type Result<T> = std::result::Result<T, EvalError>;

/// What an expression may refer to.
pub(crate) struct Evaluator<'s> {
    /// The text the expression was parsed from (numbers are read from it to keep every digit).
    src: &'s str,
    /// Root variables (`var`), or `None` for no context at all (`.tfvars`).
    root: Option<BTreeMap<String, Value>>,
    /// Whether functions may be called.
    functions: bool,
    /// The file and position the text starts at, for ranges written into messages (`try`).
    origin: Option<(&'s str, Pos)>,
    /// `for` iteration variables, innermost last.
    locals: Vec<(String, Value)>,
    steps: usize,
    depth: usize,
}

impl<'s> Evaluator<'s> {
    /// No variables, no functions: what a `.tfvars` file may use.
    pub(crate) fn literal(src: &'s str) -> Evaluator<'s> {
        Evaluator {
            src,
            root: None,
            functions: false,
            origin: None,
            locals: Vec::new(),
            steps: 0,
            depth: 0,
        }
    }

    /// The given root variables and the function library: what a validation rule may use.
    /// `filename` and `start` place the text in its file.
    pub(crate) fn with_scope(
        src: &'s str,
        filename: &'s str,
        start: Pos,
        root: BTreeMap<String, Value>,
    ) -> Evaluator<'s> {
        Evaluator {
            src,
            root: Some(root),
            functions: true,
            origin: Some((filename, start)),
            locals: Vec::new(),
            steps: 0,
            depth: 0,
        }
    }

    fn step(&mut self, n: usize, span: Option<Range<usize>>) -> Result<()> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > MAX_EVAL_STEPS {
            return Err(EvalError::new(
                span,
                "Expression too complex",
                format!(
                    "Evaluating this expression takes more than {MAX_EVAL_STEPS} steps, the limit of this tool."
                ),
            ));
        }
        Ok(())
    }

    /// Evaluates an expression.
    pub(crate) fn eval(&mut self, expr: &Expression) -> Result<Value> {
        self.depth += 1;
        if self.depth > MAX_EXPR_DEPTH {
            self.depth -= 1;
            return Err(EvalError::new(
                expr.span(),
                "Expression nested too deeply",
                format!("Expressions may nest at most {MAX_EXPR_DEPTH} levels deep here."),
            ));
        }
        let result = self
            .step(1, expr.span())
            .and_then(|()| self.eval_inner(expr));
        self.depth -= 1;
        result
    }

    fn eval_inner(&mut self, expr: &Expression) -> Result<Value> {
        let span = expr.span();
        match expr {
            Expression::Null(_) => Ok(Value::null(Type::Dynamic)),
            Expression::Bool(b) => Ok(Value::bool(*b.value())),
            Expression::Number(n) => {
                let text = span
                    .clone()
                    .and_then(|s| self.src.get(s))
                    .map(str::to_owned)
                    .unwrap_or_else(|| n.value().to_string());
                text.parse::<Number>()
                    .map(|n| Value::number(arith::literal(n)))
                    .map_err(|e| EvalError::new(span, "Invalid number literal", format!("{e}.")))
            }
            Expression::String(s) => Ok(super::nfc::string_value(s.value().clone())),
            Expression::StringTemplate(t) => self.template_value(t, true, span),
            Expression::HeredocTemplate(h) => self.template_value(&h.template, false, span),
            Expression::Parenthesis(p) => self.eval(p.inner()),
            Expression::Array(items) => {
                let mut elements = Vec::with_capacity(items.len());
                for item in items.iter() {
                    elements.push(self.eval(item)?);
                }
                Ok(Value::tuple_of(elements))
            }
            Expression::Object(object) => {
                let mut attributes = BTreeMap::new();
                for (key, value) in object.iter() {
                    let name = match key {
                        ObjectKey::Ident(ident) => super::nfc::nfc(ident.as_str()),
                        ObjectKey::Expression(key_expr) => {
                            let k = self.eval(key_expr)?;
                            match string_of(&k) {
                                Some(s) => s,
                                None if k.is_null() => {
                                    return Err(EvalError::new(
                                        key.span(),
                                        "Null value as key",
                                        "Can't use a null value as a key.",
                                    ));
                                }
                                None => {
                                    return Err(EvalError::new(
                                        key.span(),
                                        "Incorrect key type",
                                        "Can't use this value as a key: string required.",
                                    ));
                                }
                            }
                        }
                    };
                    let v = self.eval(value.expr())?;
                    // HCL keeps the last of duplicate keys in an object constructor.
                    attributes.insert(name, v);
                }
                Ok(Value::object_of(attributes))
            }
            Expression::Variable(v) => self.lookup(v.as_str(), v.span()),
            Expression::Traversal(t) => {
                let mut value = self.eval(&t.expr)?;
                let mut ops = t.operators.iter().peekable();
                while let Some(op) = ops.next() {
                    match op.value() {
                        TraversalOperator::AttrSplat(_) | TraversalOperator::FullSplat(_) => {
                            let rest: Vec<_> = ops.by_ref().collect();
                            return self.splat(value, &rest, span);
                        }
                        other => value = self.traverse(value, other, op.span())?,
                    }
                }
                Ok(value)
            }
            Expression::FuncCall(call) => self.call(call, span),
            Expression::UnaryOp(op) => {
                let inner = self.eval(&op.expr)?;
                match op.operator.value() {
                    UnaryOperator::Neg => {
                        let n = operand_number(&inner, op.expr.span(), "unary operand")?
                            .ok_or_else(|| null_operand(span))?;
                        Ok(Value::number(arith::negate(&n)))
                    }
                    UnaryOperator::Not => {
                        let b = operand_bool(&inner, op.expr.span(), "unary operand")?
                            .ok_or_else(|| null_operand(span))?;
                        Ok(Value::bool(!b))
                    }
                }
            }
            Expression::BinaryOp(op) => self.binary(op, span),
            Expression::Conditional(c) => self.conditional(c, span),
            Expression::ForExpr(f) => self.for_expr(f),
        }
    }

    fn lookup(&mut self, name: &str, span: Option<Range<usize>>) -> Result<Value> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        if let Some(v) = self.root.as_ref().and_then(|r| r.get(name)) {
            return Ok(v.clone());
        }
        if self.root.is_none() && self.locals.is_empty() {
            return Err(EvalError::new(
                span,
                "Variables not allowed",
                "Variables may not be used here.",
            ));
        }
        let known: Vec<&str> = self
            .locals
            .iter()
            .map(|(n, _)| n.as_str())
            .chain(self.root.iter().flat_map(|r| r.keys().map(String::as_str)))
            .collect();
        let suggestion = known
            .iter()
            .find(|k| levenshtein(k, name) < 3)
            .map(|k| format!(" Did you mean {k:?}?"))
            .unwrap_or_default();
        Err(EvalError::new(
            span,
            "Unknown variable",
            format!("There is no variable named {name:?}.{suggestion}"),
        ))
    }

    fn traverse(
        &mut self,
        value: Value,
        op: &TraversalOperator,
        span: Option<Range<usize>>,
    ) -> Result<Value> {
        match op {
            TraversalOperator::GetAttr(ident) => get_attr(&value, ident.as_str(), span),
            TraversalOperator::LegacyIndex(i) => {
                index(&value, &Value::number(Number::from(*i.value())), span)
            }
            TraversalOperator::Index(key_expr) => {
                let key = self.eval(key_expr)?;
                index(&value, &key, span)
            }
            TraversalOperator::AttrSplat(_) | TraversalOperator::FullSplat(_) => {
                unreachable!("splats are handled by the caller")
            }
        }
    }

    fn splat(
        &mut self,
        value: Value,
        rest: &[&hcl_edit::Decorated<TraversalOperator>],
        span: Option<Range<usize>>,
    ) -> Result<Value> {
        let items: Vec<Value> = if value.is_null() {
            return Ok(Value::tuple_of([]));
        } else {
            match value.kind() {
                ValueKind::List(e) | ValueKind::Tuple(e) | ValueKind::Set(e) => e.to_vec(),
                _ => vec![value.clone()],
            }
        };
        let is_list = matches!(value.ty(), Type::List(_));
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            self.step(1, span.clone())?;
            let mut v = item;
            for op in rest {
                v = self.traverse(v, op.value(), op.span())?;
            }
            out.push(v);
        }
        if is_list {
            let ty = super::unify::unify(
                &out.iter().map(|v| v.ty().clone()).collect::<Vec<_>>(),
                false,
            );
            if let Some(Ok(v)) = ty.map(|ty| Value::list(ty, out.clone())) {
                return Ok(v);
            }
        }
        Ok(Value::tuple_of(out))
    }

    fn binary(
        &mut self,
        op: &hcl_edit::expr::BinaryOp,
        span: Option<Range<usize>>,
    ) -> Result<Value> {
        let operator = *op.operator.value();
        let lhs_span = op.lhs_expr.span();
        let rhs_span = op.rhs_expr.span();
        let lhs = self.eval(&op.lhs_expr)?;
        if let BinaryOperator::And | BinaryOperator::Or = operator {
            let a = operand_bool(&lhs, lhs_span.clone(), "left operand")?;
            // HCL short-circuits: the right side is not evaluated when the left decides.
            if (operator == BinaryOperator::And && a == Some(false))
                || (operator == BinaryOperator::Or && a == Some(true))
            {
                return Ok(Value::bool(a == Some(true)));
            }
            let rhs = self.eval(&op.rhs_expr)?;
            let b = operand_bool(&rhs, rhs_span, "right operand")?;
            let (Some(_), Some(b)) = (a, b) else {
                return Err(null_operand(span));
            };
            return Ok(Value::bool(b));
        }
        let rhs = self.eval(&op.rhs_expr)?;
        match operator {
            BinaryOperator::Eq | BinaryOperator::NotEq => {
                let eq = values_equal(&lhs, &rhs);
                Ok(Value::bool(if operator == BinaryOperator::Eq {
                    eq
                } else {
                    !eq
                }))
            }
            BinaryOperator::Less
            | BinaryOperator::LessEq
            | BinaryOperator::Greater
            | BinaryOperator::GreaterEq => {
                let (a, b) = both(
                    operand_number(&lhs, lhs_span, "left operand"),
                    operand_number(&rhs, rhs_span, "right operand"),
                )?;
                let (Some(a), Some(b)) = (a, b) else {
                    return Err(null_operand(span));
                };
                Ok(Value::bool(match operator {
                    BinaryOperator::Less => a < b,
                    BinaryOperator::LessEq => a <= b,
                    BinaryOperator::Greater => a > b,
                    _ => a >= b,
                }))
            }
            _ => {
                let (a, b) = both(
                    operand_number(&lhs, lhs_span, "left operand"),
                    operand_number(&rhs, rhs_span, "right operand"),
                )?;
                let (Some(a), Some(b)) = (a, b) else {
                    return Err(null_operand(span));
                };
                let arith_op = match operator {
                    BinaryOperator::Plus => Op::Add,
                    BinaryOperator::Minus => Op::Sub,
                    BinaryOperator::Mul => Op::Mul,
                    BinaryOperator::Div => Op::Div,
                    _ => Op::Mod,
                };
                arith::binary(arith_op, &a, &b)
                    .map(Value::number)
                    .map_err(|e| {
                        let detail = match e {
                            ArithError::DivideByZero => "can't divide by zero",
                            ArithError::OutOfRange => "the number is too large or too small",
                        };
                        EvalError::new(
                            span,
                            "Operation failed",
                            format!("Error during operation: {detail}."),
                        )
                    })
            }
        }
    }

    fn conditional(
        &mut self,
        c: &hcl_edit::expr::Conditional,
        span: Option<Range<usize>>,
    ) -> Result<Value> {
        let cond = self.eval(&c.cond_expr)?;
        if cond.is_null() {
            return Err(EvalError::new(
                c.cond_expr.span(),
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
            ));
        }
        let Some(choice) = bool_of(&cond) else {
            return Err(EvalError::new(
                c.cond_expr.span(),
                "Incorrect condition type",
                "The condition expression must be of type bool.",
            ));
        };
        // Both results decide the type; only the chosen one's errors count, as in HCL.
        let t = self.eval(&c.true_expr);
        let f = self.eval(&c.false_expr);
        let (chosen, other) = if choice { (t?, f) } else { (f?, t) };
        let Ok(other) = other else {
            return Ok(chosen);
        };
        let (ct, ot) = (chosen.ty().clone(), other.ty().clone());
        if ct == ot || (other.is_null() && ot.is_dynamic()) {
            return Ok(chosen);
        }
        if chosen.is_null() && ct.is_dynamic() {
            return Ok(Value::null(ot));
        }
        let unified = super::unify::unify(&[ct.clone(), ot.clone()], true);
        match unified {
            Some(ty) => super::convert_to_type(chosen, &ty).map_err(|e| {
                EvalError::new(
                    span,
                    "Inconsistent conditional result types",
                    format!(
                        "The true and false result expressions must have consistent types. {e}."
                    ),
                )
            }),
            None => Err(EvalError::new(
                span,
                "Inconsistent conditional result types",
                format!(
                    "The true and false result expressions must have consistent types. The '{}' value is {}, but the '{}' value is {}.",
                    if choice { "true" } else { "false" },
                    ct.friendly_name(),
                    if choice { "false" } else { "true" },
                    ot.friendly_name()
                ),
            )),
        }
    }

    /// The pairs a `for` expression iterates over: (key, value).
    fn iteration(
        &mut self,
        collection: &Value,
        span: Option<Range<usize>>,
    ) -> Result<Vec<(Value, Value)>> {
        if collection.is_null() {
            return Err(EvalError::new(
                span,
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
            ));
        }
        let pairs: Vec<(Value, Value)> = match collection.kind() {
            ValueKind::List(e) | ValueKind::Tuple(e) => e
                .iter()
                .enumerate()
                .map(|(i, v)| (Value::number(Number::from(i as u64)), v.clone()))
                .collect(),
            ValueKind::Set(e) => e.iter().map(|v| (v.clone(), v.clone())).collect(),
            ValueKind::Map(m) | ValueKind::Object(m) => m
                .iter()
                .map(|(k, v)| (super::nfc::string_value(k), v.clone()))
                .collect(),
            _ => {
                return Err(EvalError::new(
                    span,
                    "Iteration over non-iterable value",
                    format!(
                        "A value of type {} cannot be used as the collection in a 'for' expression.",
                        collection.ty().friendly_name()
                    ),
                ));
            }
        };
        self.step(pairs.len(), span)?;
        Ok(pairs)
    }

    fn for_expr(&mut self, f: &hcl_edit::expr::ForExpr) -> Result<Value> {
        let collection = self.eval(&f.intro.collection_expr)?;
        let pairs = self.iteration(&collection, f.intro.collection_expr.span())?;
        let key_var = f.intro.key_var.as_ref().map(|k| k.as_str().to_owned());
        let value_var = f.intro.value_var.as_str().to_owned();
        let mut tuple = Vec::new();
        let mut object: BTreeMap<String, Value> = BTreeMap::new();
        let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        for (k, v) in pairs {
            let mark = self.locals.len();
            if let Some(kv) = &key_var {
                self.locals.push((kv.clone(), k));
            }
            self.locals.push((value_var.clone(), v));
            let result = self.for_item(f);
            self.locals.truncate(mark);
            let Some((key, value)) = result? else {
                continue;
            };
            match key {
                None => tuple.push(value),
                Some(key) if f.grouping => groups.entry(key).or_default().push(value),
                Some(key) => {
                    if object.contains_key(&key) {
                        return Err(EvalError::new(
                            f.key_expr.as_ref().and_then(Expression::span),
                            "Duplicate object key",
                            format!(
                                "Two different items produced the key {key:?} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key."
                            ),
                        ));
                    }
                    object.insert(key, value);
                }
            }
        }
        Ok(if f.key_expr.is_none() {
            Value::tuple_of(tuple)
        } else if f.grouping {
            Value::object_of(groups.into_iter().map(|(k, v)| (k, Value::tuple_of(v))))
        } else {
            Value::object_of(object)
        })
    }

    /// One item of a `for`: `None` when its `if` is false.
    fn for_item(&mut self, f: &hcl_edit::expr::ForExpr) -> Result<Option<(Option<String>, Value)>> {
        if let Some(cond) = &f.cond {
            let c = self.eval(&cond.expr)?;
            if c.is_null() {
                return Err(EvalError::new(
                    cond.expr.span(),
                    "Condition is null",
                    "The value of the 'if' clause must not be null.",
                ));
            }
            match bool_of(&c) {
                Some(true) => {}
                Some(false) => return Ok(None),
                None => {
                    return Err(EvalError::new(
                        cond.expr.span(),
                        "Invalid 'for' condition",
                        "The 'if' clause value is invalid: bool required.",
                    ));
                }
            }
        }
        let key = match &f.key_expr {
            None => None,
            Some(key_expr) => {
                let k = self.eval(key_expr)?;
                if k.is_null() {
                    return Err(EvalError::new(
                        key_expr.span(),
                        "Invalid object key",
                        "Key expression in 'for' expression must not produce a null value.",
                    ));
                }
                match string_of(&k) {
                    Some(s) => Some(s),
                    None => {
                        return Err(EvalError::new(
                            key_expr.span(),
                            "Invalid object key",
                            "The key expression produced an invalid result: string required.",
                        ));
                    }
                }
            }
        };
        let value = self.eval(&f.value_expr)?;
        Ok(Some((key, value)))
    }

    /// A template's value: a lone interpolation keeps its value's type, as in HCL.
    /// `quoted`: a `"..."` template, whose escapes the parser decodes only outside directives.
    pub(crate) fn template_value(
        &mut self,
        t: &Template,
        quoted: bool,
        span: Option<Range<usize>>,
    ) -> Result<Value> {
        if let [Element::Interpolation(i)] = t.iter().collect::<Vec<_>>().as_slice() {
            return self.eval(&i.expr);
        }
        let mut out = String::new();
        let mut strip_next = false;
        let escapes = Escapes {
            here: false,
            nested: quoted,
        };
        self.render(t, &mut out, &mut strip_next, escapes, span)?;
        Ok(super::nfc::string_value(out))
    }

    fn render(
        &mut self,
        t: &Template,
        out: &mut String,
        strip_next: &mut bool,
        escapes: Escapes,
        span: Option<Range<usize>>,
    ) -> Result<()> {
        let inner = Escapes {
            here: escapes.nested,
            nested: escapes.nested,
        };
        for element in t.iter() {
            match element {
                Element::Literal(text) => {
                    let decoded;
                    let text: &str = if escapes.here {
                        decoded = unescape(text.value());
                        &decoded
                    } else {
                        text.value()
                    };
                    let text = if std::mem::take(strip_next) {
                        text.trim_start()
                    } else {
                        text
                    };
                    self.push_text(out, text, span.clone())?;
                }
                Element::Interpolation(i) => {
                    strip_before(out, i.strip.strip_start());
                    let v = self.eval(&i.expr)?;
                    let s = template_string(&v, i.expr.span())?;
                    self.push_text(out, &s, span.clone())?;
                    *strip_next = i.strip.strip_end();
                }
                Element::Directive(d) => match &**d {
                    Directive::If(d) => {
                        strip_before(out, d.if_expr.strip.strip_start());
                        let c = self.eval(&d.if_expr.cond_expr)?;
                        let Some(choice) = (!c.is_null()).then(|| bool_of(&c)).flatten() else {
                            return Err(EvalError::new(
                                d.if_expr.cond_expr.span(),
                                "Invalid template if condition",
                                "The condition must be a bool.",
                            ));
                        };
                        *strip_next = d.if_expr.strip.strip_end();
                        if choice {
                            self.render(&d.if_expr.template, out, strip_next, inner, span.clone())?;
                            if let Some(e) = &d.else_expr {
                                strip_before(out, e.strip.strip_start());
                            } else {
                                strip_before(out, d.endif_expr.strip.strip_start());
                            }
                        } else if let Some(e) = &d.else_expr {
                            *strip_next = e.strip.strip_end();
                            self.render(&e.template, out, strip_next, inner, span.clone())?;
                            strip_before(out, d.endif_expr.strip.strip_start());
                        }
                        *strip_next = d.endif_expr.strip.strip_end();
                    }
                    Directive::For(d) => {
                        let fe = &d.for_expr;
                        strip_before(out, fe.strip.strip_start());
                        let coll = self.eval(&fe.collection_expr)?;
                        let pairs = self.iteration(&coll, fe.collection_expr.span())?;
                        for (k, v) in pairs {
                            *strip_next = fe.strip.strip_end();
                            let mark = self.locals.len();
                            if let Some(kv) = &fe.key_var {
                                self.locals.push((kv.as_str().to_owned(), k));
                            }
                            self.locals.push((fe.value_var.as_str().to_owned(), v));
                            let r = self.render(&fe.template, out, strip_next, inner, span.clone());
                            self.locals.truncate(mark);
                            r?;
                            strip_before(out, d.endfor_expr.strip.strip_start());
                        }
                        *strip_next = d.endfor_expr.strip.strip_end();
                    }
                },
            }
        }
        Ok(())
    }

    fn push_text(
        &mut self,
        out: &mut String,
        text: &str,
        span: Option<Range<usize>>,
    ) -> Result<()> {
        if out.len() + text.len() > MAX_STRING_BYTES {
            return Err(EvalError::new(
                span,
                "String too long",
                format!(
                    "This template produces a string longer than {MAX_STRING_BYTES} bytes, the limit of this tool."
                ),
            ));
        }
        self.step(1 + text.len() / 4096, span)?;
        out.push_str(text);
        Ok(())
    }

    fn call(
        &mut self,
        call: &hcl_edit::expr::FuncCall,
        span: Option<Range<usize>>,
    ) -> Result<Value> {
        if !self.functions {
            return Err(EvalError::new(
                span,
                "Function calls not allowed",
                "Functions may not be called here.",
            ));
        }
        let name = call.name.name.as_str();
        let full_name = if call.name.is_namespaced() {
            let mut s: String = call
                .name
                .namespace
                .iter()
                .map(|n| format!("{}::", n.as_str()))
                .collect();
            s.push_str(name);
            s
        } else {
            name.to_owned()
        };
        let arg_exprs: Vec<&Expression> = call.args.iter().collect();
        let start = call
            .name
            .namespace
            .first()
            .and_then(|n| n.span())
            .or_else(|| call.name.name.span())
            .map(|s| s.start);
        // HCL points function failures at the name and the opening parenthesis, which
        // follows the name directly in the syntax.
        let name_span = match (start, call.name.name.span()) {
            (Some(a), Some(b)) => Some(a..b.end + 1),
            _ => span.clone(),
        };
        if let "can" | "try" = full_name.as_str() {
            return self.call_lazy(&full_name, &arg_exprs, name_span);
        }
        if !functions::exists(&full_name) {
            return Err(EvalError {
                unsupported_function: Some(full_name.clone()),
                ..EvalError::new(
                    span,
                    "Function not available",
                    format!("tfsdk vars does not implement the function {full_name:?}."),
                )
            });
        }
        let mut args = Vec::with_capacity(arg_exprs.len());
        for a in &arg_exprs {
            args.push((self.eval(a)?, a.span()));
        }
        if call.args.expand_final()
            && let Some((last, last_span)) = args.pop()
        {
            match last.kind() {
                ValueKind::List(e) | ValueKind::Tuple(e) | ValueKind::Set(e) => {
                    args.extend(e.iter().map(|v| (v.clone(), last_span.clone())));
                }
                _ => {
                    return Err(EvalError::new(
                        last_span,
                        "Invalid expanding argument value",
                        "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                    ));
                }
            }
        }
        functions::call(&full_name, &args, name_span)
    }

    /// `can` and `try`: their arguments' errors are results, not failures.
    fn call_lazy(
        &mut self,
        name: &str,
        args: &[&Expression],
        span: Option<Range<usize>>,
    ) -> Result<Value> {
        if name == "can" && args.len() != 1 {
            return Err(functions::arity_error(name, 1, args.len(), span));
        }
        if args.is_empty() {
            return Err(EvalError::new(
                span,
                "Not enough function arguments",
                "Function \"try\" expects at least 1 argument(s).",
            ));
        }
        let mut failures = Vec::new();
        for a in args {
            let mark = self.locals.len();
            let depth = self.depth;
            let r = self.eval(a);
            self.locals.truncate(mark);
            self.depth = depth;
            match r {
                Ok(_) if name == "can" => return Ok(Value::bool(true)),
                Ok(v) => return Ok(v),
                Err(e) if e.unsupported_function.is_some() => return Err(e),
                Err(e) if e.summary == "Expression too complex" => return Err(e),
                Err(e) => failures.push(e),
            }
        }
        if name == "can" {
            return Ok(Value::bool(false));
        }
        let list: String = failures
            .into_iter()
            .flat_map(EvalError::into_all)
            .map(|e| match (self.origin, &e.span) {
                (Some((filename, start)), Some(at)) => {
                    let map = SourceMap {
                        src: self.src,
                        filename,
                        start,
                    };
                    format!(
                        "\n- {} (at {})\n  {}",
                        e.summary,
                        map.range(at.clone()),
                        e.detail
                    )
                }
                _ => format!("\n- {}\n  {}", e.summary, e.detail),
            })
            .collect();
        Err(EvalError::new(
            span,
            "Error in function call",
            format!(
                "Call to function \"try\" failed: no expression succeeded:{list}\n\nAt least one expression must produce a successful result."
            ),
        ))
    }
}

/// Which template literals still hold their escape sequences: hcl-edit decodes them in a
/// quoted string's top level but not inside `%{if}` / `%{for}` bodies; heredocs have none.
#[derive(Clone, Copy)]
struct Escapes {
    here: bool,
    nested: bool,
}

/// Decodes a quoted string's escapes: `\n \r \t \" \\ \uNNNN \UNNNNNNNN`, `$${` and `%%{`.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some('t') => out.push('\t'),
                Some('"') => out.push('"'),
                Some('\\') => out.push('\\'),
                Some(u @ ('u' | 'U')) => {
                    let n = if u == 'u' { 4 } else { 8 };
                    let hex: String = (0..n).filter_map(|_| chars.next()).collect();
                    match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                        Some(ch) => out.push(ch),
                        None => {
                            out.push('\\');
                            out.push(u);
                            out.push_str(&hex);
                        }
                    }
                }
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            },
            '$' | '%' if chars.peek() == Some(&c) => {
                let mut ahead = chars.clone();
                ahead.next();
                if ahead.peek() == Some(&'{') {
                    chars.next();
                }
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

fn strip_before(out: &mut String, strip: bool) {
    if strip {
        let kept = out.trim_end().len();
        out.truncate(kept);
    }
}

/// A value as a template includes it.
fn template_string(v: &Value, span: Option<Range<usize>>) -> Result<String> {
    if v.is_null() {
        return Err(EvalError::new(
            span,
            "Invalid template interpolation value",
            "The expression result is null. Cannot include a null value in a string template.",
        ));
    }
    string_of(v).ok_or_else(|| {
        EvalError::new(
            span,
            "Invalid template interpolation value",
            format!(
                "Cannot include the given value in a string template: string required, but have {}.",
                v.ty().friendly_name()
            ),
        )
    })
}

/// A primitive value as a string (numbers and bools convert), or `None`.
pub(crate) fn string_of(v: &Value) -> Option<String> {
    match v.kind() {
        ValueKind::String(s) => Some(s.to_owned()),
        ValueKind::Number(n) => Some(n.to_string()),
        ValueKind::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A bool, or a string that is `"true"`/`"false"`.
pub(crate) fn bool_of(v: &Value) -> Option<bool> {
    match v.kind() {
        ValueKind::Bool(b) => Some(b),
        ValueKind::String("true") => Some(true),
        ValueKind::String("false") => Some(false),
        _ => None,
    }
}

/// A number operand (a string converts), or `None` for null (refused by the operation).
fn operand_number(v: &Value, span: Option<Range<usize>>, which: &str) -> Result<Option<Number>> {
    let unsuitable = || {
        EvalError::new(
            span.clone(),
            "Invalid operand",
            format!("Unsuitable value for {which}: a number is required."),
        )
    };
    if v.is_null() {
        return if v.ty().is_primitive() && v.ty() != &Type::Number && v.ty() != &Type::String {
            Err(unsuitable())
        } else {
            Ok(None)
        };
    }
    match v.kind() {
        ValueKind::Number(n) => Ok(Some(n.clone())),
        ValueKind::String(s) => super::convert::parse_go_number(s)
            .map(Some)
            .ok_or_else(unsuitable),
        _ => Err(unsuitable()),
    }
}

/// A bool operand (`"true"`/`"false"` convert), or `None` for null.
fn operand_bool(v: &Value, span: Option<Range<usize>>, which: &str) -> Result<Option<bool>> {
    if v.is_null() {
        return Ok(None);
    }
    bool_of(v).map(Some).ok_or_else(|| {
        EvalError::new(
            span,
            "Invalid operand",
            format!("Unsuitable value for {which}: a bool is required."),
        )
    })
}

/// cty's `Equals`: values of different types are not equal; nulls equal only nulls.
pub(crate) fn values_equal(a: &Value, b: &Value) -> bool {
    if a.is_null() || b.is_null() {
        return a.is_null() && b.is_null();
    }
    match (a.kind(), b.kind()) {
        (ValueKind::Number(x), ValueKind::Number(y)) => x == y,
        _ => a.ty() == b.ty() && a == b,
    }
}

fn get_attr(value: &Value, name: &str, span: Option<Range<usize>>) -> Result<Value> {
    if value.is_null() {
        return Err(EvalError::new(
            span,
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
        ));
    }
    match value.kind() {
        ValueKind::Object(m) => m.get(name).cloned().ok_or_else(|| {
            EvalError::new(
                span,
                "Unsupported attribute",
                format!("This object does not have an attribute named {name:?}."),
            )
        }),
        ValueKind::Map(m) => m.get(name).cloned().ok_or_else(|| {
            EvalError::new(
                span,
                "Missing map element",
                format!("This map does not have an element with the key {name:?}."),
            )
        }),
        _ => Err(EvalError::new(
            span,
            "Unsupported attribute",
            format!(
                "Can't access attributes on a primitive-typed value ({}).",
                value.ty().friendly_name()
            ),
        )),
    }
}

fn index(value: &Value, key: &Value, span: Option<Range<usize>>) -> Result<Value> {
    let invalid = |detail: &str| EvalError::new(span.clone(), "Invalid index", detail.to_owned());
    if value.is_null() {
        return Err(invalid("Can't use a null value as an indexed collection."));
    }
    if key.is_null() {
        return Err(invalid("Can't use a null value as a key."));
    }
    match value.kind() {
        ValueKind::List(e) | ValueKind::Tuple(e) => {
            let Some(n) = key
                .as_number()
                .cloned()
                .or_else(|| key.as_str().and_then(super::convert::parse_go_number))
            else {
                return Err(invalid(
                    "The given key does not identify an element in this collection value: a number is required.",
                ));
            };
            if !n.is_integer() {
                return Err(invalid(
                    "The given key does not identify an element in this collection value: indexing a sequence requires a whole number.",
                ));
            }
            let i = n.to_i64().ok().filter(|i| *i >= 0).map(|i| i as usize);
            match i.and_then(|i| e.get(i)) {
                Some(v) => Ok(v.clone()),
                None => Err(invalid(
                    "The given key does not identify an element in this collection value.",
                )),
            }
        }
        ValueKind::Map(m) | ValueKind::Object(m) => {
            let Some(k) = string_of(key) else {
                return Err(invalid(
                    "The given key does not identify an element in this collection value: string required.",
                ));
            };
            m.get(&k).cloned().ok_or_else(|| {
                invalid("The given key does not identify an element in this collection value.")
            })
        }
        _ => Err(invalid("This value does not have any indices.")),
    }
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval_tfvars(src: &str) -> Result<Value> {
        let expr = hcl_edit::parser::parse_expr(src).unwrap();
        Evaluator::literal(src).eval(&expr)
    }

    #[test]
    fn escapes_inside_directives_are_decoded_once() {
        let v = eval_tfvars(r#""%{ if true }a\nb\\n$${x}%{ endif }""#).unwrap();
        assert_eq!(v, Value::from("a\nb\\n${x}"));
    }

    #[test]
    fn both_operands_are_checked_as_hcl_checks_them() {
        let e = eval_tfvars(r#""a" + "b""#).unwrap_err();
        let all = e.into_all();
        assert_eq!(all.len(), 2);
        assert_eq!(
            all[0].detail,
            "Unsuitable value for left operand: a number is required."
        );
        assert_eq!(
            all[1].detail,
            "Unsuitable value for right operand: a number is required."
        );
    }

    #[test]
    fn nested_for_expressions_stop_at_the_step_budget() {
        let list = format!("[{}]", vec!["1"; 200].join(","));
        let src = format!("[for a in {list} : [for b in {list} : [for c in {list} : c]]]");
        let e = eval_tfvars(&src).unwrap_err();
        assert_eq!(e.summary, "Expression too complex");
    }
}
