//! Checkers: compare a program's output with the expected answer.
//!
//! - `tokens` (default): whitespace-separated tokens must be equal; spacing and line ends do
//!   not matter.
//! - `lines`: lines must be equal exactly, except trailing whitespace and `\r\n` line ends, and
//!   trailing empty lines.
//! - `float`: tokens equal, except numbers, which may differ by an absolute or relative error
//!   up to the tolerance.
//! - `kattis`: the Kattis package format's default output validator with its flags.
//! - a checker program (problem code, run in the sandbox by `programs`), in the testlib or
//!   the Kattis convention.

pub mod kattis;

pub use crate::config::{Checker, Comparison};
use crate::verdict::CheckOutcome;

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

impl Comparison {
    /// Compares `output` with `answer`.
    pub fn check(&self, output: &[u8], answer: &[u8]) -> CheckOutcome {
        self.check_with(output, answer, &[])
    }

    /// Compares `output` with `answer`, with a test's own flags after the checker's (Kattis
    /// groups set `output_validator_flags`).
    pub fn check_with(&self, output: &[u8], answer: &[u8], test_flags: &[String]) -> CheckOutcome {
        match self {
            Comparison::Kattis { flags } => {
                let all: Vec<String> = flags.iter().chain(test_flags).cloned().collect();
                match kattis::Options::from_flags(&all) {
                    Ok(options) => kattis::check(output, answer, &options),
                    Err(why) => CheckOutcome::JudgeError(format!(
                        "the default output validator cannot run: {why}"
                    )),
                }
            }
            Comparison::Tokens => match first_token_difference(output, answer, |a, b| a == b) {
                None => CheckOutcome::Accepted,
                Some(diff) => CheckOutcome::WrongAnswer(diff.describe()),
            },
            Comparison::Float { tolerance } => {
                match first_token_difference(output, answer, |a, b| floats_equal(a, b, *tolerance))
                {
                    None => CheckOutcome::Accepted,
                    Some(diff) => CheckOutcome::WrongAnswer(diff.describe()),
                }
            }
            Comparison::Lines => {
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(checker: &Comparison, output: &str, answer: &str) -> CheckOutcome {
        checker.check(output.as_bytes(), answer.as_bytes())
    }

    #[test]
    fn tokens_ignore_spacing_and_line_ends() {
        assert_eq!(
            check(&Comparison::Tokens, "1 3 2", "1\n3 2\n"),
            CheckOutcome::Accepted
        );
        assert_eq!(
            check(&Comparison::Tokens, "16\r\n", "16\n"),
            CheckOutcome::Accepted
        );
        assert_eq!(
            check(&Comparison::Tokens, "  16  \n\n", "16\n"),
            CheckOutcome::Accepted
        );
    }

    #[test]
    fn tokens_report_the_first_difference_with_its_line() {
        let outcome = check(&Comparison::Tokens, "1\n3 3\n", "1\n3 2\n");
        assert_eq!(
            outcome,
            CheckOutcome::WrongAnswer(
                "token 3 (line 2): expected \"2\", received \"3\"".to_string()
            )
        );
        let short = check(&Comparison::Tokens, "", "16\n");
        assert!(matches!(short, CheckOutcome::WrongAnswer(m) if m.contains("end of output")));
        let long = check(&Comparison::Tokens, "16 16", "16\n");
        assert!(
            matches!(long, CheckOutcome::WrongAnswer(m) if m.contains("expected end of output"))
        );
    }

    #[test]
    fn non_utf8_output_is_wrong_not_a_crash() {
        let outcome = Comparison::Tokens.check(b"\xff\xfe", b"16\n");
        assert!(matches!(outcome, CheckOutcome::WrongAnswer(_)));
    }

    #[test]
    fn lines_are_strict_but_forgive_trailing_space_and_crlf() {
        assert_eq!(
            check(&Comparison::Lines, "1\r\n3 2 \n\n", "1\n3 2\n"),
            CheckOutcome::Accepted
        );
        assert!(matches!(
            check(&Comparison::Lines, "1 3 2\n", "1\n3 2\n"),
            CheckOutcome::PresentationError(_)
        ));
        assert!(matches!(
            check(&Comparison::Lines, "1\n3 1\n", "1\n3 2\n"),
            CheckOutcome::WrongAnswer(_)
        ));
    }

    #[test]
    fn floats_accept_small_errors_only() {
        let checker = Comparison::Float { tolerance: 1e-6 };
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
}
