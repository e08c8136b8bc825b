// A board needs at least one row.
fn main() {
    let _ = typesweeper::solve! {
        puzzle: []
        answer: []
    };
}
