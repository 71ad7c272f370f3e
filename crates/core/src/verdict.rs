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
//!
//! The same enum is a test group's verdict (`scoring`), in problemtools' terms: see
//! [`Verdict::as_problemtools`], [`Verdict::rank`] and [`problemtools_name`].

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::limits::Limits;
use crate::quote;
use judge_sandbox::{RunFacts, StopReason, Termination};

/// How a run ended abnormally, for `RE`. In JSON (a `crash` beside a report's `verdict`):
/// `{"kind": "exit_code", "exit_code": 3}`, `{"kind": "signal", "signal": 11}`,
/// `{"kind": "not_started"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "CrashData", from = "CrashData")]
pub enum Crash {
    /// It exited with this non-zero code.
    ExitCode(i32),
    /// This signal killed it.
    Signal(i32),
    /// It could not be executed (not a program, an interpreter missing).
    NotStarted,
    /// A run-time error that names no run's end: a test group's (problemtools' `RTE`, which a
    /// custom grader may answer, and which a Kattis package's run over its memory limit is to
    /// its groups), the verdict a `run_time_error/` folder expects, or an `RE` read from JSON
    /// without its crash. No run of judge's ends so.
    Unknown,
}

/// [`Crash`] as JSON holds it.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum CrashData {
    ExitCode { exit_code: i32 },
    Signal { signal: i32 },
    NotStarted,
    Unknown,
}

impl From<Crash> for CrashData {
    fn from(crash: Crash) -> CrashData {
        match crash {
            Crash::ExitCode(exit_code) => CrashData::ExitCode { exit_code },
            Crash::Signal(signal) => CrashData::Signal { signal },
            Crash::NotStarted => CrashData::NotStarted,
            Crash::Unknown => CrashData::Unknown,
        }
    }
}

impl From<CrashData> for Crash {
    fn from(data: CrashData) -> Crash {
        match data {
            CrashData::ExitCode { exit_code } => Crash::ExitCode(exit_code),
            CrashData::Signal { signal } => Crash::Signal(signal),
            CrashData::NotStarted => Crash::NotStarted,
            CrashData::Unknown => Crash::Unknown,
        }
    }
}

/// The verdict of one test, of a test group, or of a whole submission.
///
/// In JSON a verdict is its code (`"RE"`); a crash's particulars are data beside it (a
/// `crash`, see [`Crash`]), and a report's `verdict_detail` says both for people
/// ([`Verdict::describe`], `RE (SIGSEGV)`), never to be read back.
///
/// A test group's verdict is problemtools' (`scoring::aggregate` folds a group's children as
/// its default grader does): a test's verdict as a group sees it ([`Verdict::as_problemtools`]:
/// PE is WA, CE is JE, and an `RE` names no crash), worst first by [`Verdict::rank`]
/// (`JE > IF > RTE > MLE > TLE > OLE > WA > PE > AC`), named by
/// [`Verdict::problemtools_code`] (`RTE`) and, in a report's groups, by [`problemtools_name`]
/// (`RunTimeError`).
///
/// problemtools' `IF` (illegal function) has no variant: nothing in judge gives it to a test,
/// and a custom grader that answers it (or `PE`) gets the judge error problemtools makes of
/// an answer outside `AC WA TLE RTE MLE OLE JE` (`scoring::aggregate::parse_grader_output`);
/// [`Verdict::from_problemtools_code`] knows no `IF`, and rank 1 (between JE and RTE) is
/// left to it.
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

    /// One verdict of each kind (an `RE` naming no crash stands for every `RE`).
    const KINDS: [Verdict; 9] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::PresentationError,
        Verdict::TimeLimitExceeded,
        Verdict::MemoryLimitExceeded,
        Verdict::RuntimeError(Crash::Unknown),
        Verdict::OutputLimitExceeded,
        Verdict::CompileError,
        Verdict::JudgeError,
    ];

    /// The verdict expected of solutions in a `solutions/<problem>/<folder>/`, if the folder
    /// name is one of ours.
    pub fn from_folder(folder: &str) -> Option<Verdict> {
        Verdict::KINDS.into_iter().find(|v| v.folder() == folder)
    }

    /// The verdict of a [`Verdict::code`] (`RE` naming no crash), `None` for anything else.
    pub fn from_code(code: &str) -> Option<Verdict> {
        Verdict::KINDS.into_iter().find(|v| v.code() == code)
    }

    /// Same kind of verdict, ignoring the details of a crash.
    pub fn same_kind(&self, other: &Verdict) -> bool {
        self.code() == other.code()
    }

    pub fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted)
    }

    /// How the run crashed, for an `RE` that says it.
    pub fn crash(&self) -> Option<Crash> {
        match self {
            Verdict::RuntimeError(Crash::Unknown) => None,
            Verdict::RuntimeError(crash) => Some(*crash),
            _ => None,
        }
    }

    /// This verdict with `crash` (as [`Verdict::crash`] gives it) for an `RE`; any other
    /// verdict has no crash to take.
    pub fn with_crash(self, crash: Option<Crash>) -> Verdict {
        match self {
            Verdict::RuntimeError(_) => Verdict::RuntimeError(crash.unwrap_or(Crash::Unknown)),
            other => other,
        }
    }

    /// A longer description, with the exit code or signal name for `RE`.
    pub fn describe(&self) -> String {
        match self {
            Verdict::RuntimeError(Crash::ExitCode(code)) => format!("RE (exit code {code})"),
            Verdict::RuntimeError(Crash::Signal(signal)) => {
                format!("RE ({})", judge_sandbox::signal_name(*signal))
            }
            Verdict::RuntimeError(Crash::NotStarted) => "RE (could not start)".to_string(),
            other => other.code().to_string(),
        }
    }
}

// A test group's verdict, as problemtools has it.
impl Verdict {
    /// This verdict as a test group sees it, in problemtools' verdicts (`AC WA TLE RTE MLE
    /// OLE JE`): a presentation error is a wrong answer (a Kattis validator answers accepted
    /// or wrong answer), a compile error a judge error (it never reaches a group: a
    /// submission that does not compile runs no test), and a run-time error names no crash.
    pub fn as_problemtools(&self) -> Verdict {
        match self {
            Verdict::PresentationError => Verdict::WrongAnswer,
            Verdict::RuntimeError(_) => Verdict::RuntimeError(Crash::Unknown),
            Verdict::CompileError => Verdict::JudgeError,
            other => *other,
        }
    }

    /// problemtools' rank of this verdict, worst first as its default grader's
    /// `worst_error` ranks them: `JE` 0, `IF` 1 (no variant), `RTE` 2, `MLE` 3, `TLE` 4,
    /// `OLE` 5, `WA` 6, `PE` 7, `AC` 8. A compile error ranks as the judge error it is to a
    /// group. Groups fold [`Verdict::as_problemtools`] verdicts, where PE is WA.
    pub fn rank(&self) -> u8 {
        match self {
            Verdict::JudgeError | Verdict::CompileError => 0,
            Verdict::RuntimeError(_) => 2,
            Verdict::MemoryLimitExceeded => 3,
            Verdict::TimeLimitExceeded => 4,
            Verdict::OutputLimitExceeded => 5,
            Verdict::WrongAnswer => 6,
            Verdict::PresentationError => 7,
            Verdict::Accepted => 8,
        }
    }

    /// problemtools' code of this verdict: `AC`, `WA`, `RTE`, ... (a compile error's is
    /// `JE`, as a group sees it).
    pub fn problemtools_code(&self) -> &'static str {
        match self {
            Verdict::RuntimeError(_) => "RTE",
            Verdict::CompileError => "JE",
            other => other.code(),
        }
    }

    /// The verdict of a problemtools code (`RTE` naming no crash), `None` for anything else,
    /// `IF` included (see [`Verdict`]).
    pub fn from_problemtools_code(code: &str) -> Option<Verdict> {
        Verdict::KINDS
            .into_iter()
            .filter(|v| *v != Verdict::CompileError)
            .find(|v| v.problemtools_code() == code)
    }
}

/// A test group's verdict in JSON (`GroupRow::verdict`, `GroupResult::groups_verdict`): the name
/// of problemtools' verdict as it has always been written there (`Accepted`, `RunTimeError`,
/// ...), for `#[serde(with = "crate::verdict::problemtools_name")]`; [`option`] for an
/// `Option<Verdict>`. It writes [`Verdict::as_problemtools`], so a crash is not written, and
/// reads an `RE` naming no crash.
pub mod problemtools_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::{Crash, Verdict};

    const NAMES: [(Verdict, &str); 8] = [
        (Verdict::JudgeError, "JudgeError"),
        (Verdict::RuntimeError(Crash::Unknown), "RunTimeError"),
        (Verdict::MemoryLimitExceeded, "MemoryLimitExceeded"),
        (Verdict::TimeLimitExceeded, "TimeLimitExceeded"),
        (Verdict::OutputLimitExceeded, "OutputLimitExceeded"),
        (Verdict::WrongAnswer, "WrongAnswer"),
        (Verdict::PresentationError, "PresentationError"),
        (Verdict::Accepted, "Accepted"),
    ];

    /// The name of `verdict` as a group sees it.
    pub fn name(verdict: &Verdict) -> &'static str {
        let seen = verdict.as_problemtools();
        NAMES
            .iter()
            .find(|(v, _)| *v == seen)
            .map_or("JudgeError", |(_, name)| name)
    }

    /// The verdict of a name, `None` for anything else.
    pub fn verdict(name: &str) -> Option<Verdict> {
        NAMES.iter().find(|(_, n)| *n == name).map(|(v, _)| *v)
    }

    pub fn serialize<S: Serializer>(verdict: &Verdict, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(name(verdict))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Verdict, D::Error> {
        let text = String::deserialize(deserializer)?;
        verdict(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown group verdict `{text}`")))
    }

    /// The same for an `Option<Verdict>` (`null` for `None`).
    pub mod option {
        use serde::{Deserialize, Deserializer, Serializer};

        use super::Verdict;

        pub fn serialize<S: Serializer>(
            verdict: &Option<Verdict>,
            serializer: S,
        ) -> Result<S::Ok, S::Error> {
            match verdict {
                Some(verdict) => serializer.serialize_some(super::name(verdict)),
                None => serializer.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(
            deserializer: D,
        ) -> Result<Option<Verdict>, D::Error> {
            match Option::<String>::deserialize(deserializer)? {
                Some(text) => super::verdict(&text).map(Some).ok_or_else(|| {
                    serde::de::Error::custom(format!("unknown group verdict `{text}`"))
                }),
                None => Ok(None),
            }
        }
    }
}

/// A verdict in JSON is its code (`RE` naming no crash: the crash is read beside it, see
/// [`Verdict::with_crash`]).
impl<'de> Deserialize<'de> for Verdict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Verdict::from_code(&text)
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
                    judge_sandbox::signal_name(signal)
                ),
                Crash::NotStarted => "could not start".to_string(),
                Crash::Unknown => "a run-time error".to_string(),
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
/// Compiled in every build, hidden from the docs: a `fixtures` feature that only the tests
/// turned on made `cargo test --release` compile the libraries a second time.
#[doc(hidden)]
pub mod fixtures {
    use std::time::Duration;

    use crate::limits::{Limits, MIB};
    use judge_sandbox::{RunFacts, Termination};

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

    /// Every verdict of a run, each crash a run can end with.
    const EVERY_KIND: [Verdict; 12] = [
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
    ];

    #[test]
    fn a_verdict_reads_back_from_its_code_and_its_crash_as_data() {
        for verdict in EVERY_KIND {
            let code = serde_json::to_value(verdict).unwrap();
            assert_eq!(code, verdict.code());
            let read: Verdict = serde_json::from_value(code).unwrap();
            assert!(read.same_kind(&verdict));
            let crash = serde_json::to_value(verdict.crash()).unwrap();
            let crash: Option<Crash> = serde_json::from_value(crash).unwrap();
            assert_eq!(read.with_crash(crash), verdict);
        }
        // The crash is data: no text to parse.
        let crash = |verdict: Verdict| serde_json::to_string(&verdict.crash()).unwrap();
        assert_eq!(
            crash(Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV))),
            r#"{"kind":"signal","signal":11}"#
        );
        assert_eq!(
            crash(Verdict::RuntimeError(Crash::ExitCode(3))),
            r#"{"kind":"exit_code","exit_code":3}"#
        );
        assert_eq!(
            crash(Verdict::RuntimeError(Crash::NotStarted)),
            r#"{"kind":"not_started"}"#
        );
        // Only an RE has one, and one that names no crash writes none.
        assert_eq!(crash(Verdict::WrongAnswer), "null");
        assert_eq!(crash(Verdict::RuntimeError(Crash::Unknown)), "null");
        assert_eq!(
            Verdict::WrongAnswer.with_crash(Some(Crash::ExitCode(3))),
            Verdict::WrongAnswer
        );
        // A bare RE (JSON without its crash) is an RE naming none.
        let bare: Verdict = serde_json::from_str(r#""RE""#).unwrap();
        assert_eq!(bare.with_crash(None), Verdict::RuntimeError(Crash::Unknown));
        assert_eq!(bare.describe(), "RE");
        // A description is for people only.
        assert!(serde_json::from_str::<Verdict>(r#""RE (SIGSEGV)""#).is_err());
        assert!(serde_json::from_str::<Verdict>(r#""OK""#).is_err());
    }

    #[test]
    fn groups_rank_verdicts_as_problemtools_worst_first() {
        // problemtools: JE > IF > RTE > MLE > TLE > OLE > WA > PE > AC.
        let worst_first = [
            Verdict::JudgeError,
            Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV)),
            Verdict::MemoryLimitExceeded,
            Verdict::TimeLimitExceeded,
            Verdict::OutputLimitExceeded,
            Verdict::WrongAnswer,
            Verdict::PresentationError,
            Verdict::Accepted,
        ];
        let ranks: Vec<u8> = worst_first.iter().map(Verdict::rank).collect();
        assert_eq!(ranks, [0, 2, 3, 4, 5, 6, 7, 8], "IF keeps rank 1");
        assert_eq!(Verdict::CompileError.rank(), Verdict::JudgeError.rank());
        // Every crash ranks alike.
        assert_eq!(
            Verdict::RuntimeError(Crash::ExitCode(1)).rank(),
            Verdict::RuntimeError(Crash::Unknown).rank()
        );
        // A group sees problemtools' verdicts: PE is WA, CE is JE, an RE names no crash.
        let seen: Vec<&str> = EVERY_KIND
            .iter()
            .map(|v| v.as_problemtools().problemtools_code())
            .collect();
        assert_eq!(
            seen,
            ["AC", "WA", "WA", "TLE", "MLE", "RTE", "RTE", "RTE", "RTE", "OLE", "JE", "JE"]
        );
        assert_eq!(
            Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV)).as_problemtools(),
            Verdict::RuntimeError(Crash::Unknown)
        );
        for code in ["AC", "WA", "PE", "TLE", "MLE", "OLE", "RTE", "JE"] {
            let verdict = Verdict::from_problemtools_code(code).unwrap();
            assert_eq!(verdict.problemtools_code(), code);
        }
        // IF has no variant (a custom grader's IF is a judge error, see
        // `scoring::aggregate::parse_grader_output`), nor has judge's RE or CE a code there.
        for code in ["IF", "RE", "CE", "XX"] {
            assert_eq!(Verdict::from_problemtools_code(code), None, "{code}");
        }
    }

    #[test]
    fn a_groups_verdict_keeps_its_problemtools_name_in_json() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Row {
            #[serde(with = "problemtools_name")]
            verdict: Verdict,
            #[serde(with = "problemtools_name::option")]
            total: Option<Verdict>,
        }
        let row = Row {
            verdict: Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV)),
            total: Some(Verdict::PresentationError),
        };
        let json = serde_json::to_string(&row).unwrap();
        assert_eq!(json, r#"{"verdict":"RunTimeError","total":"WrongAnswer"}"#);
        let back: Row = serde_json::from_str(&json).unwrap();
        assert_eq!(back.verdict, Verdict::RuntimeError(Crash::Unknown));
        assert_eq!(back.total, Some(Verdict::WrongAnswer));
        let none: Row = serde_json::from_str(r#"{"verdict":"Accepted","total":null}"#).unwrap();
        assert_eq!(none.total, None);
        assert!(serde_json::from_str::<Row>(r#"{"verdict":"RTE","total":null}"#).is_err());
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
