//! The one place that works out the one `Limits` value (what a single run of a solution may
//! use; the type is the sandbox crate's, which enforces it): the problem's limits, the
//! language's allowance where the problem permits it, the command line's overrides and the
//! wall-clock rule. `verdict` classifies facts against the result.

use std::time::Duration;

pub use judge_sandbox::Limits;

pub const MIB: u64 = 1024 * 1024;

/// Extra time and memory a language gets, as Baekjoon grants slower languages:
/// `limit x factor + extra`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Allowance {
    pub time_factor: f64,
    pub time_extra: Duration,
    pub memory_factor: f64,
    pub memory_extra_bytes: u64,
}

impl Allowance {
    pub const NONE: Allowance = Allowance {
        time_factor: 1.0,
        time_extra: Duration::ZERO,
        memory_factor: 1.0,
        memory_extra_bytes: 0,
    };
}

/// A problem's own limits, as its definition gives them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProblemLimits {
    pub cpu_time: Duration,
    pub memory_bytes: u64,
    /// The problem's output limit, when it sets one (else the runner's default).
    pub output_bytes: Option<u64>,
    /// Whether slower languages get their allowance of time, and of memory.
    pub language_extra_time: bool,
    pub language_extra_memory: bool,
}

/// The runner's rules that hold for every problem: the wall-clock rule and the defaults.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunnerLimits {
    /// Wall-clock limit = CPU limit x factor + extra.
    pub wall_time_factor: f64,
    pub wall_time_extra: Duration,
    pub output_bytes: u64,
    pub stderr_bytes: u64,
    pub max_processes: u32,
}

impl RunnerLimits {
    /// The wall-clock rule, the one place it is written: a run may take `wall_time_factor`
    /// times its CPU limit plus `wall_time_extra` (an allowance for starting up) of wall-clock
    /// time, less the time it waited for a CPU (the sandbox's part).
    pub fn wall_time_for(&self, cpu_time: Duration) -> Duration {
        cpu_time.mul_f64(self.wall_time_factor) + self.wall_time_extra
    }

    /// The limits of a program given its CPU time and memory: the wall-clock rule and the
    /// runner's caps on output, standard error and processes.
    pub fn limits_for(&self, cpu_time: Duration, memory_bytes: u64) -> Limits {
        Limits {
            cpu_time,
            wall_time: self.wall_time_for(cpu_time),
            memory_bytes,
            output_bytes: self.output_bytes,
            stderr_bytes: self.stderr_bytes,
            max_processes: self.max_processes,
        }
    }

    /// The limits the sandbox enforces when a run is let go past its own limits (verify runs
    /// a submission to `factor` times its time limit, to tell a slow one from one that never
    /// ends): the CPU time limit times `factor` (at least 1), and a wall-clock limit of
    /// `wall_time_factor` times that, or the run's own if larger. The run's own wall-clock limit
    /// is not scaled whole: its extra is an allowance for starting up, which a longer run does
    /// not need more of, and problemtools' interactive runner stops a run at 2 x the CPU limit
    /// it runs at (a program that sleeps at x 4 of a 1 s limit: 8 s there, 9 s scaled by the
    /// rule, 12 s scaled whole).
    pub fn enforced(&self, limits: Limits, factor: f64) -> Limits {
        let factor = factor.max(1.0);
        let mut enforced = limits;
        enforced.cpu_time = enforced.cpu_time.mul_f64(factor);
        // The rule's scaled part alone: its extra is not wanted again (see above).
        let scaled = self.wall_time_for(enforced.cpu_time) - self.wall_time_extra;
        enforced.wall_time = limits.wall_time.max(scaled);
        enforced
    }
}

/// What one compile (every step of building a program: compile, then package) may use. A
/// compiler runs in the sandbox like a solution, under these limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompileLimits {
    /// CPU time of each step, and its wall-clock time (less the time it waited for a CPU).
    pub time: Duration,
    /// Peak memory of each step, every process it starts and its `/tmp` included.
    pub memory_bytes: u64,
    /// Processes and threads a step may have at once.
    pub max_processes: u32,
    /// What a build may leave in its folder: each file, and all of them together.
    pub output_bytes: u64,
    /// The compiler's messages (standard output and error together); more stops it.
    pub message_bytes: u64,
}

impl CompileLimits {
    /// These limits, raised to `time` and `memory_bytes` where those are more (a package's
    /// guarantees to the compiles of its submissions).
    pub fn at_least(&self, time: Option<Duration>, memory_bytes: Option<u64>) -> CompileLimits {
        CompileLimits {
            time: time.map_or(self.time, |t| t.max(self.time)),
            memory_bytes: memory_bytes.map_or(self.memory_bytes, |m| m.max(self.memory_bytes)),
            ..*self
        }
    }

    /// The limits of one step run in the sandbox (its messages are its output).
    pub fn run_limits(&self) -> Limits {
        Limits {
            cpu_time: self.time,
            wall_time: self.time,
            memory_bytes: self.memory_bytes,
            output_bytes: self.message_bytes,
            stderr_bytes: self.message_bytes,
            max_processes: self.max_processes,
        }
    }
}

/// Limits given on the command line: each replaces the problem's limit and the allowance.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Overrides {
    pub cpu_time: Option<Duration>,
    pub memory_bytes: Option<u64>,
}

/// The limits of a run of a solution in a language with `allowance` on a problem.
pub fn resolve(
    problem: &ProblemLimits,
    allowance: &Allowance,
    runner: &RunnerLimits,
    overrides: &Overrides,
) -> Limits {
    let cpu_time = overrides.cpu_time.unwrap_or_else(|| {
        if problem.language_extra_time {
            problem.cpu_time.mul_f64(allowance.time_factor) + allowance.time_extra
        } else {
            problem.cpu_time
        }
    });
    let memory_bytes = overrides.memory_bytes.unwrap_or_else(|| {
        if problem.language_extra_memory {
            (problem.memory_bytes as f64 * allowance.memory_factor) as u64
                + allowance.memory_extra_bytes
        } else {
            problem.memory_bytes
        }
    });
    Limits {
        output_bytes: problem.output_bytes.unwrap_or(runner.output_bytes),
        ..runner.limits_for(cpu_time, memory_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guarantees_raise_compile_limits_and_never_lower_them() {
        let runner = CompileLimits {
            time: Duration::from_secs(60),
            memory_bytes: 2048 * MIB,
            max_processes: 256,
            output_bytes: MIB,
            message_bytes: MIB,
        };
        assert_eq!(runner.at_least(None, None), runner);
        let raised = runner.at_least(Some(Duration::from_secs(90)), Some(1024 * MIB));
        assert_eq!(raised.time, Duration::from_secs(90));
        assert_eq!(raised.memory_bytes, 2048 * MIB);
        assert_eq!(raised.max_processes, 256);
    }

    #[test]
    fn the_enforced_wall_limit_follows_the_enforced_cpu_limit() {
        let runner = RunnerLimits {
            wall_time_factor: 2.0,
            ..RUNNER
        };
        let limits = runner.limits_for(Duration::from_secs(1), 64 * MIB);
        assert_eq!(limits.wall_time, Duration::from_secs(3));
        let enforced = runner.enforced(limits, 4.0);
        assert_eq!(enforced.cpu_time, Duration::from_secs(4));
        assert_eq!(
            enforced.wall_time,
            Duration::from_secs(8),
            "problemtools' 2 x 4 s"
        );
        assert_eq!(enforced.memory_bytes, limits.memory_bytes);
        // At x 1 (or below) the run's own limits, its start-up allowance included.
        assert_eq!(runner.enforced(limits, 1.0), limits);
        assert_eq!(runner.enforced(limits, 0.5), limits);
        // A small factor keeps the run's own wall-clock limit while that is larger.
        let slightly = runner.enforced(limits, 1.2);
        assert_eq!(slightly.wall_time, Duration::from_secs(3));
    }

    const RUNNER: RunnerLimits = RunnerLimits {
        wall_time_factor: 2.0,
        wall_time_extra: Duration::from_secs(1),
        output_bytes: 16 * MIB,
        stderr_bytes: 4096,
        max_processes: 64,
    };

    const PYTHON: Allowance = Allowance {
        time_factor: 3.0,
        time_extra: Duration::from_secs(2),
        memory_factor: 2.0,
        memory_extra_bytes: 32 * MIB,
    };

    fn problem(extra: bool) -> ProblemLimits {
        ProblemLimits {
            cpu_time: Duration::from_secs(1),
            memory_bytes: 32 * MIB,
            output_bytes: None,
            language_extra_time: extra,
            language_extra_memory: true,
        }
    }

    #[test]
    fn allowances_apply_unless_the_problem_turns_them_off() {
        let limits = resolve(&problem(true), &PYTHON, &RUNNER, &Overrides::default());
        assert_eq!(limits.cpu_time, Duration::from_secs(5));
        assert_eq!(limits.memory_bytes, 96 * MIB);
        assert_eq!(limits.wall_time, Duration::from_secs(11));
        assert_eq!(limits.output_bytes, 16 * MIB);
        let strict = resolve(&problem(false), &PYTHON, &RUNNER, &Overrides::default());
        assert_eq!(strict.cpu_time, Duration::from_secs(1));
        assert_eq!(strict.memory_bytes, 96 * MIB);
    }

    #[test]
    fn overrides_replace_the_limit_and_the_allowance() {
        let overrides = Overrides {
            cpu_time: Some(Duration::from_millis(300)),
            memory_bytes: Some(8 * MIB),
        };
        let limits = resolve(&problem(true), &PYTHON, &RUNNER, &overrides);
        assert_eq!(limits.cpu_time, Duration::from_millis(300));
        assert_eq!(limits.wall_time, Duration::from_millis(1600));
        assert_eq!(limits.memory_bytes, 8 * MIB);
    }
}
