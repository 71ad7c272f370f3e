//! A scored problem's run: its tests graded in their groups (`scoring::GroupTree`). While the
//! tests run, [`Skipping`] tells the engine which tests need not run (every group holding them
//! is decided without them: `on_reject: break` after a rejection, see
//! `scoring::aggregate::is_decided`); once they have run, [`grade`] folds their outcomes
//! through the tree as problemtools does (`scoring::aggregate::grade`) into the root group's
//! result (`GroupResult`: each group's verdict and score, its maximum, and its slowest test
//! against the time limit), for `engine::conclude`, the one fold of a job, to decide the run's
//! verdict from.

use std::collections::BTreeMap;
use std::sync::Mutex;

use super::outcome::{GroupResult, Outcome};
use judge_core::scoring::aggregate::{self, Folded, Graded, Results, TestRun};
use judge_core::scoring::{self, Child, Group, GroupTree, Scored, TestCase};
use judge_core::verdict::{Crash, Verdict};

// What a scored run's groups come to, defined with the run's summary (`grade::outcome`).
pub use super::outcome::{GroupRow, Slowest, NEAR_LIMIT};

/// A test's run as its group sees it: the verdict in problemtools' terms
/// ([`Verdict::as_problemtools`]) and the score its validator gave. A Kattis package's run
/// over the memory limit is the run-time error problemtools sees there (its groups never get
/// MLE; `grade::verify` compares a package's verdicts the same way).
pub fn test_run(tree: &GroupTree, outcome: &Outcome) -> TestRun {
    let verdict = match outcome.verdict.as_problemtools() {
        Verdict::MemoryLimitExceeded if tree.format != scoring::Format::Folder => {
            Verdict::RuntimeError(Crash::Unknown)
        }
        verdict => verdict,
    };
    TestRun {
        verdict,
        validator_score: outcome.test().and_then(|test| test.validator_score),
    }
}

/// Which tests of a run need not run, from the outcomes judged so far. Shared by the workers.
pub struct Skipping<'a> {
    tree: &'a GroupTree,
    /// The test path of each unit of the plan (by the unit's index).
    paths: Vec<String>,
    known: Mutex<BTreeMap<String, TestRun>>,
}

impl<'a> Skipping<'a> {
    /// For a plan whose unit `i` is the test named `paths[i]` in `tree`.
    fn new(tree: &'a GroupTree, paths: Vec<String>) -> Skipping<'a> {
        Skipping {
            tree,
            paths,
            known: Mutex::new(BTreeMap::new()),
        }
    }

    /// For the tests of `plan`, each unit its test.
    pub fn of_plan(tree: &'a GroupTree, plan: &judge_core::plan::TestPlan) -> Skipping<'a> {
        let paths = (0..plan.len())
            .map(|unit| plan.get(unit).map(|t| t.name).unwrap_or_default())
            .collect();
        Skipping::new(tree, paths)
    }

    /// Records unit `unit`'s outcome.
    pub fn judged(&self, unit: usize, outcome: &Outcome) {
        if let (Some(path), Ok(mut known)) = (self.paths.get(unit), self.known.lock()) {
            known.insert(path.clone(), test_run(self.tree, outcome));
        }
    }

    /// Whether unit `unit` need not run: every place the tree holds its test is under a
    /// group decided by an earlier child known to be rejected.
    pub fn skip(&self, unit: usize) -> bool {
        let (Some(path), Ok(known)) = (self.paths.get(unit), self.known.lock()) else {
            return false;
        };
        skippable(self.tree, &self.tree.root, &known, path) == Some(true)
    }
}

/// Whether every occurrence of test `target` under `group` is skippable; `None` when the group
/// does not hold it.
fn skippable(
    tree: &GroupTree,
    group: &Group,
    known: &BTreeMap<String, TestRun>,
    target: &str,
) -> Option<bool> {
    let mut decided = false;
    let mut found: Option<bool> = None;
    for child in &group.children {
        let here = match child {
            Child::Test(test) if test.path == target => Some(decided),
            Child::Test(_) => None,
            Child::Group(sub) if decided => holds(sub, target).then_some(true),
            Child::Group(sub) => skippable(tree, sub, known, target),
        };
        if let Some(skip) = here {
            found = Some(found.unwrap_or(true) && skip);
        }
        // Whether this child is known to be rejected, deciding the group for what follows.
        let result = match child {
            Child::Test(test) => known
                .get(&test.path)
                .map(|run| aggregate::test_result(tree, group, test, *run)),
            Child::Group(sub) => known_result(tree, sub, known),
        };
        if result.is_some_and(|r| aggregate::is_decided(group, &[r])) {
            decided = true;
        }
    }
    found
}

/// Whether `group` holds test `target` at any depth.
fn holds(group: &Group, target: &str) -> bool {
    group.tests().iter().any(|test| test.path == target)
}

/// `group`'s result if the outcomes known decide it (an empty group, or one waiting for a
/// test or a custom grader, has none yet).
fn known_result(
    tree: &GroupTree,
    group: &Group,
    known: &BTreeMap<String, TestRun>,
) -> Option<Scored> {
    let mut children = Vec::new();
    for child in &group.children {
        let result = match child {
            Child::Test(test) => aggregate::ChildResult {
                result: aggregate::test_result(tree, group, test, *known.get(&test.path)?),
                max_score: test.max_score,
            },
            Child::Group(sub) if sub.is_empty() => continue,
            Child::Group(sub) => aggregate::ChildResult {
                result: known_result(tree, sub, known)?,
                max_score: aggregate::max_score(sub),
            },
        };
        children.push(result);
        let so_far: Vec<Scored> = children.iter().map(|c| c.result).collect();
        if aggregate::is_decided(group, &so_far) {
            break;
        }
    }
    match aggregate::fold(tree, group, &children) {
        Folded::Done(result) => Some(result),
        Folded::Empty | Folded::RunGrader { .. } => None,
    }
}

/// Runs a custom grader (`grading: custom`): the group, its input and arguments to its
/// answer (see `scoring::aggregate::parse_grader_output`).
pub type GraderRunner<'a> = dyn Fn(&Group, &str, &[String]) -> Scored + Sync + 'a;

/// The outcomes of a run by test name, for [`aggregate::grade`].
struct ByName<'a> {
    tree: &'a GroupTree,
    outcomes: BTreeMap<&'a str, &'a Outcome>,
    grader: &'a GraderRunner<'a>,
}

impl Results for ByName<'_> {
    fn test(&mut self, test: &TestCase) -> Option<TestRun> {
        self.outcomes
            .get(test.path.as_str())
            .map(|o| test_run(self.tree, o))
    }

    fn custom_grader(&mut self, group: &Group, input: &str, args: &[String]) -> Scored {
        (self.grader)(group, input, args)
    }
}

/// Folds the tree on a group's outcomes (`group.kept`: every test that ran, in any order; a
/// test the tree needs and the run did not have is a judge error of its group), under a time
/// limit of `limit_ms` for the slowest-test marks, into `group`'s groups, score and root's
/// verdict as its groups have it (`groups_verdict`). `grader` runs a custom grader. What the
/// run's verdict is, `engine::conclude` decides from this.
pub fn grade(tree: &GroupTree, group: &mut GroupResult, limit_ms: u64, grader: &GraderRunner) {
    let by_name: BTreeMap<&str, &Outcome> = group
        .kept
        .iter()
        .filter_map(|o| o.test().map(|t| (t.name.as_str(), o)))
        .collect();
    let mut results = ByName {
        tree,
        outcomes: by_name.clone(),
        grader,
    };
    let judge_error = Scored {
        verdict: Verdict::JudgeError,
        score: None,
    };
    // A test the tree needs that the run lacks (it could not run): the root is a judge error.
    let (graded, why_judge_error) = match aggregate::grade(tree, &mut results) {
        Ok(graded) => {
            let why = graded
                .first_judge_error
                .as_ref()
                .map(|(test, error)| format!("{test}: {error}"));
            (graded, why)
        }
        Err(missing) => (
            Graded {
                tests: Vec::new(),
                groups: vec![(String::new(), judge_error)],
                total: Some(judge_error),
                first_judge_error: None,
            },
            Some(missing.to_string()),
        ),
    };
    let results = graded.by_path();
    let rows = tree
        .root
        .groups()
        .into_iter()
        .filter_map(|group| {
            let result = results.get(group.path.as_str())?;
            let tests = group.tests();
            let ran: Vec<&Outcome> = tests
                .iter()
                .filter_map(|t| by_name.get(t.path.as_str()).copied())
                .collect();
            let slowest = ran.iter().max_by_key(|o| o.cpu_ms).map(|o| Slowest {
                test: o.name(),
                cpu_ms: o.cpu_ms,
                limit_ms,
                near_limit: (o.cpu_ms as f64 - limit_ms as f64).abs()
                    <= NEAR_LIMIT * limit_ms as f64,
            });
            Some(GroupRow {
                path: group.path.clone(),
                verdict: result.verdict,
                score: result.score,
                max_score: match group.path.is_empty() {
                    true => aggregate::total_max_score(tree),
                    false => aggregate::max_score(group),
                },
                tests: tests.len(),
                tests_run: ran.len(),
                slowest,
            })
        })
        .collect();
    group.test_scores = graded
        .tests
        .iter()
        .filter_map(|(path, result)| Some((path.clone(), result.score?)))
        .collect();
    group.groups_verdict = graded.total.map(|t| t.verdict);
    group.score = graded.total.and_then(|t| t.score);
    group.max_score = aggregate::total_max_score(tree);
    group.groups = Some(rows);
    group.judge_error = why_judge_error;
}

/// Whether any group of `tree` is graded by a custom grader (a program of the problem's).
pub fn has_custom_grader(tree: &GroupTree) -> bool {
    tree.root
        .groups()
        .iter()
        .any(|group| matches!(group.settings.rule, scoring::Rule::Custom { .. }))
}

/// The outcomes (in plan order) one run on one worker would have kept: those of the tests it
/// would not have skipped, each skip decided by the outcomes before it (as [`Skipping`]
/// decides it). Shards each skip on what they saw alone, and run tests that one run would
/// have skipped: `judge merge` leaves those out, so that a merged run is the unsharded one.
pub fn as_one_run(tree: &GroupTree, outcomes: Vec<Outcome>) -> Vec<Outcome> {
    let mut known = BTreeMap::new();
    let mut kept = Vec::new();
    for outcome in outcomes {
        let name = outcome.name();
        if skippable(tree, &tree.root, &known, &name) == Some(true) {
            continue;
        }
        known.insert(name, test_run(tree, &outcome));
        kept.push(outcome);
    }
    kept
}

/// The first test the groups need that `outcomes` lack, if any: a run put together from
/// parts (`judge merge`) is whole when there is none. A test left out is fine when the groups
/// were decided without it (a shard skipped it after a rejection it saw). Custom graders are
/// not run: a tree with one is not put together from parts.
pub fn missing_test(tree: &GroupTree, outcomes: &[Outcome]) -> Option<String> {
    let by_name: BTreeMap<&str, &Outcome> = outcomes
        .iter()
        .filter_map(|o| o.test().map(|t| (t.name.as_str(), o)))
        .collect();
    let no_grader = |_: &Group, _: &str, _: &[String]| Scored {
        verdict: Verdict::JudgeError,
        score: None,
    };
    let mut results = ByName {
        tree,
        outcomes: by_name,
        grader: &no_grader,
    };
    aggregate::grade(tree, &mut results)
        .err()
        .map(|missing| missing.0)
}

/// The custom graders of a problem with groups `tree`, run as its `parts` have them.
pub(crate) fn graders<'a>(
    parts: &'a super::ProblemParts,
    tree: &'a GroupTree,
) -> impl Fn(&Group, &str, &[String]) -> Scored + Sync + 'a {
    move |group, input, args| run_grader(parts, group, input, args, tree.scoring)
}

/// Runs the custom grader of `group` (`grading: custom`) on `input` with `args`.
pub(crate) fn run_grader(
    parts: &super::ProblemParts,
    _group: &Group,
    input: &str,
    args: &[String],
    scoring: bool,
) -> Scored {
    let Some(grader) = &parts.grader else {
        return Scored {
            verdict: Verdict::JudgeError,
            score: None,
        };
    };
    let call = crate::programs::Call {
        args: args.to_vec(),
        stdin: input.as_bytes(),
        files: Vec::new(),
    };
    match grader.run(&call) {
        Ok(run) if run.ended(grader.limits()) == crate::programs::Ended::Exit(0) => {
            aggregate::parse_grader_output(&String::from_utf8_lossy(&run.stdout), scoring)
        }
        _ => Scored {
            verdict: Verdict::JudgeError,
            score: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::grade::fixtures::test_outcome as outcome;

    /// Every test of `tree` in its order, accepted but those named in `failing`.
    fn run(tree: &GroupTree, failing: &[&str]) -> Vec<Outcome> {
        tree.root
            .tests()
            .iter()
            .map(|test| match failing.contains(&test.path.as_str()) {
                true => outcome(&test.path, Verdict::WrongAnswer),
                false => outcome(&test.path, Verdict::Accepted),
            })
            .collect()
    }

    fn names(outcomes: &[Outcome]) -> Vec<String> {
        outcomes.iter().map(Outcome::name).collect()
    }

    #[test]
    fn one_run_leaves_out_what_a_rejection_before_it_decided() {
        let tree = crate::grade::fixtures::group_tree();
        // group1 (`on_reject: break`) is decided by its first test's wrong answer: one run
        // skips its second, which a shard that did not see the first ran.
        let all = run(&tree, &["secret/group1/1"]);
        let kept = as_one_run(&tree, all.clone());
        let mut expected = names(&all);
        expected.retain(|name| name != "secret/group1/2");
        assert_eq!(names(&kept), expected);
        // Nothing else is decided early: an accepted run keeps every test.
        let accepted = run(&tree, &[]);
        assert_eq!(
            names(&as_one_run(&tree, accepted.clone())),
            names(&accepted)
        );
        // Skipped or not, the groups come to the same.
        let grader: &GraderRunner = &|_, _, _| unreachable!("no custom grader");
        let graded = |outcomes: Vec<Outcome>| {
            let mut group = GroupResult::of_units(Vec::new(), outcomes, Default::default());
            grade(&tree, &mut group, 1000, grader);
            group
        };
        let (whole, one) = (graded(all), graded(kept));
        assert_eq!(
            (whole.groups_verdict, whole.score),
            (one.groups_verdict, one.score)
        );
        assert_eq!(whole.score, Some(80.0));
    }

    #[test]
    fn a_run_missing_a_test_its_groups_need_is_not_whole() {
        let tree = crate::grade::fixtures::group_tree();
        let kept = as_one_run(&tree, run(&tree, &["secret/group1/1"]));
        assert_eq!(missing_test(&tree, &kept), None);
        let mut cut = kept.clone();
        cut.retain(|o| o.name() != "secret/group2/3");
        assert_eq!(missing_test(&tree, &cut), Some("secret/group2/3".into()));
        assert!(!has_custom_grader(&tree));
    }
}
