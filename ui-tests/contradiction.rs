// `solve!` checks its input, so a contradiction reaches the solver only through hand-written
// bounds: here a number 1 whose only neighbour must then be a mine, while the "answer" says the
// neighbour is a safe 0.
use typesweeper::{HList, NeighbsToRules, Num, Reveal, S, Z};

fn cell<R1C1>() -> Option<R1C1>
where
    Num<S<Z>>: NeighbsToRules<HList![R1C1]>,
    R1C1: Reveal<Num<Z>>,
{
    None
}

fn main() {
    let _ = cell();
}
