//! Slow work (the solver's requests and no-guess deals): at most [`Solving::running`] at once,
//! each on a thread of its own kept for this work, at most [`Solving::queued`] more waiting for
//! a turn, none waiting longer than [`QUEUE_WAIT`] nor answered later than [`TIMEOUT`] after
//! its start. Beyond the queue a request is refused at once (429), after its wait or its
//! timeout with 503: the server never takes on more solver work than it can do, whoever sends
//! it. The solver's threads run at a lower priority (`nice` 10 on Linux), so that the players'
//! quick moves, on the async workers, come first when the cores are busy.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::{oneshot, Semaphore};

/// How long a request waits for its turn before it is refused.
pub const QUEUE_WAIT: Duration = Duration::from_secs(5);
/// How long a request's work may take from its start before it is answered with an error (its
/// work is bounded by the request budget first; this is the backstop).
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// At most this many requests run at once, however many cores.
pub const MAX_RUNNING: usize = 4;
/// At most this many wait for a turn.
pub const MAX_QUEUED: usize = 256;

/// Why slow work was not done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The queue was full.
    QueueFull,
    /// No turn came within [`QUEUE_WAIT`].
    Waited,
    /// The work did not finish within [`TIMEOUT`].
    TimedOut,
    /// The work panicked.
    Panicked,
}

/// A piece of slow work for the solver's threads.
type Job = Box<dyn FnOnce() + Send>;

/// The niceness of the solver's threads.
pub const NICE: i32 = 10;

/// The slow work's gate.
pub struct Solving {
    jobs: Mutex<mpsc::Sender<Job>>,
    permits: Arc<Semaphore>,
    running: usize,
    queued: usize,
    in_flight: AtomicUsize,
    wait: Duration,
    timeout: Duration,
}

impl Default for Solving {
    /// As many at once as the machine has cores, at most [`MAX_RUNNING`]; [`MAX_QUEUED`]
    /// waiting.
    fn default() -> Solving {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Solving::new(cores.clamp(1, MAX_RUNNING), MAX_QUEUED, QUEUE_WAIT, TIMEOUT)
    }
}

impl Solving {
    /// A gate letting `running` run at once and `queued` wait, each at most `wait` for its
    /// turn and `timeout` for its answer.
    pub fn new(running: usize, queued: usize, wait: Duration, timeout: Duration) -> Solving {
        let running = running.max(1);
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for k in 0..running {
            let queue = Arc::clone(&queue);
            // The threads end when the gate is dropped (the channel closes).
            std::thread::Builder::new()
                .name(format!("typesweeper-solver-{k}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        let job = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
                        match job {
                            // A panic ends the job (its answer is then never sent), not the
                            // thread.
                            Ok(job) => drop(catch_unwind(AssertUnwindSafe(job))),
                            Err(_) => return,
                        }
                    }
                })
                .expect("a solver thread");
        }
        Solving {
            jobs: Mutex::new(jobs),
            permits: Arc::new(Semaphore::new(running)),
            running,
            queued,
            in_flight: AtomicUsize::new(0),
            wait,
            timeout,
        }
    }

    /// How many run at once.
    pub fn running(&self) -> usize {
        self.running
    }

    /// How many may wait.
    pub fn queued(&self) -> usize {
        self.queued
    }

    /// Runs `work` on a solver thread when its turn comes. `work` is told, once it has a
    /// result, whether anyone still waits for it (false after the timeout or when the client
    /// went away), so that it can undo what nobody will see.
    pub async fn run<R: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn Fn() -> bool) -> R + Send + 'static,
    ) -> Result<R, Refused> {
        // Counted from here until this request is answered (or dropped: the guard).
        let _counted = InFlight::enter(&self.in_flight, self.running + self.queued)
            .ok_or(Refused::QueueFull)?;
        let permit =
            tokio::time::timeout(self.wait, Arc::clone(&self.permits).acquire_owned()).await;
        let Ok(Ok(permit)) = permit else {
            return Err(Refused::Waited);
        };
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _permit = permit; // held until the work is done, timed out or not
            let wanted = || !tx.is_closed();
            let result = work(&wanted);
            let _ = tx.send(result);
        });
        // With a permit, a thread is free (or about to be): the job does not wait behind
        // another.
        let sent = self
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(job);
        if sent.is_err() {
            return Err(Refused::Panicked);
        }
        match tokio::time::timeout(self.timeout, rx).await {
            Ok(Ok(result)) => Ok(result),
            Ok(Err(_)) => Err(Refused::Panicked),
            Err(_) => Err(Refused::TimedOut),
        }
    }
}

/// Lowers the calling thread's priority to [`NICE`] (on Linux the nice value is per thread);
/// nothing elsewhere, or when the system refuses.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its arguments; `who` 0 is the calling thread on Linux.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, NICE);
    }
}

/// One request counted among those running or waiting; uncounted when dropped.
struct InFlight<'a>(&'a AtomicUsize);

impl<'a> InFlight<'a> {
    /// Counts one more, unless `limit` are counted already.
    fn enter(count: &'a AtomicUsize, limit: usize) -> Option<InFlight<'a>> {
        count
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < limit).then_some(n + 1)
            })
            .ok()
            .map(|_| InFlight(count))
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn at_most_the_running_run_and_the_rest_queue_or_are_refused() {
        let gate = Arc::new(Solving::new(
            2,
            1,
            Duration::from_millis(300),
            Duration::from_secs(5),
        ));
        let now_running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..6)
            .map(|_| {
                let (gate, now_running, most) = (
                    Arc::clone(&gate),
                    Arc::clone(&now_running),
                    Arc::clone(&most),
                );
                tokio::spawn(async move {
                    gate.run(move |_| {
                        let n = now_running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(n, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(200));
                        now_running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        let mut outcomes = Vec::new();
        for t in tasks {
            outcomes.push(t.await.unwrap());
        }
        assert_eq!(most.load(Ordering::SeqCst), 2, "two at once");
        let count = |o: Result<(), Refused>| outcomes.iter().filter(|&&x| x == o).count();
        // 2 run, 1 waits and runs after them (within 300 ms); the other 3 are refused at once.
        assert_eq!(count(Ok(())), 3, "{outcomes:?}");
        assert_eq!(count(Err(Refused::QueueFull)), 3, "{outcomes:?}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_long_wait_and_a_long_work_are_refused_and_the_work_knows() {
        let gate = Arc::new(Solving::new(
            1,
            5,
            Duration::from_millis(100),
            Duration::from_millis(200),
        ));
        let still_wanted = Arc::new(AtomicBool::new(true));
        let seen = Arc::clone(&still_wanted);
        let slow = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move {
                gate.run(move |wanted| {
                    std::thread::sleep(Duration::from_millis(400));
                    seen.store(wanted(), Ordering::SeqCst);
                })
                .await
            })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(gate.run(|_| ()).await, Err(Refused::Waited));
        assert_eq!(slow.await.unwrap(), Err(Refused::TimedOut));
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert!(
            !still_wanted.load(Ordering::SeqCst),
            "the work learns that nobody waits for it"
        );
        assert_eq!(gate.run(|_| 7).await, Ok(7), "the turn is free again");
    }

    /// The solver's threads give way to the request workers.
    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_work_runs_at_a_lower_priority() {
        let gate = Solving::new(1, 0, Duration::from_secs(1), Duration::from_secs(5));
        // SAFETY: getpriority only reads; `who` 0 is the calling thread on Linux.
        let own = || unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        let here = own();
        let there = gate.run(move |_| own()).await.unwrap();
        assert_eq!(there, (here + NICE).min(19), "the worker's nice value");
    }
}
