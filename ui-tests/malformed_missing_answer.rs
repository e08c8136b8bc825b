// The answer section is required: it is where revealed numbers come from.
fn main() {
    let _ = typesweeper::solve! {
        puzzle: [[? 1]]
    };
}
