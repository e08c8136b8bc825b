// `level: complete` on a board one cell high: two mines, and the 1 has one of its two unknown
// neighbours, so R1C1 is a mine in every layout and R1C2 is a guess (the runtime `complete`
// stops there too).

fn main() {
    let _ = typesweeper::solve! {
        level: complete
        puzzle: [[? ? 1 ?]]
        answer: [[x x 1 0]]
    };
}
