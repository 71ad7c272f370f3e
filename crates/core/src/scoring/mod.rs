//! Scoring: the tree of test groups a problem's score is made of, and the pure functions that
//! fold test results into group results and a score. It owns the readers of the group
//! settings (Kattis `testdata.yaml` in the legacy format, `test_group.yaml` in 2023-07, the
//! `[[groups]]` of a folder problem's `problem.toml`), the aggregation of results as
//! problemtools' default grader does it ([`aggregate`]), the parsers of partial scores an
//! output validator or checker gives ([`score_file`]), and what a package says each
//! submission should score ([`expected`]).
//!
//! Nothing here runs a program or prints: the engine runs the tests (and a package's custom
//! grader, whose input and output [`aggregate`] writes and reads), asks [`aggregate::is_decided`]
//! which tests it may skip, and gives the results back.
//!
//! Where problemtools (version 1.20260907) and the format's specification differ, judge
//! follows problemtools; the differences, each said where it is handled:
//! - An empty group (no test cases, no sub-groups with any) has no result and is left out of
//!   its parent's children, as problemtools leaves it (`_judge_group` returns nothing for it);
//!   the 2023-07 specification gives it score 0. Left out is the identity of every
//!   aggregation (`sum`, `min`, `max`, `avg` of the others), never "accepted": a package whose
//!   only groups are empty has no result at all ([`aggregate::Folded::Empty`]).
//! - A group's score goes through the default grader's `%f`: rounded to 6 decimals at every
//!   level ([`aggregate::round_like_grader`]).
//! - A child that is a judge error makes its group that child's result without asking the
//!   grader (problemtools' `_aggregate_group_result`), and a grader verdict outside
//!   `AC WA TLE RTE MLE OLE JE` (the default grader's `PE` or `IF`) is a judge error.
//! - problemtools reads `testdata.yaml` only, in every format version (it grades its own
//!   2023-07 example, oddecho, from `testdata.yaml`); judge reads `test_group.yaml` by the
//!   2023-07 specification and, in a 2023-07 package, a group's `testdata.yaml` where it has
//!   no `test_group.yaml`, as problemtools does ([`kattis`]).
//! - `score.txt` holds any number Python's `float` reads for problemtools (`nan`, `inf`
//!   included); judge takes finite numbers within [`crate::bounds::SCORE`] and calls anything
//!   else a judge error naming the file ([`score_file`]).
//! - A legacy package of `validation: custom score` must have its output validator write a
//!   `score.txt` for every accepted test: one without is a judge error, as problemtools has
//!   it ([`GroupTree::score_required`]); 2023-07 requires none.
//! - problemtools reads no `submissions.yaml`: its folder rule holds every version's
//!   submissions; judge reads the file in a 2023-07 package and takes the folder rule where
//!   it names no submission ([`expected`]).
//! - problemtools only warns when an `accepted` submission misses the full score or a
//!   `partially_accepted` one reaches it; judge's [`expected::Expectation::matches`] calls
//!   both a mismatch, as the issue asks (`accepted` = full, `partially_accepted` = between).

pub mod aggregate;
pub mod expected;
/// Compiled in every build, hidden from the docs: a `fixtures` feature that only the tests
/// turned on made `cargo test --release` compile the libraries a second time.
#[doc(hidden)]
pub mod fixtures;
pub mod folder;
pub mod kattis;
pub mod score_file;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bounds::OutOfBounds;

/// A group's verdict is the crate's one verdict, in problemtools' terms: what a test's
/// verdict is to its group is [`Verdict::as_problemtools`] (PE is WA, an RTE names no crash;
/// `grade::scored::test_run` adds a Kattis package's MLE as RTE), and groups fold by
/// [`Verdict::rank`]. Re-exported so that the group types read as they always have.
pub use crate::verdict::Verdict;

/// A verdict with a score: a test's, a group's, a submission's. The score is `None` only
/// where problemtools has none: a judge error from a grader, and every group of a pass-fail
/// problem.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Scored {
    /// In problemtools' terms ([`Verdict::as_problemtools`]); written by its problemtools
    /// name (`RunTimeError`).
    #[serde(serialize_with = "crate::verdict::problemtools_name::serialize")]
    pub verdict: Verdict,
    pub score: Option<f64>,
}

impl Scored {
    pub fn new(verdict: Verdict, score: f64) -> Scored {
        Scored {
            verdict,
            score: Some(score),
        }
    }

    /// The score a grader is given for this result (problemtools writes a missing one as 0).
    pub fn score_or_zero(&self) -> f64 {
        self.score.unwrap_or(0.0)
    }
}

/// Which format a tree was read from (its aggregation rules differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// A Kattis package without `problem_format_version` (or `legacy`).
    KattisLegacy,
    /// A Kattis package of version 2023-07 (`2023-07-draft`).
    Kattis2023,
    /// A Kattis package of version 2025-09: groups are the folders of `data/secret/` with a
    /// `test_group.yaml`, one level deep.
    Kattis2025,
    /// A folder problem's `problem.toml`.
    Folder,
}

/// Arguments per input validator, by its name (its entry in a package's `input_validators/`):
/// 2025-09's map form of `input_validator_args`.
pub type ArgsByName = std::collections::BTreeMap<String, Vec<String>>;

/// The tree of groups of one problem: the root group (`data/` of a package, the whole
/// problem of a folder problem) and everything under it, in judging order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupTree {
    pub format: Format,
    /// Whether the problem is scored (`type: scoring`); a pass-fail problem's groups have
    /// verdicts and no scores (problemtools drops the grader's score).
    pub scoring: bool,
    /// A legacy package of `validation: custom score`: its output validator must write a
    /// `score.txt` for every accepted test (problemtools: a judge error where it wrote none).
    /// 2023-07 makes none mandatory; a folder problem's checkers need give none.
    #[serde(default)]
    pub score_required: bool,
    pub root: Group,
}

/// What a score file (`score.txt`, `score_multiplier.txt`) an output, static or interactive
/// validator writes for a test is, by the test's place in its package.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScoreFile {
    /// The test's score, as its group's rules read it (every format before 2025-09, and a
    /// 2025-09 test in a `sum` or `min` group).
    #[default]
    Read,
    /// Ignored: a sample of a 2025-09 scoring problem ("not an error, but simply ignored").
    Ignored,
    /// A judge error naming the validator and the file: a 2025-09 test of a pass-fail
    /// problem or of a group with `pass-fail` aggregation.
    JudgeError,
}

impl GroupTree {
    /// What a score file written for a test of `group` (a sample when `sample`) is: in a
    /// 2025-09 package, ignored on a sample ("not an error, but simply ignored") and a judge
    /// error in another group of `pass-fail` aggregation, whichever validator wrote it (output,
    /// interactor or static); read by the group's rules everywhere else.
    pub fn score_file(&self, group: &Group, sample: bool) -> ScoreFile {
        if self.format != Format::Kattis2025 {
            return ScoreFile::Read;
        }
        match &group.settings.rule {
            _ if sample => ScoreFile::Ignored,
            Rule::Spec(spec) if spec.aggregation == SpecAggregation::PassFail => {
                ScoreFile::JudgeError
            }
            _ => ScoreFile::Read,
        }
    }
}

/// One group: its settings (each with where it came from) and its children in judging order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Group {
    /// Its path: relative to `data/` for a package (`secret/group1`, the root `""`), its name
    /// for a folder problem's group (the root `""`).
    pub path: String,
    pub settings: Settings,
    /// Where each setting came from: the setting's key (`grader_flags`, `accept_score`,
    /// `scoring.aggregation`, ...) and the file that set it, or `None` for its default. An
    /// inherited setting names the ancestor's file.
    pub origins: BTreeMap<String, Option<PathBuf>>,
    pub children: Vec<Child>,
}

/// A child of a group: a test case or a sub-group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Child {
    Test(TestCase),
    Group(Group),
}

/// A test case as the tree knows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestCase {
    /// Its path without extension: relative to `data/` for a package (`secret/group1/01`), its
    /// name in the tests folder for a folder problem.
    pub path: String,
    /// Its maximum score where the format gives each test one (2023-07 `sum`/`min` groups,
    /// folder groups: the points a fully accepted test is worth); `None` where the group's
    /// `accept_score` applies (legacy) or the maximum is unbounded.
    pub max_score: Option<f64>,
    /// A 2025-09 group's static validation test case (`static_validation_score` in its
    /// `test_group.yaml`): not a test of the data but the static validator's word on the
    /// submission's files, called with these arguments (`static_validator_args`). Its path is
    /// the group's followed by [`STATIC_CASE`]; `None` for every test of the data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub static_validation: Option<Vec<String>>,
}

/// The last part of a static validation test case's path (`secret/group1/[static]`): the
/// brackets are outside the characters the format allows in a file's name, so no test of the
/// data has it.
pub const STATIC_CASE: &str = "[static]";

impl TestCase {
    /// A test of the data at `path`, worth `max_score`.
    pub fn of_data(path: String, max_score: Option<f64>) -> TestCase {
        TestCase {
            path,
            max_score,
            static_validation: None,
        }
    }
}

/// How a group's settings say it is graded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub rule: Rule,
    /// Whether the group stops at its first rejected child (`on_reject: break`).
    pub on_reject: OnReject,
    /// A legacy test case's score when accepted and no validator gave one.
    pub accept_score: f64,
    /// A legacy test case's score when not accepted.
    pub reject_score: f64,
    /// The scores the group is expected to get (`range`), checked, never enforced.
    pub range: ScoreRange,
    pub input_validator_flags: Vec<String>,
    /// 2025-09's map form of `input_validator_args`: each input validator's arguments by its
    /// name in `input_validators/` (one not named gets none); `input_validator_flags` is not
    /// used when it is given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_validator_args_by_name: Option<ArgsByName>,
    pub output_validator_flags: Vec<String>,
}

/// The rule that folds a group's children into its result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Rule {
    /// problemtools' default grader with these flags (legacy `grading: default`).
    Default(GraderFlags),
    /// A custom grader program (legacy `grading: custom`, the one program in `graders/`), run
    /// by the engine with these arguments; [`aggregate::grader_input`] and
    /// [`aggregate::parse_grader_output`] speak its protocol.
    Custom { flags: Vec<String> },
    /// The 2023-07 `scoring` of a `test_group.yaml`.
    Spec(SpecScoring),
    /// A folder problem's group: `points` times the folded fraction of its tests' scores.
    Points {
        points: f64,
        aggregation: Aggregation,
    },
}

/// The default grader's flags (`grader_flags`), as it reads them: the last verdict rule and
/// the last score rule given win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraderFlags {
    pub verdict: VerdictRule,
    pub score: ScoreRule,
    pub accept_if_any_accepted: bool,
    pub ignore_sample: bool,
}

impl Default for GraderFlags {
    fn default() -> GraderFlags {
        GraderFlags {
            verdict: VerdictRule::WorstError,
            score: ScoreRule::Sum,
            accept_if_any_accepted: false,
            ignore_sample: false,
        }
    }
}

impl GraderFlags {
    /// The flags of a `grader_flags` value. A word the default grader does not know is
    /// ignored, as it ignores it; it is returned so a reader can warn.
    pub fn parse(words: &[String]) -> (GraderFlags, Vec<String>) {
        let mut flags = GraderFlags::default();
        let mut unknown = Vec::new();
        for word in words {
            match word.as_str() {
                "worst_error" | "no_errors" => flags.verdict = VerdictRule::WorstError,
                "first_error" => flags.verdict = VerdictRule::FirstError,
                "always_accept" => flags.verdict = VerdictRule::AlwaysAccept,
                "sum" => flags.score = ScoreRule::Sum,
                "avg" => flags.score = ScoreRule::Avg,
                "min" => flags.score = ScoreRule::Min,
                "max" => flags.score = ScoreRule::Max,
                "ignore_sample" => flags.ignore_sample = true,
                "accept_if_any_accepted" => flags.accept_if_any_accepted = true,
                _ => unknown.push(word.clone()),
            }
        }
        (flags, unknown)
    }
}

/// How the default grader picks a group's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum VerdictRule {
    /// The worst child verdict (`worst_error`, `no_errors`; the default).
    WorstError,
    /// The first child verdict that is not accepted.
    FirstError,
    /// Accepted whatever the children got.
    AlwaysAccept,
}

/// How the default grader folds its children's scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScoreRule {
    Sum,
    Avg,
    Min,
    Max,
}

/// `on_reject`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OnReject {
    /// Stop at the first rejected child (the default).
    Break,
    /// Judge every child.
    Continue,
}

/// The 2023-07 `scoring` of a group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpecScoring {
    pub aggregation: SpecAggregation,
    /// Its maximum score (`score`, or inferred from its parent's); `None` when unbounded.
    pub max_score: Option<f64>,
    /// `require_pass`: paths of test cases or groups (relative to `data/`) a submission must
    /// pass for this group to be judged at all.
    pub require_pass: Vec<String>,
}

/// The 2023-07 `aggregation`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpecAggregation {
    /// The maximum score when every test case under it is accepted, else 0.
    PassFail,
    Sum,
    Min,
}

/// How a folder problem's group folds its tests' fractions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aggregation {
    /// The least fraction: all or nothing for pass-fail tests (the default).
    Min,
    /// The mean fraction: each test is worth an equal share of the points.
    Sum,
}

/// A closed range of scores (`range: '0 100'`), either end possibly infinite (an infinite
/// end is `null` in JSON, which has no infinity).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ScoreRange {
    #[serde(
        serialize_with = "range_end::write",
        deserialize_with = "range_end::lower"
    )]
    pub min: f64,
    #[serde(
        serialize_with = "range_end::write",
        deserialize_with = "range_end::upper"
    )]
    pub max: f64,
}

/// A [`ScoreRange`]'s ends in JSON: a number, or `null` for an infinite end.
mod range_end {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn write<S: Serializer>(end: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        match end.is_finite() {
            true => serializer.serialize_f64(*end),
            false => serializer.serialize_none(),
        }
    }

    pub fn lower<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        Ok(Option::<f64>::deserialize(deserializer)?.unwrap_or(f64::NEG_INFINITY))
    }

    pub fn upper<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        Ok(Option::<f64>::deserialize(deserializer)?.unwrap_or(f64::INFINITY))
    }
}

impl ScoreRange {
    pub const ANY: ScoreRange = ScoreRange {
        min: f64::NEG_INFINITY,
        max: f64::INFINITY,
    };

    pub fn contains(&self, score: f64) -> bool {
        self.min <= score && score <= self.max
    }
}

impl Group {
    /// The group at `path` (itself for `""`), searched depth-first.
    pub fn find(&self, path: &str) -> Option<&Group> {
        if self.path == path {
            return Some(self);
        }
        self.children.iter().find_map(|child| match child {
            Child::Group(group) => group.find(path),
            Child::Test(_) => None,
        })
    }

    /// Its test cases, and those of its sub-groups, in judging order, each once (a folder
    /// group's included groups may share tests).
    pub fn tests(&self) -> Vec<&TestCase> {
        let mut found = Vec::new();
        self.collect_tests(&mut found);
        let mut seen = BTreeSet::new();
        found.retain(|test| seen.insert(test.path.as_str()));
        found
    }

    fn collect_tests<'a>(&'a self, found: &mut Vec<&'a TestCase>) {
        for child in &self.children {
            match child {
                Child::Test(test) => found.push(test),
                Child::Group(group) => group.collect_tests(found),
            }
        }
    }

    /// Its sub-groups, and theirs, parents before children.
    pub fn groups(&self) -> Vec<&Group> {
        let mut found = vec![self];
        for child in &self.children {
            if let Child::Group(group) = child {
                found.extend(group.groups());
            }
        }
        found
    }

    /// Whether it has no test case at any depth (problemtools leaves it out).
    pub fn is_empty(&self) -> bool {
        self.children.iter().all(|child| match child {
            Child::Test(_) => false,
            Child::Group(group) => group.is_empty(),
        })
    }
}

/// A file of group settings that judge cannot use. Each names the file and, where one is at
/// fault, the key.
#[derive(Debug, Error)]
pub enum ScoringError {
    #[error("{file}: {message}")]
    Invalid { file: PathBuf, message: String },
    #[error("{file}: {key} {bound}")]
    OutOfBounds {
        file: PathBuf,
        key: String,
        bound: OutOfBounds,
    },
    #[error(transparent)]
    File(#[from] crate::files::FileError),
}

impl ScoringError {
    pub fn invalid(file: impl Into<PathBuf>, message: impl Into<String>) -> ScoringError {
        ScoringError::Invalid {
            file: file.into(),
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grader_flags_take_the_last_rule_and_keep_unknown_words() {
        let words: Vec<String> = ["min", "first_error", "sum", "ignore_sample", "bogus"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let (flags, unknown) = GraderFlags::parse(&words);
        assert_eq!(flags.score, ScoreRule::Sum);
        assert_eq!(flags.verdict, VerdictRule::FirstError);
        assert!(flags.ignore_sample);
        assert!(!flags.accept_if_any_accepted);
        assert_eq!(unknown, vec!["bogus".to_string()]);
        let (flags, _) = GraderFlags::parse(&["no_errors".to_string()]);
        assert_eq!(flags.verdict, VerdictRule::WorstError);
    }

    #[test]
    fn a_tree_reads_back_from_its_json_infinite_ranges_included() {
        let mut tree = fixtures::group_tree();
        tree.root.settings.range = ScoreRange {
            min: 0.0,
            max: f64::INFINITY,
        };
        let json = serde_json::to_string(&tree).unwrap();
        assert!(json.contains(r#""range":{"min":0.0,"max":null}"#), "{json}");
        let back: GroupTree = serde_json::from_str(&json).unwrap();
        assert_eq!(back, tree);
        let any: ScoreRange =
            serde_json::from_str(&serde_json::to_string(&ScoreRange::ANY).unwrap()).unwrap();
        assert_eq!(any, ScoreRange::ANY);
    }
}
