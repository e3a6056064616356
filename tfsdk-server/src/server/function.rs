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

/// Calls `function` with `arguments`, each a value of its parameter's type: the result, a
/// value of the return type.
pub(crate) async fn call(
    function: &Function,
    arguments: Vec<Value>,
) -> Result<Value, FunctionError> {
    if let Some(result) = refused(function, &arguments)? {
        return Ok(result);
    }
    let future = (function.call)(Arguments::new(arguments));
    crate::call::spawn_contained(&format!("function {}", function.name()), future)
        .await
        .map_err(FunctionError::from)?
}

/// What Terraform does before it calls a function, done again for a client that does not:
/// a null argument for a parameter without `allow_null` is an error at the argument
/// (Terraform's "argument must not be null"); an argument that is or holds unknown for a
/// parameter without `allow_unknown` makes the result unknown, without a call (`Some`).
fn refused(function: &Function, arguments: &[Value]) -> Result<Option<Value>, FunctionError> {
    let mut unknown = false;
    for (index, argument) in arguments.iter().enumerate() {
        let Some(parameter) = function.parameter_at(index) else {
            continue;
        };
        if argument.is_null() && !parameter.allow_null {
            return Err(FunctionError::argument(
                index,
                format!(
                    "Invalid value for \"{}\" parameter: argument must not be null.",
                    parameter.name
                ),
            ));
        }
        unknown |= !parameter.allow_unknown && !argument.is_wholly_known();
    }
    Ok(unknown.then(|| Value::unknown(function.return_type.clone())))
}

/// CallFunction at the protocol's edge: the function found, the arguments decoded against its
/// parameters' types, [`call`], the result encoded.
pub(super) async fn call_function<P: Provider>(
    server: &Server<P>,
    request: pb::call_function::Request,
) -> pb::call_function::Response {
    let result = match server.registry.functions.get(&request.name) {
        Some(function) => match arguments(function, &request.arguments) {
            Ok(arguments) => call(function, arguments).await.and_then(|result| {
                wire::dynamic_value::encode(&result, &function.return_type)
                    .map_err(|error| FunctionError::new(error.detail))
            }),
            Err(error) => Err(error),
        },
        None => Err(FunctionError::new(format!(
            "This provider has no function {:?}.",
            request.name
        ))),
    };
    match result {
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

/// The arguments Terraform sent, decoded against `function`'s parameters' types.
fn arguments(
    function: &Function,
    arguments: &[pb::DynamicValue],
) -> Result<Vec<Value>, FunctionError> {
    let decode = |(index, argument): (usize, &pb::DynamicValue)| {
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
        wire::dynamic_value::decode(Some(argument), ty)
            .map_err(|error| FunctionError::argument(index, error.detail))
    };
    arguments.iter().enumerate().map(decode).collect()
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
