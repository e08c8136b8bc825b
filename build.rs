//! Writes the neighbourhood tables of `typelevel::diagram` to `$OUT_DIR/neighbourhood.rs`, as
//! typenum's build script writes its constants: impls that a macro cannot enumerate, one per
//! case, so that rustc reads a position's facts in one step instead of a recursion over its
//! eight neighbours (which the next trait solver counts three levels of depth a neighbour).
//!
//! * `Eight` for every tuple of eight `Tt`/`Ff` (256 impls): the events of the neighbours
//!   marked `Tt` (first, middle, last, only), whether any is, how many, and the two span flags
//!   of `Ctr`.
//! * `Less<M>` for the Peano counts `V`, `M` in `0..=8` (81 impls): `V - M`, or `Neg`.

use std::fmt::Write;

/// A Peano count as a type.
fn peano(n: usize) -> String {
    let mut s = "Z".to_string();
    for _ in 0..n {
        s = format!("S<{s}>");
    }
    s
}

fn flag(b: bool) -> &'static str {
    if b {
        "Tt"
    } else {
        "Ff"
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut s = String::from(
        "// Written by build.rs: the neighbourhood tables of `typelevel::diagram`.\n\n",
    );
    for bits in 0u32..256 {
        let u: Vec<bool> = (0..8).map(|i| bits >> i & 1 == 1).collect();
        let any = |r: std::ops::Range<usize>| u[r].iter().any(|&b| b);
        let events: Vec<&str> = (0..8)
            .map(|i| match (u[i], any(0..i), any(i + 1..8)) {
                (false, _, _) => "No",
                (true, false, false) => "Only",
                (true, false, true) => "First",
                (true, true, true) => "Mid",
                (true, true, false) => "Last",
            })
            .collect();
        let marked: Vec<String> = (0..8)
            .filter(|&i| u[i])
            .map(|i| (i + 1).to_string())
            .collect();
        let count = marked.len();
        let before = any(0..5) && any(5..8);
        let after = any(0..3) && any(3..8);
        let mut list = "()".to_string();
        for e in events.iter().rev() {
            list = format!("(ev::{e}, {list})");
        }
        writeln!(
            s,
            "/// Neighbours marked: {}; events {}; {count} marked; spans: before {before}, after {after}.\n\
             impl Eight for ({}) {{ type Ev = {list}; type Any = {}; type Count = {}; type Before = {}; type After = {}; }}",
            if marked.is_empty() { "none".to_string() } else { marked.join(", ") },
            events.join(" "),
            u.iter().map(|&b| flag(b)).collect::<Vec<_>>().join(", "),
            flag(count > 0),
            peano(count),
            flag(before),
            flag(after),
        )
        .unwrap();
    }
    for v in 0..=8usize {
        for m in 0..=8usize {
            let o = if m > v {
                "Neg".to_string()
            } else {
                peano(v - m)
            };
            let rule = if m > v {
                format!("{v} - {m} is below zero")
            } else {
                format!("{v} - {m} = {}", v - m)
            };
            writeln!(
                s,
                "/// `{rule}`\nimpl Less<{}> for {} {{ type O = {o}; }}",
                peano(m),
                peano(v)
            )
            .unwrap();
        }
    }
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("neighbourhood.rs"), s).expect("OUT_DIR is writable");
}
