//! The plan of a grading run: which tests (samples, seeded random tests as `(seed, index)`),
//! under which limits, with how many parallel jobs. Built from configuration and the command
//! line before anything runs.

use std::path::PathBuf;

use serde::Serialize;

use crate::config::{tests_in, ConfigError, ProblemSpec, Sample};

/// Where a test's input and answer come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestSource {
    /// A sample on disk with its answer file.
    Sample { input: PathBuf, answer: PathBuf },
    /// Generated test `index` of master seed `seed`; the answer comes from the reference.
    Generated { seed: u64, index: u64 },
    /// An input held in memory (stress testing); the answer comes from the reference.
    Inline { input: String },
}

/// One test of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedTest {
    pub name: String,
    pub source: TestSource,
}

impl PlannedTest {
    /// The command that prints this test's input, for generated tests.
    pub fn reproduce_command(&self, problem_id: &str) -> Option<String> {
        match self.source {
            TestSource::Generated { seed, index } => Some(format!(
                "judge gen {problem_id} --seed {seed} --index {index}"
            )),
            TestSource::Sample { ref input, .. } => Some(format!("cat {}", input.display())),
            TestSource::Inline { .. } => None,
        }
    }
}

/// Which tests to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum TestSelection {
    Samples,
    Random,
    All,
}

/// The name of generated test `index`.
pub fn generated_name(index: u64) -> String {
    format!("random-{index:03}")
}

/// The tests `NAME.in` with `NAME.ans` in a folder of the user's, sorted by name.
pub fn folder_tests(dir: &std::path::Path) -> Result<Vec<PlannedTest>, ConfigError> {
    let tests = tests_in(dir, "test")?;
    if tests.is_empty() {
        return Err(ConfigError::Other(format!(
            "{}: no NAME.in / NAME.ans tests here",
            dir.display()
        )));
    }
    Ok(tests.into_iter().map(PlannedTest::from).collect())
}

impl From<Sample> for PlannedTest {
    fn from(test: Sample) -> PlannedTest {
        PlannedTest {
            name: test.name,
            source: TestSource::Sample {
                input: test.input,
                answer: test.answer,
            },
        }
    }
}

/// The tests of a batch problem, samples first.
pub fn batch_tests(
    problem: &ProblemSpec,
    selection: TestSelection,
    random_count: usize,
    seed: u64,
) -> Result<Vec<PlannedTest>, ConfigError> {
    let mut tests = Vec::new();
    if matches!(selection, TestSelection::Samples | TestSelection::All) {
        let samples = problem.samples()?;
        if samples.is_empty() {
            return Err(ConfigError::Other(format!(
                "problem {} has no samples in {}",
                problem.id,
                problem.dir.join("samples").display()
            )));
        }
        tests.extend(samples.into_iter().map(PlannedTest::from));
    }
    if matches!(selection, TestSelection::Random | TestSelection::All) {
        tests.extend((0..random_count as u64).map(|index| PlannedTest {
            name: generated_name(index),
            source: TestSource::Generated { seed, index },
        }));
    }
    Ok(tests)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tests_name_their_reproduction() {
        let test = PlannedTest {
            name: generated_name(7),
            source: TestSource::Generated { seed: 5, index: 7 },
        };
        assert_eq!(test.name, "random-007");
        assert_eq!(
            test.reproduce_command("boj12100").unwrap(),
            "judge gen boj12100 --seed 5 --index 7"
        );
    }
}
