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
//! zombie. The kernel adds a waiting spell to the counter only when the task gets the CPU, so
//! the counter lags by the spell under way: on a loaded machine a run can wait seconds at a
//! stretch, and a rule reading the counter alone stops it long before `wall - wait` really
//! reaches the limit (measured: 10 of 50 runs at 70 % of a 150 ms CPU limit stopped so, with
//! three busy processes per core). So the gauge also counts the spell under way, from what it
//! saw before: a task that was runnable (state `R`) at the previous sample and still is, with
//! neither its CPU time nor its run delay changed, has not run in between (a task only sleeps
//! by running), so it has waited all that time, and since the first sample of that streak. That
//! part of the spell is counted on top of the counter until the kernel adds the whole spell to
//! it: never more than was waited, at most one sample interval less. The launcher samples
//! every poll, so its reading carries the spell; the keeper, which samples only when it is
//! about to stop a run, leaves a run with a runnable task to the launcher's rule (see
//! `keeper.rs`). Where the kernel has no schedstat (built without `CONFIG_SCHED_INFO`) nothing
//! is read, the wait stays 0, and the rule is the plain wall clock.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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

/// The on-CPU time and the run delay, nanoseconds, in the text of a `schedstat` file.
fn counters_ns(schedstat: &str) -> Option<(u64, u64)> {
    let on_cpu = schedstat.split_whitespace().next()?.parse().ok()?;
    Some((on_cpu, run_delay_ns(schedstat)?))
}

/// A small `/proc` file of a task, in one read.
fn read_small(path: &Path) -> Option<String> {
    super::read_small_file(&std::fs::File::open(path).ok()?)
}

/// The on-CPU time and the run delay of the task at `task_dir`, nanoseconds.
fn read_counters(task_dir: &Path) -> Option<(u64, u64)> {
    counters_ns(&read_small(&task_dir.join("schedstat"))?)
}

/// Whether the text of a `stat` file says the task is runnable (state `R`: running or waiting
/// for a CPU). The state follows the command name, which is in parentheses and may hold any
/// character, so it is read after the last `)`.
fn is_runnable(stat: &str) -> bool {
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().next())
        == Some("R")
}

/// Process ids in the text of a `/proc/PID/task/TID/children` file.
fn pids_in(text: &str) -> impl Iterator<Item = libc::pid_t> + '_ {
    text.split_whitespace().filter_map(|word| word.parse().ok())
}

/// The most tasks read in one sample: a run has at most its process limit of them (64 by
/// default); this only bounds the work if pid reuse were ever to make the walk go astray.
const MAX_TASKS: usize = 4096;

/// What a sample saw of one task.
#[derive(Debug, Clone, Copy)]
struct Seen {
    at: Instant,
    on_cpu_ns: u64,
    delay_ns: u64,
    runnable: bool,
    /// The first sample of a streak in which the task was runnable and did not run.
    waiting_since: Option<Instant>,
}

/// The largest wait seen of any task of a run: its run delay, plus the spell under way.
#[derive(Debug, Default)]
pub struct WaitGauge {
    max_ns: u64,
    /// The last sample of each task, by its `/proc` folder.
    seen: HashMap<PathBuf, Seen>,
    /// Tasks found runnable by the last [`WaitGauge::sample_descendants`].
    runnable: usize,
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

    /// The CPU time of every task seen so far, each at its last sample: a lower bound of what
    /// the run's processes used together, also those not reaped yet, whose time no rusage
    /// shows. Without a CPU cgroup it is what stops a program that spreads its work over many
    /// processes (a fork bomb spinning at the process limit would otherwise make its own first
    /// process wait, which the wall-clock rule excuses, until the hard limit).
    pub fn on_cpu_us(&self) -> u64 {
        self.seen.values().map(|seen| seen.on_cpu_ns / 1000).sum()
    }

    /// Tasks found runnable (running or waiting for a CPU) by the last
    /// [`WaitGauge::sample_descendants`].
    pub fn runnable(&self) -> usize {
        self.runnable
    }

    /// Reads one task's `schedstat` and state (`/proc/PID` for a process's main thread, also a
    /// zombie's); a missing file leaves the gauge as it was. True when it was read.
    pub fn sample_task(&mut self, task_dir: &Path) -> bool {
        let Some(counters) = read_counters(task_dir) else {
            return false;
        };
        let runnable = read_small(&task_dir.join("stat")).is_some_and(|stat| is_runnable(&stat));
        self.take(task_dir, Instant::now(), counters, runnable);
        true
    }

    /// [`WaitGauge::sample_task`] for a task that has ended (a zombie not yet reaped), which
    /// cannot be waiting for a CPU: only its counters are read.
    pub fn sample_ended_task(&mut self, task_dir: &Path) {
        if let Some(counters) = read_counters(task_dir) {
            self.take(task_dir, Instant::now(), counters, false);
        }
    }

    /// Takes in one sample of a task made at `at`: `counters` are its on-CPU time and run
    /// delay, nanoseconds. Counts the spell under way when the task was runnable at its
    /// previous sample and still is, and has not run in between.
    fn take(&mut self, task_dir: &Path, at: Instant, counters: (u64, u64), runnable: bool) {
        let (on_cpu_ns, delay_ns) = counters;
        let waiting_since = self.seen.get(task_dir).and_then(|before| {
            let still_waiting = runnable
                && before.runnable
                && before.on_cpu_ns == on_cpu_ns
                && before.delay_ns == delay_ns;
            still_waiting.then(|| before.waiting_since.unwrap_or(before.at))
        });
        let under_way = waiting_since.map_or(0, |since| {
            at.saturating_duration_since(since).as_nanos() as u64
        });
        self.max_ns = self.max_ns.max(delay_ns.saturating_add(under_way));
        if runnable {
            self.runnable += 1;
        }
        self.seen.insert(
            task_dir.to_path_buf(),
            Seen {
                at,
                on_cpu_ns,
                delay_ns,
                runnable,
                waiting_since,
            },
        );
    }

    /// Reads the run delay of every task of every descendant of `root` (not of `root` itself:
    /// the keeper), as `/proc` shows them to the caller. Orphans of a run come back to the keeper
    /// (pid 1 of the namespace, else a subreaper), so its descendants are the whole run. Says how
    /// many tasks were read.
    pub fn sample_descendants(&mut self, root: libc::pid_t) -> usize {
        self.runnable = 0;
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
    fn the_state_is_read_after_the_command_name() {
        assert!(is_runnable("42 (spin) R 1 42 42 0 -1\n"));
        assert!(!is_runnable("42 (sleeps) S 1 42 42 0 -1\n"));
        // A command name may hold spaces and parentheses.
        assert!(is_runnable("42 (a) S (b) R 1 42\n"));
        assert!(!is_runnable("42 (R) S 1\n"));
        assert!(!is_runnable(""));
        assert_eq!(
            counters_ns("316509150 52405836 30\n"),
            Some((316_509_150, 52_405_836))
        );
        assert_eq!(counters_ns("x 1 2\n"), None);
    }

    #[test]
    fn a_task_runnable_and_idle_between_samples_has_waited_in_between() {
        let task = Path::new("/proc/1/task/1");
        let t0 = Instant::now();
        let mut gauge = WaitGauge::default();
        // Waiting since before the first sample: the counter says 5 ms.
        gauge.take(task, t0, (1_000_000, 5_000_000), true);
        assert_eq!(gauge.waited(), ms(5));
        // Still runnable, counters unchanged: it has not run for 40 ms, then 100 ms.
        gauge.take(task, t0 + ms(40), (1_000_000, 5_000_000), true);
        assert_eq!(gauge.waited(), ms(45));
        gauge.take(task, t0 + ms(100), (1_000_000, 5_000_000), true);
        assert_eq!(gauge.waited(), ms(105));
        // It ran: the kernel added the whole spell (120 ms) to the counter.
        gauge.take(task, t0 + ms(130), (9_000_000, 125_000_000), true);
        assert_eq!(gauge.waited(), ms(125));
        // Running, its CPU time grows: nothing is counted on top of the counter.
        gauge.take(task, t0 + ms(200), (70_000_000, 125_000_000), true);
        assert_eq!(gauge.waited(), ms(125));
        assert_eq!(gauge.runnable(), 5);
    }

    #[test]
    fn a_sleeping_or_new_task_gets_nothing_on_top_of_its_counter() {
        let task = Path::new("/proc/2/task/2");
        let t0 = Instant::now();
        let mut gauge = WaitGauge::default();
        // Asleep at both samples: sleeping is not waiting.
        gauge.take(task, t0, (1_000_000, 2_000_000), false);
        gauge.take(task, t0 + ms(500), (1_000_000, 2_000_000), false);
        assert_eq!(gauge.waited(), ms(2));
        // Woken (runnable) at the second sample only: the gap may have been sleep.
        gauge.take(task, t0 + ms(900), (1_000_000, 2_000_000), true);
        assert_eq!(gauge.waited(), ms(2));
        // A task seen once has no streak yet.
        let other = Path::new("/proc/3/task/3");
        gauge.take(other, t0 + ms(900), (0, 1_000_000), true);
        assert_eq!(gauge.waited(), ms(2));
        gauge.take(other, t0 + ms(950), (0, 1_000_000), true);
        assert_eq!(gauge.waited(), ms(51));
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
        // No stat file: read as not runnable.
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
    fn the_cpu_time_of_every_task_seen_adds_up_each_at_its_last_sample() {
        let mut gauge = WaitGauge::default();
        let at = Instant::now();
        gauge.take(Path::new("/proc/7/task/7"), at, (300_000_000, 0), true);
        gauge.take(Path::new("/proc/8/task/8"), at, (200_000_000, 5), true);
        // A later sample of a task replaces its earlier one; a task gone keeps its last.
        gauge.take(
            Path::new("/proc/7/task/7"),
            at + ms(20),
            (320_000_000, 0),
            true,
        );
        assert_eq!(gauge.on_cpu_us(), 520_000);
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
