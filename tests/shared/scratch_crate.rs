//! What the tests that build a scratch crate depending on this checkout by path share: one
//! target directory, the profile lines that let them share it, the manifest, and how cargo is
//! run in it.

use std::path::{Path, PathBuf};
use std::process::Command;

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

/// The manifest of the scratch crate `name` of `edition`: typesweeper from `checkout` by path,
/// then `sections` (more dependencies, binaries), [`PROFILES`], and a workspace of its own.
pub fn manifest(name: &str, edition: &str, checkout: &Path, sections: &str) -> String {
    format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"{edition}\"\n\
         publish = false\n\n[dependencies]\ntypesweeper = {{ path = {:?} }}\n\n\
         {sections}{PROFILES}\n[workspace]\n",
        checkout.display().to_string()
    )
}

/// `cargo` run in the scratch crate `dir`, with the shared [`target_dir`] and none of the
/// caller's `RUSTFLAGS`: every crate that shares the target builds with the same flags.
pub fn cargo(dir: &Path) -> Command {
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target_dir())
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS");
    cargo
}
