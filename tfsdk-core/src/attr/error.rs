//! The error every conversion returns: what went wrong, where, and what to do instead.

use std::fmt;

use crate::diag::Diagnostic;
use crate::path::{AttributePath, PathStep};
use crate::tftypes::{NumberError, Type, Value};

/// A conversion between a Terraform value and a Rust value failed.
///
/// Carries the attribute path of the offending part. Conversions build the path while the error
/// travels up, so the success path pays nothing for it. The error is one pointer wide, so a
/// `Result<T, ConvertError>` costs little more than a `T` to pass around.
///
/// ```
/// use tfsdk_core::convert::ConvertError;
/// use tfsdk_core::tftypes::Type;
///
/// let err = ConvertError::null::<String>(&Type::String).under_attribute("name");
/// assert_eq!(err.path().to_string(), "name");
/// assert!(err.to_string().contains("`String` cannot hold null"), "{err}");
/// ```
#[derive(Clone, PartialEq)]
pub struct ConvertError {
    inner: Box<ErrorInner>,
}

#[derive(Clone, PartialEq)]
struct ErrorInner {
    path: AttributePath,
    kind: ConvertErrorKind,
}

impl fmt::Debug for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConvertError")
            .field("path", &self.inner.path)
            .field("kind", &self.inner.kind)
            .finish()
    }
}

/// What kind of conversion failure a [`ConvertError`] is.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ConvertErrorKind {
    /// A null value met a Rust type that cannot hold null.
    Null {
        /// The Rust type asked for (`String`, `Vec<i64>`).
        target: String,
        /// The Terraform type of the null value.
        ty: Type,
    },
    /// An unknown value met a Rust type that cannot hold unknown.
    Unknown {
        /// The Rust type asked for.
        target: String,
        /// The Terraform type of the unknown value.
        ty: Type,
    },
    /// The value's Terraform type cannot become the Rust type, or the Rust value cannot become
    /// the Terraform type asked for.
    TypeMismatch {
        /// The Rust type on one side of the conversion.
        target: String,
        /// What would have been accepted (`a string value`, `list, set or tuple`).
        expected: String,
        /// The Terraform type met.
        found: Type,
    },
    /// A number does not fit the Rust number type (overflow or precision loss).
    Number {
        /// The Rust type asked for.
        target: String,
        /// Why it does not fit.
        source: NumberError,
    },
    /// Struct fields and object attributes do not map one to one.
    ObjectMismatch {
        /// Attributes the struct defines that the object lacks.
        struct_only: Vec<String>,
        /// Attributes the object has that the struct does not define.
        object_only: Vec<String>,
    },
    /// Two elements of a set are equal.
    DuplicateSetElement {
        /// The element, as a one-line literal.
        element: String,
    },
    /// A framework value (list, set, map, tuple, object) whose own Terraform type, kept while
    /// it is null or unknown too, is not the type on the other side of the conversion.
    TypeConflict {
        /// The framework type (`List<String>`).
        target: String,
        /// The value's state: `null`, `unknown` or `known`.
        state: &'static str,
        /// The framework value's own type (a null `list(bool)`).
        own: Type,
        /// The type on the other side (`list(string)`).
        expected: Type,
    },
    /// A value that is well-typed but not valid for the target (a provider-defined type's
    /// validation, a map key that is not a string, …).
    Invalid {
        /// One line: what is wrong.
        summary: String,
        /// Why, and what to do instead.
        detail: String,
    },
}

impl ConvertError {
    /// An error of this kind at the root of the value being converted.
    pub fn new(kind: ConvertErrorKind) -> ConvertError {
        ConvertError {
            inner: Box::new(ErrorInner {
                path: AttributePath::empty(),
                kind,
            }),
        }
    }

    /// A null value met `T`, which cannot hold null.
    pub fn null<T: ?Sized>(ty: &Type) -> ConvertError {
        ConvertError::null_named(std::any::type_name::<T>(), ty)
    }

    /// [`ConvertError::null`] with the target's full type name (`std::any::type_name`).
    /// Generic code calls these `*_named` forms through a one-line shim, so the error building
    /// is compiled once rather than once per target type.
    pub fn null_named(full_type_name: &str, ty: &Type) -> ConvertError {
        ConvertError::new(ConvertErrorKind::Null {
            target: short_type_name(full_type_name),
            ty: ty.clone(),
        })
    }

    /// An unknown value met `T`, which cannot hold unknown.
    pub fn unknown<T: ?Sized>(ty: &Type) -> ConvertError {
        ConvertError::unknown_named(std::any::type_name::<T>(), ty)
    }

    /// [`ConvertError::unknown`] with the target's full type name.
    pub fn unknown_named(full_type_name: &str, ty: &Type) -> ConvertError {
        ConvertError::new(ConvertErrorKind::Unknown {
            target: short_type_name(full_type_name),
            ty: ty.clone(),
        })
    }

    /// A framework value `T` in `state` whose own type `own` differs from `expected`.
    pub fn type_conflict<T: ?Sized>(
        state: &'static str,
        own: &Type,
        expected: &Type,
    ) -> ConvertError {
        ConvertError::new(ConvertErrorKind::TypeConflict {
            target: short_type_name(std::any::type_name::<T>()),
            state,
            own: own.clone(),
            expected: expected.clone(),
        })
    }

    /// A value of type `found` cannot convert to or from `T`, which needs `expected`.
    pub fn type_mismatch<T: ?Sized>(expected: impl Into<String>, found: &Type) -> ConvertError {
        ConvertError::type_mismatch_named(std::any::type_name::<T>(), expected.into(), found)
    }

    /// [`ConvertError::type_mismatch`] with the target's full type name.
    pub fn type_mismatch_named(
        full_type_name: &str,
        expected: String,
        found: &Type,
    ) -> ConvertError {
        ConvertError::new(ConvertErrorKind::TypeMismatch {
            target: short_type_name(full_type_name),
            expected,
            found: found.clone(),
        })
    }

    /// A number does not fit `T`.
    pub fn number<T: ?Sized>(source: NumberError) -> ConvertError {
        ConvertError::new(ConvertErrorKind::Number {
            target: type_name::<T>(),
            source,
        })
    }

    /// A value is not valid for its target (custom validation).
    pub fn invalid(summary: impl Into<String>, detail: impl Into<String>) -> ConvertError {
        ConvertError::new(ConvertErrorKind::Invalid {
            summary: summary.into(),
            detail: detail.into(),
        })
    }

    /// The same error one step further from the root; conversions call this as the error
    /// travels up through containers.
    pub fn under(mut self, step: PathStep) -> ConvertError {
        self.inner.path = AttributePath::from(step).join(&self.inner.path);
        self
    }

    /// [`ConvertError::under`] an object attribute.
    pub fn under_attribute(self, name: &str) -> ConvertError {
        self.under(PathStep::AttributeName(name.to_owned()))
    }

    /// [`ConvertError::under`] a list or tuple index.
    pub fn under_index(self, index: usize) -> ConvertError {
        self.under(PathStep::ElementKeyInt(index as i64))
    }

    /// [`ConvertError::under`] a map key.
    pub fn under_key(self, key: &str) -> ConvertError {
        self.under(PathStep::ElementKeyString(key.to_owned()))
    }

    /// [`ConvertError::under`] a set element.
    pub fn under_set_value(self, value: &Value) -> ConvertError {
        self.under(PathStep::ElementKeyValue(value.clone()))
    }

    /// The same error beneath `prefix` (for conversions started below the root).
    pub fn prefixed(mut self, prefix: &AttributePath) -> ConvertError {
        self.inner.path = prefix.clone().join(&self.inner.path);
        self
    }

    /// Where the error happened.
    pub fn path(&self) -> &AttributePath {
        &self.inner.path
    }

    /// What went wrong.
    pub fn kind(&self) -> &ConvertErrorKind {
        &self.inner.kind
    }

    /// The error as a diagnostic: summary "Value Conversion Error", the message as detail, and
    /// the path.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let summary = match &self.inner.kind {
            ConvertErrorKind::Invalid { summary, .. } => summary.clone(),
            _ => "Value Conversion Error".to_owned(),
        };
        let detail = match &self.inner.kind {
            ConvertErrorKind::Invalid { detail, .. } => detail.clone(),
            kind => kind.to_string(),
        };
        Diagnostic::error(summary, detail).with_path(self.inner.path.clone())
    }
}

/// The framework type that holds null and unknown values where `target` (a short Rust type
/// name) is asked to hold a value of Terraform type `ty`, for messages: `types::Int64` for an
/// integer, `types::List<String>` for `Vec<String>`.
fn framework_suggestion(target: &str, ty: &Type) -> String {
    let inner = |prefix: &str| {
        target
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix('>'))
            .map(str::to_owned)
    };
    match ty {
        Type::String => "`types::String`".to_owned(),
        Type::Number => match target {
            "f64" => "`types::Float64`".to_owned(),
            "f32" => "`types::Float32`".to_owned(),
            "i32" | "i16" | "i8" | "u16" | "u8" => "`types::Int32`".to_owned(),
            t if integer_range(t).is_some() => "`types::Int64`".to_owned(),
            _ => "`types::Number`".to_owned(),
        },
        Type::Bool => "`types::Bool`".to_owned(),
        Type::List(_) => match inner("Vec<") {
            Some(element) => format!("`types::List<{element}>`"),
            None => "`types::List<_>`".to_owned(),
        },
        Type::Set(_) => match inner("BTreeSet<").or_else(|| inner("HashSet<")) {
            Some(element) => format!("`types::Set<{element}>`"),
            None => "`types::Set<_>`".to_owned(),
        },
        Type::Map(_) => match inner("BTreeMap<String, ").or_else(|| inner("HashMap<String, ")) {
            Some(element) => format!("`types::Map<{element}>`"),
            None => "`types::Map<_>`".to_owned(),
        },
        Type::Object(_) => format!("`types::Object<{target}>`"),
        Type::Tuple(_) => "`types::Tuple`".to_owned(),
        Type::Dynamic => "`types::Dynamic`".to_owned(),
    }
}

/// The Rust types that hold values of a Terraform type, for the remedy of a type mismatch.
/// A type's name with its indefinite article, as English reads it: `a string`,
/// `an object({a=string})`.
pub(crate) fn with_article(ty: &Type) -> String {
    let name = ty.to_string();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

fn native_suggestion(ty: &Type) -> &'static str {
    match ty {
        Type::String => "`String` or `types::String`",
        Type::Number => {
            "an integer or float type, `types::Int64`, `types::Float64` or `types::Number`"
        }
        Type::Bool => "`bool` or `types::Bool`",
        Type::List(_) => "`Vec<_>` or `types::List<_>`",
        Type::Set(_) => "`BTreeSet<_>`, `HashSet<_>`, `Vec<_>` or `types::Set<_>`",
        Type::Map(_) => "`BTreeMap<String, _>`, `HashMap<String, _>` or `types::Map<_>`",
        Type::Object(_) => {
            "a struct deriving `TfObject`, `BTreeMap<String, _>` or `types::Object<_>`"
        }
        Type::Tuple(_) => "`Vec<_>` or `types::Tuple`",
        Type::Dynamic => "`tftypes::Value` or `types::Dynamic`",
    }
}

/// The range of a machine integer type, by name, for overflow messages.
fn integer_range(target: &str) -> Option<(&'static str, &'static str)> {
    Some(match target {
        "i8" => ("-128", "127"),
        "i16" => ("-32768", "32767"),
        "i32" => ("-2147483648", "2147483647"),
        "i64" => ("-9223372036854775808", "9223372036854775807"),
        "i128" => ("-2^127", "2^127 - 1"),
        "isize" => ("isize::MIN", "isize::MAX"),
        "u8" => ("0", "255"),
        "u16" => ("0", "65535"),
        "u32" => ("0", "4294967295"),
        "u64" => ("0", "18446744073709551615"),
        "u128" => ("0", "2^128 - 1"),
        "usize" => ("0", "usize::MAX"),
        _ => return None,
    })
}

/// A number's decimal text for a message: as Terraform prints it, or in scientific form
/// (`1e400`) when that would be longer than a line.
fn short_decimal(text: &str) -> String {
    const LONG: usize = 40;
    if text.len() <= LONG {
        return text.to_owned();
    }
    let Ok(number) = text.parse::<crate::tftypes::Number>() else {
        return text.to_owned();
    };
    let (mantissa, exponent) = number.to_parts();
    let digits = mantissa.magnitude().to_string();
    let sign = if mantissa.sign() == num_bigint::Sign::Minus {
        "-"
    } else {
        ""
    };
    let scale = exponent + digits.len() as i64 - 1;
    let (first, rest) = digits.split_at(1);
    let rest = if rest.len() > 20 {
        format!("{}…", &rest[..20])
    } else {
        rest.to_owned()
    };
    if rest.is_empty() {
        format!("{sign}{first}e{scale}")
    } else {
        format!("{sign}{first}.{rest}e{scale}")
    }
}

fn fmt_number_error(target: &str, source: &NumberError, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match source {
        NumberError::Overflow {
            value,
            target: machine,
        } => {
            let value_text = short_decimal(value);
            match integer_range(machine) {
                Some((min, max)) => {
                    write!(
                        f,
                        "{value_text} does not fit in `{target}` (overflow: `{machine}` holds \
                         {min} to {max}); "
                    )?;
                    if value.starts_with('-') && min == "0" {
                        f.write_str("use a signed type such as `i64`, or `types::Number`")
                    } else {
                        f.write_str("use a wider type (`i64`, `i128`, `BigInt`) or `types::Number`")
                    }
                }
                None => write!(
                    f,
                    "{value_text} does not fit in `{target}` (overflow: beyond the largest \
                     `{machine}`); use `types::Number` or `tftypes::Number`, which hold any \
                     Terraform number"
                ),
            }
        }
        NumberError::PrecisionLoss {
            value,
            target: machine,
        } => {
            let value_text = short_decimal(value);
            if *machine == "BigInt" {
                write!(
                    f,
                    "{value_text} cannot be stored in `{target}` without losing precision (it is \
                     not a whole number); use `tftypes::Number` or `types::Number`, which keep \
                     fractions exactly"
                )
            } else if integer_range(machine).is_some() {
                write!(
                    f,
                    "{value_text} cannot be stored in `{target}` without losing precision (it is \
                     not a whole number); use `f64`, `types::Float64` or `types::Number`"
                )
            } else {
                let nearest = match *machine {
                    "f32" => value.parse::<f32>().ok().map(|v| v.to_string()),
                    "f64" => value.parse::<f64>().ok().map(|v| v.to_string()),
                    _ => None,
                };
                write!(
                    f,
                    "{value_text} cannot be stored in `{target}` without losing precision"
                )?;
                if let Some(nearest) = nearest {
                    write!(
                        f,
                        " (the nearest `{machine}` is {})",
                        short_decimal(&nearest)
                    )?;
                }
                if target == *machine {
                    // A native float: the framework's keeps the number it cannot hold.
                    let framework = if *machine == "f32" {
                        "types::Float32"
                    } else {
                        "types::Float64"
                    };
                    write!(
                        f,
                        "; use `{framework}`, which keeps the number Terraform gave, or \
                         `types::Number` to keep every digit"
                    )
                } else {
                    f.write_str("; use `types::Number` or `tftypes::Number` to keep every digit")
                }
            }
        }
        NumberError::NotFinite { value } => write!(
            f,
            "`{target}` value {value} is not a finite number, and Terraform numbers are finite \
             decimals; store a finite value, or use `Option<{target}>` and `None` (null) for \
             \"no value\""
        ),
        other @ NumberError::Syntax { .. } => write!(f, "{other}"),
    }
}

impl fmt::Display for ConvertErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertErrorKind::Null { target, ty } => {
                write!(f, "received a null value, but `{target}` cannot hold null")?;
                if matches!(ty, Type::List(_) | Type::Set(_) | Type::Map(_)) {
                    f.write_str(" (a null collection is not an empty one)")?;
                }
                write!(
                    f,
                    "; use `Option<{target}>` or {} instead",
                    framework_suggestion(target, ty)
                )
            }
            ConvertErrorKind::Unknown { target, ty } => write!(
                f,
                "received an unknown value, but `{target}` cannot hold unknown values; use {} \
                 (or a type implementing `Unknownable`) instead",
                framework_suggestion(target, ty)
            ),
            ConvertErrorKind::TypeMismatch {
                target,
                expected,
                found,
            } => {
                let a_found = with_article(found);
                write!(
                    f,
                    "cannot convert between {a_found} value and `{target}`, which needs \
                     {expected}; {a_found} value converts to and from {}",
                    native_suggestion(found),
                )
            }
            ConvertErrorKind::Number { target, source } => fmt_number_error(target, source, f),
            ConvertErrorKind::ObjectMismatch {
                struct_only,
                object_only,
            } => {
                f.write_str("mismatch between struct and object:")?;
                if !struct_only.is_empty() {
                    write!(
                        f,
                        " Struct defines fields not found in object: {}.",
                        struct_only.join(", ")
                    )?;
                }
                if !object_only.is_empty() {
                    write!(
                        f,
                        " Object defines fields not found in struct: {}.",
                        object_only.join(", ")
                    )?;
                }
                Ok(())
            }
            ConvertErrorKind::TypeConflict {
                target,
                state,
                own,
                expected,
            } => write!(
                f,
                "type mismatch: {} {state} {own} value cannot stand for {expected} \
                 (`{target}`); a framework value keeps its type while null or unknown too, so \
                 make it of type {expected}",
                if *state == "unknown" { "an" } else { "a" }
            ),
            ConvertErrorKind::DuplicateSetElement { element } => write!(
                f,
                "duplicate set element {element}: set elements must be unique; use a list to \
                 keep duplicates"
            ),
            ConvertErrorKind::Invalid { summary, detail } => {
                if detail.is_empty() {
                    f.write_str(summary)
                } else {
                    write!(f, "{summary}: {detail}")
                }
            }
        }
    }
}

impl fmt::Display for ConvertError {
    /// `path: message`, or just the message at the root.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.inner.path.is_empty() {
            write!(f, "{}", self.inner.kind)
        } else {
            write!(f, "{}: {}", self.inner.path, self.inner.kind)
        }
    }
}

impl std::error::Error for ConvertError {}

impl From<ConvertError> for Diagnostic {
    fn from(error: ConvertError) -> Diagnostic {
        error.to_diagnostic()
    }
}

impl From<ConvertError> for crate::diag::Diagnostics {
    fn from(error: ConvertError) -> crate::diag::Diagnostics {
        error.to_diagnostic().into()
    }
}

/// A Rust type's name without module paths: `Vec<Option<String>>`, for messages.
pub fn type_name<T: ?Sized>() -> String {
    short_type_name(std::any::type_name::<T>())
}

/// A full type name (`alloc::vec::Vec<core::option::Option<i64>>`) without its module paths
/// (`Vec<Option<i64>>`).
pub fn short_type_name(full: &str) -> String {
    let mut out = String::with_capacity(full.len());
    let mut segment = String::new();
    let mut chars = full.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            segment.clear();
        } else if c.is_alphanumeric() || c == '_' {
            segment.push(c);
        } else {
            out.push_str(&segment);
            segment.clear();
            out.push(c);
        }
    }
    out.push_str(&segment);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_are_short() {
        assert_eq!(type_name::<String>(), "String");
        assert_eq!(
            type_name::<Vec<Option<std::collections::BTreeMap<String, i64>>>>(),
            "Vec<Option<BTreeMap<String, i64>>>"
        );
        assert_eq!(type_name::<(i8, bool)>(), "(i8, bool)");
    }

    #[test]
    fn paths_grow_while_the_error_travels_up() {
        let err = ConvertError::null::<String>(&Type::String)
            .under_attribute("website")
            .under_index(0)
            .under_attribute("buckets");
        assert_eq!(err.path().to_string(), "buckets[0].website");
        assert!(
            err.to_string()
                .starts_with("buckets[0].website: received a null value")
        );
        let diag = err.to_diagnostic();
        assert_eq!(diag.summary, "Value Conversion Error");
        assert_eq!(diag.path.unwrap().to_string(), "buckets[0].website");
    }

    #[test]
    fn every_message_says_what_to_do_instead() {
        let null = ConvertError::null::<Vec<String>>(&Type::list(Type::String));
        assert_eq!(
            null.to_string(),
            "received a null value, but `Vec<String>` cannot hold null (a null collection is \
             not an empty one); use `Option<Vec<String>>` or `types::List<String>` instead"
        );
        let unknown = ConvertError::unknown::<u16>(&Type::Number);
        assert_eq!(
            unknown.to_string(),
            "received an unknown value, but `u16` cannot hold unknown values; use \
             `types::Int32` (or a type implementing `Unknownable`) instead"
        );
        let overflow = ConvertError::number::<f64>(NumberError::Overflow {
            value: format!("1{}", "0".repeat(400)),
            target: "f64",
        });
        assert_eq!(
            overflow.to_string(),
            "1e400 does not fit in `f64` (overflow: beyond the largest `f64`); use \
             `types::Number` or `tftypes::Number`, which hold any Terraform number"
        );
        let nan = ConvertError::number::<f32>(NumberError::NotFinite {
            value: "NaN".into(),
        });
        assert!(nan.to_string().contains("not a finite number"), "{nan}");
        assert!(nan.to_string().contains("`Option<f32>`"), "{nan}");
    }

    #[test]
    fn long_numbers_shorten_to_scientific_form() {
        assert_eq!(short_decimal("123"), "123");
        assert_eq!(short_decimal(&format!("-15{}", "0".repeat(60))), "-1.5e61");
        let long = format!("0.{}1", "0".repeat(50));
        assert_eq!(short_decimal(&long), "1e-51");
    }

    #[test]
    fn mismatch_lists_both_sides_like_the_go_framework() {
        let err = ConvertError::new(ConvertErrorKind::ObjectMismatch {
            struct_only: vec!["a".into(), "b".into()],
            object_only: vec!["c".into()],
        });
        assert_eq!(
            err.to_string(),
            "mismatch between struct and object: Struct defines fields not found in object: \
             a, b. Object defines fields not found in struct: c."
        );
    }
}
