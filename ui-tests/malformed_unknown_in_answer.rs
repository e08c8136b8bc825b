// An answer must decide every cell.
fn main() {
    let _ = typesweeper::solve! {
        puzzle: [[? ?]]
        answer: [[x ?]]
    };
}
