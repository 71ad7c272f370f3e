//! The partial scores a checker or output validator gives, parsed and held to their bounds:
//! a Kattis `score.txt` and 2023-07 `score_multiplier.txt` (one number, in the feedback
//! folder), testlib's `quitp(points)` and `quitf(_pc(n))` (read from the checker's standard
//! error: `points 12.5 ...`, `partially correct (40) ...`), and a number alone on the first
//! line of a checker's output. Each refusal names the file or stream and the bound.

use thiserror::Error;

use crate::bounds::{OutOfBounds, SCORE};

use super::aggregate::ValidatorScore;

/// A partial score judge cannot use: the place it came from (`score.txt`, `checker stderr`)
/// and why.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ScoreError {
    #[error("{from}: holds {found:?}, not one number")]
    NotANumber { from: String, found: String },
    #[error("{from}: the score {bound}")]
    OutOfBounds { from: String, bound: OutOfBounds },
    #[error("{from}: the multiplier must be between 0 and 1, found {found}")]
    Multiplier { from: String, found: f64 },
    #[error("{from}: the outcome must be between 0 and 1, found {found}")]
    Fraction { from: String, found: f64 },
}

/// The one number `text` holds (whitespace around it allowed), finite.
fn one_number(text: &str, from: &str) -> Result<f64, ScoreError> {
    let trimmed = text.trim();
    let not_a_number = || ScoreError::NotANumber {
        from: from.to_string(),
        found: shorten(trimmed),
    };
    // Rust reads `inf` and `nan` too; they are refused by the bound below.
    let value: f64 = trimmed.parse().map_err(|_| not_a_number())?;
    SCORE.real(value).map_err(|bound| ScoreError::OutOfBounds {
        from: from.to_string(),
        bound,
    })
}

/// A short quote of what was found (a score file may be large and hostile).
fn shorten(text: &str) -> String {
    let mut quoted: String = text.chars().take(40).collect();
    if quoted.len() < text.len() {
        quoted.push('…');
    }
    quoted
}

/// The score of a Kattis `score.txt` (its contents).
pub fn score_txt(text: &str) -> Result<ValidatorScore, ScoreError> {
    one_number(text, "score.txt").map(ValidatorScore::Score)
}

/// The multiplier of a 2023-07 `score_multiplier.txt` (its contents): between 0 and 1.
pub fn score_multiplier_txt(text: &str) -> Result<ValidatorScore, ScoreError> {
    let from = "score_multiplier.txt";
    let value = one_number(text, from)?;
    if !(0.0..=1.0).contains(&value) {
        return Err(ScoreError::Multiplier {
            from: from.to_string(),
            found: value,
        });
    }
    Ok(ValidatorScore::Multiplier(value))
}

/// The feedback folder's score, given the contents of `score.txt` and
/// `score_multiplier.txt` where each exists: both at once is an error (2023-07).
pub fn feedback_score(
    score: Option<&str>,
    multiplier: Option<&str>,
) -> Result<Option<ValidatorScore>, ScoreError> {
    match (score, multiplier) {
        (None, None) => Ok(None),
        (Some(text), None) => score_txt(text).map(Some),
        (None, Some(text)) => score_multiplier_txt(text).map(Some),
        (Some(_), Some(_)) => Err(ScoreError::NotANumber {
            from: "score.txt and score_multiplier.txt".into(),
            found: "both written; a validator writes one".into(),
        }),
    }
}

/// The points a testlib checker gave on its standard error, if it gave any:
/// `points X ...` (`quitp(X)`) or `partially correct (N) ...` (`quitf(_pc(N))`). `None` when
/// the first line is neither (the checker's verdict stands alone).
pub fn testlib_points(stderr: &str) -> Result<Option<f64>, ScoreError> {
    let from = "checker stderr";
    let first = stderr.lines().next().unwrap_or("").trim_start();
    if let Some(rest) = first.strip_prefix("points ") {
        let number = rest.split_whitespace().next().unwrap_or("");
        return one_number(number, from).map(Some);
    }
    if let Some(rest) = first.strip_prefix("partially correct (") {
        let number = rest.split(')').next().unwrap_or("");
        return one_number(number, from).map(Some);
    }
    Ok(None)
}

/// A number alone on the first line of `output` (a checker that prints its score).
pub fn number_on_a_line(output: &str, from: &str) -> Result<f64, ScoreError> {
    one_number(output.lines().next().unwrap_or(""), from)
}

/// A fraction from 0 to 1 alone on the first line of `output` (a CMS checker's outcome).
pub fn fraction_on_a_line(output: &str, from: &str) -> Result<f64, ScoreError> {
    let value = number_on_a_line(output, from)?;
    if !(0.0..=1.0).contains(&value) {
        return Err(ScoreError::Fraction {
            from: from.to_string(),
            found: value,
        });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_txt_holds_one_finite_number() {
        assert_eq!(score_txt("42\n"), Ok(ValidatorScore::Score(42.0)));
        assert_eq!(score_txt("  2.5e1 "), Ok(ValidatorScore::Score(25.0)));
        assert_eq!(score_txt("-3"), Ok(ValidatorScore::Score(-3.0)));
        let error = score_txt("12 13").unwrap_err();
        assert_eq!(
            error.to_string(),
            "score.txt: holds \"12 13\", not one number"
        );
        for bad in ["", "abc", "nan", "inf", "1e400"] {
            assert!(score_txt(bad).is_err(), "{bad:?}");
        }
        let error = score_txt("1e300").unwrap_err().to_string();
        assert!(
            error.starts_with("score.txt: the score must be between"),
            "{error}"
        );
        // A long file is quoted shortly.
        let long = "x".repeat(10_000);
        assert!(score_txt(&long).unwrap_err().to_string().len() < 100);
    }

    #[test]
    fn multipliers_are_fractions() {
        assert_eq!(
            score_multiplier_txt("0.25"),
            Ok(ValidatorScore::Multiplier(0.25))
        );
        assert_eq!(
            score_multiplier_txt("1"),
            Ok(ValidatorScore::Multiplier(1.0))
        );
        assert_eq!(
            score_multiplier_txt("1.5").unwrap_err().to_string(),
            "score_multiplier.txt: the multiplier must be between 0 and 1, found 1.5"
        );
        assert!(score_multiplier_txt("-0.1").is_err());
        assert_eq!(feedback_score(None, None), Ok(None));
        assert_eq!(
            feedback_score(Some("3"), None),
            Ok(Some(ValidatorScore::Score(3.0)))
        );
        assert!(feedback_score(Some("3"), Some("0.5")).is_err());
    }

    #[test]
    fn testlib_points_and_partial_credit() {
        assert_eq!(testlib_points("points 12.5 good enough\n"), Ok(Some(12.5)));
        assert_eq!(
            testlib_points("partially correct (40) half\n"),
            Ok(Some(40.0))
        );
        assert_eq!(testlib_points("ok 3 numbers\n"), Ok(None));
        assert_eq!(testlib_points(""), Ok(None));
        assert!(testlib_points("points many\n").is_err());
    }

    #[test]
    fn a_number_on_the_first_line() {
        assert_eq!(number_on_a_line("0.75\nrest\n", "checker stdout"), Ok(0.75));
        assert_eq!(
            number_on_a_line("seven\n", "checker stdout")
                .unwrap_err()
                .to_string(),
            "checker stdout: holds \"seven\", not one number"
        );
        assert_eq!(fraction_on_a_line("0.5\n", "stdout"), Ok(0.5));
        assert_eq!(fraction_on_a_line(" 1 \nok\n", "stdout"), Ok(1.0));
        assert_eq!(
            fraction_on_a_line("1.5\n", "stdout")
                .unwrap_err()
                .to_string(),
            "stdout: the outcome must be between 0 and 1, found 1.5"
        );
        assert!(fraction_on_a_line("-0.1", "stdout").is_err());
        assert!(fraction_on_a_line("", "stdout").is_err());
    }
}
