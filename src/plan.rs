//! The plan of a grading run: which tests (samples, seeded random tests as `(seed, index)`,
//! a folder of the user's) and which games. Built from configuration and the request before
//! anything runs; the limits are resolved by `limits`.

use std::path::{Path, PathBuf};

use serde::Serialize;
use thiserror::Error;

use crate::config::{FileTest, ProblemSpec};

#[derive(Debug, Error)]
pub enum PlanError {
    #[error("cannot read the tests in {dir}: {cause}")]
    Read { dir: PathBuf, cause: std::io::Error },
    #[error("{dir}: test {name} has no {name}.ans beside it")]
    MissingAnswer { dir: PathBuf, name: String },
    #[error("{dir}: no NAME.in / NAME.ans tests here")]
    NoTests { dir: PathBuf },
    #[error("problem {problem} has no samples in {dir}")]
    NoSamples { problem: String, dir: PathBuf },
    #[error(
        "problem {problem} has only the tests of its package (samples and secret), no generated \
         or hard ones"
    )]
    OnlyPackageTests { problem: String },
    #[error("problem {problem} has no hard tests: no hard set and no tests in {dir}")]
    NoHardTests { problem: String, dir: PathBuf },
}

/// Where a test's input and answer come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestSource {
    /// A file on disk with its answer file (a sample, or a test of the user's).
    Files { input: PathBuf, answer: PathBuf },
    /// Generated test `index` of master seed `seed`; the answer comes from the reference.
    Generated { seed: u64, index: u64 },
    /// Generated test `index` of the problem's hard set under master seed `seed`.
    GeneratedHard { seed: u64, index: u64 },
    /// An input held in memory (stress testing); the answer comes from the reference.
    Inline { input: String },
}

/// One test of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedTest {
    pub name: String,
    pub source: TestSource,
    /// Arguments the checker (or interactor) gets for this test after its own: a Kattis
    /// group's `output_validator_flags`.
    pub checker_args: Vec<String>,
}

impl PlannedTest {
    /// A test whose checker gets no arguments of its own.
    pub fn new(name: String, source: TestSource) -> PlannedTest {
        PlannedTest {
            name,
            source,
            checker_args: Vec::new(),
        }
    }
}

impl PlannedTest {
    /// The command that prints this test's input again.
    pub fn reproduce_command(&self, problem_id: &str) -> Option<String> {
        match self.source {
            TestSource::Generated { seed, index } => Some(format!(
                "judge gen {problem_id} --seed {seed} --index {index}"
            )),
            TestSource::GeneratedHard { seed, index } => Some(format!(
                "judge gen {problem_id} --seed {seed} --index {index} --hard"
            )),
            TestSource::Files { ref input, .. } => Some(format!("cat {}", input.display())),
            TestSource::Inline { .. } => None,
        }
    }
}

/// Which tests to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum TestSelection {
    /// The samples (`problems/<id>/samples/`).
    Samples,
    /// The seeded random tests.
    Random,
    /// The samples, then the seeded random tests: the default tests, calibrated to the real
    /// judge.
    All,
    /// The hard set: worst cases beyond the real judge's data, asked for on purpose (the
    /// tests in `problems/<id>/hard/`, then generated tests of the problem's hard set).
    Hard,
}

/// The name of generated test `index`.
pub fn generated_name(index: u64) -> String {
    format!("random-{index:03}")
}

/// The name of generated test `index` of the hard set.
pub fn hard_name(index: u64) -> String {
    format!("hard-{index:03}")
}

/// The tests `NAME.in` with `NAME.ans` beside them in `dir`, sorted by name.
pub fn tests_in(dir: &Path) -> Result<Vec<PlannedTest>, PlanError> {
    let entries = std::fs::read_dir(dir).map_err(|cause| PlanError::Read {
        dir: dir.to_path_buf(),
        cause,
    })?;
    let mut tests = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "in") {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let answer = path.with_extension("ans");
            if !answer.is_file() {
                return Err(PlanError::MissingAnswer {
                    dir: dir.to_path_buf(),
                    name,
                });
            }
            tests.push(PlannedTest::new(
                name,
                TestSource::Files {
                    input: path,
                    answer,
                },
            ));
        }
    }
    tests.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(tests)
}

/// The tests in a folder of the user's (`--tests-dir`), which must hold at least one.
pub fn folder_tests(dir: &Path) -> Result<Vec<PlannedTest>, PlanError> {
    let tests = tests_in(dir)?;
    if tests.is_empty() {
        return Err(PlanError::NoTests {
            dir: dir.to_path_buf(),
        });
    }
    Ok(tests)
}

/// The tests of a batch problem, samples first; for [`TestSelection::Hard`] its hard tests
/// (see [`hard_tests`]) with `random_count` generated ones.
pub fn batch_tests(
    problem: &ProblemSpec,
    selection: TestSelection,
    random_count: usize,
    seed: u64,
) -> Result<Vec<PlannedTest>, PlanError> {
    if selection == TestSelection::Hard {
        return hard_tests(problem, random_count, seed);
    }
    if let Some(files) = &problem.file_tests {
        return package_tests(problem, files, selection);
    }
    let mut tests = Vec::new();
    if matches!(selection, TestSelection::Samples | TestSelection::All) {
        let dir = problem.samples_dir();
        let samples = tests_in(&dir)?;
        if samples.is_empty() {
            return Err(PlanError::NoSamples {
                problem: problem.id.clone(),
                dir,
            });
        }
        tests.extend(samples);
    }
    if matches!(selection, TestSelection::Random | TestSelection::All) {
        tests.extend((0..random_count as u64).map(|index| {
            PlannedTest::new(generated_name(index), TestSource::Generated { seed, index })
        }));
    }
    Ok(tests)
}

/// The tests of a package that lists its own (samples, then secret tests, in its order); it
/// has no generated tests, so `Random` plans none.
fn package_tests(
    problem: &ProblemSpec,
    files: &[FileTest],
    selection: TestSelection,
) -> Result<Vec<PlannedTest>, PlanError> {
    let planned = |test: &FileTest| PlannedTest {
        name: test.name.clone(),
        source: TestSource::Files {
            input: test.input.clone(),
            answer: test.answer.clone(),
        },
        checker_args: test.checker_args.clone(),
    };
    let tests: Vec<PlannedTest> = match selection {
        TestSelection::Samples => files.iter().filter(|t| t.sample).map(planned).collect(),
        TestSelection::All => files.iter().map(planned).collect(),
        TestSelection::Random | TestSelection::Hard => {
            return Err(PlanError::OnlyPackageTests {
                problem: problem.id.clone(),
            })
        }
    };
    if tests.is_empty() && selection == TestSelection::Samples {
        return Err(PlanError::NoSamples {
            problem: problem.id.clone(),
            dir: problem.dir.join("data/sample"),
        });
    }
    Ok(tests)
}

/// The hard tests of a batch problem: the files in `problems/<id>/hard/` (if any), then
/// `generated_count` generated tests of its hard set (0 when it has none). Empty is an error.
pub fn hard_tests(
    problem: &ProblemSpec,
    generated_count: usize,
    seed: u64,
) -> Result<Vec<PlannedTest>, PlanError> {
    let dir = problem.hard_dir();
    let mut tests = if dir.is_dir() {
        tests_in(&dir)?
    } else {
        Vec::new()
    };
    tests.extend((0..generated_count as u64).map(|index| {
        PlannedTest::new(hard_name(index), TestSource::GeneratedHard { seed, index })
    }));
    if tests.is_empty() {
        return Err(PlanError::NoHardTests {
            problem: problem.id.clone(),
            dir,
        });
    }
    Ok(tests)
}

/// The games to play: `only` alone, else the first `count` games of the seed.
pub fn games(count: usize, only: Option<u64>) -> Vec<u64> {
    match only {
        Some(game) => vec![game],
        None => (0..count as u64).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tests_name_their_reproduction() {
        let test = PlannedTest::new(
            generated_name(7),
            TestSource::Generated { seed: 5, index: 7 },
        );
        assert_eq!(test.name, "random-007");
        assert_eq!(
            test.reproduce_command("boj12100").unwrap(),
            "judge gen boj12100 --seed 5 --index 7"
        );
    }

    /// The bundled blockgame problem (its hard folder holds `fifty-empty`).
    fn blockgame() -> ProblemSpec {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/blockgame/problem.toml");
        ProblemSpec::load(&file).unwrap()
    }

    #[test]
    fn hard_tests_are_the_hard_folder_then_the_generated_hard_set() {
        let problem = blockgame();
        let tests = hard_tests(&problem, 2, 9).unwrap();
        let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["fifty-empty", "hard-000", "hard-001"]);
        assert_eq!(
            tests[2].source,
            TestSource::GeneratedHard { seed: 9, index: 1 }
        );
        assert_eq!(
            tests[2].reproduce_command("blockgame").unwrap(),
            "judge gen blockgame --seed 9 --index 1 --hard"
        );
        // The default tests hold none of them.
        let default = batch_tests(&problem, TestSelection::All, 2, 9).unwrap();
        assert!(default
            .iter()
            .all(|t| t.name != "fifty-empty"
                && !matches!(t.source, TestSource::GeneratedHard { .. })));
        assert_eq!(
            batch_tests(&problem, TestSelection::Hard, 2, 9).unwrap(),
            tests
        );
    }

    #[test]
    fn a_problem_without_hard_tests_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let mut problem = blockgame();
        problem.dir = dir.path().to_path_buf();
        assert_eq!(hard_tests(&problem, 3, 1).unwrap().len(), 3);
        let error = hard_tests(&problem, 0, 1).unwrap_err();
        assert!(matches!(error, PlanError::NoHardTests { .. }), "{error}");
    }

    #[test]
    fn folder_tests_need_their_answers() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            folder_tests(dir.path()),
            Err(PlanError::NoTests { .. })
        ));
        std::fs::write(dir.path().join("b.in"), "1\n").unwrap();
        std::fs::write(dir.path().join("b.ans"), "1\n").unwrap();
        std::fs::write(dir.path().join("a.in"), "2\n").unwrap();
        std::fs::write(dir.path().join("a.ans"), "2\n").unwrap();
        let names: Vec<String> = folder_tests(dir.path())
            .unwrap()
            .into_iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(names, ["a", "b"]);
        std::fs::write(dir.path().join("c.in"), "3\n").unwrap();
        let error = folder_tests(dir.path()).unwrap_err().to_string();
        assert!(error.contains("c.ans"), "{error}");
    }
}
