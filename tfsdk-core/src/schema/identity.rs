//! The identity rule beside the plan and state rules: once Terraform holds an object's
//! identity, provider code may not return another (Go's "Unexpected Identity Change"), unless
//! the resource declares its identity mutable.

use crate::diag::Diagnostic;
use crate::tftypes::Value;

/// Go's "Unexpected Identity Change": `new`, the identity provider code returned after
/// `operation` (`"read"`, `"update"`), differs from `held`, the one Terraform holds (named
/// `held_as` in the message: `"Current"`, `"Planned"`). A held identity with null attributes
/// (one an import by identity left partial) may be completed.
///
/// ```
/// use tfsdk_core::schema::identity_change;
/// use tfsdk_core::tftypes::Value;
///
/// let held = Value::object_of([("id", Value::from("a"))]);
/// assert!(identity_change("read", &held, "Current", &held).is_ok());
/// let other = Value::object_of([("id", Value::from("b"))]);
/// let error = identity_change("read", &held, "Current", &other).unwrap_err();
/// assert_eq!(error.summary, "Unexpected Identity Change");
/// ```
///
/// # Errors
/// The identity changed: the diagnostic to report.
pub fn identity_change(
    operation: &str,
    held: &Value,
    held_as: &str,
    new: &Value,
) -> Result<(), Diagnostic> {
    let partial = held
        .object_values()
        .is_none_or(|values| values.iter().any(Value::is_null));
    if partial || held == new {
        return Ok(());
    }
    Err(Diagnostic::error(
        "Unexpected Identity Change",
        format!(
            "During the {operation} operation, the Terraform Provider unexpectedly returned a \
             different identity than the previously stored one.\n\nThis is always a problem \
             with the provider and should be reported to the provider developer (or, if the \
             identity may change, the resource declares `MUTABLE_IDENTITY = true`).\n\n\
             {held_as} Identity: {held}\n\nNew Identity: {new}"
        ),
    ))
}
