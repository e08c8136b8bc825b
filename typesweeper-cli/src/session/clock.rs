//! A game's clock: it starts at the first opening and stops when the game ends.

use std::time::{Duration, Instant};

/// A game's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    started: Option<Instant>,
    finished: Option<Duration>,
}

impl Clock {
    /// A clock already stopped at zero (a board the dealt first click finished).
    pub fn stopped() -> Clock {
        Clock {
            started: None,
            finished: Some(Duration::ZERO),
        }
    }

    /// Starts the clock at `now`, unless it has started already.
    pub fn start(&mut self, now: Instant) {
        if self.started.is_none() {
            self.started = Some(now);
        }
    }

    /// Stops the clock at `now`; the time it shows from then on.
    pub fn stop(&mut self, now: Instant) -> Duration {
        let took = self
            .started
            .map_or(Duration::ZERO, |s| now.saturating_duration_since(s));
        self.finished = Some(took);
        took
    }

    /// Time on the clock at `now`: from the start, or the time it stopped at.
    pub fn elapsed(&self, now: Instant) -> Duration {
        match (self.started, self.finished) {
            (_, Some(took)) => took,
            (Some(start), None) => now.saturating_duration_since(start),
            (None, None) => Duration::ZERO,
        }
    }

    /// Whether the clock runs: started and not stopped.
    pub fn is_running(&self) -> bool {
        self.started.is_some() && self.finished.is_none()
    }
}

/// A duration in whole milliseconds (saturating).
pub fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_runs_from_its_start_to_its_stop() {
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        let mut clock = Clock::default();
        assert_eq!(
            (clock.elapsed(at(5)), clock.is_running()),
            (Duration::ZERO, false)
        );
        clock.start(at(1));
        clock.start(at(2)); // a second start changes nothing
        assert_eq!(
            (clock.elapsed(at(4)), clock.is_running()),
            (Duration::from_secs(3), true)
        );
        assert_eq!(clock.stop(at(6)), Duration::from_secs(5));
        assert_eq!(
            (clock.elapsed(at(60)), clock.is_running()),
            (Duration::from_secs(5), false)
        );
        assert_eq!(Clock::stopped().elapsed(at(9)), Duration::ZERO);
        assert_eq!(millis(Duration::from_millis(1234)), 1234);
    }
}
