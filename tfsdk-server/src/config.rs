//! A configuration as Terraform sends it with an apply: a value of a model's object type, read
//! through the model's typed view, decoded only when provider code asks for it.

use std::fmt;
use std::marker::PhantomData;
use std::sync::OnceLock;

use tfsdk_core::convert::FromValue;
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfSchema, View};

use crate::wire::dynamic_value::Undecoded;

/// The configuration of a resource of model `M`, as [`create`](crate::Resource::create) and
/// [`update`](crate::Resource::update) receive it with their request.
///
/// The planned model has what the plan settled; the configuration is what the practitioner
/// wrote, read through the model's typed view ([`view`](Config::view)): a value the plan does
/// not keep (a write-only secret, an attribute whose default replaced null) is found here. It is
/// decoded from Terraform's request when first asked for, so resources that never look at it
/// pay nothing.
pub struct Config<M> {
    encoded: Undecoded,
    ty: Type,
    value: OnceLock<Result<Value, Diagnostics>>,
    model: PhantomData<fn() -> M>,
}

impl<M> Config<M> {
    /// The configuration Terraform sent, of type `ty`.
    pub(crate) fn encoded(encoded: Undecoded, ty: Type) -> Config<M> {
        Config {
            encoded,
            ty,
            value: OnceLock::new(),
            model: PhantomData,
        }
    }

    /// The configuration as a Terraform value, an object of `M`'s type (the escape hatch: the
    /// typed [`view`](Config::view) is the usual way).
    ///
    /// # Errors
    /// Bytes that are not a value of `M`'s type, at the part that does not fit.
    pub fn value(&self) -> Result<&Value, Diagnostics> {
        self.value
            .get_or_init(|| self.encoded.decode(&self.ty).map_err(Diagnostics::from))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// A top-level attribute's value by name: `None` when the model has no such attribute (the
    /// escape hatch: the typed [`view`](Config::view) is the usual way).
    ///
    /// # Errors
    /// As [`value`](Config::value).
    pub fn attribute(&self, name: &str) -> Result<Option<&Value>, Diagnostics> {
        Ok(self.value()?.attribute(name))
    }
}

impl<M: TfSchema> Config<M> {
    /// The configuration through the model's typed view: every field, nested ones included,
    /// null, unknown or known.
    ///
    /// # Errors
    /// Bytes that are not a value of `M`'s type, or a value the view cannot hold (a number that
    /// does not fit the field's type), as an error diagnostic at its attribute's path.
    pub fn view(&self) -> Result<View<M>, Diagnostics> {
        View::<M>::from_value(self.value()?.clone()).map_err(Diagnostics::from)
    }

    /// The whole configuration as the model itself (Go's `req.Config.Get(ctx, &model)`): at
    /// apply every value of the configuration is known, so a model of plain Rust fields holds
    /// it; a computed attribute the configuration leaves out is null there, so its field must
    /// hold null (`types::String`, `Option<T>`).
    ///
    /// # Errors
    /// As [`view`](Config::view), and a null or unknown value a field cannot hold, at its path.
    pub fn model(&self) -> Result<M, Diagnostics> {
        M::from_value(self.value()?.clone()).map_err(Diagnostics::from)
    }
}

impl<M> fmt::Debug for Config<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value.get() {
            Some(Ok(value)) => f.debug_tuple("Config").field(value).finish(),
            _ => f.debug_tuple("Config").field(&self.ty).finish(),
        }
    }
}
