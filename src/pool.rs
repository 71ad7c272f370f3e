//! Running independent jobs (tests, games) on worker threads. Workers take indices in order;
//! news of each job (started, finished with its result) comes back to the calling thread,
//! which may stop the run. Shared by batch grading and games, which differ only in their work
//! and their rule for stopping early.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// What the calling thread hears of a job.
pub enum News<T> {
    /// A worker began job `index`.
    Started(usize),
    /// Job `index` ended with this result.
    Finished(usize, T),
}

/// How far past the earliest unfinished job a worker may start one. Callers report results in
/// index order and hold those that finished early; this bounds how many they hold, whatever
/// `count` is, when one job takes much longer than the others.
pub const WINDOW: usize = 1024;

/// Runs `work(state, index)` for `index` in `0..count` on `jobs` threads (at least one, at
/// most `count`), each with its own `state` made by `new_state` (a sandbox session, say).
/// Before starting an index a worker asks `start(index)`; once it says no (or the grader is
/// interrupted, or `on_news` returned false) that worker stops. No index is started
/// [`WINDOW`] or more past the earliest one not finished. `on_news` runs on the calling
/// thread, in the order things happen, and hears nothing once the grader is interrupted.
pub fn run_parallel<T: Send, S>(
    count: usize,
    jobs: usize,
    start: impl Fn(usize) -> bool + Sync,
    new_state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
    mut on_news: impl FnMut(News<T>) -> bool,
) {
    let next = AtomicUsize::new(0);
    // The earliest index whose result the calling thread has not had yet.
    let unfinished = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<News<T>>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            let sender = sender.clone();
            let (next, unfinished, stopped, start, new_state, work) =
                (&next, &unfinished, &stopped, &start, &new_state, &work);
            scope.spawn(move || {
                let mut state = new_state();
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let go_on = || {
                        !crate::cleanup::interrupted()
                            && !stopped.load(Ordering::SeqCst)
                            && start(index)
                    };
                    if index >= count || !go_on() {
                        break;
                    }
                    // The earliest unfinished index is another worker's, running: it ends.
                    while index >= unfinished.load(Ordering::SeqCst).saturating_add(WINDOW) {
                        if !go_on() {
                            return;
                        }
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    if sender.send(News::Started(index)).is_err() {
                        break;
                    }
                    let result = work(&mut state, index);
                    if sender.send(News::Finished(index, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut finished_early = std::collections::BTreeSet::new();
        for news in receiver.iter() {
            if let News::Finished(index, _) = news {
                finished_early.insert(index);
                let mut earliest = unfinished.load(Ordering::SeqCst);
                while finished_early.remove(&earliest) {
                    earliest += 1;
                }
                unfinished.store(earliest, Ordering::SeqCst);
            }
            // Once the grader is interrupted nothing more is told: a job that ends now may
            // have been cut short.
            if crate::cleanup::interrupted() {
                stopped.store(true, Ordering::SeqCst);
            }
            if !stopped.load(Ordering::SeqCst) && !on_news(news) {
                stopped.store(true, Ordering::SeqCst);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finished<T>(news: News<T>) -> Option<(usize, T)> {
        match news {
            News::Finished(index, result) => Some((index, result)),
            News::Started(_) => None,
        }
    }

    #[test]
    fn every_index_runs_once_and_results_come_back() {
        let mut seen = Vec::new();
        let mut started = 0;
        run_parallel(
            50,
            3,
            |_| true,
            || (),
            |_, i| i * 2,
            |news| {
                match finished(news) {
                    Some(result) => seen.push(result),
                    None => started += 1,
                }
                true
            },
        );
        seen.sort();
        assert_eq!(seen, (0..50).map(|i| (i, i * 2)).collect::<Vec<_>>());
        assert_eq!(started, 50);
    }

    #[test]
    fn a_refusal_to_start_stops_the_workers() {
        let mut seen = Vec::new();
        run_parallel(
            50,
            1,
            |i| i < 7,
            || (),
            |_, i| i,
            |news| {
                seen.extend(finished(news).map(|(i, _)| i));
                true
            },
        );
        assert_eq!(seen, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn no_job_starts_a_window_past_a_slow_one() {
        let count = WINDOW * 3;
        let started_past_window = AtomicUsize::new(0);
        let mut finished = 0;
        run_parallel(
            count,
            2,
            |_| true,
            || (),
            |_, i| {
                if i == 0 {
                    // Job 0 is slow: the other worker runs ahead of it, but not far.
                    std::thread::sleep(std::time::Duration::from_millis(300));
                }
                i
            },
            |news| {
                match news {
                    News::Started(i) if i >= WINDOW => {
                        // Job 0 has not finished yet when this starts, or it has.
                        started_past_window.fetch_add(1, Ordering::SeqCst);
                    }
                    News::Finished(0, _) => {
                        assert_eq!(started_past_window.load(Ordering::SeqCst), 0);
                        finished += 1;
                    }
                    News::Finished(..) => finished += 1,
                    News::Started(_) => {}
                }
                true
            },
        );
        assert_eq!(finished, count);
    }

    #[test]
    fn the_caller_can_stop_the_run() {
        let mut seen = Vec::new();
        run_parallel(
            50,
            1,
            |_| true,
            || (),
            |_, i| i,
            |news| {
                seen.extend(finished(news).map(|(i, _)| i));
                seen.len() < 3
            },
        );
        // Nothing is delivered once the caller has said stop.
        assert_eq!(seen, [0, 1, 2]);
    }

    #[test]
    fn nothing_to_do_is_fine() {
        run_parallel(
            0,
            4,
            |_| true,
            || (),
            |_, i| i,
            |_: News<usize>| panic!("no work expected"),
        );
    }
}
