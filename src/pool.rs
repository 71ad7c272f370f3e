//! Running independent jobs (tests, games) on worker threads. Workers take indices in order;
//! results come back to the calling thread as they finish. Shared by the batch executor and
//! the interactor, which differ only in their work and their rule for stopping early.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Runs `work(state, index)` for `index` in `0..count` on `jobs` threads (at least one, at
/// most `count`), each with its own `state` made by `new_state` (a sandbox session, say).
/// Before starting an index a worker asks `start(index)`; once it says no (or the grader is
/// interrupted) that worker stops. `on_result(index, result)` runs on the calling thread, in
/// the order results finish.
pub fn run_parallel<T: Send, S>(
    count: usize,
    jobs: usize,
    start: impl Fn(usize) -> bool + Sync,
    new_state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
    mut on_result: impl FnMut(usize, T),
) {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, T)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            let sender = sender.clone();
            let (next, start, new_state, work) = (&next, &start, &new_state, &work);
            scope.spawn(move || {
                let mut state = new_state();
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= count || crate::cleanup::interrupted() || !start(index) {
                        break;
                    }
                    if sender.send((index, work(&mut state, index))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (index, result) in receiver {
            on_result(index, result);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_runs_once_and_results_come_back() {
        let mut seen = Vec::new();
        run_parallel(
            50,
            3,
            |_| true,
            || (),
            |_, i| i * 2,
            |i, doubled| seen.push((i, doubled)),
        );
        seen.sort();
        assert_eq!(seen, (0..50).map(|i| (i, i * 2)).collect::<Vec<_>>());
    }

    #[test]
    fn a_refusal_to_start_stops_the_workers() {
        let mut seen = Vec::new();
        run_parallel(50, 1, |i| i < 7, || (), |_, i| i, |i, _| seen.push(i));
        assert_eq!(seen, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn nothing_to_do_is_fine() {
        run_parallel(
            0,
            4,
            |_| true,
            || (),
            |_, i| i,
            |_, _: usize| panic!("no work expected"),
        );
    }
}
