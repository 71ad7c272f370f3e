//! JUnit XML for CI systems (written with `quick-junit`, as nextest does): one test suite per
//! grading, one test case per test or game (for `grade`, per submission); a case that is not
//! accepted is a failure whose type is the verdict. A group table ([`render_groups`]) is a
//! suite per submission with a case per group.

use std::io;
use std::time::Duration;

use quick_junit::{NonSuccessKind, Property, Report, TestCase, TestCaseStatus, TestSuite};

use super::groups::{self, GroupTable};
use super::{Destination, Event, Reporter};
use judge_core::verdict::Verdict;
use judge_engine::grade::many::Scoreboard;
use judge_engine::grade::outcome::{Detail, RunSummary};

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

/// The JUnit report of a group table: a suite per submission (ranked by score), a case per
/// group (nested ones included, named by their path, a submission's class), its points and
/// maximum as properties and its tests, one a line, in its standard output. A group not
/// accepted is a failure of its verdict, one without a result (none of its tests ran) is
/// skipped; a submission not graded is one failing case saying why.
pub fn render_groups(table: &GroupTable) -> Report {
    let mut report = Report::new("judge");
    for row in table.ranked() {
        let mut suite = TestSuite::new(format!("{} groups: {}", table.problem, row.submission));
        if let Some(total) = row.total {
            suite.add_property(Property::new("verdict", total.verdict.problemtools_code()));
            if let Some(score) = total.score {
                suite.add_property(Property::new("score", groups::points(score)));
            }
        }
        if let Some(max) = table.max_total {
            suite.add_property(Property::new("max_score", groups::points(max)));
        }
        if let Some(note) = &row.note {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            status.set_type("not graded").set_message(note.as_str());
            let mut case = TestCase::new("not graded", status);
            case.set_classname(row.submission.as_str());
            suite.add_test_case(case);
            report.add_test_suite(suite);
            continue;
        }
        for (column, cell) in table.columns.iter().zip(&row.cells) {
            let max = column.max_score.filter(|_| table.scoring);
            let points = match (cell.result.and_then(|r| r.score), max) {
                (Some(score), Some(max)) => {
                    format!(
                        "{} of {} points",
                        groups::points(score),
                        groups::points(max)
                    )
                }
                (Some(score), None) => format!("{} points", groups::points(score)),
                _ => String::new(),
            };
            let slowest = cell
                .slowest
                .as_ref()
                .map(|s| format!("slowest {} {} ms of {} ms", s.test, s.cpu_ms, s.limit_ms));
            let near = cell.near_limit.then(|| {
                format!(
                    "a time limit x or / {} would change the score",
                    groups::points(table.near_factor)
                )
            });
            let message: Vec<String> = [Some(points), slowest, near]
                .into_iter()
                .flatten()
                .filter(|part| !part.is_empty())
                .collect();
            let message = message.join("; ");
            let status = match cell.result {
                Some(result) if result.verdict.is_accepted() => TestCaseStatus::success(),
                Some(result) => {
                    let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                    status
                        .set_type(result.verdict.problemtools_code())
                        .set_message(message.as_str());
                    status
                }
                None => {
                    let mut status = TestCaseStatus::skipped();
                    status.set_message("none of its tests ran");
                    status
                }
            };
            let mut case = TestCase::new(column.path.as_str(), status);
            let cpu_ms: u64 = cell.tests.iter().map(|t| t.cpu_ms).sum();
            case.set_classname(row.submission.as_str())
                .set_time(Duration::from_millis(cpu_ms));
            if let Some(score) = cell.result.and_then(|r| r.score) {
                case.add_property(Property::new("score", groups::points(score)));
            }
            if let Some(max) = max {
                case.add_property(Property::new("max_score", groups::points(max)));
            }
            case.add_property(Property::new("near_limit", cell.near_limit.to_string()));
            let tests: String = cell
                .tests
                .iter()
                .map(|test| match test.result {
                    Some(result) => format!(
                        "{} {}{} {} ms{}\n",
                        test.path,
                        result.verdict.problemtools_code(),
                        result
                            .score
                            .map(|s| format!(" {}", groups::points(s)))
                            .unwrap_or_default(),
                        test.cpu_ms,
                        if test.near_limit {
                            " near the limit"
                        } else {
                            ""
                        }
                    ),
                    None => format!("{} not run\n", test.path),
                })
                .collect();
            case.set_system_out(tests);
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
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
    fn a_group_table_as_junit() {
        let text = render_groups(&fixtures::group_table()).to_string().unwrap();
        // Four suites: three graded with a case per group (six each), one not graded.
        assert_eq!(text.matches("<testsuite ").count(), 4);
        assert_eq!(text.matches("<testcase ").count(), 3 * 6 + 1);
        insta::assert_snapshot!(text);
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
