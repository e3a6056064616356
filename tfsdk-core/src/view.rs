//! Typed views of a model, for the phases where values may be unknown, and typed attribute
//! paths.
//!
//! A model's fields are native Rust types where that is natural (`path: String`,
//! `labels: Option<Vec<Label>>`), and a native field cannot hold Terraform's unknown value.
//! But during validation and planning any configured attribute may be unknown (it refers to
//! something not created yet). So `#[derive(TfObject)]` on a `#[tfsdk(schema)]` struct `File`
//! also writes `FileView`: the same fields under the same names, each of a type that holds
//! null, unknown or a known value at every depth ([`Viewable::View`]):
//!
//! | field in the model | field in the view |
//! |---|---|
//! | `String`, `i64`, `i32`, `f64`, `f32`, `bool`, `tftypes::Number` | [`types::String`], [`types::Int64`], [`types::Int32`], [`types::Float64`], [`types::Float32`], [`types::Bool`], [`types::Number`] |
//! | other machine numbers (`u8`, `u64`, …), `BigInt` | [`Maybe<T>`] |
//! | `Option<T>`, `Box<T>` | `T`'s view (which holds null already) |
//! | `Vec<T>`, sets of `T`, maps of `T` | [`types::List`], [`types::Set`], [`types::Map`] of `T`'s view |
//! | a framework type | itself, its elements' views for collections |
//! | a `#[tfsdk(schema)]` struct `S` | [`Maybe<SView>`](Maybe) |
//! | a derived struct without `schema` | [`types::Object<S>`](types::Object) (its attributes as values) |
//!
//! Provider code reads and writes configuration, prior state and plan through the view's
//! fields; a misspelt attribute or a value of the wrong type is a compile error.
//!
//! The derive also writes `FilePaths`, reached with `File::paths()`: one method per field,
//! returning the path of that attribute, for diagnostics and replacements
//! (`File::paths().owner().name()` is `owner.name`; `File::paths().labels().at(0).key()` is
//! `labels[0].key`). Every path type converts into an [`AttributePath`].
//!
//! ```
//! use tfsdk_core::{TfObject, types};
//! use tfsdk_core::convert::FromValue;
//! use tfsdk_core::path::AttributePath;
//! use tfsdk_core::tftypes::{Type, Value};
//! use tfsdk_core::view::Maybe;
//!
//! /// A file.
//! #[derive(TfObject)]
//! #[tfsdk(schema)]
//! struct File {
//!     /// Where it is.
//!     #[tfsdk(name = "path", required)]
//!     path: String,
//!     #[tfsdk(name = "owner", optional)]
//!     owner: Option<Owner>,
//! }
//!
//! #[derive(TfObject)]
//! #[tfsdk(schema)]
//! struct Owner {
//!     #[tfsdk(name = "name", required)]
//!     name: String,
//! }
//!
//! // During planning, `path` refers to a resource not created yet.
//! let config = Value::object_of([
//!     ("path", Value::unknown(Type::String)),
//!     ("owner", Value::object_of([("name", Value::from("ops"))])),
//! ]);
//! assert!(File::from_value(config.clone()).is_err(), "a String cannot hold unknown");
//! let view = FileView::from_value(config)?;
//! assert!(view.path.is_unknown());
//! let owner = view.owner.get().expect("known");
//! assert_eq!(owner.name.get(), Some("ops"));
//!
//! let path: AttributePath = File::paths().owner().name().into();
//! assert_eq!(path.to_string(), "owner.name");
//! # Ok::<(), tfsdk_core::convert::ConvertError>(())
//! ```

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;

use num_bigint::BigInt;

use crate::convert::{ConvertError, FromValue, Nullable, TerraformType, ToValue, Unknownable};
use crate::path::AttributePath;
use crate::tftypes::{self, Type, Value};
use crate::types;

/// What a model field's type looks like in the typed view, and how paths step into it.
///
/// Implemented for every type a field can have; `#[derive(TfObject)]` implements it for the
/// struct. A provider-defined type that holds null and unknown itself (as the framework types
/// do) is its own view, and a leaf for paths:
///
/// ```
/// use tfsdk_core::convert::{ConvertError, FromValue, Nullable, TerraformType, ToValue, Unknownable};
/// use tfsdk_core::path::AttributePath;
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::{types, view::Viewable};
///
/// /// An address: a string that may be null or unknown, like `types::String`.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Address(types::String);
///
/// impl TerraformType for Address {
///     fn terraform_type() -> Type { Type::String }
/// }
/// impl FromValue for Address {
///     fn from_value(value: Value) -> Result<Self, ConvertError> {
///         types::String::from_value(value).map(Address)
///     }
/// }
/// impl ToValue for Address {
///     fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> { self.0.to_value(ty) }
/// }
/// impl Nullable for Address {
///     fn null() -> Self { Address(types::String::null()) }
///     fn is_null(&self) -> bool { self.0.is_null() }
/// }
/// impl Unknownable for Address {
///     fn unknown() -> Self { Address(types::String::unknown()) }
///     fn is_unknown(&self) -> bool { self.0.is_unknown() }
/// }
/// impl Viewable for Address {
///     type View = Address;
///     type Paths = AttributePath;
/// }
/// ```
///
/// A newtype written with [`impl_value_conversions!`](crate::impl_value_conversions)
/// (`Region(String)`) gets its inner type's view.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no typed view",
    label = "a field of a `#[tfsdk(schema)]` struct needs a view type that holds unknown values",
    note = "implement `tfsdk_core::view::Viewable` for `{Self}`: `type View = Self; type Paths = AttributePath;` for a type that holds null and unknown itself, else a type that can (`tfsdk_core::view::Maybe<{Self}>`)"
)]
pub trait Viewable {
    /// The type of the field in the view: holds null, unknown, or a known value whose parts
    /// may in turn be unknown.
    type View: FromValue + ToValue + TerraformType + Clone + fmt::Debug + PartialEq + Send + Sync;

    /// The typed paths of the field's parts: [`AttributePath`] for a leaf, a derived struct's
    /// paths type, or [`ListPaths`], [`MapPaths`], [`SetPaths`] of the elements' paths.
    type Paths: FromPath;
}

/// A typed path: made from the [`AttributePath`] where it starts, and turned back into one.
pub trait FromPath: Into<AttributePath> + Clone + fmt::Debug {
    /// The typed path of the part at `path`.
    fn from_path(path: AttributePath) -> Self;
}

impl FromPath for AttributePath {
    fn from_path(path: AttributePath) -> Self {
        path
    }
}

/// The paths of a list's elements: [`at`](ListPaths::at) an index.
pub struct ListPaths<E> {
    path: AttributePath,
    element: PhantomData<fn() -> E>,
}

/// The paths of a map's elements: at a [`key`](MapPaths::key).
pub struct MapPaths<E> {
    path: AttributePath,
    element: PhantomData<fn() -> E>,
}

/// The paths of a set's elements: at an [`element`](SetPaths::element), identified by its
/// value.
pub struct SetPaths<E> {
    path: AttributePath,
    element: PhantomData<fn() -> E>,
}

macro_rules! collection_paths {
    ($($paths:ident),*) => {$(
        impl<E> Clone for $paths<E> {
            fn clone(&self) -> Self {
                $paths { path: self.path.clone(), element: PhantomData }
            }
        }

        impl<E> fmt::Debug for $paths<E> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($paths)).field(&self.path).finish()
            }
        }

        impl<E> From<$paths<E>> for AttributePath {
            fn from(paths: $paths<E>) -> AttributePath {
                paths.path
            }
        }

        impl<E: FromPath> FromPath for $paths<E> {
            fn from_path(path: AttributePath) -> Self {
                $paths { path, element: PhantomData }
            }
        }
    )*};
}

collection_paths!(ListPaths, MapPaths, SetPaths);

impl<E: FromPath> ListPaths<E> {
    /// The element at `index`: `rules[2]`.
    pub fn at(&self, index: usize) -> E {
        E::from_path(self.path.clone().at_list_index(index as i64))
    }
}

impl<E: FromPath> MapPaths<E> {
    /// The element at `key`: `tags["env"]`.
    pub fn key(&self, key: impl Into<String>) -> E {
        E::from_path(self.path.clone().at_map_key(key))
    }
}

impl<E: FromPath> SetPaths<E> {
    /// The element whose value is `value`.
    pub fn element(&self, value: Value) -> E {
        E::from_path(self.path.clone().at_set_value(value))
    }
}

/// A value that may be null, unknown or known, around any Rust type: the view of a nested
/// schema struct (`Maybe<OwnerView>`) and of native types without a framework counterpart
/// (`Maybe<u16>`). Usable as a model field too.
///
/// ```
/// use tfsdk_core::convert::FromValue;
/// use tfsdk_core::tftypes::{Type, Value};
/// use tfsdk_core::view::Maybe;
///
/// let port = Maybe::<u16>::from_value(Value::from(8080))?;
/// assert_eq!(port.get(), Some(&8080));
/// assert!(Maybe::<u16>::from_value(Value::unknown(Type::Number))?.is_unknown());
/// assert!(Maybe::<u16>::from_value(Value::from(70000)).is_err(), "does not fit");
/// # Ok::<(), tfsdk_core::convert::ConvertError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Maybe<T> {
    /// Null: not set.
    #[default]
    Null,
    /// Not known until apply.
    Unknown,
    /// A known value.
    Known(T),
}

impl<T> Maybe<T> {
    /// The value when known.
    pub fn get(&self) -> Option<&T> {
        match self {
            Maybe::Known(value) => Some(value),
            _ => None,
        }
    }

    /// The value when known, to change it in place.
    pub fn get_mut(&mut self) -> Option<&mut T> {
        match self {
            Maybe::Known(value) => Some(value),
            _ => None,
        }
    }

    /// The value when known, taken out.
    pub fn into_inner(self) -> Option<T> {
        match self {
            Maybe::Known(value) => Some(value),
            _ => None,
        }
    }

    /// True when null.
    pub fn is_null(&self) -> bool {
        matches!(self, Maybe::Null)
    }

    /// True when unknown.
    pub fn is_unknown(&self) -> bool {
        matches!(self, Maybe::Unknown)
    }

    /// True when neither null nor unknown.
    pub fn is_known(&self) -> bool {
        matches!(self, Maybe::Known(_))
    }

    /// The known value mapped by `f`; null and unknown stay.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Maybe<U> {
        match self {
            Maybe::Null => Maybe::Null,
            Maybe::Unknown => Maybe::Unknown,
            Maybe::Known(value) => Maybe::Known(f(value)),
        }
    }
}

impl<T> From<T> for Maybe<T> {
    fn from(value: T) -> Maybe<T> {
        Maybe::Known(value)
    }
}

impl<T: TerraformType> TerraformType for Maybe<T> {
    const VALIDATES: bool = T::VALIDATES;
    const WRITE_ONLY: crate::schema::WriteOnlyFacts = T::WRITE_ONLY;

    fn terraform_type() -> Type {
        T::terraform_type()
    }

    fn nested_attributes() -> Option<crate::schema::NestedAttributes> {
        T::nested_attributes()
    }

    fn attr_type() -> Box<dyn crate::attr::Type> {
        T::attr_type()
    }

    fn validate_value(value: &Value, path: &AttributePath) -> crate::diag::Diagnostics {
        T::validate_value(value, path)
    }

    fn semantic_equality() -> Option<fn(&Value, &Value) -> bool> {
        T::semantic_equality()
    }

    fn keep_equivalent() -> Option<crate::convert::KeepEquivalent> {
        T::keep_equivalent()
    }
}

impl<T: FromValue> FromValue for Maybe<T> {
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        if value.is_null() {
            Ok(Maybe::Null)
        } else if value.is_unknown() {
            Ok(Maybe::Unknown)
        } else {
            T::from_value(value).map(Maybe::Known)
        }
    }
}

impl<T: ToValue + TerraformType> ToValue for Maybe<T> {
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        let concrete = || match ty {
            Type::Dynamic => T::terraform_type(),
            other => other.clone(),
        };
        match self {
            Maybe::Null => Ok(Value::null(concrete())),
            Maybe::Unknown => Ok(Value::unknown(concrete())),
            Maybe::Known(value) => value.to_value(ty),
        }
    }
}

impl<T> Nullable for Maybe<T> {
    fn null() -> Self {
        Maybe::Null
    }

    fn is_null(&self) -> bool {
        Maybe::is_null(self)
    }
}

impl<T> Unknownable for Maybe<T> {
    fn unknown() -> Self {
        Maybe::Unknown
    }

    fn is_unknown(&self) -> bool {
        Maybe::is_unknown(self)
    }
}

/// Types that are their own view: framework values, which hold null and unknown, and
/// `tftypes::Value`; paths stop at them.
macro_rules! own_view {
    ($($t:ty),* $(,)?) => {$(
        impl Viewable for $t {
            type View = $t;
            type Paths = AttributePath;
        }
    )*};
}

own_view!(
    types::String,
    types::Int64,
    types::Int32,
    types::Float64,
    types::Float32,
    types::Number,
    types::Bool,
    types::Dynamic,
    Value,
);

/// Native types whose view is a framework type.
macro_rules! framework_view {
    ($($t:ty => $view:ty),* $(,)?) => {$(
        impl Viewable for $t {
            type View = $view;
            type Paths = AttributePath;
        }
    )*};
}

framework_view!(
    String => types::String,
    i64 => types::Int64,
    i32 => types::Int32,
    f64 => types::Float64,
    f32 => types::Float32,
    bool => types::Bool,
    tftypes::Number => types::Number,
    types::JsonString => types::JsonString,
    types::JsonExact => types::JsonExact,
    types::GoDuration => types::GoDuration,
    types::Rfc3339 => types::Rfc3339,
    types::Ipv4Address => types::Ipv4Address,
    types::Ipv6Address => types::Ipv6Address,
    types::Ipv4Prefix => types::Ipv4Prefix,
    types::Ipv6Prefix => types::Ipv6Prefix,
);

/// Native types without a framework counterpart: viewed through [`Maybe`].
macro_rules! maybe_view {
    ($($t:ty),* $(,)?) => {$(
        impl Viewable for $t {
            type View = Maybe<$t>;
            type Paths = AttributePath;
        }
    )*};
}

maybe_view!(i8, i16, i128, isize, u8, u16, u32, u64, u128, usize, BigInt);

/// The wrappers whose view and paths are their content's: `Option` and `Maybe` (null is a
/// state every view has) and the pointers.
macro_rules! transparent_view {
    ($($wrapper:ident),*) => {$(
        impl<T: Viewable> Viewable for $wrapper<T> {
            type View = T::View;
            type Paths = T::Paths;
        }
    )*};
}

transparent_view!(Option, Box, Arc, Rc, Maybe);

/// The collections: each viewed as the framework collection of its elements' views, with the
/// collection's typed paths. `[S]` names a hasher parameter.
macro_rules! collection_view {
    ($view:ident, $paths:ident: $($collection:ty $([$hasher:ident])?),*) => {$(
        impl<T: Viewable $(, $hasher)?> Viewable for $collection {
            type View = types::$view<T::View>;
            type Paths = $paths<T::Paths>;
        }
    )*};
}

collection_view!(List, ListPaths: Vec<T>, types::List<T>);
collection_view!(Set, SetPaths: HashSet<T, S> [S], BTreeSet<T>, types::Set<T>);
collection_view!(Map, MapPaths: HashMap<String, T, S> [S], BTreeMap<String, T>, types::Map<T>);

impl<M: TerraformType> Viewable for types::Object<M> {
    type View = types::Object<M>;
    type Paths = AttributePath;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maybe_keeps_each_state_both_ways() {
        for value in [
            Value::null(Type::Number),
            Value::unknown(Type::Number),
            Value::from(7),
        ] {
            let maybe = Maybe::<u8>::from_value(value.clone()).unwrap();
            assert_eq!(maybe.to_value(&Type::Number).unwrap(), value);
        }
        assert_eq!(
            Maybe::<u8>::Null.to_value(&Type::Dynamic).unwrap(),
            Value::null(Type::Number)
        );
    }

    #[test]
    fn collection_paths_step_to_their_elements() {
        let rules: ListPaths<MapPaths<AttributePath>> =
            FromPath::from_path(AttributePath::root("rules"));
        let path: AttributePath = rules.at(2).key("env");
        assert_eq!(path.to_string(), r#"rules[2]["env"]"#);
        let ids: SetPaths<AttributePath> = FromPath::from_path(AttributePath::root("ids"));
        assert_eq!(
            ids.element(Value::from("a")).to_string(),
            r#"ids[Value("a")]"#
        );
        assert_eq!(AttributePath::from(rules).to_string(), "rules");
    }
}
