use std::path::Path;

use serde_json::json;

use super::*;

fn schema() -> Json {
    json!({
        "provider": {"version": 0, "block": {
            "description": "Manages files on the local disk.",
            "description_kind": "markdown",
            "attributes": {
                "base_dir": {"type": "string", "optional": true, "description": "Where paths start."}
            }
        }},
        "resource_schemas": {"files_file": {"version": 0, "block": {
            "description": "A text file.",
            "attributes": {
                "path": {"type": "string", "required": true, "description": "Where it is."},
                "secret": {"type": "string", "optional": true, "sensitive": true, "write_only": true},
                "old": {"type": "string", "optional": true, "deprecated": true, "description": "Do not."},
                "id": {"type": "string", "computed": true, "description": "The path."},
                "labels": {"type": ["list", ["object", {"key": "string", "value": "string"}]], "computed": true},
                "owner": {"nested_type": {"nesting_mode": "single", "attributes": {
                    "name": {"type": "string", "required": true, "description": "Who."},
                    "email": {"type": "string", "optional": true}
                }}, "optional": true, "description": "The owner."}
            },
            "block_types": {
                "disk": {"nesting_mode": "list", "min_items": 1, "max_items": 2, "block": {
                    "description": "A disk.",
                    "attributes": {"size": {"type": "number", "required": true}},
                    "block_types": {"part": {"nesting_mode": "set", "block": {
                        "attributes": {"label": {"type": "string", "optional": true}}
                    }}}
                }}
            }
        }}},
        "data_source_schemas": {"files_file": {"version": 0, "block": {
            "attributes": {"path": {"type": "string", "required": true}}
        }}},
        "functions": {"parse_mode": {
            "summary": "Parses a mode.",
            "description": "Parses an octal mode such as `\"0644\"`.",
            "parameters": [{"name": "mode", "type": "string", "description": "The mode."}],
            "variadic_parameter": {"name": "more", "type": ["list", "number"], "is_nullable": true},
            "return_type": "number"
        }}
    })
}

fn examples() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("provider/provider.tf", "provider \"files\" {}\n");
    write(
        "resources/files_file/resource.tf",
        "resource \"files_file\" \"a\" {}\n\n",
    );
    write(
        "resources/files_file/import.sh",
        "terraform import files_file.a a.txt\n",
    );
    write("functions/parse_mode/function.tf", "output \"m\" {}\n");
    dir
}

#[test]
fn a_resource_page_lists_attributes_as_the_registry_shows_them() {
    let examples = examples();
    let docs = render("files", &schema(), examples.path()).unwrap();
    let page = &docs.files()[Path::new("resources/file.md")];
    let expected = r#"---
page_title: "files_file Resource - files"
subcategory: ""
description: |-
  A text file.
---

# files_file (Resource)

A text file.

## Example Usage

```terraform
resource "files_file" "a" {}
```

## Schema

### Required

- `disk` (Block List, Min: 1, Max: 2) A disk. (see [below for nested schema](#nestedblock--disk))
- `path` (String) Where it is.

### Optional

- `old` (String, Deprecated) Do not.
- `owner` (Attributes) The owner. (see [below for nested schema](#nestedatt--owner))
- `secret` (String, Sensitive, [Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments))

### Read-Only

- `id` (String) The path.
- `labels` (List of Object) (see [below for nested schema](#nestedobjatt--labels))

<a id="nestedblock--disk"></a>
### Nested Schema for `disk`

Required:

- `size` (Number)

Optional:

- `part` (Block Set) (see [below for nested schema](#nestedblock--disk--part))

<a id="nestedatt--owner"></a>
### Nested Schema for `owner`

Required:

- `name` (String) Who.

Optional:

- `email` (String)

<a id="nestedobjatt--labels"></a>
### Nested Schema for `labels`

Read-Only:

- `key` (String)
- `value` (String)

<a id="nestedblock--disk--part"></a>
### Nested Schema for `disk.part`

Optional:

- `label` (String)

## Import

Import is supported using the following syntax:

```shell
terraform import files_file.a a.txt
```
"#;
    assert_eq!(page, expected);
}

#[test]
fn the_index_and_the_other_kinds_have_their_pages() {
    let examples = examples();
    let docs = render("files", &schema(), examples.path()).unwrap();
    let names: Vec<String> = docs
        .files()
        .keys()
        .map(|p| p.display().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "data-sources/file.md",
            "functions/parse_mode.md",
            "index.md",
            "resources/file.md"
        ]
    );
    let index = &docs.files()[Path::new("index.md")];
    assert!(
        index.starts_with("---\npage_title: \"files Provider\""),
        "{index}"
    );
    assert!(
        index.contains("## Example Usage\n\n```terraform\nprovider \"files\" {}\n```\n\n## Schema\n\n### Optional\n\n- `base_dir` (String) Where paths start.\n"),
        "{index}"
    );
    let data = &docs.files()[Path::new("data-sources/file.md")];
    assert!(data.contains("# files_file (Data Source)"), "{data}");
    assert!(
        !data.contains("Example Usage"),
        "no example, no section: {data}"
    );
    let function = &docs.files()[Path::new("functions/parse_mode.md")];
    assert!(
        function.contains("description: |-\n  Parses a mode.\n"),
        "{function}"
    );
    assert!(
        function.contains("# function: parse_mode\n\nParses an octal mode such as `\"0644\"`.\n"),
        "{function}"
    );
    assert!(
        function.contains("```text\nparse_mode(mode string, more list(number)...) number\n```"),
        "{function}"
    );
    assert!(
        function.contains(
            "1. `mode` (String) The mode.\n2. `more` (Variadic, List of Number, Nullable)\n"
        ),
        "{function}"
    );
}

#[test]
fn a_changed_description_makes_the_written_docs_stale() {
    let examples = examples();
    let docs = render("files", &schema(), examples.path()).unwrap();
    let out = tempfile::tempdir().unwrap();
    docs.write(out.path()).unwrap();
    assert_eq!(docs.differences(out.path()).unwrap(), Vec::<String>::new());

    let mut changed = schema();
    changed["resource_schemas"]["files_file"]["block"]["attributes"]["path"]["description"] =
        json!("Where it lives.");
    let newer = render("files", &changed, examples.path()).unwrap();
    let differences = newer.differences(out.path()).unwrap();
    assert_eq!(differences.len(), 1, "{differences:?}");
    assert!(
        differences[0].starts_with("resources/file.md differs from line 23: \"- `path` (String) Where it is.\" should be \"- `path` (String) Where it lives.\""),
        "{differences:?}"
    );

    // A page no longer generated is stale too, and writing removes it.
    std::fs::write(out.path().join("resources/gone.md"), "old").unwrap();
    let differences = docs.differences(out.path()).unwrap();
    assert_eq!(differences, ["resources/gone.md is no longer generated"]);
    docs.write(out.path()).unwrap();
    assert!(!out.path().join("resources/gone.md").exists());
}

#[test]
fn a_schema_that_is_not_terraforms_is_an_error() {
    let bad = json!({"resource_schemas": {"x_y": {"version": 0}}});
    let error = render("x", &bad, Path::new("none")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "unexpected schema JSON: resource_schemas.x_y has no block"
    );
    let bad = json!({"resource_schemas": {"x_y": {"block": {"attributes": {"a": {}}}}}});
    let error = render("x", &bad, Path::new("none")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "unexpected schema JSON: x_y.a: an attribute has a type or a nested_type"
    );
}

#[test]
fn identities_list_resources_and_actions_have_their_sections_and_pages() {
    let mut schema = schema();
    schema["resource_identity_schemas"] = json!({"files_file": {"version": 0, "attributes": {
        "path": {"type": "string", "required_for_import": true, "description": "Its path."},
        "host": {"type": "string", "optional_for_import": true}
    }}});
    schema["list_resource_schemas"] = json!({"files_file": {"block": {
        "description": "Lists files.",
        "attributes": {"suffix": {"type": "string", "optional": true}}
    }}});
    schema["action_schemas"] = json!({"files_touch": {"block": {
        "description": "Touches a file.",
        "attributes": {"path": {"type": "string", "required": true}}
    }}});
    let examples = examples();
    let write = |path: &str, text: &str| {
        let path = examples.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "resources/files_file/import-by-identity.tf",
        "import {\n  to       = files_file.a\n  identity = { path = \"a.txt\" }\n}\n",
    );
    write(
        "list-resources/files_file/list-resource.tfquery.hcl",
        "list \"files_file\" \"all\" {\n  provider = files\n}\n",
    );
    let docs = render("files", &schema, examples.path()).unwrap();
    let resource = &docs.files()[Path::new("resources/file.md")];
    assert!(
        resource.contains(
            "\n\n### Identity Schema\n\n#### Required\n\n- `path` (String) Its path.\n\n#### Optional\n\n- `host` (String)\n\n## Import\n\n"
        ),
        "{resource}"
    );
    assert!(
        resource.contains("identity:\n\n```terraform\nimport {\n  to       = files_file.a\n"),
        "{resource}"
    );
    assert!(
        resource.contains("Import is supported using the following syntax:\n\n```shell\nterraform import files_file.a a.txt\n```"),
        "{resource}"
    );
    let list = &docs.files()[Path::new("list-resources/file.md")];
    assert!(list.contains("# files_file (List Resource)\n\nLists files.\n\n## Example Usage\n\n```terraform\nlist \"files_file\" \"all\""), "{list}");
    assert!(
        list.contains("### Optional\n\n- `suffix` (String)"),
        "{list}"
    );
    let action = &docs.files()[Path::new("actions/touch.md")];
    assert!(action.contains("# files_touch (Action)\n\nTouches a file.\n\n## Schema\n\n### Required\n\n- `path` (String)"), "{action}");
    let data = &docs.files()[Path::new("data-sources/file.md")];
    assert!(!data.contains("Identity"), "{data}");
}
