//! The groups of a folder problem (`[[groups]]` in its `problem.toml`) made into what the rest
//! of judge grades a scored problem by: its tests kept as files (`samples/` and `tests/`, each
//! `NAME.in` with `NAME.ans`, named by `NAME`), the group tree over them
//! (`scoring::folder::tree`), each test's checker arguments (its groups'), and the scores the
//! problem expects of its solutions (`[expected_scores]`). A problem with groups is graded on
//! those tests alone: the same tests every run, as the groups name them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::file_test::{FileTest, ScoreFile};
use super::{invalid, ConfigError};
use crate::files::Folder;
use crate::scoring::expected::Expectation;
use crate::scoring::folder::{self, GroupSpec};
use crate::scoring::{Child, GroupTree, ScoringError};

/// The folder, beside `samples/`, of a scored problem's other tests.
pub const TESTS_FOLDER: &str = "tests";

/// What a problem's groups resolve to.
#[derive(Debug)]
pub struct Resolved {
    pub tree: Arc<GroupTree>,
    pub tests: Vec<FileTest>,
    pub expected_scores: Vec<(String, Expectation)>,
    /// Each group's `generator_args`, by its name (every group, with or without them).
    pub generator_args: BTreeMap<String, Vec<String>>,
}

/// The `[[groups]]` tables of `file` (each as written) resolved over the tests of `dir`;
/// `None` when there are none. Every mistake is an error naming the group and the key.
pub fn resolve(
    file: &Path,
    dir: &Path,
    tables: &[toml::Table],
    expected: &BTreeMap<String, toml::Value>,
) -> Result<Option<Resolved>, ConfigError> {
    if tables.is_empty() {
        if !expected.is_empty() {
            return Err(invalid(
                file,
                "expected_scores",
                "is only for a problem with [[groups]]",
            ));
        }
        return Ok(None);
    }
    let specs = specs(file, tables)?;
    let tests = tests_of(file, dir)?;
    let names: Vec<String> = tests.iter().map(|t| t.name.clone()).collect();
    let tree = folder::tree(file, &specs, &names)
        .map_err(scoring_error)?
        .expect("groups were given");
    for spec in &specs {
        let group = tree
            .root
            .find(&spec.name)
            .expect("every group is in its tree");
        if group.is_empty() {
            return Err(invalid(
                file,
                &format!("groups.{}", spec.name),
                "has no tests (its `tests` and `includes` name none)",
            ));
        }
    }
    let mut tests = with_arguments(file, &tree, tests)?;
    // Judging order is the tree's: group by group, as the groups are listed.
    let order: Vec<&str> = tree.root.tests().iter().map(|t| t.path.as_str()).collect();
    tests.sort_by_key(|test| order.iter().position(|name| *name == test.name));
    let expected_scores = folder::expected_scores(file, expected).map_err(scoring_error)?;
    let generator_args = specs
        .iter()
        .map(|spec| (spec.name.clone(), spec.generator_args.clone()))
        .collect();
    Ok(Some(Resolved {
        tree: Arc::new(tree),
        tests,
        expected_scores,
        generator_args,
    }))
}

fn scoring_error(error: ScoringError) -> ConfigError {
    match error {
        ScoringError::File(e) => ConfigError::File(e),
        ScoringError::Invalid { file, message } => ConfigError::Parse {
            file: file.as_path().into(),
            message,
        },
        ScoringError::OutOfBounds { file, key, bound } => {
            invalid(file.as_path(), &key, bound.to_string())
        }
    }
}

/// Each `[[groups]]` table as a [`GroupSpec`]; a table that is not one is named by its
/// `name` (or its place) in the error.
fn specs(file: &Path, tables: &[toml::Table]) -> Result<Vec<GroupSpec>, ConfigError> {
    tables
        .iter()
        .enumerate()
        .map(|(index, table)| {
            let key = match table.get("name").and_then(|n| n.as_str()) {
                Some(name) => format!("groups.{name}"),
                None => format!("groups[{index}]"),
            };
            let points = table.get("points");
            if points.is_some_and(|p| !matches!(p, toml::Value::Integer(_) | toml::Value::Float(_)))
            {
                return Err(invalid(
                    file,
                    &format!("{key}.points"),
                    format!(
                        "must be a number, found {}",
                        points.map(|p| p.to_string()).unwrap_or_default()
                    ),
                ));
            }
            toml::Value::Table(table.clone())
                .try_into::<GroupSpec>()
                .map_err(|e| invalid(file, &key, e.message().trim().replace('\n', " ")))
        })
        .collect()
}

/// The tests of a scored problem: `samples/`, then `tests/`, each sorted by name. A name
/// in both, a missing answer, or no test at all is an error.
fn tests_of(file: &Path, dir: &Path) -> Result<Vec<FileTest>, ConfigError> {
    let folder = Folder::new(dir)?;
    let mut tests: Vec<FileTest> = Vec::new();
    for (sub, sample) in [("samples", true), (TESTS_FOLDER, false)] {
        let here = dir.join(sub);
        let Ok(entries) = std::fs::read_dir(&here) else {
            continue;
        };
        for found in folder.test_files(entries)? {
            let (name, input) = (found.name, found.input);
            let Some(answer) = found.answer else {
                let answer = input.with_extension("ans");
                return Err(invalid(
                    file,
                    "groups",
                    format!("the test {} has no answer {}", name, answer.display()),
                ));
            };
            if let Some(other) = tests.iter().find(|t| t.name == name) {
                return Err(invalid(
                    file,
                    "groups",
                    format!(
                        "two tests are named {name:?} ({} and {}): a test's name is its file's",
                        other.input.display(),
                        input.display()
                    ),
                ));
            }
            tests.push(FileTest {
                name,
                input,
                answer,
                folder: folder.clone(),
                sample,
                checker_args: Vec::new(),
                args: Vec::new(),
                validator_args: Vec::new(),
                validator_args_by_name: None,
                input_visualizer_args: Vec::new(),
                output_visualizer_args: Vec::new(),
                score_file: ScoreFile::Read,
            });
        }
    }
    if tests.is_empty() {
        return Err(invalid(
            file,
            "groups",
            format!(
                "the problem has no tests for its groups: put NAME.in and NAME.ans in {} or {}",
                dir.join("samples").display(),
                dir.join(TESTS_FOLDER).display()
            ),
        ));
    }
    Ok(tests)
}

/// The tests with their groups' arguments: a test runs once, so the groups that list it must
/// give its checker the same arguments; its validator arguments are those of the first group
/// that lists it (`judge validate` checks it with each group's).
fn with_arguments(
    file: &Path,
    tree: &GroupTree,
    tests: Vec<FileTest>,
) -> Result<Vec<FileTest>, ConfigError> {
    let mut given: BTreeMap<&str, (&str, &Vec<String>, &Vec<String>)> = BTreeMap::new();
    for group in tree.root.groups() {
        for child in &group.children {
            let Child::Test(test) = child else { continue };
            let name = group.path.rsplit('/').next().unwrap_or_default();
            let args = &group.settings.output_validator_flags;
            let validator = &group.settings.input_validator_flags;
            match given.get(test.path.as_str()) {
                Some((other, theirs, _)) if *theirs != args => {
                    return Err(invalid(
                        file,
                        &format!("groups.{name}.checker_args"),
                        format!(
                            "differ from groups.{other}.checker_args, and both groups hold the \
                             test {:?} (a test runs once, with one checker's arguments)",
                            test.path
                        ),
                    ));
                }
                Some(_) => {}
                None => {
                    given.insert(&test.path, (name, args, validator));
                }
            }
        }
    }
    Ok(tests
        .into_iter()
        .map(|mut test| {
            if let Some((_, checker, validator)) = given.get(test.name.as_str()) {
                test.checker_args = (*checker).clone();
                test.validator_args = (*validator).clone();
            }
            test
        })
        .collect())
}

/// Each test of a scored problem with each group that lists it and that group's validator
/// arguments, in the tree's order (a group included in others once): `judge validate`
/// checks a test against the limits of every group it is in.
pub fn validator_calls(tree: &GroupTree) -> Vec<ValidatorCall> {
    let mut calls: Vec<ValidatorCall> = Vec::new();
    for group in tree.root.groups() {
        let name = group.path.rsplit('/').next().unwrap_or_default();
        for child in &group.children {
            let Child::Test(test) = child else { continue };
            let listed = calls
                .iter()
                .any(|call| call.test == test.path && call.group == name);
            if !listed {
                calls.push(ValidatorCall {
                    test: test.path.clone(),
                    group: name.to_string(),
                    args: group.settings.input_validator_flags.clone(),
                });
            }
        }
    }
    calls
}

/// A test checked against one of its groups' limits (see [`validator_calls`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidatorCall {
    pub test: String,
    pub group: String,
    pub args: Vec<String>,
}

/// The validator arguments of the group `name` of `tree`, `None` when it has no such group.
pub fn validator_args<'a>(tree: &'a GroupTree, name: &str) -> Option<&'a [String]> {
    tree.root
        .find(name)
        .map(|group| group.settings.input_validator_flags.as_slice())
}

/// The problem's folder of tests beside its samples.
pub fn tests_dir(dir: &Path) -> PathBuf {
    dir.join(TESTS_FOLDER)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::tests::write;
    use crate::config::ProblemSpec;

    const HEAD: &str = "id = \"p\"\ntitle = \"P\"\nsource = \"x\"\nkind = \"batch\"\n\
                        [limits]\ntime_seconds = 1.0\nmemory_mib = 32\n";

    /// A problem `p` with these tests (`folder/name`) and groups.
    fn problem(dir: &Path, tests: &[&str], groups: &str) -> Result<ProblemSpec, ConfigError> {
        for test in tests {
            write(dir, &format!("p/{test}.in"), "1\n");
            write(dir, &format!("p/{test}.ans"), "1\n");
        }
        ProblemSpec::load(&write(dir, "p/problem.toml", &format!("{HEAD}{groups}")))
    }

    const GROUPS: &str = "[[groups]]\nname = \"big\"\ntests = [\"b*\"]\npoints = 60\n\
                          checker_args = [\"x\"]\nincludes = [\"small\"]\n\
                          [[groups]]\nname = \"small\"\ntests = [\"a*\", \"s1\"]\npoints = 40\n\
                          validator_args = [\"--small\"]\ngenerator_args = [\"--n=5\"]\n\
                          [expected_scores]\n\"partially_accepted/x.py\" = 40\n";

    #[test]
    fn tests_run_in_the_groups_order_with_their_arguments() {
        let dir = tempfile::tempdir().unwrap();
        let spec = problem(dir.path(), &["samples/s1", "tests/b1", "tests/a1"], GROUPS).unwrap();
        let tests = spec.file_tests.as_ref().unwrap();
        let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["b1", "s1", "a1"]);
        assert!(tests[1].sample && !tests[0].sample);
        assert_eq!(tests[0].checker_args, ["x"]);
        assert_eq!(tests[2].validator_args, ["--small"]);
        let tree = spec.groups.as_ref().unwrap();
        assert_eq!(tree.root.settings.range.max, 100.0);
        assert_eq!(spec.expected_scores.len(), 1);
        assert_eq!(spec.group_generator_args["small"], ["--n=5"]);
        assert!(spec.group_generator_args["big"].is_empty());
        // Each test once per group that lists it; the copy of small under big adds none.
        let calls: Vec<(String, String)> = validator_calls(tree)
            .into_iter()
            .map(|c| (c.test, c.group))
            .collect();
        let pairs = [("b1", "big"), ("s1", "small"), ("a1", "small")]
            .map(|(t, g)| (t.to_string(), g.to_string()));
        assert_eq!(calls, pairs);
        assert_eq!(
            validator_args(tree, "small"),
            Some(&["--small".to_string()][..])
        );
        assert_eq!(validator_args(tree, "huge"), None);
    }

    #[test]
    fn a_problem_without_groups_is_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let spec = problem(dir.path(), &["samples/s1"], "").unwrap();
        assert!(spec.groups.is_none() && spec.file_tests.is_none());
        let error = problem(dir.path(), &[], "[expected_scores]\n\"a.py\" = 3\n").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("is only for a problem with [[groups]]"),
            "{error}"
        );
    }

    #[test]
    fn mistakes_in_the_tests_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let error = problem(dir.path(), &["samples/a1", "tests/a1", "tests/b1"], GROUPS)
            .unwrap_err()
            .to_string();
        assert!(error.contains("two tests are named \"a1\""), "{error}");
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "p/tests/b1.in", "1\n");
        let error = problem(dir.path(), &["samples/s1"], GROUPS)
            .unwrap_err()
            .to_string();
        assert!(error.contains("the test b1 has no answer"), "{error}");
        let dir = tempfile::tempdir().unwrap();
        let error = problem(dir.path(), &[], GROUPS).unwrap_err().to_string();
        assert!(error.contains("has no tests for its groups"), "{error}");
        let dir = tempfile::tempdir().unwrap();
        let games = "[[groups]]\nname = \"a\"\ntests = [\"*\"]\npoints = 1\n";
        let text = format!("{HEAD}{games}").replace("\"batch\"", "\"interactive\"");
        write(dir.path(), "p/samples/s1.in", "1\n");
        write(dir.path(), "p/samples/s1.ans", "1\n");
        let error = ProblemSpec::load(&write(
            dir.path(),
            "p/problem.toml",
            &format!("{text}[interactive]\ngames = 3\naccept_mean_score = 1\n"),
        ))
        .unwrap_err()
        .to_string();
        assert!(error.contains("not games"), "{error}");
    }
}
