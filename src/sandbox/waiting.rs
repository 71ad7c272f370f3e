//! Time a run spent ready to run but waiting for a CPU, and the wall-clock rule that excuses it.
//!
//! The wall-clock limit is there to stop programs that do not use the CPU (they sleep, block on
//! input, wait on a lock, stop themselves). Time a program spent on a runqueue while other work
//! held the CPU is not its own doing, so the run is stopped when `wall - wait` reaches the limit,
//! with a hard limit on the raw wall time ([`hard_wall_limit`]) so that nothing runs for ever on
//! a saturated machine. The keeper applies the rule and the launcher applies it again, a little
//! later, as a backstop. Both hold a [`WaitGauge`]: the launcher reads the run's tasks every
//! poll and passes its reading on to the keeper, which adds its own readings of each process it
//! reaps and of every task just before it stops a run.
//!
//! Linux keeps the wait per task (thread): the run delay, the second field of
//! `/proc/PID/task/TID/schedstat`, in nanoseconds. A run's wait is the largest run delay of any
//! one of its tasks. The time the run as a whole lost is the union of its tasks' waiting
//! intervals, which is at least that of any one of them, so the largest one never excuses more
//! than was really lost; a sum would count threads waiting at the same moment several times
//! (eight threads spinning on two CPUs would excuse three times the wall time). Nor can a
//! program buy itself wait: for one task to wait, others must hold every CPU, and the run's own
//! tasks doing so are charged the CPU time; only outside load (or a priority it lowers itself,
//! to get less of a busy CPU) makes it wait, and the hard limit bounds that.
//!
//! A task's counter goes when the task is reaped (a thread: when it exits), so the gauge keeps
//! the largest value seen, sampling all tasks as the run goes and each process once more as a
//! zombie. The kernel adds a waiting spell to the counter when the task gets the CPU, so a
//! reading lags by the spell under way: milliseconds on a busy machine, but seconds for a task
//! starved outright (at the lowest priority, say), which is then stopped before `wall - wait`
//! really reaches the limit, never after. Where the kernel has no schedstat (built without
//! `CONFIG_SCHED_INFO`) nothing is read, the wait stays 0, and the rule is the plain wall clock.

use std::path::Path;
use std::time::Duration;

/// The raw wall time after which a run is stopped whatever it waited: three times the limit
/// (a program that got a third of a CPU still finishes), and at least 10 s more than the limit
/// (short limits would otherwise flip on a stall of a few seconds, a compiler starting, say).
/// It bounds how long a worker can be held on a saturated machine, or by a program that lowers
/// its own priority to wait longer.
pub fn hard_wall_limit(limit: Duration) -> Duration {
    const MINIMUM_EXTRA: Duration = Duration::from_secs(10);
    limit
        .saturating_mul(3)
        .max(limit.saturating_add(MINIMUM_EXTRA))
}

/// How long after its start a run that has waited `waited` for a CPU so far is stopped by the
/// wall-clock limit `limit`, if it waits no longer: at `limit + waited`, but never after the
/// hard limit.
pub fn wall_stop_at(limit: Duration, waited: Duration) -> Duration {
    limit.saturating_add(waited).min(hard_wall_limit(limit))
}

/// Whether a run that has gone on for `elapsed` and waited `waited` for a CPU has reached the
/// wall-clock limit `limit`: the keeper's rule (the launcher adds its backstop margin).
pub fn wall_limit_reached(elapsed: Duration, waited: Duration, limit: Duration) -> bool {
    elapsed >= wall_stop_at(limit, waited)
}

/// The run delay, nanoseconds, in the text of a `schedstat` file: "on-CPU run-delay timeslices".
fn run_delay_ns(schedstat: &str) -> Option<u64> {
    schedstat.split_whitespace().nth(1)?.parse().ok()
}

/// Process ids in the text of a `/proc/PID/task/TID/children` file.
fn pids_in(text: &str) -> impl Iterator<Item = libc::pid_t> + '_ {
    text.split_whitespace().filter_map(|word| word.parse().ok())
}

/// The most tasks read in one sample: a run has at most its process limit of them (64 by
/// default); this only bounds the work if pid reuse were ever to make the walk go astray.
const MAX_TASKS: usize = 4096;

/// The largest run delay seen of any task of a run.
#[derive(Debug, Default)]
pub struct WaitGauge {
    max_ns: u64,
}

impl WaitGauge {
    /// The run's wait so far.
    pub fn waited(&self) -> Duration {
        Duration::from_nanos(self.max_ns)
    }

    pub fn waited_us(&self) -> u64 {
        self.max_ns / 1000
    }

    /// Takes in a reading made elsewhere (the launcher's, for the keeper), microseconds.
    pub fn raise_to_us(&mut self, waited_us: u64) {
        self.max_ns = self.max_ns.max(waited_us.saturating_mul(1000));
    }

    /// Reads one task's `schedstat` (`/proc/PID` for a process's main thread, also a zombie's);
    /// a missing file leaves the gauge as it was. True when it was read.
    pub fn sample_task(&mut self, task_dir: &Path) -> bool {
        match std::fs::read_to_string(task_dir.join("schedstat"))
            .ok()
            .as_deref()
            .and_then(run_delay_ns)
        {
            Some(delay) => {
                self.max_ns = self.max_ns.max(delay);
                true
            }
            None => false,
        }
    }

    /// Reads the run delay of every task of every descendant of `root` (not of `root` itself:
    /// the keeper), as `/proc` shows them to the caller. Orphans of a run come back to the keeper
    /// (pid 1 of the namespace, else a subreaper), so its descendants are the whole run. Says how
    /// many tasks were read.
    pub fn sample_descendants(&mut self, root: libc::pid_t) -> usize {
        let mut pending = Vec::new();
        for_each_task(root, |task| {
            push_children(task, &mut pending);
        });
        let mut read = 0;
        let mut visited = 0;
        while let Some(pid) = pending.pop() {
            for_each_task(pid, |task| {
                visited += 1;
                if visited > MAX_TASKS {
                    return;
                }
                if self.sample_task(task) {
                    read += 1;
                }
                push_children(task, &mut pending);
            });
            if visited > MAX_TASKS {
                break;
            }
        }
        read
    }
}

/// Calls `each` with the folder of every task (thread) of process `pid`, if it still exists.
fn for_each_task(pid: libc::pid_t, mut each: impl FnMut(&Path)) {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return;
    };
    for task in tasks.flatten() {
        each(&task.path());
    }
}

/// Adds the children of one task (a process forked by that thread) to `pending`.
fn push_children(task_dir: &Path, pending: &mut Vec<libc::pid_t>) {
    if let Ok(text) = std::fs::read_to_string(task_dir.join("children")) {
        pending.extend(pids_in(&text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    #[test]
    fn the_run_delay_is_the_second_field() {
        assert_eq!(run_delay_ns("316509150 52405836 30\n"), Some(52_405_836));
        // A kernel with the accounting turned off prints zeros.
        assert_eq!(run_delay_ns("0 0 0\n"), Some(0));
        assert_eq!(run_delay_ns("316509150\n"), None);
        assert_eq!(run_delay_ns("1 x 2\n"), None);
        assert_eq!(run_delay_ns(""), None);
    }

    #[test]
    fn children_lists_are_read_word_by_word() {
        assert_eq!(pids_in("12 345 \n").collect::<Vec<_>>(), vec![12, 345]);
        assert_eq!(pids_in("").count(), 0);
    }

    #[test]
    fn a_run_that_did_not_wait_is_stopped_at_the_limit() {
        let limit = ms(1600);
        assert!(!wall_limit_reached(ms(1599), Duration::ZERO, limit));
        assert!(wall_limit_reached(ms(1600), Duration::ZERO, limit));
    }

    #[test]
    fn waiting_for_a_cpu_moves_the_stop_later() {
        let limit = ms(1600);
        assert!(!wall_limit_reached(ms(2000), ms(500), limit));
        assert!(wall_limit_reached(ms(2100), ms(500), limit));
        assert_eq!(wall_stop_at(limit, ms(500)), ms(2100));
    }

    #[test]
    fn the_hard_limit_stops_a_run_whatever_it_waited() {
        // Short limits get 10 s more, long ones three times the limit.
        assert_eq!(hard_wall_limit(ms(1600)), ms(11_600));
        assert_eq!(
            hard_wall_limit(Duration::from_secs(10)),
            Duration::from_secs(30)
        );
        let limit = ms(1600);
        assert!(!wall_limit_reached(ms(11_599), ms(11_000), limit));
        assert!(wall_limit_reached(ms(11_600), ms(11_600), limit));
        assert_eq!(wall_stop_at(limit, Duration::MAX), ms(11_600));
        // No overflow near the largest duration.
        assert_eq!(hard_wall_limit(Duration::MAX), Duration::MAX);
    }

    #[test]
    fn the_gauge_keeps_the_largest_delay_seen_and_ignores_missing_files() {
        let mut gauge = WaitGauge::default();
        assert!(!gauge.sample_task(Path::new("/proc/no-such-task")));
        assert_eq!(gauge.waited(), Duration::ZERO);
        let folder = tempfile::tempdir().unwrap();
        let task = |name: &str, text: &str| {
            let dir = folder.path().join(name);
            std::fs::create_dir(&dir).unwrap();
            std::fs::write(dir.join("schedstat"), text).unwrap();
            dir
        };
        let (long, short) = (task("a", "9 5000000 3\n"), task("b", "9 3000 1\n"));
        assert!(gauge.sample_task(&long));
        assert!(gauge.sample_task(&short));
        assert_eq!(gauge.waited(), ms(5));
        assert_eq!(gauge.waited_us(), 5000);
        gauge.raise_to_us(4000);
        assert_eq!(gauge.waited_us(), 5000);
        gauge.raise_to_us(7000);
        assert_eq!(gauge.waited(), ms(7));
    }

    #[test]
    fn the_gauge_reads_the_tasks_of_the_descendants() {
        let mut child = std::process::Command::new("sleep")
            .arg("10")
            .spawn()
            .unwrap();
        let mut gauge = WaitGauge::default();
        // SAFETY: getpid has no preconditions.
        let read = gauge.sample_descendants(unsafe { libc::getpid() });
        let _ = child.kill();
        let _ = child.wait();
        // Without schedstat in the kernel nothing is read; other tests of this binary may have
        // children of their own at the same moment.
        if Path::new("/proc/self/schedstat").exists() {
            assert!(read >= 1, "read {read} tasks");
        }
    }
}
