//! The functions a `validation` condition may call: the ones module authors use most, with
//! Terraform's results and messages. `can` and `try` live in [`super::eval`] (they need the
//! unevaluated arguments). A name not listed in [`exists`] makes the rule "not checked".

use std::net::{Ipv4Addr, Ipv6Addr};
use std::ops::Range;

use num_bigint::BigInt;

use tfsdk_core::tftypes::{Number, Type, Value, ValueKind};

use super::eval::{EvalError, string_of, values_equal};

type Result<T> = std::result::Result<T, EvalError>;
type Arg = (Value, Option<Range<usize>>);

/// Parameter names, as Terraform names them in its messages.
fn params(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "length" => &["value"],
        "regex" | "regexall" => &["pattern", "string"],
        "contains" => &["list", "value"],
        "alltrue" | "anytrue" => &["list"],
        "startswith" => &["str", "prefix"],
        "endswith" => &["str", "suffix"],
        "lower" | "upper" | "trimspace" => &["str"],
        "join" => &["separator", "lists"],
        "split" => &["separator", "str"],
        "replace" => &["str", "substr", "replace"],
        "substr" => &["str", "offset", "length"],
        "trimprefix" => &["str", "prefix"],
        "trimsuffix" => &["str", "suffix"],
        "format" => &["format", "args"],
        "concat" | "coalesce" => &["seqs"],
        "min" | "max" => &["numbers"],
        "distinct" => &["list"],
        "abs" => &["num"],
        "keys" => &["inputMap"],
        "values" => &["values"],
        "lookup" => &["inputMap", "key", "default"],
        "tonumber" | "tostring" | "tobool" => &["v"],
        "cidrhost" => &["prefix", "hostnum"],
        "cidrnetmask" => &["prefix"],
        _ => return None,
    })
}

/// True when [`call`] knows the function (besides `can` and `try`).
pub(crate) fn exists(name: &str) -> bool {
    params(name).is_some()
}

pub(crate) fn arity_error(
    name: &str,
    want: usize,
    got: usize,
    span: Option<Range<usize>>,
) -> EvalError {
    if got < want {
        EvalError::new(
            span,
            "Not enough function arguments",
            format!(
                "Function {name:?} expects {want} argument(s). Missing value for {:?}.",
                params(name)
                    .and_then(|p| p.get(got))
                    .copied()
                    .unwrap_or("value")
            ),
        )
    } else {
        EvalError::new(
            span,
            "Too many function arguments",
            format!("Function {name:?} expects only {want} argument(s)."),
        )
    }
}

fn invalid_arg(name: &str, index: usize, arg: &Arg, why: impl std::fmt::Display) -> EvalError {
    let param = params(name)
        .and_then(|p| p.get(index))
        .copied()
        .unwrap_or("value");
    EvalError::new(
        arg.1.clone(),
        "Invalid function argument",
        format!("Invalid value for {param:?} parameter: {why}."),
    )
}

fn failed(name: &str, span: Option<Range<usize>>, why: impl std::fmt::Display) -> EvalError {
    EvalError::new(
        span,
        "Error in function call",
        format!("Call to function {name:?} failed: {why}."),
    )
}

fn string_arg(name: &str, args: &[Arg], i: usize) -> Result<String> {
    let arg = &args[i];
    if arg.0.is_null() {
        return Err(invalid_arg(name, i, arg, "argument must not be null"));
    }
    string_of(&arg.0).ok_or_else(|| invalid_arg(name, i, arg, "string required"))
}

fn number_arg(name: &str, args: &[Arg], i: usize) -> Result<Number> {
    let arg = &args[i];
    if arg.0.is_null() {
        return Err(invalid_arg(name, i, arg, "argument must not be null"));
    }
    match arg.0.kind() {
        ValueKind::Number(n) => Ok(n.clone()),
        ValueKind::String(s) => super::convert::parse_go_number(s)
            .ok_or_else(|| invalid_arg(name, i, arg, "a number is required")),
        _ => Err(invalid_arg(name, i, arg, "number required")),
    }
}

fn elements_arg<'a>(name: &str, args: &'a [Arg], i: usize) -> Result<&'a [Value]> {
    let arg = &args[i];
    if arg.0.is_null() {
        return Err(invalid_arg(name, i, arg, "argument must not be null"));
    }
    match arg.0.kind() {
        ValueKind::List(e) | ValueKind::Tuple(e) | ValueKind::Set(e) => Ok(e),
        _ => Err(invalid_arg(name, i, arg, "list of bool required")),
    }
}

/// Calls a function (`exists(name)` must hold) with evaluated arguments.
pub(crate) fn call(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let all = params(name).unwrap_or(&[]);
    // The last parameter of these takes any number of arguments.
    let variadic = matches!(
        name,
        "join" | "format" | "concat" | "coalesce" | "min" | "max"
    );
    let required = match name {
        "join" => 2,
        "format" => 1,
        _ if variadic => 0,
        "lookup" => 2,
        _ => all.len(),
    };
    if args.len() < required || (args.len() > all.len() && !variadic) {
        return Err(arity_error(name, required, args.len(), span));
    }
    match name {
        "length" => length(args, span),
        "regex" | "regexall" => regex(name, args, span),
        "contains" => contains(name, args, span),
        "alltrue" | "anytrue" => all_or_any_true(name, args, span),
        "startswith" | "endswith" => starts_or_ends_with(name, args, span),
        "lower" => Ok(super::nfc::string_value(
            string_arg(name, args, 0)?.to_lowercase(),
        )),
        "upper" => Ok(super::nfc::string_value(
            string_arg(name, args, 0)?.to_uppercase(),
        )),
        "trimspace" => Ok(super::nfc::string_value(string_arg(name, args, 0)?.trim())),
        "trimprefix" | "trimsuffix" => trim_affix(name, args, span),
        "join" => join(name, args, span),
        "split" => split(name, args, span),
        "replace" => replace(name, args, span),
        "substr" => substr(name, args, span),
        "format" => format(args, span),
        "concat" => concat(name, args, span),
        "distinct" => distinct(name, args, span),
        "min" | "max" => min_or_max(name, args, span),
        "abs" => abs(name, args, span),
        "coalesce" => coalesce(name, args, span),
        "keys" => keys(name, args, span),
        "values" => values(name, args, span),
        "lookup" => lookup(name, args, span),
        "tonumber" => to_number(name, args, span),
        "tostring" => to_string(name, args, span),
        "tobool" => to_bool(name, args, span),
        "cidrhost" => cidr_host(name, args, span),
        "cidrnetmask" => cidr_netmask(name, args, span),
        _ => Err(EvalError::new(
            span,
            "Call to unknown function",
            format!("There is no function named {name:?}."),
        )),
    }
}

/// `contains`.
fn contains(name: &str, args: &[Arg], _span: Option<Range<usize>>) -> Result<Value> {
    let list = elements_arg(name, args, 0)?;
    Ok(Value::bool(list.iter().any(|e| {
        values_equal(e, &args[1].0)
            || (e.ty().is_primitive()
                && args[1].0.ty().is_primitive()
                && e.ty() != args[1].0.ty()
                && string_of(e) == string_of(&args[1].0)
                && matches!(args[0].0.ty(), Type::List(_) | Type::Set(_)))
    })))
}

/// `alltrue | anytrue`.
fn all_or_any_true(name: &str, args: &[Arg], _span: Option<Range<usize>>) -> Result<Value> {
    let list = elements_arg(name, args, 0)?;
    let mut all = true;
    let mut any = false;
    for e in list {
        let b = match e.kind() {
            ValueKind::Bool(b) => b,
            ValueKind::String("true") => true,
            ValueKind::String("false") => false,
            ValueKind::Null if name == "alltrue" => false,
            ValueKind::Null => false,
            _ => return Err(invalid_arg(name, 0, &args[0], "list of bool required")),
        };
        all &= b;
        any |= b;
    }
    Ok(Value::bool(if name == "alltrue" { all } else { any }))
}

/// `startswith | endswith`.
fn starts_or_ends_with(name: &str, args: &[Arg], _span: Option<Range<usize>>) -> Result<Value> {
    let s = string_arg(name, args, 0)?;
    let p = string_arg(name, args, 1)?;
    Ok(Value::bool(if name == "startswith" {
        s.starts_with(&p)
    } else {
        s.ends_with(&p)
    }))
}

/// `trimprefix | trimsuffix`.
fn trim_affix(name: &str, args: &[Arg], _span: Option<Range<usize>>) -> Result<Value> {
    let s = string_arg(name, args, 0)?;
    let p = string_arg(name, args, 1)?;
    let out = if name == "trimprefix" {
        s.strip_prefix(&p)
    } else {
        s.strip_suffix(&p)
    };
    Ok(super::nfc::string_value(out.unwrap_or(&s)))
}

/// `join`.
fn join(name: &str, args: &[Arg], _span: Option<Range<usize>>) -> Result<Value> {
    let sep = string_arg(name, args, 0)?;
    let mut parts = Vec::new();
    for (i, list) in args.iter().enumerate().skip(1) {
        for e in elements_arg(name, args, i)? {
            if e.is_null() {
                return Err(invalid_arg(name, 1, list, "element must not be null"));
            }
            parts.push(string_of(e).ok_or_else(|| invalid_arg(name, 1, list, "string required"))?);
        }
    }
    Ok(super::nfc::string_value(parts.join(&sep)))
}

/// `split`.
fn split(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let sep = string_arg(name, args, 0)?;
    let s = string_arg(name, args, 1)?;
    let parts: Vec<Value> = if sep.is_empty() {
        s.chars()
            .map(|c| super::nfc::string_value(c.to_string()))
            .collect()
    } else {
        s.split(sep.as_str())
            .map(super::nfc::string_value)
            .collect()
    };
    Value::list(Type::String, parts).map_err(|e| failed(name, span, e))
}

/// `replace`.
fn replace(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let s = string_arg(name, args, 0)?;
    let from = string_arg(name, args, 1)?;
    let to = string_arg(name, args, 2)?;
    if from.len() > 1 && from.starts_with('/') && from.ends_with('/') {
        let pattern = &from[1..from.len() - 1];
        let why = super::re2_errors::re2_error(pattern).or_else(|| {
            regex::Regex::new(pattern)
                .err()
                .map(|e| first_line(&e.to_string()))
        });
        if let Some(why) = why {
            return Err(invalid_arg(
                name,
                1,
                &args[1],
                format!("invalid regexp pattern: {why}"),
            ));
        }
        let re = regex::Regex::new(pattern).map_err(|e| failed(name, span, e))?;
        Ok(super::nfc::string_value(re.replace_all(&s, to.as_str())))
    } else if from.is_empty() {
        Ok(super::nfc::string_value(s))
    } else {
        Ok(super::nfc::string_value(s.replace(&from, &to)))
    }
}

/// `substr`.
fn substr(name: &str, args: &[Arg], _span: Option<Range<usize>>) -> Result<Value> {
    let s = string_arg(name, args, 0)?;
    let offset = integer_arg(name, args, 1)?;
    let length = integer_arg(name, args, 2)?;
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len() as i64;
    let start = if offset < 0 {
        (n + offset).max(0)
    } else {
        offset.min(n)
    };
    let end = if length < 0 {
        n
    } else {
        (start + length).min(n)
    };
    Ok(super::nfc::string_value(
        chars[start as usize..end.max(start) as usize]
            .iter()
            .collect::<String>(),
    ))
}

/// `concat`.
fn concat(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let mut all = Vec::new();
    let mut lists = true;
    for (i, arg) in args.iter().enumerate() {
        lists &= matches!(arg.0.ty(), Type::List(_));
        all.extend(elements_arg(name, args, i)?.iter().cloned());
    }
    let types: Vec<Type> = args.iter().map(|a| a.0.ty().clone()).collect();
    if lists
        && types.windows(2).all(|w| w[0] == w[1])
        && let Some(Type::List(e)) = types.first()
    {
        return Value::list((**e).clone(), all).map_err(|e| failed(name, span, e));
    }
    Ok(Value::tuple_of(all))
}

/// `distinct`.
fn distinct(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let list = elements_arg(name, args, 0)?;
    let mut out: Vec<Value> = Vec::new();
    for e in list {
        if !out.iter().any(|o| values_equal(o, e)) {
            out.push(e.clone());
        }
    }
    let ty = super::unify::unify(
        &list.iter().map(|v| v.ty().clone()).collect::<Vec<_>>(),
        true,
    )
    .unwrap_or(Type::Dynamic);
    let converted: std::result::Result<Vec<Value>, _> = out
        .into_iter()
        .map(|v| super::convert_to_type(v, &ty))
        .collect();
    let converted = converted.map_err(|e| invalid_arg(name, 0, &args[0], e))?;
    Value::list(ty, converted).map_err(|e| failed(name, span, e))
}

/// `min | max`.
fn min_or_max(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    if args.is_empty() {
        return Err(failed(name, span, "must pass at least one number"));
    }
    let mut best: Option<Number> = None;
    for i in 0..args.len() {
        let n = number_arg(name, args, i)?;
        best = Some(match best {
            None => n,
            Some(b) if (name == "min") == (n < b) => n,
            Some(b) => b,
        });
    }
    Ok(Value::number(best.unwrap_or_else(|| Number::from(0))))
}

/// `abs`.
fn abs(name: &str, args: &[Arg], _span: Option<Range<usize>>) -> Result<Value> {
    let n = number_arg(name, args, 0)?;
    Ok(Value::number(if n.signum() < 0 {
        super::arith::negate(&n)
    } else {
        n
    }))
}

/// `coalesce`.
fn coalesce(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    for (v, _) in args {
        if v.is_null() || v.as_str() == Some("") {
            continue;
        }
        return Ok(v.clone());
    }
    Err(failed(
        name,
        span,
        "no non-null, non-empty-string arguments",
    ))
}

/// `keys`.
fn keys(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let arg = &args[0];
    match arg.0.kind() {
        ValueKind::Map(m) => Value::list(Type::String, m.keys().map(super::nfc::string_value))
            .map_err(|e| failed(name, span, e)),
        ValueKind::Object(m) => Ok(Value::tuple_of(m.keys().map(super::nfc::string_value))),
        _ => Err(invalid_arg(name, 0, arg, "must have map or object type")),
    }
}

/// `values`.
fn values(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let arg = &args[0];
    match arg.0.kind() {
        ValueKind::Map(m) => {
            let ty = arg.0.ty().element_type().cloned().unwrap_or(Type::Dynamic);
            Value::list(ty, m.values().cloned()).map_err(|e| failed(name, span, e))
        }
        ValueKind::Object(m) => Ok(Value::tuple_of(m.values().cloned())),
        _ => Err(invalid_arg(name, 0, arg, "must have map or object type")),
    }
}

/// `lookup`.
fn lookup(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let arg = &args[0];
    let key = string_arg(name, args, 1)?;
    let m = match arg.0.kind() {
        ValueKind::Map(m) | ValueKind::Object(m) => m,
        _ => return Err(invalid_arg(name, 0, arg, "map or object required")),
    };
    match (m.get(&key), args.get(2)) {
        (Some(v), _) => Ok(v.clone()),
        (None, Some(default)) => Ok(default.0.clone()),
        (None, None) => Err(failed(
            name,
            span,
            format!("lookup failed to find key {key:?}"),
        )),
    }
}

/// `tonumber`.
fn to_number(name: &str, args: &[Arg], _span: Option<Range<usize>>) -> Result<Value> {
    let v = &args[0].0;
    match v.kind() {
        ValueKind::Null => Ok(Value::null(Type::Number)),
        ValueKind::Number(_) => Ok(v.clone()),
        ValueKind::String(s) => super::convert::parse_go_number(s)
            .map(Value::number)
            .ok_or_else(|| {
                invalid_arg(
                    name,
                    0,
                    &args[0],
                    format!("cannot convert {s:?} to number; given string must be a decimal representation of a number"),
                )
            }),
        _ => Err(invalid_arg(
            name,
            0,
            &args[0],
            format!("cannot convert {} to number", v.ty().friendly_name()),
        )),
    }
}

/// `tostring`.
fn to_string(name: &str, args: &[Arg], _span: Option<Range<usize>>) -> Result<Value> {
    let v = &args[0].0;
    if v.is_null() {
        return Ok(Value::null(Type::String));
    }
    string_of(v).map(super::nfc::string_value).ok_or_else(|| {
        invalid_arg(
            name,
            0,
            &args[0],
            format!("cannot convert {} to string", v.ty().friendly_name()),
        )
    })
}

/// `tobool`.
fn to_bool(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let v = &args[0].0;
    if v.is_null() {
        return Ok(Value::null(Type::Bool));
    }
    match v.kind() {
        ValueKind::Bool(_) => Ok(v.clone()),
        ValueKind::String("true") => Ok(Value::bool(true)),
        ValueKind::String("false") => Ok(Value::bool(false)),
        ValueKind::String(s) => Err(failed(
            name,
            span,
            format!(
                "cannot convert {s:?} to bool; only the strings \"true\" or \"false\" are allowed"
            ),
        )),
        _ => Err(invalid_arg(
            name,
            0,
            &args[0],
            format!("cannot convert {} to bool", v.ty().friendly_name()),
        )),
    }
}

/// `cidrhost`.
fn cidr_host(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let prefix = string_arg(name, args, 0)?;
    let hostnum = number_arg(name, args, 1)?;
    cidrhost(&prefix, &hostnum)
        .map(super::nfc::string_value)
        .map_err(|e| failed(name, span, e))
}

/// `cidrnetmask`.
fn cidr_netmask(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let prefix = string_arg(name, args, 0)?;
    cidrnetmask(&prefix)
        .map(super::nfc::string_value)
        .map_err(|e| failed(name, span, e))
}

fn integer_arg(name: &str, args: &[Arg], i: usize) -> Result<i64> {
    let n = number_arg(name, args, i)?;
    n.to_i64()
        .map_err(|_| invalid_arg(name, i, &args[i], "a whole number is required"))
}

/// `format` with the verbs module authors use: `%s %v %d %q %t %f %.Nf %%`. Other verbs
/// (and flags, widths, explicit argument indexes) make the call unsupported here, so a rule
/// using them is reported as not checked rather than judged wrongly.
fn format(args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let spec = string_arg("format", args, 0)?;
    let unsupported = |what: &str| EvalError {
        unsupported_function: Some(format!("format (with {what})")),
        ..EvalError::new(
            span.clone(),
            "Function not available",
            format!("tfsdk vars does not implement format with {what}."),
        )
    };
    let mut out = String::new();
    let mut next = 1;
    let mut chars = spec.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut precision: Option<usize> = None;
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut digits = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(*d);
                chars.next();
            }
            precision = Some(digits.parse().unwrap_or(0));
        }
        let Some(verb) = chars.next() else {
            return Err(failed("format", span, "unterminated format verb"));
        };
        if verb == '%' {
            out.push('%');
            continue;
        }
        let Some((arg, _)) = args.get(next) else {
            return Err(failed(
                "format",
                span,
                format!(
                    "not enough arguments for %{verb} at {}",
                    out.chars().count()
                ),
            ));
        };
        next += 1;
        match verb {
            's' | 'v' if arg.ty().is_primitive() && !arg.is_null() => {
                out.push_str(&string_of(arg).unwrap_or_default())
            }
            'd' => match arg.as_number().and_then(|n| n.to_bigint()) {
                Some(n) => out.push_str(&n.to_string()),
                None => return Err(unsupported("%d of a value that is not a whole number")),
            },
            't' => match arg.as_bool() {
                Some(b) => out.push_str(&b.to_string()),
                None => return Err(unsupported("%t of a value that is not a bool")),
            },
            'q' => match arg.as_str() {
                Some(s) => out.push_str(&serde_json::Value::from(s).to_string()),
                None => return Err(unsupported("%q of a value that is not a string")),
            },
            'f' if precision.is_some() => match arg.as_number() {
                Some(n) => {
                    let p = precision.unwrap_or(6);
                    out.push_str(&format!("{:.*}", p, n.nearest_f64()))
                }
                None => return Err(unsupported("%f of a value that is not a number")),
            },
            other => return Err(unsupported(&format!("the verb %{other}"))),
        }
    }
    if next < args.len() {
        return Err(failed(
            "format",
            span,
            "too many arguments; no verbs left for the rest",
        ));
    }
    Ok(super::nfc::string_value(out))
}

fn length(args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let arg = &args[0];
    if arg.0.is_null() {
        return Err(invalid_arg("length", 0, arg, "argument must not be null"));
    }
    let n = match arg.0.kind() {
        // Terraform counts grapheme clusters; characters are the same for most text.
        ValueKind::String(s) => s.chars().count(),
        ValueKind::List(e) | ValueKind::Tuple(e) | ValueKind::Set(e) => e.len(),
        ValueKind::Map(m) | ValueKind::Object(m) => m.len(),
        _ => {
            return Err(failed(
                "length",
                span,
                "argument must be a string, a collection type, or a structural type",
            ));
        }
    };
    Ok(Value::number(Number::from(n as u64)))
}

/// The longest pattern accepted, in bytes.
const MAX_PATTERN_BYTES: usize = 64 * 1024;

fn regex(name: &str, args: &[Arg], span: Option<Range<usize>>) -> Result<Value> {
    let pattern = string_arg(name, args, 0)?;
    let text = string_arg(name, args, 1)?;
    if pattern.len() > MAX_PATTERN_BYTES {
        return Err(invalid_arg(name, 0, &args[0], "the pattern is too long"));
    }
    if let Some(why) = super::re2_errors::re2_error(&pattern) {
        return Err(invalid_arg(
            name,
            0,
            &args[0],
            format!("invalid regexp pattern: {why}"),
        ));
    }
    let re = regex::RegexBuilder::new(&pattern)
        .size_limit(1 << 22)
        .build()
        .map_err(|e| {
            invalid_arg(
                name,
                0,
                &args[0],
                format!("invalid regexp pattern: {}", first_line(&e.to_string())),
            )
        })?;
    let names: Vec<Option<&str>> = re.capture_names().skip(1).collect();
    let result_of = |caps: &regex::Captures<'_>| -> Value {
        if names.is_empty() {
            super::nfc::string_value(caps.get(0).map_or("", |m| m.as_str()))
        } else if names.iter().all(Option::is_some) {
            Value::object_of(names.iter().enumerate().map(|(i, n)| {
                (
                    n.unwrap_or_default().to_owned(),
                    caps.get(i + 1).map_or_else(
                        || Value::null(Type::String),
                        |m| super::nfc::string_value(m.as_str()),
                    ),
                )
            }))
        } else {
            let items: Vec<Value> = (1..=names.len())
                .map(|i| {
                    caps.get(i).map_or_else(
                        || Value::null(Type::String),
                        |m| super::nfc::string_value(m.as_str()),
                    )
                })
                .collect();
            Value::tuple_of(items)
        }
    };
    if name == "regex" {
        match re.captures(&text) {
            Some(caps) => Ok(result_of(&caps)),
            None => Err(failed(
                name,
                span,
                "pattern did not match any part of the given string",
            )),
        }
    } else {
        let all: Vec<Value> = re.captures_iter(&text).map(|c| result_of(&c)).collect();
        let ty = all.first().map_or_else(
            || {
                if names.is_empty() {
                    Type::String
                } else {
                    Type::Dynamic
                }
            },
            |v| v.ty().clone(),
        );
        Value::list(ty, all).map_err(|e| failed(name, span, e))
    }
}

fn first_line(s: &str) -> String {
    s.lines()
        .filter(|l| l.starts_with("error:"))
        .map(|l| l.trim_start_matches("error:").trim().to_owned())
        .next()
        .unwrap_or_else(|| s.lines().last().unwrap_or(s).trim().to_owned())
}

/// `192.168.0.0/16` → address bits, prefix length, and the address length (32 or 128).
fn parse_cidr(prefix: &str) -> std::result::Result<(u128, u32, u32), String> {
    let bad = || format!("invalid CIDR expression: invalid CIDR address: {prefix}");
    let (addr, len) = prefix.split_once('/').ok_or_else(bad)?;
    if len.is_empty() || len.len() > 3 || !len.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let len: u32 = len.parse().map_err(|_| bad())?;
    if let Ok(v4) = addr.parse::<Ipv4Addr>() {
        if len > 32 {
            return Err(bad());
        }
        return Ok((u128::from(u32::from(v4)), len, 32));
    }
    if let Ok(v6) = addr.parse::<Ipv6Addr>() {
        if len > 128 {
            return Err(bad());
        }
        return Ok((u128::from(v6), len, 128));
    }
    Err(bad())
}

fn mask(len: u32, bits: u32) -> u128 {
    let all = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    if len == 0 {
        0
    } else {
        (all >> (bits - len)) << (bits - len) & all
    }
}

fn show(addr: u128, bits: u32) -> String {
    if bits == 32 {
        Ipv4Addr::from(addr as u32).to_string()
    } else {
        Ipv6Addr::from(addr).to_string()
    }
}

fn cidrhost(prefix: &str, hostnum: &Number) -> std::result::Result<String, String> {
    let (addr, len, bits) = parse_cidr(prefix)?;
    let Some(num) = hostnum.to_bigint() else {
        return Err("invalid value for \"hostnum\": a whole number is required".to_owned());
    };
    let host_bits = bits - len;
    let size = BigInt::from(1u8) << host_bits;
    let index = if num < BigInt::from(0) {
        &size + &num
    } else {
        num.clone()
    };
    if index < BigInt::from(0) || index >= size {
        return Err(format!(
            "prefix of {len} does not accommodate a host numbered {num}"
        ));
    }
    let index: u128 = index.try_into().unwrap_or(0);
    let base = addr & mask(len, bits);
    Ok(show(base | index, bits))
}

fn cidrnetmask(prefix: &str) -> std::result::Result<String, String> {
    let (_, len, bits) = parse_cidr(prefix)?;
    if bits != 32 {
        return Err("only IPv4 networks are supported".to_owned());
    }
    Ok(show(mask(len, 32), 32))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arg(v: Value) -> Arg {
        (v, Some(0..1))
    }

    #[test]
    fn cidr_functions_cover_both_address_families() {
        assert_eq!(
            cidrhost("10.0.0.0/8", &Number::from(-1)).unwrap(),
            "10.255.255.255"
        );
        assert_eq!(
            cidrhost("fd00:1::/64", &Number::from(5)).unwrap(),
            "fd00:1::5"
        );
        assert_eq!(
            cidrhost("10.0.0.0/30", &Number::from(4)).unwrap_err(),
            "prefix of 30 does not accommodate a host numbered 4"
        );
        assert_eq!(cidrnetmask("192.168.7.0/23").unwrap(), "255.255.254.0");
        assert!(cidrnetmask("10.0.0.0/33").is_err());
    }

    #[test]
    fn format_with_an_unhandled_verb_is_unsupported_not_wrong() {
        let ok = call(
            "format",
            &[
                arg(Value::from("%s=%d%%")),
                arg(Value::from("n")),
                arg(Value::from(5)),
            ],
            None,
        )
        .unwrap();
        assert_eq!(ok, Value::from("n=5%"));
        let e = call(
            "format",
            &[arg(Value::from("%x")), arg(Value::from(255))],
            None,
        )
        .unwrap_err();
        assert_eq!(
            e.unsupported_function.as_deref(),
            Some("format (with the verb %x)")
        );
    }

    #[test]
    fn wrong_argument_counts_name_the_missing_parameter() {
        let e = call("startswith", &[arg(Value::from("a"))], Some(0..10)).unwrap_err();
        assert_eq!(e.summary, "Not enough function arguments");
        assert_eq!(
            e.detail,
            "Function \"startswith\" expects 2 argument(s). Missing value for \"prefix\"."
        );
    }
}
