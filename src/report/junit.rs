//! JUnit XML for CI systems: one test suite per run, one test case per test; a test that is
//! not accepted is a `<failure>` whose type is the verdict.

use std::path::Path;

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

use super::games::GamesSummary;
use super::BatchSummary;

/// One case of a suite, independent of whether it came from a batch test or a game.
pub struct Case {
    pub name: String,
    pub time_ms: u64,
    /// The verdict code and message when the case failed.
    pub failure: Option<(String, String)>,
}

/// Renders a suite of cases as JUnit XML.
pub fn render(suite_name: &str, cases: &[Case]) -> std::io::Result<Vec<u8>> {
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    let to_io = std::io::Error::other;
    writer
        .write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))
        .map_err(to_io)?;
    let failures = cases.iter().filter(|c| c.failure.is_some()).count();
    let total_ms: u64 = cases.iter().map(|c| c.time_ms).sum();
    let (tests, failures, time) = (
        cases.len().to_string(),
        failures.to_string(),
        format!("{:.3}", total_ms as f64 / 1000.0),
    );
    let mut suites = BytesStart::new("testsuites");
    suites.push_attribute(("name", "judge"));
    writer.write_event(Event::Start(suites)).map_err(to_io)?;
    let mut suite = BytesStart::new("testsuite");
    suite.push_attribute(("name", suite_name));
    suite.push_attribute(("tests", tests.as_str()));
    suite.push_attribute(("failures", failures.as_str()));
    suite.push_attribute(("time", time.as_str()));
    writer.write_event(Event::Start(suite)).map_err(to_io)?;
    for case in cases {
        let mut element = BytesStart::new("testcase");
        let time = format!("{:.3}", case.time_ms as f64 / 1000.0);
        element.push_attribute(("name", case.name.as_str()));
        element.push_attribute(("classname", suite_name));
        element.push_attribute(("time", time.as_str()));
        match &case.failure {
            None => writer.write_event(Event::Empty(element)).map_err(to_io)?,
            Some((kind, message)) => {
                writer.write_event(Event::Start(element)).map_err(to_io)?;
                let mut failure = BytesStart::new("failure");
                failure.push_attribute(("type", kind.as_str()));
                failure.push_attribute(("message", message.as_str()));
                writer.write_event(Event::Start(failure)).map_err(to_io)?;
                writer
                    .write_event(Event::Text(BytesText::new(message)))
                    .map_err(to_io)?;
                writer
                    .write_event(Event::End(BytesEnd::new("failure")))
                    .map_err(to_io)?;
                writer
                    .write_event(Event::End(BytesEnd::new("testcase")))
                    .map_err(to_io)?;
            }
        }
    }
    writer
        .write_event(Event::End(BytesEnd::new("testsuite")))
        .map_err(to_io)?;
    writer
        .write_event(Event::End(BytesEnd::new("testsuites")))
        .map_err(to_io)?;
    Ok(writer.into_inner())
}

/// The cases of a batch run.
pub fn batch_cases(summary: &BatchSummary) -> Vec<Case> {
    summary
        .tests
        .iter()
        .map(|t| Case {
            name: t.name.clone(),
            time_ms: t.cpu_ms,
            failure: (!t.verdict.is_accepted())
                .then(|| (t.verdict.code().to_string(), t.verdict_with_message())),
        })
        .collect()
}

/// The cases of a game run: one per game.
pub fn game_cases(summary: &GamesSummary) -> Vec<Case> {
    summary
        .games
        .iter()
        .map(|g| Case {
            name: format!("game-{:02}", g.game),
            time_ms: g.cpu_ms,
            failure: (!g.verdict.is_accepted()).then(|| {
                (
                    g.verdict.code().to_string(),
                    g.message.clone().unwrap_or_default(),
                )
            }),
        })
        .collect()
}

/// Writes the JUnit file for a suite.
pub fn write(path: &Path, suite_name: &str, cases: &[Case]) -> std::io::Result<()> {
    super::json::write_atomically(path, &render(suite_name, cases)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_are_escaped_and_counted() {
        let cases = vec![
            Case {
                name: "sample-1".into(),
                time_ms: 12,
                failure: None,
            },
            Case {
                name: "random-000".into(),
                time_ms: 1500,
                failure: Some(("WA".into(), "expected \"16\" <got> & 8".into())),
            },
        ];
        let xml = String::from_utf8(render("boj12100", &cases).unwrap()).unwrap();
        assert!(xml.contains(r#"tests="2" failures="1""#), "{xml}");
        assert!(xml.contains("&lt;got&gt; &amp; 8"), "{xml}");
        assert!(
            xml.contains(r#"<testcase name="sample-1" classname="boj12100" time="0.012"/>"#),
            "{xml}"
        );
    }
}
