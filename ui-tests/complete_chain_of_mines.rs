// `level: complete`: four mines, and the 1 has one of its two neighbours, so R1C1 to R1C3, which
// touch no number, are all mines. Their probes with the total wait in a chain, and a mine wakes
// no neighbour: each probe after the first runs only once the cell before it is decided
// (`Settle`). The 1's two neighbours stay a guess: the one error is at R1C4, where the runtime
// `complete` stops too (without `Settle` it would be at R1C1).
fn main() {
    let solved = typesweeper::solve! {
        level: complete
        puzzle: [[? ? ? ? 1 ?]]
        answer: [[x x x x 1 0]]
    };
    println!("{solved}");
}
