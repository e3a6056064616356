//! Provider-defined functions as the protocol's `Function` messages: parameters with their
//! type JSON, whether they take null and unknown values, the return type, documentation as
//! Markdown.

use crate::function::{Function, Parameter};
use crate::proto::tfplugin6 as pb;

/// The definition Terraform receives.
pub(crate) fn function_to_proto(function: &Function) -> pb::Function {
    pb::Function {
        parameters: function.parameters.iter().map(parameter_to_proto).collect(),
        variadic_parameter: function.variadic.as_ref().map(parameter_to_proto),
        r#return: Some(pb::function::Return {
            r#type: type_json(&function.return_type),
        }),
        summary: function.summary.clone(),
        description: function.description.clone(),
        description_kind: pb::StringKind::Markdown as i32,
        deprecation_message: function.deprecation.clone().unwrap_or_default(),
    }
}

fn parameter_to_proto(parameter: &Parameter) -> pb::function::Parameter {
    pb::function::Parameter {
        name: parameter.name.clone(),
        r#type: type_json(&parameter.ty),
        allow_null_value: parameter.allow_null,
        allow_unknown_values: parameter.allow_unknown,
        description: parameter.description.clone(),
        description_kind: pb::StringKind::Markdown as i32,
    }
}

/// A static type the toolkit built: far from the depth limit, so its JSON cannot fail; should
/// it ever, Terraform rejects the empty type by name.
fn type_json(ty: &tfsdk_core::tftypes::Type) -> Vec<u8> {
    ty.to_json().unwrap_or_default().into_bytes()
}
