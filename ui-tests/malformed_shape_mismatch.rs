// The answer is not the puzzle's size.
fn main() {
    let _ = typesweeper::solve! {
        puzzle: [[? 1]]
        answer: [[x 1] [1 1]]
    };
}
