// `level: complete`: two 1s share one mine between two cells, and nothing tells which: rustc
// must stop at the first of them.

fn main() {
    let _ = typesweeper::solve! {
        level: complete
        puzzle: [
            [? ?]
            [1 1]
        ]
        answer: [
            [x 1]
            [1 1]
        ]
    };
}
