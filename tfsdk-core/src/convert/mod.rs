//! Conversions between Terraform values and Rust values, both directions.
//!
//! Three traits carry every conversion:
//!
//! - [`TerraformType`]: the Terraform type a Rust type stands for (`Vec<String>` is
//!   `list(string)`), known without a value, so a derived struct knows its object type.
//! - [`FromValue`]: Terraform value → Rust value (the framework's `Get`; implementing it by hand is
//!   Go's `ValueConverter`).
//! - [`ToValue`]: Rust value → Terraform value of a given type (the framework's `Set`;
//!   implementing it by hand is Go's `ValueCreator`).
//!
//! Errors are [`ConvertError`]s carrying the attribute path of the offending part.
//!
//! The rules live one file per kind, as in the Go framework's `internal/reflect`: strings and
//! bools in `primitive.rs`, numbers in `number.rs`, `Vec` in `slice.rs`, maps in `map.rs`, Rust
//! sets in `set.rs`, `Option`/`Box` in `pointer.rs` and `tftypes::Value` (the "any" target) in
//! `dynamic.rs`.

/// [`TerraformType`] for types that stand for one fixed Terraform type and need no checks
/// beyond it: `fixed_terraform_type!(Type::Bool => bool)`.
macro_rules! fixed_terraform_type {
    ($ty:expr => $($t:ty),+ $(,)?) => {$(
        impl TerraformType for $t {
            const VALIDATES: bool = false;

            fn terraform_type() -> Type {
                $ty
            }
        }
    )+};
}

mod dynamic;
mod map;
mod number;
mod pointer;
mod primitive;
mod set;
mod slice;
mod states;

pub use crate::attr::error::{ConvertError, ConvertErrorKind, short_type_name, type_name};
pub use crate::types::conversion::{
    FromValue, Nullable, SemanticEquals, TerraformType, ToValue, Unknownable, semantic_equality_of,
};
pub use crate::types::equivalent::KeepEquivalent;
pub use states::{
    KnownValue, from_known_value, from_value_nullable, from_value_nullable_unknownable,
    from_value_unknownable, to_value_nullable, to_value_nullable_unknownable, to_value_unknownable,
};
