//! The Kattis problem package format's default output validator, as the format defines it:
//! tokens separated by whitespace, compared case-insensitively unless `case_sensitive`;
//! whitespace free unless `space_change_sensitive` (then it must match exactly); with
//! `float_absolute_tolerance`, `float_relative_tolerance` or `float_tolerance` (both), an
//! answer token that is a finite number is compared numerically, passing when either
//! tolerance holds. Numbers are read as C's `scanf("%lf")` reads them (the reference tool's
//! validator is a C++ program that does), hexadecimal floats and an unfinished exponent
//! (`1e`, `1e+`) included; `inf` and `nan` are not numbers but words.

use crate::verdict::CheckOutcome;

/// The options the validator's flags set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    pub case_sensitive: bool,
    pub space_change_sensitive: bool,
    /// A negative tolerance is off.
    pub absolute_tolerance: f64,
    pub relative_tolerance: f64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            case_sensitive: false,
            space_change_sensitive: false,
            absolute_tolerance: -1.0,
            relative_tolerance: -1.0,
        }
    }
}

impl Options {
    /// The options of a flag list (`validator_flags` then a group's `output_validator_flags`);
    /// an unknown flag, or a tolerance that is missing or not a finite number, is an error (the
    /// reference validator aborts: a judge error).
    pub fn from_flags(flags: &[String]) -> Result<Options, String> {
        let mut options = Options::default();
        let mut words = flags.iter();
        while let Some(flag) = words.next() {
            let mut tolerance = || -> Result<f64, String> {
                let value = words
                    .next()
                    .ok_or_else(|| format!("the flag {flag} needs a value"))?;
                match read_float(value) {
                    Some(number) => Ok(number),
                    None => Err(format!("the flag {flag} needs a number, not {value:?}")),
                }
            };
            match flag.as_str() {
                "case_sensitive" => options.case_sensitive = true,
                "space_change_sensitive" => options.space_change_sensitive = true,
                "float_absolute_tolerance" => options.absolute_tolerance = tolerance()?,
                "float_relative_tolerance" => options.relative_tolerance = tolerance()?,
                "float_tolerance" => {
                    let value = tolerance()?;
                    options.absolute_tolerance = value;
                    options.relative_tolerance = value;
                }
                other => return Err(format!("unknown flag {other:?}")),
            }
        }
        Ok(options)
    }

    fn compares_floats(&self) -> bool {
        self.absolute_tolerance >= 0.0 || self.relative_tolerance >= 0.0
    }
}

/// C's `isspace` in the "C" locale.
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// A token and where it stands.
struct Token<'a> {
    text: &'a [u8],
    line: usize,
}

/// The bytes with a cursor: tokens, and the whitespace before them.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Reader {
            bytes,
            at: 0,
            line: 1,
        }
    }

    /// The whitespace from here to the next token (or the end).
    fn whitespace(&mut self) -> &'a [u8] {
        let start = self.at;
        while self.at < self.bytes.len() && is_space(self.bytes[self.at]) {
            if self.bytes[self.at] == b'\n' {
                self.line += 1;
            }
            self.at += 1;
        }
        &self.bytes[start..self.at]
    }

    /// The next token, after the whitespace has been taken.
    fn token(&mut self) -> Option<Token<'a>> {
        let start = self.at;
        while self.at < self.bytes.len() && !is_space(self.bytes[self.at]) {
            self.at += 1;
        }
        (self.at > start).then(|| Token {
            text: &self.bytes[start..self.at],
            line: self.line,
        })
    }
}

/// Compares a program's `output` with the `answer` under `options`.
pub fn check(output: &[u8], answer: &[u8], options: &Options) -> CheckOutcome {
    let mut judge = Reader::new(answer);
    let mut user = Reader::new(output);
    let wrong = |user_line: usize, judge_line: usize, detail: String| {
        CheckOutcome::WrongAnswer(format!(
            "wrong answer on line {user_line} of output (line {judge_line} of the answer): {detail}"
        ))
    };
    loop {
        let judge_space = judge.whitespace();
        let user_space = user.whitespace();
        if options.space_change_sensitive && judge_space != user_space {
            return wrong(
                user.line,
                judge.line,
                format!(
                    "space change: expected {:?}, got {:?}",
                    String::from_utf8_lossy(judge_space),
                    String::from_utf8_lossy(user_space)
                ),
            );
        }
        let (expected, got) = (judge.token(), user.token());
        let (expected, got) = match (expected, got) {
            (None, None) => return CheckOutcome::Accepted,
            (None, Some(got)) => {
                return wrong(
                    got.line,
                    judge.line,
                    format!("trailing output {:?}", clipped(got.text)),
                )
            }
            (Some(expected), None) => {
                return wrong(
                    user.line,
                    expected.line,
                    format!("the output ended; expected {:?}", clipped(expected.text)),
                )
            }
            (Some(expected), Some(got)) => (expected, got),
        };
        if options.compares_floats() {
            if let Some(want) = read_float_bytes(expected.text) {
                let Some(value) = read_float_bytes(got.text) else {
                    return wrong(
                        got.line,
                        expected.line,
                        format!("expected a number, got {:?}", clipped(got.text)),
                    );
                };
                let error = (want - value).abs();
                let close = (options.absolute_tolerance >= 0.0
                    && error <= options.absolute_tolerance)
                    || (options.relative_tolerance >= 0.0
                        && error <= options.relative_tolerance * want.abs());
                if !close {
                    return wrong(
                        got.line,
                        expected.line,
                        format!(
                            "expected {}, got {} (difference {error:e})",
                            String::from_utf8_lossy(expected.text),
                            clipped(got.text)
                        ),
                    );
                }
                continue;
            }
        }
        let same = if options.case_sensitive {
            expected.text == got.text
        } else {
            expected.text.eq_ignore_ascii_case(got.text)
        };
        if !same {
            return wrong(
                got.line,
                expected.line,
                format!(
                    "expected {:?}, got {:?}",
                    clipped(expected.text),
                    clipped(got.text)
                ),
            );
        }
    }
}

fn clipped(text: &[u8]) -> String {
    crate::check::clip(&String::from_utf8_lossy(text), 40)
}

fn read_float_bytes(text: &[u8]) -> Option<f64> {
    std::str::from_utf8(text).ok().and_then(read_float)
}

/// A whole token as a finite number, the way `scanf("%lf%10s")` reads exactly one item: the
/// longest prefix in a number's shape (sign, decimal or `0x` hexadecimal digits with a point,
/// an exponent whose digits may be missing) must be the whole token. `inf`, `nan` and numbers
/// too large for a double are not finite, so not numbers here.
pub fn read_float(token: &str) -> Option<f64> {
    let bytes = token.as_bytes();
    let mut at = 0;
    let negative = match bytes.first() {
        Some(b'-') => {
            at = 1;
            true
        }
        Some(b'+') => {
            at = 1;
            false
        }
        _ => false,
    };
    let rest = &bytes[at..];
    let hexadecimal = rest.len() >= 2 && rest[0] == b'0' && (rest[1] == b'x' || rest[1] == b'X');
    let value = if hexadecimal {
        read_hexadecimal(&rest[2..])?
    } else {
        read_decimal(rest)?
    };
    let value = if negative { -value } else { value };
    value.is_finite().then_some(value)
}

/// Digits `[. digits]` then an exponent mark `e`/`p` with an optional sign and optional
/// digits: (integer digits, fraction digits, exponent digits with sign), or `None` when the
/// text is not wholly in that shape or has no digit.
#[allow(clippy::type_complexity)]
fn number_shape(
    text: &[u8],
    is_digit: impl Fn(u8) -> bool,
    exponent_marks: [u8; 2],
) -> Option<(&[u8], &[u8], &[u8])> {
    let mut at = 0;
    let take = |at: &mut usize, ok: &dyn Fn(u8) -> bool| {
        let start = *at;
        while *at < text.len() && ok(text[*at]) {
            *at += 1;
        }
        &text[start..*at]
    };
    let whole = take(&mut at, &is_digit);
    let fraction = if text.get(at) == Some(&b'.') {
        at += 1;
        take(&mut at, &is_digit)
    } else {
        &text[at..at]
    };
    let mut exponent: &[u8] = &[];
    if text.get(at).is_some_and(|b| exponent_marks.contains(b)) {
        at += 1;
        let start = at;
        if text.get(at).is_some_and(|b| *b == b'+' || *b == b'-') {
            at += 1;
        }
        take(&mut at, &|b: u8| b.is_ascii_digit());
        exponent = &text[start..at];
    }
    (at == text.len()).then_some((whole, fraction, exponent))
}

/// An exponent's value; an unfinished one (`""`, `"+"`, `"-"`) counts as none.
fn exponent_value(exponent: &[u8]) -> i64 {
    let text = String::from_utf8_lossy(exponent);
    let digits = text.trim_start_matches(['+', '-']);
    if digits.is_empty() {
        return 0;
    }
    let magnitude: i64 = digits.parse().unwrap_or(i64::MAX / 4).min(1 << 40);
    if text.starts_with('-') {
        -magnitude
    } else {
        magnitude
    }
}

fn read_decimal(text: &[u8]) -> Option<f64> {
    let (whole, fraction, exponent) = number_shape(text, |b| b.is_ascii_digit(), [b'e', b'E'])?;
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let normalized = format!(
        "{}.{}e{}",
        String::from_utf8_lossy(if whole.is_empty() { b"0" } else { whole }),
        String::from_utf8_lossy(if fraction.is_empty() { b"0" } else { fraction }),
        exponent_value(exponent)
    );
    normalized.parse().ok()
}

fn read_hexadecimal(text: &[u8]) -> Option<f64> {
    let (whole, fraction, exponent) = number_shape(text, |b| b.is_ascii_hexdigit(), [b'p', b'P'])?;
    // `0x.` reads as zero; `0x` alone is not a number.
    if whole.is_empty() && fraction.is_empty() && !text.starts_with(b".") {
        return None;
    }
    let mut value = 0.0f64;
    for digit in whole.iter().chain(fraction) {
        value = value * 16.0 + f64::from((*digit as char).to_digit(16)?);
    }
    let scale = exponent_value(exponent) - 4 * fraction.len() as i64;
    Some(value * 2f64.powi(scale.clamp(-2000, 2000) as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(words: &str) -> Options {
        let flags: Vec<String> = words.split_whitespace().map(String::from).collect();
        Options::from_flags(&flags).unwrap()
    }

    fn accepted(output: &str, answer: &str, words: &str) -> bool {
        check(output.as_bytes(), answer.as_bytes(), &flags(words)) == CheckOutcome::Accepted
    }

    #[test]
    fn tokens_with_any_spacing_and_any_case() {
        assert!(accepted("1  2\r\n\n3 ", "1 2 3\n", ""));
        assert!(accepted("IMPOSSIBLE\n", "impossible\n", ""));
        assert!(!accepted("IMPOSSIBLE\n", "impossible\n", "case_sensitive"));
        assert!(accepted("Été\n", "Été\n", ""));
        assert!(
            !accepted("ÉTÉ\n", "été\n", ""),
            "bytes over 0x7f are compared exactly"
        );
        assert!(accepted("", "", "") && accepted(" \n", "", ""));
        assert!(!accepted("1 2\n", "1\n", ""), "trailing output");
        assert!(!accepted("1\n", "1 2\n", ""), "the output ends early");
        assert!(
            !accepted("5.0\n", "5\n", ""),
            "without a tolerance numbers are words"
        );
    }

    #[test]
    fn space_change_sensitive_wants_the_same_whitespace() {
        assert!(accepted("1 2\n", "1 2\n", "space_change_sensitive"));
        for output in ["1  2\n", "1 2", "1 2\r\n", "1 2 \n", " 1 2\n", "1\n2\n"] {
            assert!(
                !accepted(output, "1 2\n", "space_change_sensitive"),
                "{output:?}"
            );
        }
    }

    #[test]
    fn floats_pass_within_either_tolerance() {
        // Absolute: |a - o| <= 1e-6.
        assert!(accepted(
            "0.0000005\n",
            "0\n",
            "float_absolute_tolerance 1e-6"
        ));
        assert!(!accepted(
            "0.000002\n",
            "0\n",
            "float_absolute_tolerance 1e-6"
        ));
        // Relative: |a - o| <= 1e-6 |a|.
        assert!(accepted(
            "1000000.5\n",
            "1000000\n",
            "float_relative_tolerance 1e-6"
        ));
        assert!(!accepted(
            "1000002\n",
            "1000000\n",
            "float_relative_tolerance 1e-6"
        ));
        // Both: either passing is enough.
        assert!(accepted(
            "142857100\n",
            "142857142.8\n",
            "float_tolerance 1e-6"
        ));
        assert!(accepted("0.000000\n", "1e-9\n", "float_tolerance 1e-6"));
        // In double arithmetic 0.1 - 0.100001 is a little over 1e-6.
        assert!(!accepted(
            "0.100001\n",
            "0.1\n",
            "float_absolute_tolerance 1e-6"
        ));
        // A negative tolerance is off.
        assert!(!accepted("1.5\n", "1\n", "float_absolute_tolerance -1"));
        // An answer that is a number needs a number.
        assert!(!accepted("abc\n", "1\n", "float_tolerance 1e-6"));
        // Words among numbers are still words.
        assert!(accepted(
            "Yes 1.0000001\n",
            "yes 1\n",
            "float_tolerance 1e-6"
        ));
    }

    #[test]
    fn numbers_in_any_notation() {
        for output in [
            "0.001",
            "1e-3",
            "1E-03",
            ".001",
            "+0.001",
            "1.0E-3",
            "0x1.0624dd2f1a9fcp-10",
        ] {
            assert!(
                accepted(output, "1.000000000000e-03\n", "float_tolerance 1e-9"),
                "{output}"
            );
        }
        assert!(accepted(
            "6.666666666666667E-1",
            "0.6666666667\n",
            "float_tolerance 1e-6"
        ));
        assert!(accepted("999999999", "999999999\n", "float_tolerance 1e-6"));
        assert_eq!(read_float("0x10"), Some(16.0));
        assert_eq!(read_float("0X1P0"), Some(1.0));
        assert_eq!(read_float("1."), Some(1.0));
        assert_eq!(read_float("0001"), Some(1.0));
    }

    #[test]
    fn scanf_reads_an_unfinished_exponent_and_no_infinity() {
        // scanf takes the longest prefix in a number's shape: an exponent without digits is
        // read and ignored.
        for (token, value) in [
            ("1e", 1.0),
            ("1e+", 1.0),
            ("1e-", 1.0),
            ("0x1p", 1.0),
            ("0x.", 0.0),
        ] {
            assert_eq!(read_float(token), Some(value), "{token}");
        }
        for token in [
            "inf", "infinity", "-inf", "nan", "NaN", "nan(1)", "1e400", "0x", ".", "-", "1d0",
            "1_0", "0.001f", "1e-3x", "",
        ] {
            assert_eq!(read_float(token), None, "{token}");
        }
        // An answer that is not a finite number is compared as a word, case-insensitively.
        assert!(accepted("INF\n", "inf\n", "float_tolerance 1e-6"));
        assert!(!accepted("inf\n", "1e400\n", "float_tolerance 1e-6"));
        // An output of inf for a finite answer is wrong.
        assert!(!accepted("inf\n", "1\n", "float_tolerance 1e-6"));
    }

    #[test]
    fn bad_flags_are_refused() {
        for words in [
            "float_tolerance",
            "float_tolerance x",
            "float_tolerance inf",
            "strict",
        ] {
            let flags: Vec<String> = words.split_whitespace().map(String::from).collect();
            assert!(Options::from_flags(&flags).is_err(), "{words}");
        }
    }

    #[test]
    fn a_wrong_answer_names_its_lines() {
        let outcome = check(b"1\n2\n4\n", b"1\n2\n3\n", &Options::default());
        assert_eq!(
            outcome,
            CheckOutcome::WrongAnswer(
                "wrong answer on line 3 of output (line 3 of the answer): expected \"3\", got \"4\""
                    .into()
            )
        );
    }
}
