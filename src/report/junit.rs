//! JUnit XML for CI systems (written with `quick-junit`, as nextest does): one test suite per
//! grading, one test case per test or game (for `grade`, per submission); a case that is not
//! accepted is a failure whose type is the verdict.

use std::io;
use std::time::Duration;

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use super::{Destination, Event, Reporter};
use crate::grade::many::Scoreboard;
use crate::grade::outcome::{Detail, RunSummary};
use crate::verdict::Verdict;

pub struct JunitReporter<D: Destination> {
    out: D,
    report: Option<Report>,
}

impl<D: Destination> JunitReporter<D> {
    pub fn new(out: D) -> Self {
        JunitReporter { out, report: None }
    }

    pub fn into_inner(self) -> D {
        self.out
    }
}

/// One case: its name, CPU time, verdict and message.
fn case(suite: &str, name: String, cpu_ms: u64, verdict: &Verdict, message: String) -> TestCase {
    let status = if verdict.is_accepted() {
        TestCaseStatus::success()
    } else {
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
        status
            .set_type(verdict.code())
            .set_message(message.as_str())
            .set_description(message.as_str());
        status
    };
    let mut case = TestCase::new(name, status);
    case.set_classname(suite)
        .set_time(Duration::from_millis(cpu_ms));
    case
}

/// The JUnit report of a grading's summary.
pub fn render(summary: &RunSummary) -> Report {
    let suite_name = &summary.problem;
    let cases: Vec<TestCase> = summary
        .outcomes
        .iter()
        .map(|unit| match &unit.detail {
            Detail::Test(test) => case(
                &summary.problem,
                test.name.clone(),
                unit.cpu_ms,
                &unit.verdict,
                unit.verdict_with_message(),
            ),
            Detail::Game(game) => case(
                &summary.problem,
                format!("game-{:02}", game.game),
                unit.cpu_ms,
                &unit.verdict,
                unit.message.clone().unwrap_or_default(),
            ),
        })
        .collect();
    let mut suite = TestSuite::new(suite_name);
    suite.add_test_cases(cases);
    let mut report = Report::new("judge");
    report.add_test_suite(suite);
    report
}

/// The JUnit report of a scoreboard: one case per submission, named by it.
pub fn render_scoreboard(scoreboard: &Scoreboard) -> Report {
    let cases: Vec<TestCase> = scoreboard
        .submissions
        .iter()
        .map(|row| {
            let verdict = row.graded.verdict().unwrap_or(Verdict::JudgeError);
            let mut message = row.note().unwrap_or_default();
            if row.graded.verdict().is_none() {
                message = format!("not graded: {message}");
            }
            case(
                &scoreboard.problem,
                row.name.clone(),
                row.max_cpu_ms(),
                &verdict,
                message,
            )
        })
        .collect();
    let mut suite = TestSuite::new(format!("grade {}", scoreboard.problem));
    suite.add_test_cases(cases);
    let mut report = Report::new("judge");
    report.add_test_suite(suite);
    report
}

impl<D: Destination> Reporter for JunitReporter<D> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        match event {
            Event::Finished(summary) => self.report = Some(render(summary)),
            Event::GradeFinished(scoreboard) => self.report = Some(render_scoreboard(scoreboard)),
            _ => {}
        }
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        let Some(report) = self.report.take() else {
            return Ok(());
        };
        // Made whole first, so a failed write says why (quick-junit's error would not).
        let text = report.to_string().map_err(io::Error::other)?;
        self.out.write_all(text.as_bytes())?;
        self.out.commit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    fn render(summary: &RunSummary) -> String {
        let mut reporter = JunitReporter::new(Vec::new());
        reporter.report(&Event::Finished(summary)).unwrap();
        reporter.finish().unwrap();
        String::from_utf8(reporter.into_inner()).unwrap()
    }

    #[test]
    fn a_batch_run_as_junit() {
        insta::assert_snapshot!(render(&fixtures::batch_summary()));
    }

    #[test]
    fn games_as_junit() {
        insta::assert_snapshot!(render(&fixtures::games_summary()));
    }

    #[test]
    fn a_scoreboard_as_junit() {
        let mut reporter = JunitReporter::new(Vec::new());
        let scoreboard = fixtures::scoreboard();
        reporter.report(&Event::GradeFinished(&scoreboard)).unwrap();
        reporter.finish().unwrap();
        insta::assert_snapshot!(String::from_utf8(reporter.into_inner()).unwrap());
    }
}
