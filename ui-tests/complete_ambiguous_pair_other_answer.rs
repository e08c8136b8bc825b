// `level: complete`, the same board with the other answer: the answer is concealed, so rustc
// stops at the same cell.

fn main() {
    let _ = typesweeper::solve! {
        level: complete
        puzzle: [
            [? ?]
            [1 1]
        ]
        answer: [
            [1 x]
            [1 1]
        ]
    };
}
