//! 50/50s: guesses that cannot be avoided, or that cost nothing more than the 50/50 they sit
//! in.
//!
//! * A **forced 50/50** ([`forced_fifty_fifty`], of any shape: [`unavoidable_fifty_fifty`]):
//!   cells holding one of two mine patterns in every layout, which no number outside them can
//!   ever tell apart. It has to be guessed some time, and guessing it now costs nothing.
//! * A **pseudo 50/50** ([`pseudo_fifty_fifty`]): a cell that is a mine only where it sits in a
//!   50/50 that no number can ever settle (after D. Hill's JSMinesweeper,
//!   `LongTermRiskHelper`). Two undecided neighbours in a row or column whose *flanks* (the
//!   cells next to one of them but not the other) show no number form such a 50/50 in every
//!   layout where one of them and every undecided flank are mines: the numbers next to both
//!   count both, so none can tell them apart, and swapping the two gives as many layouts. The
//!   same holds for a 2x2 block of undecided cells with mines on one diagonal and on its
//!   undecided corner cells (the four cells diagonally next to it). When *every* layout in
//!   which a cell is a mine lays such a structure with it as a mine, the cell is "a 50/50 or
//!   safe": guessing it now loses exactly the layouts that the 50/50 would lose half of later
//!   anyway (its mirror image has as many), and otherwise it is safe and its number may settle
//!   the rest. A forced 50/50 is the case where the flanks are known mines already.
//! * The **50/50 influence** of a cell ([`fifty_fifty_influence`]): how likely it is to be the
//!   mine of such a structure, which the guess's score counts in its favour.

use crate::runtime::complete::{analyse_forced, Analysis};
use crate::runtime::deduction::Deduced;

use super::position::{Context, Position};

/// At most this many undecided flanks for a pair (and one more for a block).
pub const MAX_FLANKS: usize = 1;

/// At most this many undecided flanks for a structure that [`fifty_fifty_influence`] counts
/// (JSMinesweeper's limit).
pub const INFLUENCE_FLANKS: usize = 3;

/// A cell also gains influence as an undecided flank of a pair with at most this many
/// undecided flanks (JSMinesweeper's "enablers")...
pub const ENABLER_PAIR_FLANKS: usize = 1;
/// ... or of a 2x2 block with at most this many...
pub const ENABLER_BLOCK_FLANKS: usize = 2;
/// ... when that structure forms (in either of its two patterns) with at least this chance.
pub const ENABLING_CHANCE: f64 = 0.025;

/// A forced 50/50: two undecided cells holding exactly one mine in every layout that no other
/// cell can ever tell apart (every cell next to one of them but not the other is a known mine
/// or off the board). Such a guess has to be made sooner or later; making it now costs nothing
/// and saves work. Returns one of the two cells.
pub fn forced_fifty_fifty(
    position: &Position<'_>,
    p: &[f64],
    undecided: &[usize],
) -> Option<usize> {
    let half = |i: usize| (p[i] - 0.5).abs() < 1e-9;
    let cols = position.cols;
    for &a in undecided.iter().filter(|&&a| half(a)) {
        for &b in undecided.iter().filter(|&&b| b > a && half(b)) {
            let (ra, ca, rb, cb) = (a / cols, a % cols, b / cols, b % cols);
            if ra.abs_diff(rb) > 2 || ca.abs_diff(cb) > 2 {
                continue;
            }
            let na: Vec<usize> = position.neighbours(a).collect();
            let nb: Vec<usize> = position.neighbours(b).collect();
            let apart = na
                .iter()
                .filter(|j| !nb.contains(j))
                .chain(nb.iter().filter(|j| !na.contains(j)))
                .filter(|&&j| j != a && j != b)
                .any(|&j| position.cells[j] != Deduced::Mine);
            if !apart && exactly_one_mine(position, a, b) {
                return Some(a);
            }
        }
    }
    None
}

/// At most this many cells at exactly 1/2 are tried by [`unavoidable_fifty_fifty`] (each costs
/// two analyses of the position).
pub const MAX_FIFTY_FIFTY_TRIES: usize = 6;

/// An unavoidable 50/50 of any shape (a chain, a block; [`forced_fifty_fifty`] is the pair):
/// a cell `a` at exactly 1/2 whose being a mine or safe decides a set `S` of cells, the two
/// patterns of `S` holding as many mines, and every cell next to `S` outside it that is not a
/// known mine (a number or an undecided cell) seeing as many mines of `S` in both. Swapping
/// the two patterns then maps layouts onto layouts and changes no number outside `S`, so only
/// a guess inside `S` can settle it: it has to be guessed some time, and guessing it now
/// costs nothing. Returns `a`.
pub fn unavoidable_fifty_fifty(
    position: &Position<'_>,
    p: &[f64],
    undecided: &[usize],
) -> Option<usize> {
    let (rows, cols, left) = (position.rows, position.cols, position.mines_left);
    if left == 0 {
        return None;
    }
    let n = position.cells.len();
    let mut seen = vec![false; n];
    let halves = undecided
        .iter()
        .copied()
        .filter(|&a| (p[a] - 0.5).abs() < 1e-9);
    let mut tries = 0;
    for a in halves {
        if seen[a] {
            continue; // in the set of a cell tried already
        }
        tries += 1;
        if tries > MAX_FIFTY_FIFTY_TRIES {
            break;
        }
        let mut cells = position.cells.to_vec();
        cells[a] = Deduced::Mine;
        let Ok(if_mine) = analyse_forced(&cells, rows, cols, Some(left - 1), position.budget)
        else {
            continue;
        };
        cells[a] = Deduced::Safe(None);
        let Ok(if_safe) = analyse_forced(&cells, rows, cols, Some(left), position.budget) else {
            continue;
        };
        // Per cell: 0 outside S, 1 a mine when `a` is, 2 safe when `a` is a mine.
        let mut pattern = vec![0u8; n];
        pattern[a] = 1;
        for &i in undecided.iter().filter(|&&i| i != a) {
            pattern[i] = match (if_mine.forced(i), if_safe.forced(i)) {
                (Some(true), Some(false)) => 1,
                (Some(false), Some(true)) => 2,
                _ => 0,
            };
        }
        for i in (0..n).filter(|&i| pattern[i] != 0) {
            seen[i] = true;
        }
        let count = |k: u8| pattern.iter().filter(|&&x| x == k).count();
        if count(1) != count(2) {
            continue;
        }
        let sees_alike = |x: usize| {
            let (mut one, mut two) = (0, 0);
            for y in position.neighbours(x) {
                match pattern[y] {
                    1 => one += 1,
                    2 => two += 1,
                    _ => {}
                }
            }
            one == two
        };
        let unavoidable = (0..n).filter(|&i| pattern[i] != 0).all(|i| {
            position
                .neighbours(i)
                .all(|x| pattern[x] != 0 || position.cells[x] == Deduced::Mine || sees_alike(x))
        });
        if unavoidable {
            return Some(a);
        }
    }
    None
}

/// Whether `a` is a mine exactly when `b` is safe, in every layout.
fn exactly_one_mine(position: &Position<'_>, a: usize, b: usize) -> bool {
    let (rows, cols, left) = (position.rows, position.cols, position.mines_left);
    let mut cells = position.cells.to_vec();
    cells[a] = Deduced::Mine;
    let mine_then_safe = left > 0
        && analyse_forced(&cells, rows, cols, Some(left - 1), position.budget)
            .is_ok_and(|x| x.forced(b) == Some(false));
    cells[a] = Deduced::Safe(None);
    mine_then_safe
        && analyse_forced(&cells, rows, cols, Some(left), position.budget)
            .is_ok_and(|x| x.forced(b) == Some(true))
}

/// A 50/50 structure as it would be laid: its mines (the undecided flanks first, then the
/// mines of the pair or block) and its safe cells.
struct Structure {
    mines: Vec<usize>,
    safe: Vec<usize>,
    /// How many of `mines` are flanks.
    flanks: usize,
}

impl Structure {
    /// The same cells with the mines of the pair or block on its other cells.
    fn mirror(&self) -> Structure {
        let mut mines = self.mines[..self.flanks].to_vec();
        mines.extend(&self.safe);
        Structure {
            mines,
            safe: self.mines[self.flanks..].to_vec(),
            flanks: self.flanks,
        }
    }
}

/// The cell at `(r, c)`, if on the board.
fn at(position: &Position<'_>, r: isize, c: isize) -> Option<usize> {
    let (rows, cols) = (position.rows as isize, position.cols as isize);
    (r >= 0 && c >= 0 && r < rows && c < cols).then(|| (r * cols + c) as usize)
}

/// The undecided cells among `flanks` (off the board and known mines drop out), or `None`
/// when one shows a number.
fn undecided_flanks(position: &Position<'_>, flanks: &[(isize, isize)]) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for &(r, c) in flanks {
        match at(position, r, c).map(|i| (i, position.cells[i])) {
            None | Some((_, Deduced::Mine)) => {}
            Some((i, Deduced::Undecided)) => out.push(i),
            Some((_, Deduced::Safe(_))) => return None,
        }
    }
    Some(out)
}

/// The pair of `(r, c)` and its right (or, `down`, lower) neighbour, `(r, c)` the mine.
fn pair(position: &Position<'_>, r: isize, c: isize, down: bool) -> Option<Structure> {
    let a = at(position, r, c)?;
    let b = if down {
        at(position, r + 1, c)?
    } else {
        at(position, r, c + 1)?
    };
    if position.cells[a] != Deduced::Undecided || position.cells[b] != Deduced::Undecided {
        return None;
    }
    let flanks: Vec<(isize, isize)> = if down {
        (-1..=1)
            .flat_map(|d| [(r - 1, c + d), (r + 2, c + d)])
            .collect()
    } else {
        (-1..=1)
            .flat_map(|d| [(r + d, c - 1), (r + d, c + 2)])
            .collect()
    };
    let mut mines = undecided_flanks(position, &flanks)?;
    let flanks = mines.len();
    mines.push(a);
    Some(Structure {
        mines,
        safe: vec![b],
        flanks,
    })
}

/// The 2x2 block with top-left `(r, c)`, mines on `(r, c)` and `(r + 1, c + 1)`.
fn block(position: &Position<'_>, r: isize, c: isize) -> Option<Structure> {
    let cells: Vec<usize> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        .iter()
        .map(|&(r, c)| at(position, r, c))
        .collect::<Option<_>>()?;
    if cells
        .iter()
        .any(|&i| position.cells[i] != Deduced::Undecided)
    {
        return None;
    }
    let corners = [
        (r - 1, c - 1),
        (r - 1, c + 2),
        (r + 2, c - 1),
        (r + 2, c + 2),
    ];
    let mut mines = undecided_flanks(position, &corners)?;
    let flanks = mines.len();
    mines.extend([cells[0], cells[3]]);
    Some(Structure {
        mines,
        safe: vec![cells[1], cells[2]],
        flanks,
    })
}

/// Whether every layout with `first` (one of the structure's mines) a mine lays the whole
/// structure.
fn always(position: &Position<'_>, s: &Structure, first: usize) -> bool {
    let Some(left) = position.mines_left.checked_sub(1) else {
        return false;
    };
    let mut cells = position.cells.to_vec();
    cells[first] = Deduced::Mine;
    analyse_forced(
        &cells,
        position.rows,
        position.cols,
        Some(left),
        position.budget,
    )
    .is_ok_and(|a| {
        s.mines
            .iter()
            .filter(|&&i| i != first)
            .all(|&i| a.forced(i) == Some(true))
            && s.safe.iter().all(|&i| a.forced(i) == Some(false))
    })
}

/// A cell that is "a 50/50 or safe" (see the module): a mine only in layouts where it is a mine
/// of a pair (at most [`MAX_FLANKS`] undecided flanks) or block (one more) that no number can
/// settle. `p` are the mine chances of `analysis`; `live` says whether a cell's number could
/// tell anything (dead cells are left to the ordinary guess).
///
/// Only structures inside one frontier component are looked at: elsewhere the first mine
/// could force the rest only through the total count.
pub fn pseudo_fifty_fifty(
    position: &Position<'_>,
    analysis: &Analysis,
    p: &[f64],
    live: impl Fn(usize) -> bool,
) -> Option<usize> {
    let component_of = analysis.component_by_cell();
    let inside = |s: &Structure| {
        let k = component_of[s.mines[s.flanks]];
        k.is_some() && s.mines.iter().chain(&s.safe).all(|&i| component_of[i] == k)
    };
    let mut structures = Vec::new();
    for i in analysis.frontier() {
        let (r, c) = ((i / position.cols) as isize, (i % position.cols) as isize);
        let pairs = [pair(position, r, c, false), pair(position, r, c, true)];
        let pairs = pairs
            .into_iter()
            .flatten()
            .filter(|s| s.flanks <= MAX_FLANKS);
        let blocks = block(position, r, c).filter(|s| s.flanks <= MAX_FLANKS + 1);
        for s in pairs.chain(blocks).filter(|s| inside(s)) {
            structures.push(s.mirror());
            structures.push(s);
        }
    }
    let tolerance = 1e-9;
    for s in structures {
        let first = *s.mines.last().expect("a structure has a mine");
        if p[first] <= 0.0 || p[first] > 0.5 + tolerance {
            continue;
        }
        // Where `first` is a mine the other mines are mines and the safe cells safe, so none
        // of them can be less likely to be so.
        if s.mines.iter().any(|&i| p[i] < p[first] - tolerance)
            || s.safe.iter().any(|&i| 1.0 - p[i] < p[first] - tolerance)
        {
            continue;
        }
        if always(position, &s, first) && live(first) {
            return Some(first);
        }
    }
    None
}

/// The chance that `cell` is a mine of a 50/50 no number can settle, or of the flanks that
/// close one (after D. Hill's JSMinesweeper, `findTileInfluence`), capped at the cell's chance
/// of being a mine and of being safe. The sum of:
///
/// * for each pair holding `cell`, the chance that `cell` is its mine, its partner safe and
///   every undecided flank a mine (at most [`INFLUENCE_FLANKS`] undecided flanks);
/// * the likeliest such pattern of the 2x2 blocks holding `cell` (`cell` on the mined
///   diagonal);
/// * for each pair and block that has `cell` as an undecided flank ("enabler", at most
///   [`ENABLER_PAIR_FLANKS`] or [`ENABLER_BLOCK_FLANKS`] undecided flanks), the chance of one of
///   its two patterns with every flank a mine, if the two together reach [`ENABLING_CHANCE`].
///
/// In each of those layouts a guess of `cell` loses, but the 50/50 would lose half of them
/// later anyway (its mirror image has as many). The chances come from `context`, the
/// position's [`Context`].
pub fn fifty_fifty_influence(position: &Position<'_>, context: &Context<'_>, cell: usize) -> f64 {
    let (r, c) = (
        (cell / position.cols) as isize,
        (cell % position.cols) as isize,
    );
    let with_cell_mined = |s: Structure| {
        if s.mines.contains(&cell) {
            s
        } else {
            s.mirror()
        }
    };
    let chance = |s: &Structure| context.chance_of(&s.mines, &s.safe);
    let pairs = [
        pair(position, r, c, false),
        pair(position, r, c - 1, false),
        pair(position, r, c, true),
        pair(position, r - 1, c, true),
    ];
    let in_pairs: f64 = pairs
        .into_iter()
        .flatten()
        .filter(|s| s.flanks <= INFLUENCE_FLANKS)
        .map(|s| chance(&with_cell_mined(s)))
        .sum();
    let blocks = [(r, c), (r, c - 1), (r - 1, c), (r - 1, c - 1)];
    let in_blocks = blocks
        .into_iter()
        .filter_map(|(br, bc)| block(position, br, bc))
        .filter(|s| s.flanks <= INFLUENCE_FLANKS)
        .map(|s| chance(&with_cell_mined(s)))
        .fold(0.0, f64::max);
    // Structures with `cell` as a flank: pairs beside it (left cell two columns to its left or
    // one to its right, rows within one; likewise upright) and blocks diagonally next to it.
    let flanked_pairs = (-1..=1).flat_map(|d| {
        [
            pair(position, r + d, c + 1, false),
            pair(position, r + d, c - 2, false),
            pair(position, r + 1, c + d, true),
            pair(position, r - 2, c + d, true),
        ]
    });
    let flanked_blocks = [
        (r + 1, c + 1),
        (r + 1, c - 2),
        (r - 2, c + 1),
        (r - 2, c - 2),
    ]
    .into_iter()
    .map(|(br, bc)| block(position, br, bc));
    let enabling: f64 = flanked_pairs
        .flatten()
        .filter(|s| s.flanks <= ENABLER_PAIR_FLANKS)
        .chain(
            flanked_blocks
                .flatten()
                .filter(|s| s.flanks <= ENABLER_BLOCK_FLANKS),
        )
        .filter(|s| s.mines[..s.flanks].contains(&cell))
        .map(|s| chance(&s))
        .filter(|&t| 2.0 * t >= ENABLING_CHANCE)
        .sum();
    let p = 1.0 - context.safety(cell);
    (in_pairs + in_blocks + enabling).min(p).min(1.0 - p)
}
