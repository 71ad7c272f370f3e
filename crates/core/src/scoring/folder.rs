//! The groups of a folder problem (`[[groups]]` in its `problem.toml`) or of a built-in
//! problem (which builds the same [`GroupSpec`]s in Rust), made into a [`GroupTree`].
//!
//! ```toml
//! [[groups]]
//! name = "small"              # letters, digits, `-` and `_`
//! tests = ["small-*", "01"]   # names or globs of the problem's tests
//! points = 30                 # what the group is worth
//! aggregation = "min"         # min (default): the least test counts; sum: each test an equal share
//! includes = ["samples"]      # groups whose result counts in this one too (they must pass first)
//! validator_args = ["--max-n=100"]   # given to the validator for the group's tests
//! checker_args = []           # given to the checker for the group's tests
//! generator_args = ["--max-n=100"]   # given to the generator for the group (`judge gen --group`)
//!
//! [expected_scores]           # solutions (relative to the problem's solutions folder)
//! "partially_accepted/brute.cpp" = 30
//! "partially_accepted/greedy.py" = [20, 60]
//! ```
//!
//! Each test scores a fraction from 0 to 1: 1 when accepted, a checker's partial score (a
//! Kattis `score.txt`, testlib's points, a number on a line) read as that fraction, 0 when
//! rejected. A group scores `points` times the least fraction (`min`) or the mean (`sum`),
//! an included group counting as one more child with its own fraction; the problem's score is
//! the sum of its groups' (included copies are not counted twice). Every test belongs to a
//! group; a test in several groups runs once per group as the tree lists it (the engine may
//! reuse its result).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use globset::Glob;
use serde::Deserialize;

use super::expected::{Expectation, ScoreExpectation};
use super::{
    Aggregation, Child, Format, GraderFlags, Group, GroupTree, OnReject, Rule, ScoreRange,
    ScoreRule, ScoringError, Settings, TestCase, VerdictRule,
};
use crate::bounds::{GROUPS, GROUP_DEPTH, SCORE};

/// One group as `problem.toml` (or a built-in problem) gives it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupSpec {
    pub name: String,
    pub tests: Vec<String>,
    pub points: f64,
    #[serde(default)]
    pub aggregation: Option<String>,
    #[serde(default)]
    pub includes: Vec<String>,
    #[serde(default)]
    pub validator_args: Vec<String>,
    #[serde(default)]
    pub checker_args: Vec<String>,
    /// Given to the generator after its own arguments when it makes a test for the group
    /// (`judge gen --group`).
    #[serde(default)]
    pub generator_args: Vec<String>,
}

/// The `[[groups]]` and `[expected_scores]` of a problem.toml, as serde reads them.
#[derive(Debug, Default, Deserialize)]
pub struct ProblemScoring {
    #[serde(default)]
    pub groups: Vec<GroupSpec>,
    #[serde(default)]
    pub expected_scores: BTreeMap<String, toml::Value>,
}

/// Reads the scoring keys of problem.toml's `text` (`file` names it in errors); other keys
/// are `config`'s and left alone here.
pub fn parse(file: &Path, text: &str) -> Result<ProblemScoring, ScoringError> {
    let value: toml::Table =
        toml::from_str(text).map_err(|e| ScoringError::invalid(file, e.to_string()))?;
    let mut scoring = toml::Table::new();
    for key in ["groups", "expected_scores"] {
        if let Some(v) = value.get(key) {
            scoring.insert(key.to_string(), v.clone());
        }
    }
    toml::Value::Table(scoring)
        .try_into()
        .map_err(|e: toml::de::Error| ScoringError::invalid(file, e.message().to_string()))
}

/// The tree of `groups` over the problem's `tests` (their names, in judging order). `file`
/// names the problem.toml in errors. A problem without groups has no tree (`None`).
pub fn tree(
    file: &Path,
    groups: &[GroupSpec],
    tests: &[String],
) -> Result<Option<GroupTree>, ScoringError> {
    if groups.is_empty() {
        return Ok(None);
    }
    let bad = |message: String| ScoringError::invalid(file, message);
    GROUPS
        .whole(groups.len() as u64)
        .map_err(|bound| ScoringError::OutOfBounds {
            file: file.to_path_buf(),
            key: "the number of [[groups]]".into(),
            bound,
        })?;
    let mut by_name = BTreeMap::new();
    let mut members: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut grouped = vec![false; tests.len()];
    for group in groups {
        let name = group.name.as_str();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(bad(format!(
                "groups: the name {name:?} must be letters, digits, - and _"
            )));
        }
        if by_name.insert(name, group).is_some() {
            return Err(bad(format!("groups.{name}: is named twice")));
        }
        let points = SCORE
            .real(group.points)
            .map_err(|bound| ScoringError::OutOfBounds {
                file: file.to_path_buf(),
                key: format!("groups.{name}.points"),
                bound,
            })?;
        if points < 0.0 {
            return Err(bad(format!("groups.{name}.points: must not be negative")));
        }
        if let Some(aggregation) = &group.aggregation {
            if aggregation != "min" && aggregation != "sum" {
                return Err(bad(format!(
                    "groups.{name}.aggregation: must be min or sum, found {aggregation:?}"
                )));
            }
        }
        let mut matched = Vec::new();
        for pattern in &group.tests {
            let matcher = Glob::new(pattern)
                .map_err(|e| bad(format!("groups.{name}.tests: {pattern:?}: {e}")))?
                .compile_matcher();
            let before = matched.len();
            for (index, test) in tests.iter().enumerate() {
                if matcher.is_match(test) && !matched.contains(test) {
                    matched.push(test.clone());
                    grouped[index] = true;
                }
            }
            if matched.len() == before {
                return Err(bad(format!(
                    "groups.{name}.tests: {pattern:?} names no test (nor a new one)"
                )));
            }
        }
        // Judging order is the problem's order of tests, whatever the patterns' order.
        matched.sort_by_key(|t| tests.iter().position(|x| x == t));
        members.insert(name, matched);
    }
    if let Some(index) = grouped.iter().position(|g| !g) {
        return Err(bad(format!(
            "groups: the test {:?} is in no group",
            tests[index]
        )));
    }
    for group in groups {
        for include in &group.includes {
            if !by_name.contains_key(include.as_str()) {
                return Err(bad(format!(
                    "groups.{}.includes: there is no group {include:?}",
                    group.name
                )));
            }
        }
    }
    let mut children = Vec::new();
    let mut built = 0;
    for group in groups {
        children.push(Child::Group(build(
            file,
            group,
            &by_name,
            &members,
            &group.name,
            &mut Vec::new(),
            &mut built,
        )?));
    }
    let root = Group {
        path: String::new(),
        settings: Settings {
            rule: Rule::Default(GraderFlags {
                verdict: VerdictRule::FirstError,
                score: ScoreRule::Sum,
                accept_if_any_accepted: false,
                ignore_sample: false,
            }),
            on_reject: OnReject::Continue,
            accept_score: 1.0,
            reject_score: 0.0,
            range: ScoreRange {
                min: 0.0,
                max: groups.iter().map(|g| g.points).sum(),
            },
            input_validator_flags: Vec::new(),
            input_validator_args_by_name: None,
            output_validator_flags: Vec::new(),
        },
        origins: BTreeMap::new(),
        children,
    };
    Ok(Some(GroupTree {
        format: Format::Folder,
        scoring: true,
        score_required: false,
        root,
    }))
}

/// The group `spec` at `path`, its included groups copied under it; `open` holds the names
/// being built (an inclusion cycle would never end).
fn build(
    file: &Path,
    spec: &GroupSpec,
    by_name: &BTreeMap<&str, &GroupSpec>,
    members: &BTreeMap<&str, Vec<String>>,
    path: &str,
    open: &mut Vec<String>,
    built: &mut u64,
) -> Result<Group, ScoringError> {
    // Includes are copied: groups that each include the two before would double the tree
    // at every step, so the copies count against the bound on groups.
    *built += 1;
    GROUPS
        .whole(*built)
        .map_err(|bound| ScoringError::OutOfBounds {
            file: file.to_path_buf(),
            key: "the number of groups with their included copies".into(),
            bound,
        })?;
    if open.contains(&spec.name) {
        open.push(spec.name.clone());
        return Err(ScoringError::invalid(
            file,
            format!(
                "groups: the includes go round in a circle: {}",
                open.join(" -> ")
            ),
        ));
    }
    GROUP_DEPTH
        .whole(open.len() as u64 + 1)
        .map_err(|bound| ScoringError::OutOfBounds {
            file: file.to_path_buf(),
            key: format!("groups.{}: the depth of its includes", spec.name),
            bound,
        })?;
    open.push(spec.name.clone());
    let mut children: Vec<Child> = members[spec.name.as_str()]
        .iter()
        .map(|test| Child::Test(TestCase::of_data(test.clone(), Some(1.0))))
        .collect();
    for include in &spec.includes {
        let included = by_name[include.as_str()];
        children.push(Child::Group(build(
            file,
            included,
            by_name,
            members,
            &format!("{path}/{include}"),
            open,
            built,
        )?));
    }
    open.pop();
    let here = Some(PathBuf::from(file));
    let origins = [
        "points",
        "tests",
        "aggregation",
        "includes",
        "validator_args",
        "checker_args",
        "generator_args",
    ]
    .into_iter()
    .map(|key| (format!("groups.{}.{key}", spec.name), here.clone()))
    .collect();
    Ok(Group {
        path: path.to_string(),
        settings: Settings {
            rule: Rule::Points {
                points: spec.points,
                aggregation: match spec.aggregation.as_deref() {
                    Some("sum") => Aggregation::Sum,
                    _ => Aggregation::Min,
                },
            },
            on_reject: OnReject::Continue,
            accept_score: 1.0,
            reject_score: 0.0,
            range: ScoreRange {
                min: 0.0,
                max: spec.points,
            },
            input_validator_flags: spec.validator_args.clone(),
            input_validator_args_by_name: None,
            output_validator_flags: spec.checker_args.clone(),
        },
        origins,
        children,
    })
}

/// The `[expected_scores]` of a problem.toml: each solution's path (relative to the
/// problem's solutions folder) and what it should score.
pub fn expected_scores(
    file: &Path,
    table: &BTreeMap<String, toml::Value>,
) -> Result<Vec<(String, Expectation)>, ScoringError> {
    let mut found = Vec::new();
    for (solution, value) in table {
        let key = format!("expected_scores.{solution:?}");
        let score = |v: &toml::Value| -> Result<f64, ScoringError> {
            let n = match v {
                toml::Value::Integer(i) => *i as f64,
                toml::Value::Float(f) => *f,
                _ => {
                    return Err(ScoringError::invalid(
                        file,
                        format!("{key}: must be a number or [low, high]"),
                    ))
                }
            };
            SCORE.real(n).map_err(|bound| ScoringError::OutOfBounds {
                file: file.to_path_buf(),
                key: key.clone(),
                bound,
            })
        };
        let (min, max) = match value {
            toml::Value::Array(ends) if ends.len() == 2 => (score(&ends[0])?, score(&ends[1])?),
            toml::Value::Array(_) => {
                return Err(ScoringError::invalid(
                    file,
                    format!("{key}: must be a number or [low, high]"),
                ))
            }
            one => {
                let s = score(one)?;
                (s, s)
            }
        };
        if min > max {
            return Err(ScoringError::invalid(
                file,
                format!("{key}: the low end is above the high end"),
            ));
        }
        found.push((
            solution.clone(),
            Expectation {
                verdict: None,
                score: ScoreExpectation::Between { min, max },
                permitted: None,
                required: None,
                on: None,
                said_by: format!("problem.toml {key}"),
                message: None,
                for_time_limit: None,
            },
        ));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::aggregate::{self, Results, TestRun, ValidatorScore};
    use crate::scoring::{Scored, Verdict};

    const TOML: &str = r#"
id = "x"
[[groups]]
name = "samples"
tests = ["sample-*"]
points = 0

[[groups]]
name = "small"
tests = ["small-*"]
points = 30
includes = ["samples"]
validator_args = ["--max-n=100"]

[[groups]]
name = "big"
tests = ["big-*"]
points = 70
aggregation = "sum"
includes = ["small"]

[expected_scores]
"partially_accepted/brute.cpp" = 30
"partially_accepted/greedy.py" = [20, 60]
"#;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn tests() -> Vec<String> {
        names(&["sample-1", "small-1", "small-2", "big-1", "big-2"])
    }

    fn problem() -> GroupTree {
        let scoring = parse(Path::new("problem.toml"), TOML).unwrap();
        tree(Path::new("problem.toml"), &scoring.groups, &tests())
            .unwrap()
            .unwrap()
    }

    struct Table(BTreeMap<&'static str, TestRun>);
    impl Results for Table {
        fn test(&mut self, test: &TestCase) -> Option<TestRun> {
            self.0.get(test.path.as_str()).copied()
        }
        fn custom_grader(&mut self, _: &Group, _: &str, _: &[String]) -> Scored {
            unreachable!()
        }
    }

    fn run(code: &str, score: Option<f64>) -> TestRun {
        TestRun {
            verdict: Verdict::from_problemtools_code(code).unwrap(),
            validator_score: score.map(ValidatorScore::Score),
        }
    }

    #[test]
    fn groups_include_groups_and_sum_points() {
        let tree = problem();
        let paths: Vec<&str> = tree.root.groups().iter().map(|g| g.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "",
                "samples",
                "small",
                "small/samples",
                "big",
                "big/small",
                "big/small/samples"
            ]
        );
        let small = tree.root.find("small").unwrap();
        assert_eq!(small.settings.input_validator_flags, ["--max-n=100"]);
        let mut all = Table(BTreeMap::from([
            ("sample-1", run("AC", None)),
            ("small-1", run("AC", None)),
            ("small-2", run("AC", None)),
            ("big-1", run("AC", None)),
            ("big-2", run("AC", Some(0.5))),
        ]));
        let graded = aggregate::grade(&tree, &mut all).unwrap();
        // big: the mean of 1, 0.5 and small's 1: 2.5 / 3 of 70.
        let big = graded.group("big").unwrap().score.unwrap();
        assert!((big - 70.0 * 2.5 / 3.0).abs() < 1e-5, "{big}");
        assert_eq!(
            graded.group("small"),
            Some(Scored::new(Verdict::Accepted, 30.0))
        );
        let total = graded.total.unwrap();
        assert_eq!(total.verdict, Verdict::Accepted);
        assert!((total.score.unwrap() - (30.0 + big)).abs() < 1e-5);
    }

    #[test]
    fn a_min_group_scores_nothing_after_a_failure_and_is_decided() {
        let tree = problem();
        let mut results = Table(BTreeMap::from([
            ("sample-1", run("AC", None)),
            ("small-1", run("WA", None)),
            ("big-1", run("AC", None)),
            ("big-2", run("AC", None)),
        ]));
        // small-2 never runs: small is decided at small-1.
        let graded = aggregate::grade(&tree, &mut results).unwrap();
        assert_eq!(
            graded.group("small"),
            Some(Scored::new(Verdict::WrongAnswer, 0.0))
        );
        let big = graded.group("big").unwrap();
        assert_eq!(big.verdict, Verdict::WrongAnswer);
        assert!((big.score.unwrap() - 70.0 * 2.0 / 3.0).abs() < 1e-5);
    }

    #[test]
    fn expected_scores_are_read() {
        let scoring = parse(Path::new("problem.toml"), TOML).unwrap();
        let expected =
            expected_scores(Path::new("problem.toml"), &scoring.expected_scores).unwrap();
        assert_eq!(expected.len(), 2);
        let (name, greedy) = &expected[1];
        assert_eq!(name, "partially_accepted/greedy.py");
        assert_eq!(
            greedy.score,
            ScoreExpectation::Between {
                min: 20.0,
                max: 60.0
            }
        );
    }

    #[test]
    fn no_groups_no_tree() {
        assert_eq!(
            tree(Path::new("problem.toml"), &[], &tests()).unwrap(),
            None
        );
    }

    #[test]
    fn mistakes_name_the_group_and_key() {
        let file = Path::new("problem.toml");
        let cases = [
            (
                "[[groups]]\nname = \"a\"\ntests = [\"*\"]\npoints = 1\nincludes = [\"a\"]\n",
                "the includes go round in a circle: a -> a",
            ),
            ("[[groups]]\nname = \"a\"\ntests = [\"nothing-*\"]\npoints = 1\n", "names no test"),
            ("[[groups]]\nname = \"a\"\ntests = [\"small-*\"]\npoints = 1\n", "is in no group"),
            ("[[groups]]\nname = \"a b\"\ntests = [\"*\"]\npoints = 1\n", "must be letters"),
            ("[[groups]]\nname = \"a\"\ntests = [\"*\"]\npoints = -1\n", "points: must not be negative"),
            ("[[groups]]\nname = \"a\"\ntests = [\"*\"]\npoints = 1e300\n", "groups.a.points must be between"),
            ("[[groups]]\nname = \"a\"\ntests = [\"*\"]\npoints = 1\naggregation = \"max\"\n", "aggregation: must be min or sum"),
            ("[[groups]]\nname = \"a\"\ntests = [\"*\"]\npoints = 1\nincludes = [\"b\"]\n", "there is no group \"b\""),
            ("[[groups]]\nname = \"a\"\ntests = [\"*\"]\npoints = 1\ncolour = 3\n", "unknown field `colour`"),
            ("[[groups]]\nname = \"a\"\ntests = [\"*\"]\npoints = 1\n[[groups]]\nname = \"a\"\ntests = [\"*\"]\npoints = 1\n", "is named twice"),
            ("[expected_scores]\n\"x\" = \"lots\"\n", "must be a number or [low, high]"),
        ];
        for (text, message) in cases {
            let error = parse(file, text).and_then(|scoring| {
                tree(file, &scoring.groups, &tests())?;
                expected_scores(file, &scoring.expected_scores)
            });
            let error = error.unwrap_err().to_string();
            assert!(error.contains(message), "{text:?}: {error}");
            assert!(error.starts_with("problem.toml"), "{error}");
        }
    }

    #[test]
    fn a_long_chain_of_includes_is_bounded() {
        let groups: Vec<GroupSpec> = (0..70)
            .map(|i| GroupSpec {
                name: format!("g{i}"),
                tests: if i == 0 { vec!["*".into()] } else { Vec::new() },
                points: 1.0,
                aggregation: None,
                includes: if i > 0 {
                    vec![format!("g{}", i - 1)]
                } else {
                    Vec::new()
                },
                validator_args: Vec::new(),
                checker_args: Vec::new(),
                generator_args: Vec::new(),
            })
            .collect();
        let error = tree(Path::new("problem.toml"), &groups, &tests()).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("the number of groups with their included copies")
                || error
                    .to_string()
                    .contains("the depth of its includes must be between 1 and 64"),
            "{error}"
        );
        // Each group including the two before it: the copies double at each step.
        let doubling: Vec<GroupSpec> = (0..40)
            .map(|i| GroupSpec {
                name: format!("g{i}"),
                tests: if i == 0 { vec!["*".into()] } else { Vec::new() },
                points: 1.0,
                aggregation: None,
                includes: (i.max(2) - 2..i).map(|j| format!("g{j}")).collect(),
                validator_args: Vec::new(),
                checker_args: Vec::new(),
                generator_args: Vec::new(),
            })
            .collect();
        let error = tree(Path::new("problem.toml"), &doubling, &tests()).unwrap_err();
        assert!(
            error.to_string().contains("must be between 0 and 10000"),
            "{error}"
        );
    }
}
