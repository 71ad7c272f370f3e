//! The plan of a grading run: which tests (samples, seeded random tests as `(seed, index)`,
//! a folder of the user's) and which games. Built from configuration and the request before
//! anything runs; the limits are resolved by `limits`.
//!
//! A plan can be split into shards for several machines ([`Shard`]): unit `i` of the plan
//! (a test, a game, a submission or a solution, counted from 0 in plan order) belongs to shard
//! `i mod N`, so each unit is done by exactly one shard and a shard's share depends only on
//! the plan and `(K, N)`. [`PlanIdentity`] names a plan so that the parts of a sharded run can
//! be checked to belong together before they are merged.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::bounds::{self, OutOfBounds};
use crate::config::{FileTest, ProblemSpec};
use crate::files::{FileError, Folder};
use crate::quote;

mod folder;

#[derive(Debug, Error)]
pub enum PlanError {
    #[error("cannot read the tests in {dir}: {cause}")]
    Read { dir: PathBuf, cause: std::io::Error },
    #[error("{dir}: test {name} has no {name}.ans beside it")]
    MissingAnswer { dir: PathBuf, name: String },
    #[error(
        "{dir}: test {input} is the first without an answer: no {looked_for} beside it; {found} \
         (an input's answer has its name with `in` as `ans` or `out`)"
    )]
    NoAnswer {
        dir: PathBuf,
        input: String,
        looked_for: String,
        found: String,
    },
    #[error(
        "{dir}: no tests here (inputs are named like 1.in, sample-1.in, input1.txt or in1.txt, \
         with answers 1.ans or 1.out, sample-1.out, output1.txt, ans1.txt; or in/ and out/ \
         folders)"
    )]
    NoTests { dir: PathBuf },
    #[error("problem {problem} has no samples in {dir}")]
    NoSamples { problem: String, dir: PathBuf },
    #[error(
        "problem {problem} has only the tests its files list (a package's samples and secret \
         tests, or a problem's with [[groups]]: samples/ and tests/), no generated or hard ones"
    )]
    OnlyPackageTests { problem: String },
    #[error("problem {problem} has no hard tests: no hard set and no tests in {dir}")]
    NoHardTests { problem: String, dir: PathBuf },
    #[error(transparent)]
    File(#[from] FileError),
}

/// Why a shard could not be worked out from the command line or the scheduler.
#[derive(Debug, Error, PartialEq)]
pub enum ShardError {
    #[error(
        "--shard takes K/N with 0 <= K < N (shards count from 0), or auto, or auto/N; found {0:?}"
    )]
    Syntax(String),
    #[error("--shard auto: no scheduler gave a shard: neither SLURM_ARRAY_TASK_ID (a Slurm array job) nor JOB_COMPLETION_INDEX (a Kubernetes indexed Job, with --shard auto/N) is set")]
    NoScheduler,
    #[error("--shard auto: {variable}={value:?} is not a number")]
    NotANumber { variable: String, value: String },
    #[error("--shard auto: the Slurm array needs {0} as well (is this an array job?)")]
    MissingSlurm(&'static str),
    #[error("--shard auto: the Slurm array is not an evenly spaced range (min {min}, max {max}, step {step}, but {count} tasks; a list such as 0,2,5 cannot be numbered from these): give --shard K/N in each task")]
    UnevenArray {
        min: u64,
        max: u64,
        step: u64,
        count: u64,
    },
    #[error("--shard auto: task {id} is not on the array's range (min {min}, step {step})")]
    OffRange { id: u64, min: u64, step: u64 },
    #[error("--shard auto/N: a Kubernetes indexed Job needs the number of shards (its completions): give --shard auto/N")]
    KubernetesNeedsCount,
    #[error("--shard auto/{given}: the scheduler says there are {found} shards")]
    CountDiffers { given: usize, found: usize },
    #[error("--shard: the number of shards {0}")]
    Count(OutOfBounds),
    #[error("--shard: shard {index} does not exist in {count} shards (they are 0 to {last})", last = .count.saturating_sub(1))]
    OutOfRange { index: usize, count: usize },
}

/// One share of a plan: shard `index` of `count` owns the units `i` with `i mod count ==
/// index`. Shards count from 0, as Slurm arrays usually and Kubernetes indexed Jobs always
/// do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "WrittenShard")]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// A shard as a report writes it, before it is checked (a part read by `judge merge` may say
/// anything).
#[derive(Deserialize)]
struct WrittenShard {
    index: u64,
    count: u64,
}

impl TryFrom<WrittenShard> for Shard {
    type Error = String;

    fn try_from(written: WrittenShard) -> Result<Shard, String> {
        let count = bounds::SHARDS
            .count(written.count)
            .map_err(|e| format!("shard.count {e}"))?;
        match usize::try_from(written.index) {
            Ok(index) if index < count => Ok(Shard { index, count }),
            _ => Err(format!(
                "shard.index must be below shard.count ({count}), found {}",
                written.index
            )),
        }
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    pub fn new(index: usize, count: usize) -> Result<Shard, ShardError> {
        let count = bounds::SHARDS.count(count).map_err(ShardError::Count)?;
        if index >= count {
            return Err(ShardError::OutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }

    /// Whether unit `unit` (counted from 0 in plan order) is this shard's.
    pub fn owns(&self, unit: usize) -> bool {
        unit % self.count == self.index
    }

    /// The plan's units that are this shard's, in plan order.
    pub fn select<T>(&self, units: Vec<T>) -> Vec<T> {
        units
            .into_iter()
            .enumerate()
            .filter(|(i, _)| self.owns(*i))
            .map(|(_, unit)| unit)
            .collect()
    }

    /// The plan index of this shard's `position`-th unit.
    pub fn unit_index(&self, position: usize) -> usize {
        self.index + position * self.count
    }

    /// How many of a plan's `units` are this shard's.
    pub fn share_of(&self, units: usize) -> usize {
        units.saturating_sub(self.index).div_ceil(self.count)
    }
}

/// How the command line asks for a shard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShardChoice {
    /// `--shard K/N`.
    Given(Shard),
    /// `--shard auto` or `--shard auto/N`: from the scheduler's environment.
    FromScheduler { count: Option<usize> },
}

impl std::str::FromStr for ShardChoice {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<ShardChoice, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let number = |part: &str| part.trim().parse::<usize>().map_err(|_| syntax());
        match text.split_once('/') {
            None if text.trim() == "auto" => Ok(ShardChoice::FromScheduler { count: None }),
            None => Err(syntax()),
            Some((index, count)) if index.trim() == "auto" => {
                let count = bounds::SHARDS
                    .count(number(count)?)
                    .map_err(ShardError::Count)?;
                Ok(ShardChoice::FromScheduler { count: Some(count) })
            }
            Some((index, count)) => Ok(ShardChoice::Given(Shard::new(
                number(index)?,
                number(count)?,
            )?)),
        }
    }
}

impl ShardChoice {
    /// The shard, reading the scheduler's variables through `env` when asked to.
    ///
    /// Slurm array jobs: shard `(SLURM_ARRAY_TASK_ID - MIN) / STEP` of `COUNT`, which numbers
    /// the tasks of a range (`0-3`, `1-4`, `0-6:2`) from 0; a list (`0,2,5`) is refused, since
    /// Slurm reports it as a range with step 1 (checked: `(MAX - MIN) / STEP + 1` must be
    /// `COUNT`). Kubernetes indexed Jobs: shard `JOB_COMPLETION_INDEX` of the `N` given as
    /// `auto/N` (the Job's completions; the Pod is not told them).
    pub fn resolve(self, env: &dyn Fn(&str) -> Option<String>) -> Result<Shard, ShardError> {
        let count = match self {
            ShardChoice::Given(shard) => return Ok(shard),
            ShardChoice::FromScheduler { count } => count,
        };
        let number = |variable: &str| -> Result<Option<u64>, ShardError> {
            env(variable)
                .map(|value| {
                    value
                        .trim()
                        .parse::<u64>()
                        .map_err(|_| ShardError::NotANumber {
                            variable: variable.to_string(),
                            value,
                        })
                })
                .transpose()
        };
        let found = if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
            let min = number("SLURM_ARRAY_TASK_MIN")?
                .ok_or(ShardError::MissingSlurm("SLURM_ARRAY_TASK_MIN"))?;
            let step = number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
            let max = number("SLURM_ARRAY_TASK_MAX")?;
            let tasks = match (number("SLURM_ARRAY_TASK_COUNT")?, max) {
                (Some(tasks), Some(max)) => {
                    if max < min || (max - min) / step + 1 != tasks {
                        return Err(ShardError::UnevenArray {
                            min,
                            max,
                            step,
                            count: tasks,
                        });
                    }
                    tasks
                }
                (Some(tasks), None) => tasks,
                (None, Some(max)) if max >= min => (max - min) / step + 1,
                _ => return Err(ShardError::MissingSlurm("SLURM_ARRAY_TASK_COUNT")),
            };
            if id < min || (id - min) % step != 0 {
                return Err(ShardError::OffRange { id, min, step });
            }
            let tasks = usize::try_from(tasks).unwrap_or(usize::MAX);
            Shard::new(((id - min) / step) as usize, tasks)?
        } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            let count = count.ok_or(ShardError::KubernetesNeedsCount)?;
            Shard::new(usize::try_from(index).unwrap_or(usize::MAX), count)?
        } else {
            return Err(ShardError::NoScheduler);
        };
        match count {
            Some(given) if given != found.count => Err(ShardError::CountDiffers {
                given,
                found: found.count,
            }),
            _ => Ok(found),
        }
    }
}

/// What a plan is made of, for a sharded run's parts to be checked against each other: the
/// kind of unit, how many the whole plan has, whether the run stops at its first failure, and
/// a digest of everything else that decides the results (the units' names, the problem, the
/// seed, the limits, the submission's bytes ...: see each grading).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanIdentity {
    pub unit: PlanUnit,
    /// Units in the whole plan (every shard's).
    pub units: usize,
    pub stops_at_first_failure: bool,
    /// SHA-256 (first 16 bytes, hex) of what the plan is made of.
    pub digest: String,
}

/// What the units of a plan are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlanUnit {
    Tests,
    Games,
    Submissions,
    Solutions,
}

impl PlanUnit {
    pub fn name(&self) -> &'static str {
        match self {
            PlanUnit::Tests => "tests",
            PlanUnit::Games => "games",
            PlanUnit::Submissions => "submissions",
            PlanUnit::Solutions => "solutions",
        }
    }
}

/// Builds a plan digest from its parts, each written as text (`name=value`).
#[derive(Default)]
pub struct PlanDigest {
    hasher: Sha256,
}

impl PlanDigest {
    pub fn new() -> PlanDigest {
        PlanDigest::default()
    }

    /// Adds one named value.
    pub fn add(&mut self, name: &str, value: impl std::fmt::Display) -> &mut Self {
        self.hasher.update(format!("{name}={value}").as_bytes());
        self.hasher.update([0]);
        self
    }

    /// Adds raw bytes (a submission's source), by their own SHA-256.
    pub fn add_bytes(&mut self, name: &str, bytes: &[u8]) -> &mut Self {
        self.add(name, sha256_hex(bytes))
    }

    pub fn finish(&self) -> String {
        hex16(&self.hasher.clone().finalize())
    }
}

/// The SHA-256 of some bytes, its first 16 bytes in hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex16(&Sha256::digest(bytes))
}

/// [`sha256_hex`] of what `reader` gives, read as a stream.
pub fn sha256_hex_of(mut reader: impl std::io::Read) -> std::io::Result<String> {
    let mut hasher = Sha256::new();
    std::io::copy(&mut reader, &mut hasher)?;
    Ok(hex16(&hasher.finalize()))
}

fn hex16(digest: &[u8]) -> String {
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// Where a test's input and answer come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestSource {
    /// A file on disk with its answer file (a sample, a package's test, or a test of the
    /// user's), read only as files inside `folder` (see `files::Folder`).
    Files {
        input: PathBuf,
        answer: PathBuf,
        folder: Folder,
    },
    /// Generated test `index` of master seed `seed`; the answer comes from the reference.
    Generated { seed: u64, index: u64 },
    /// Generated test `index` of the problem's hard set under master seed `seed`.
    GeneratedHard { seed: u64, index: u64 },
    /// An input held in memory (stress testing); the answer comes from the reference.
    Inline { input: String },
    /// A 2025-09 static validation test case: no input, the problem's static validator run on
    /// the submission's files with these arguments (`static_validator_args`).
    Static { args: Vec<String> },
}

/// One test of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedTest {
    pub name: String,
    pub source: TestSource,
    /// Arguments the checker (or interactor) gets for this test after its own: a Kattis
    /// group's `output_validator_flags`.
    pub checker_args: Vec<String>,
    /// Arguments the submission is run with on this test (a Kattis test's `args`).
    pub args: Vec<String>,
    /// Arguments the output visualizer gets for this test after its own (2025-09's
    /// `output_visualizer_args`).
    pub visualizer_args: Vec<String>,
    /// What a score file its validator writes is (see `ScoreFile`).
    pub score_file: crate::config::ScoreFile,
}

impl PlannedTest {
    /// A test whose checker gets no arguments of its own.
    pub fn new(name: String, source: TestSource) -> PlannedTest {
        PlannedTest {
            name,
            source,
            checker_args: Vec::new(),
            args: Vec::new(),
            visualizer_args: Vec::new(),
            score_file: crate::config::ScoreFile::Read,
        }
    }
}

impl PlannedTest {
    /// The command that prints this test's input again, for a person to paste into a shell:
    /// each name in it quoted (`quote::shell`), so a test's file named `x$(touch F)y.in` is
    /// printed, not run.
    pub fn reproduce_command(&self, problem_id: &str) -> Option<String> {
        let problem = quote::shell(problem_id);
        match self.source {
            TestSource::Generated { seed, index } => {
                Some(format!("judge gen {problem} --seed {seed} --index {index}"))
            }
            TestSource::GeneratedHard { seed, index } => Some(format!(
                "judge gen {problem} --seed {seed} --index {index} --hard"
            )),
            TestSource::Files { ref input, .. } => {
                // A path that starts with `-` would be read by cat as an option.
                let input = match input.as_os_str().as_encoded_bytes().first() {
                    Some(b'-') => Path::new(".").join(input),
                    _ => input.clone(),
                };
                Some(format!("cat {}", quote::shell(input)))
            }
            TestSource::Inline { .. } | TestSource::Static { .. } => None,
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

/// The tests of a batch plan, each made when it is asked for: first the tests kept as files
/// (samples, a package's tests, a folder's, the hard folder's: listed), then `count` seeded
/// tests, which are named and found from their index alone. So a plan of a million generated
/// tests takes the memory of its files' list, and its first test can run at once.
///
/// A plan may be narrowed to a shard's share ([`TestPlan::share`]): its tests are then that
/// shard's, in plan order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestPlan {
    files: Vec<PlannedTest>,
    generated: Option<GeneratedTests>,
    shard: Option<Shard>,
}

/// The generated tests of a plan: indices `0..count` of master seed `seed`, of the problem's
/// default tests or its hard set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GeneratedTests {
    pub seed: u64,
    pub count: usize,
    pub hard: bool,
}

impl GeneratedTests {
    /// Generated test `index`.
    fn test(&self, index: u64) -> PlannedTest {
        let (seed, hard) = (self.seed, self.hard);
        match hard {
            false => PlannedTest::new(generated_name(index), TestSource::Generated { seed, index }),
            true => PlannedTest::new(hard_name(index), TestSource::GeneratedHard { seed, index }),
        }
    }
}

impl TestPlan {
    /// A plan of these tests, kept as files, alone.
    pub fn of_files(files: Vec<PlannedTest>) -> TestPlan {
        TestPlan {
            files,
            generated: None,
            shard: None,
        }
    }

    /// The tests in the whole plan (every shard's).
    pub fn whole_len(&self) -> usize {
        self.files.len() + self.generated.map_or(0, |g| g.count)
    }

    /// The tests of this plan (its shard's share, when narrowed to one).
    pub fn len(&self) -> usize {
        let whole = self.whole_len();
        self.shard.map_or(whole, |shard| shard.share_of(whole))
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Test `position` of this plan (of its shard's share, when narrowed to one).
    pub fn get(&self, position: usize) -> Option<PlannedTest> {
        if position >= self.len() {
            return None;
        }
        let index = self
            .shard
            .map_or(position, |shard| shard.unit_index(position));
        match self.files.get(index) {
            Some(test) => Some(test.clone()),
            None => {
                let generated = self.generated?;
                Some(generated.test((index - self.files.len()) as u64))
            }
        }
    }

    /// The tests in order, each made as it is reached.
    pub fn iter(&self) -> impl Iterator<Item = PlannedTest> + '_ {
        (0..self.len()).filter_map(|position| self.get(position))
    }

    /// The tests kept as files, in order (of the whole plan).
    pub fn files(&self) -> &[PlannedTest] {
        &self.files
    }

    /// The generated tests after them, if any (of the whole plan).
    pub fn generated(&self) -> Option<GeneratedTests> {
        self.generated
    }

    /// The plan without its generated tests.
    pub fn files_only(self) -> TestPlan {
        TestPlan {
            generated: None,
            ..self
        }
    }

    /// The share of the plan that is `shard`'s (the whole plan for `None`).
    pub fn share(self, shard: Option<Shard>) -> TestPlan {
        TestPlan { shard, ..self }
    }
}

/// The name of generated test `index`.
pub fn generated_name(index: u64) -> String {
    format!("random-{index:03}")
}

/// The name of generated test `index` of the hard set.
pub fn hard_name(index: u64) -> String {
    format!("hard-{index:03}")
}

/// The tests `NAME.in` with `NAME.ans` beside them in `dir`, sorted by name. Their files
/// must be inside `root` (the problem's folder; for a folder of the user's, that folder): a
/// link out of it, a device or a FIFO is an error naming the file.
pub fn tests_in(root: &Path, dir: &Path) -> Result<Vec<PlannedTest>, PlanError> {
    let folder = Folder::new(root)?;
    let entries = std::fs::read_dir(dir).map_err(|cause| PlanError::Read {
        dir: dir.to_path_buf(),
        cause,
    })?;
    folder
        .test_files(entries)?
        .into_iter()
        .map(|test| {
            let Some(answer) = test.answer else {
                return Err(PlanError::MissingAnswer {
                    dir: dir.to_path_buf(),
                    name: test.name,
                });
            };
            let input = test.input;
            let folder = folder.clone();
            let source = TestSource::Files {
                input,
                answer,
                folder,
            };
            Ok(PlannedTest::new(test.name, source))
        })
        .collect()
}

/// The tests in a folder of the user's (`--tests-dir`), which must hold at least one: its
/// inputs and answers in the names of common downloads (see `folder`), in natural order.
pub fn folder_tests(dir: &Path) -> Result<TestPlan, PlanError> {
    let tests = folder::tests(dir)?;
    if tests.is_empty() {
        return Err(PlanError::NoTests {
            dir: dir.to_path_buf(),
        });
    }
    Ok(TestPlan::of_files(tests))
}

/// The tests of a batch problem, samples first; for [`TestSelection::Hard`] its hard tests
/// (see [`hard_tests`]) with `random_count` generated ones.
pub fn batch_tests(
    problem: &ProblemSpec,
    selection: TestSelection,
    random_count: usize,
    seed: u64,
) -> Result<TestPlan, PlanError> {
    if selection == TestSelection::Hard {
        return hard_tests(problem, random_count, seed);
    }
    if let Some(files) = &problem.file_tests {
        return package_tests(problem, files, selection);
    }
    let mut tests = Vec::new();
    if matches!(selection, TestSelection::Samples | TestSelection::All) {
        let dir = problem.samples_dir();
        let samples = tests_in(&problem.dir, &dir)?;
        if samples.is_empty() {
            return Err(PlanError::NoSamples {
                problem: problem.id.clone(),
                dir,
            });
        }
        tests.extend(samples);
    }
    let generated =
        matches!(selection, TestSelection::Random | TestSelection::All).then_some(GeneratedTests {
            seed,
            count: random_count,
            hard: false,
        });
    Ok(TestPlan {
        files: tests,
        generated,
        shard: None,
    })
}

/// The tests of a package that lists its own (samples, then secret tests, in its order); it
/// has no generated tests, so `Random` plans none.
fn package_tests(
    problem: &ProblemSpec,
    files: &[FileTest],
    selection: TestSelection,
) -> Result<TestPlan, PlanError> {
    let planned = |test: &FileTest| PlannedTest {
        name: test.name.clone(),
        source: TestSource::Files {
            input: test.input.clone(),
            answer: test.answer.clone(),
            folder: test.folder.clone(),
        },
        checker_args: test.checker_args.clone(),
        args: test.args.clone(),
        visualizer_args: test.output_visualizer_args.clone(),
        score_file: test.score_file,
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
    let tests = with_static_cases(problem, tests, selection);
    if tests.is_empty() && selection == TestSelection::Samples {
        return Err(PlanError::NoSamples {
            problem: problem.id.clone(),
            dir: problem.dir.join("data/sample"),
        });
    }
    Ok(TestPlan::of_files(tests))
}

/// A package's tests with its static validation test cases (see
/// `scoring::TestCase::static_validation`) put in the group tree's order, each first in its
/// group; with the samples alone, the sample's only. A pass-fail package has no tree: its
/// cases (`ProblemPrograms::static_cases`) come each before the first test of its group.
fn with_static_cases(
    problem: &ProblemSpec,
    tests: Vec<PlannedTest>,
    selection: TestSelection,
) -> Vec<PlannedTest> {
    let wanted = |path: &str| path.starts_with("sample/") || selection == TestSelection::All;
    let Some(tree) = &problem.groups else {
        let mut tests = tests;
        for (path, args) in problem.programs.static_cases.iter().rev() {
            if !wanted(path) {
                continue;
            }
            let group = path.rsplit_once('/').map_or("", |(group, _)| group);
            let at = tests
                .iter()
                .position(|t| t.name.starts_with(&format!("{group}/")))
                .unwrap_or(tests.len());
            let source = TestSource::Static { args: args.clone() };
            // A problem without groups is pass-fail: a score file its static validator writes
            // is a judge error (static validation is 2025-09's).
            let mut test = PlannedTest::new(path.clone(), source);
            test.score_file = crate::config::ScoreFile::JudgeError;
            tests.insert(at, test);
        }
        return tests;
    };
    let cases = tree.root.tests();
    if cases.iter().all(|case| case.static_validation.is_none()) {
        return tests;
    }
    let index: std::collections::HashMap<String, usize> = tests
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.clone(), i))
        .collect();
    let mut tests: Vec<Option<PlannedTest>> = tests.into_iter().map(Some).collect();
    let mut ordered = Vec::with_capacity(tests.len() + 1);
    for case in cases {
        match &case.static_validation {
            Some(args) => {
                if wanted(&case.path) {
                    let mut test = PlannedTest::new(
                        case.path.clone(),
                        TestSource::Static { args: args.clone() },
                    );
                    // A score file its static validator writes is what its group makes it,
                    // as for the group's other tests (a judge error under pass-fail).
                    let group = case.path.rsplit_once('/').map_or("", |(group, _)| group);
                    if let Some(group) = tree.root.find(group) {
                        test.score_file = tree.score_file(group, case.path.starts_with("sample/"));
                    }
                    ordered.push(test);
                }
            }
            None => ordered.extend(index.get(&case.path).and_then(|&i| tests[i].take())),
        }
    }
    // Tests the tree does not hold come after it, in their order (none in a package read
    // whole).
    ordered.extend(tests.into_iter().flatten());
    ordered
}

/// The hard tests of a batch problem: the files in `problems/<id>/hard/` (if any), then
/// `generated_count` generated tests of its hard set (0 when it has none). Empty is an error.
pub fn hard_tests(
    problem: &ProblemSpec,
    generated_count: usize,
    seed: u64,
) -> Result<TestPlan, PlanError> {
    let dir = problem.hard_dir();
    let files = if dir.is_dir() {
        tests_in(&problem.dir, &dir)?
    } else {
        Vec::new()
    };
    let plan = TestPlan {
        files,
        generated: (generated_count > 0).then_some(GeneratedTests {
            seed,
            count: generated_count,
            hard: true,
        }),
        shard: None,
    };
    if plan.is_empty() {
        return Err(PlanError::NoHardTests {
            problem: problem.id.clone(),
            dir,
        });
    }
    Ok(plan)
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

    #[test]
    fn a_test_files_reproduction_quotes_its_path() {
        let dir = tempfile::tempdir().unwrap();
        let file = |input: &str| {
            PlannedTest::new(
                "t".into(),
                TestSource::Files {
                    input: PathBuf::from(input),
                    answer: PathBuf::from("t.ans"),
                    folder: Folder::new(dir.path()).unwrap(),
                },
            )
            .reproduce_command("p")
            .unwrap()
        };
        assert_eq!(file("tests/1.in"), "cat tests/1.in");
        assert_eq!(file("t/x$(touch F)y.in"), "cat 't/x$(touch F)y.in'");
        assert_eq!(file("-n.in"), "cat ./-n.in");
    }

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        }
    }

    fn slurm(id: u64, min: u64, max: u64, count: u64, step: u64) -> Result<Shard, ShardError> {
        let values = [id, min, max, count, step].map(|v| v.to_string());
        let env = env(&[
            ("SLURM_ARRAY_TASK_ID", &values[0]),
            ("SLURM_ARRAY_TASK_MIN", &values[1]),
            ("SLURM_ARRAY_TASK_MAX", &values[2]),
            ("SLURM_ARRAY_TASK_COUNT", &values[3]),
            ("SLURM_ARRAY_TASK_STEP", &values[4]),
        ]);
        ShardChoice::FromScheduler { count: None }.resolve(&env)
    }

    #[test]
    fn every_unit_belongs_to_exactly_one_shard() {
        for count in 1..6 {
            let shards: Vec<Shard> = (0..count).map(|k| Shard::new(k, count).unwrap()).collect();
            for unit in 0..40 {
                assert_eq!(shards.iter().filter(|s| s.owns(unit)).count(), 1);
            }
            let total: usize = shards.iter().map(|s| s.share_of(37)).sum();
            assert_eq!(total, 37);
            for shard in &shards {
                let mine = shard.select((0..37).collect::<Vec<usize>>());
                assert_eq!(mine.len(), shard.share_of(37));
                for (position, unit) in mine.iter().enumerate() {
                    assert_eq!(shard.unit_index(position), *unit);
                }
            }
        }
    }

    #[test]
    fn shards_are_written_k_of_n() {
        let parse = |text: &str| text.parse::<ShardChoice>();
        assert_eq!(
            parse("3/16"),
            Ok(ShardChoice::Given(Shard {
                index: 3,
                count: 16
            }))
        );
        assert_eq!(
            parse("auto"),
            Ok(ShardChoice::FromScheduler { count: None })
        );
        assert_eq!(
            parse("auto/8"),
            Ok(ShardChoice::FromScheduler { count: Some(8) })
        );
        assert!(matches!(parse("4/4"), Err(ShardError::OutOfRange { .. })));
        for bad in ["", "3", "a/b", "1/0", "auto/0", "-1/4", "auto/100001"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        // What was given is quoted: the message stays on one line (the command-line fuzz
        // target found `\x1c\n` printed as it was).
        let message = parse("\x1c\n").unwrap_err().to_string();
        assert!(message.ends_with("found \"\\u{1c}\\n\""), "{message}");
    }

    #[test]
    fn slurm_arrays_number_their_tasks_from_zero() {
        // What Slurm 22.05 sets, as recorded in tests/slurm/NOTES.md.
        assert_eq!(slurm(2, 0, 3, 4, 1), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(slurm(1, 1, 4, 4, 1), Ok(Shard { index: 0, count: 4 }));
        assert_eq!(slurm(6, 0, 6, 4, 2), Ok(Shard { index: 3, count: 4 }));
        // `--array=0,2,5` is reported as min 0, max 5, step 1, count 3: refused.
        assert!(matches!(
            slurm(2, 0, 5, 3, 1),
            Err(ShardError::UnevenArray { .. })
        ));
        assert!(matches!(
            slurm(3, 0, 6, 4, 2),
            Err(ShardError::OffRange { .. })
        ));
        let given = ShardChoice::FromScheduler { count: Some(5) };
        let env4 = env(&[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert_eq!(
            given.resolve(&env4),
            Err(ShardError::CountDiffers { given: 5, found: 4 })
        );
        let no_min = env(&[("SLURM_ARRAY_TASK_ID", "1")]);
        assert_eq!(
            ShardChoice::FromScheduler { count: None }.resolve(&no_min),
            Err(ShardError::MissingSlurm("SLURM_ARRAY_TASK_MIN"))
        );
    }

    #[test]
    fn kubernetes_indexed_jobs_need_the_count() {
        let pod = env(&[("JOB_COMPLETION_INDEX", "5")]);
        assert_eq!(
            ShardChoice::FromScheduler { count: Some(8) }.resolve(&pod),
            Ok(Shard { index: 5, count: 8 })
        );
        assert_eq!(
            ShardChoice::FromScheduler { count: None }.resolve(&pod),
            Err(ShardError::KubernetesNeedsCount)
        );
        assert!(matches!(
            ShardChoice::FromScheduler { count: Some(4) }.resolve(&pod),
            Err(ShardError::OutOfRange { .. })
        ));
        assert_eq!(
            ShardChoice::FromScheduler { count: None }.resolve(&env(&[])),
            Err(ShardError::NoScheduler)
        );
        // An explicit shard ignores the environment.
        let given = ShardChoice::Given(Shard { index: 1, count: 2 });
        assert_eq!(given.resolve(&pod), Ok(Shard { index: 1, count: 2 }));
    }

    /// The bundled blockgame problem (its hard folder holds `fifty-empty`).
    fn blockgame() -> ProblemSpec {
        let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("problems/blockgame/problem.toml");
        ProblemSpec::load(&file).unwrap()
    }

    #[test]
    fn hard_tests_are_the_hard_folder_then_the_generated_hard_set() {
        let problem = blockgame();
        let plan = hard_tests(&problem, 2, 9).unwrap();
        let tests: Vec<PlannedTest> = plan.iter().collect();
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
            plan
        );
    }

    #[test]
    fn a_plan_makes_its_tests_from_their_index_and_shards_share_it() {
        let problem = blockgame();
        let count = 1_000_000;
        let plan = batch_tests(&problem, TestSelection::All, count, 5).unwrap();
        let samples = plan.files().len();
        assert!(samples > 0);
        assert_eq!(plan.len(), samples + count);
        // Nothing but the samples is held: the last test is made from its index.
        let last = plan.get(plan.len() - 1).unwrap();
        assert_eq!(last.name, "random-999999");
        assert_eq!(
            last.source,
            TestSource::Generated {
                seed: 5,
                index: 999_999
            }
        );
        assert_eq!(plan.get(plan.len()), None);
        // A shard's share: every third test from its index, in plan order.
        let whole: Vec<PlannedTest> = batch_tests(&problem, TestSelection::All, 10, 5)
            .unwrap()
            .iter()
            .collect();
        for k in 0..3 {
            let shard = Shard::new(k, 3).unwrap();
            let share = batch_tests(&problem, TestSelection::All, 10, 5)
                .unwrap()
                .share(Some(shard));
            assert_eq!(share.whole_len(), whole.len());
            assert_eq!(
                share.iter().collect::<Vec<_>>(),
                shard.select(whole.clone())
            );
        }
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
            .iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(names, ["a", "b"]);
        std::fs::write(dir.path().join("c.in"), "3\n").unwrap();
        let error = folder_tests(dir.path()).unwrap_err().to_string();
        assert!(
            error.contains("no c.ans, c.out, c.answer or c.output"),
            "{error}"
        );
    }
}
