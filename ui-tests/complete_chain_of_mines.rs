// `level: complete`: four mines, and the 1 has one of its two neighbours, so R1C1 to R1C3, which
// touch no number, are all mines; the 1's two neighbours stay a guess: the one error is at R1C4,
// where the runtime `complete` stops too. A board one cell high: before lines were padded to
// seven positions (`typesweeper-macros`, `expand/diagram.rs`), its blocks named one position
// twice and rustc overflowed.
fn main() {
    let solved = typesweeper::solve! {
        level: complete
        puzzle: [[? ? ? ? 1 ?]]
        answer: [[x x x x 1 0]]
    };
    println!("{solved}");
}
