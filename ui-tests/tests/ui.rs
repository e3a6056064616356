//! Compile-fail cases (each with the compiler's expected output in a `.stderr` beside it) and
//! compile-pass cases of `#[derive(TfObject)]`. Regenerate expectations with
//! `TRYBUILD=overwrite cargo test -p tfsdk-ui-tests` and review the diff.

#[test]
fn derive_compile_errors_point_at_the_offending_token() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("fail/*.rs");
}

#[test]
fn derive_accepts_every_supported_shape() {
    let cases = trybuild::TestCases::new();
    cases.pass("pass/*.rs");
}
