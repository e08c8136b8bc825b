// `level:` needs a value.
fn main() {
    let solved = typesweeper::solve! {
        level:
        puzzle: [[? ? ?] [1 2 1]]
        answer: [[x 2 x] [1 2 1]]
    };
    println!("{solved}");
}
