//! The games the server holds: in memory only, at most [`MAX_GAMES`], each dropped after
//! [`IDLE_LIMIT`] without a request; when the table is full a new game pushes out the one idle
//! longest. Each game has its own lock, so a slow request on one game never holds up another.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::Mutex as GameLock;
use typesweeper::runtime::layout::mix64;

use super::table::Table;

/// At most this many games are kept.
pub const MAX_GAMES: usize = 1000;
/// A game is dropped after this long without a request.
pub const IDLE_LIMIT: Duration = Duration::from_secs(30 * 60);

/// A game and its lock.
pub type Shared = Arc<GameLock<Table>>;

struct Slot {
    table: Shared,
    used: Instant,
}

/// The games by id.
pub struct Games {
    slots: Mutex<HashMap<String, Slot>>,
    key: u64,
    next: Mutex<u64>,
    max: usize,
    idle: Duration,
}

impl Games {
    /// An empty store whose ids are drawn from `key` (so two servers' ids differ).
    pub fn new(key: u64) -> Games {
        Games::with_limits(key, MAX_GAMES, IDLE_LIMIT)
    }

    /// An empty store with other limits (tests).
    pub fn with_limits(key: u64, max: usize, idle: Duration) -> Games {
        Games {
            slots: Mutex::new(HashMap::new()),
            key,
            next: Mutex::new(0),
            max: max.max(1),
            idle,
        }
    }

    /// Stores a new game at `now`; returns its id.
    pub fn insert(&self, table: Table, now: Instant) -> String {
        let id = {
            let mut next = self.next.lock().unwrap_or_else(PoisonError::into_inner);
            *next += 1;
            id_of(self.key, *next)
        };
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        slots.retain(|_, slot| now.saturating_duration_since(slot.used) < self.idle);
        while slots.len() >= self.max {
            let Some(oldest) = slots
                .iter()
                .min_by_key(|(_, slot)| slot.used)
                .map(|(id, _)| id.clone())
            else {
                break;
            };
            slots.remove(&oldest);
        }
        slots.insert(
            id.clone(),
            Slot {
                table: Arc::new(GameLock::new(table)),
                used: now,
            },
        );
        id
    }

    /// The game `id`, marked as used at `now`; `None` when there is none (never made, or
    /// dropped).
    pub fn get(&self, id: &str, now: Instant) -> Option<Shared> {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        let slot = slots.get_mut(id)?;
        if now.saturating_duration_since(slot.used) >= self.idle {
            slots.remove(id);
            return None;
        }
        slot.used = now;
        Some(Arc::clone(&slot.table))
    }

    /// Drops the game `id`; whether there was one.
    pub fn remove(&self, id: &str) -> bool {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        slots.remove(id).is_some()
    }

    /// How many games are held.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.slots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

/// The `n`th id of a store with `key`: 16 hex digits that look unrelated from one to the next
/// (splitmix64's finaliser).
fn id_of(key: u64, n: u64) -> String {
    format!(
        "{:016x}",
        mix64(key ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::deal::{BoardLevel, Settings};
    use typesweeper::runtime::layout::FirstClick;

    fn table() -> Table {
        let settings = Settings {
            level: BoardLevel::Beginner,
            first_click: FirstClick::Safe,
            no_guess: false,
            seed: None,
        };
        Table::deal(settings, 1, true).unwrap()
    }

    #[test]
    fn ids_differ_and_games_come_back() {
        let games = Games::new(7);
        let t0 = Instant::now();
        let a = games.insert(table(), t0);
        let b = games.insert(table(), t0);
        assert_ne!(a, b);
        assert_eq!(a.len(), 16);
        assert!(games.get(&a, t0).is_some());
        assert!(games.get("nope", t0).is_none());
        assert!(games.remove(&a));
        assert!(games.get(&a, t0).is_none());
        assert_eq!(games.len(), 1);
    }

    #[test]
    fn a_full_store_drops_the_game_idle_longest() {
        let games = Games::with_limits(1, 2, Duration::from_secs(60));
        let t0 = Instant::now();
        let a = games.insert(table(), t0);
        let b = games.insert(table(), t0 + Duration::from_secs(1));
        // `a` is used again, so `b` is now the one idle longest.
        assert!(games.get(&a, t0 + Duration::from_secs(2)).is_some());
        let c = games.insert(table(), t0 + Duration::from_secs(3));
        assert_eq!(games.len(), 2);
        assert!(games.get(&b, t0 + Duration::from_secs(4)).is_none());
        assert!(games.get(&a, t0 + Duration::from_secs(4)).is_some());
        assert!(games.get(&c, t0 + Duration::from_secs(4)).is_some());
    }

    #[test]
    fn idle_games_are_dropped() {
        let games = Games::with_limits(1, 10, Duration::from_secs(60));
        let t0 = Instant::now();
        let a = games.insert(table(), t0);
        let b = games.insert(table(), t0);
        assert!(games.get(&a, t0 + Duration::from_secs(59)).is_some());
        assert!(games.get(&b, t0 + Duration::from_secs(61)).is_none());
        // Inserting sweeps the idle ones out.
        games.insert(table(), t0 + Duration::from_secs(200));
        assert_eq!(games.len(), 1);
    }
}
