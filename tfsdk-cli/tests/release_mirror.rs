//! `tfsdk release` on the example provider, installed the way users install providers: its
//! archive in a `filesystem_mirror` (packed layout), `terraform init` verifying it against the
//! lock file's checksum taken from SHA256SUMS (and refusing it when that checksum is not the
//! archive's), then plan, apply, an empty plan and destroy, under Terraform 1.15.5 and 1.0.3.
//! No `dev_overrides`.

use std::path::{Path, PathBuf};
use std::process::Command;

use tfsdk_testing::{Terraform, TerraformVersion, Workdir};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// The provider's version: the example's package version.
fn version() -> String {
    let manifest = std::fs::read_to_string(workspace().join("Cargo.toml")).unwrap();
    manifest
        .lines()
        .find_map(|line| line.strip_prefix("version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("the workspace version")
        .to_owned()
}

/// Runs `tfsdk release` for the files provider into `dist`.
fn release(dist: &Path) -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .arg("release")
        .arg("--manifest-path")
        .arg(workspace().join("examples/terraform-provider-files/Cargo.toml"))
        .args(["--profile", "dev", "--out-dir"])
        .arg(dist)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "tfsdk release failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(dist)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const CONFIG: &str = r#"
terraform {
  required_providers {
    files = {
      source  = "example/files"
      version = "VERSION"
    }
  }
}

provider "files" {
  base_dir = "${path.cwd}"
}

resource "files_file" "hello" {
  path    = "hello.txt"
  content = "installed from a mirror"
}
"#;

/// A dependency lock file that trusts the archive whose SHA-256 is `sum`.
fn lock_file(version: &str, sum: &str) -> String {
    format!(
        "provider \"registry.terraform.io/example/files\" {{\n  version     = \"{version}\"\n  constraints = \"{version}\"\n  hashes = [\n    \"zh:{sum}\",\n  ]\n}}\n"
    )
}

fn mirror_config(mirror: &Path) -> String {
    format!(
        "provider_installation {{\n  filesystem_mirror {{\n    path    = \"{}\"\n    include = [\"registry.terraform.io/example/files\"]\n  }}\n  direct {{\n    exclude = [\"registry.terraform.io/example/files\"]\n  }}\n}}\n",
        mirror.display()
    )
}

#[test]
fn released_archives_install_from_a_filesystem_mirror_with_verified_checksums() {
    let version = version();
    let temp = tempfile::tempdir().unwrap();
    let dist = temp.path().join("dist");
    let names = release(&dist);
    let archive = format!("terraform-provider-files_{version}_linux_amd64.zip");
    let sums_name = format!("terraform-provider-files_{version}_SHA256SUMS");
    assert_eq!(
        names,
        [
            sums_name.clone(),
            archive.clone(),
            format!("terraform-provider-files_{version}_manifest.json"),
        ]
    );
    let sums = std::fs::read_to_string(dist.join(&sums_name)).unwrap();
    let archive_sum = sums
        .lines()
        .find_map(|line| line.strip_suffix(&format!("  {archive}")))
        .expect("the archive's checksum")
        .to_owned();

    // The packed layout: HOSTNAME/NAMESPACE/TYPE/terraform-provider-TYPE_VERSION_OS_ARCH.zip.
    let mirror = temp.path().join("mirror");
    let packed = mirror.join("registry.terraform.io/example/files");
    std::fs::create_dir_all(&packed).unwrap();
    std::fs::copy(dist.join(&archive), packed.join(&archive)).unwrap();

    for version_of_terraform in TerraformVersion::ALL {
        // The lock file a team commits, with the checksum SHA256SUMS publishes (`zh:`, the
        // archive's hash): init installs only an archive that matches it.
        let workdir = Workdir::new(Terraform::get(version_of_terraform));
        workdir.set_cli_config(&mirror_config(&mirror));
        workdir.write("main.tf", CONFIG.replace("VERSION", &version));
        workdir.write(".terraform.lock.hcl", lock_file(&version, &archive_sum));
        let init = workdir.run(&["init", "-input=false", "-no-color"]);
        init.assert_success();
        assert!(
            init.stdout
                .contains(&format!("Installed example/files v{version}")),
            "{init}"
        );
        // Terraform keeps the checksum and adds the hash of the archive's contents (`h1:`).
        let lock = workdir.read(".terraform.lock.hcl");
        assert!(lock.contains(&format!("\"zh:{archive_sum}\"")), "{lock}");
        assert!(lock.contains("\"h1:"), "{lock}");

        let apply = workdir.run(&["apply", "-auto-approve", "-input=false", "-no-color"]);
        apply.assert_success();
        assert_eq!(
            std::fs::read_to_string(workdir.path().join("hello.txt")).unwrap(),
            "installed from a mirror"
        );
        let plan = workdir.run(&["plan", "-input=false", "-no-color", "-detailed-exitcode"]);
        assert_eq!(plan.code(), Some(0), "{plan}");
        workdir
            .run(&["destroy", "-auto-approve", "-input=false", "-no-color"])
            .assert_success();

        // Another directory, a lock file whose checksum is not the archive's: init refuses.
        let tampered = Workdir::new(Terraform::get(version_of_terraform));
        tampered.set_cli_config(&mirror_config(&mirror));
        tampered.write("main.tf", CONFIG.replace("VERSION", &version));
        tampered.write(".terraform.lock.hcl", lock_file(&version, &"0".repeat(64)));
        let refused = tampered.run(&["init", "-input=false", "-no-color"]);
        refused.assert_failure();
        assert!(
            refused.combined().contains("checksums"),
            "init must refuse the archive:\n{refused}"
        );
    }
}

/// Run inside one provider package of a workspace that holds two, `tfsdk release` (like cargo)
/// takes that package; at the workspace's root it asks which.
#[test]
fn release_takes_the_package_of_the_current_directory() {
    let dist = tempfile::tempdir().unwrap();
    let release_in = |dir: &Path| {
        Command::new(env!("CARGO_BIN_EXE_tfsdk"))
            .args(["release", "--profile", "dev", "--out-dir"])
            .arg(dist.path())
            .current_dir(dir)
            .output()
            .unwrap()
    };
    let output = release_in(&workspace().join("examples/terraform-provider-files/src"));
    assert!(
        output.status.success(),
        "tfsdk release failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let names: Vec<String> = std::fs::read_dir(dist.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names
            .iter()
            .all(|name| name.starts_with("terraform-provider-files_")),
        "{names:?}"
    );
    let output = release_in(&workspace());
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    // Every provider binary of the workspace is named, whatever their order and however many
    // other examples the workspace gains.
    assert!(
        error.contains("several provider binaries (")
            && error.contains("terraform-provider-files")
            && error.contains("terraform-provider-example")
            && error.contains("choose one with --bin"),
        "{error}"
    );
}
