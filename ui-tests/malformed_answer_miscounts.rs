// The answer's 2 has only one mine around it.
fn main() {
    let _ = typesweeper::solve! {
        puzzle: [[? ? ?]]
        answer: [[x 2 0]]
    };
}
