//! Numbers: machine integers and floats, big integers and exact decimals.
//!
//! Every conversion is exact or an error: `128` does not go into `i8` (overflow), `1.5` does not
//! go into `i64` (precision loss). Floats follow the Go framework's rule: a number converts when
//! its nearest float prints back as the same decimal, so `0.1` fits `f64` and `2^53 + 1` does
//! not. NaN and infinities have no Terraform number and are errors the other way.

use num_bigint::BigInt;

use super::{ConvertError, FromValue, TerraformType, ToValue};
use crate::tftypes::{Number, NumberError, Type, Value};
use crate::types::conversion::{cannot_become, unexpected};

/// Checks that a number may be built for `ty`.
#[inline]
fn number_type<T: ?Sized>(ty: &Type) -> Result<(), ConvertError> {
    match ty {
        Type::Number | Type::Dynamic => Ok(()),
        _ => Err(cannot_become::<T>(ty, "a number")),
    }
}

/// The number of a known number value; anything else is an error for a `T`.
#[inline]
fn known_number<T: ?Sized>(value: Value) -> Result<Number, ConvertError> {
    match value.into_number() {
        Ok(n) => Ok(n),
        Err(value) => {
            let (ty, data) = value.into_parts();
            Err(unexpected::<T>(&ty, &data, "a number"))
        }
    }
}

fixed_terraform_type!(Type::Number => i8, i16, i32, i64, isize, i128, u8, u16, u32, u64, usize, u128, f32, f64, BigInt, Number);

/// [`FromValue`] and [`ToValue`] for a machine number `$t`: read with `Number::$to`, written
/// by `$write` from `$this`, the number.
macro_rules! machine_number_conversions {
    ($t:ty, $to:ident, $read:literal, $written:literal, |$this:ident| $write:expr) => {
        impl FromValue for $t {
            #[doc = $read]
            #[inline]
            fn from_value(value: Value) -> Result<Self, ConvertError> {
                known_number::<$t>(value)?
                    .$to()
                    .map_err(ConvertError::number::<$t>)
            }
        }

        impl ToValue for $t {
            #[doc = $written]
            #[inline]
            fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
                number_type::<$t>(ty)?;
                let $this = *self;
                $write
            }
        }
    };
}

macro_rules! integer_conversions {
    ($($t:ty => $to:ident),* $(,)?) => {$(
        machine_number_conversions!(
            $t,
            $to,
            "A known whole number within the type's range.",
            "The integer, exactly.",
            |n| Ok(Value::number(Number::from(n)))
        );
    )*};
}

integer_conversions!(
    i8 => to_i8, i16 => to_i16, i32 => to_i32, i64 => to_i64, isize => to_isize, i128 => to_i128,
    u8 => to_u8, u16 => to_u16, u32 => to_u32, u64 => to_u64, usize => to_usize, u128 => to_u128,
);

macro_rules! float_conversions {
    ($($t:ty => $to:ident, $from:ident),* $(,)?) => {$(
        machine_number_conversions!(
            $t,
            $to,
            "A known number whose nearest float prints back as the same decimal.",
            "The shortest decimal that reads back as the float (`0.1`, not its binary \
             expansion); NaN and infinities are errors.",
            |n| Number::$from(n).map(Value::number).map_err(ConvertError::number::<$t>)
        );
    )*};
}

float_conversions!(f64 => to_f64, from_f64, f32 => to_f32, from_f32);

impl FromValue for BigInt {
    /// A known whole number of any size (Go's `*big.Int`).
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        let n = known_number::<BigInt>(value)?;
        n.to_bigint().ok_or_else(|| {
            ConvertError::number::<BigInt>(NumberError::PrecisionLoss {
                value: n.to_string(),
                target: "BigInt",
            })
        })
    }
}

impl ToValue for BigInt {
    /// Any integer up to [`Number::MAX_EXPONENT`] digits.
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        number_type::<BigInt>(ty)?;
        Number::from_parts(self.clone(), 0)
            .map(Value::number)
            .map_err(|_| {
                ConvertError::invalid(
                    "Value Conversion Error",
                    format!(
                        "an integer of {} bits is beyond the range of Terraform numbers \
                         (at most {} decimal digits)",
                        self.bits(),
                        Number::MAX_EXPONENT
                    ),
                )
            })
    }
}

impl FromValue for Number {
    /// Any known number, every digit kept (Go's `*big.Float`, without its rounding).
    #[inline]
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        known_number::<Number>(value)
    }
}

impl ToValue for Number {
    #[inline]
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        number_type::<Number>(ty)?;
        Ok(Value::number(self.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> Value {
        Value::number(text.parse::<Number>().unwrap())
    }

    #[test]
    fn integers_are_range_checked() {
        assert_eq!(i8::from_value(n("127")).unwrap(), 127);
        assert!(i8::from_value(n("128")).is_err());
        assert!(u32::from_value(n("-1")).is_err());
        assert!(i64::from_value(n("1.5")).is_err());
        assert_eq!(u128::from_value(n("1e38")).unwrap(), 10u128.pow(38));
        assert_eq!(
            u64::MAX.to_value(&Type::Number).unwrap(),
            Value::from(u64::MAX)
        );
    }

    #[test]
    fn floats_follow_the_print_back_rule() {
        assert_eq!(f64::from_value(n("0.1")).unwrap(), 0.1);
        assert!(f64::from_value(n("9007199254740993")).is_err());
        assert!(f64::from_value(n("1e400")).is_err());
        assert_eq!(0.1f64.to_value(&Type::Number).unwrap(), n("0.1"));
        assert!(f64::NAN.to_value(&Type::Number).is_err());
        assert_eq!(f32::from_value(n("0.1")).unwrap(), 0.1f32);
    }

    #[test]
    fn big_numbers_keep_every_digit() {
        let big = n("18446744073709551617");
        assert_eq!(
            BigInt::from_value(big.clone()).unwrap().to_string(),
            "18446744073709551617"
        );
        assert!(BigInt::from_value(n("0.5")).is_err());
        assert_eq!(
            Number::from_value(big.clone()).unwrap().to_string(),
            "18446744073709551617"
        );
        let back = BigInt::from(2u8).pow(64u32) + 1u8;
        assert_eq!(back.to_value(&Type::Number).unwrap(), big);
    }
}
