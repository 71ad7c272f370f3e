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
        cpu_time,
        wall_time: cpu_time.mul_f64(runner.wall_time_factor) + runner.wall_time_extra,
        memory_bytes,
        output_bytes: problem.output_bytes.unwrap_or(runner.output_bytes),
        stderr_bytes: runner.stderr_bytes,
        max_processes: runner.max_processes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
