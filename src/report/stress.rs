//! The report of `judge stress`: the first failing test as soon as it is found, then the
//! original and minimal inputs side by side, the expected and received output, and the
//! minimal failing test saved as `NAME.in` / `NAME.ans` in a folder with the commands that
//! run it again.

use std::io::{self, Write};
use std::path::PathBuf;

use super::{Event, Reporter};
use judge_core::cleanup::Stop;
use judge_core::problems::TestSet;
use judge_core::quote;
use judge_engine::grade::stress::{ShrunkFailure, StressSummary};

pub struct StressReporter<W: Write> {
    out: W,
    /// Where the minimal failing test is saved.
    save_dir: PathBuf,
    /// Once asked for, nothing is saved.
    stop: Stop,
}

impl<W: Write> StressReporter<W> {
    pub fn new(out: W, save_dir: PathBuf, stop: Stop) -> Self {
        StressReporter {
            out,
            save_dir,
            stop,
        }
    }

    /// Saves the minimal failing test; says where and how to run it again.
    fn save(&self, summary: &StressSummary, failure: &ShrunkFailure) -> io::Result<String> {
        let context =
            |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", self.save_dir.display()));
        std::fs::create_dir_all(&self.save_dir).map_err(context)?;
        let found = &failure.found;
        let (kind, hard_flag) = match found.set {
            TestSet::Default => ("test", ""),
            TestSet::Hard => ("hard", " --hard"),
        };
        let base = self.save_dir.join(format!(
            "{}-seed{}-{kind}{}",
            summary.problem, summary.seed, found.index
        ));
        let write = |path: PathBuf, text: &str| {
            judge_core::files::write_file(&path, text.as_bytes(), self.stop)
        };
        write(base.with_extension("in"), &failure.shrunk.input)?;
        write(base.with_extension("ans"), &failure.expected)?;
        // The commands are for a person to paste into a shell: their names quoted.
        Ok(format!(
            "saved {} and .ans\nrerun it: judge test {} --problem {} --tests-dir {}\nthe original: judge gen {} --seed {} --index {} --size {}{hard_flag}\n",
            quote::terminal(&base.with_extension("in").to_string_lossy()),
            quote::shell(&summary.solution),
            quote::shell(&summary.problem),
            quote::shell(&self.save_dir),
            quote::shell(&summary.problem),
            summary.seed,
            found.index,
            found.size_percent
        ))
    }
}

/// Two texts side by side in columns of `width` characters, with titles; their control
/// characters other than line breaks escaped (they are inputs and outputs).
pub fn side_by_side(
    left_title: &str,
    left: &str,
    right_title: &str,
    right: &str,
    width: usize,
) -> String {
    let (left, right) = (quote::terminal_lines(left), quote::terminal_lines(right));
    let cut = |line: &str| -> String {
        if line.chars().count() > width {
            format!("{}~", line.chars().take(width - 1).collect::<String>())
        } else {
            line.to_string()
        }
    };
    let left_lines: Vec<&str> = left.lines().collect();
    let right_lines: Vec<&str> = right.lines().collect();
    let mut out = format!("{:<width$} | {}\n", cut(left_title), cut(right_title));
    out.push_str(&format!("{}-+-{}\n", "-".repeat(width), "-".repeat(width)));
    for index in 0..left_lines.len().max(right_lines.len()) {
        let l = left_lines.get(index).map_or(String::new(), |l| cut(l));
        let r = right_lines.get(index).map_or(String::new(), |r| cut(r));
        out.push_str(&format!("{l:<width$} | {r}\n"));
    }
    out
}

fn shrunk_report(failure: &ShrunkFailure) -> String {
    let found = &failure.found;
    let shrunk = &failure.shrunk;
    let sizes = if found.input.len() == shrunk.input.len() {
        String::new()
    } else {
        format!(": {} -> {} bytes", found.input.len(), shrunk.input.len())
    };
    format!(
        "shrunk in {} steps ({} runs){sizes}\n\n{}\n{}\nverdict on the minimal input: {}\n",
        shrunk.steps,
        shrunk.attempts,
        side_by_side(
            "original input",
            &found.input,
            "minimal input",
            &shrunk.input,
            40
        ),
        side_by_side(
            "expected output",
            &failure.expected,
            "received output",
            &failure
                .minimal
                .test()
                .map(|t| t.received_head.clone())
                .unwrap_or_default(),
            40
        ),
        quote::terminal(&failure.minimal.verdict_with_message())
    )
}

impl<W: Write> Reporter for StressReporter<W> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        let text = match event {
            Event::StressFailureFound(found) => format!(
                "{}test {} (size {} %) fails: {}\nshrinking (at most {} runs)...\n",
                match found.set {
                    TestSet::Default => "",
                    TestSet::Hard => "hard ",
                },
                found.index,
                found.size_percent,
                quote::terminal(&found.outcome.verdict_with_message()),
                found.shrink_budget
            ),
            Event::StressFinished(summary) => match &summary.failure {
                None => format!(
                    "no failure in {} tests ({:.1} s, seed {}): {} looks right on these\n",
                    summary.tests_run,
                    summary.elapsed_ms as f64 / 1000.0,
                    summary.seed,
                    quote::terminal(&summary.solution)
                ),
                Some(failure) => shrunk_report(failure) + &self.save(summary, failure)?,
            },
            _ => return Ok(()),
        };
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_by_side_escapes_what_the_programs_wrote() {
        let text = side_by_side("in", "1\r2\n", "out", "\u{1b}[2J3\r\n", 12);
        assert!(text.contains("1\\r2"), "{text}");
        assert!(text.contains("\\u{1b}[2J3"), "{text}");
        assert!(!text.contains(['\r', '\u{1b}']), "{text}");
    }

    #[test]
    fn side_by_side_aligns_columns() {
        let text = side_by_side("original", "1 2 3\n4", "minimal", "7", 8);
        assert!(text.contains("1 2 3    | 7"), "{text}");
        assert!(text.contains("4        | "), "{text}");
    }
}
