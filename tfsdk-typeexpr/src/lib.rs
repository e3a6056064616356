//! Type constraints of the configuration language (`list(object({name=string}))`): parsing,
//! converting values to them, defaults of optional attributes, and console rendering.
//!
//! This is what Terraform and OpenTofu do with a `variable` block's `type`, with the same
//! results and messages as the reference (go-cty's `convert` and HCL's `ext/typeexpr`).
//!
//! A crate of its own, on top of `tfsdk-core`'s values and types, for tools that read modules
//! and variable values (the `tfsdk` command-line tool, module checks): a provider never parses
//! the configuration language, so it depends on `tfsdk-core` alone and does not compile the HCL
//! parser, the regular expression engine or Unicode normalization. `tfsdk-core` does not
//! re-export this crate (it would be a dependency cycle); depend on `tfsdk-typeexpr` directly.
//!
//! ```
//! use tfsdk_typeexpr::{console, json_value};
//!
//! let constraint = tfsdk_typeexpr::parse(r#"list(object({
//!     name    = string
//!     enabled = optional(bool, true)
//! }))"#).unwrap();
//! let input = json_value::parse_json(r#"[{"name": "docs"}, {"name": "old", "enabled": "false"}]"#).unwrap();
//! let value = tfsdk_typeexpr::convert(input, &constraint).unwrap();
//! assert_eq!(value.ty().to_string(), "list(object({enabled=bool,name=string}))");
//! assert_eq!(
//!     console::render(&value),
//!     "tolist([\n  {\n    \"enabled\" = true\n    \"name\" = \"docs\"\n  },\n  {\n    \"enabled\" = false\n    \"name\" = \"old\"\n  },\n])"
//! );
//!
//! let any_list = tfsdk_typeexpr::parse("list(any)").unwrap();
//! let err = tfsdk_typeexpr::convert(json_value::parse_json("[1, [], 2]").unwrap(), &any_list)
//!     .unwrap_err();
//! assert_eq!(err.to_string(), "all list elements must have the same type");
//! ```
//!
//! Modules: [`parse`](parse()) reads constraints; [`convert`](convert()) applies defaults then
//! converts; [`console`] prints values; [`json_value`] reads and writes JSON; [`vars`] evaluates a
//! module's input variables from `.tfvars`, `.tfvars.json` and `-var` values;
//! [`constraint_of`] gives the constraint a derived struct's values satisfy, to check a
//! module's variable against the Rust model.

#![warn(missing_docs)]

mod arith;
mod big_numbers;
mod bridge;
pub mod console;
mod constraint;
mod convert;
mod defaults;
mod eval;
mod functions;
mod fused;
pub mod json_lines;
mod json_syntax;
pub mod json_value;
pub mod limits;
mod literal;
mod mismatch;
mod nfc;
mod operand_nesting;
mod parse;
mod precision;
mod quote;
mod re2_errors;
pub mod set_order;
mod sink;
mod type_util;
mod unify;
mod validation;
pub mod vars;

pub use bridge::constraint_of;
pub use constraint::{ObjectAttribute, TypeConstraint, hcl_literal};
pub use convert::{ConversionError, convert_to_type};
pub use defaults::Defaults;
pub use operand_nesting::{MAX_OPERAND_NESTING, MAX_OPERAND_WORK};
pub use parse::{
    DEFAULT_FILENAME, MAX_EXPRESSION_LEN, MAX_OBJECT_ITEMS, ParseDiagnostic, ParseError, Pos,
    SourceRange, parse, parse_at,
};

use tfsdk_core::tftypes::Value;

/// Evaluates a value against a constraint as Terraform evaluates an input variable: unless the
/// value is null, the defaults of optional attributes are applied, then the value is converted.
///
/// ```
/// use tfsdk_core::tftypes::Value;
/// use tfsdk_typeexpr::{convert, parse};
///
/// let c = parse("object({a = string, b = optional(number, 127)})").unwrap();
/// let v = convert(Value::object_of([("a", Value::from(1))]), &c).unwrap();
/// assert_eq!(v.attribute("a"), Some(&Value::from("1")));
/// assert_eq!(v.attribute("b"), Some(&Value::from(127)));
/// ```
///
/// # Errors
/// The value does not convert (the message is the reference's, the path where it failed).
pub fn convert(value: Value, constraint: &TypeConstraint) -> Result<Value, ConversionError> {
    let want = constraint.ty();
    let value = if !fused::has_dynamic(want)
        && !type_util::type_deeper_than(want, tfsdk_core::tftypes::MAX_DEPTH)
    {
        // The common cases in one pass, with the same results as the two below.
        let plan = fused::Plan::new(want, constraint.defaults());
        let value = match plan.convert_list(value) {
            Ok(result) => return result,
            Err(value) => value,
        };
        if plan.fits(&value) {
            let mut path = tfsdk_core::path::AttributePath::empty();
            return plan.convert(value, &mut path);
        }
        value
    } else {
        value
    };
    let value = apply_defaults(value, constraint);
    convert_to_type(value, constraint.ty())
}

/// Applies the defaults of the constraint's optional attributes to a value (HCL's
/// `Defaults.Apply`): missing or null attributes with a default get it, top-down through nested
/// objects, lists, maps, sets and tuples. A null value is returned as it is.
///
/// ```
/// use tfsdk_core::tftypes::Value;
/// use tfsdk_typeexpr::{apply_defaults, parse};
///
/// let c = parse(r#"object({a = optional(string, "x")})"#).unwrap();
/// let v = apply_defaults(Value::object_of::<&str>([]), &c);
/// assert_eq!(v.attribute("a"), Some(&Value::from("x")));
/// ```
pub fn apply_defaults(value: Value, constraint: &TypeConstraint) -> Value {
    match constraint.defaults() {
        Some(defaults) if !value.is_null() => {
            if type_util::value_deeper_than(&value, tfsdk_core::tftypes::MAX_DEPTH) {
                // Left for the conversion to report; walking it could overflow the stack.
                return value;
            }
            defaults.apply(value)
        }
        _ => value,
    }
}

/// This crate's README, whose Rust examples run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeExamples;
