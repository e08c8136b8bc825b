//! Compile-fail cases: ambiguous and stuck boards, a contradiction, malformed input. Each
//! `ui-tests/*.rs` must fail to compile with exactly the errors in its `.stderr` file
//! (regenerate with `TRYBUILD=overwrite cargo test --test ui` after a deliberate change).

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("ui-tests/*.rs");
}
