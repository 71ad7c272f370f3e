//! The scheduler: running the units of one or many jobs on worker threads. A job is a run
//! of units (a solution's tests or games; `judge grade`'s submissions each one job), maybe
//! prepared first (compiled); which task a free worker takes next is decided here, by one
//! rule ([`Board::next_task`]). News of each unit (started, finished with its result) and of
//! each job (over) comes back to the calling thread, which may stop the run, as may the stop
//! flag the caller gives (the grader's interruption, see `cleanup::stop_flag`). What a unit
//! is, how it runs and what its result means is the caller's (the engine's).

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Worker time spent in tasks (preparing a job, running a unit) by every run of this process,
/// microseconds: what a phase's workers were busy for is its difference across the phase (see
/// `grade::timings`), and what they were not is the phase's idle worker time.
static BUSY_US: AtomicU64 = AtomicU64::new(0);

/// Worker time spent in tasks since the process started (see [`BUSY_US`]).
pub fn busy() -> Duration {
    Duration::from_micros(BUSY_US.load(Ordering::Relaxed))
}

/// Runs `task`, adding the time it took to the process's busy worker time.
fn metered<T>(task: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let result = task();
    BUSY_US.fetch_add(started.elapsed().as_micros() as u64, Ordering::Relaxed);
    result
}

/// What the calling thread hears of a job of [`run_parallel`].
pub enum News<T> {
    /// A worker began job `index`.
    Started(usize),
    /// Job `index` ended with this result.
    Finished(usize, T),
}

/// What the calling thread hears of a run of [`run_jobs`].
pub enum JobNews<T, U> {
    /// A worker began unit `unit` of job `job` (units count from 0 in each job).
    Started { job: usize, unit: usize },
    /// That unit ended with this result.
    Finished { job: usize, unit: usize, result: T },
    /// Job `job` is over: its preparation failed (with why), or every unit of it that was
    /// started has finished and none more will start. Comes after its units' news.
    Done { job: usize, prepared: Result<(), U> },
}

/// How far past a job's earliest unfinished unit a worker may start one. Callers report
/// results in unit order and hold those that finished early; this bounds how many they hold,
/// whatever the number of units, when one takes much longer than the others.
pub const WINDOW: usize = 1024;

/// The work of a run of jobs, shared by the worker threads.
pub trait Work: Sync {
    /// A worker's own state (a sandbox session, say), made once per worker thread.
    type State;
    /// What a unit comes to.
    type Output: Send;
    /// Why a job could not be prepared (a compile error, say).
    type Unready: Send;

    fn state(&self) -> Self::State;

    /// Prepares job `job` before any of its units runs (with [`Rule::prepare`]).
    fn prepare(&self, job: usize) -> Result<(), Self::Unready>;

    /// Whether unit `unit` of job `job` may start; once it says no, no later unit of that job
    /// starts (a job that stops at its first failure, say).
    fn start(&self, job: usize, unit: usize) -> bool;

    fn run(&self, state: &mut Self::State, job: usize, unit: usize) -> Self::Output;
}

/// How workers take tasks.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// Each job is prepared before its units are handed out; a worker takes a unit of a
    /// prepared job first, else prepares the next job.
    pub prepare: bool,
    /// A worker takes a job nobody else is running a unit of before it joins one: for jobs
    /// that stop at their first failure, where a unit run beside a failing one is thrown away
    /// (two workers on one too-slow submission both wait out the limit).
    pub one_worker_per_job_first: bool,
}

/// Runs `work` for `index` in `0..count` on `jobs` threads (at least one, at most `count`),
/// each with its own `state` made by `new_state`: one job of `count` units on the scheduler
/// ([`run_jobs`]). Before starting an index a worker asks `start(index)`; once it says no (or
/// `stop` is set, or `on_news` returned false) nothing more starts. No index is started
/// [`WINDOW`] or more past the earliest one not finished. `on_news` runs on the calling
/// thread, in the order things happen, and hears nothing once `stop` is set.
pub fn run_parallel<T: Send, S>(
    count: usize,
    jobs: usize,
    stop: &AtomicBool,
    start: impl Fn(usize) -> bool + Sync,
    new_state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
    mut on_news: impl FnMut(News<T>) -> bool,
) {
    struct OneJob<Start, NewState, Run> {
        start: Start,
        new_state: NewState,
        run: Run,
    }
    impl<T: Send, S, Start, NewState, Run> Work for OneJob<Start, NewState, Run>
    where
        Start: Fn(usize) -> bool + Sync,
        NewState: Fn() -> S + Sync,
        Run: Fn(&mut S, usize) -> T + Sync,
    {
        type State = S;
        type Output = T;
        type Unready = std::convert::Infallible;

        fn state(&self) -> S {
            (self.new_state)()
        }

        fn prepare(&self, _: usize) -> Result<(), Self::Unready> {
            Ok(())
        }

        fn start(&self, _: usize, unit: usize) -> bool {
            (self.start)(unit)
        }

        fn run(&self, state: &mut S, _: usize, unit: usize) -> T {
            (self.run)(state, unit)
        }
    }
    let rule = Rule {
        prepare: false,
        one_worker_per_job_first: false,
    };
    let one_job = OneJob {
        start,
        new_state,
        run: work,
    };
    run_jobs(&[count], jobs, rule, stop, &one_job, |news| match news {
        JobNews::Started { unit, .. } => on_news(News::Started(unit)),
        JobNews::Finished { unit, result, .. } => on_news(News::Finished(unit, result)),
        JobNews::Done { .. } => true,
    });
}

/// Runs the units of every job (`units[job]` of them) on `workers` threads (at least one, at
/// most one per task), each with its own state (`Work::state`), taking tasks by `rule` (see
/// [`Board::next_task`]). A job's units start in order, none [`WINDOW`] or more past its
/// earliest unfinished one. `on_news` runs on the calling thread, in the order things happen;
/// once it returns false, or `stop` is set (the grader is interrupted: a unit that ends then
/// may have been cut short), nothing more starts and it hears nothing more.
pub fn run_jobs<W: Work>(
    units: &[usize],
    workers: usize,
    rule: Rule,
    stop: &AtomicBool,
    work: &W,
    mut on_news: impl FnMut(JobNews<W::Output, W::Unready>) -> bool,
) {
    let tasks = units.iter().sum::<usize>() + if rule.prepare { units.len() } else { 0 };
    if units.is_empty() {
        return;
    }
    let board = Board::new(units, rule, stop);
    let (sender, receiver) = mpsc::channel::<JobNews<W::Output, W::Unready>>();
    std::thread::scope(|scope| {
        for _ in 0..workers.clamp(1, tasks.max(1)) {
            let sender = sender.clone();
            let board = &board;
            scope.spawn(move || {
                let mut state = work.state();
                while let Some(task) = board.next_task(work) {
                    let news = match task {
                        Task::Prepare(job) => match metered(|| work.prepare(job)) {
                            Ok(()) => board.prepared(job, work).then_some(JobNews::Done {
                                job,
                                prepared: Ok(()),
                            }),
                            Err(unready) => {
                                board.ended(job);
                                Some(JobNews::Done {
                                    job,
                                    prepared: Err(unready),
                                })
                            }
                        },
                        Task::Unit(job, unit) => {
                            if sender.send(JobNews::Started { job, unit }).is_err() {
                                break;
                            }
                            let result = metered(|| work.run(&mut state, job, unit));
                            // Told before the board hears of it: a job's units come before
                            // its end.
                            if sender
                                .send(JobNews::Finished { job, unit, result })
                                .is_err()
                            {
                                break;
                            }
                            board.unit_done(job, unit, work).then_some(JobNews::Done {
                                job,
                                prepared: Ok(()),
                            })
                        }
                        Task::Over(job) => Some(JobNews::Done {
                            job,
                            prepared: Ok(()),
                        }),
                    };
                    if let Some(news) = news {
                        if sender.send(news).is_err() {
                            break;
                        }
                    }
                }
            });
        }
        drop(sender);
        for news in receiver.iter() {
            // Stopped by the caller's flag: the workers waiting on the board wake to it.
            if board.stopped() || !on_news(news) {
                board.stop();
            }
        }
    });
}

/// Where a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Waiting,
    Preparing,
    Running,
    Done,
}

/// A job's progress, shared by the workers.
#[derive(Debug)]
struct Progress {
    phase: Phase,
    units: usize,
    /// The next unit to hand out.
    next: usize,
    in_flight: usize,
    /// No more units are handed out: all were, or `Work::start` refused the next.
    closed: bool,
    /// The earliest unit not finished, and those after it that have.
    unfinished: usize,
    finished_early: BTreeSet<usize>,
}

impl Progress {
    /// Closes the job if it has no unit left to hand out; says whether it is closed.
    fn close_if_exhausted(&mut self, job: usize, work: &impl Work) -> bool {
        if !self.closed && (self.next >= self.units || !work.start(job, self.next)) {
            self.closed = true;
        }
        self.closed
    }

    /// A unit may be handed out now (the job is running, not closed, and within its window).
    fn available(&self) -> bool {
        self.phase == Phase::Running
            && !self.closed
            && self.next < self.unfinished.saturating_add(WINDOW)
    }

    /// A running job with nothing in flight and nothing more to hand out is over.
    fn over(&mut self) -> bool {
        let over = self.phase == Phase::Running && self.closed && self.in_flight == 0;
        if over {
            self.phase = Phase::Done;
        }
        over
    }
}

/// What a worker does next.
#[derive(Debug, PartialEq, Eq)]
enum Task {
    Prepare(usize),
    /// Unit `.1` of job `.0`.
    Unit(usize, usize),
    /// Job `.0` turned out to be over (its next unit may not start): tell it.
    Over(usize),
}

/// The jobs' progress, and the rule by which workers take tasks.
struct Board<'a> {
    progress: Mutex<Vec<Progress>>,
    changed: Condvar,
    /// Set when the caller stops the run (`on_news` said no).
    stopped: AtomicBool,
    /// The caller's stop flag (the grader's interruption).
    stop: &'a AtomicBool,
    rule: Rule,
}

impl<'a> Board<'a> {
    fn new(units: &[usize], rule: Rule, stop: &'a AtomicBool) -> Board<'a> {
        let phase = if rule.prepare {
            Phase::Waiting
        } else {
            Phase::Running
        };
        Board {
            progress: Mutex::new(
                units
                    .iter()
                    .map(|&units| Progress {
                        phase,
                        units,
                        next: 0,
                        in_flight: 0,
                        closed: false,
                        unfinished: 0,
                        finished_early: BTreeSet::new(),
                    })
                    .collect(),
            ),
            changed: Condvar::new(),
            stopped: AtomicBool::new(false),
            stop,
            rule,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Progress>> {
        self.progress.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The next task: a unit of the earliest running job with units left (by the rule, first
    /// one that nobody else runs a unit of), else the next job to prepare, else a unit of the
    /// earliest running job; waits while others prepare or a job waits on its window; `None`
    /// when all is handed out (or the run is stopped). Jobs therefore finish about in order,
    /// and units of one job run in parallel when few are left.
    fn next_task(&self, work: &impl Work) -> Option<Task> {
        let mut jobs = self.lock();
        loop {
            if self.stopped() {
                return None;
            }
            for (job, progress) in jobs.iter_mut().enumerate() {
                if progress.phase == Phase::Running && !progress.closed {
                    progress.close_if_exhausted(job, work);
                    if progress.over() {
                        self.changed.notify_all();
                        return Some(Task::Over(job));
                    }
                }
            }
            let hand_out = |job: usize, progress: &mut Progress| {
                progress.next += 1;
                progress.in_flight += 1;
                Some(Task::Unit(job, progress.next - 1))
            };
            let first_choice = jobs.iter().position(|progress| {
                progress.available()
                    && (!self.rule.one_worker_per_job_first || progress.in_flight == 0)
            });
            if let Some(job) = first_choice {
                return hand_out(job, &mut jobs[job]);
            }
            if let Some(job) = jobs.iter().position(|p| p.phase == Phase::Waiting) {
                jobs[job].phase = Phase::Preparing;
                return Some(Task::Prepare(job));
            }
            if let Some(job) = jobs.iter().position(Progress::available) {
                return hand_out(job, &mut jobs[job]);
            }
            // Wait for a job being prepared, or one waiting on its window.
            let more_to_come = jobs.iter().any(|progress| {
                progress.phase == Phase::Preparing
                    || (progress.phase == Phase::Running && !progress.closed)
            });
            if !more_to_come {
                return None;
            }
            jobs = self.changed.wait(jobs).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// A job is prepared: its units may be handed out. Returns true when it has none (it is
    /// over at once).
    fn prepared(&self, job: usize, work: &impl Work) -> bool {
        let mut jobs = self.lock();
        let progress = &mut jobs[job];
        progress.phase = Phase::Running;
        progress.close_if_exhausted(job, work);
        let over = progress.over();
        self.changed.notify_all();
        over
    }

    /// A job could not be prepared: nothing of it is handed out.
    fn ended(&self, job: usize) {
        let mut jobs = self.lock();
        jobs[job].phase = Phase::Done;
        self.changed.notify_all();
    }

    /// A unit finished; returns true when it was its job's last.
    fn unit_done(&self, job: usize, unit: usize, work: &impl Work) -> bool {
        let mut jobs = self.lock();
        let progress = &mut jobs[job];
        progress.in_flight -= 1;
        if unit == progress.unfinished {
            progress.unfinished += 1;
            while progress.finished_early.remove(&progress.unfinished) {
                progress.unfinished += 1;
            }
        } else {
            progress.finished_early.insert(unit);
        }
        progress.close_if_exhausted(job, work);
        let over = progress.over();
        self.changed.notify_all();
        over
    }

    fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        let _guard = self.lock();
        self.changed.notify_all();
    }

    /// Whether the run is stopped, by the caller or by its stop flag.
    fn stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst) || self.stop.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

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
            &AtomicBool::new(false),
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
            &AtomicBool::new(false),
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
            &AtomicBool::new(false),
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
            &AtomicBool::new(false),
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
    fn the_stop_flag_stops_the_workers_and_silences_the_news() {
        let stop = AtomicBool::new(false);
        let ran = AtomicUsize::new(0);
        let mut heard = Vec::new();
        run_parallel(
            50,
            1,
            &stop,
            |_| true,
            || (),
            |_, i| {
                ran.fetch_add(1, Ordering::SeqCst);
                if i == 4 {
                    // Set while unit 4 runs, as an interruption would.
                    stop.store(true, Ordering::SeqCst);
                }
                i
            },
            |news| {
                heard.extend(finished(news).map(|(i, _)| i));
                true
            },
        );
        // Nothing starts after it; unit 4 is not heard of (it may have been cut short), and
        // what had not been heard of before it is not either.
        assert_eq!(ran.load(Ordering::SeqCst), 5);
        assert!([0, 1, 2, 3].starts_with(&heard), "{heard:?}");
        // A run stopped before it starts runs nothing.
        run_parallel(
            50,
            2,
            &stop,
            |_| true,
            || (),
            |_, _| panic!("nothing runs"),
            |_: News<usize>| panic!("nothing is heard"),
        );
    }

    #[test]
    fn nothing_to_do_is_fine() {
        run_parallel(
            0,
            4,
            &AtomicBool::new(false),
            |_| true,
            || (),
            |_, i| i,
            |_: News<usize>| panic!("no work expected"),
        );
    }

    /// Jobs whose units are scripted to fail: a job stops at its first failure.
    struct Failing {
        failed_at: Mutex<Vec<usize>>,
    }

    impl Failing {
        fn new(jobs: usize) -> Failing {
            Failing {
                failed_at: Mutex::new(vec![usize::MAX; jobs]),
            }
        }

        fn fail(&self, job: usize, unit: usize) {
            let mut failed_at = self.failed_at.lock().unwrap();
            failed_at[job] = failed_at[job].min(unit);
        }
    }

    impl Work for Failing {
        type State = ();
        type Output = ();
        type Unready = ();

        fn state(&self) {}

        fn prepare(&self, _: usize) -> Result<(), ()> {
            Ok(())
        }

        fn start(&self, job: usize, unit: usize) -> bool {
            unit <= self.failed_at.lock().unwrap()[job]
        }

        fn run(&self, _: &mut (), _: usize, _: usize) {}
    }

    /// The stop flag of a run nobody interrupts.
    static RUNNING: AtomicBool = AtomicBool::new(false);

    const STOPPING: Rule = Rule {
        prepare: true,
        one_worker_per_job_first: true,
    };

    #[test]
    fn the_board_hands_out_units_of_prepared_jobs_first() {
        let work = Failing::new(2);
        let board = Board::new(&[3, 3], STOPPING, &RUNNING);
        assert_eq!(board.next_task(&work), Some(Task::Prepare(0)));
        assert_eq!(board.next_task(&work), Some(Task::Prepare(1)));
        assert!(!board.prepared(1, &work));
        assert_eq!(board.next_task(&work), Some(Task::Unit(1, 0)));
        assert!(!board.prepared(0, &work));
        // The earliest prepared job goes first.
        assert_eq!(board.next_task(&work), Some(Task::Unit(0, 0)));
        assert_eq!(board.next_task(&work), Some(Task::Unit(0, 1)));
        // Unit 0 of job 0 fails: its unit 1 still ends, unit 2 is never handed out.
        work.fail(0, 0);
        assert!(!board.unit_done(0, 0, &work));
        assert!(board.unit_done(0, 1, &work), "job 0 is over");
        assert_eq!(board.next_task(&work), Some(Task::Unit(1, 1)));
        board.stop();
        assert_eq!(board.next_task(&work), None);
    }

    #[test]
    fn stopping_workers_take_a_submission_of_their_own_before_sharing_one() {
        let work = Failing::new(3);
        let board = Board::new(&[4, 4, 4], STOPPING, &RUNNING);
        assert_eq!(board.next_task(&work), Some(Task::Prepare(0)));
        assert!(!board.prepared(0, &work));
        assert_eq!(board.next_task(&work), Some(Task::Unit(0, 0)));
        // Job 0 has a unit running: the next worker prepares job 1 rather than join it.
        assert_eq!(board.next_task(&work), Some(Task::Prepare(1)));
        assert!(!board.prepared(1, &work));
        assert_eq!(board.next_task(&work), Some(Task::Unit(1, 0)));
        // Job 0's worker comes back to job 0.
        assert!(!board.unit_done(0, 0, &work));
        assert_eq!(board.next_task(&work), Some(Task::Unit(0, 1)));
        // With jobs 0 and 1 both running, job 2 is prepared, then a third worker joins job 0.
        assert_eq!(board.next_task(&work), Some(Task::Prepare(2)));
        assert_eq!(board.next_task(&work), Some(Task::Unit(0, 2)));

        // Without stopping (every unit runs anyway), the earliest job is shared at once.
        let sharing = Rule {
            one_worker_per_job_first: false,
            ..STOPPING
        };
        let board = Board::new(&[4, 4, 4], sharing, &RUNNING);
        assert_eq!(board.next_task(&work), Some(Task::Prepare(0)));
        assert!(!board.prepared(0, &work));
        assert_eq!(board.next_task(&work), Some(Task::Unit(0, 0)));
        assert_eq!(board.next_task(&work), Some(Task::Unit(0, 1)));
    }

    #[test]
    fn a_job_refused_its_next_unit_while_none_runs_is_over() {
        let work = Failing::new(2);
        let board = Board::new(&[3, 3], STOPPING, &RUNNING);
        assert_eq!(board.next_task(&work), Some(Task::Prepare(0)));
        // A job failed before any unit of it started (its failures were known already).
        work.fail(0, 0);
        work.fail(1, 0);
        assert!(!board.prepared(0, &work));
        assert_eq!(board.next_task(&work), Some(Task::Unit(0, 0)));
        assert!(board.unit_done(0, 0, &work), "job 0 stops after unit 0");
        assert_eq!(board.next_task(&work), Some(Task::Prepare(1)));
        assert!(!board.prepared(1, &work));
        assert_eq!(board.next_task(&work), Some(Task::Unit(1, 0)));
        assert!(board.unit_done(1, 0, &work));
        assert_eq!(board.next_task(&work), None);
    }

    #[test]
    fn every_job_ends_once_after_its_units_and_a_failed_preparation_ends_it() {
        struct Jobs;
        impl Work for Jobs {
            type State = ();
            type Output = usize;
            type Unready = String;

            fn state(&self) {}

            fn prepare(&self, job: usize) -> Result<(), String> {
                if job == 2 {
                    Err("does not compile".into())
                } else {
                    Ok(())
                }
            }

            fn start(&self, _: usize, _: usize) -> bool {
                true
            }

            fn run(&self, _: &mut (), job: usize, unit: usize) -> usize {
                job * 100 + unit
            }
        }
        for rule in [
            STOPPING,
            Rule {
                prepare: true,
                one_worker_per_job_first: false,
            },
        ] {
            let units = [5, 0, 7, 30, 1];
            let mut finished: Vec<Vec<usize>> = vec![Vec::new(); units.len()];
            let mut done: Vec<Option<Result<(), String>>> = vec![None; units.len()];
            run_jobs(&units, 3, rule, &RUNNING, &Jobs, |news| {
                match news {
                    JobNews::Started { job, .. } => assert!(done[job].is_none()),
                    JobNews::Finished { job, unit, result } => {
                        assert!(done[job].is_none(), "job {job} told after its end");
                        assert_eq!(result, job * 100 + unit);
                        finished[job].push(unit);
                    }
                    JobNews::Done { job, prepared } => {
                        assert!(
                            done[job].replace(prepared).is_none(),
                            "job {job} ended twice"
                        );
                    }
                }
                true
            });
            for (job, mut finished) in finished.into_iter().enumerate() {
                finished.sort_unstable();
                let expected: Vec<usize> = if job == 2 {
                    vec![]
                } else {
                    (0..units[job]).collect()
                };
                assert_eq!(finished, expected, "job {job}");
                let expected_end = if job == 2 {
                    Err("does not compile".to_string())
                } else {
                    Ok(())
                };
                assert_eq!(done[job], Some(expected_end));
            }
        }
    }
}
