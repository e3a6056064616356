//! The wire messages and service traits generated from `proto/` at build time.
// Generated code: without the feature `unstable-protocol` only what the server uses is used.
#![allow(missing_docs, dead_code, clippy::all, clippy::pedantic)]

/// Terraform's plugin protocol, version 6 (`tfplugin6.Provider`).
pub mod tfplugin6 {
    tonic::include_proto!("tfplugin6");
}

/// Terraform's plugin protocol, version 5, where its messages differ from version 6's: the
/// schemas of a forwarded protocol-5 provider (see `forward::client`).
pub mod tfplugin5 {
    tonic::include_proto!("tfplugin5");
}

/// go-plugin's controller service (`plugin.GRPCController`): how Terraform ends a provider.
pub mod plugin {
    tonic::include_proto!("plugin");
}
