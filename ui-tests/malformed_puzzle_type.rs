// `puzzle!` expands to items: a malformed board gives only the error at the offending token.
typesweeper::puzzle! {
    /// A typo in the puzzle.
    pub struct Typo {
        puzzle: [[? z]]
        answer: [[x 1]]
    }
}

fn main() {}
