//! The work budget of [`complete`](super): how much searching it may do before it gives up.

use std::cell::Cell;
use std::fmt;

/// How much work [`complete`](super) may do: a number of *steps*, counted as it searches and
/// charged before anything is allocated, so that a board too wide to solve stops it instead of
/// taking all the memory or all night.
///
/// A step is one unit of the frontier sweep: one transition of a component's layered graph
/// (a state costs eight and more for a wide one), one mine count of one transition when
/// layouts are counted per mine count, or four cells of the board looked over for an analysis.
/// Each costs at most a few tens of nanoseconds and keeps at most about 16 bytes (typically
/// 3 to 4), so the [default](Budget::DEFAULT_STEPS) of 60 million steps stays within about
/// 1 GB and 10 s on any board (typically a quarter of a gigabyte and a second or two). Steps
/// are counted, not timed: the same board and budget always give the same answer.
///
/// One budget can be shared by several analyses (it is spent through a shared reference), so
/// that a caller making many of them, like the autoplayer for one move, bounds them together.
///
/// ```
/// use typesweeper::runtime::complete::Budget;
///
/// let budget = Budget::new(1_000);
/// assert_eq!(budget.limit(), 1_000);
/// assert_eq!(budget.spent(), 0);
/// assert!(!budget.is_exhausted());
/// assert_eq!(Budget::default().limit(), Budget::DEFAULT_STEPS);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    limit: u64,
    spent: Cell<u64>,
}

/// The work a [`Budget`] allowed ran out (the budget is then spent in full).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfBudget;

impl Budget {
    /// The default number of steps: enough for every board a game is played on, however
    /// tangled (an expert position needs thousands), and for frontiers of hundreds of
    /// thousands of cells that run along a line, while keeping `typesweeper solve` within
    /// about 1 GB and 10 s on the widest boards.
    pub const DEFAULT_STEPS: u64 = 60_000_000;

    /// A budget of `steps` steps.
    pub fn new(steps: u64) -> Budget {
        Budget {
            limit: steps,
            spent: Cell::new(0),
        }
    }

    /// No limit: [`complete`](super) then takes whatever the board needs.
    pub fn unlimited() -> Budget {
        Budget::new(u64::MAX)
    }

    /// The steps allowed in all.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// The steps spent so far.
    pub fn spent(&self) -> u64 {
        self.spent.get()
    }

    /// Whether every step has been spent (the last search ran out).
    pub fn is_exhausted(&self) -> bool {
        self.spent.get() >= self.limit
    }

    /// Spends `steps` steps; fails (spending all that is left) when fewer are left.
    pub(crate) fn charge(&self, steps: u64) -> Result<(), OutOfBudget> {
        let spent = self.spent.get().saturating_add(steps);
        if spent > self.limit {
            self.spent.set(self.limit);
            return Err(OutOfBudget);
        }
        self.spent.set(spent);
        Ok(())
    }
}

impl Default for Budget {
    /// [`Budget::DEFAULT_STEPS`] steps.
    fn default() -> Budget {
        Budget::new(Budget::DEFAULT_STEPS)
    }
}

impl fmt::Display for Budget {
    /// The limit in words: `60 million steps`, `1500 steps`, `no limit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.limit {
            u64::MAX => f.write_str("no limit"),
            n if n >= 1_000_000 && n % 1_000_000 == 0 => {
                write!(f, "{} million steps", n / 1_000_000)
            }
            n => f.write_str(&super::super::deduction::plural(n, "step")),
        }
    }
}
