//! Where a package verify's time went (`judge verify --timings`, and the `timings` of its
//! JSON): each phase's wall time with the worker time it kept busy and left idle, the
//! compiles by language, and the graded runs by kind (accepted for the time limit, accepted,
//! failing) with the CPU time they used and the time they spent waiting. Measured by
//! `grade::package::verify` with a [`Stopwatch`]; told with its summary.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::outcome::RunSummary;

/// Where a verify's time went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VerifyTimings {
    /// Workers the verify ran on.
    pub jobs: usize,
    /// From the first phase's start to the last one's end.
    pub wall_ms: u64,
    pub phases: Vec<PhaseTiming>,
    pub compiles: Vec<CompileTiming>,
    pub runs: Vec<RunsTiming>,
}

/// One phase of a verify, one after another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PhaseTiming {
    pub phase: String,
    pub wall_ms: u64,
    /// Worker time spent in tasks (compiling, running a unit and judging it) in the phase.
    pub busy_ms: u64,
    /// Worker time not spent in tasks: the workers times the phase's wall time, less
    /// `busy_ms`.
    pub idle_ms: u64,
}

/// The submissions of one language compiled before grading (a cached build takes no time).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompileTiming {
    pub language: String,
    pub submissions: usize,
    /// Those whose build failed (graded CE).
    pub failed: usize,
    /// Worker time the builds took.
    pub busy_ms: u64,
}

/// A kind of graded runs, summed over its submissions' units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunsTiming {
    /// `accepted, for the limit`, `accepted` or `failing`.
    pub kind: String,
    pub submissions: usize,
    pub units: usize,
    /// The largest CPU-time limit they ran at (the limit times the safety margin).
    pub limit_ms: u64,
    /// The units' wall times.
    pub wall_ms: u64,
    /// The units' CPU times.
    pub cpu_ms: u64,
    /// Wall time beyond CPU time: a program waiting for its interactor, sleeping or blocked.
    pub waiting_ms: u64,
}

impl RunsTiming {
    /// No runs yet, of `kind`.
    pub fn new(kind: &str) -> RunsTiming {
        RunsTiming {
            kind: kind.to_string(),
            submissions: 0,
            units: 0,
            limit_ms: 0,
            wall_ms: 0,
            cpu_ms: 0,
            waiting_ms: 0,
        }
    }

    /// Adds a submission's runs.
    pub fn add(&mut self, summary: &RunSummary) {
        self.submissions += 1;
        self.limit_ms = self.limit_ms.max(summary.limits.cpu_ms);
        for outcome in &summary.outcomes {
            self.units += 1;
            self.wall_ms += outcome.wall_ms;
            self.cpu_ms += outcome.cpu_ms;
            self.waiting_ms += outcome.wall_ms.saturating_sub(outcome.cpu_ms);
        }
    }
}

/// Times a verify's phases as they run, one after another: the wall time of each and the
/// workers' busy time in it (`pool::busy`).
pub struct Stopwatch {
    jobs: usize,
    started: Instant,
    phases: Vec<PhaseTiming>,
}

impl Stopwatch {
    pub fn start(jobs: usize) -> Stopwatch {
        Stopwatch {
            jobs: jobs.max(1),
            started: Instant::now(),
            phases: Vec::new(),
        }
    }

    /// Runs `phase`, timing it as `name`.
    pub fn phase<T>(&mut self, name: &str, phase: impl FnOnce() -> T) -> T {
        let (started, busy) = (Instant::now(), crate::pool::busy());
        let result = phase();
        let wall = started.elapsed();
        let busy = crate::pool::busy().saturating_sub(busy);
        self.phases.push(self.timing(name, wall, busy));
        result
    }

    fn timing(&self, name: &str, wall: Duration, busy: Duration) -> PhaseTiming {
        let workers = wall * self.jobs as u32;
        PhaseTiming {
            phase: name.to_string(),
            wall_ms: wall.as_millis() as u64,
            busy_ms: busy.as_millis() as u64,
            idle_ms: workers.saturating_sub(busy).as_millis() as u64,
        }
    }

    /// The timings, with the compiles and runs measured beside the phases.
    pub fn finish(self, compiles: Vec<CompileTiming>, runs: Vec<RunsTiming>) -> VerifyTimings {
        VerifyTimings {
            jobs: self.jobs,
            wall_ms: self.started.elapsed().as_millis() as u64,
            phases: self.phases,
            compiles,
            runs,
        }
    }
}

/// Compiles of the submissions, each with its language, whether it built and how long it
/// took, summed by language (in the order the languages first come).
pub fn compiles_by_language(
    compiles: impl IntoIterator<Item = (String, bool, Duration)>,
) -> Vec<CompileTiming> {
    let mut by_language: Vec<CompileTiming> = Vec::new();
    for (language, built, took) in compiles {
        let index = match by_language.iter().position(|c| c.language == language) {
            Some(index) => index,
            None => {
                by_language.push(CompileTiming {
                    language,
                    submissions: 0,
                    failed: 0,
                    busy_ms: 0,
                });
                by_language.len() - 1
            }
        };
        let timing = &mut by_language[index];
        timing.submissions += 1;
        timing.failed += usize::from(!built);
        timing.busy_ms += took.as_millis() as u64;
    }
    by_language
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::fixtures;
    use judge_core::verdict::Verdict;

    #[test]
    fn a_phase_idle_time_is_its_workers_time_less_what_they_were_busy_for() {
        let watch = Stopwatch::start(2);
        let timing = watch.timing("grading", Duration::from_secs(3), Duration::from_secs(4));
        assert_eq!(
            (timing.wall_ms, timing.busy_ms, timing.idle_ms),
            (3000, 4000, 2000)
        );
        // Busy for more than the workers had (a phase timed on its own pool): none idle.
        let timing = watch.timing("grading", Duration::from_secs(1), Duration::from_secs(3));
        assert_eq!(timing.idle_ms, 0);
    }

    #[test]
    fn phases_are_kept_in_the_order_they_ran() {
        let mut watch = Stopwatch::start(1);
        let got = watch.phase("first", || 7);
        watch.phase("second", || ());
        assert_eq!(got, 7);
        let timings = watch.finish(Vec::new(), Vec::new());
        let names: Vec<&str> = timings.phases.iter().map(|p| p.phase.as_str()).collect();
        assert_eq!(names, ["first", "second"]);
        assert_eq!(timings.jobs, 1);
    }

    #[test]
    fn runs_sum_their_units_and_waiting_is_wall_time_beyond_cpu_time() {
        let mut summary = fixtures::batch_summary();
        summary.outcomes = vec![
            fixtures::test_outcome("1", Verdict::Accepted),
            fixtures::test_outcome("2", Verdict::TimeLimitExceeded),
        ];
        summary.limits.cpu_ms = 2000;
        summary.outcomes[0].wall_ms = 100;
        summary.outcomes[0].cpu_ms = 90;
        summary.outcomes[1].wall_ms = 3000;
        summary.outcomes[1].cpu_ms = 2000;
        let mut runs = RunsTiming::new("failing");
        runs.add(&summary);
        runs.add(&summary);
        assert_eq!(runs.submissions, 2);
        assert_eq!(runs.units, 4);
        assert_eq!(runs.limit_ms, 2000);
        assert_eq!(runs.wall_ms, 6200);
        assert_eq!(runs.cpu_ms, 4180);
        assert_eq!(runs.waiting_ms, 2020);
    }

    #[test]
    fn compiles_are_summed_by_language_in_the_order_met() {
        let ms = Duration::from_millis;
        let compiles = compiles_by_language([
            ("cpp".to_string(), true, ms(900)),
            ("python3".to_string(), true, ms(5)),
            ("cpp".to_string(), false, ms(300)),
        ]);
        assert_eq!(compiles.len(), 2);
        assert_eq!(compiles[0].language, "cpp");
        assert_eq!((compiles[0].submissions, compiles[0].failed), (2, 1));
        assert_eq!(compiles[0].busy_ms, 1200);
        assert_eq!((compiles[1].submissions, compiles[1].busy_ms), (1, 5));
    }
}
