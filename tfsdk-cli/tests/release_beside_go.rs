//! `tfsdk release --go-executable` on the petstore example, a Rust front that forwards to a Go
//! provider: the archive holds both executables, and installed from a `filesystem_mirror`
//! (no `dev_overrides`) under Terraform 1.15.5 and 1.0.3 the pair serves one configuration
//! using a Rust type and a Go type that refers to it: apply, an empty plan, destroy.

use std::path::{Path, PathBuf};
use std::process::Command;

use tfsdk_testing::{GoProvider, Terraform, TerraformVersion, Workdir};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

const CONFIG: &str = r#"
terraform {
  required_providers {
    petstore = { source = "example/petstore" }
  }
}

provider "petstore" {
  directory = "${path.cwd}/store"
}

resource "petstore_owner" "alice" {
  name = "Alice"
}

resource "petstore_pet" "rex" {
  name   = "Rex"
  secret = petstore_owner.alice.id
}
"#;

fn mirror_config(mirror: &Path) -> String {
    format!(
        "provider_installation {{\n  filesystem_mirror {{\n    path    = \"{}\"\n    include = [\"registry.terraform.io/example/petstore\"]\n  }}\n  direct {{\n    exclude = [\"registry.terraform.io/example/petstore\"]\n  }}\n}}\n",
        mirror.display()
    )
}

#[test]
fn a_release_with_its_go_provider_installs_from_a_mirror_and_runs_the_pair() {
    let temp = tempfile::tempdir().unwrap();
    let Some(go) = GoProvider::new(workspace().join("tests/go-providers/framework"))
        .build(&temp.path().join("go/terraform-provider-petstore-go"))
    else {
        return;
    };
    let dist = temp.path().join("dist");
    let output = Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .arg("release")
        .arg("--manifest-path")
        .arg(workspace().join("examples/terraform-provider-petstore/Cargo.toml"))
        .args(["--bin", "terraform-provider-petstore", "--profile", "dev"])
        .arg("--go-executable")
        .arg(&go)
        .arg("--out-dir")
        .arg(&dist)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "tfsdk release failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let archive = std::fs::read_dir(&dist)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .find(|name| name.ends_with("_linux_amd64.zip"))
        .expect("the archive");
    let mut zip = zip::ZipArchive::new(std::fs::File::open(dist.join(&archive)).unwrap()).unwrap();
    let names: Vec<String> = zip.file_names().map(str::to_owned).collect();
    assert!(
        names.iter().any(|n| n == "terraform-provider-petstore-go"),
        "{names:?}"
    );
    assert!(zip.by_name("terraform-provider-petstore-go").is_ok());

    let mirror = temp.path().join("mirror");
    let packed = mirror.join("registry.terraform.io/example/petstore");
    std::fs::create_dir_all(&packed).unwrap();
    std::fs::copy(dist.join(&archive), packed.join(&archive)).unwrap();

    for version in TerraformVersion::ALL {
        let workdir = Workdir::new(Terraform::get(version));
        workdir.set_cli_config(&mirror_config(&mirror));
        workdir.write("main.tf", CONFIG);
        let init = workdir.run(&["init", "-input=false", "-no-color"]);
        init.assert_success();
        assert!(init.stdout.contains("Installed example/petstore"), "{init}");
        let apply = workdir.run(&["apply", "-auto-approve", "-input=false", "-no-color"]);
        apply.assert_success();
        assert!(
            apply.stdout.contains("Apply complete! Resources: 2 added"),
            "{version:?}:\n{apply}"
        );
        // The Rust type's object and the Go type's, each in the store.
        for kind in ["owner", "pet"] {
            let stored = std::fs::read_dir(workdir.path().join("store").join(kind))
                .map(|entries| entries.count())
                .unwrap_or(0);
            assert_eq!(stored, 1, "{version:?}: {kind}");
        }
        let plan = workdir.run(&["plan", "-input=false", "-no-color", "-detailed-exitcode"]);
        assert_eq!(plan.code(), Some(0), "{version:?}: {plan}");
        workdir
            .run(&["destroy", "-auto-approve", "-input=false", "-no-color"])
            .assert_success();
    }
}
