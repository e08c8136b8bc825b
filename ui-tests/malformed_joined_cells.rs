// `??` is one Rust word, two tokens: written together, it is an error, not two cells.
fn main() {
    let solved = typesweeper::solve! {
        puzzle: [[?? 1] [1 1 1]]
        answer: [[x 1 1] [1 1 1]]
    };
    println!("{solved}");
}
