// The puzzle shows a 2 where the answer has a 1.
fn main() {
    let _ = typesweeper::solve! {
        puzzle: [[? 2]]
        answer: [[x 1]]
    };
}
