//! The checks of inputs by a problem's validator (`judge validate`): one line per input, in
//! the order given, as each is checked: `FILE: valid` (`FILE: valid (validator v.py)` for
//! each of a package's validators), `FILE: invalid: why`, or `FILE: not checked: why` when the
//! validator itself failed on it (named, with what it did).

use std::io::{self, Write};

use super::style;
use super::{Event, Reporter};
use judge_core::quote;
use judge_core::verdict::Verdict;
use judge_engine::grade::validation::{InputCheck, PROBLEM_VALIDATOR};

pub struct ValidationReporter<W: Write> {
    out: W,
}

impl<W: Write> ValidationReporter<W> {
    pub fn new(out: W) -> Self {
        ValidationReporter { out }
    }
}

impl<W: Write> Reporter for ValidationReporter<W> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        let Event::InputChecked(done) = event else {
            return Ok(());
        };
        // The input's name and what a validator said, with their control characters escaped.
        let input = quote::terminal(&done.input);
        let line = match &done.check {
            // A package's validators are named (the input is checked by each in turn).
            InputCheck::Valid if done.validator == PROBLEM_VALIDATOR => {
                format!("{input}: valid")
            }
            InputCheck::Valid => {
                format!("{input}: valid ({})", quote::terminal(&done.validator))
            }
            InputCheck::Invalid(why) => style::verdict(
                &Verdict::WrongAnswer,
                &format!("{input}: invalid: {}", quote::terminal(why)),
            ),
            InputCheck::Failed(why) => style::verdict(
                &Verdict::JudgeError,
                &format!("{input}: not checked: {}", quote::terminal(why)),
            ),
        };
        writeln!(self.out, "{line}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_engine::grade::validation::CheckedInput;

    #[test]
    fn each_input_gets_a_line_that_says_what_its_validator_said() {
        let mut out = Vec::new();
        let mut reporter = ValidationReporter::new(&mut out);
        for (input, validator, check) in [
            ("a.in", PROBLEM_VALIDATOR, InputCheck::Valid),
            (
                "b.in",
                PROBLEM_VALIDATOR,
                InputCheck::Invalid("the validator says: 3 > 2".into()),
            ),
            (
                "c.in",
                PROBLEM_VALIDATOR,
                InputCheck::Failed("the validator v.py hung".into()),
            ),
            ("d.in", "validator even.py", InputCheck::Valid),
            ("d.in", "validator format.ctd", InputCheck::Valid),
        ] {
            let done = CheckedInput {
                input: input.into(),
                validator: validator.into(),
                check,
            };
            reporter.report(&Event::InputChecked(&done)).unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        let plain: String = text
            .split('\x1b')
            .enumerate()
            .map(|(i, part)| {
                if i == 0 {
                    part
                } else {
                    part.split_once('m').map_or("", |(_, rest)| rest)
                }
            })
            .collect();
        assert_eq!(
            plain,
            "a.in: valid\nb.in: invalid: the validator says: 3 > 2\nc.in: not checked: the validator v.py hung\n\
             d.in: valid (validator even.py)\nd.in: valid (validator format.ctd)\n"
        );
    }
}
