//! ValidateProviderConfig, ValidateResourceConfig and ValidateDataResourceConfig: the
//! configuration decodes into the schema's type (values may be unknown), then provider code
//! checks what the schema cannot say.

use tfsdk_core::diag::Diagnostics;

use super::{Server, decode, diagnostic, diagnostics};
use crate::proto::tfplugin6 as pb;
use crate::{Config, Provider};

pub(super) fn provider_config<P: Provider>(
    server: &Server<P>,
    request: pb::validate_provider_config::Request,
) -> pb::validate_provider_config::Response {
    let diagnostics = match decode(request.config.as_ref(), &server.provider_type) {
        Ok(config) => {
            let mut found = Diagnostics::new();
            server
                .provider
                .validate_config(&Config::new(config), &mut found);
            diagnostics(&found)
        }
        Err(error) => diagnostic(error),
    };
    pb::validate_provider_config::Response { diagnostics }
}

pub(super) fn resource_config<P: Provider>(
    server: &Server<P>,
    request: pb::validate_resource_config::Request,
) -> pb::validate_resource_config::Response {
    let diagnostics = server
        .resource(&request.type_name)
        .and_then(|resource| {
            let config = decode(request.config.as_ref(), resource.object_type())?;
            Ok(diagnostics(&resource.validate(config)))
        })
        .unwrap_or_else(diagnostic);
    pb::validate_resource_config::Response { diagnostics }
}

pub(super) fn data_resource_config<P: Provider>(
    server: &Server<P>,
    request: pb::validate_data_resource_config::Request,
) -> pb::validate_data_resource_config::Response {
    let diagnostics = server
        .data_source(&request.type_name)
        .and_then(|data_source| {
            let config = decode(request.config.as_ref(), data_source.object_type())?;
            Ok(diagnostics(&data_source.validate(config)))
        })
        .unwrap_or_else(diagnostic);
    pb::validate_data_resource_config::Response { diagnostics }
}
