//! A configuration as Terraform sends it with an apply: a value of a model's object type,
//! read through the model's typed view.

use std::fmt;
use std::marker::PhantomData;

use tfsdk_core::convert::FromValue;
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;
use tfsdk_core::{TfSchema, View};

/// The configuration of a resource of model `M`, as [`create`](crate::Resource::create) and
/// [`update`](crate::Resource::update) receive it with their request.
///
/// The planned model has what the plan settled; the configuration is what the practitioner
/// wrote, read through the model's typed view ([`view`](Config::view)): a value the plan does
/// not keep (a write-only secret, an attribute whose default replaced null) is found here. It is
/// converted when asked for, so resources that never look at it pay nothing.
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

    /// The configuration as a Terraform value, an object of `M`'s type (the escape hatch: the
    /// typed [`view`](Config::view) is the usual way).
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// A top-level attribute's value by name: `None` when the model has no such attribute (the
    /// escape hatch: the typed [`view`](Config::view) is the usual way).
    pub fn attribute(&self, name: &str) -> Option<&Value> {
        self.value.attribute(name)
    }
}

impl<M: TfSchema> Config<M> {
    /// The configuration through the model's typed view: every field, nested ones included,
    /// null, unknown or known.
    ///
    /// # Errors
    /// A value the view cannot hold (a number that does not fit the field's type), as an error
    /// diagnostic at its attribute's path.
    pub fn view(&self) -> Result<View<M>, Diagnostics> {
        View::<M>::from_value(self.value.clone()).map_err(Diagnostics::from)
    }
}

impl<M> fmt::Debug for Config<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Config").field(&self.value).finish()
    }
}
