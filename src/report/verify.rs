//! The verify matrix: one row per bundled solution with the verdict expected (its folder),
//! the verdict got and where, its largest CPU time and peak memory, and `ok` or `MISMATCH`;
//! warnings under their row; totals at the end.

use std::io::{self, Write};

use super::style;
use super::{Event, Reporter};
use crate::grade::package::PackageCheck;
use crate::grade::verify::{VerifyRow, VerifySummary};
use crate::verdict::Verdict;

pub struct VerifyReporter<W: Write> {
    out: W,
    header_written: bool,
    /// A package's rows say the language each submission ran in (a package's Python runs
    /// under PyPy or CPython, whose times differ).
    language_column: bool,
    /// The package's own checks that failed (its inputs, its validators), said again with the
    /// totals: they make the run fail whatever the rows say.
    package_failures: usize,
}

impl<W: Write> VerifyReporter<W> {
    pub fn new(out: W) -> Self {
        VerifyReporter {
            out,
            header_written: false,
            language_column: false,
            package_failures: 0,
        }
    }

    fn header(&mut self) -> io::Result<()> {
        if !self.header_written {
            self.header_written = true;
            let language = if self.language_column {
                format!("{:<20} ", "language")
            } else {
                String::new()
            };
            writeln!(
                self.out,
                "{}",
                style::bold(&format!(
                    "{:<58} {language}{:<9} {:<30} {:>8} {:>9}",
                    "solution", "expected", "got", "max cpu", "peak MiB"
                ))
            )?;
        }
        Ok(())
    }
}

fn row(row: &VerifyRow, language_column: bool) -> String {
    let language = |name: &str| {
        if language_column {
            format!("{name:<20} ")
        } else {
            String::new()
        }
    };
    let checked = match &row.result {
        Ok(checked) => checked,
        Err(error) => {
            return format!(
                "{:<58} {}{:<9} {}\n",
                row.solution,
                language(""),
                row.expected.code(),
                style::verdict(&Verdict::WrongAnswer, &format!("ERROR: {error}"))
            )
        }
    };
    let matched = row.matched();
    let mark = if matched {
        style::verdict(&Verdict::Accepted, "ok")
    } else {
        style::verdict(&Verdict::WrongAnswer, "MISMATCH")
    };
    let mut text = format!(
        "{:<58} {}{:<9} {} {:>8} {:>9.1}  {mark}\n",
        row.solution,
        language(&checked.language),
        row.expected.code(),
        style::verdict(&checked.got, &format!("{:<30}", checked.detail)),
        checked.max_cpu_ms,
        checked.max_peak_kib as f64 / 1024.0,
    );
    if let Some(warning) = &checked.warning {
        text.push_str(&format!("    warning: {warning}\n"));
    }
    if let Some(message) = &checked.message {
        for line in message.lines() {
            text.push_str(&format!("    | {line}\n"));
        }
    }
    text
}

/// The package's own checks, before its submissions.
fn package_check(check: &PackageCheck) -> String {
    let mut text = format!(
        "package {}: {} tests, {} input validator{}",
        check.problem,
        check.tests,
        check.input_validators,
        if check.input_validators == 1 { "" } else { "s" },
    );
    if check.input_validators > 0 {
        text.push_str(&if check.invalid.is_empty() {
            ": every input valid".to_string()
        } else {
            format!(": {} failed", check.invalid.len())
        });
    }
    text.push('\n');
    for invalid in &check.invalid {
        let line = format!("  invalid: {invalid}");
        text.push_str(&style::verdict(&Verdict::WrongAnswer, &line));
        text.push('\n');
    }
    if let Some(limit) = &check.time_limit {
        text.push_str(&format!(
            "time limit {} ms ({}); submissions run at x {} of it\n",
            limit.ms, limit.from, limit.safety_margin
        ));
        if let Some(domjudge) = &limit.domjudge {
            text.push_str(&format!("  note: {domjudge}\n"));
        }
        if let Some(warning) = &limit.warning {
            text.push_str(&format!("  warning: {warning}\n"));
        }
    }
    for warning in &check.warnings {
        text.push_str(&format!("  warning: {warning}\n"));
    }
    for note in &check.notes {
        text.push_str(&format!("  note: {note}\n"));
    }
    for skipped in &check.skipped {
        text.push_str(&format!("  not graded: {skipped}\n"));
    }
    text.push('\n');
    text
}

fn totals(summary: &VerifySummary) -> String {
    let shard = summary
        .run
        .shard
        .map(|shard| format!(" (shard {shard} of {} solutions)", summary.run.plan.units))
        .unwrap_or_default();
    format!(
        "\n{} mismatch{}, {} warning{}, {} not graded{shard}\n",
        summary.mismatches,
        if summary.mismatches == 1 { "" } else { "es" },
        summary.warnings,
        if summary.warnings == 1 { "" } else { "s" },
        summary.not_graded
    )
}

impl<W: Write> Reporter for VerifyReporter<W> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        match event {
            Event::Verified(verified) => {
                self.header()?;
                self.out
                    .write_all(row(verified, self.language_column).as_bytes())?;
            }
            Event::PackageChecked(check) => {
                self.language_column = true;
                self.package_failures = check.invalid.len();
                self.out.write_all(package_check(check).as_bytes())?;
            }
            Event::VerifyFinished(summary) => {
                self.header()?;
                let mut text = totals(summary);
                if self.package_failures > 0 {
                    text.push_str(&format!(
                        "the package's own checks failed: {} (listed above as invalid)\n",
                        self.package_failures
                    ));
                }
                self.out.write_all(text.as_bytes())?;
            }
            _ => return Ok(()),
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    #[test]
    fn the_verify_matrix() {
        let summary = fixtures::verify_summary();
        let mut out = Vec::new();
        let mut reporter = VerifyReporter::new(&mut out);
        for row in &summary.rows {
            reporter.report(&Event::Verified(row)).unwrap();
        }
        reporter.report(&Event::VerifyFinished(&summary)).unwrap();
        let text = String::from_utf8(out).unwrap();
        insta::assert_snapshot!(anstream::adapter::strip_str(&text).to_string());
    }
}
