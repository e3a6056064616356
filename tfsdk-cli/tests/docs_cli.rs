//! `tfsdk docs` on the output of `terraform providers schema -json`: writes the pages, then
//! `--check` passes, and fails once a description changed.

use std::process::Command;

fn tfsdk(args: &[&str], dir: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tfsdk"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn schema(description: &str) -> String {
    serde_json::json!({
        "format_version": "1.0",
        "provider_schemas": {
            "registry.terraform.io/example/files": {
                "provider": {"version": 0, "block": {}},
                "resource_schemas": {"files_file": {"version": 0, "block": {
                    "attributes": {
                        "path": {"type": "string", "required": true, "description": description}
                    }
                }}}
            }
        }
    })
    .to_string()
}

#[test]
fn docs_are_written_then_checked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("examples/resources/files_file")).unwrap();
    std::fs::write(
        dir.path().join("examples/resources/files_file/resource.tf"),
        "resource \"files_file\" \"a\" {\n  path = \"a.txt\"\n}\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("schema.json"), schema("Where it is.")).unwrap();

    let written = tfsdk(
        &["docs", "--schema", "schema.json", "--name", "files"],
        dir.path(),
    );
    assert!(written.status.success(), "{written:?}");
    let page = std::fs::read_to_string(dir.path().join("docs/resources/file.md")).unwrap();
    assert!(page.contains("- `path` (String) Where it is."), "{page}");
    assert!(
        page.contains("```terraform\nresource \"files_file\" \"a\" {"),
        "{page}"
    );
    assert!(dir.path().join("docs/index.md").is_file());

    let check = [
        "docs",
        "--schema",
        "schema.json",
        "--name",
        "files",
        "--check",
    ];
    assert!(tfsdk(&check, dir.path()).status.success());

    std::fs::write(dir.path().join("schema.json"), schema("Where it lives.")).unwrap();
    let stale = tfsdk(&check, dir.path());
    assert_eq!(stale.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&stale.stderr);
    assert!(
        stderr.contains("resources/file.md differs from line"),
        "{stderr}"
    );

    let unknown = tfsdk(
        &["docs", "--schema", "schema.json", "--name", "nope"],
        dir.path(),
    );
    assert!(!unknown.status.success());
    assert!(
        String::from_utf8_lossy(&unknown.stderr).contains(
            "has no provider named \"nope\" (it has registry.terraform.io/example/files)"
        ),
        "{unknown:?}"
    );
}
