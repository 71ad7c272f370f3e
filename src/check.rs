//! Checkers: compare a program's output with the expected answer.
//!
//! - `tokens` (default): whitespace-separated tokens must be equal; spacing and line ends do
//!   not matter.
//! - `lines`: lines must be equal exactly, except trailing whitespace and `\r\n` line ends, and
//!   trailing empty lines.
//! - `float`: tokens equal, except numbers, which may differ by an absolute or relative error
//!   up to the tolerance.
//! - `external`: a testlib-style program `checker input output answer`: exit 0 AC, 1 WA,
//!   2 PE, 3 judge error (anything else too); its first lines of output are the message.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::verdict::CheckOutcome;

/// A checker, resolved from `problem.toml`.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Checker {
    #[default]
    Tokens,
    Lines,
    Float {
        /// Largest accepted absolute or relative error.
        tolerance: f64,
    },
    External {
        /// The checker program and leading arguments; relative paths are relative to the
        /// problem's folder.
        command: Vec<String>,
        /// How long the checker may run.
        time_limit: Duration,
    },
}

impl Checker {
    /// The checker's name for listings: `tokens`, `lines`, `float`, `external`.
    pub fn name(&self) -> &'static str {
        match self {
            Checker::Tokens => "tokens",
            Checker::Lines => "lines",
            Checker::Float { .. } => "float",
            Checker::External { .. } => "external",
        }
    }
}

/// Where the first difference between output and answer is, for the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// 1-based line of the output where the differing token stands (or where output ended).
    pub line: usize,
    /// 1-based index of the token in the whole output.
    pub token_index: usize,
    pub expected: Option<String>,
    pub received: Option<String>,
}

impl Difference {
    pub fn describe(&self) -> String {
        let show = |t: &Option<String>| match t {
            Some(text) => format!("{:?}", clip(text, 40)),
            None => "end of output".to_string(),
        };
        format!(
            "token {} (line {}): expected {}, received {}",
            self.token_index,
            self.line,
            show(&self.expected),
            show(&self.received)
        )
    }
}

/// The text cut to its first `limit` characters, with "..." when anything was cut: for
/// messages that quote what a program wrote.
pub fn clip(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        text.to_string()
    } else {
        let head: String = text.chars().take(limit).collect();
        format!("{head}...")
    }
}

/// Tokens with the 1-based line each stands on, as raw bytes: output that is not UTF-8 is
/// compared byte for byte, so it can never pass for an answer it does not equal.
fn tokens_with_lines(text: &[u8]) -> Vec<(usize, &[u8])> {
    let mut tokens = Vec::new();
    for (number, line) in text.split(|&b| b == b'\n').enumerate() {
        for token in line
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
        {
            tokens.push((number + 1, token));
        }
    }
    tokens
}

/// The first token where `output` differs from `answer` under `equal` (which sees tokens as
/// text only when both are UTF-8; other tokens must be equal as bytes).
pub fn first_token_difference(
    output: &[u8],
    answer: &[u8],
    equal: impl Fn(&str, &str) -> bool,
) -> Option<Difference> {
    let received = tokens_with_lines(output);
    let expected = tokens_with_lines(answer);
    let same = |got: &[u8], want: &[u8]| match (std::str::from_utf8(got), std::str::from_utf8(want))
    {
        (Ok(g), Ok(w)) => equal(g, w),
        _ => got == want,
    };
    let text = |token: &[u8]| String::from_utf8_lossy(token).into_owned();
    let count = received.len().max(expected.len());
    for index in 0..count {
        let got = received.get(index);
        let want = expected.get(index);
        let equal_here = matches!((got, want), (Some(g), Some(w)) if same(g.1, w.1));
        if !equal_here {
            let line = got
                .map(|g| g.0)
                .or_else(|| received.last().map(|l| l.0))
                .unwrap_or(1);
            return Some(Difference {
                line,
                token_index: index + 1,
                expected: want.map(|w| text(w.1)),
                received: got.map(|g| text(g.1)),
            });
        }
    }
    None
}

fn floats_equal(got: &str, want: &str, tolerance: f64) -> bool {
    if got == want {
        return true;
    }
    match (got.parse::<f64>(), want.parse::<f64>()) {
        (Ok(g), Ok(w)) if g.is_finite() && w.is_finite() => {
            let error = (g - w).abs();
            error <= tolerance || error <= tolerance * w.abs()
        }
        _ => false,
    }
}

fn normalized_lines(text: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(text);
    let mut lines: Vec<String> = text
        .split('\n')
        .map(|l| l.trim_end_matches(['\r', ' ', '\t']).to_string())
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

impl Checker {
    /// Checks `output` against `answer` for `input`. `problem_dir` anchors relative paths of
    /// an external checker; `scratch` is a folder where input files for it may be written.
    pub fn check(
        &self,
        input: &[u8],
        output: &[u8],
        answer: &[u8],
        problem_dir: &Path,
        scratch: &Path,
    ) -> CheckOutcome {
        match self {
            Checker::Tokens => match first_token_difference(output, answer, |a, b| a == b) {
                None => CheckOutcome::Accepted,
                Some(diff) => CheckOutcome::WrongAnswer(diff.describe()),
            },
            Checker::Float { tolerance } => {
                match first_token_difference(output, answer, |a, b| floats_equal(a, b, *tolerance))
                {
                    None => CheckOutcome::Accepted,
                    Some(diff) => CheckOutcome::WrongAnswer(diff.describe()),
                }
            }
            Checker::Lines => {
                let got = normalized_lines(output);
                let want = normalized_lines(answer);
                for index in 0..got.len().max(want.len()) {
                    if got.get(index) != want.get(index) {
                        let show = |l: Option<&String>| {
                            l.map_or("end of output".to_string(), |l| {
                                format!("{:?}", clip(l, 60))
                            })
                        };
                        let message = format!(
                            "line {}: expected {}, received {}",
                            index + 1,
                            show(want.get(index)),
                            show(got.get(index))
                        );
                        // Same tokens, different spacing: a presentation error.
                        return if first_token_difference(output, answer, |a, b| a == b).is_none() {
                            CheckOutcome::PresentationError(message)
                        } else {
                            CheckOutcome::WrongAnswer(message)
                        };
                    }
                }
                CheckOutcome::Accepted
            }
            Checker::External {
                command,
                time_limit,
            } => run_external(
                command,
                *time_limit,
                input,
                output,
                answer,
                problem_dir,
                scratch,
            ),
        }
    }
}

fn run_external(
    command: &[String],
    time_limit: Duration,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    problem_dir: &Path,
    scratch: &Path,
) -> CheckOutcome {
    let Some((program, leading)) = command.split_first() else {
        return CheckOutcome::JudgeError("the external checker has an empty command".into());
    };
    let write = |name: &str, bytes: &[u8]| -> std::io::Result<PathBuf> {
        let path = scratch.join(name);
        std::fs::write(&path, bytes)?;
        Ok(path)
    };
    let files = (|| {
        Ok::<_, std::io::Error>((
            write("checker.in", input)?,
            write("checker.out", output)?,
            write("checker.ans", answer)?,
        ))
    })();
    let (input_path, output_path, answer_path) = match files {
        Ok(paths) => paths,
        Err(e) => return CheckOutcome::JudgeError(format!("cannot write checker files: {e}")),
    };
    let program_path = if program.contains('/') {
        problem_dir.join(program)
    } else {
        PathBuf::from(program)
    };
    let mut checker = Command::new(&program_path);
    checker
        .args(leading)
        .arg(&input_path)
        .arg(&output_path)
        .arg(&answer_path);
    let ended = match crate::sandbox::run_limited(&mut checker, time_limit, 64 * 1024) {
        Ok(ended) => ended,
        Err(e) => {
            return CheckOutcome::JudgeError(format!(
                "cannot start checker {}: {e}",
                program_path.display()
            ))
        }
    };
    let Some(status) = ended.status else {
        return CheckOutcome::JudgeError("the checker ran out of time".into());
    };
    let message = {
        let (stdout, stderr) = (&ended.stdout, &ended.stderr);
        let text = String::from_utf8_lossy(if stderr.is_empty() { stdout } else { stderr });
        clip(text.trim(), 500)
    };
    match status.code() {
        Some(0) => CheckOutcome::Accepted,
        Some(1) => CheckOutcome::WrongAnswer(message),
        Some(2) => CheckOutcome::PresentationError(message),
        Some(3) => CheckOutcome::JudgeError(format!("the checker failed: {message}")),
        _ => CheckOutcome::JudgeError(format!("the checker ended with {status}: {message}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(checker: &Checker, output: &str, answer: &str) -> CheckOutcome {
        let dir = tempfile::tempdir().unwrap();
        checker.check(
            b"",
            output.as_bytes(),
            answer.as_bytes(),
            dir.path(),
            dir.path(),
        )
    }

    #[test]
    fn tokens_ignore_spacing_and_line_ends() {
        assert_eq!(
            check(&Checker::Tokens, "1 3 2", "1\n3 2\n"),
            CheckOutcome::Accepted
        );
        assert_eq!(
            check(&Checker::Tokens, "16\r\n", "16\n"),
            CheckOutcome::Accepted
        );
        assert_eq!(
            check(&Checker::Tokens, "  16  \n\n", "16\n"),
            CheckOutcome::Accepted
        );
    }

    #[test]
    fn tokens_report_the_first_difference_with_its_line() {
        let outcome = check(&Checker::Tokens, "1\n3 3\n", "1\n3 2\n");
        assert_eq!(
            outcome,
            CheckOutcome::WrongAnswer(
                "token 3 (line 2): expected \"2\", received \"3\"".to_string()
            )
        );
        let short = check(&Checker::Tokens, "", "16\n");
        assert!(matches!(short, CheckOutcome::WrongAnswer(m) if m.contains("end of output")));
        let long = check(&Checker::Tokens, "16 16", "16\n");
        assert!(
            matches!(long, CheckOutcome::WrongAnswer(m) if m.contains("expected end of output"))
        );
    }

    #[test]
    fn non_utf8_output_is_wrong_not_a_crash() {
        let dir = tempfile::tempdir().unwrap();
        let outcome = Checker::Tokens.check(b"", b"\xff\xfe", b"16\n", dir.path(), dir.path());
        assert!(matches!(outcome, CheckOutcome::WrongAnswer(_)));
    }

    #[test]
    fn lines_are_strict_but_forgive_trailing_space_and_crlf() {
        assert_eq!(
            check(&Checker::Lines, "1\r\n3 2 \n\n", "1\n3 2\n"),
            CheckOutcome::Accepted
        );
        assert!(matches!(
            check(&Checker::Lines, "1 3 2\n", "1\n3 2\n"),
            CheckOutcome::PresentationError(_)
        ));
        assert!(matches!(
            check(&Checker::Lines, "1\n3 1\n", "1\n3 2\n"),
            CheckOutcome::WrongAnswer(_)
        ));
    }

    #[test]
    fn floats_accept_small_errors_only() {
        let checker = Checker::Float { tolerance: 1e-6 };
        assert_eq!(
            check(&checker, "0.3333333", "0.33333333\n"),
            CheckOutcome::Accepted
        );
        assert_eq!(
            check(&checker, "1000000.5", "1000000.0"),
            CheckOutcome::Accepted
        );
        assert!(matches!(
            check(&checker, "0.334", "0.333"),
            CheckOutcome::WrongAnswer(_)
        ));
        assert!(matches!(
            check(&checker, "nan", "0.333"),
            CheckOutcome::WrongAnswer(_)
        ));
        assert!(matches!(
            check(&checker, "x", "y"),
            CheckOutcome::WrongAnswer(_)
        ));
    }

    #[test]
    fn external_checkers_follow_the_testlib_exit_codes() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("checker.sh");
        std::fs::write(
            &script,
            "#!/bin/sh\n# $1 input, $2 output, $3 answer\nif cmp -s \"$2\" \"$3\"; then exit 0; fi\nif [ \"$(tr -d ' \\n' < \"$2\")\" = \"$(tr -d ' \\n' < \"$3\")\" ]; then echo spacing; exit 2; fi\necho differs; exit 1\n",
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let checker = Checker::External {
            command: vec!["./checker.sh".into()],
            time_limit: Duration::from_secs_f64(5.0),
        };
        let run =
            |out: &str| checker.check(b"in", out.as_bytes(), b"1 2\n", dir.path(), dir.path());
        assert_eq!(run("1 2\n"), CheckOutcome::Accepted);
        assert_eq!(
            run("12\n"),
            CheckOutcome::PresentationError("spacing".into())
        );
        assert_eq!(run("1 3\n"), CheckOutcome::WrongAnswer("differs".into()));
        let missing = Checker::External {
            command: vec!["./nope".into()],
            time_limit: Duration::from_secs_f64(1.0),
        };
        assert!(matches!(
            missing.check(b"", b"", b"", dir.path(), dir.path()),
            CheckOutcome::JudgeError(_)
        ));
    }

    #[test]
    fn a_checker_out_of_time_is_ended_with_everything_it_started() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("slow.sh");
        std::fs::write(
            &script,
            "#!/bin/sh\nsleep 30 &\necho $! > \"$(dirname \"$0\")/sleeper.pid\"\nwait\n",
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let checker = Checker::External {
            command: vec!["./slow.sh".into()],
            time_limit: Duration::from_secs_f64(0.5),
        };
        let started = std::time::Instant::now();
        let outcome = checker.check(b"", b"", b"", dir.path(), dir.path());
        assert_eq!(
            outcome,
            CheckOutcome::JudgeError("the checker ran out of time".into())
        );
        assert!(started.elapsed() < Duration::from_secs(10));
        let sleeper: i32 = std::fs::read_to_string(dir.path().join("sleeper.pid"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        // The sleeper, reparented when the shell died, is gone or a zombie about to be reaped.
        let deadline = std::time::Instant::now() + Duration::from_secs(2);
        loop {
            let state = std::fs::read_to_string(format!("/proc/{sleeper}/stat"))
                .ok()
                .and_then(|stat| stat.rsplit(')').next().map(|rest| rest.trim().to_string()));
            if state.as_deref().is_none_or(|rest| rest.starts_with('Z')) {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the checker's child {sleeper} still runs"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
