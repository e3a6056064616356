//! The testing example of the repository's README, as it is there.

use terraform_provider_files::{provider::FilesProvider, resource::File};
use tfsdk_testing::{PlannedAction, ProviderTest, ResourceInstance, Step};

#[test]
fn a_file_is_created_updated_and_imported() {
    let file = ResourceInstance::<File>::new("files_file.a");
    let config = |text: &str| {
        format!(
            "provider \"files\" {{ base_dir = \"${{path.cwd}}\" }}\n\
         resource \"files_file\" \"a\" {{\n  path = \"a.txt\"\n  content = \"{text}\"\n}}"
        )
    };
    ProviderTest::new("example/files", FilesProvider::default)
        .step(
            Step::apply(config("one"))
                .expect_action(&file, PlannedAction::Create)
                .plan_check(file.attribute(|f| f.id()).is_unknown())
                .state_check(file.attribute(|f| f.content()).equals("one")),
        )
        .step(Step::apply(config("two")).expect_action(&file, PlannedAction::Update))
        .step(Step::import(&file, "a.txt")) // compared with the state, attribute by attribute
        .step(
            Step::plan(r#"resource "files_file" "b" { path = "b.txt" }"#)
                .expect_error("Invalid Attribute Combination"),
        )
        .run(); // under each Terraform; destroys and checks the state is empty at the end
}

/// The test above is the README's, character for character.
#[test]
fn the_readme_shows_this_test() {
    let readme = include_str!("../../../README.md");
    let this = include_str!("readme.rs");
    let marker = "// examples/terraform-provider-files/tests/readme.rs runs this test as it is.\n";
    let start = readme.find(marker).expect("the README's testing example") + marker.len();
    let shown = &readme[start..start + readme[start..].find("```").expect("its end")];
    let test =
        &this[this.find("use tfsdk_testing").unwrap()..this.find("\n/// The test above").unwrap()];
    assert_eq!(shown.trim_end(), test.trim_end());
}
