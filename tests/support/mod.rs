//! Helpers shared by the brute-force tests.

use typesweeper::board::neighbours;
use typesweeper::runtime::Deduced;

/// Whether the mine layout `mine` gives every revealed number on the board its count.
pub fn numbers_fit(rows: usize, cols: usize, cells: &[Deduced], mine: &[bool]) -> bool {
    (0..cells.len()).all(|i| match cells[i] {
        Deduced::Safe(Some(n)) => {
            neighbours(rows, cols, i / cols, i % cols)
                .filter(|&j| mine[j])
                .count()
                == usize::from(n)
        }
        _ => true,
    })
}
