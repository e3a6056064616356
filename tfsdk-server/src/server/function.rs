//! GetFunctions and CallFunction: the provider-defined functions registered (parameters with
//! their type JSON, whether they take null and unknown values, the return type, documentation
//! as Markdown), and a call of one, its arguments decoded against the parameters' types, the
//! Rust function run in its own task (a panic is the call's error), its result encoded as the
//! return type.

use tfsdk_core::tftypes::Value;

use super::Server;
use crate::Provider;
use crate::function::{Arguments, Function, FunctionError, Parameter};
use crate::proto::tfplugin6 as pb;
use crate::wire;

pub(super) async fn call_function<P: Provider>(
    server: &Server<P>,
    request: pb::call_function::Request,
) -> pb::call_function::Response {
    match call(server, request).await {
        Ok(result) => pb::call_function::Response {
            result: Some(result),
            error: None,
        },
        Err(error) => pb::call_function::Response {
            result: None,
            error: Some(pb::FunctionError {
                text: error.text,
                function_argument: error.argument.map(|index| index as i64),
            }),
        },
    }
}

async fn call<P: Provider>(
    server: &Server<P>,
    request: pb::call_function::Request,
) -> Result<pb::DynamicValue, FunctionError> {
    let Some(function) = server.registry.functions.get(&request.name) else {
        return Err(FunctionError::new(format!(
            "This provider has no function {:?}.",
            request.name
        )));
    };
    let mut arguments = Vec::with_capacity(request.arguments.len());
    for (index, argument) in request.arguments.iter().enumerate() {
        let Some(ty) = function.argument_type(index) else {
            return Err(FunctionError::argument(
                index,
                format!(
                    "{} takes {} arguments",
                    function.name(),
                    function.parameters().len()
                ),
            ));
        };
        let value = wire::dynamic_value::decode(Some(argument), ty)
            .map_err(|error| FunctionError::argument(index, error.detail))?;
        arguments.push(value);
    }
    let future = (function.call)(Arguments::new(arguments));
    let result: Value =
        crate::call::spawn_contained(&format!("function {}", function.name()), future)
            .await
            .map_err(FunctionError::from)??;
    wire::dynamic_value::encode(&result, &function.return_type)
        .map_err(|error| FunctionError::new(error.detail))
}

/// The definition Terraform receives.
pub(super) fn function_to_proto(function: &Function) -> pb::Function {
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
