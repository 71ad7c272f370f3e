//! What a problem says each of its submissions should score, and whether a submission's
//! actual verdict and score match it.
//!
//! - Legacy Kattis packages, as problemtools' `LegacyPolicy`: the submission's folder.
//!   `accepted/` must be accepted with the full score (the best end of the root's `range`:
//!   its top, or its bottom when problem.yaml says `grading: objective: min`);
//!   `partially_accepted/` accepted with a score in the range that is not the full one;
//!   `wrong_answer/`, `time_limit_exceeded/`, `run_time_error/` that verdict. (problemtools
//!   only warns on the score part; judge calls it a mismatch. problemtools of this version
//!   has no expected-score markers in sources: the folder is all it reads.)
//! - 2023-07 packages: where `submissions/submissions.yaml` names no submission (or there is
//!   none), the legacy folder rule above, as problemtools holds them: its `LegacyPolicy` is
//!   the only policy it has, for every format version, and it reads no `submissions.yaml`.
//!   (The 2023-07 specification's default directories differ: `accepted` must have every test
//!   case accepted, with no score required, and there is no `partially_accepted`; judge
//!   follows problemtools, `tests/e2e/scoring.rs` checks it against verifyproblem's "got WA".)
//!   Otherwise `submissions/submissions.yaml`, whose keys are globs of submission
//!   paths (`accepted`, `accepted/*`, `partially_accepted/sol.py`) and whose `score` is a
//!   number or an inclusive `[low, high]`, `permitted`/`required` the verdicts its test cases
//!   may and must have. A glob naming a folder matches the submissions in it. Any other key
//!   of an entry is a glob of test cases and groups (relative to `data/`, `*` within a name,
//!   braces for alternatives) with requirements of its own: `permitted` and `required` over
//!   the test cases it names (itself or a group they are in), `score` the score of each
//!   group it names. `message` (text a judge message must hold) is not checked.
//! - Folder problems: `problem.toml`'s `[expected_scores]` of a solution (see
//!   `folder.rs`) and the solution's folder: `accepted/` accepted with the full score,
//!   `partially_accepted/` more than nothing and less than the full score
//!   ([`ScoreExpectation::Partly`]: its verdict is its first failing group's), the others
//!   their verdict (`grade::verify`).

use std::path::Path;

use globset::{GlobBuilder, GlobMatcher};
use serde::Serialize;
use yaml_serde::Value;

use super::{ScoreRange, Scored, ScoringError, Verdict};
use crate::bounds::SCORE;
use crate::verdict::Crash;

/// problemtools' `RTE`, as groups and expectations have it: naming no crash.
const RUN_TIME_ERROR: Verdict = Verdict::RuntimeError(Crash::Unknown);

/// Which end of the score range is the best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Objective {
    Max,
    Min,
}

/// What a full score is: the best end of the root's range.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FullScore {
    pub range: ScoreRange,
    pub objective: Objective,
}

impl FullScore {
    pub fn best(&self) -> f64 {
        match self.objective {
            Objective::Max => self.range.max,
            Objective::Min => self.range.min,
        }
    }
}

/// The score a submission is expected to get.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum ScoreExpectation {
    /// Anything.
    Any,
    /// The full score (and accepted).
    Full,
    /// Accepted, in the range, not the full score.
    Partial,
    /// Between these, both included.
    Between { min: f64, max: f64 },
    /// More than the low end of the range and less than the full score, whatever the verdict
    /// (a folder problem's `partially_accepted/`: its root group has the first failing
    /// group's verdict).
    Partly,
}

/// What is expected of one submission. Its verdicts are in problemtools' terms
/// ([`Verdict::as_problemtools`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Expectation {
    /// The verdict it must get, if one is said.
    pub verdict: Option<Verdict>,
    pub score: ScoreExpectation,
    /// Verdicts every test case must have one of (`permitted`), if said.
    pub permitted: Option<Vec<Verdict>>,
    /// Verdicts at least one test case must have one of (`required`), if said.
    pub required: Option<Vec<Verdict>>,
    /// The test cases and groups this is about, a glob of their paths relative to `data/`
    /// (`secret/group1`, `secret/*-hard`: a `submissions.yaml` entry's key naming test
    /// groups), compiled once when read; `None`, the whole run.
    pub on: Option<TestGlob>,
    /// Where this was said: `the folder accepted/`, `submissions.yaml: accepted/*`.
    pub said_by: String,
    /// Text some judge message of the test cases it is about must hold (`message`).
    pub message: Option<String>,
    /// How the submission bears on the time limit (`use_for_time_limit`), if said.
    pub for_time_limit: Option<ForTimeLimit>,
}

/// How a submission bears on the time limit (2025-09 `use_for_time_limit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ForTimeLimit {
    /// Not at all (`false`).
    No,
    /// Its slowest time times `ac_to_time_limit` is a lower bound of the limit (`lower`,
    /// `true`).
    Lower,
    /// The limit times `time_limit_to_tle` must stay below its time (`upper`).
    Upper,
}

/// A submission's run as expectations are checked against it.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged<'a> {
    /// Its verdict and score (its root group's).
    pub result: Scored,
    /// Each test case judged, by path relative to `data/` (`secret/group1/1`), with its
    /// verdict.
    pub tests: Vec<(&'a str, Verdict)>,
    /// Each group's score, by path relative to `data/` (`secret/group1`).
    pub groups: Vec<(&'a str, Option<f64>)>,
    /// The judge message of each test case that has one, by path relative to `data/`.
    pub messages: Vec<(&'a str, &'a str)>,
    /// The test cases not judged (after the first failing one), by path relative to
    /// `data/`: one of them could have met a requirement, so a `required` verdict or a
    /// `message` they could hold is not missed (as BAPCtools has it).
    pub skipped: Vec<&'a str>,
}

/// How an actual result misses its expectation.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("expected {expected} ({said_by}), got {got}")]
pub struct Mismatch {
    pub expected: String,
    pub got: String,
    pub said_by: String,
}

impl Expectation {
    /// problemtools' expectation of a submission in the folder `directory` of
    /// `submissions/`, `None` for a folder it does not know.
    pub fn from_directory(directory: &str) -> Option<Expectation> {
        let (verdict, score) = match directory {
            "accepted" => (Verdict::Accepted, ScoreExpectation::Full),
            "partially_accepted" => (Verdict::Accepted, ScoreExpectation::Partial),
            "wrong_answer" => (Verdict::WrongAnswer, ScoreExpectation::Any),
            "time_limit_exceeded" => (Verdict::TimeLimitExceeded, ScoreExpectation::Any),
            "run_time_error" => (RUN_TIME_ERROR, ScoreExpectation::Any),
            _ => return None,
        };
        Some(Expectation {
            verdict: Some(verdict),
            score,
            permitted: None,
            required: None,
            on: None,
            said_by: format!("the folder {directory}/"),
            message: None,
            for_time_limit: None,
        })
    }

    /// The 2025-09 format's expectation of a submission in the folder `directory` of
    /// `submissions/` (its default directories), `None` for a folder it does not name:
    /// `accepted` only AC; `rejected` some WA, TLE or RTE; `wrong_answer`,
    /// `time_limit_exceeded`, `run_time_error` only AC or that verdict, and that verdict on
    /// some test case; `brute_force` only AC, TLE or RTE, and TLE or RTE on some test case.
    pub fn of_spec_directory(directory: &str) -> Option<Expectation> {
        use Verdict::{Accepted as AC, TimeLimitExceeded as TLE, WrongAnswer as WA};
        const RTE: Verdict = RUN_TIME_ERROR;
        let (permitted, required): (Option<Vec<Verdict>>, Option<Vec<Verdict>>) = match directory {
            "accepted" => (Some(vec![AC]), None),
            "rejected" => (None, Some(vec![WA, TLE, RTE])),
            "wrong_answer" => (Some(vec![AC, WA]), Some(vec![WA])),
            "time_limit_exceeded" => (Some(vec![AC, TLE]), Some(vec![TLE])),
            "run_time_error" => (Some(vec![AC, RTE]), Some(vec![RTE])),
            "brute_force" => (Some(vec![AC, TLE, RTE]), Some(vec![TLE, RTE])),
            _ => return None,
        };
        Some(Expectation {
            verdict: None,
            score: ScoreExpectation::Any,
            permitted,
            required,
            on: None,
            said_by: format!("the folder {directory}/"),
            message: None,
            for_time_limit: None,
        })
    }

    /// An expectation of nothing, said by `said_by`, about the test cases `on`.
    fn none(said_by: String, on: Option<TestGlob>) -> Expectation {
        Expectation {
            verdict: None,
            score: ScoreExpectation::Any,
            permitted: None,
            required: None,
            on,
            said_by,
            message: None,
            for_time_limit: None,
        }
    }

    /// What an explicit `use_for_time_limit` says of the verdicts, as the 2025-09 format has
    /// it: `lower` is a `permitted: [AC, WA, RTE]`, `upper` a `required: [TLE]`, each where the
    /// entry does not say its own.
    fn imply_from_time_limit_use(&mut self) {
        match self.for_time_limit {
            Some(ForTimeLimit::Lower) if self.permitted.is_none() => {
                self.permitted = Some(vec![
                    Verdict::Accepted,
                    Verdict::WrongAnswer,
                    RUN_TIME_ERROR,
                ]);
            }
            Some(ForTimeLimit::Upper) if self.required.is_none() => {
                self.required = Some(vec![Verdict::TimeLimitExceeded]);
            }
            _ => {}
        }
    }

    /// How the submission bears on the time limit as the 2025-09 format has it: as
    /// `use_for_time_limit` says, else a lower bound when TLE is not permitted on its test
    /// cases, an upper bound when TLE is all that is required, else not at all.
    pub fn time_limit_use(&self) -> ForTimeLimit {
        if let Some(said) = self.for_time_limit {
            return said;
        }
        if self.on.is_some() {
            return ForTimeLimit::No;
        }
        let permits_tle = self
            .permitted
            .as_ref()
            .map_or(true, |p| p.contains(&Verdict::TimeLimitExceeded));
        if !permits_tle {
            ForTimeLimit::Lower
        } else if self.required.as_deref() == Some(&[Verdict::TimeLimitExceeded]) {
            ForTimeLimit::Upper
        } else {
            ForTimeLimit::No
        }
    }

    /// Whether this is about the test case at `path` (relative to `data/`): the whole run's
    /// expectation is about every test case, a scoped one about those in the groups its glob
    /// names.
    pub fn is_about(&self, path: &str) -> bool {
        match &self.on {
            None => true,
            Some(on) => on.covers(path),
        }
    }

    /// A verdict that meets this, as a row shows what is expected: AC when only AC is
    /// permitted, else the first required verdict that is not AC (`rejected/`: WA), else the
    /// verdict said, else AC.
    pub fn representative(&self) -> Verdict {
        if let Some(verdict) = self.verdict {
            return verdict;
        }
        if self.permitted.as_deref() == Some(&[Verdict::Accepted]) {
            return Verdict::Accepted;
        }
        self.required
            .iter()
            .flatten()
            .find(|v| !v.is_accepted())
            .copied()
            .unwrap_or(Verdict::Accepted)
    }

    /// Reads the `submissions.yaml` key `name` (named `key` in errors) into this when it is a
    /// requirement (`score`, `permitted`, `required`); whether it was one.
    fn read_requirement(
        &mut self,
        file: &Path,
        key: &str,
        name: &str,
        value: &Value,
    ) -> Result<bool, ScoringError> {
        match name {
            "score" => self.score = parse_expected_score(file, key, value)?,
            "permitted" => self.permitted = Some(parse_verdicts(file, key, value)?),
            "required" => self.required = Some(parse_verdicts(file, key, value)?),
            "message" => {
                let text = value.as_str().ok_or_else(|| {
                    ScoringError::invalid(file, format!("{key}: must be a string"))
                })?;
                self.message = Some(text.to_string());
            }
            "use_for_time_limit" => {
                self.for_time_limit = Some(match value {
                    Value::Bool(true) => ForTimeLimit::Lower,
                    Value::Bool(false) => ForTimeLimit::No,
                    Value::String(s) if s == "lower" => ForTimeLimit::Lower,
                    Value::String(s) if s == "upper" => ForTimeLimit::Upper,
                    _ => {
                        return Err(ScoringError::invalid(
                            file,
                            format!("{key}: must be true, false, lower or upper"),
                        ))
                    }
                })
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Whether `run` meets this: the whole run ([`Expectation::matches`]), or, for an
    /// expectation `on` some test cases, theirs: `permitted` and `required` over the test
    /// cases the glob names (itself or one of its groups), `score` the score of each group
    /// it names, which must name one.
    pub fn matches_run(&self, run: &Judged, full: &FullScore) -> Result<(), Mismatch> {
        let Some(on) = &self.on else {
            let tests: Vec<Verdict> = run.tests.iter().map(|(_, verdict)| *verdict).collect();
            if !run.skipped.is_empty() {
                let mut could = self.clone();
                could.required = None;
                could.message = None;
                return could.matches(&run.result, &tests, full);
            }
            self.message_in(run)?;
            return self.matches(&run.result, &tests, full);
        };
        let named_skipped = run.skipped.iter().any(|path| on.covers(path));
        if !named_skipped {
            self.message_in(run)?;
        }
        let miss = |expected: String, got: String| Mismatch {
            expected,
            got,
            said_by: self.said_by.clone(),
        };
        if let ScoreExpectation::Between { min, max } = self.score {
            let named: Vec<&(&str, Option<f64>)> = run
                .groups
                .iter()
                .filter(|(path, _)| on.matcher.is_match(path))
                .collect();
            if named.is_empty() {
                return Err(miss(
                    format!("a score of the test groups {on}"),
                    "no group of that name".into(),
                ));
            }
            for (path, score) in named {
                if !score.is_some_and(|s| min <= s && s <= max) {
                    let score =
                        score.map_or_else(|| "no score".into(), |s| format!("score {}", number(s)));
                    return Err(miss(between(min, max), format!("{score} on {path}")));
                }
            }
        }
        let tests: Vec<&(&str, Verdict)> = run
            .tests
            .iter()
            .filter(|(path, _)| on.covers(path))
            .collect();
        if let Some(permitted) = &self.permitted {
            if let Some((path, bad)) = tests.iter().find(|(_, v)| !permitted.contains(v)) {
                return Err(miss(
                    format!("only {} on its test cases", codes(permitted)),
                    format!("{} on {path}", bad.problemtools_code()),
                ));
            }
        }
        if let Some(required) = self.required.as_ref().filter(|_| !named_skipped) {
            if !tests.iter().any(|(_, v)| required.contains(v)) {
                let got = tests.iter().map(|(_, v)| *v).collect::<Vec<_>>();
                let got = if got.is_empty() {
                    "no test case judged".to_string()
                } else {
                    let mut verdicts: Vec<Verdict> = Vec::new();
                    for verdict in &got {
                        if !verdicts.contains(verdict) {
                            verdicts.push(*verdict);
                        }
                    }
                    format!("{} on its {} test cases", codes(&verdicts), got.len())
                };
                return Err(miss(format!("{} on some test case", codes(required)), got));
            }
        }
        Ok(())
    }

    /// Whether a judge message of the test cases this is about holds its `message`, if it
    /// says one (as BAPCtools checks it: a test case not judged could have held it).
    fn message_in(&self, run: &Judged) -> Result<(), Mismatch> {
        let Some(message) = &self.message else {
            return Ok(());
        };
        let about = |path: &str| self.on.as_ref().map_or(true, |on| on.covers(path));
        let held = run
            .messages
            .iter()
            .any(|(path, text)| about(path) && text.contains(message.as_str()));
        if held {
            return Ok(());
        }
        Err(Mismatch {
            expected: format!("a judge message holding {message:?}"),
            got: "none holds it".to_string(),
            said_by: self.said_by.clone(),
        })
    }

    /// Whether `actual` (and the verdicts of the test cases judged, `tests`) meet this.
    pub fn matches(
        &self,
        actual: &Scored,
        tests: &[Verdict],
        full: &FullScore,
    ) -> Result<(), Mismatch> {
        let got = match actual.score {
            Some(score) => format!("{} {}", actual.verdict.problemtools_code(), number(score)),
            None => actual.verdict.problemtools_code().to_string(),
        };
        let miss = |expected: String| Mismatch {
            expected,
            got: got.clone(),
            said_by: self.said_by.clone(),
        };
        if let Some(verdict) = self.verdict {
            if actual.verdict != verdict {
                return Err(miss(verdict.problemtools_code().to_string()));
            }
        }
        let score = actual.score;
        let best = full.best();
        match self.score {
            ScoreExpectation::Any => {}
            ScoreExpectation::Full => {
                if !actual.verdict.is_accepted() || (best.is_finite() && score != Some(best)) {
                    return Err(miss(format!("the full score {}", number(best))));
                }
            }
            ScoreExpectation::Partial => {
                let partial = actual.verdict.is_accepted()
                    && score.is_some_and(|s| full.range.contains(s) && s != best);
                if !partial {
                    return Err(miss(format!(
                        "AC with a partial score (in {} to {}, not {})",
                        number(full.range.min),
                        number(full.range.max),
                        number(best)
                    )));
                }
            }
            ScoreExpectation::Partly => {
                if !score.is_some_and(|s| s > full.range.min && s < best) {
                    return Err(miss(format!(
                        "a partial score (more than {}, less than {})",
                        number(full.range.min),
                        number(best)
                    )));
                }
            }
            ScoreExpectation::Between { min, max } => {
                if !score.is_some_and(|s| min <= s && s <= max) {
                    return Err(miss(between(min, max)));
                }
            }
        }
        if let Some(permitted) = &self.permitted {
            if let Some(bad) = tests.iter().find(|v| !permitted.contains(v)) {
                return Err(miss(format!(
                    "only {} on test cases (one got {})",
                    codes(permitted),
                    bad.problemtools_code()
                )));
            }
        }
        if let Some(required) = &self.required {
            if !tests.iter().any(|v| required.contains(v)) {
                return Err(miss(format!("{} on some test case", codes(required))));
            }
        }
        Ok(())
    }
}

/// Whether a 2025-09 submission's time on the test case at `path` (relative to `data/`) is a
/// lower bound of the time limit, by its `expectations` about that test case (see
/// [`Expectation::is_about`]): as the last of them that says `use_for_time_limit` says, else
/// when one of them permits only AC (a wrong answer's run time bounds nothing: BAPCtools, the
/// reference that reads 2025-09, derives from the accepted ones alone). So
/// `secret/huge: {use_for_time_limit: false}` takes an accepted submission's times on that
/// group out, and `secret/small: {use_for_time_limit: lower}` puts a rejected one's times on
/// that group in, as the spec's "the slowest runtime over the set of test cases to which the
/// rule applies".
pub fn bounds_time_limit_below(expectations: &[Expectation], path: &str) -> bool {
    let about = || expectations.iter().filter(|e| e.is_about(path));
    match about().rev().find_map(|e| e.for_time_limit) {
        Some(said) => said == ForTimeLimit::Lower,
        None => about().any(|e| {
            e.time_limit_use() == ForTimeLimit::Lower
                && e.permitted.as_deref() == Some(&[Verdict::Accepted][..])
        }),
    }
}

/// Whether some test case's time of a 2025-09 submission may bound the time limit from below
/// ([`bounds_time_limit_below`] of one of them): its whole run's expectations say so, or a
/// scoped one says `use_for_time_limit: lower`.
pub fn may_bound_time_limit_below(expectations: &[Expectation]) -> bool {
    let whole: Vec<Expectation> = expectations
        .iter()
        .filter(|e| e.on.is_none())
        .cloned()
        .collect();
    // The whole run's say is what a test case no scoped entry names gets.
    let unnamed = bounds_time_limit_below(&whole, "");
    unnamed
        || expectations
            .iter()
            .any(|e| e.on.is_some() && e.for_time_limit == Some(ForTimeLimit::Lower))
}

fn codes(verdicts: &[Verdict]) -> String {
    verdicts
        .iter()
        .map(|v| v.problemtools_code())
        .collect::<Vec<_>>()
        .join("/")
}

/// A score from `min` to `max` as a mismatch expects it: `score 30`, `a score from 20 to 60`.
fn between(min: f64, max: f64) -> String {
    if min == max {
        format!("score {}", number(min))
    } else {
        format!("a score from {} to {}", number(min), number(max))
    }
}

/// A score as messages write it: `100`, `12.5`, `inf`.
fn number(score: f64) -> String {
    format!("{score}")
}

/// The entries of a `submissions.yaml` (2023-07, 2025-09, BAPCtools'), in the file's order.
#[derive(Debug, Clone, Default)]
pub struct SubmissionsYaml {
    /// Each entry's key (a glob of submissions), its matcher and its expectations.
    entries: Vec<(String, GlobMatcher, Expectation)>,
    /// Each entry's matcher and how the submissions it matches are built, where it says.
    builds: Vec<(GlobMatcher, HowBuilt)>,
}

/// How a submission is built, as `submissions.yaml` says: its language (the format's code:
/// `cpp`, `python3`, `java`...) and its entry point (a main file, or Java's main class).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HowBuilt {
    pub language: Option<String>,
    pub entrypoint: Option<String>,
}

impl SubmissionsYaml {
    /// Reads `text`, the contents of `file`.
    pub fn parse(file: &Path, text: &str) -> Result<SubmissionsYaml, ScoringError> {
        let value: Value = if text.trim().is_empty() {
            Value::Null
        } else {
            yaml_serde::from_str(text).map_err(|e| ScoringError::invalid(file, e.to_string()))?
        };
        let map = match value {
            Value::Null => return Ok(SubmissionsYaml::default()),
            Value::Mapping(map) => map,
            _ => return Err(ScoringError::invalid(file, "is not a mapping of globs")),
        };
        let mut entries = Vec::new();
        let mut builds = Vec::new();
        for (key, entry) in map {
            let pattern = key
                .as_str()
                .ok_or_else(|| ScoringError::invalid(file, "a key is not a glob of submissions"))?
                .trim_end_matches('/')
                .to_string();
            let matcher = submission_glob(&pattern)
                .map_err(|e| ScoringError::invalid(file, format!("{pattern}: {e}")))?;
            let mut expectation = Expectation::none(format!("submissions.yaml: {pattern}"), None);
            let mut scoped = Vec::new();
            let mut built = HowBuilt::default();
            let Value::Mapping(keys) = entry else {
                return Err(ScoringError::invalid(
                    file,
                    format!("{pattern}: must be a mapping of keys"),
                ));
            };
            for (name, value) in keys {
                let name = name.as_str().unwrap_or("");
                let key = format!("{pattern}.{name}");
                if expectation.read_requirement(file, &key, name, &value)? {
                    continue;
                }
                match name {
                    "language" | "entrypoint" => {
                        let text =
                            value
                                .as_str()
                                .filter(|s| !s.trim().is_empty())
                                .ok_or_else(|| {
                                    ScoringError::invalid(
                                        file,
                                        format!("{key}: must be a non-empty string"),
                                    )
                                })?;
                        match name {
                            "language" => built.language = Some(text.to_string()),
                            _ => built.entrypoint = Some(text.to_string()),
                        }
                    }
                    // Keys that do not bear on a verdict, score or time limit.
                    "authors" | "model_solution" => {}
                    // A glob of test cases and groups (relative to `data/`), with
                    // requirements of its own.
                    _ if is_test_glob(name) => {
                        scoped.push(scoped_expectation(file, &pattern, name, &value)?)
                    }
                    _ => {
                        return Err(ScoringError::invalid(
                            file,
                            format!(
                                "{key}: unknown (an entry's keys are language, entrypoint, \
                                 authors, model_solution, permitted, required, score, message, \
                                 use_for_time_limit, and globs of test cases, which start with \
                                 sample, secret or *)"
                            ),
                        ))
                    }
                }
            }
            if built != HowBuilt::default() {
                builds.push((matcher.clone(), built));
            }
            expectation.imply_from_time_limit_use();
            entries.push((pattern.clone(), matcher.clone(), expectation));
            entries.extend(
                scoped
                    .into_iter()
                    .map(|e| (pattern.clone(), matcher.clone(), e)),
            );
        }
        Ok(SubmissionsYaml { entries, builds })
    }

    /// How the submission at `path` (relative to `submissions/`) is built: each key as the
    /// last entry that matches it (or one of its folders) and says it.
    pub fn how_built(&self, path: &str) -> HowBuilt {
        let prefixes = ancestry(path);
        let mut how = HowBuilt::default();
        for (matcher, said) in &self.builds {
            if prefixes.iter().any(|p| matcher.is_match(p)) {
                if said.language.is_some() {
                    how.language.clone_from(&said.language);
                }
                if said.entrypoint.is_some() {
                    how.entrypoint.clone_from(&said.entrypoint);
                }
            }
        }
        how
    }

    /// The expectations of the submission at `path` (relative to `submissions/`): those of
    /// every entry whose glob matches it or one of its folders.
    pub fn for_submission(&self, path: &str) -> Vec<&Expectation> {
        let prefixes = ancestry(path);
        self.entries
            .iter()
            .filter(|(_, matcher, _)| prefixes.iter().any(|p| matcher.is_match(p)))
            .map(|(_, _, expectation)| expectation)
            .collect()
    }

    /// The expectations of the submission at `path` (relative to `submissions/`) as
    /// BAPCtools and the 2025-09 format combine them: its folder's default (`default`'s, for
    /// its top folder), unless an entry of this file has that folder as its key, then those of
    /// every entry that matches it.
    pub fn with_default(
        &self,
        path: &str,
        default: impl Fn(&str) -> Option<Expectation>,
    ) -> Vec<Expectation> {
        let folder = path.split('/').next().unwrap_or("");
        let replaced = self.entries.iter().any(|(key, ..)| key == folder);
        let mut found: Vec<Expectation> = match replaced {
            true => Vec::new(),
            false => default(folder).into_iter().collect(),
        };
        found.extend(self.for_submission(path).into_iter().cloned());
        found
    }

    /// Whether an entry's glob matches the folder or file `path` (relative to
    /// `submissions/`), or something in it.
    pub fn names(&self, path: &str) -> bool {
        let inside = format!("{}/", path.trim_end_matches('/'));
        self.entries.iter().any(|(key, matcher, _)| {
            matcher.is_match(path) || key.starts_with(&inside) || {
                // A glob whose first part names the folder (`custom/*.py`).
                key.split('/')
                    .next()
                    .is_some_and(|first| submission_glob(first).is_ok_and(|g| g.is_match(path)))
            }
        })
    }

    /// The keys of the entries that match none of the submissions at `paths`, in the
    /// file's order.
    pub fn unmatched<'s>(&'s self, paths: &[&str]) -> Vec<&'s str> {
        let mut keys: Vec<&str> = Vec::new();
        for (key, matcher, _) in &self.entries {
            let matches = paths
                .iter()
                .any(|path| ancestry(path).iter().any(|p| matcher.is_match(p)));
            if !matches && !keys.contains(&key.as_str()) {
                keys.push(key);
            }
        }
        keys
    }
}

/// A glob of submissions: `*` within one name, braces for alternatives.
fn submission_glob(pattern: &str) -> Result<GlobMatcher, globset::Error> {
    Ok(GlobBuilder::new(&unspaced(pattern))
        .literal_separator(true)
        .build()?
        .compile_matcher())
}

/// `pattern` with the spaces within its braces dropped (`{ 4 }` is `{4}`): BAPCtools
/// trims each alternative.
fn unspaced(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut depth = 0usize;
    for c in pattern.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ' ' if depth > 0 => continue,
            _ => {}
        }
        out.push(c);
    }
    out
}

/// Whether a key of a submission's entry is a glob of test cases: it starts with `sample`,
/// `secret` (relative to `data/`) or a wildcard.
fn is_test_glob(key: &str) -> bool {
    ["sample", "secret"]
        .iter()
        .any(|top| key == *top || key.starts_with(&format!("{top}/")))
        || key.starts_with('*')
        || key.starts_with('{')
}

/// `path` and the folders it is in: `a/b/c`, `a/b`, `a`.
fn ancestry(path: &str) -> Vec<&str> {
    let mut prefixes = Vec::new();
    let mut at = path.trim_end_matches('/');
    loop {
        prefixes.push(at);
        match at.rfind('/') {
            Some(slash) => at = &at[..slash],
            None => break,
        }
    }
    prefixes
}

/// A glob of test cases or groups, as the 2023-07 format reads it: `*` within one name,
/// braces for alternatives. Compiled once, when the expectation holding it is read; two are
/// equal when their patterns are.
#[derive(Debug, Clone)]
pub struct TestGlob {
    /// The pattern as written (without a trailing `/`).
    pub pattern: String,
    matcher: GlobMatcher,
}

impl TestGlob {
    /// The glob `pattern` compiled, or why it is not one.
    pub fn new(pattern: &str) -> Result<TestGlob, globset::Error> {
        let pattern = pattern.trim_end_matches('/');
        let matcher = GlobBuilder::new(&unspaced(pattern))
            .literal_separator(true)
            .build()?
            .compile_matcher();
        Ok(TestGlob {
            pattern: pattern.to_string(),
            matcher,
        })
    }

    /// Whether it names the test case or group at `path`, or one of the groups holding it.
    pub fn covers(&self, path: &str) -> bool {
        ancestry(path).iter().any(|p| self.matcher.is_match(p))
    }
}

impl PartialEq for TestGlob {
    fn eq(&self, other: &TestGlob) -> bool {
        self.pattern == other.pattern
    }
}

impl std::fmt::Display for TestGlob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.pattern)
    }
}

/// The requirements a `submissions.yaml` entry `pattern` gives under the key `on`, a glob of
/// test cases and groups: `score` (of each group it names), `permitted`, `required`.
fn scoped_expectation(
    file: &Path,
    pattern: &str,
    on: &str,
    value: &Value,
) -> Result<Expectation, ScoringError> {
    let key = format!("{pattern}.{on}");
    let glob = TestGlob::new(on.trim_end_matches('/'))
        .map_err(|e| ScoringError::invalid(file, format!("{key}: {e}")))?;
    let Value::Mapping(keys) = value else {
        return Err(ScoringError::invalid(
            file,
            format!(
                "{key}: not a key of a submission's entry, so a glob of test cases, whose \
                 value must be a mapping of requirements"
            ),
        ));
    };
    let mut expectation =
        Expectation::none(format!("submissions.yaml: {pattern}, {on}"), Some(glob));
    for (name, value) in keys {
        let name = name.as_str().unwrap_or("");
        let key = format!("{key}.{name}");
        if expectation.read_requirement(file, &key, name, value)? {
            continue;
        }
        return Err(ScoringError::invalid(
            file,
            format!("{key}: unknown (a test group's requirements are score, permitted, required, message, use_for_time_limit)"),
        ));
    }
    expectation.imply_from_time_limit_use();
    Ok(expectation)
}

fn parse_expected_score(
    file: &Path,
    key: &str,
    value: &Value,
) -> Result<ScoreExpectation, ScoringError> {
    let one = |v: &Value| -> Result<f64, ScoringError> {
        let n = match v {
            Value::Number(n) => n.as_f64(),
            _ => None,
        }
        .ok_or_else(|| {
            ScoringError::invalid(file, format!("{key}: must be a number or [low, high]"))
        })?;
        SCORE.real(n).map_err(|bound| ScoringError::OutOfBounds {
            file: file.to_path_buf(),
            key: key.to_string(),
            bound,
        })
    };
    match value {
        Value::Sequence(items) if items.len() == 2 => {
            let (min, max) = (one(&items[0])?, one(&items[1])?);
            if min > max {
                return Err(ScoringError::invalid(
                    file,
                    format!("{key}: the low end is above the high end"),
                ));
            }
            Ok(ScoreExpectation::Between { min, max })
        }
        Value::Sequence(_) => Err(ScoringError::invalid(
            file,
            format!("{key}: must be a number or [low, high]"),
        )),
        other => {
            let score = one(other)?;
            Ok(ScoreExpectation::Between {
                min: score,
                max: score,
            })
        }
    }
}

fn parse_verdicts(file: &Path, key: &str, value: &Value) -> Result<Vec<Verdict>, ScoringError> {
    let bad = || ScoringError::invalid(file, format!("{key}: must be a list of AC, WA, TLE, RTE"));
    let Value::Sequence(items) = value else {
        return Err(bad());
    };
    items
        .iter()
        .map(|item| match item.as_str() {
            Some("AC") => Ok(Verdict::Accepted),
            Some("WA") => Ok(Verdict::WrongAnswer),
            Some("TLE") => Ok(Verdict::TimeLimitExceeded),
            Some("RTE") => Ok(RUN_TIME_ERROR),
            _ => Err(bad()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: FullScore = FullScore {
        range: ScoreRange {
            min: 0.0,
            max: 100.0,
        },
        objective: Objective::Max,
    };

    fn ac(score: f64) -> Scored {
        Scored::new(Verdict::Accepted, score)
    }

    #[test]
    fn folders_say_full_partial_or_a_verdict() {
        let accepted = Expectation::from_directory("accepted").unwrap();
        assert!(accepted.matches(&ac(100.0), &[], &FULL).is_ok());
        let error = accepted.matches(&ac(60.0), &[], &FULL).unwrap_err();
        assert_eq!(
            error.to_string(),
            "expected the full score 100 (the folder accepted/), got AC 60"
        );
        let partial = Expectation::from_directory("partially_accepted").unwrap();
        assert!(partial.matches(&ac(60.0), &[], &FULL).is_ok());
        assert!(partial.matches(&ac(0.0), &[], &FULL).is_ok());
        assert!(partial.matches(&ac(100.0), &[], &FULL).is_err());
        assert!(partial
            .matches(&Scored::new(Verdict::WrongAnswer, 60.0), &[], &FULL)
            .is_err());
        let wrong = Expectation::from_directory("wrong_answer").unwrap();
        assert!(wrong
            .matches(&Scored::new(Verdict::WrongAnswer, 0.0), &[], &FULL)
            .is_ok());
        assert!(wrong.matches(&ac(100.0), &[], &FULL).is_err());
        assert_eq!(Expectation::from_directory("runtime_error"), None);
    }

    #[test]
    fn objective_min_makes_the_bottom_the_full_score() {
        let full = FullScore {
            range: ScoreRange {
                min: 0.0,
                max: 50.0,
            },
            objective: Objective::Min,
        };
        let accepted = Expectation::from_directory("accepted").unwrap();
        assert!(accepted.matches(&ac(0.0), &[], &full).is_ok());
        assert!(accepted.matches(&ac(50.0), &[], &full).is_err());
        // An unbounded range has no full score to miss.
        let any = FullScore {
            range: ScoreRange::ANY,
            objective: Objective::Max,
        };
        assert!(accepted.matches(&ac(7.0), &[], &any).is_ok());
    }

    #[test]
    fn submissions_yaml_globs_scores_and_verdicts() {
        let text = "accepted:\n  score: 100\npartially_accepted/*.py:\n  score: [20, 60]\n  permitted: [AC, WA]\n  required: [WA]\n";
        let yaml = SubmissionsYaml::parse(Path::new("submissions.yaml"), text).unwrap();
        let found = yaml.for_submission("accepted/sol.cpp");
        assert_eq!(found.len(), 1);
        assert!(found[0].matches(&ac(100.0), &[], &FULL).is_ok());
        assert!(found[0].matches(&ac(99.0), &[], &FULL).is_err());
        let partial = yaml.for_submission("partially_accepted/half.py");
        assert_eq!(partial.len(), 1);
        let wa = Verdict::WrongAnswer;
        assert!(partial[0]
            .matches(&ac(40.0), &[Verdict::Accepted, wa], &FULL)
            .is_ok());
        assert!(partial[0]
            .matches(&ac(40.0), &[Verdict::Accepted], &FULL)
            .is_err());
        let error = partial[0]
            .matches(&ac(40.0), &[Verdict::TimeLimitExceeded, wa], &FULL)
            .unwrap_err();
        assert!(
            error
                .to_string()
                .contains("only AC/WA on test cases (one got TLE)"),
            "{error}"
        );
        assert!(partial[0].matches(&ac(70.0), &[wa], &FULL).is_err());
        assert!(yaml
            .for_submission("partially_accepted/half.cpp")
            .is_empty());
    }

    #[test]
    fn submissions_yaml_requirements_on_test_groups() {
        let text = "partially_accepted/half.py:\n  score: [0, 100]\n  sample:\n    permitted: [AC]\n  secret/g1:\n    permitted: [AC]\n    score: 30\n  secret/{g2,g3}:\n    required: [WA]\n  secret/*1:\n    permitted: [AC, TLE]\n";
        let yaml = SubmissionsYaml::parse(Path::new("submissions.yaml"), text).unwrap();
        let found = yaml.for_submission("partially_accepted/half.py");
        assert_eq!(found.len(), 5, "the entry's own and four on test groups");
        let (ac, wa) = (Verdict::Accepted, Verdict::WrongAnswer);
        let run = |g1_2: Verdict, g1_score: f64, g3_1: Verdict| Judged {
            result: Scored::new(Verdict::Accepted, 30.0),
            tests: vec![
                ("sample/1", ac),
                ("secret/g1/1", ac),
                ("secret/g1/2", g1_2),
                ("secret/g2/1", ac),
                // Not named by `secret/*1`: `*` stays within a name.
                ("secret/g2/1x1", wa),
                ("secret/g3/1", g3_1),
            ],
            groups: vec![
                ("", Some(30.0)),
                ("secret/g1", Some(g1_score)),
                ("secret/g2", Some(0.0)),
                ("secret/g3", Some(0.0)),
            ],
            messages: vec![("secret/g1/2", "the sum is off by one")],
            skipped: Vec::new(),
        };
        let first_miss = |run: &Judged| {
            found
                .iter()
                .find_map(|e| e.matches_run(run, &FULL).err())
                .map(|m| m.to_string())
        };
        assert_eq!(first_miss(&run(ac, 30.0, ac)), None);
        assert_eq!(
            first_miss(&run(wa, 30.0, ac)).unwrap(),
            "expected only AC on its test cases (submissions.yaml: partially_accepted/half.py, \
             secret/g1), got WA on secret/g1/2"
        );
        assert_eq!(
            first_miss(&run(ac, 20.0, ac)).unwrap(),
            "expected score 30 (submissions.yaml: partially_accepted/half.py, secret/g1), got \
             score 20 on secret/g1"
        );
        // secret/g2 and secret/g3 together need one WA (secret/g2/1x1's).
        let mut without = run(ac, 30.0, ac);
        without.tests.retain(|(path, _)| *path != "secret/g2/1x1");
        assert_eq!(
            first_miss(&without).unwrap(),
            "expected WA on some test case (submissions.yaml: partially_accepted/half.py, \
             secret/{g2,g3}), got AC on its 2 test cases"
        );
        // secret/*1 names secret/g1 (and its tests): TLE is permitted there, RTE is not.
        let mut rte = run(ac, 30.0, ac);
        rte.tests[1].1 = RUN_TIME_ERROR;
        assert!(first_miss(&rte).unwrap().contains("got RTE on secret/g1/1"));
        // A score of a group the glob does not name.
        let yaml = SubmissionsYaml::parse(
            Path::new("submissions.yaml"),
            "half.py:\n  secret/g9:\n    score: 1\n",
        )
        .unwrap();
        let error = yaml.for_submission("half.py")[1]
            .matches_run(&run(ac, 30.0, ac), &FULL)
            .unwrap_err();
        assert_eq!(error.got, "no group of that name");
        for (text, message) in [
            (
                "half.py:\n  secret/g1: [AC]\n",
                "half.py.secret/g1: not a key of a submission's entry",
            ),
            (
                "half.py:\n  secret/g1:\n    verdict: AC\n",
                "half.py.secret/g1.verdict: unknown",
            ),
            (
                "half.py:\n  secret/g1:\n    permitted: [OK]\n",
                "half.py.secret/g1.permitted: must be a list",
            ),
        ] {
            let error = SubmissionsYaml::parse(Path::new("submissions.yaml"), text).unwrap_err();
            assert!(error.to_string().contains(message), "{error}");
        }
    }

    #[test]
    fn use_for_time_limit_lower_and_upper_say_what_verdicts_are_allowed() {
        let text = "a.py:\n  use_for_time_limit: upper\nb.py:\n  use_for_time_limit: lower\nc.py:\n  use_for_time_limit: upper\n  required: [TLE, RTE]\n";
        let yaml = SubmissionsYaml::parse(Path::new("submissions.yaml"), text).unwrap();
        let one = |path: &str| yaml.for_submission(path)[0].clone();
        assert_eq!(one("a.py").required, Some(vec![Verdict::TimeLimitExceeded]));
        assert_eq!(one("a.py").time_limit_use(), ForTimeLimit::Upper);
        assert_eq!(
            one("b.py").permitted,
            Some(vec![
                Verdict::Accepted,
                Verdict::WrongAnswer,
                RUN_TIME_ERROR
            ])
        );
        // An entry's own list stays.
        assert_eq!(
            one("c.py").required,
            Some(vec![Verdict::TimeLimitExceeded, RUN_TIME_ERROR])
        );
    }

    #[test]
    fn use_for_time_limit_under_a_group_applies_to_that_group_s_test_cases() {
        let text = "accepted/fast.py:\n  secret/huge:\n    use_for_time_limit: false\n\
                    wrong_answer/small.py:\n  secret/small:\n    use_for_time_limit: lower\n";
        let yaml = SubmissionsYaml::parse(Path::new("submissions.yaml"), text).unwrap();
        let of = |path: &str| yaml.with_default(path, Expectation::of_spec_directory);
        let fast = of("accepted/fast.py");
        assert!(may_bound_time_limit_below(&fast));
        assert!(bounds_time_limit_below(&fast, "secret/small/1"));
        assert!(bounds_time_limit_below(&fast, "sample/1"));
        assert!(!bounds_time_limit_below(&fast, "secret/huge/1"));
        let small = of("wrong_answer/small.py");
        assert!(may_bound_time_limit_below(&small));
        assert!(bounds_time_limit_below(&small, "secret/small/3"));
        assert!(!bounds_time_limit_below(&small, "secret/huge/1"));
        assert!(!bounds_time_limit_below(&small, "secret/smaller/1"));
        // A wrong answer says nothing of the limit without it, a time-limit one neither.
        let wrong = of("wrong_answer/other.py");
        assert!(!may_bound_time_limit_below(&wrong));
        assert!(!may_bound_time_limit_below(&of(
            "time_limit_exceeded/slow.py"
        )));
    }

    #[test]
    fn language_and_entrypoint_are_the_last_entry_s_that_says_them() {
        let text = "accepted:\n  language: cpp\naccepted/app:\n  entrypoint: App\n  language: java\nwrong_answer/*.py:\n  language: python3\n";
        let yaml = SubmissionsYaml::parse(Path::new("submissions.yaml"), text).unwrap();
        let how = |language: Option<&str>, entrypoint: Option<&str>| HowBuilt {
            language: language.map(String::from),
            entrypoint: entrypoint.map(String::from),
        };
        assert_eq!(yaml.how_built("accepted/a.cc"), how(Some("cpp"), None));
        assert_eq!(
            yaml.how_built("accepted/app"),
            how(Some("java"), Some("App"))
        );
        assert_eq!(
            yaml.how_built("wrong_answer/x.py"),
            how(Some("python3"), None)
        );
        assert_eq!(yaml.how_built("wrong_answer/x.c"), how(None, None));
        let e = SubmissionsYaml::parse(
            Path::new("submissions.yaml"),
            "accepted:\n  language: [cpp]\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("accepted.language: must be a non-empty string"),
            "{e}"
        );
    }

    #[test]
    fn default_directories_and_what_the_file_adds() {
        let text = "accepted/slow.py:\n  use_for_time_limit: false\nrejected/off.py:\n  message: off by one\ncustom:\n  permitted: [AC, WA]\n  required: [WA]\n";
        let yaml = SubmissionsYaml::parse(Path::new("submissions.yaml"), text).unwrap();
        let of = |path: &str| yaml.with_default(path, Expectation::of_spec_directory);
        let (ac, wa, tle) = (
            Verdict::Accepted,
            Verdict::WrongAnswer,
            Verdict::TimeLimitExceeded,
        );
        // accepted/slow.py: the folder's default (only AC) and its own entry.
        let slow = of("accepted/slow.py");
        assert_eq!(slow.len(), 2);
        assert_eq!(slow[0].time_limit_use(), ForTimeLimit::Lower);
        assert_eq!(slow[1].time_limit_use(), ForTimeLimit::No);
        assert_eq!(
            of("time_limit_exceeded/a.c")[0].time_limit_use(),
            ForTimeLimit::Upper
        );
        assert_eq!(
            of("wrong_answer/a.c")[0].time_limit_use(),
            ForTimeLimit::Lower
        );
        assert_eq!(of("brute_force/a.c")[0].time_limit_use(), ForTimeLimit::No);
        assert_eq!(of("rejected/a.c")[0].representative(), wa);
        assert_eq!(of("brute_force/a.c")[0].representative(), tle);
        assert!(of("nowhere/a.c").is_empty());
        assert!(yaml.names("custom") && yaml.names("rejected") && !yaml.names("other"));
        let glob = TestGlob::new("secret/*{ 4 }{ 2 }/").unwrap();
        assert!(glob.covers("secret/x42") && glob.covers("secret/x42/1"));
        assert!(!glob.covers("secret/x4") && !glob.covers("secret"));
        assert_eq!(glob, TestGlob::new("secret/*{ 4 }{ 2 }").unwrap());
        assert_eq!(
            yaml.unmatched(&["accepted/slow.py", "custom/x.py"]),
            ["rejected/off.py"]
        );
        let run = |tests: Vec<(&'static str, Verdict)>, message: &'static str| Judged {
            result: Scored {
                verdict: tests
                    .iter()
                    .map(|t| t.1)
                    .find(|v| !v.is_accepted())
                    .unwrap_or(ac),
                score: None,
            },
            tests,
            groups: Vec::new(),
            messages: vec![("secret/2", message)],
            skipped: Vec::new(),
        };
        let first_miss = |found: &[Expectation], run: &Judged| {
            found
                .iter()
                .find_map(|e| e.matches_run(run, &FULL).err())
                .map(|m| m.to_string())
        };
        let rejected = of("rejected/off.py");
        assert_eq!(rejected.len(), 2);
        assert_eq!(
            first_miss(
                &rejected,
                &run(vec![("secret/1", ac), ("secret/2", wa)], "x is off by one")
            ),
            None
        );
        assert_eq!(
            first_miss(
                &rejected,
                &run(vec![("secret/1", ac), ("secret/2", wa)], "wrong")
            )
            .unwrap(),
            "expected a judge message holding \"off by one\" (submissions.yaml: rejected/off.py), \
             got none holds it"
        );
        assert_eq!(
            first_miss(&rejected, &run(vec![("secret/1", ac)], "")).unwrap(),
            "expected WA/TLE/RTE on some test case (the folder rejected/), got AC"
        );
        let brute = of("brute_force/b.py");
        assert_eq!(first_miss(&brute, &run(vec![("secret/1", tle)], "")), None);
        assert!(first_miss(&brute, &run(vec![("secret/1", wa)], ""))
            .unwrap()
            .contains("expected only AC/TLE/RTE on test cases (one got WA)"));
        // A test case not judged could have met a requirement or held the message.
        let mut cut = run(vec![("secret/1", ac)], "");
        cut.skipped = vec!["secret/2"];
        assert_eq!(first_miss(&rejected, &cut), None);
        let odd = SubmissionsYaml::parse(
            Path::new("submissions.yaml"),
            "wa/odd.py:\n  secret/*{1,3}:\n    required: [AC]\n",
        )
        .unwrap();
        let odd = odd.with_default("wa/odd.py", Expectation::of_spec_directory);
        let mut first_wa = run(vec![("secret/2", wa)], "");
        assert!(first_miss(&odd, &first_wa).is_some());
        first_wa.skipped = vec!["secret/3"];
        assert_eq!(first_miss(&odd, &first_wa), None);
        // A custom folder the file names: its entry alone.
        assert!(first_miss(&of("custom/c.py"), &run(vec![("secret/1", wa)], "")).is_none());
        assert!(first_miss(&of("custom/c.py"), &run(vec![("secret/1", tle)], "")).is_some());
        for (text, message) in [
            (
                "accepted:\n  verdict: AC\n",
                "accepted.verdict: unknown (an entry's keys are",
            ),
            (
                "accepted:\n  use_for_time_limit: sometimes\n",
                "accepted.use_for_time_limit: must be true, false, lower or upper",
            ),
            (
                "accepted:\n  message: [1]\n",
                "accepted.message: must be a string",
            ),
        ] {
            let error = SubmissionsYaml::parse(Path::new("submissions.yaml"), text)
                .unwrap_err()
                .to_string();
            assert!(error.contains(message), "{text:?}: {error}");
        }
    }

    #[test]
    fn malformed_submissions_yaml_names_the_key() {
        for (text, message) in [
            (
                "accepted:\n  score: lots\n",
                "accepted.score: must be a number",
            ),
            (
                "accepted:\n  score: [60, 20]\n",
                "accepted.score: the low end is above",
            ),
            (
                "accepted:\n  permitted: [OK]\n",
                "accepted.permitted: must be a list",
            ),
            (
                "accepted:\n  score: 1e300\n",
                "accepted.score must be between",
            ),
            ("- x\n", "is not a mapping of globs"),
            ("'[':\n  score: 1\n", "submissions.yaml: ["),
        ] {
            let error = SubmissionsYaml::parse(Path::new("submissions.yaml"), text)
                .unwrap_err()
                .to_string();
            assert!(error.contains(message), "{text:?}: {error}");
        }
    }
}
