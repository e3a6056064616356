//! The Terraform value model, as on the wire: types, values, numbers and the two encodings.
//!
//! This is the layer terraform-plugin-go calls `tftypes`. Every value knows its [`Type`]; any
//! part of it may be null or unknown. Values come from and go to the plugin protocol's msgpack
//! encoding and the JSON encoding of state.

mod attributes;
mod json;
pub mod json_syntax;
pub(crate) mod msgpack;
mod number;
mod set_elements;
mod short_str;
mod type_json;
mod types;
mod value;
mod wire;

pub use attributes::{Attributes, Iter as AttributesIter};
pub use json::JsonOptions;
pub(crate) use number::binary_parts;
pub use number::{Number, NumberError};
pub(crate) use set_elements::duplicate_in_set;
pub(crate) use short_str::MapKey;
pub use type_json::TypeJsonError;
pub use types::{ObjectType, Type};
pub(crate) use value::quoted_list;
pub use value::{Value, ValueData, ValueError, ValueKind};
#[cfg(feature = "msgpack-direct")]
pub(crate) use wire::{duplicate_map_key, too_deep};

/// How deeply values and types may nest in anything decoded or parsed from outside (msgpack,
/// JSON, type expressions). Deeper input is an error, never a stack overflow.
pub const MAX_DEPTH: usize = 128;
