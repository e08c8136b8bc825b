// A cell that is not `?`, `x` or 0-8.
fn main() {
    let _ = typesweeper::solve! {
        puzzle: [[? z]]
        answer: [[x 1]]
    };
}
