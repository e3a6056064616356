//! ValidateProviderConfig, ValidateResourceConfig and ValidateDataResourceConfig: the
//! configuration decodes into the schema's type (values may be unknown), the model's
//! declarative rules run, then provider code checks what the schema cannot say through the
//! model's typed view. A provider block gets its defaults first, as it will for configure.

use tfsdk_core::diag::Diagnostics;

use super::{Server, answer, decode};
use crate::Provider;
use crate::proto::tfplugin6 as pb;
use crate::registry::validate_config;

pub(super) fn provider_config<P: Provider>(
    server: &Server<P>,
    request: pb::validate_provider_config::Request,
) -> pb::validate_provider_config::Response {
    let found = decode(request.config.as_ref(), &server.provider_type).map(|config| {
        let (config, mut found) = server.provider_schema.with_defaults(&config);
        if !found.has_error() {
            found.append(validate_config::<P::Config>(
                &server.provider_schema,
                &config,
                |view, found| server.provider.validate_config(view, found),
            ));
        }
        found
    });
    answer(Default::default(), found.unwrap_or_else(Diagnostics::from))
}

pub(super) fn resource_config<P: Provider>(
    server: &Server<P>,
    request: pb::validate_resource_config::Request,
) -> pb::validate_resource_config::Response {
    let found = server.resource(&request.type_name).and_then(|resource| {
        let config = decode(request.config.as_ref(), resource.object_type())?;
        // Terraform before 1.11 sends no capabilities: it has no write-only attributes.
        let write_only_allowed = request
            .client_capabilities
            .is_some_and(|capabilities| capabilities.write_only_attributes_allowed);
        Ok(resource.validate(config, write_only_allowed))
    });
    answer(Default::default(), found.unwrap_or_else(Diagnostics::from))
}

pub(super) fn data_resource_config<P: Provider>(
    server: &Server<P>,
    request: pb::validate_data_resource_config::Request,
) -> pb::validate_data_resource_config::Response {
    let found = server
        .data_source(&request.type_name)
        .and_then(|data_source| {
            let config = decode(request.config.as_ref(), data_source.object_type())?;
            Ok(data_source.validate(config))
        });
    answer(Default::default(), found.unwrap_or_else(Diagnostics::from))
}
