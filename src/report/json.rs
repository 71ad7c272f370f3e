//! The JSON report: the summary of a grading serialized as is (`verdict`, `tests` with
//! `name`, `verdict`, `cpu_ms`, `wall_ms`, `peak_kib`, ..., or `games` with their scores; or
//! the scoreboard of `grade`, or the matrix of `verify`), written whole when the grading is
//! over. Every report also names the judge's version, its plan and its shard (`judge merge`
//! needs them).

use std::io;

use super::{Destination, Event, Reporter};

pub struct JsonReporter<D: Destination> {
    out: D,
    /// The summary as JSON text, made when the grading is over (keys in the summary's order).
    document: Option<Vec<u8>>,
}

impl<D: Destination> JsonReporter<D> {
    pub fn new(out: D) -> Self {
        JsonReporter {
            out,
            document: None,
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
            Event::VerifyFinished(summary) => serde_json::to_vec_pretty(summary),
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
    use crate::grade::Summary;
    use crate::report::fixtures;

    fn render(summary: Summary) -> String {
        let mut reporter = JsonReporter::new(Vec::new());
        reporter.report(&Event::Finished(summary)).unwrap();
        reporter.finish().unwrap();
        String::from_utf8(reporter.into_inner()).unwrap()
    }

    #[test]
    fn the_schema_of_a_batch_report() {
        insta::assert_snapshot!(render(Summary::Batch(&fixtures::batch_summary())));
    }

    #[test]
    fn the_schema_of_a_games_report() {
        insta::assert_snapshot!(render(Summary::Games(&fixtures::games_summary())));
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
