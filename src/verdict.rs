//! The one `Verdict` enum and the pure function that decides it from the recorded facts.
//!
//! Order in which verdicts are decided (the first that applies wins):
//! 1. `JE` if the program could not be started for a reason of the grader's (sandbox setup).
//! 2. `OLE` if the program wrote more than the output limit (it was stopped at once).
//! 3. `MLE` if the kernel killed it at the memory limit, or its peak memory is over the limit.
//! 4. `TLE` if its CPU time is over the limit, or it was stopped at the CPU or wall-clock limit
//!    (the sandbox counts the wall clock less the time the run waited for a CPU held by other
//!    work, up to a hard limit; see `sandbox::hard_wall_limit`).
//! 5. `MLE` if it crashed (signal or non-zero exit) with a peak within 5 % of the limit: an
//!    allocation that failed at the limit looks like a crash (`bad_alloc`, `MemoryError`); or
//!    if it crashed and its standard error says its runtime's heap ran out (Java's
//!    `OutOfMemoryError`: a heap sized from the limit runs out before the limit is reached).
//! 6. `RE` if it could not be executed, was killed by a signal, or exited with a non-zero code.
//! 7. The checker's verdict: `AC`, `WA`, `PE`, or `JE` when the checker or reference failed.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::limits::Limits;
use crate::quote;
use crate::sandbox::{RunFacts, StopReason, Termination};

/// How a run ended abnormally, for `RE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Crash {
    ExitCode(i32),
    Signal(i32),
    NotStarted,
}

/// The verdict of one test, or of a whole submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    PresentationError,
    TimeLimitExceeded,
    MemoryLimitExceeded,
    RuntimeError(Crash),
    OutputLimitExceeded,
    CompileError,
    JudgeError,
}

impl Verdict {
    /// The short code used in tables and reports: `AC`, `WA`, ...
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::RuntimeError(_) => "RE",
            Verdict::OutputLimitExceeded => "OLE",
            Verdict::CompileError => "CE",
            Verdict::JudgeError => "JE",
        }
    }

    /// The folder name under `solutions/<problem>/` for solutions expected to get this verdict.
    pub fn folder(&self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong_answer",
            Verdict::PresentationError => "presentation_error",
            Verdict::TimeLimitExceeded => "time_limit_exceeded",
            Verdict::MemoryLimitExceeded => "memory_limit_exceeded",
            Verdict::RuntimeError(_) => "run_time_error",
            Verdict::OutputLimitExceeded => "output_limit_exceeded",
            Verdict::CompileError => "compile_error",
            Verdict::JudgeError => "judge_error",
        }
    }

    /// One verdict of each kind (a crash stands for every `RE`).
    const KINDS: [Verdict; 9] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::PresentationError,
        Verdict::TimeLimitExceeded,
        Verdict::MemoryLimitExceeded,
        Verdict::RuntimeError(Crash::ExitCode(1)),
        Verdict::OutputLimitExceeded,
        Verdict::CompileError,
        Verdict::JudgeError,
    ];

    /// The verdict expected of solutions in a `solutions/<problem>/<folder>/`, if the folder
    /// name is one of ours.
    pub fn from_folder(folder: &str) -> Option<Verdict> {
        Verdict::KINDS.into_iter().find(|v| v.folder() == folder)
    }

    /// Same kind of verdict, ignoring the details of a crash.
    pub fn same_kind(&self, other: &Verdict) -> bool {
        self.code() == other.code()
    }

    pub fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted)
    }

    /// A longer description, with the exit code or signal name for `RE`.
    pub fn describe(&self) -> String {
        match self {
            Verdict::RuntimeError(Crash::ExitCode(code)) => format!("RE (exit code {code})"),
            Verdict::RuntimeError(Crash::Signal(signal)) => {
                format!("RE ({})", crate::sandbox::signal_name(*signal))
            }
            Verdict::RuntimeError(Crash::NotStarted) => "RE (could not start)".to_string(),
            other => other.code().to_string(),
        }
    }
}

impl Verdict {
    /// A verdict as reports write it: its code (`WA`) or its description (`RE (SIGSEGV)`,
    /// `RE (exit code 3)`). A bare `RE` names no crash and reads as `RE (exit code 1)`.
    pub fn parse(text: &str) -> Option<Verdict> {
        let text = text.trim();
        if let Some(verdict) = Verdict::KINDS.into_iter().find(|v| v.code() == text) {
            return Some(verdict);
        }
        let detail = text.strip_prefix("RE (")?.strip_suffix(')')?;
        let crash = if detail == "could not start" {
            Crash::NotStarted
        } else if let Some(code) = detail.strip_prefix("exit code ") {
            Crash::ExitCode(code.parse().ok()?)
        } else if let Some(number) = detail.strip_prefix("signal ") {
            Crash::Signal(number.parse().ok()?)
        } else {
            Crash::Signal((1..=64).find(|&s| crate::sandbox::signal_name(s) == detail)?)
        };
        Some(Verdict::RuntimeError(crash))
    }
}

impl<'de> Deserialize<'de> for Verdict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Verdict::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown verdict `{text}`")))
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// What a checker said about an output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckOutcome {
    Accepted,
    WrongAnswer(String),
    PresentationError(String),
    /// The checker (or the reference solver) itself failed.
    JudgeError(String),
}

/// What a crashed program's standard error says about how it ended, as its language reads it
/// (see a language's `out_of_memory_messages`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StderrSays {
    /// Nothing that changes a verdict.
    #[default]
    Nothing,
    /// Its runtime's heap ran out (Java's `java.lang.OutOfMemoryError`).
    OutOfMemory,
}

/// A peak memory this close to the limit (per mille) turns a crash into MLE.
const NEAR_LIMIT_PER_MILLE: u64 = 950;

/// Decides the verdict of one run. `stderr` is what its standard error says (read only for
/// a crash); `check` is the checker's outcome, present when the output was checked; it is only
/// consulted when the run itself ended normally.
pub fn classify(
    limits: &Limits,
    facts: &RunFacts,
    stderr: StderrSays,
    check: Option<&CheckOutcome>,
) -> Verdict {
    if facts.termination == Termination::SandboxFailed {
        return Verdict::JudgeError;
    }
    if facts.stopped_by == Some(StopReason::OutputLimit) || facts.stdout_bytes > limits.output_bytes
    {
        return Verdict::OutputLimitExceeded;
    }
    let peak_bytes = peak_memory_bytes(facts);
    if facts.oom_killed
        || facts.stopped_by == Some(StopReason::MemoryLimit)
        || peak_bytes > limits.memory_bytes
    {
        return Verdict::MemoryLimitExceeded;
    }
    let cpu_over = facts.cpu_time_us > limits.cpu_time.as_micros() as u64;
    if cpu_over
        || matches!(
            facts.stopped_by,
            Some(StopReason::CpuTime) | Some(StopReason::WallTime)
        )
    {
        return Verdict::TimeLimitExceeded;
    }
    let crash = match facts.termination {
        Termination::Exited(0) => None,
        Termination::Exited(code) => Some(Crash::ExitCode(code)),
        Termination::Signaled(signal) => Some(Crash::Signal(signal)),
        // A sandbox failure was decided above (rule 1).
        Termination::NotStarted | Termination::SandboxFailed => Some(Crash::NotStarted),
    };
    if let Some(crash) = crash {
        let near_limit = peak_bytes * 1000 >= limits.memory_bytes * NEAR_LIMIT_PER_MILLE;
        if crash != Crash::NotStarted && (near_limit || stderr == StderrSays::OutOfMemory) {
            return Verdict::MemoryLimitExceeded;
        }
        return Verdict::RuntimeError(crash);
    }
    match check {
        Some(CheckOutcome::Accepted) => Verdict::Accepted,
        Some(CheckOutcome::WrongAnswer(_)) => Verdict::WrongAnswer,
        Some(CheckOutcome::PresentationError(_)) => Verdict::PresentationError,
        Some(CheckOutcome::JudgeError(_)) | None => Verdict::JudgeError,
    }
}

/// Decides the verdict of a run against an interactor, in the order Kattis and DOMjudge use:
/// an interactor that failed is a judge error; one that ended first having found a wrong reply
/// gives WA whatever the program did next (it may crash or run out of time for want of
/// answers); otherwise the program's own facts decide as in [`classify`], with the
/// interactor's word as the checker's. A program killed by SIGPIPE, writing to an interactor
/// that had finished, ended normally.
pub fn classify_interactive(
    limits: &Limits,
    program: &RunFacts,
    stderr: StderrSays,
    interactor: &CheckOutcome,
    interactor_ended_first: bool,
) -> Verdict {
    match interactor {
        CheckOutcome::JudgeError(_) => return Verdict::JudgeError,
        CheckOutcome::WrongAnswer(_) if interactor_ended_first => return Verdict::WrongAnswer,
        CheckOutcome::PresentationError(_) if interactor_ended_first => {
            return Verdict::PresentationError
        }
        _ => {}
    }
    let mut facts = program.clone();
    if facts.killed_by_broken_pipe() {
        facts.termination = Termination::Exited(0);
    }
    classify(limits, &facts, stderr, Some(interactor))
}

/// The peak memory that counts against the limit: the resident peak of the program. The
/// cgroup's peak also counts page cache (a first run of an interpreter is charged for reading its
/// files), so it is only reported when the kernel's OOM killer ended the run: then it is the charge
/// of all the run's processes together, kernel memory included, that reached the limit (a fork
/// bomb's hundreds of small processes do, while each has a resident peak of 1 MiB).
pub fn peak_memory_bytes(facts: &RunFacts) -> u64 {
    let resident = facts.peak_rss_kib * 1024;
    match facts.cgroup_peak_kib {
        Some(group_kib) if facts.oom_killed => resident.max(group_kib * 1024),
        _ => resident,
    }
}

/// Lines of a crashed program's standard error quoted in its reason, and characters at most.
const STDERR_LINES_QUOTED: usize = 3;
const STDERR_CHARS_QUOTED: usize = 200;

/// Why a run got `verdict`, from its facts alone (and the end of the standard error it
/// left, `stderr_kept`), for the verdicts the run decides: `TLE` with the CPU and wall time
/// used against their limits, `MLE` with the peak against the limit (and what showed it),
/// `OLE` with the limit, `RE` with why it could not start and the last lines of its standard
/// error (untrusted: control characters escaped, bounded). `None` for the verdicts a checker
/// decides (`AC`, `WA`, `PE`) or the grader (`CE`, `JE`): their message is the checker's or
/// the compiler's. A pure function, beside [`classify`], so that every report shows the same.
pub fn reason(
    limits: &Limits,
    facts: &RunFacts,
    verdict: Verdict,
    stderr: StderrSays,
    stderr_kept: &str,
) -> Option<String> {
    let ms = |us: u64| us / 1000;
    let mib = |bytes: u64| format!("{:.1} MiB", bytes as f64 / MIB_F64);
    let cpu_limit_ms = limits.cpu_time.as_millis();
    let wall_limit_ms = limits.wall_time.as_millis();
    let peak = peak_memory_bytes(facts);
    match verdict {
        Verdict::TimeLimitExceeded => {
            let times = format!(
                "CPU {} ms of {cpu_limit_ms} ms, wall {} ms of {wall_limit_ms} ms",
                ms(facts.cpu_time_us),
                ms(facts.wall_time_us)
            );
            Some(match facts.stopped_by {
                Some(StopReason::WallTime) => {
                    format!("{times}: stopped at the wall-clock limit (asleep or blocked)")
                }
                Some(StopReason::CpuTime) => format!("{times}: stopped at the CPU time limit"),
                _ => format!("{times}: over the CPU time limit"),
            })
        }
        Verdict::MemoryLimitExceeded => {
            let limit = mib(limits.memory_bytes);
            let peak = mib(peak);
            Some(
                if facts.oom_killed || facts.stopped_by == Some(StopReason::MemoryLimit) {
                    format!("peak {peak} of {limit}: stopped at the memory limit")
                } else if peak_memory_bytes(facts) > limits.memory_bytes {
                    format!("peak {peak} of {limit}: over the memory limit")
                } else if stderr == StderrSays::OutOfMemory {
                    format!("peak {peak} of {limit}: its runtime said its heap ran out")
                } else {
                    format!(
                    "peak {peak} of {limit}: it crashed within {} % of the limit (an allocation \
                     that failed there)",
                    100 - NEAR_LIMIT_PER_MILLE / 10
                )
                },
            )
        }
        Verdict::OutputLimitExceeded => Some(format!(
            "wrote more than the {} output limit",
            mib(limits.output_bytes)
        )),
        Verdict::RuntimeError(crash) => {
            let tail = last_lines(stderr_kept);
            let mut parts = vec![match crash {
                Crash::ExitCode(code) => format!("exit code {code}"),
                Crash::Signal(signal) => format!(
                    "killed by {} (signal {signal})",
                    crate::sandbox::signal_name(signal)
                ),
                Crash::NotStarted => "could not start".to_string(),
            }];
            if let Some(error) = &facts.launch_error {
                parts.push(quote::terminal(error).into_owned());
            }
            if facts.process_limit_reached {
                parts.push(format!(
                    "it reached the limit of {} processes",
                    limits.max_processes
                ));
            }
            parts.push(match tail.is_empty() {
                true => "nothing on standard error".to_string(),
                false => format!("standard error ends: {tail}"),
            });
            Some(parts.join("; "))
        }
        _ => None,
    }
}

const MIB_F64: f64 = 1024.0 * 1024.0;

/// The last non-blank lines of a program's standard error, joined by ` | `, with control
/// characters escaped, at most [`STDERR_LINES_QUOTED`] lines and [`STDERR_CHARS_QUOTED`]
/// characters (cut at the front: the last words say most).
pub fn last_lines(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.trim().is_empty())
        .collect();
    let quoted = lines[lines.len().saturating_sub(STDERR_LINES_QUOTED)..]
        .iter()
        .map(|line| quote::terminal(line.trim_start()))
        .collect::<Vec<_>>()
        .join(" | ");
    let count = quoted.chars().count();
    if count <= STDERR_CHARS_QUOTED {
        return quoted;
    }
    let kept: String = quoted.chars().skip(count - STDERR_CHARS_QUOTED).collect();
    format!("...{kept}")
}

/// Limits and run facts for the unit tests of the modules that classify runs.
#[cfg(test)]
pub(crate) mod fixtures {
    use std::time::Duration;

    use crate::limits::{Limits, MIB};
    use crate::sandbox::{RunFacts, Termination};

    /// 1 s of CPU, 3 s of wall time, 64 MiB.
    pub fn limits() -> Limits {
        Limits {
            cpu_time: Duration::from_secs(1),
            wall_time: Duration::from_secs(3),
            memory_bytes: 64 * MIB,
            output_bytes: MIB,
            stderr_bytes: 4096,
            max_processes: 16,
        }
    }

    /// A run that ended as `termination` after 10 ms of CPU, well within those limits.
    pub fn ended(termination: Termination) -> RunFacts {
        RunFacts {
            termination,
            stopped_by: None,
            cpu_time_us: 10_000,
            wall_time_us: 12_000,
            wait_time_us: 0,
            ended_at_ns: 0,
            peak_rss_kib: 2_000,
            cgroup_peak_kib: Some(1_000),
            oom_killed: false,
            process_limit_reached: false,
            left_running: false,
            stdout_bytes: 10,
            stderr_bytes: 0,
            launch_error: None,
            protections: vec![],
        }
    }

    /// A run that exited 0.
    pub fn clean_exit() -> RunFacts {
        ended(Termination::Exited(0))
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{clean_exit, limits};
    use super::*;

    #[test]
    fn a_clean_run_takes_the_checkers_verdict() {
        let facts = clean_exit();
        let wa = CheckOutcome::WrongAnswer("x".into());
        assert_eq!(
            classify(
                &limits(),
                &facts,
                StderrSays::Nothing,
                Some(&CheckOutcome::Accepted)
            ),
            Verdict::Accepted
        );
        assert_eq!(
            classify(&limits(), &facts, StderrSays::Nothing, Some(&wa)),
            Verdict::WrongAnswer
        );
        assert_eq!(
            classify(&limits(), &facts, StderrSays::Nothing, None),
            Verdict::JudgeError
        );
    }

    #[test]
    fn output_limit_comes_first() {
        let facts = RunFacts {
            stopped_by: Some(StopReason::OutputLimit),
            termination: Termination::Signaled(libc::SIGKILL),
            cpu_time_us: 5_000_000,
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &facts, StderrSays::Nothing, None),
            Verdict::OutputLimitExceeded
        );
    }

    #[test]
    fn a_stop_at_the_memory_limit_is_mle_whatever_the_peak_read_at_the_end() {
        let facts = RunFacts {
            stopped_by: Some(StopReason::MemoryLimit),
            termination: Termination::Signaled(libc::SIGKILL),
            peak_rss_kib: 1,
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &facts, StderrSays::Nothing, None),
            Verdict::MemoryLimitExceeded
        );
    }

    #[test]
    fn oom_kill_is_mle_even_when_time_ran_out() {
        let facts = RunFacts {
            oom_killed: true,
            termination: Termination::Signaled(libc::SIGKILL),
            cpu_time_us: 2_000_000,
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &facts, StderrSays::Nothing, None),
            Verdict::MemoryLimitExceeded
        );
    }

    #[test]
    fn the_group_peak_is_reported_only_when_the_oom_killer_ended_the_run() {
        let many_small = RunFacts {
            peak_rss_kib: 1_000,
            cgroup_peak_kib: Some(65_536),
            ..clean_exit()
        };
        assert_eq!(peak_memory_bytes(&many_small), 1_000 * 1024);
        let killed = RunFacts {
            oom_killed: true,
            termination: Termination::Signaled(libc::SIGKILL),
            ..many_small
        };
        assert_eq!(peak_memory_bytes(&killed), 65_536 * 1024);
    }

    #[test]
    fn cpu_over_the_limit_is_tle_even_if_it_finished() {
        let facts = RunFacts {
            cpu_time_us: 1_000_001,
            ..clean_exit()
        };
        assert_eq!(
            classify(
                &limits(),
                &facts,
                StderrSays::Nothing,
                Some(&CheckOutcome::Accepted)
            ),
            Verdict::TimeLimitExceeded
        );
        let slept = RunFacts {
            stopped_by: Some(StopReason::WallTime),
            termination: Termination::Signaled(libc::SIGKILL),
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &slept, StderrSays::Nothing, None),
            Verdict::TimeLimitExceeded
        );
    }

    #[test]
    fn waiting_for_a_cpu_changes_no_verdict_by_itself() {
        // The sandbox uses the wait to decide when to stop a run; the verdict reads only the
        // stop and the CPU time.
        let busy = RunFacts {
            wall_time_us: 4_000_000,
            wait_time_us: 3_000_000,
            ended_at_ns: 0,
            ..clean_exit()
        };
        assert!(busy.disturbed());
        assert_eq!(
            classify(
                &limits(),
                &busy,
                StderrSays::Nothing,
                Some(&CheckOutcome::Accepted)
            ),
            Verdict::Accepted
        );
        let stopped = RunFacts {
            stopped_by: Some(StopReason::WallTime),
            termination: Termination::Signaled(libc::SIGKILL),
            ..busy.clone()
        };
        assert_eq!(
            classify(&limits(), &stopped, StderrSays::Nothing, None),
            Verdict::TimeLimitExceeded
        );
        let over_cpu = RunFacts {
            cpu_time_us: 1_000_001,
            ..busy
        };
        assert_eq!(
            classify(
                &limits(),
                &over_cpu,
                StderrSays::Nothing,
                Some(&CheckOutcome::Accepted)
            ),
            Verdict::TimeLimitExceeded
        );
    }

    #[test]
    fn a_crash_near_the_memory_limit_is_mle_and_elsewhere_re() {
        let near = RunFacts {
            termination: Termination::Signaled(libc::SIGABRT),
            peak_rss_kib: 63 * 1024,
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &near, StderrSays::Nothing, None),
            Verdict::MemoryLimitExceeded
        );
        let far = RunFacts {
            termination: Termination::Signaled(libc::SIGSEGV),
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &far, StderrSays::Nothing, None),
            Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV))
        );
        let exit = RunFacts {
            termination: Termination::Exited(3),
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &exit, StderrSays::Nothing, None).describe(),
            "RE (exit code 3)"
        );
    }

    #[test]
    fn a_crash_that_says_the_heap_ran_out_is_mle() {
        // Java's OutOfMemoryError far below the limit: the heap is sized from the limit, and a
        // single array too large for it fails at once.
        let heap_ran_out = RunFacts {
            termination: Termination::Exited(1),
            peak_rss_kib: 20 * 1024,
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &heap_ran_out, StderrSays::OutOfMemory, None),
            Verdict::MemoryLimitExceeded
        );
        assert_eq!(
            classify(&limits(), &heap_ran_out, StderrSays::Nothing, None),
            Verdict::RuntimeError(Crash::ExitCode(1))
        );
        // A program that ended normally is judged by its output, whatever it wrote to stderr.
        assert_eq!(
            classify(
                &limits(),
                &clean_exit(),
                StderrSays::OutOfMemory,
                Some(&CheckOutcome::Accepted)
            ),
            Verdict::Accepted
        );
        // Time over the limit still comes first.
        let slow = RunFacts {
            cpu_time_us: 2_000_000,
            ..heap_ran_out
        };
        assert_eq!(
            classify(&limits(), &slow, StderrSays::OutOfMemory, None),
            Verdict::TimeLimitExceeded
        );
    }

    #[test]
    fn sandbox_failures_are_judge_errors_and_bad_programs_are_runtime_errors() {
        let setup = RunFacts {
            termination: Termination::SandboxFailed,
            launch_error: Some("sandbox setup failed: mount".into()),
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &setup, StderrSays::Nothing, None),
            Verdict::JudgeError
        );
        let bad_binary = RunFacts {
            termination: Termination::NotStarted,
            launch_error: Some("cannot execute ./solution: Exec format error".into()),
            ..clean_exit()
        };
        assert_eq!(
            classify(&limits(), &bad_binary, StderrSays::Nothing, None),
            Verdict::RuntimeError(Crash::NotStarted)
        );
    }

    #[test]
    fn an_interactor_that_found_a_wrong_reply_first_decides() {
        let crashed = RunFacts {
            termination: Termination::Signaled(libc::SIGSEGV),
            ..clean_exit()
        };
        let slow = RunFacts {
            stopped_by: Some(StopReason::WallTime),
            termination: Termination::Signaled(libc::SIGKILL),
            ..clean_exit()
        };
        let wrong = CheckOutcome::WrongAnswer("guess 7 after 3 queries".into());
        for program in [&crashed, &slow] {
            assert_eq!(
                classify_interactive(&limits(), program, StderrSays::Nothing, &wrong, true),
                Verdict::WrongAnswer
            );
        }
        // The program ended first: its own facts decide.
        assert_eq!(
            classify_interactive(&limits(), &slow, StderrSays::Nothing, &wrong, false),
            Verdict::TimeLimitExceeded
        );
        assert!(matches!(
            classify_interactive(&limits(), &crashed, StderrSays::Nothing, &wrong, false),
            Verdict::RuntimeError(_)
        ));
        let broken = CheckOutcome::JudgeError("the interactor crashed".into());
        assert_eq!(
            classify_interactive(
                &limits(),
                &clean_exit(),
                StderrSays::Nothing,
                &broken,
                false
            ),
            Verdict::JudgeError
        );
        let piped = RunFacts {
            termination: Termination::Signaled(libc::SIGPIPE),
            ..clean_exit()
        };
        assert_eq!(
            classify_interactive(
                &limits(),
                &piped,
                StderrSays::Nothing,
                &CheckOutcome::Accepted,
                false
            ),
            Verdict::Accepted
        );
    }

    #[test]
    fn every_verdict_of_a_run_says_why() {
        let slow = RunFacts {
            cpu_time_us: 1_250_000,
            wall_time_us: 1_300_000,
            ..clean_exit()
        };
        let verdict = classify(&limits(), &slow, StderrSays::Nothing, None);
        assert_eq!(
            reason(&limits(), &slow, verdict, StderrSays::Nothing, "").unwrap(),
            "CPU 1250 ms of 1000 ms, wall 1300 ms of 3000 ms: over the CPU time limit"
        );
        let asleep = RunFacts {
            stopped_by: Some(StopReason::WallTime),
            termination: Termination::Signaled(libc::SIGKILL),
            wall_time_us: 3_000_400,
            ..clean_exit()
        };
        let verdict = classify(&limits(), &asleep, StderrSays::Nothing, None);
        let why = reason(&limits(), &asleep, verdict, StderrSays::Nothing, "").unwrap();
        assert!(
            why.starts_with("CPU 10 ms of 1000 ms, wall 3000 ms of 3000 ms: stopped at the wall"),
            "{why}"
        );
        let big = RunFacts {
            peak_rss_kib: 100 * 1024,
            ..clean_exit()
        };
        let verdict = classify(&limits(), &big, StderrSays::Nothing, None);
        assert_eq!(
            reason(&limits(), &big, verdict, StderrSays::Nothing, "").unwrap(),
            "peak 100.0 MiB of 64.0 MiB: over the memory limit"
        );
        let near = RunFacts {
            termination: Termination::Signaled(libc::SIGABRT),
            peak_rss_kib: 63 * 1024,
            ..clean_exit()
        };
        let verdict = classify(&limits(), &near, StderrSays::Nothing, None);
        let why = reason(&limits(), &near, verdict, StderrSays::Nothing, "").unwrap();
        assert!(
            why.contains("peak 63.0 MiB of 64.0 MiB: it crashed within 5 %"),
            "{why}"
        );
        let wrote = RunFacts {
            stopped_by: Some(StopReason::OutputLimit),
            ..clean_exit()
        };
        let verdict = classify(&limits(), &wrote, StderrSays::Nothing, None);
        assert_eq!(
            reason(&limits(), &wrote, verdict, StderrSays::Nothing, "").unwrap(),
            "wrote more than the 1.0 MiB output limit"
        );
        let crashed = RunFacts {
            termination: Termination::Exited(1),
            ..clean_exit()
        };
        let verdict = classify(&limits(), &crashed, StderrSays::Nothing, None);
        let traceback = "Traceback (most recent call last):\n  File \"a.py\", line 4\n    \
                         print(x[5])\nIndexError: list index out of range\n\n";
        assert_eq!(
            reason(&limits(), &crashed, verdict, StderrSays::Nothing, traceback).unwrap(),
            "exit code 1; standard error ends: File \"a.py\", line 4 | print(x[5]) | IndexError: \
             list index out of range"
        );
        let killed = RunFacts {
            termination: Termination::Signaled(libc::SIGSEGV),
            ..clean_exit()
        };
        let verdict = classify(&limits(), &killed, StderrSays::Nothing, None);
        assert_eq!(
            reason(&limits(), &killed, verdict, StderrSays::Nothing, " \n").unwrap(),
            "killed by SIGSEGV (signal 11); nothing on standard error"
        );
        for decided_elsewhere in [Verdict::Accepted, Verdict::WrongAnswer, Verdict::JudgeError] {
            assert_eq!(
                reason(
                    &limits(),
                    &crashed,
                    decided_elsewhere,
                    StderrSays::Nothing,
                    "x"
                ),
                None
            );
        }
    }

    #[test]
    fn quoted_standard_error_is_escaped_and_bounded() {
        let hostile = "\u{1b}[2J\u{1b}]0;owned\u{7}\rline\u{0}\n";
        let quoted = last_lines(hostile);
        assert!(!quoted.chars().any(char::is_control), "{quoted:?}");
        assert!(quoted.contains("\\u{1b}[2J"), "{quoted}");
        let flood = "x".repeat(10_000) + "\nlast words\n";
        let quoted = last_lines(&flood);
        assert!(
            quoted.chars().count() <= STDERR_CHARS_QUOTED + 3,
            "{quoted}"
        );
        assert!(quoted.starts_with("...") && quoted.ends_with("last words"));
        let many: String = (0..100).map(|i| format!("line {i}\n")).collect();
        assert_eq!(last_lines(&many), "line 97 | line 98 | line 99");
    }

    #[test]
    fn verdicts_read_back_from_their_descriptions() {
        for verdict in [
            Verdict::Accepted,
            Verdict::WrongAnswer,
            Verdict::PresentationError,
            Verdict::TimeLimitExceeded,
            Verdict::MemoryLimitExceeded,
            Verdict::RuntimeError(Crash::ExitCode(3)),
            Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV)),
            Verdict::RuntimeError(Crash::Signal(40)),
            Verdict::RuntimeError(Crash::NotStarted),
            Verdict::OutputLimitExceeded,
            Verdict::CompileError,
            Verdict::JudgeError,
        ] {
            assert_eq!(Verdict::parse(&verdict.describe()), Some(verdict));
            assert!(Verdict::parse(verdict.code()).unwrap().same_kind(&verdict));
        }
        assert_eq!(Verdict::parse("RE (mystery)"), None);
        assert_eq!(Verdict::parse("OK"), None);
    }

    #[test]
    fn folders_round_trip() {
        for folder in [
            "accepted",
            "wrong_answer",
            "time_limit_exceeded",
            "run_time_error",
        ] {
            assert_eq!(Verdict::from_folder(folder).unwrap().folder(), folder);
        }
        assert_eq!(Verdict::from_folder("nonsense"), None);
    }
}
