// `level:` names one of the levels.
fn main() {
    let solved = typesweeper::solve! {
        level: triples
        puzzle: [[? ? ?] [1 2 1]]
        answer: [[x 2 x] [1 2 1]]
    };
    println!("{solved}");
}
