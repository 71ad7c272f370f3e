//! Decided units kept on disk, and what they serve: `judge grade` resumes a submission cut
//! short from the units it had decided ([`UnitStore`]); `judge verify` remembers every unit
//! it ran ([`RunMemory`]) and takes them again, without running, for a submission, problem,
//! tests, limits and judge that are all unchanged.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use super::engine::Decided;
use super::outcome::Outcome;
use judge_core::config::RunnerConfig;
use judge_core::plan::{PlanDigest, PlanIdentity, PlanUnit};
use judge_core::verdict::Verdict;
use judge_sandbox::RunFacts;

/// The key of a job of this identity (a file name): its digest with the judge's build.
pub(crate) fn job_key(identity: &PlanIdentity) -> String {
    PlanDigest::new()
        .add("judge", super::judge_build())
        .add("unit", identity.unit.name())
        .add("units", identity.units)
        .add("stops", identity.stops_at_first_failure)
        .add("plan", &identity.digest)
        .finish()
}

/// Decided units of jobs, kept as they are decided. One file of JSON lines per job, named by
/// the job's key ([`job_key`]), in a folder of the compile cache: the judge's build and the
/// job's identity ([`UnitHeader`]), then one line per unit (its outcome, with the run's
/// facts and the head of its standard error, which reports' JSON leaves out). A unit that is
/// a judge error is not kept (it runs again).
pub(crate) struct UnitStore {
    dir: PathBuf,
}

/// The first line of a [`UnitStore`] file: whose units follow.
#[derive(Serialize, Deserialize, PartialEq)]
struct UnitHeader {
    judge_build: String,
    plan: PlanIdentity,
}

impl UnitHeader {
    fn of(identity: &PlanIdentity) -> UnitHeader {
        UnitHeader {
            judge_build: super::judge_build().to_string(),
            plan: identity.clone(),
        }
    }
}

/// A unit's line in a [`UnitStore`] file.
#[derive(Serialize)]
struct UnitLine<'a> {
    unit: usize,
    outcome: &'a Outcome,
    facts: Option<&'a RunFacts>,
    stderr_head: &'a str,
}

#[derive(Deserialize)]
struct UnitLineIn {
    unit: usize,
    outcome: serde_json::Value,
    #[serde(default)]
    facts: Option<RunFacts>,
    #[serde(default)]
    stderr_head: String,
}

impl UnitStore {
    /// The store in the compile cache's folder `name`.
    pub(crate) fn in_cache(runner: &RunnerConfig, name: &str) -> UnitStore {
        UnitStore {
            dir: runner.cache_dir.join(name),
        }
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.jsonl"))
    }

    /// The units an earlier run of this build decided for a job of this key and identity; none
    /// when its file is missing or of another build or identity (then it is removed). A line
    /// cut short by a kill ends what is read, and is cut off the file so that new lines follow
    /// whole ones.
    pub(crate) fn load(&self, key: &str, identity: &PlanIdentity, units: usize) -> Decided {
        let path = self.path(key);
        let mut decided = Decided::new();
        let Ok(text) = judge_core::files::read(&path, judge_core::files::Cap::JSON) else {
            return decided;
        };
        let header = UnitHeader::of(identity);
        // The bytes of the whole lines read: what a line cut short is cut back to.
        let mut whole = 0;
        for (index, line) in text.split_inclusive(|&byte| byte == b'\n').enumerate() {
            if !line.ends_with(b"\n") {
                break;
            }
            if index == 0 {
                let read = serde_json::from_slice::<UnitHeader>(line).ok();
                if read.as_ref() != Some(&header) {
                    break;
                }
            } else {
                let Some((unit, outcome)) = serde_json::from_slice::<UnitLineIn>(line)
                    .ok()
                    .filter(|line| line.unit < units)
                    .and_then(|line| {
                        // A game's JSON differs from a test's.
                        let games = identity.unit == PlanUnit::Games;
                        let mut outcome = Outcome::from_json(line.outcome, games).ok()?;
                        outcome.facts = line.facts;
                        outcome.stderr_head = line.stderr_head;
                        Some((line.unit, outcome))
                    })
                else {
                    break;
                };
                // Written by no run of this build; a judge error runs again all the same.
                if outcome.verdict != Verdict::JudgeError {
                    decided.insert(unit, outcome);
                }
            }
            whole += line.len();
        }
        let cut = match whole {
            // No identity, or another one: the file is of no use.
            0 => Err(std::io::ErrorKind::InvalidData.into()),
            whole if whole < text.len() => std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .and_then(|file| file.set_len(whole as u64)),
            _ => Ok(()),
        };
        if cut.is_err() {
            self.forget(key);
            return Decided::new();
        }
        decided
    }

    /// Adds a decided unit to a job's file (made with its header first, if new); a judge error
    /// is not kept, so that the next run runs that unit again.
    pub(crate) fn add(
        &self,
        key: &str,
        identity: &PlanIdentity,
        unit: usize,
        outcome: &Outcome,
    ) -> std::io::Result<()> {
        use std::io::Write;
        if outcome.verdict == Verdict::JudgeError {
            return Ok(());
        }
        let path = self.path(key);
        let named =
            |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
        std::fs::create_dir_all(&self.dir).map_err(named)?;
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&path)
            .map_err(named)?;
        let mut bytes = Vec::new();
        if file.metadata().map_err(named)?.len() == 0 {
            serde_json::to_writer(&mut bytes, &UnitHeader::of(identity))
                .map_err(std::io::Error::other)?;
            bytes.push(b'\n');
        }
        let line = UnitLine {
            unit,
            outcome,
            facts: outcome.facts.as_ref(),
            stderr_head: &outcome.stderr_head,
        };
        serde_json::to_writer(&mut bytes, &line).map_err(std::io::Error::other)?;
        bytes.push(b'\n');
        file.write_all(&bytes).map_err(named)
    }

    /// Removes a job's file: its result is kept whole, or it is graded again from the start.
    pub(crate) fn forget(&self, key: &str) {
        let _ = std::fs::remove_file(self.path(key));
    }
}

/// What `judge verify` remembers of its runs: every test of a job decided with a verdict
/// about the submission (a judge error is not kept, nor a run the machine's load disturbed,
/// whose times may be off; games are played again, as their moves are what reports replay
/// and are not kept), kept under the job's key and the grader's settings that bear on
/// a run (its limits, sandbox, compile limits and languages). A later verify of a job with
/// the same key takes those units as decided instead of running them: the same submission
/// bytes, language, limits, problem (its programs' bytes included), tests (their bytes) and
/// judge build. `judge verify --rerun` runs them again (and remembers the new runs).
pub(crate) struct RunMemory {
    store: UnitStore,
    /// The digest of the grader's settings that bear on a run.
    settings: String,
    /// Units taken from the memory so far.
    recalled: AtomicUsize,
    /// The jobs this run remembered units of: not taken back in the same run (a test timed
    /// twice is timed twice), so that what is taken is an earlier run's.
    written: Mutex<HashSet<String>>,
}

/// The compile cache's folder of [`RunMemory`].
const REMEMBERED_RUNS: &str = "remembered-runs";

impl RunMemory {
    pub(crate) fn of(runner: &RunnerConfig) -> RunMemory {
        let settings = PlanDigest::new()
            .add("limits", format!("{:?}", runner.limits))
            .add("compile", format!("{:?}", runner.compile))
            .add("sandbox", format!("{:?}", runner.sandbox))
            .add("languages", format!("{:?}", runner.languages))
            .finish();
        RunMemory {
            store: UnitStore::in_cache(runner, REMEMBERED_RUNS),
            settings,
            recalled: AtomicUsize::new(0),
            written: Mutex::new(HashSet::new()),
        }
    }

    fn key(&self, identity: &PlanIdentity) -> String {
        PlanDigest::new()
            .add("job", job_key(identity))
            .add("settings", &self.settings)
            .finish()
    }

    /// The units an earlier verify remembered of a job of this identity.
    pub(crate) fn recall(&self, identity: &PlanIdentity, units: usize) -> Decided {
        if identity.unit != PlanUnit::Tests {
            return Decided::new();
        }
        let key = self.key(identity);
        if self.written_now().contains(&key) {
            return Decided::new();
        }
        let decided = self.store.load(&key, identity, units);
        self.recalled.fetch_add(decided.len(), Ordering::Relaxed);
        decided
    }

    /// Remembers a unit of a job of this identity, decided now; one the load disturbed is
    /// not kept. A memory that cannot be written is not an error: the unit runs next time.
    pub(crate) fn keep(&self, identity: &PlanIdentity, unit: usize, outcome: &Outcome) {
        if identity.unit != PlanUnit::Tests || outcome.disturbed {
            return;
        }
        // The folder is judge's: `judge clean` removes it.
        let dir = &self.store.dir;
        let marked = judge_core::files::is_marked(dir)
            || (std::fs::create_dir_all(dir).is_ok() && judge_core::files::mark(dir).is_ok());
        if marked {
            let key = self.key(identity);
            let _ = self.store.add(&key, identity, unit, outcome);
            self.written_now().insert(key);
        }
    }

    fn written_now(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.written.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many units were taken from the memory instead of running.
    pub(crate) fn recalled(&self) -> usize {
        self.recalled.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::outcome::{Detail, TestDetail};

    #[test]
    fn a_job_cut_short_resumes_from_its_kept_units_of_the_same_identity_only() {
        use judge_core::verdict::Crash;
        let dir = tempfile::tempdir().unwrap();
        let store = UnitStore {
            dir: dir.path().join("units"),
        };
        let identity = PlanIdentity {
            unit: PlanUnit::Tests,
            units: 5,
            stops_at_first_failure: true,
            digest: "0123abcd".into(),
        };
        let outcome = |unit: usize, verdict: Verdict| Outcome {
            verdict,
            verdict_detail: verdict.describe(),
            cpu_ms: 10 + unit as u64,
            ..Outcome::undecided(Detail::Test(TestDetail {
                name: format!("test-{unit}"),
                ..TestDetail::default()
            }))
        };
        let crashed = Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV));
        assert!(store.load("k", &identity, 5).is_empty());
        store
            .add("k", &identity, 0, &outcome(0, Verdict::Accepted))
            .unwrap();
        store.add("k", &identity, 3, &outcome(3, crashed)).unwrap();
        let decided = store.load("k", &identity, 5);
        assert_eq!(decided.keys().copied().collect::<Vec<_>>(), [0, 3]);
        // The verdict comes back whole (the JSON's `verdict` says only `RE`).
        assert_eq!(decided[&3].verdict, crashed);
        assert_eq!(
            (decided[&3].name(), decided[&3].cpu_ms),
            ("test-3".into(), 13)
        );

        // A line cut short by a kill: the units before it are taken, and it is cut off so
        // that the next unit's line follows whole ones.
        let path = store.path("k");
        let mut text = std::fs::read(&path).unwrap();
        text.extend_from_slice(br#"{"unit":4,"outc"#);
        std::fs::write(&path, &text).unwrap();
        assert_eq!(store.load("k", &identity, 5).len(), 2);
        store
            .add("k", &identity, 4, &outcome(4, Verdict::Accepted))
            .unwrap();
        let decided = store.load("k", &identity, 5);
        assert_eq!(decided.keys().copied().collect::<Vec<_>>(), [0, 3, 4]);
        // A unit past the plan is not one of it.
        assert_eq!(store.load("k", &identity, 4).len(), 2);

        // A judge error is not kept: that unit runs again. (The load of a 4-unit plan cut
        // unit 4 off the file.)
        store
            .add("k", &identity, 2, &outcome(2, Verdict::JudgeError))
            .unwrap();
        let decided = store.load("k", &identity, 5);
        assert_eq!(decided.keys().copied().collect::<Vec<_>>(), [0, 3]);
        assert!(!std::fs::read_to_string(&path).unwrap().contains("test-2"));

        // Another build's file takes nothing, and goes.
        let text = std::fs::read_to_string(&path).unwrap();
        let ours = format!("\"judge_build\":\"{}\"", super::super::judge_build());
        assert!(text.starts_with(&format!("{{{ours}")), "{text}");
        std::fs::write(&path, text.replacen(&ours, "\"judge_build\":\"0.0.1\"", 1)).unwrap();
        assert!(store.load("k", &identity, 5).is_empty());
        assert!(!path.exists());
        for unit in [0, 3, 4] {
            store
                .add("k", &identity, unit, &outcome(unit, Verdict::Accepted))
                .unwrap();
        }

        // Another plan (another digest) takes nothing, and the file goes.
        let other = PlanIdentity {
            digest: "0123abce".into(),
            ..identity.clone()
        };
        assert!(store.load("k", &other, 5).is_empty());
        assert!(!path.exists());
        assert!(store.load("k", &identity, 5).is_empty());
    }

    #[test]
    fn verify_remembers_a_unit_with_its_facts_but_not_a_disturbed_one() {
        let dir = tempfile::tempdir().unwrap();
        let file =
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("runner.toml");
        let mut runner = RunnerConfig::load(&file).unwrap();
        runner.cache_dir = dir.path().to_path_buf();
        let memory = RunMemory::of(&runner);
        let identity = PlanIdentity {
            unit: PlanUnit::Tests,
            units: 3,
            stops_at_first_failure: true,
            digest: "feed".into(),
        };
        let facts = RunFacts {
            cpu_time_us: 1234,
            ..judge_core::verdict::fixtures::clean_exit()
        };
        let outcome = |name: &str, disturbed: bool| Outcome {
            verdict: Verdict::Accepted,
            verdict_detail: "AC".into(),
            disturbed,
            stderr_head: "said on stderr".into(),
            facts: Some(facts.clone()),
            ..Outcome::undecided(Detail::Test(TestDetail {
                name: name.into(),
                ..TestDetail::default()
            }))
        };
        memory.keep(&identity, 0, &outcome("a", false));
        memory.keep(&identity, 1, &outcome("b", true));
        let recalled = RunMemory::of(&runner).recall(&identity, 3);
        assert_eq!(recalled.keys().copied().collect::<Vec<_>>(), [0]);
        assert_eq!(
            recalled[&0].facts.as_ref().map(|f| f.cpu_time_us),
            Some(1234)
        );
        assert_eq!(recalled[&0].stderr_head, "said on stderr");
        // What a run remembered is an earlier run's only for the next one.
        assert!(memory.recall(&identity, 3).is_empty());
        assert_eq!(memory.recalled(), 0);
        // Other settings (a longer wall-clock rule, say) are another memory.
        runner.limits.wall_time_factor += 1.0;
        assert!(RunMemory::of(&runner).recall(&identity, 3).is_empty());
        // The folder is judge's own: `judge clean` removes it.
        assert!(judge_core::files::is_marked(
            &dir.path().join(REMEMBERED_RUNS)
        ));
    }
}
