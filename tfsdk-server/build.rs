//! Compiles the plugin protocol's definitions with protox (pure Rust, no system `protoc`).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protos = [
        "proto/tfplugin6.proto",
        "proto/tfplugin5.proto",
        "proto/grpc_controller.proto",
        "proto/grpc_stdio.proto",
    ];
    for proto in protos {
        println!("cargo:rerun-if-changed={proto}");
    }
    let descriptors = protox::compile(protos, ["proto"])?;
    tonic_prost_build::configure()
        .build_client(true)
        .compile_fds(descriptors)?;
    Ok(())
}
