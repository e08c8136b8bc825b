//! Pseudo 50/50s: a cell that is a mine only where it sits in a 50/50 that no number can ever
//! settle (after D. Hill's JSMinesweeper, `LongTermRiskHelper`).
//!
//! Two undecided neighbours in a row or column whose *flanks* (the cells next to one of them
//! but not the other) show no number form such a 50/50 in every layout where one of them and
//! every undecided flank are mines: the numbers next to both count both, so none can tell them
//! apart, and swapping the two gives as many layouts. The same holds for a 2x2 block of
//! undecided cells with mines on one diagonal and on its undecided corner cells (the four cells
//! diagonally next to it).
//!
//! When *every* layout in which a cell is a mine lays such a structure with it as a mine, the
//! cell is "a 50/50 or safe": guessing it now loses exactly the layouts that the 50/50 would
//! lose half of later anyway (its mirror image has as many), and otherwise it is safe and its
//! number may settle the rest. [`forced_fifty_fifty`](super::guess::forced_fifty_fifty) is the
//! case where the flanks are known mines already.

use crate::runtime::complete::{analyse, Analysis};
use crate::runtime::deduction::Deduced;

use super::guess::{Context, Position};

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
    analyse(&cells, position.rows, position.cols, Some(left)).is_ok_and(|a| {
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
    let mut component_of = vec![usize::MAX; position.cells.len()];
    for (k, comp) in analysis.components.iter().enumerate() {
        for &i in comp.boxes.iter().flatten() {
            component_of[i] = k;
        }
    }
    let inside = |s: &Structure| {
        let k = component_of[s.mines[s.flanks]];
        k != usize::MAX && s.mines.iter().chain(&s.safe).all(|&i| component_of[i] == k)
    };
    let mut structures = Vec::new();
    for &i in analysis
        .components
        .iter()
        .flat_map(|c| c.boxes.iter().flatten())
    {
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
