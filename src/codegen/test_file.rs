//! The Rust test files `typesweeper gen --format rust` writes: [`rust_header`], then one
//! [`rust_test`] per board.

use super::solve_call::{recursion_limit, solve_call_at};
use super::template::fill;
use crate::runtime::generator::{Generated, Spec};

/// One test of a generated board; it starts with a blank line, which separates it from what
/// comes before (the header or the previous test).
const BOARD_TEST: &str = r#"
/// {rows}x{cols}/{mines}, seed {seed}.
#[test]
fn board_{n}() {
    let solved = {solve_call};
    assert_eq!(solved.to_string(), "{expected}");
}
"#;

/// The first line of a generated Rust test file of `boards` (at any level): `#![recursion_limit =
/// "N"]` with the [`recursion_limit`] they need.
pub fn rust_header(boards: &[Generated]) -> String {
    format!("#![recursion_limit = \"{}\"]\n", recursion_limit(boards))
}

/// One `#[test]` that runs the compile-time `solve!` on the board and checks the answer, at the
/// spec's level: `level: pairs` or `level: complete` first in the call, no `level:` for the
/// default, `fragment`. It passes only when that level finishes the board; otherwise the file
/// does not compile.
pub fn rust_test(n: usize, spec: &Spec, found: &Generated) -> String {
    let level = spec.level;
    fill(
        BOARD_TEST,
        &[
            ("rows", &spec.rows.to_string()),
            ("cols", &spec.cols.to_string()),
            ("mines", &spec.mines.to_string()),
            ("seed", &found.seed.to_string()),
            ("n", &n.to_string()),
            (
                "solve_call",
                &solve_call_at(level, &found.puzzle, &found.answer, "    "),
            ),
            ("expected", &found.answer.to_string().replace('\n', "\\n")),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::generator::Level;
    use crate::runtime::layout::FirstClick;

    #[test]
    fn pairs_tests_name_their_level() {
        let spec = Spec::new(2, 3, 2, FirstClick::Safe, Level::Pairs);
        let found = Generated {
            seed: 3,
            puzzle: "? ? ?\n1 2 1".parse().unwrap(),
            answer: "x 2 x\n1 2 1".parse().unwrap(),
        };
        let test = rust_test(1, &spec, &found);
        assert!(
            test.contains("    let solved = typesweeper::solve! {\n        level: pairs\n        puzzle: [\n            [? ? ?]\n"),
            "{test}"
        );
        let test = rust_test(
            1,
            &Spec {
                level: Level::Fragment,
                ..spec
            },
            &found,
        );
        assert!(!test.contains("level:"), "{test}");
        let test = rust_test(
            1,
            &Spec {
                level: Level::Complete,
                ..spec
            },
            &found,
        );
        assert!(test.contains("\n        level: complete\n"), "{test}");
    }

    #[test]
    fn a_board_test_as_written() {
        let spec = Spec::new(1, 3, 1, FirstClick::Safe, Level::Fragment);
        let found = Generated {
            seed: 9,
            puzzle: "0 1 ?".parse().unwrap(),
            answer: "0 1 x".parse().unwrap(),
        };
        assert_eq!(
            rust_header(std::slice::from_ref(&found)),
            "#![recursion_limit = \"512\"]\n"
        );
        assert_eq!(
            rust_test(1, &spec, &found),
            "\n/// 1x3/1, seed 9.\n#[test]\nfn board_1() {\n    let solved = typesweeper::solve! {\n        puzzle: [\n            [0 1 ?]\n        ]\n        answer: [\n            [0 1 x]\n        ]\n    };\n    assert_eq!(solved.to_string(), \"0 1 x\");\n}\n"
        );
    }
}
