// The protocol's generated types and the tonic service are not tfsdk-server's API: they follow
// tonic's and prost's versions. Only the feature `unstable-protocol` opens them.
use tfsdk_server::ProviderService;
use tfsdk_server::proto::tfplugin6::DynamicValue;

fn main() {}
