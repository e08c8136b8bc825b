// 9 is not a Minesweeper number.
fn main() {
    let _ = typesweeper::solve! {
        puzzle: [[? 9]]
        answer: [[x 1]]
    };
}
