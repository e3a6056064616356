//! What [`Float64`](super::Float64) and [`Float32`](super::Float32) share: a float read from a
//! Terraform number keeps the number itself when it says more than the float, as Go's
//! `types.Float64` keeps its `*big.Float`, so a configured `1 - 0.99` goes back to Terraform
//! unchanged; equality by meaning is judged on the float.

use crate::attr::error::ConvertError;
use crate::tftypes::{Number, NumberError, Type, Value, ValueData};

/// A known float value: the float, and the number Terraform gave when it is not exactly
/// what the float prints as (`None` for a value made in Rust, or read as a float's decimal).
#[derive(Clone, Debug, Default, PartialEq, PartialOrd)]
pub(crate) struct Rounded<F> {
    pub(crate) float: F,
    pub(crate) exact: Option<Number>,
}

impl<F> Rounded<F> {
    /// A float made in Rust.
    pub(crate) const fn new(float: F) -> Rounded<F> {
        Rounded { float, exact: None }
    }
}

/// How one float width converts: the nearest float, the strict conversion and the shortest
/// decimal of a float.
pub(crate) trait FloatWidth: Copy + PartialEq + Sized {
    /// The Rust type's name, for messages.
    const NAME: &'static str;
    /// Zero.
    const ZERO: Self;
    /// The nearest float, unchecked (infinite or zero when out of range).
    fn nearest(number: &Number) -> Self;
    /// The float when it prints back as the number itself.
    fn strict(number: &Number) -> Result<Self, NumberError>;
    /// The shortest decimal that reads back as the float.
    fn decimal(self) -> Result<Number, NumberError>;
    /// Whether the float is infinite.
    fn is_infinite(self) -> bool;
}

impl FloatWidth for f64 {
    const NAME: &'static str = "f64";
    const ZERO: f64 = 0.0;
    fn nearest(number: &Number) -> f64 {
        number.nearest_f64()
    }
    fn strict(number: &Number) -> Result<f64, NumberError> {
        number.to_f64()
    }
    fn decimal(self) -> Result<Number, NumberError> {
        Number::from_f64(self)
    }
    fn is_infinite(self) -> bool {
        f64::is_infinite(self)
    }
}

impl FloatWidth for f32 {
    const NAME: &'static str = "f32";
    const ZERO: f32 = 0.0;
    fn nearest(number: &Number) -> f32 {
        number.nearest_f32()
    }
    fn strict(number: &Number) -> Result<f32, NumberError> {
        number.to_f32()
    }
    fn decimal(self) -> Result<Number, NumberError> {
        Number::from_f32(self)
    }
    fn is_infinite(self) -> bool {
        f32::is_infinite(self)
    }
}

/// A known Terraform number as a float of width `F` (Go's `Float64Type.ValueFromTerraform`):
/// any number whose nearest float is finite, and not zero for a number that is not,
/// keeping the number when the float says less. Errors name the value type `T`.
pub(crate) fn read<F: FloatWidth, T: ?Sized>(
    ty: &Type,
    data: ValueData,
) -> Result<Rounded<F>, ConvertError> {
    match data {
        ValueData::Number(number) => from_number(number).map_err(ConvertError::number::<T>),
        data => Err(super::conversion::unexpected::<T>(ty, &data, "a number")),
    }
}

/// A number as a float of width `F`: any number whose nearest float is finite, and not zero
/// for a number that is not, keeping the number when the float says less.
///
/// # Errors
/// [`NumberError::Overflow`] beyond the float's range; [`NumberError::PrecisionLoss`] for a
/// number so small that the float would be zero (Go: "cannot be represented as a 64-bit
/// floating point" for both).
pub(crate) fn from_number<F: FloatWidth>(number: Number) -> Result<Rounded<F>, NumberError> {
    match F::strict(&number) {
        Ok(float) => Ok(Rounded::new(float)),
        Err(error @ NumberError::Overflow { .. }) => Err(error),
        Err(_) => {
            let float = F::nearest(&number);
            if float.is_infinite() {
                return Err(NumberError::Overflow {
                    value: number.to_string(),
                    target: F::NAME,
                });
            }
            if float == F::ZERO && !number.is_zero() {
                return Err(NumberError::PrecisionLoss {
                    value: number.to_string(),
                    target: F::NAME,
                });
            }
            Ok(Rounded {
                float,
                exact: Some(number),
            })
        }
    }
}

/// The Terraform value of a known float: the number it was read from, else its shortest
/// decimal (NaN and infinities are errors naming the value type `T`).
pub(crate) fn write<F: FloatWidth, T: ?Sized>(inner: &Rounded<F>) -> Result<Value, ConvertError> {
    match &inner.exact {
        Some(number) => Ok(Value::number(number.clone())),
        None => inner
            .float
            .decimal()
            .map(Value::number)
            .map_err(ConvertError::number::<T>),
    }
}

/// The number a known float stands for: the one it was read from, else its shortest decimal.
pub(crate) fn number<F: FloatWidth>(inner: &Rounded<F>) -> Option<Number> {
    match &inner.exact {
        Some(number) => Some(number.clone()),
        None => inner.float.decimal().ok(),
    }
}

/// Semantic equality of two Terraform numbers read as floats of width `F` (Go's
/// `Float64SemanticEquals`): the same nearest float. A state that holds `1 - 0.99` at full
/// precision and an API that answers `0.01` mean the same.
pub(crate) fn same_float<F: FloatWidth>(a: &Value, b: &Value) -> bool {
    match (a.as_number(), b.as_number()) {
        (Some(a), Some(b)) => F::nearest(a) == F::nearest(b),
        _ => false,
    }
}

/// A framework float `$value` holding `$float` with its attribute type `$type`: the struct,
/// documented by the attributes given, every impl the primitives share, and the float
/// accessors (`new`, `$accessor`, `get`, `number`, `From`).
macro_rules! float_value {
    (
        $(#[$doc:meta])*
        $value:ident($float:ty): $type:ident = $type_name:literal,
        $accessor:ident
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq, PartialOrd)]
        pub struct $value {
            state: $crate::attr::ValueState,
            value: $crate::types::float::Rounded<$float>,
        }

        #[doc = concat!(
            "The attribute type of [`", stringify!($value), "`] (Go's `types.", $type_name,
            "`): Terraform's `number`."
        )]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $type;

        impl $crate::types::primitive::PrimitiveKind for $value {
            type Inner = $crate::types::float::Rounded<$float>;

            const ZERO: Self::Inner = $crate::types::float::Rounded::new(0.0);

            const SEMANTIC_EQUALITY: Option<fn(&$crate::tftypes::Value, &$crate::tftypes::Value) -> bool> =
                Some($crate::types::float::same_float::<$float>);

            fn read_known(
                ty: &$crate::tftypes::Type,
                data: $crate::tftypes::ValueData,
            ) -> Result<Self::Inner, $crate::attr::error::ConvertError> {
                $crate::types::float::read::<$float, $value>(ty, data)
            }

            fn write_known(
                inner: &Self::Inner,
            ) -> Result<$crate::tftypes::Value, $crate::attr::error::ConvertError> {
                $crate::types::float::write::<$float, $value>(inner)
            }

            fn fmt_known(inner: &Self::Inner, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match $crate::types::float::number(inner) {
                    Some(number) => write!(f, "{number}"),
                    None => write!(f, "{}", inner.float),
                }
            }
        }

        $crate::types::primitive::primitive_impls!($value, $type, Number, $type_name, "float");

        impl $value {
            #[doc = concat!("A known float (Go's `types.", stringify!($value), "Value`).")]
            pub fn new(value: $float) -> $value {
                $value {
                    state: $crate::attr::ValueState::Known,
                    value: $crate::types::float::Rounded::new(value),
                }
            }

            #[doc = concat!("The float, or `0.0` when null or unknown (Go's `Value", stringify!($value), "`): the nearest float when Terraform gave a more precise number.")]
            pub fn $accessor(&self) -> $float {
                self.value.float
            }

            #[doc = concat!("The float when known (Go's `Value", stringify!($value), "Pointer`, with `None` for null and unknown).")]
            pub fn get(&self) -> Option<$float> {
                (self.state == $crate::attr::ValueState::Known).then_some(self.value.float)
            }

            /// A known float from a Terraform number, kept when it says more than the float
            /// (the direct msgpack route's reader).
            #[cfg_attr(not(feature = "msgpack-direct"), allow(dead_code))]
            pub(crate) fn from_number(
                number: $crate::tftypes::Number,
            ) -> Result<$value, $crate::tftypes::NumberError> {
                Ok($value {
                    state: $crate::attr::ValueState::Known,
                    value: $crate::types::float::from_number(number)?,
                })
            }

            /// The number this known float was read from, when it says more than the float.
            #[cfg_attr(not(feature = "msgpack-direct"), allow(dead_code))]
            pub(crate) fn exact(&self) -> Option<&$crate::tftypes::Number> {
                self.value.exact.as_ref()
            }

            /// The number when known, at full precision: the one Terraform gave (a configured
            /// `1 - 0.99` is not exactly a float), else the float's shortest decimal.
            pub fn number(&self) -> Option<$crate::tftypes::Number> {
                if self.state != $crate::attr::ValueState::Known {
                    return None;
                }
                $crate::types::float::number(&self.value)
            }
        }

        impl From<$float> for $value {
            fn from(value: $float) -> $value {
                $value::new(value)
            }
        }

        impl From<Option<$float>> for $value {
            #[doc = concat!("`None` is null (Go's `", stringify!($value), "PointerValue`).")]
            fn from(value: Option<$float>) -> $value {
                value.map_or_else($value::null, $value::new)
            }
        }
    };
}

pub(crate) use float_value;

#[cfg(test)]
mod tests {
    use crate::convert::{FromValue, TerraformType, ToValue};
    use crate::tftypes::{Number, Type, Value};
    use crate::types::{Float32, Float64};

    fn number(text: &str) -> Value {
        Value::number(text.parse::<Number>().unwrap())
    }

    /// `1 - 0.99` as Terraform computes it (512-bit binary floats), in decimal.
    const ONE_MINUS_0_99: &str = "0.0100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002";

    #[test]
    fn a_number_more_precise_than_the_float_is_kept_and_goes_back_unchanged() {
        let value = Float64::from_value(number(ONE_MINUS_0_99)).unwrap();
        assert_eq!(value.get(), Some(0.01));
        assert_eq!(value.value_float64(), 0.01);
        assert_eq!(
            value.to_value(&Type::Number).unwrap(),
            number(ONE_MINUS_0_99)
        );
        assert_eq!(value.number(), Some(ONE_MINUS_0_99.parse().unwrap()));
        assert_eq!(value.to_string(), ONE_MINUS_0_99);
        // Go's `Equal` compares the numbers: the float alone is another value.
        assert_ne!(value, Float64::new(0.01));
        let sum = Float32::from_value(number("0.3000000000000000000000000000001")).unwrap();
        assert_eq!(sum.get(), Some(0.3));
        assert_eq!(
            sum.to_value(&Type::Number).unwrap(),
            number("0.3000000000000000000000000000001")
        );
    }

    #[test]
    fn a_number_a_float_prints_as_is_held_as_the_float() {
        for text in ["0.1", "6.283185", "-0", "1e300", "2.5"] {
            let value = Float64::from_value(number(text)).unwrap();
            assert_eq!(value, Float64::new(text.parse().unwrap()), "{text}");
            assert_eq!(value.to_value(&Type::Number).unwrap(), number(text));
        }
    }

    #[test]
    fn beyond_the_range_or_below_the_smallest_float_is_an_error() {
        let error = Float64::from_value(number("1e400"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("1e400 does not fit in `Float64`"), "{error}");
        let error = Float64::from_value(number("1e-400"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("1e-400 cannot be stored in `Float64`"),
            "{error}"
        );
        let error = Float32::from_value(number("1e39")).unwrap_err().to_string();
        assert!(error.contains("does not fit in `Float32`"), "{error}");
        // Zero itself is zero.
        assert_eq!(Float64::from_value(number("0")).unwrap(), Float64::new(0.0));
    }

    #[test]
    fn semantic_equality_compares_the_floats() {
        let equal = Float64::semantic_equality().expect("Float64 has a semantic equality");
        assert!(equal(&number(ONE_MINUS_0_99), &number("0.01")));
        assert!(!equal(&number("0.02"), &number("0.01")));
        assert!(!equal(&Value::null(Type::Number), &number("0.01")));
        let equal = Float32::semantic_equality().expect("Float32 has a semantic equality");
        // 0.1 and 0.1000000001 are the same f32, not the same f64.
        assert!(equal(&number("0.1"), &number("0.1000000001")));
        assert!(!Float64::semantic_equality().unwrap()(
            &number("0.1"),
            &number("0.1000000001")
        ));
    }
}
