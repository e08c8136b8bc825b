//! What the tests that build a scratch crate depending on this checkout by path share: one
//! target directory, and the profile lines that let them share it.

use std::path::PathBuf;

/// The target directory of every scratch crate that depends on this checkout by path (the
/// generated boards, the exported positions, the solved `level: complete` cases, `gen`'s Rust
/// test files): typesweeper and its dependencies are built once for all of them. Under cargo's
/// `target/tmp`, which is the workspace's for every package.
pub fn target_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scratch-target")
}

/// The profile sections of every such crate's manifest, the checkout's own: the proc-macro and
/// the runtime board optimised (they run inside rustc), dependencies without debug information.
/// Crates that share [`target_dir`] must agree on these, or each builds its own copies.
pub const PROFILES: &str = "[profile.dev.package.typesweeper-macros]\nopt-level = 3\n\n\
                            [profile.dev.package.typesweeper-board]\nopt-level = 3\n\n\
                            [profile.dev.package.\"*\"]\ndebug = false\n";
