// `level:` comes first.
fn main() {
    let solved = typesweeper::solve! {
        puzzle: [[? ? ?] [1 2 1]]
        level: pairs
        answer: [[x 2 x] [1 2 1]]
    };
    println!("{solved}");
}
