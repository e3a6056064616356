//! Provider-defined functions (Terraform 1.8 and newer): an ordinary Rust function, marked
//! [`#[function]`](crate::function), called as `provider::NAME::FUNCTION(...)` in
//! configuration. Its signature is the Rust one: parameter and return types are those the
//! toolkit converts, so a parameter that cannot be converted is a compile error.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use tfsdk_core::diag::Diagnostic;
use tfsdk_core::tftypes::{Type, Value};

use crate::call::BoxFuture;

/// A provider-defined function as the server serves it: its signature and documentation, and
/// the Rust function it calls. [`#[function]`](crate::function) writes it:
/// `checksum::function()` for a function `checksum`; register it with
/// [`Registry::function`](crate::Registry::function).
#[derive(Clone)]
pub struct Function {
    pub(crate) name: String,
    pub(crate) summary: String,
    pub(crate) description: String,
    pub(crate) deprecation: Option<String>,
    pub(crate) parameters: Vec<Parameter>,
    pub(crate) variadic: Option<Parameter>,
    pub(crate) return_type: Type,
    pub(crate) call:
        Arc<dyn Fn(Arguments) -> BoxFuture<Result<Value, FunctionError>> + Send + Sync>,
}

/// One parameter of a [`Function`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Parameter {
    /// Its name, as error messages show it.
    pub name: String,
    /// Its Terraform type (`Type::Dynamic` for any).
    pub ty: Type,
    /// Whether null reaches the function (Go's `AllowNullValue`: an `Option<T>` parameter, or
    /// one marked `#[allow_null]`); else the argument must not be null (Terraform refuses it
    /// itself, and so does the server).
    pub allow_null: bool,
    /// Whether a value that is or holds unknown reaches the function (Go's
    /// `AllowUnknownValues`: a parameter marked `#[allow_unknown]`); else the function is not
    /// called and the result is unknown (as Terraform does itself).
    pub allow_unknown: bool,
    /// Documentation (Markdown).
    pub description: String,
}

impl Function {
    /// The function's name in configuration: `provider::NAME::<name>(...)`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A one-line summary.
    pub fn summary(&self) -> &str {
        &self.summary
    }

    /// The documentation beyond the summary (Markdown).
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The parameters, in order.
    pub fn parameters(&self) -> &[Parameter] {
        &self.parameters
    }

    /// The parameter that takes any number of trailing arguments, if any.
    pub fn variadic_parameter(&self) -> Option<&Parameter> {
        self.variadic.as_ref()
    }

    /// The type of the result.
    pub fn return_type(&self) -> &Type {
        &self.return_type
    }

    /// The same function under another name (registering one Rust function twice).
    pub fn named(mut self, name: impl Into<String>) -> Function {
        self.name = name.into();
        self
    }

    /// The same function, marked deprecated with `message`.
    pub fn deprecated(mut self, message: impl Into<String>) -> Function {
        self.deprecation = Some(message.into());
        self
    }

    /// The type of the argument at `index` (the variadic parameter's beyond the last fixed
    /// one); `None` past the end.
    pub(crate) fn argument_type(&self, index: usize) -> Option<&Type> {
        self.parameter_at(index).map(|parameter| &parameter.ty)
    }

    /// The parameter that takes the argument at `index`: a fixed one, else the variadic one.
    pub(crate) fn parameter_at(&self, index: usize) -> Option<&Parameter> {
        self.parameters.get(index).or(self.variadic.as_ref())
    }
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Function")
            .field("name", &self.name)
            .field("parameters", &self.parameters)
            .field("variadic", &self.variadic)
            .field("return_type", &self.return_type)
            .finish_non_exhaustive()
    }
}

/// What a function call failed with: a message, and the argument at fault when there is one
/// (Terraform then names that parameter and points at the argument in configuration).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FunctionError {
    /// What went wrong.
    pub text: String,
    /// The zero-based position of the argument at fault.
    pub argument: Option<usize>,
}

impl FunctionError {
    /// An error of the call as a whole.
    pub fn new(text: impl Into<String>) -> FunctionError {
        FunctionError {
            text: text.into(),
            argument: None,
        }
    }

    /// An error of the argument at `index` (zero-based). A parameter of type [`Arg<T>`] knows
    /// its index: [`Arg::error`].
    pub fn argument(index: usize, text: impl Into<String>) -> FunctionError {
        FunctionError {
            text: text.into(),
            argument: Some(index),
        }
    }
}

impl fmt::Display for FunctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.argument {
            Some(index) => write!(f, "argument {index}: {}", self.text),
            None => f.write_str(&self.text),
        }
    }
}

impl std::error::Error for FunctionError {}

impl From<String> for FunctionError {
    fn from(text: String) -> FunctionError {
        FunctionError::new(text)
    }
}

impl From<&str> for FunctionError {
    fn from(text: &str) -> FunctionError {
        FunctionError::new(text)
    }
}

impl From<Diagnostic> for FunctionError {
    /// The diagnostic's summary and detail as the text.
    fn from(diagnostic: Diagnostic) -> FunctionError {
        let text = if diagnostic.detail.is_empty() {
            diagnostic.summary
        } else {
            format!("{}: {}", diagnostic.summary, diagnostic.detail)
        };
        FunctionError::new(text)
    }
}

/// A parameter's value that knows its position, so that an error about it names it:
/// `fn parse_mode(mode: Arg<String>)` reads `mode` as a `String` (`Deref`) and reports
/// `mode.error("...")`.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg<T> {
    index: usize,
    value: T,
}

impl<T> Arg<T> {
    pub(crate) fn new(index: usize, value: T) -> Arg<T> {
        Arg { index, value }
    }

    /// The argument's zero-based position.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The value, taken out.
    pub fn into_inner(self) -> T {
        self.value
    }

    /// An error about this argument.
    pub fn error(&self, text: impl Into<String>) -> FunctionError {
        FunctionError::argument(self.index, text)
    }
}

impl<T> Deref for Arg<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> DerefMut for Arg<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.value
    }
}

/// The arguments of one call, decoded against the parameters' types, taken in order by the
/// code [`#[function]`](crate::function) writes.
pub struct Arguments {
    values: std::vec::IntoIter<Value>,
    next: usize,
}

impl Arguments {
    pub(crate) fn new(values: Vec<Value>) -> Arguments {
        Arguments {
            values: values.into_iter(),
            next: 0,
        }
    }

    /// The next argument and its position.
    pub(crate) fn take(&mut self) -> Option<(usize, Value)> {
        let value = self.values.next()?;
        let index = self.next;
        self.next += 1;
        Some((index, value))
    }
}
