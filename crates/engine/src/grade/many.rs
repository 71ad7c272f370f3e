//! Grading many submissions of one problem at once (`judge grade`): a class's files, one
//! folder per participant, every submission of a package. The result is a scoreboard, one row
//! per submission, each row the summary a `judge test` of it would give.
//!
//! What the submissions share, so that many cost less than as many separate runs:
//! - the compile: identical submissions (same bytes, same language, same limits) are one job,
//!   compiled and graded once, and every compile goes through the content-hash cache;
//! - the tests' data: each test's input and reference answer are made once, for every
//!   submission (`test_unit::SharedTestData`);
//! - the sandbox sessions: each worker keeps one session and puts the next submission's
//!   program in its folder (`execute::Worker::switch_program`), instead of a launcher, its
//!   namespaces and cgroups per submission (games keep a session per game, as `test` does);
//! - the workers: one pool over every (submission, test) pair. A worker takes the next test of
//!   the earliest submission that is compiled and has tests left, else compiles the next
//!   submission; submissions therefore finish about in order, and tests of one submission run
//!   in parallel when few are left.
//!
//! Resumable: each finished submission's summary is written at once, atomically, to a results
//! folder under a key of everything that decides it (the judge's build, the problem, the seed,
//! the tests or games, the language, the limits, the submission's bytes), and names the build
//! that made it. A later run with the same key, of the same build, takes the result from there
//! instead of grading again, so an interrupted or killed run, or one stopped by a full disk,
//! loses only the submissions in progress. Only a verdict about the submission is kept
//! ([`Graded::is_final`]): a judge error is the grader's failure, so that submission is graded
//! again by the next run (from its tests decided without one).
//!
//! A sharded run grades its share of the submissions (sorted by name; submission `i` belongs
//! to shard `i mod N`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::batch::Tests;
use super::engine::{Decided, Schedule};
use super::jobs::{grade_jobs, JobsRequest, Plan, ToGrade};
use super::outcome::{Outcome, RunIdentity};
use super::results::Unit;
use super::unit_store::{job_key, UnitStore};
use super::{display_path, tell, GradeError, Submission, Target};
use crate::execute::Scratch;
use crate::grade::events::{Event, Reporter};
use crate::resolve::Problem;
use judge_core::cleanup::Stop;
use judge_core::config::RunnerConfig;
use judge_core::files::{write_file, Folder, Kind};
use judge_core::lang;
use judge_core::limits::Overrides;
use judge_core::plan::{PlanDigest, PlanIdentity, PlanUnit, Shard};

// What `grade` tells and gives, defined with the other results (`grade::results`).
pub use super::results::{GradeStarted, Graded, GradedSubmission, Scoreboard};

/// One submission named on the command line or found in a folder: its name on the scoreboard
/// and its source file, or why it has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub source: Result<PathBuf, String>,
}

/// The submissions in `paths`, sorted by name. A file is a submission; in a folder, each file
/// in a known language is one (a class's files), and each subfolder is one (a participant's
/// folder): its one file when that is all it holds, else the whole folder built as one
/// program, as Kattis builds a submission folder (several sources, headers, a Java package);
/// a subfolder with no source in a known language gets a row that says so. The folder's
/// entries are read as untrusted (see `files::Folder`): a link out of it, a dangling link, a
/// FIFO, a device or a socket gets a row that says so, and so does a participant's folder
/// holding one. Names starting with `.` are skipped.
pub fn find_submissions(
    runner: &RunnerConfig,
    paths: &[PathBuf],
) -> Result<Vec<Entry>, GradeError> {
    let mut entries = Vec::new();
    for path in paths {
        let named = std::fs::symlink_metadata(path).is_ok();
        if path.is_file() {
            entries.push(Entry {
                name: display_path(path).display().to_string(),
                source: Ok(path.clone()),
            });
        } else if named && !path.is_dir() {
            // Named on the command line, but a FIFO, a device or a dangling link.
            entries.push(Entry {
                name: display_path(path).display().to_string(),
                source: Err(match judge_core::files::open_regular(path) {
                    Err(e) => e.to_string(),
                    Ok(_) => "not a regular file".into(),
                }),
            });
        } else if path.is_dir() {
            let found = folder_submissions(runner, path)?;
            if found.is_empty() {
                return Err(GradeError::NoSubmissions(path.clone()));
            }
            entries.extend(found);
        } else {
            return Err(GradeError::NoSuchSubmission(path.clone()));
        }
    }
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    entries.dedup_by(|a, b| a.name == b.name);
    Ok(entries)
}

/// The entries of a folder, sorted by name; skips hidden ones.
fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, GradeError> {
    let read = std::fs::read_dir(dir).map_err(|cause| GradeError::Read {
        path: dir.to_path_buf(),
        cause,
    })?;
    let mut paths: Vec<PathBuf> = read
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .collect();
    paths.sort();
    Ok(paths)
}

fn folder_submissions(runner: &RunnerConfig, dir: &Path) -> Result<Vec<Entry>, GradeError> {
    let folder = Folder::new(dir).map_err(|e| GradeError::Read {
        path: dir.to_path_buf(),
        cause: std::io::Error::other(e.to_string()),
    })?;
    let is_source = |path: &Path| path.is_file() && runner.language_for(path).is_some();
    let mut found = Vec::new();
    for path in sorted_entries(dir)? {
        let name = display_path(&path).display().to_string();
        let kind = match folder.kind(&path) {
            Ok(kind) => kind,
            Err(refused) => {
                found.push(Entry {
                    name,
                    source: Err(refused.to_string()),
                });
                continue;
            }
        };
        if kind == Kind::File && is_source(&path) {
            found.push(Entry {
                name,
                source: Ok(path),
            });
        } else if kind == Kind::Folder {
            let files = match lang::folder_files(&path) {
                Ok(files) => files,
                Err(error) => {
                    found.push(Entry {
                        name,
                        source: Err(error.to_string()),
                    });
                    continue;
                }
            };
            found.push(match &files[..] {
                [one] if is_source(&path.join(one)) => Entry {
                    name: display_path(&path.join(one)).display().to_string(),
                    source: Ok(path.join(one)),
                },
                files if files.iter().any(|file| is_source(&path.join(file))) => Entry {
                    name,
                    source: Ok(path),
                },
                _ => Entry {
                    name,
                    source: Err("no source file in a known language in this folder".into()),
                },
            });
        }
    }
    Ok(found)
}

/// What to grade and how.
pub struct ManyRequest<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a Problem,
    /// The submissions, sorted by name (see [`find_submissions`]).
    pub submissions: Vec<Entry>,
    /// Batch problems: which tests.
    pub tests: Tests,
    /// Interactive problems: how many games (default: the problem's).
    pub games: Option<usize>,
    pub seed: u64,
    pub overrides: Overrides,
    pub jobs: usize,
    /// Batch problems: stop grading a submission at its first failing test.
    pub stop_at_first_failure: bool,
    /// Grade only this shard's share of the submissions.
    pub shard: Option<Shard>,
    /// Where finished results are kept and found again (none: not kept).
    pub results: Option<PathBuf>,
    /// Grade again even what the results folder holds.
    pub regrade: bool,
    /// Once asked for, no result is stored (the grader is interrupted).
    pub stop: Stop,
}

/// Submissions that are graded as one: the same bytes, language and limits.
struct Job {
    /// The file that is compiled and run (the first of the identical ones).
    submission: Submission,
    target: Target,
    /// The plan identity of this submission's grading (its `RunIdentity`).
    identity: PlanIdentity,
    /// Where its result is kept: a digest of the identity and the judge's build.
    key: String,
    /// The scoreboard rows it fills.
    rows: Vec<usize>,
}

/// Grades every submission of the request, telling `reporter` of each as it is done; returns
/// the scoreboard.
pub fn grade(request: &ManyRequest, reporter: &mut dyn Reporter) -> Result<Scoreboard, GradeError> {
    let problem = &request.problem.spec;
    let scratch = Arc::new(Scratch::new(&request.runner.sandbox)?);
    let plan = Plan::of(
        request.runner,
        request.problem,
        &request.tests,
        request.games,
        request.seed,
        &scratch,
    )?;
    // A scored problem's submissions do not stop at a first failure: their groups say which
    // tests they need (`scored::Skipping`), and are graded on them.
    let stops =
        request.stop_at_first_failure && plan.unit() == Unit::Tests && problem.groups.is_none();
    let hashes: Vec<Option<String>> = request
        .submissions
        .iter()
        .map(|entry| {
            entry
                .source
                .as_ref()
                .ok()
                .and_then(|path| lang::submission_sha256(path).ok())
        })
        .collect();
    let identity = PlanIdentity {
        unit: PlanUnit::Submissions,
        units: request.submissions.len(),
        stops_at_first_failure: stops,
        digest: scoreboard_digest(request, &plan, &hashes),
    };
    let positions: Vec<usize> = (0..request.submissions.len())
        .filter(|&i| request.shard.map_or(true, |shard| shard.owns(i)))
        .collect();
    let mut rows: Vec<Option<GradedSubmission>> = vec![None; positions.len()];
    let mut jobs: Vec<Job> = Vec::new();
    let mut job_of_key: HashMap<String, usize> = HashMap::new();
    let store = request
        .results
        .as_deref()
        .map(|dir| ResultStore::open(dir, request.stop))
        .transpose()?;
    // Kept with the results: the units of a submission not graded to its end.
    let unit_store = store
        .as_ref()
        .map(|_| UnitStore::in_cache(request.runner, "grade-units"));
    let mut decided: Vec<Decided> = Vec::new();
    for (row, &position) in positions.iter().enumerate() {
        let entry = &request.submissions[position];
        let sha256 = hashes[position].clone();
        let not_graded = |reason: String| GradedSubmission {
            name: entry.name.clone(),
            sha256: sha256.clone(),
            graded: Graded::NotGraded(reason),
            resumed: false,
        };
        let path = match (&entry.source, &sha256) {
            (Err(reason), _) => {
                rows[row] = Some(not_graded(reason.clone()));
                continue;
            }
            (Ok(path), None) => {
                let why = lang::submission_sha256(path).err().map_or_else(
                    || format!("cannot read {}", path.display()),
                    |e| e.to_string(),
                );
                rows[row] = Some(not_graded(why));
                continue;
            }
            (Ok(path), Some(_)) => path,
        };
        let submission = Submission::new(path);
        let target = match Target::of(request.runner, problem, &submission, &request.overrides) {
            Ok(target) => target,
            Err(e) => {
                rows[row] = Some(not_graded(e.to_string()));
                continue;
            }
        };
        let identity = plan.identity(
            request.runner,
            problem,
            request.seed,
            &target,
            sha256.as_deref().unwrap_or(""),
            stops,
            1.0,
        );
        let key = job_key(&identity);
        if let Some(&job) = job_of_key.get(&key) {
            jobs[job].rows.push(row);
            continue;
        }
        let stored = store
            .as_ref()
            .filter(|_| !request.regrade)
            .and_then(|store| store.load(&key, &identity));
        if let Some(mut graded) = stored {
            graded.rename(&entry.name);
            rows[row] = Some(GradedSubmission {
                name: entry.name.clone(),
                sha256,
                graded,
                resumed: true,
            });
            continue;
        }
        job_of_key.insert(key.clone(), jobs.len());
        decided.push(match &unit_store {
            Some(units) if request.regrade => {
                units.forget(&key);
                Decided::new()
            }
            Some(units) => units.load(&key, &identity, plan.units()),
            None => Decided::new(),
        });
        jobs.push(Job {
            submission,
            target,
            identity,
            key,
            rows: vec![row],
        });
    }
    let started = GradeStarted {
        problem: problem.id.clone(),
        submissions: positions.len(),
        unit: plan.unit(),
        units: plan.units(),
        seed: request.seed,
        jobs: request.jobs,
        shard: request.shard,
        resumed: rows.iter().flatten().filter(|r| r.resumed).count(),
        to_grade: jobs.len(),
        board: request.problem.views.page_board(),
    };
    tell(reporter, Event::GradeStarted(&started))?;
    for row in rows.iter().flatten() {
        tell(reporter, Event::SubmissionGraded(row))?;
    }
    let schedule = Schedule::new(request.jobs, stops, true);
    let keep_unit = |job: usize, unit: usize, outcome: &Outcome| match &unit_store {
        Some(units) => units
            .add(&jobs[job].key, &jobs[job].identity, unit, outcome)
            .map_err(GradeError::Keep),
        None => Ok(()),
    };
    let to_grade = jobs
        .iter()
        .map(|job| {
            Ok(ToGrade {
                submission: &job.submission,
                target: &job.target,
                enforce_time_factor: 1.0,
                identity: job.identity.clone(),
            })
        })
        .collect();
    let graded_jobs = JobsRequest {
        runner: request.runner,
        problem,
        plan: &plan,
        scratch: &scratch,
        seed: request.seed,
        jobs: to_grade,
        decided,
        memory: None,
        schedule,
        // The scoreboard shows no moves: a game lets go of its transcript at once.
        keep_transcripts: false,
    };
    grade_jobs(graded_jobs, keep_unit, |job, result, _| {
        let graded = match result {
            Ok(summary) => Graded::Run(Box::new(summary)),
            Err(why) => Graded::NotGraded(why),
        };
        // A result that is not final is not kept (nor one kept before it, which a
        // --regrade replaces), and its units decided without a judge error stay for the
        // next run, which grades the rest again.
        match (&store, graded.is_final()) {
            (Some(store), true) => store.save(&jobs[job].key, &graded)?,
            (Some(store), false) => store.forget(&jobs[job].key),
            (None, _) => {}
        }
        if let (Some(units), true) = (&unit_store, graded.is_final()) {
            units.forget(&jobs[job].key);
        }
        for &row in &jobs[job].rows {
            let entry = &request.submissions[positions[row]];
            let mut graded = graded.clone();
            graded.rename(&entry.name);
            let done = GradedSubmission {
                name: entry.name.clone(),
                sha256: hashes[positions[row]].clone(),
                graded,
                resumed: false,
            };
            reporter
                .report(&Event::SubmissionGraded(&done))
                .map_err(GradeError::Report)?;
            rows[row] = Some(done);
        }
        Ok(())
    })?;
    let scoreboard = Scoreboard {
        problem: problem.id.clone(),
        seed: request.seed,
        unit: plan.unit(),
        submissions: rows.into_iter().flatten().collect(),
        group_tree: problem.groups.clone(),
        run: RunIdentity::new(identity, request.shard),
    };
    tell(reporter, Event::GradeFinished(&scoreboard))?;
    Ok(scoreboard)
}

/// The identity of the whole `grade` run: the problem, the seed, the tests or games, the
/// limits given, and every submission's name and bytes.
fn scoreboard_digest(request: &ManyRequest, plan: &Plan, hashes: &[Option<String>]) -> String {
    let mut digest = PlanDigest::new();
    digest
        .add("problem", &request.problem.spec.id)
        .add("seed", request.seed)
        .add("overrides", format!("{:?}", request.overrides));
    match plan {
        Plan::Tests { tests, .. } => {
            for test in tests.files() {
                digest.add("test", &test.name);
            }
            if let Some(generated) = tests.generated() {
                digest.add("generated", format!("{generated:?}"));
            }
        }
        Plan::Games { games, .. } => {
            digest.add("games", games.len());
        }
    }
    for (entry, hash) in request.submissions.iter().zip(hashes) {
        digest.add("submission", &entry.name);
        digest.add("sha256", hash.as_deref().unwrap_or("-"));
    }
    digest.finish()
}

/// The results folder: one JSON file per graded submission, named by its key.
struct ResultStore {
    dir: PathBuf,
    /// Once asked for, nothing more is written.
    stop: Stop,
}

/// A result as the results folder keeps it: with the build of the judge that made it, so
/// that a result of another build is not taken whatever its file is named (a judge whose
/// verdicts differ would take another's for its own).
#[derive(Serialize, Deserialize)]
struct StoredResult<G> {
    judge_build: String,
    graded: G,
}

impl ResultStore {
    fn open(dir: &Path, stop: Stop) -> Result<ResultStore, GradeError> {
        std::fs::create_dir_all(dir).map_err(|cause| GradeError::Write {
            path: dir.to_path_buf(),
            cause,
        })?;
        Ok(ResultStore {
            dir: dir.to_path_buf(),
            stop,
        })
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.json"))
    }

    /// A stored result of this identity, made by this build, if there is a readable one that
    /// is final.
    fn load(&self, key: &str, identity: &PlanIdentity) -> Option<Graded> {
        let text = judge_core::files::read(&self.path(key), judge_core::files::Cap::JSON).ok()?;
        let stored: StoredResult<Graded> = serde_json::from_slice(&text).ok()?;
        let graded = stored.graded;
        let stored_identity = &graded.summary()?.run.plan;
        if stored.judge_build != super::judge_build()
            || stored_identity != identity
            || !graded.is_final()
        {
            return None;
        }
        Some(graded)
    }

    /// Keeps a result: written whole or not at all (a full disk leaves no half file).
    fn save(&self, key: &str, graded: &Graded) -> Result<(), GradeError> {
        let path = self.path(key);
        let stored = StoredResult {
            judge_build: super::judge_build().to_string(),
            graded,
        };
        let bytes = serde_json::to_vec_pretty(&stored)
            .map_err(|e| GradeError::Report(std::io::Error::other(e)))?;
        write_file(&path, &bytes, self.stop).map_err(GradeError::Keep)
    }

    /// Removes a job's result, if one is kept.
    fn forget(&self, key: &str) {
        let _ = std::fs::remove_file(self.path(key));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_core::verdict::Verdict;

    #[test]
    fn a_graded_row_keeps_its_runs_kind_in_json() {
        let scoreboard = crate::grade::fixtures::games_scoreboard();
        let tests = crate::grade::fixtures::scoreboard();
        for row in scoreboard.submissions.iter().chain(&tests.submissions) {
            let value = serde_json::to_value(&row.graded).unwrap();
            let key = match &row.graded {
                Graded::Run(summary) if summary.is_games() => "games",
                Graded::Run(_) => "tests",
                Graded::NotGraded(_) => "not_graded",
            };
            assert!(value.get(key).is_some(), "{value}");
            let back: Graded = serde_json::from_value(value.clone()).unwrap();
            assert_eq!(serde_json::to_value(&back).unwrap(), value);
            assert_eq!(back.verdict(), row.graded.verdict());
        }
    }

    #[test]
    fn only_a_verdict_about_the_submission_is_final() {
        let scoreboard = crate::grade::fixtures::scoreboard();
        let finals: Vec<(Option<Verdict>, bool)> = scoreboard
            .submissions
            .iter()
            .map(|row| (row.graded.verdict(), row.graded.is_final()))
            .collect();
        // AC, WA and CE are verdicts about the submission; not graded is none.
        assert_eq!(
            finals,
            [
                (Some(Verdict::Accepted), true),
                (Some(Verdict::WrongAnswer), true),
                (Some(Verdict::CompileError), true),
                (None, false),
                (Some(Verdict::Accepted), true),
            ]
        );
        let Graded::Run(wrong) = &scoreboard.submissions[1].graded else {
            panic!("graded");
        };
        // A judge error in a unit after the first failure: the result is not whole.
        let mut later = wrong.clone();
        let last = later.outcomes.len() - 1;
        assert!(last > 0 && later.verdict != Verdict::JudgeError);
        later.outcomes[last].verdict = Verdict::JudgeError;
        assert!(!Graded::Run(later).is_final());
        // A judge error of the whole (a scored problem's rules), with no unit's.
        let mut whole = wrong.clone();
        whole.verdict = Verdict::JudgeError;
        assert!(!Graded::Run(whole).is_final());
        // A crash is the submission's.
        let mut crashed = wrong.clone();
        crashed.verdict = Verdict::RuntimeError(judge_core::verdict::Crash::Signal(libc::SIGSEGV));
        crashed.outcomes[0].verdict = crashed.verdict;
        assert!(Graded::Run(crashed).is_final());
    }

    #[test]
    fn a_stored_result_is_taken_only_from_this_build_and_when_final() {
        let dir = tempfile::tempdir().unwrap();
        let store = ResultStore::open(dir.path(), Stop::never()).unwrap();
        let scoreboard = crate::grade::fixtures::scoreboard();
        let graded = scoreboard.submissions[1].graded.clone();
        let identity = graded.summary().unwrap().run.plan.clone();
        store.save("k", &graded).unwrap();
        let taken = store.load("k", &identity).map(|g| g.verdict());
        assert_eq!(taken, Some(graded.verdict()));
        // The file names the build that made it; another build's is not taken.
        let path = store.path("k");
        let text = std::fs::read_to_string(&path).unwrap();
        let ours = format!("\"judge_build\": \"{}\"", super::super::judge_build());
        assert!(text.contains(&ours), "{text}");
        std::fs::write(&path, text.replace(&ours, "\"judge_build\": \"0.1.0\"")).unwrap();
        assert!(store.load("k", &identity).is_none());
        // A judge error found kept (by hand, or by a judge before this rule) is not taken.
        let Graded::Run(mut failed) = graded else {
            panic!("graded");
        };
        failed.verdict = Verdict::JudgeError;
        failed.outcomes[0].verdict = Verdict::JudgeError;
        failed.outcomes[0].verdict_detail = Verdict::JudgeError.describe();
        store.save("k", &Graded::Run(failed)).unwrap();
        assert!(path.exists());
        assert!(store.load("k", &identity).is_none());
        store.forget("k");
        assert!(!path.exists());
    }

    /// The repository's runner.toml, copied into `dir` (its languages are what matter).
    fn runner_in(dir: &Path) -> RunnerConfig {
        let file = dir.join("runner.toml");
        std::fs::copy(
            concat!(
                concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
                "/runner.toml"
            ),
            &file,
        )
        .unwrap();
        RunnerConfig::load(&file).unwrap()
    }

    #[test]
    fn folders_hold_a_class_or_one_folder_per_participant() {
        let dir = tempfile::tempdir().unwrap();
        let runner = runner_in(dir.path());
        let class = dir.path().join("class");
        std::fs::create_dir_all(class.join("alice")).unwrap();
        std::fs::create_dir_all(class.join("bob")).unwrap();
        std::fs::create_dir_all(class.join("carol")).unwrap();
        std::fs::write(class.join("zed.c"), "int main(){}").unwrap();
        std::fs::write(class.join("notes.txt"), "not a submission").unwrap();
        std::fs::write(class.join(".hidden.c"), "int main(){}").unwrap();
        std::fs::create_dir_all(class.join("dave")).unwrap();
        std::fs::write(class.join("alice/main.py"), "print(1)").unwrap();
        std::fs::write(class.join("bob/a.c"), "").unwrap();
        std::fs::write(class.join("bob/b.py"), "").unwrap();
        std::fs::write(class.join("carol/notes.txt"), "x").unwrap();
        std::fs::write(class.join("dave/main.cpp"), "").unwrap();
        std::fs::write(class.join("dave/README"), "x").unwrap();
        let entries = find_submissions(&runner, std::slice::from_ref(&class)).unwrap();
        let names: Vec<String> = entries
            .iter()
            .map(|e| {
                Path::new(&e.name)
                    .strip_prefix(&class)
                    .unwrap_or(Path::new(&e.name))
                    .display()
                    .to_string()
            })
            .collect();
        assert_eq!(names, ["alice/main.py", "bob", "carol", "dave", "zed.c"]);
        // A folder of one source is that file; one of several files is built whole.
        assert_eq!(entries[0].source, Ok(class.join("alice/main.py")));
        assert_eq!(entries[1].source, Ok(class.join("bob")));
        assert!(entries[2]
            .source
            .as_ref()
            .unwrap_err()
            .contains("no source file"));
        assert_eq!(entries[3].source, Ok(class.join("dave")));
        assert!(matches!(
            find_submissions(&runner, &[dir.path().join("missing")]),
            Err(GradeError::NoSuchSubmission(_))
        ));
        std::fs::create_dir(dir.path().join("empty")).unwrap();
        assert!(matches!(
            find_submissions(&runner, &[dir.path().join("empty")]),
            Err(GradeError::NoSubmissions(_))
        ));
    }
}
