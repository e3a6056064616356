//! A configuration as Terraform sends it for validation: a value of a model's object type in
//! which any attribute may still be unknown.

use std::fmt;
use std::marker::PhantomData;

use tfsdk_core::convert::{ConvertError, FromValue};
use tfsdk_core::tftypes::Value;

/// A configuration of model `M` as a Terraform value.
///
/// During validation and planning an attribute may be unknown (it refers to something not yet
/// created), so a model whose fields are native Rust types may not convert yet:
/// [`attribute`](Config::attribute) looks at one value, [`model`](Config::model) converts the
/// whole configuration when it can.
pub struct Config<M> {
    value: Value,
    model: PhantomData<fn() -> M>,
}

impl<M> Config<M> {
    pub(crate) fn new(value: Value) -> Config<M> {
        Config {
            value,
            model: PhantomData,
        }
    }

    /// The configuration value, an object of `M`'s type.
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// A top-level attribute's value: `None` when the model has no such attribute.
    pub fn attribute(&self, name: &str) -> Option<&Value> {
        self.value.attribute(name)
    }

    /// True when the attribute is configured: neither null nor unknown.
    pub fn is_set(&self, name: &str) -> bool {
        self.attribute(name).is_some_and(Value::is_known)
    }

    /// True when the attribute's value is not known yet.
    pub fn is_unknown(&self, name: &str) -> bool {
        self.attribute(name).is_some_and(Value::is_unknown)
    }
}

impl<M: FromValue> Config<M> {
    /// The configuration as the model.
    ///
    /// # Errors
    /// A value the model cannot hold, typically an unknown value in a native field: use the
    /// framework types (`types::String`, …) for attributes that may be unknown, or check
    /// [`is_unknown`](Config::is_unknown) first.
    pub fn model(&self) -> Result<M, ConvertError> {
        M::from_value(self.value.clone())
    }
}

impl<M> fmt::Debug for Config<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Config").field(&self.value).finish()
    }
}
