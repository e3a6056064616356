//! Runtime helpers for the code [`#[function]`](crate::function) writes; not public API.
//!
//! Generated code reaches everything through `::tfsdk_server::__private` (or the path given
//! with `#[function(crate = "...")]`).

use std::sync::Arc;

use tfsdk_core::convert::{FromValue, Nullable, TerraformType, ToValue, Unknownable};
use tfsdk_core::tftypes::Type;

pub use crate::call::BoxFuture;
pub use crate::function::{Arg, Arguments, Function, FunctionError, Parameter};
pub use core::option::Option;
pub use core::result::Result;
pub use std::boxed::Box;
pub use std::string::String;
pub use std::vec::Vec;
pub use tfsdk_core::tftypes::Value;

/// A function parameter's type: one the toolkit converts (or an [`Arg`] of one).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a function parameter",
    label = "no conversion from a Terraform value",
    note = "a parameter is a type tfsdk converts (`String`, `i64`, `f64`, `bool`, `Vec<T>`, `BTreeMap<String, T>`, `Option<T>` to accept null, the `types::*` framework types (which take null with `#[allow_null]` and unknown with `#[allow_unknown]`), `types::Dynamic` for any type, a `#[derive(TfObject)]` struct), or `Arg<T>` of one"
)]
pub trait FromArgument: Sized {
    /// The type the argument converts into (`T` for `Arg<T>`).
    type Value: FromValue + TerraformType;

    /// The argument at `index`.
    ///
    /// # Errors
    /// A value that does not convert, as an error of that argument.
    fn from_argument(index: usize, value: Value) -> Result<Self, FunctionError>;
}

impl<T: FromValue + TerraformType> FromArgument for T {
    type Value = T;

    fn from_argument(index: usize, value: Value) -> Result<Self, FunctionError> {
        T::from_value(value).map_err(|error| FunctionError::argument(index, error.to_string()))
    }
}

impl<T: FromValue + TerraformType> FromArgument for Arg<T> {
    type Value = T;

    fn from_argument(index: usize, value: Value) -> Result<Self, FunctionError> {
        T::from_argument(index, value).map(|value| Arg::new(index, value))
    }
}

/// The next fixed argument of a call, as `P`.
///
/// # Errors
/// No argument left (Terraform sent too few), or one that does not convert.
pub fn argument<P: FromArgument>(arguments: &mut Arguments) -> Result<P, FunctionError> {
    match arguments.take() {
        Some((index, value)) => P::from_argument(index, value),
        None => Err(FunctionError::new(
            "Terraform sent fewer arguments than the function has parameters",
        )),
    }
}

/// The remaining arguments of a call, for the variadic parameter, each as `P`.
///
/// # Errors
/// The first one that does not convert.
pub fn variadic<P: FromArgument>(arguments: &mut Arguments) -> Result<Vec<P>, FunctionError> {
    let mut out = Vec::new();
    while let Some((index, value)) = arguments.take() {
        out.push(P::from_argument(index, value)?);
    }
    Ok(out)
}

/// No more arguments.
///
/// # Errors
/// Terraform sent more arguments than the function takes.
pub fn no_more_arguments(arguments: &mut Arguments) -> Result<(), FunctionError> {
    match arguments.take() {
        None => Ok(()),
        Some((index, _)) => Err(FunctionError::argument(
            index,
            "the function takes fewer arguments",
        )),
    }
}

/// A parameter marked `#[allow_null]` holds null: its type is `Nullable`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold null, so the parameter cannot be `#[allow_null]`",
    label = "null would have nowhere to go",
    note = "use `Option<T>` (None is null) or a framework type such as `types::String`"
)]
pub trait HoldsNull {}
impl<T: Nullable> HoldsNull for T {}

/// A parameter marked `#[allow_unknown]` holds unknown: its type is `Unknownable`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold unknown, so the parameter cannot be `#[allow_unknown]`",
    label = "an unknown value would have nowhere to go",
    note = "use a framework type such as `types::String` or `types::Dynamic`, which hold unknown"
)]
pub trait HoldsUnknown {}
impl<T: Unknownable> HoldsUnknown for T {}

/// Compiles when `T` holds null.
pub fn holds_null<T: HoldsNull>() {}

/// Compiles when `T` holds unknown.
pub fn holds_unknown<T: HoldsUnknown>() {}

/// A parameter: its name, `P`'s type, whether it takes null and unknown, its documentation.
pub fn parameter<P: FromArgument>(
    name: &str,
    allow_null: bool,
    allow_unknown: bool,
    description: &str,
) -> Parameter {
    Parameter {
        name: name.to_owned(),
        ty: <P::Value as TerraformType>::terraform_type(),
        allow_null,
        allow_unknown,
        description: description.to_owned(),
    }
}

/// What a function returns: a value (`T`) or a result (`Result<T, E>`, `E` into a
/// [`FunctionError`]). `Marker` tells the two impls apart.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a function's result",
    label = "no conversion to a Terraform value",
    note = "a function returns a type tfsdk converts, or `Result<T, E>` of one where `E` converts into `FunctionError` (`FunctionError`, `String`, `&str`, `Diagnostic`)"
)]
pub trait FunctionOutput<Marker> {
    /// The value's type.
    type Value: ToValue + TerraformType;

    /// The value, or the function's error.
    ///
    /// # Errors
    /// The function's own.
    fn into_result(self) -> Result<Self::Value, FunctionError>;
}

/// [`FunctionOutput`] of a plain value.
pub struct PlainOutput;

/// [`FunctionOutput`] of a `Result`.
pub struct FallibleOutput;

impl<T: ToValue + TerraformType> FunctionOutput<PlainOutput> for T {
    type Value = T;

    fn into_result(self) -> Result<T, FunctionError> {
        Ok(self)
    }
}

impl<T: ToValue + TerraformType, E: Into<FunctionError>> FunctionOutput<FallibleOutput>
    for Result<T, E>
{
    type Value = T;

    fn into_result(self) -> Result<T, FunctionError> {
        self.map_err(Into::into)
    }
}

/// The Terraform type of what a function returns; `output` is a closure never called, whose
/// return type is the function's.
pub fn return_type<O: FunctionOutput<M>, M>(output: impl FnOnce() -> O) -> Type {
    let _ = output;
    <O::Value as TerraformType>::terraform_type()
}

/// A function's result as a value of its return type.
///
/// # Errors
/// The function's error, or a result that does not convert (a bug in the function).
pub fn output<O: FunctionOutput<M>, M>(output: O) -> Result<Value, FunctionError> {
    let value = output.into_result()?;
    value
        .to_value(&<O::Value as TerraformType>::terraform_type())
        .map_err(|error| {
            FunctionError::new(format!("the function's result does not convert: {error}"))
        })
}

/// A [`Function`] from what `#[function]` read.
pub fn function(
    name: &str,
    summary: &str,
    description: &str,
    parameters: Vec<Parameter>,
    variadic: Option<Parameter>,
    return_type: Type,
    call: impl Fn(Arguments) -> BoxFuture<Result<Value, FunctionError>> + Send + Sync + 'static,
) -> Function {
    Function {
        name: name.to_owned(),
        summary: summary.to_owned(),
        description: description.to_owned(),
        deprecation: None,
        parameters,
        variadic,
        return_type,
        call: Arc::new(call),
    }
}
