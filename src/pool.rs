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

/// Runs `work(state, index)` for `index` in `0..count` on `jobs` threads (at least one, at
/// most `count`), each with its own `state` made by `new_state` (a sandbox session, say).
/// Before starting an index a worker asks `start(index)`; once it says no (or the grader is
/// interrupted, or `on_news` returned false) that worker stops. `on_news` runs on the calling
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
    let stopped = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<News<T>>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            let sender = sender.clone();
            let (next, stopped, start, new_state, work) =
                (&next, &stopped, &start, &new_state, &work);
            scope.spawn(move || {
                let mut state = new_state();
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= count
                        || crate::cleanup::interrupted()
                        || stopped.load(Ordering::SeqCst)
                        || !start(index)
                    {
                        break;
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
        for news in receiver.iter() {
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
