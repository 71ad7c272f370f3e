//! The scoreboard of `judge grade` as CSV (RFC 4180: a header line, fields quoted when they
//! hold a comma, a quote or a line break), one row per submission, written whole when the
//! grading is over.

use std::io;

use super::{Destination, Event, Reporter};
use crate::grade::many::Scoreboard;

pub const HEADER: &str = "submission,sha256,language,verdict,verdict_detail,passed,planned,\
first_failure,max_cpu_ms,max_peak_kib,mean_score,mean_half_width_95,note";

pub struct CsvReporter<D: Destination> {
    out: D,
    document: Option<String>,
}

impl<D: Destination> CsvReporter<D> {
    pub fn new(out: D) -> Self {
        CsvReporter {
            out,
            document: None,
        }
    }

    pub fn into_inner(self) -> D {
        self.out
    }
}

/// A field, quoted when it must be.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The CSV document of a scoreboard.
pub fn render(scoreboard: &Scoreboard) -> String {
    let mut text = format!("{HEADER}\n");
    for row in &scoreboard.submissions {
        let (passed, planned) = row
            .passed()
            .map(|(p, n)| (p.to_string(), n.to_string()))
            .unwrap_or_default();
        let played = row.graded.summary().filter(|s| !s.outcomes.is_empty());
        let (mean, half_width) = match played.and_then(|s| s.stats()) {
            Some(stats) => (
                format!("{}", stats.mean),
                if stats.mean_half_width_95.is_finite() {
                    format!("{}", stats.mean_half_width_95)
                } else {
                    String::new()
                },
            ),
            None => (String::new(), String::new()),
        };
        let verdict = row.graded.verdict();
        let fields = [
            row.name.clone(),
            row.sha256.clone().unwrap_or_default(),
            row.language().to_string(),
            verdict.map_or("not graded".into(), |v| v.code().to_string()),
            verdict.map_or(String::new(), |v| v.describe()),
            passed,
            planned,
            row.first_failure().unwrap_or_default(),
            row.max_cpu_ms().to_string(),
            row.max_peak_kib().to_string(),
            mean,
            half_width,
            row.note().unwrap_or_default(),
        ];
        let line: Vec<String> = fields.iter().map(|f| field(f)).collect();
        text.push_str(&line.join(","));
        text.push('\n');
    }
    text
}

impl<D: Destination> Reporter for CsvReporter<D> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        if let Event::GradeFinished(scoreboard) = event {
            self.document = Some(render(scoreboard));
        }
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        let Some(document) = self.document.take() else {
            return Ok(());
        };
        self.out.write_all(document.as_bytes())?;
        self.out.commit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    #[test]
    fn fields_are_quoted_when_they_must_be() {
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
    }

    #[test]
    fn the_scoreboard_as_csv() {
        let mut reporter = CsvReporter::new(Vec::new());
        let scoreboard = fixtures::scoreboard();
        reporter.report(&Event::GradeFinished(&scoreboard)).unwrap();
        reporter.finish().unwrap();
        insta::assert_snapshot!(String::from_utf8(reporter.into_inner()).unwrap());
    }

    #[test]
    fn games_as_csv() {
        insta::assert_snapshot!(render(&fixtures::games_scoreboard()));
    }
}
