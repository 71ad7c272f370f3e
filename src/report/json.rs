//! The JSON report: the summary of a grading serialized as is (`verdict`, `tests` with
//! `name`, `verdict`, `cpu_ms`, `wall_ms`, `peak_kib`, ..., or `games` with their scores; or
//! the scoreboard of `grade`, or the matrix of `verify`), written whole when the grading is
//! over. Every report also names the judge's version, its plan and its shard (`judge merge`
//! needs them). A Kattis package's verify report carries the package's own checks first
//! (`package`: its tests, input validators and what they refused, the time limit and where it
//! came from, warnings and notes). `compare` writes its comparison (both summaries and the
//! paired games), `stress` its summary (the failure found and shrunk), `validate` each input
//! with what its validator said.

use std::io;

use serde::Serialize;

use super::{Destination, Event, Reporter};
use judge_engine::grade::package::PackageCheck;
use judge_engine::grade::verify::VerifySummary;

pub struct JsonReporter<D: Destination> {
    out: D,
    /// The summary as JSON text, made when the grading is over (keys in the summary's order).
    document: Option<Vec<u8>>,
    /// A package's own checks, told before its submissions' rows.
    package: Option<PackageCheck>,
}

/// `judge validate`'s report: each (input, validator) pair and what the validator said.
#[derive(serde::Serialize)]
struct InputsReport<'a> {
    judge_version: &'static str,
    inputs: &'a [judge_engine::grade::validation::CheckedInput],
}

/// A package's verify report: its checks, then the matrix.
#[derive(Serialize)]
struct PackageVerify<'a> {
    package: &'a PackageCheck,
    #[serde(flatten)]
    summary: &'a VerifySummary,
}

impl<D: Destination> JsonReporter<D> {
    pub fn new(out: D) -> Self {
        JsonReporter {
            out,
            document: None,
            package: None,
        }
    }

    /// The destination, for tests.
    pub fn into_inner(self) -> D {
        self.out
    }
}

impl<D: Destination> Reporter for JsonReporter<D> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        let document = match event {
            Event::Finished(summary) => serde_json::to_vec_pretty(summary),
            Event::GradeFinished(scoreboard) => serde_json::to_vec_pretty(scoreboard),
            Event::VerifyFinished(summary) => match &self.package {
                Some(package) => serde_json::to_vec_pretty(&PackageVerify { package, summary }),
                None => serde_json::to_vec_pretty(summary),
            },
            Event::Compared(comparison) => serde_json::to_vec_pretty(comparison),
            Event::StressFinished(summary) => serde_json::to_vec_pretty(summary),
            Event::InputsChecked(checked) => serde_json::to_vec_pretty(&InputsReport {
                judge_version: env!("CARGO_PKG_VERSION"),
                inputs: checked,
            }),
            Event::PackageChecked(check) => {
                self.package = Some((*check).clone());
                return Ok(());
            }
            _ => return Ok(()),
        };
        self.document = Some(document.map_err(io::Error::other)?);
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        let Some(document) = self.document.take() else {
            return Ok(());
        };
        self.out.write_all(&document)?;
        self.out.commit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;
    use judge_engine::grade::outcome::RunSummary;

    fn render(summary: &RunSummary) -> String {
        let mut reporter = JsonReporter::new(Vec::new());
        reporter.report(&Event::Finished(summary)).unwrap();
        reporter.finish().unwrap();
        String::from_utf8(reporter.into_inner()).unwrap()
    }

    #[test]
    fn the_schema_of_a_batch_report() {
        insta::assert_snapshot!(render(&fixtures::batch_summary()));
    }

    #[test]
    fn the_schema_of_a_games_report() {
        insta::assert_snapshot!(render(&fixtures::games_summary()));
    }

    #[test]
    fn the_schema_of_a_scoreboard() {
        let mut reporter = JsonReporter::new(Vec::new());
        let scoreboard = fixtures::scoreboard();
        reporter.report(&Event::GradeFinished(&scoreboard)).unwrap();
        reporter.finish().unwrap();
        insta::assert_snapshot!(String::from_utf8(reporter.into_inner()).unwrap());
    }
}
