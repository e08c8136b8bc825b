//! The games the server holds: in memory only, at most [`MAX_GAMES`], each dropped after
//! [`IDLE_LIMIT`] without a request. When the store is full, a new game takes the place of the
//! game idle longest among those idle for more than [`PROTECTED`]; a game played within that
//! time is never dropped to make room: the new game is refused instead ([`Full`]). Each game
//! has its own lock, so a slow request on one game never holds up another.
//!
//! Ids are 128 bits from the operating system's random source, written as 32 hex digits: one
//! id tells nothing about another, and ids are the only thing that lets a request act on a
//! game.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::Mutex as GameLock;

use crate::session::Session;

/// At most this many games are kept.
pub const MAX_GAMES: usize = 1000;
/// A game is dropped after this long without a request.
pub const IDLE_LIMIT: Duration = Duration::from_secs(30 * 60);
/// A game with a request within this time is never dropped to make room for a new one.
pub const PROTECTED: Duration = Duration::from_secs(5 * 60);

/// A game and its lock.
pub type Shared = Arc<GameLock<Session>>;

struct Slot {
    session: Shared,
    used: Instant,
}

/// Why a new game was not stored: every game held was played within [`PROTECTED`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full {
    /// The games held.
    pub games: usize,
    /// The protection time.
    pub protected: Duration,
}

impl fmt::Display for Full {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the server is full: it holds {} games, all played in the last {} minutes; try again \
             in a few minutes",
            self.games,
            self.protected.as_secs() / 60
        )
    }
}

/// The games by id.
pub struct Games {
    slots: Mutex<HashMap<String, Slot>>,
    max: usize,
    idle: Duration,
    protected: Duration,
}

impl Default for Games {
    fn default() -> Games {
        Games::with_limits(MAX_GAMES, IDLE_LIMIT, PROTECTED)
    }
}

impl Games {
    /// An empty store with other limits (tests): at most `max` games, each dropped after
    /// `idle`, none played within `protected` dropped to make room.
    pub fn with_limits(max: usize, idle: Duration, protected: Duration) -> Games {
        Games {
            slots: Mutex::new(HashMap::new()),
            max: max.max(1),
            idle,
            protected,
        }
    }

    /// Whether a new game could be stored at `now` (a server asks before dealing one, so that
    /// a flood of new games costs it little); [`Games::insert`] still decides.
    pub fn room(&self, now: Instant) -> Result<(), Full> {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        self.make_room(&mut slots, now, false)
    }

    /// Drops the games idle beyond the limit; then, when the store is full, finds the game idle
    /// longest beyond the protection time and drops it when `drop` (else only checks it is
    /// there), or says the store is [`Full`].
    fn make_room(
        &self,
        slots: &mut HashMap<String, Slot>,
        now: Instant,
        drop: bool,
    ) -> Result<(), Full> {
        let idle = |slot: &Slot| now.saturating_duration_since(slot.used);
        slots.retain(|_, slot| idle(slot) < self.idle);
        if slots.len() < self.max {
            return Ok(());
        }
        let oldest = slots
            .iter()
            .filter(|(_, slot)| idle(slot) >= self.protected)
            .min_by_key(|(_, slot)| slot.used)
            .map(|(id, _)| id.clone());
        match oldest {
            Some(id) => {
                if drop {
                    slots.remove(&id);
                }
                Ok(())
            }
            None => Err(Full {
                games: slots.len(),
                protected: self.protected,
            }),
        }
    }

    /// Stores a new game at `now`; returns its id, or [`Full`] when the store is full of games
    /// played within the protection time.
    pub fn insert(&self, session: Session, now: Instant) -> Result<String, Full> {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        self.make_room(&mut slots, now, true)?;
        let id = loop {
            let id = new_id();
            if !slots.contains_key(&id) {
                break id;
            }
        };
        slots.insert(
            id.clone(),
            Slot {
                session: Arc::new(GameLock::new(session)),
                used: now,
            },
        );
        Ok(id)
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
        Some(Arc::clone(&slot.session))
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

/// A new game id: 128 bits from the operating system's random source, as 32 hex digits.
///
/// # Panics
///
/// When the operating system has no random source to give (the server cannot hand out safe
/// ids then; `getrandom` documents this as not happening on supported systems).
pub fn new_id() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    format!("{:032x}", u128::from_le_bytes(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::deal::{BoardLevel, Settings};
    use crate::session::Words;
    use std::collections::HashSet;
    use typesweeper::runtime::layout::FirstClick;

    fn session() -> Session {
        let settings = Settings {
            level: BoardLevel::Beginner,
            first_click: FirstClick::Safe,
            no_guess: false,
            seed: None,
        };
        Session::new(settings, 1, true, Words::BROWSER, 1000).unwrap()
    }

    const MINUTE: Duration = Duration::from_secs(60);

    #[test]
    fn ids_differ_and_games_come_back() {
        let games = Games::default();
        let t0 = Instant::now();
        let a = games.insert(session(), t0).unwrap();
        let b = games.insert(session(), t0).unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), 32);
        assert!(games.get(&a, t0).is_some());
        assert!(games.get("nope", t0).is_none());
        assert!(games.remove(&a));
        assert!(games.get(&a, t0).is_none());
        assert_eq!(games.len(), 1);
    }

    /// Ids never repeat, and none follows from another: each of the 128 bits is set in about
    /// half of them, and the bits of one id are unrelated to the next id's (the XOR of
    /// consecutive ids is as random as an id), which no counter, clock or bijection of either
    /// gives.
    #[test]
    fn ids_are_random_and_do_not_follow_from_each_other() {
        const N: usize = 20_000;
        let ids: Vec<u128> = (0..N)
            .map(|_| {
                let id = new_id();
                assert!(id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()));
                u128::from_str_radix(&id, 16).unwrap()
            })
            .collect();
        assert_eq!(
            ids.iter().collect::<HashSet<_>>().len(),
            N,
            "an id repeated"
        );
        // Each bit: set in N/2 ± 5 standard deviations (sd = sqrt(N)/2 ~ 71).
        let balanced = |values: &[u128], what: &str| {
            for bit in 0..128 {
                let set = values.iter().filter(|v| *v >> bit & 1 == 1).count();
                assert!(
                    set.abs_diff(values.len() / 2) < 360,
                    "{what}: bit {bit} set in {set} of {}",
                    values.len()
                );
            }
        };
        balanced(&ids, "ids");
        let steps: Vec<u128> = ids.windows(2).map(|w| w[0] ^ w[1]).collect();
        balanced(&steps, "consecutive ids xor'ed");
        // No fixed difference either (a counter alone has one).
        let differences: HashSet<u128> = ids.windows(2).map(|w| w[1].wrapping_sub(w[0])).collect();
        assert_eq!(differences.len(), N - 1);
        // Nor a counter or a clock through splitmix64's finaliser (the old ids' mixer, which
        // looks random but undoes): undone, consecutive ids would be close together.
        for half in [0, 64] {
            let undone: Vec<u64> = ids.iter().map(|&id| unmix64((id >> half) as u64)).collect();
            let close = undone
                .windows(2)
                .filter(|w| w[0].abs_diff(w[1]) < 1 << 40)
                .count();
            assert!(close < 5, "{close} pairs of ids undo to nearby numbers");
        }
    }

    /// The inverse of [`mix64`](typesweeper::runtime::layout::mix64).
    fn unmix64(mut z: u64) -> u64 {
        let inverse = |m: u64| {
            (0..6).fold(m, |x, _| {
                x.wrapping_mul(2u64.wrapping_sub(m.wrapping_mul(x)))
            })
        };
        z ^= (z >> 31) ^ (z >> 62);
        z = z.wrapping_mul(inverse(0x94d0_49bb_1331_11eb));
        z ^= (z >> 27) ^ (z >> 54);
        z = z.wrapping_mul(inverse(0xbf58_476d_1ce4_e5b9));
        z ^ (z >> 30) ^ (z >> 60)
    }

    #[test]
    fn unmix64_undoes_mix64() {
        for z in [0, 1, 42, u64::MAX, 0x9e37_79b9_7f4a_7c15] {
            assert_eq!(unmix64(typesweeper::runtime::layout::mix64(z)), z);
        }
    }

    #[test]
    fn a_full_store_drops_the_game_idle_longest_beyond_the_protection() {
        let games = Games::with_limits(2, 30 * MINUTE, 5 * MINUTE);
        let t0 = Instant::now();
        let a = games.insert(session(), t0).unwrap();
        let b = games.insert(session(), t0 + MINUTE).unwrap();
        // `a` is used again at 7 minutes, so `b` is the one idle longest at 10.
        assert!(games.get(&a, t0 + 7 * MINUTE).is_some());
        let c = games.insert(session(), t0 + 10 * MINUTE).unwrap();
        assert_eq!(games.len(), 2);
        assert!(games.get(&b, t0 + 10 * MINUTE).is_none());
        assert!(games.get(&a, t0 + 10 * MINUTE).is_some());
        assert!(games.get(&c, t0 + 10 * MINUTE).is_some());
    }

    #[test]
    fn a_store_full_of_games_played_lately_refuses_new_ones() {
        let games = Games::with_limits(2, 30 * MINUTE, 5 * MINUTE);
        let t0 = Instant::now();
        let a = games.insert(session(), t0).unwrap();
        let b = games.insert(session(), t0 + MINUTE).unwrap();
        // At 4 minutes both were played within 5: neither is dropped, the new game is refused.
        assert!(games.room(t0 + 4 * MINUTE).is_err());
        let full = games.insert(session(), t0 + 4 * MINUTE).unwrap_err();
        assert_eq!(full.games, 2);
        assert!(
            full.to_string()
                .contains("all played in the last 5 minutes"),
            "{full}"
        );
        assert!(games.get(&a, t0 + 4 * MINUTE).is_some());
        assert!(games.get(&b, t0 + 4 * MINUTE).is_some());
        // Once `a` has been idle for 5 minutes it makes room; `b`, played at 6, does not.
        assert!(games.get(&b, t0 + 6 * MINUTE).is_some());
        assert!(games.room(t0 + 9 * MINUTE).is_ok());
        assert_eq!(games.len(), 2, "asking for room drops nothing");
        assert!(games.insert(session(), t0 + 9 * MINUTE).is_ok());
        assert!(games.get(&a, t0 + 9 * MINUTE).is_none());
        assert!(games.get(&b, t0 + 9 * MINUTE).is_some());
    }

    #[test]
    fn idle_games_are_dropped() {
        let games = Games::with_limits(10, MINUTE, MINUTE / 2);
        let t0 = Instant::now();
        let a = games.insert(session(), t0).unwrap();
        let b = games.insert(session(), t0).unwrap();
        assert!(games.get(&a, t0 + Duration::from_secs(59)).is_some());
        assert!(games.get(&b, t0 + Duration::from_secs(61)).is_none());
        // Inserting sweeps the idle ones out.
        games.insert(session(), t0 + 4 * MINUTE).unwrap();
        assert_eq!(games.len(), 1);
    }
}
