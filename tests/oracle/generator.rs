//! The seeded generator: type constraints and JSON values for them, deterministic from a u64.

use std::fmt::Write as _;

/// SplitMix64: small, fast and good enough to spread test cases; no dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A type constraint as the generator builds it; [`Ty::constraint`] gives its text.
#[derive(Clone, Debug)]
pub enum Ty {
    String,
    Number,
    Bool,
    Any,
    List(Box<Ty>),
    Set(Box<Ty>),
    Map(Box<Ty>),
    Tuple(Vec<Ty>),
    Object(Vec<Attr>),
}

#[derive(Clone, Debug)]
pub struct Attr {
    pub name: &'static str,
    pub ty: Ty,
    pub optional: Presence,
}

#[derive(Clone, Debug)]
pub enum Presence {
    Required,
    Optional,
    Default(Val),
}

/// A JSON value; numbers keep their text.
#[derive(Clone, Debug)]
pub enum Val {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Val>),
    Object(Vec<(String, Val)>),
}

/// One generated case: a constraint and a JSON value for a `.tfvars.json` file.
#[derive(Clone, Debug)]
pub struct Case {
    /// The seed that regenerates exactly this case ([`case`]).
    pub seed: u64,
    pub constraint: String,
    pub value: String,
}

const ATTRIBUTE_NAMES: &[&str] = &["a", "b", "c", "id", "name", "tags"];

const MAP_KEYS: &[&str] = &[
    "a",
    "b",
    "key",
    "",
    "with space",
    "é",
    "x\"y",
    "1",
    "A",
    "${x}",
    "b\\n",
    "🎉",
];

const STRINGS: &[&str] = &[
    "",
    "a",
    "b",
    "hello world",
    "0",
    "12",
    "-3.5",
    "1e3",
    "true",
    "false",
    "null",
    "say \"hi\"",
    "back\\slash",
    "ends with backslash\\",
    "two\nlines",
    "trailing newline\n",
    "\n",
    "tab\there",
    "cr\r\nlf",
    "only\rcr",
    "${var.x}",
    "$${x}",
    "%{ if true }x%{ endif }",
    "%%{",
    "a${",
    "é",
    "e\u{301}",
    "日本語",
    "🎉",
    "\u{1F468}\u{200D}\u{1F469}",
    "  padded  ",
    "\u{7}bell",
    "\u{1b}[0m",
    "EOT",
    "a\nEOT\nb",
    "<<EOT",
    "\u{feff}bom",
    "\u{2028}sep",
    "\\n",
];

// Negative zeros included: Terraform keeps the sign of a zero (its console prints `-0`, and
// `-0` converts to the string "-0").
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "42",
    "0.1",
    "2.5",
    "1e3",
    "1E-7",
    "3.14159265358979323846264338327950288",
    "18446744073709551617",
    "-9223372036854775809",
    "9007199254740993",
    "1e308",
    "1.7976931348623157e308",
    "1e400",
    "5e-324",
    "123456789012345678901234567890.123456789",
    "0.000001",
    "100",
    "1.0",
    "12345678.9",
    // Beyond go-cty's 512 bits of precision: Terraform rounds these.
    "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084097",
    "12222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222",
    "0.12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890",
    "1.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
    "99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999e-200",
    "1e-400",
    "-0",
    "-0.0",
    "-0e5",
];

/// Strings that convert to numbers (and some that do not).
const NUMERIC_STRINGS: &[&str] = &[
    "12",
    "1e3",
    "0.10",
    "1.5",
    "-7",
    "-0",
    "18446744073709551617",
    "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333",
];
const BAD_NUMERIC_STRINGS: &[&str] = &[
    " 1", "1_000", "0x1f", "abc", "", "1e", "+1", "Infinity", "NaN", "1.2.3",
];
const BAD_BOOL_STRINGS: &[&str] = &["yes", "1", "True", "", "FALSE"];

impl Ty {
    /// The constraint text, on one line.
    pub fn constraint(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            Ty::String => out.push_str("string"),
            Ty::Number => out.push_str("number"),
            Ty::Bool => out.push_str("bool"),
            Ty::Any => out.push_str("any"),
            Ty::List(e) | Ty::Set(e) | Ty::Map(e) => {
                out.push_str(match self {
                    Ty::List(_) => "list(",
                    Ty::Set(_) => "set(",
                    _ => "map(",
                });
                e.write(out);
                out.push(')');
            }
            Ty::Tuple(elements) => {
                out.push_str("tuple([");
                for (i, e) in elements.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    e.write(out);
                }
                out.push_str("])");
            }
            Ty::Object(attrs) => {
                out.push_str("object({");
                for (i, a) in attrs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    let _ = write!(out, "{} = ", a.name);
                    match &a.optional {
                        Presence::Required => a.ty.write(out),
                        Presence::Optional => {
                            out.push_str("optional(");
                            a.ty.write(out);
                            out.push(')');
                        }
                        Presence::Default(v) => {
                            out.push_str("optional(");
                            a.ty.write(out);
                            out.push_str(", ");
                            v.write_hcl(out);
                            out.push(')');
                        }
                    }
                }
                out.push_str("})");
            }
        }
    }
}

impl Val {
    pub fn json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    fn write_json(&self, out: &mut String) {
        match self {
            Val::Null => out.push_str("null"),
            Val::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Val::Number(n) => out.push_str(n),
            Val::String(s) => out.push_str(&json_string(s)),
            Val::Array(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write_json(out);
                }
                out.push(']');
            }
            Val::Object(items) => {
                out.push('{');
                for (i, (k, v)) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&json_string(k));
                    out.push_str(": ");
                    v.write_json(out);
                }
                out.push('}');
            }
        }
    }

    /// The value as an HCL literal expression (for `optional(T, default)`), on one line.
    fn write_hcl(&self, out: &mut String) {
        match self {
            Val::String(s) => out.push_str(&hcl_string(s)),
            Val::Array(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write_hcl(out);
                }
                out.push(']');
            }
            Val::Object(items) => {
                out.push('{');
                for (i, (k, v)) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&hcl_string(k));
                    out.push_str(" = ");
                    v.write_hcl(out);
                }
                out.push('}');
            }
            other => other.write_json(out),
        }
    }
}

pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// An HCL quoted template that evaluates to `s`: `${` and `%{` doubled. Written here rather than
/// taken from `typeexpr`'s quoting on purpose: the oracle's inputs must not depend on the code
/// under test.
fn hcl_string(s: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The case for one seed.
pub fn case(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let ty = gen_type(&mut rng, 0);
    let value = if rng.chance(3) {
        Val::Null
    } else {
        gen_value(&ty, &mut rng, 0, false)
    };
    Case {
        seed,
        constraint: ty.constraint(),
        value: value.json(),
    }
}

const MAX_TYPE_DEPTH: usize = 3;

fn gen_type(rng: &mut Rng, depth: usize) -> Ty {
    let leaf = depth >= MAX_TYPE_DEPTH || rng.chance(25 + 15 * depth as u64);
    if leaf {
        return match rng.below(10) {
            0..=3 => Ty::String,
            4..=5 => Ty::Number,
            6..=7 => Ty::Bool,
            _ => Ty::Any,
        };
    }
    match rng.below(12) {
        0..=1 => Ty::List(Box::new(gen_type(rng, depth + 1))),
        2..=3 => Ty::Set(Box::new(gen_type(rng, depth + 1))),
        4..=5 => Ty::Map(Box::new(gen_type(rng, depth + 1))),
        6 => Ty::Tuple(
            (0..rng.below(4))
                .map(|_| gen_type(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let count = rng.below(4);
            let mut names: Vec<&'static str> = ATTRIBUTE_NAMES.to_vec();
            let mut attrs = Vec::new();
            for _ in 0..count {
                let name = names.remove(rng.below(names.len()));
                let ty = gen_type(rng, depth + 1);
                let optional = match rng.below(10) {
                    0..=3 => Presence::Required,
                    4..=5 => Presence::Optional,
                    _ => Presence::Default(gen_default(&ty, rng, depth + 1)),
                };
                attrs.push(Attr { name, ty, optional });
            }
            Ty::Object(attrs)
        }
    }
}

/// A valid default for an attribute of type `ty`: empty collections often, null sometimes.
fn gen_default(ty: &Ty, rng: &mut Rng, depth: usize) -> Val {
    if rng.chance(10) {
        return Val::Null;
    }
    match ty {
        Ty::List(_) | Ty::Set(_) | Ty::Tuple(_) if rng.chance(40) => match ty {
            Ty::Tuple(e) if !e.is_empty() => gen_value(ty, rng, depth, true),
            _ => Val::Array(Vec::new()),
        },
        Ty::Map(_) | Ty::Object(_) if rng.chance(40) => match ty {
            Ty::Object(attrs)
                if attrs
                    .iter()
                    .any(|a| matches!(a.optional, Presence::Required)) =>
            {
                gen_value(ty, rng, depth, true)
            }
            _ => Val::Object(Vec::new()),
        },
        _ => gen_value(ty, rng, depth, true),
    }
}

/// A value for `ty`. `strict` values always convert (defaults must); otherwise a few are
/// wrong on purpose, to compare the rejections.
fn gen_value(ty: &Ty, rng: &mut Rng, depth: usize, strict: bool) -> Val {
    if !strict && rng.chance(4) {
        return random_value(rng, depth);
    }
    if depth > 0 && rng.chance(5) {
        return Val::Null;
    }
    match ty {
        Ty::String => match rng.below(10) {
            0 => number(rng),
            1 => Val::Bool(rng.chance(50)),
            _ => string(rng),
        },
        Ty::Number => match rng.below(10) {
            0 => Val::String(rng.pick(NUMERIC_STRINGS).to_string()),
            1 if !strict => Val::String(rng.pick(BAD_NUMERIC_STRINGS).to_string()),
            _ => number(rng),
        },
        Ty::Bool => match rng.below(10) {
            0 => Val::String(if rng.chance(50) { "true" } else { "false" }.to_string()),
            1 if !strict => Val::String(rng.pick(BAD_BOOL_STRINGS).to_string()),
            _ => Val::Bool(rng.chance(50)),
        },
        Ty::Any if strict => primitive(rng),
        Ty::Any => random_value(rng, depth),
        Ty::List(e) | Ty::Set(e) => {
            let n = rng.below(4);
            let repeat = rng.chance(20);
            let mut items: Vec<Val> = (0..n)
                .map(|_| gen_value(e, rng, depth + 1, strict))
                .collect();
            if repeat && !items.is_empty() {
                items.push(items[0].clone());
            }
            Val::Array(items)
        }
        Ty::Map(e) => {
            let n = rng.below(4);
            let mut keys: Vec<&str> = MAP_KEYS.to_vec();
            let items = (0..n)
                .map(|_| {
                    let key = keys.remove(rng.below(keys.len()));
                    (key.to_string(), gen_value(e, rng, depth + 1, strict))
                })
                .collect();
            Val::Object(items)
        }
        Ty::Tuple(elements) => {
            let mut items: Vec<Val> = elements
                .iter()
                .map(|e| gen_value(e, rng, depth + 1, strict))
                .collect();
            if !strict && rng.chance(5) {
                if items.is_empty() || rng.chance(50) {
                    items.push(primitive(rng));
                } else {
                    items.pop();
                }
            }
            Val::Array(items)
        }
        Ty::Object(attrs) => {
            let mut items = Vec::new();
            for a in attrs {
                let present = match a.optional {
                    Presence::Required => strict || !rng.chance(4),
                    _ => rng.chance(60),
                };
                if present {
                    let v = if !matches!(a.optional, Presence::Required) && rng.chance(15) {
                        Val::Null
                    } else {
                        gen_value(&a.ty, rng, depth + 1, strict)
                    };
                    items.push((a.name.to_string(), v));
                }
            }
            if rng.chance(5) {
                items.push(("extra".to_string(), primitive(rng)));
            }
            // The order of keys in the JSON text is not meaningful; mix it.
            if items.len() > 1 && rng.chance(50) {
                items.reverse();
            }
            Val::Object(items)
        }
    }
}

fn number(rng: &mut Rng) -> Val {
    Val::Number(rng.pick(NUMBERS).to_string())
}

fn string(rng: &mut Rng) -> Val {
    Val::String(rng.pick(STRINGS).to_string())
}

fn primitive(rng: &mut Rng) -> Val {
    match rng.below(6) {
        0 => number(rng),
        1 => Val::Bool(rng.chance(50)),
        2 if rng.chance(30) => Val::Null,
        _ => string(rng),
    }
}

/// Any JSON value, small.
fn random_value(rng: &mut Rng, depth: usize) -> Val {
    if depth >= 3 || rng.chance(50) {
        return primitive(rng);
    }
    let n = rng.below(4);
    if rng.chance(50) {
        Val::Array((0..n).map(|_| random_value(rng, depth + 1)).collect())
    } else {
        let mut keys: Vec<&str> = MAP_KEYS.iter().chain(ATTRIBUTE_NAMES).copied().collect();
        keys.sort_unstable();
        keys.dedup();
        Val::Object(
            (0..n)
                .map(|_| {
                    let key = keys.remove(rng.below(keys.len()));
                    (key.to_string(), random_value(rng, depth + 1))
                })
                .collect(),
        )
    }
}
