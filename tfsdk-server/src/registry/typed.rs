//! What every adapter shares: a provider type beside its lazily built schema, and the
//! conversions between Terraform values and models (each kept out of line, one copy per
//! model).

use std::sync::Arc;

use tfsdk_core::convert::{ConvertError, FromValue, ToValue};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::schema::Schema;
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfSchema, View};

use crate::call::contained;
use crate::lazy_schema::LazySchema;

/// A resource or data source with its schema and object type, built on first use.
pub(crate) struct Typed<T> {
    pub(super) inner: T,
    pub(super) lazy: Arc<LazySchema>,
}

impl<T> Typed<T> {
    #[inline]
    pub(super) fn new(inner: T, lazy: Arc<LazySchema>) -> Typed<T> {
        Typed { inner, lazy }
    }

    /// A model returned by provider code as a state Terraform accepts: of the schema's type,
    /// lists and sets of nested blocks empty rather than null, write-only attributes null.
    pub(super) fn state<M: ToValue>(&self, model: &M) -> Result<Value, Diagnostics> {
        let built = self.lazy.get();
        let state = value(model, &built.ty)?;
        Ok(if built.normalize {
            built.schema.normalize_state(state)
        } else {
            state
        })
    }
}

/// Reads a value into a model; a failure is an error diagnostic at the attribute's path.
///
/// Not inlined: one copy per model, shared by every operation that reads it, rather than the
/// model's whole conversion copied into each operation's future.
#[inline(never)]
pub(super) fn model<M: FromValue>(value: Value) -> Result<M, Diagnostics> {
    M::from_value(value).map_err(Diagnostics::from)
}

/// Validates a configuration of `schema`: the model's declarative rules and deprecations, then
/// the configuration as the model's typed view (a value it cannot hold is an error at its
/// path), then provider code's own checks (`check`), a panic there being an error.
pub(crate) fn validate_config<M: TfSchema>(
    schema: &Schema,
    config: &Value,
    check: impl FnOnce(&View<M>, &mut Diagnostics),
) -> Diagnostics {
    let mut found = schema.validate(config);
    match view_of::<M>(config.clone()) {
        Ok(view) => {
            let mut own = Diagnostics::new();
            match contained("configuration validation", || check(&view, &mut own)) {
                Ok(()) => found.append(own),
                Err(panic) => found.push(panic),
            }
        }
        Err(error) => found.push(error.to_diagnostic()),
    }
    found
}

/// A configuration as the model's typed view (not inlined, as [`model`]).
#[inline(never)]
pub(super) fn view_of<M: TfSchema>(config: Value) -> Result<View<M>, ConvertError> {
    View::<M>::from_value(config)
}

/// Writes a model as a value of `ty` (not inlined, as [`model`]).
#[inline(never)]
pub(super) fn value<M: ToValue>(model: &M, ty: &Type) -> Result<Value, Diagnostics> {
    model.to_value(ty).map_err(|error: ConvertError| {
        let mut diagnostic = error.to_diagnostic();
        diagnostic.summary = "Provider returned a value that does not convert".into();
        Diagnostics::from(diagnostic)
    })
}
