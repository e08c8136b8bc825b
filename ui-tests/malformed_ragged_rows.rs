// Rows of different lengths.
fn main() {
    let _ = typesweeper::solve! {
        puzzle: [
            [? 1]
            [1 1 0]
        ]
        answer: [
            [x 1]
            [1 1]
        ]
    };
}
