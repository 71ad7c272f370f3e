//! Tests that are the same test: within one submission's run, a test whose input, answer,
//! checker arguments and submission arguments are byte for byte those of a test already run takes that test's facts
//! instead of running again, as problemtools' verifyproblem reuses a result (olympiad
//! packages repeat tests across their groups: NOI 2023's icecreammachines has 236 tests and 61
//! different ones). A test whose twin is still running waits for it; a test whose twin did not
//! run (its group was decided without it) runs. The run is judged as if it had run: a program
//! that answers the same input differently from one run to the next is not caught by the
//! twin, which is the price problemtools pays too.

use std::collections::HashMap;
use std::sync::{Condvar, Mutex};

use sha2::{Digest, Sha256};

use super::engine::UnitFacts;
use super::outcome::{Detail, TestDetail};
use judge_core::plan::PlannedTest;

/// What makes two tests the same: the digest of the input, the answer and the arguments.
pub(crate) type TestKey = [u8; 32];

/// The key of `test` with these bytes: its checker's (or interactor's), its output
/// visualizer's and the submission's arguments, and what a score file is there, count too.
pub(crate) fn key(input: &[u8], answer: &[u8], test: &PlannedTest) -> TestKey {
    let mut digest = Sha256::new();
    for part in [input, answer] {
        digest.update((part.len() as u64).to_le_bytes());
        digest.update(part);
    }
    // What the test's validator and visualizer are given, and what a score file is there.
    digest.update([test.score_file as u8]);
    for args in [&test.checker_args, &test.args, &test.visualizer_args] {
        digest.update((args.len() as u64).to_le_bytes());
        for arg in args {
            digest.update((arg.len() as u64).to_le_bytes());
            digest.update(arg.as_bytes());
        }
    }
    digest.finalize().into()
}

/// The facts of one submission's tests by key, shared by the run's workers.
#[derive(Default)]
pub(crate) struct SameTests {
    slots: Mutex<HashMap<TestKey, Slot>>,
    finished: Condvar,
}

enum Slot {
    /// A worker is running the first test of this key.
    Running,
    /// The first test of this key ran: its facts and name.
    Ran(Box<UnitFacts>, String),
}

impl SameTests {
    /// The facts of the test `own` (its detail before it runs) with `key`: those of the first
    /// test of the key (waiting for it while it runs), or `run`'s when it is the first. Taken
    /// facts keep this test's name and how to print its input, with `same_as` naming the test
    /// that ran.
    pub(crate) fn facts(
        &self,
        key: TestKey,
        own: &TestDetail,
        run: impl FnOnce() -> UnitFacts,
    ) -> UnitFacts {
        let name = own.name.as_str();
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            match slots.get(&key) {
                None => break,
                Some(Slot::Running) => {
                    slots = self.finished.wait(slots).unwrap_or_else(|p| p.into_inner());
                }
                Some(Slot::Ran(facts, first)) => return taken(facts, first, own),
            }
        }
        slots.insert(key, Slot::Running);
        drop(slots);
        // Whatever happens to the run, the slot does not stay `Running`: a twin waiting for
        // it would wait for ever.
        let mut guard = Unclaim {
            tests: self,
            key,
            facts: None,
        };
        let facts = run();
        // Facts of a test that could not run (its data, the sandbox) are not a run to reuse.
        if facts.run.is_ok() {
            guard.facts = Some((facts.clone(), name.to_string()));
        }
        facts
    }
}

/// Ends a first run's claim on its key: its facts for the twins, or, without facts (it could
/// not run, or panicked), the key free again so a twin runs itself.
struct Unclaim<'a> {
    tests: &'a SameTests,
    key: TestKey,
    facts: Option<(UnitFacts, String)>,
}

impl Drop for Unclaim<'_> {
    fn drop(&mut self) {
        let mut slots = self.tests.slots.lock().unwrap_or_else(|p| p.into_inner());
        match self.facts.take() {
            Some((facts, name)) => slots.insert(self.key, Slot::Ran(Box::new(facts), name)),
            None => slots.remove(&self.key),
        };
        self.tests.finished.notify_all();
    }
}

/// `facts` of the test `first`, as the facts of the test `own`.
fn taken(facts: &UnitFacts, first: &str, own: &TestDetail) -> UnitFacts {
    let mut facts = facts.clone();
    if let Detail::Test(test) = &mut facts.detail {
        test.name = own.name.clone();
        test.reproduce = own.reproduce.clone();
        test.same_as = Some(first.to_string());
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_core::plan::TestSource;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn facts(name: &str, ran: bool) -> UnitFacts {
        UnitFacts {
            run: match ran {
                true => Ok(crate::grade::engine::UnitRun {
                    facts: judge_core::verdict::fixtures::clean_exit(),
                    stderr_says: Default::default(),
                    stderr_head: String::new(),
                    judgement: crate::grade::engine::Judgement::Checked(None),
                }),
                false => Err("cannot read the test".into()),
            },
            detail: Detail::Test(TestDetail {
                name: name.into(),
                ..TestDetail::default()
            }),
        }
    }

    fn detail(name: &str) -> TestDetail {
        TestDetail {
            name: name.into(),
            reproduce: Some(format!("cat {name}.in")),
            ..TestDetail::default()
        }
    }

    fn same_as(facts: &UnitFacts) -> Option<&str> {
        match &facts.detail {
            Detail::Test(test) => test.same_as.as_deref(),
            Detail::Game(_) => None,
        }
    }

    #[test]
    fn the_key_is_the_bytes_and_the_arguments() {
        let test = |checker: &[&str], args: &[&str]| PlannedTest {
            checker_args: checker.iter().map(|a| a.to_string()).collect(),
            args: args.iter().map(|a| a.to_string()).collect(),
            ..PlannedTest::new(
                "t".into(),
                TestSource::Inline {
                    input: String::new(),
                },
            )
        };
        let plain = test(&[], &[]);
        let checked = test(&["float_tolerance", "1e-6"], &[]);
        assert_eq!(
            key(b"1 2\n", b"3\n", &checked),
            key(b"1 2\n", b"3\n", &checked)
        );
        assert_ne!(
            key(b"1 2\n", b"3\n", &checked),
            key(b"1 2\n", b"3\n", &plain)
        );
        assert_ne!(key(b"1 2\n", b"3\n", &plain), key(b"1 2\n3", b"\n", &plain));
        assert_ne!(key(b"1 2\n", b"3\n", &plain), key(b"1 2\n", b"4\n", &plain));
        // The submission's arguments count, and are told from the checker's.
        let run_with = test(&[], &["--fast"]);
        assert_ne!(
            key(b"1 2\n", b"3\n", &run_with),
            key(b"1 2\n", b"3\n", &plain)
        );
        assert_ne!(
            key(b"1 2\n", b"3\n", &run_with),
            key(b"1 2\n", b"3\n", &test(&["--fast"], &[]))
        );
    }

    #[test]
    fn a_twin_takes_the_first_tests_facts_under_its_own_name() {
        let same = SameTests::default();
        let runs = AtomicUsize::new(0);
        let run = |name: &str| {
            let name = name.to_string();
            let runs = &runs;
            move || {
                runs.fetch_add(1, Ordering::SeqCst);
                facts(&name, true)
            }
        };
        let first = same.facts([1; 32], &detail("secret/a/1"), run("secret/a/1"));
        assert_eq!(same_as(&first), None);
        let twin = same.facts([1; 32], &detail("secret/b/1"), run("secret/b/1"));
        assert_eq!(same_as(&twin), Some("secret/a/1"));
        assert!(
            matches!(&twin.detail, Detail::Test(t) if t.name == "secret/b/1"
            && t.reproduce.as_deref() == Some("cat secret/b/1.in"))
        );
        let other = same.facts([2; 32], &detail("secret/b/2"), run("secret/b/2"));
        assert_eq!(same_as(&other), None);
        assert_eq!(runs.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn a_test_that_could_not_run_is_not_reused() {
        let same = SameTests::default();
        let failed = same.facts([1; 32], &detail("a"), || facts("a", false));
        assert!(failed.run.is_err());
        let again = same.facts([1; 32], &detail("b"), || facts("b", true));
        assert!(again.run.is_ok());
        assert_eq!(same_as(&again), None);
    }

    #[test]
    fn a_twin_waits_for_the_first_run_and_a_panic_frees_the_key() {
        let same = SameTests::default();
        let runs = AtomicUsize::new(0);
        let (claimed, has_claimed) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            let first = scope.spawn(|| {
                same.facts([7; 32], &detail("first"), || {
                    runs.fetch_add(1, Ordering::SeqCst);
                    claimed.send(()).unwrap();
                    // The twin comes while this runs (or after: it takes the facts either way).
                    std::thread::sleep(std::time::Duration::from_millis(100));
                    facts("first", true)
                })
            });
            has_claimed.recv().unwrap();
            let twin = same.facts([7; 32], &detail("twin"), || {
                runs.fetch_add(1, Ordering::SeqCst);
                facts("twin", true)
            });
            assert_eq!(same_as(&twin), Some("first"));
            first.join().unwrap();
        });
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        // A first run that panics leaves the key to the next test, which runs.
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            same.facts([8; 32], &detail("a"), || panic!("the run broke"))
        }));
        assert!(panicked.is_err());
        let next = same.facts([8; 32], &detail("b"), || facts("b", true));
        assert_eq!(same_as(&next), None);
    }
}
