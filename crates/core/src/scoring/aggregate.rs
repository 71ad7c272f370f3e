//! Folding results: a test's verdict and validator score into its [`Scored`] result
//! ([`test_result`]), a group's children's results into the group's ([`fold`]), whether a
//! group's result is already decided so its other children need not run ([`is_decided`]),
//! and a whole tree in judging order ([`grade`]), as problemtools grades it
//! (`SubmissionJudge._judge_group`, `_aggregate_group_result` and its default grader).
//! Pure functions: the engine runs the tests and any custom grader.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{
    Aggregation, Child, Group, GroupTree, OnReject, Rule, ScoreRule, Scored, SpecAggregation,
    TestCase, Verdict, VerdictRule,
};

/// The score an output validator or checker gave a test (read by `score_file.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValidatorScore {
    /// `score.txt` (a testlib `_pc`/`quitp` value, a number on a line): the score itself.
    Score(f64),
    /// 2023-07 `score_multiplier.txt`: a fraction of the test's maximum score.
    Multiplier(f64),
}

/// What running one test gave, before its group's rules make it a result.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TestRun {
    /// The test's verdict as its group sees it (`Verdict::as_problemtools`, and see
    /// `grade::scored::test_run`); written by its problemtools name.
    #[serde(serialize_with = "crate::verdict::problemtools_name::serialize")]
    pub verdict: Verdict,
    pub validator_score: Option<ValidatorScore>,
}

/// A child's result as its parent folds it: the result and the child's maximum score (a
/// folder group needs it to make a fraction).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ChildResult {
    pub result: Scored,
    pub max_score: Option<f64>,
}

/// A group's result, or what is needed to get one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Folded {
    Done(Scored),
    /// The group has no child with a result (no test case under it): it has no result and is
    /// left out of its parent's children, as problemtools leaves it out. That is the identity
    /// of the parent's aggregation, whichever it is, and never "accepted".
    Empty,
    /// A custom grader decides: run it with `args`, `input` on its standard input, and read
    /// its output with [`parse_grader_output`].
    RunGrader {
        input: String,
        args: Vec<String>,
    },
}

/// A score as it comes back from problemtools' default grader, which prints it with `%f`:
/// rounded to 6 decimals.
pub fn round_like_grader(score: f64) -> f64 {
    format!("{score:.6}").parse().unwrap_or(score)
}

/// Why a test is a judge error of its group when its run was not: what the validator's score,
/// or its absence, breaks in the group's rules (problemtools, and the 2023-07 specification).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize)]
pub enum ScoreError {
    #[error("the output validator gave a score to a run it rejected")]
    ScoreOnRejected,
    #[error(
        "the output validator accepted without writing score.txt, which the package's \
         `validation: custom score` requires"
    )]
    ScoreMissing,
    #[error("the output validator wrote score_multiplier.txt, which only the 2023-07 format has")]
    MultiplierInLegacy,
    #[error("the output validator gave a score in a pass-fail group")]
    ScoreInPassFail,
    #[error("the test has no maximum score and the output validator gave none")]
    NoScore,
    #[error("the output validator's score is not a number of 0 or more")]
    BadScore,
    #[error("the output validator's score is above the test's maximum")]
    AboveMaximum,
    #[error("the output validator's score multiplier is not between 0 and 1, or the test has no maximum score")]
    BadMultiplier,
}

/// The result of one test in `group` (the group holding it): its verdict and score, or a
/// judge error where the validator's score breaks the group's rules (see [`ScoreError`];
/// the error's result is [`test_result`]'s).
pub fn test_score(
    tree: &GroupTree,
    group: &Group,
    test: &TestCase,
    run: TestRun,
) -> Result<Scored, ScoreError> {
    if run.validator_score.is_some() && !run.verdict.is_accepted() {
        return Err(ScoreError::ScoreOnRejected);
    }
    match &group.settings.rule {
        Rule::Default(_) | Rule::Custom { .. } => match run.validator_score {
            // `validation: custom score` and no score.txt: problemtools' judge error.
            None if tree.score_required && run.verdict.is_accepted() => {
                Err(ScoreError::ScoreMissing)
            }
            None => Ok(with_default_score(
                tree,
                group,
                Scored {
                    verdict: run.verdict,
                    score: None,
                },
            )),
            Some(ValidatorScore::Score(score)) => Ok(Scored {
                verdict: run.verdict,
                score: tree.scoring.then_some(score),
            }),
            Some(ValidatorScore::Multiplier(_)) => Err(ScoreError::MultiplierInLegacy),
        },
        Rule::Spec(spec) if spec.aggregation == SpecAggregation::PassFail => {
            // A pass-fail group's tests get no score of their own.
            match run.validator_score {
                Some(_) => Err(ScoreError::ScoreInPassFail),
                None => Ok(Scored::new(run.verdict, 0.0)),
            }
        }
        Rule::Spec(_) | Rule::Points { .. } => {
            if !run.verdict.is_accepted() {
                return Ok(Scored::new(run.verdict, 0.0));
            }
            let max = test.max_score;
            match (run.validator_score, max) {
                (None, Some(max)) => Ok(Scored::new(run.verdict, max)),
                (None, None) => Err(ScoreError::NoScore),
                (Some(ValidatorScore::Score(score)), _) if score.is_nan() || score < 0.0 => {
                    Err(ScoreError::BadScore)
                }
                (Some(ValidatorScore::Score(score)), _) => {
                    if max.is_some_and(|max| score > max * (1.0 + 1e-9)) {
                        Err(ScoreError::AboveMaximum)
                    } else {
                        Ok(Scored::new(run.verdict, score))
                    }
                }
                (Some(ValidatorScore::Multiplier(m)), Some(max)) if (0.0..=1.0).contains(&m) => {
                    Ok(Scored::new(run.verdict, m * max))
                }
                (Some(ValidatorScore::Multiplier(_)), _) => Err(ScoreError::BadMultiplier),
            }
        }
    }
}

/// The result of one test in `group` (the group holding it), as [`test_score`] makes it, a
/// judge error where that finds one (see [`error_result`]).
pub fn test_result(tree: &GroupTree, group: &Group, test: &TestCase, run: TestRun) -> Scored {
    test_score(tree, group, test, run).unwrap_or_else(|error| error_result(tree, group, error))
}

/// A test's judge error: given its group's `reject_score` in a legacy group (and for a score
/// on a rejected run in any), no score elsewhere.
fn error_result(tree: &GroupTree, group: &Group, error: ScoreError) -> Scored {
    let judge_error = Scored {
        verdict: Verdict::JudgeError,
        score: None,
    };
    match (error, &group.settings.rule) {
        (ScoreError::ScoreOnRejected, _) | (_, Rule::Default(_) | Rule::Custom { .. }) => {
            with_default_score(tree, group, judge_error)
        }
        _ => judge_error,
    }
}

/// problemtools gives a legacy test with no score its group's `accept_score` or
/// `reject_score` (none in a pass-fail problem).
fn with_default_score(tree: &GroupTree, group: &Group, result: Scored) -> Scored {
    if result.score.is_some() || !tree.scoring {
        return result;
    }
    let score = if result.verdict.is_accepted() {
        group.settings.accept_score
    } else {
        group.settings.reject_score
    };
    Scored {
        verdict: result.verdict,
        score: Some(score),
    }
}

/// Whether `group`'s result is decided by the children judged so far (`so_far`, in order):
/// then its other children need not run. For a legacy group that is `on_reject: break` after
/// a rejected child (problemtools stops there); for a 2023-07 `pass-fail` group, any rejected
/// child (its score is 0); for a folder group folding by `min`, a rejected child (its fraction
/// is 0, the least there is).
pub fn is_decided(group: &Group, so_far: &[Scored]) -> bool {
    let rejected = so_far.iter().any(|r| !r.verdict.is_accepted());
    match &group.settings.rule {
        Rule::Default(_) | Rule::Custom { .. } => {
            rejected && group.settings.on_reject == OnReject::Break
        }
        Rule::Spec(spec) => rejected && spec.aggregation == SpecAggregation::PassFail,
        Rule::Points { aggregation, .. } => rejected && *aggregation == Aggregation::Min,
    }
}

/// `group`'s result from its children's, in judging order: the children that have a result
/// (an empty sub-group has none), up to where the group stopped.
pub fn fold(tree: &GroupTree, group: &Group, children: &[ChildResult]) -> Folded {
    if children.is_empty() {
        return Folded::Empty;
    }
    let results: Vec<Scored> = children.iter().map(|c| c.result).collect();
    // problemtools: a judge error below makes the group that child's result, unasked.
    if matches!(group.settings.rule, Rule::Default(_) | Rule::Custom { .. }) {
        if let Some(error) = results.iter().find(|r| r.verdict == Verdict::JudgeError) {
            return Folded::Done(*error);
        }
    }
    let scored = |verdict: Verdict, score: f64| Scored {
        verdict,
        score: tree.scoring.then_some(score),
    };
    match &group.settings.rule {
        Rule::Custom { flags } => Folded::RunGrader {
            input: grader_input(&results),
            args: flags.clone(),
        },
        Rule::Default(flags) => {
            let mut results = results.as_slice();
            if flags.ignore_sample {
                // The default grader asserts one or two children and keeps the last.
                if results.len() > 2 {
                    return Folded::Done(scored(Verdict::JudgeError, 0.0));
                }
                results = &results[results.len() - 1..];
            }
            let verdict = if flags.accept_if_any_accepted
                && results.iter().any(|r| r.verdict.is_accepted())
            {
                Verdict::Accepted
            } else {
                match flags.verdict {
                    // The worst by problemtools' rank; the first of the worst ones.
                    VerdictRule::WorstError => results
                        .iter()
                        .map(|r| r.verdict)
                        .min_by_key(|v| v.rank())
                        .unwrap_or(Verdict::Accepted),
                    VerdictRule::FirstError => results
                        .iter()
                        .map(|r| r.verdict)
                        .find(|v| !v.is_accepted())
                        .unwrap_or(Verdict::Accepted),
                    VerdictRule::AlwaysAccept => Verdict::Accepted,
                }
            };
            let scores = results.iter().map(Scored::score_or_zero);
            let score = match flags.score {
                ScoreRule::Sum => scores.sum(),
                ScoreRule::Avg => scores.sum::<f64>() / results.len() as f64,
                ScoreRule::Min => scores.fold(f64::INFINITY, f64::min),
                ScoreRule::Max => scores.fold(f64::NEG_INFINITY, f64::max),
            };
            Folded::Done(from_grader(verdict, score, tree.scoring))
        }
        Rule::Spec(spec) => {
            let verdict = first_error(&results);
            let scores = results.iter().map(Scored::score_or_zero);
            let score = match spec.aggregation {
                SpecAggregation::PassFail if verdict.is_accepted() => spec.max_score.unwrap_or(0.0),
                SpecAggregation::PassFail => 0.0,
                SpecAggregation::Sum => scores.sum(),
                SpecAggregation::Min => scores.fold(f64::INFINITY, f64::min),
            };
            if spec
                .max_score
                .is_some_and(|max| score > max * (1.0 + 1e-9) + 1e-9)
            {
                return Folded::Done(Scored {
                    verdict: Verdict::JudgeError,
                    score: None,
                });
            }
            Folded::Done(scored(verdict, score))
        }
        Rule::Points {
            points,
            aggregation,
        } => {
            let verdict = first_error(&results);
            let fractions = children.iter().map(|child| match child.max_score {
                Some(max) if max > 0.0 => (child.result.score_or_zero() / max).clamp(0.0, 1.0),
                _ => f64::from(u8::from(child.result.verdict.is_accepted())),
            });
            let fraction = match aggregation {
                Aggregation::Min => fractions.fold(1.0, f64::min),
                Aggregation::Sum => fractions.sum::<f64>() / children.len() as f64,
            };
            Folded::Done(scored(verdict, points * fraction))
        }
    }
}

fn first_error(results: &[Scored]) -> Verdict {
    results
        .iter()
        .map(|r| r.verdict)
        .find(|v| !v.is_accepted())
        .unwrap_or(Verdict::Accepted)
}

/// The default grader's answer as problemtools reads it: `%s %f`, which must match
/// `(AC|WA|TLE|RTE|MLE|OLE|JE) -?[0-9.]+` (so `PE`, `IF`, `inf` and `nan` are judge errors).
fn from_grader(verdict: Verdict, score: f64, scoring: bool) -> Scored {
    let printable = matches!(
        verdict,
        Verdict::Accepted
            | Verdict::WrongAnswer
            | Verdict::TimeLimitExceeded
            | Verdict::RuntimeError(_)
            | Verdict::MemoryLimitExceeded
            | Verdict::OutputLimitExceeded
            | Verdict::JudgeError
    );
    if !printable || !score.is_finite() {
        return Scored {
            verdict: Verdict::JudgeError,
            score: None,
        };
    }
    Scored {
        verdict,
        score: scoring.then(|| round_like_grader(score)),
    }
}

/// What a grader reads on its standard input: a line `VERDICT SCORE` per child (a missing
/// score written as 0, as problemtools writes it).
pub fn grader_input(children: &[Scored]) -> String {
    children
        .iter()
        .map(|r| format!("{} {}\n", r.verdict.problemtools_code(), r.score_or_zero()))
        .collect()
}

/// A grader's output as problemtools reads it: one `VERDICT SCORE` (verdict one of `AC WA
/// TLE RTE MLE OLE JE`, score `-?[0-9.]+`, nothing after but whitespace); anything else is a
/// judge error without a score.
pub fn parse_grader_output(output: &str, scoring: bool) -> Scored {
    let error = Scored {
        verdict: Verdict::JudgeError,
        score: None,
    };
    let mut words = output.split_whitespace();
    let (Some(code), Some(number), None) = (words.next(), words.next(), words.next()) else {
        return error;
    };
    let verdict = match Verdict::from_problemtools_code(code) {
        // `IF` is no verdict of judge's (see `Verdict`): like `PE`, a judge error here.
        Some(Verdict::PresentationError) | None => return error,
        Some(verdict) => verdict,
    };
    let digits = number.strip_prefix('-').unwrap_or(number);
    if output.starts_with(char::is_whitespace)
        || digits.is_empty()
        || !digits.chars().all(|c| c.is_ascii_digit() || c == '.')
    {
        return error;
    }
    match number.parse::<f64>() {
        Ok(score) => Scored {
            verdict,
            score: scoring.then_some(score),
        },
        Err(_) => error,
    }
}

/// A source of test results and custom grader answers for [`grade`].
pub trait Results {
    /// The run of `test`, or `None` if it has none (the tree's grading then fails, naming it).
    fn test(&mut self, test: &TestCase) -> Option<TestRun>;
    /// What the custom grader of `group` answers to `input` with `args`.
    fn custom_grader(&mut self, group: &Group, input: &str, args: &[String]) -> Scored;
}

/// The results of a whole tree, in problemtools' order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Graded {
    /// Each test judged, in judging order (a test shared by two groups appears twice).
    pub tests: Vec<(String, Scored)>,
    /// Each group with a result, children before parents, the root last.
    pub groups: Vec<(String, Scored)>,
    /// The root's result: the submission's verdict and score (`None` if no group had a test).
    pub total: Option<Scored>,
    /// The first test, in judging order, that its group's rules made a judge error, and why.
    pub first_judge_error: Option<(String, ScoreError)>,
}

impl Graded {
    pub fn group(&self, path: &str) -> Option<Scored> {
        self.groups
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, result)| *result)
    }

    /// The groups' results by path.
    pub fn by_path(&self) -> BTreeMap<&str, Scored> {
        self.groups
            .iter()
            .map(|(path, result)| (path.as_str(), *result))
            .collect()
    }
}

/// A test the tree needed and the results did not have.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("no result for test case {0}")]
pub struct MissingResult(pub String);

/// Every test accepted without a validator's score: a group's full marks. A custom grader
/// cannot be asked here, so its group has no maximum from this.
pub struct AllAccepted;

impl Results for AllAccepted {
    fn test(&mut self, _: &TestCase) -> Option<TestRun> {
        Some(TestRun {
            verdict: Verdict::Accepted,
            validator_score: None,
        })
    }

    fn custom_grader(&mut self, _: &Group, _: &str, _: &[String]) -> Scored {
        Scored {
            verdict: Verdict::JudgeError,
            score: None,
        }
    }
}

/// Grades the whole tree in judging order, children depth-first, stopping each group where it
/// is decided, as problemtools does.
pub fn grade(tree: &GroupTree, results: &mut dyn Results) -> Result<Graded, MissingResult> {
    let mut graded = Graded {
        tests: Vec::new(),
        groups: Vec::new(),
        total: None,
        first_judge_error: None,
    };
    graded.total = grade_group(tree, &tree.root, results, &mut graded)?;
    Ok(graded)
}

fn grade_group(
    tree: &GroupTree,
    group: &Group,
    results: &mut dyn Results,
    graded: &mut Graded,
) -> Result<Option<Scored>, MissingResult> {
    if let Some(unmet) = unmet_requirement(group, graded) {
        // Not judged: score 0, its test cases as if not accepted (the 2025-09 format's
        // group dependencies); its verdict is the required group's.
        let result = Scored {
            verdict: unmet,
            score: Some(0.0),
        };
        graded.groups.push((group.path.clone(), result));
        return Ok(Some(result));
    }
    let mut children = Vec::new();
    for child in &group.children {
        let child_result = match child {
            Child::Test(test) => {
                let run = results
                    .test(test)
                    .ok_or_else(|| MissingResult(test.path.clone()))?;
                let result = test_score(tree, group, test, run).unwrap_or_else(|error| {
                    graded
                        .first_judge_error
                        .get_or_insert_with(|| (test.path.clone(), error));
                    error_result(tree, group, error)
                });
                graded.tests.push((test.path.clone(), result));
                ChildResult {
                    result,
                    max_score: test.max_score,
                }
            }
            Child::Group(sub) => match grade_group(tree, sub, results, graded)? {
                Some(result) => ChildResult {
                    result,
                    max_score: max_score(sub),
                },
                None => continue,
            },
        };
        children.push(child_result);
        let so_far: Vec<Scored> = children.iter().map(|c| c.result).collect();
        if is_decided(group, &so_far) {
            break;
        }
    }
    let result = match fold(tree, group, &children) {
        Folded::Empty => return Ok(None),
        Folded::Done(result) => result,
        Folded::RunGrader { input, args } => results.custom_grader(group, &input, &args),
    };
    graded.groups.push((group.path.clone(), result));
    Ok(Some(result))
}

/// The verdict of the first group (or test case) a 2025-09 group's `require_pass` names that
/// was not accepted (a group graded earlier, as the format orders them; the names were
/// checked when the tree was read, so one without a result has no test cases and passes),
/// `None` when every one was.
fn unmet_requirement(group: &Group, graded: &Graded) -> Option<Verdict> {
    let Rule::Spec(scoring) = &group.settings.rule else {
        return None;
    };
    scoring.require_pass.iter().find_map(|required| {
        let found = graded
            .groups
            .iter()
            .chain(&graded.tests)
            .find(|(path, _)| path == required)
            .map(|(_, result)| result.verdict);
        match found {
            Some(verdict) if !verdict.is_accepted() => Some(verdict),
            _ => None,
        }
    })
}

/// A group's maximum score where its rule has one.
pub fn max_score(group: &Group) -> Option<f64> {
    match &group.settings.rule {
        Rule::Spec(spec) => spec.max_score,
        Rule::Points { points, .. } => Some(*points),
        Rule::Default(_) | Rule::Custom { .. } => None,
    }
}

/// The most a submission can score on `tree`, where the groups say it: the root's maximum
/// (2023-07), or the sum of a folder problem's groups' points (its root's range).
pub fn total_max_score(tree: &GroupTree) -> Option<f64> {
    max_score(&tree.root).or_else(|| {
        (tree.format == crate::scoring::Format::Folder).then_some(tree.root.settings.range.max)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::{Format, GraderFlags, ScoreRange, Settings, SpecScoring};
    use crate::verdict::Crash;

    fn settings(rule: Rule, on_reject: OnReject) -> Settings {
        Settings {
            rule,
            on_reject,
            accept_score: 1.0,
            reject_score: 0.0,
            range: ScoreRange::ANY,
            input_validator_flags: Vec::new(),
            input_validator_args_by_name: None,
            output_validator_flags: Vec::new(),
        }
    }

    fn flags(words: &str) -> Rule {
        let words: Vec<String> = words.split_whitespace().map(String::from).collect();
        Rule::Default(GraderFlags::parse(&words).0)
    }

    fn group(path: &str, rule: Rule, on_reject: OnReject, children: Vec<Child>) -> Group {
        Group {
            path: path.into(),
            settings: settings(rule, on_reject),
            origins: BTreeMap::new(),
            children,
        }
    }

    fn test(path: &str) -> Child {
        Child::Test(TestCase::of_data(path.into(), None))
    }

    fn tree(root: Group) -> GroupTree {
        GroupTree {
            format: Format::KattisLegacy,
            scoring: true,
            score_required: false,
            root,
        }
    }

    fn r(code: &str, score: f64) -> ChildResult {
        ChildResult {
            result: Scored::new(Verdict::from_problemtools_code(code).unwrap(), score),
            max_score: None,
        }
    }

    /// Folds `children` with the default grader's `flags` in a scoring problem.
    fn default_fold(words: &str, children: &[ChildResult]) -> Folded {
        let t = tree(group("", flags(words), OnReject::Continue, vec![]));
        fold(&t, &t.root, children)
    }

    fn done(code: &str, score: f64) -> Folded {
        Folded::Done(Scored::new(
            Verdict::from_problemtools_code(code).unwrap(),
            score,
        ))
    }

    #[test]
    fn default_flags_sum_scores_and_take_the_worst_verdict() {
        let children = [r("AC", 10.0), r("WA", 0.0), r("TLE", 0.0), r("AC", 5.0)];
        assert_eq!(default_fold("", &children), done("TLE", 15.0));
        assert_eq!(default_fold("worst_error", &children), done("TLE", 15.0));
        assert_eq!(default_fold("no_errors", &children), done("TLE", 15.0));
        assert_eq!(
            default_fold("", &[r("AC", 1.0), r("AC", 2.0)]),
            done("AC", 3.0)
        );
    }

    #[test]
    fn first_error_takes_the_first_rejection_in_order() {
        let children = [r("AC", 1.0), r("WA", 0.0), r("RTE", 0.0)];
        assert_eq!(default_fold("first_error", &children), done("WA", 1.0));
        assert_eq!(default_fold("", &children), done("RTE", 1.0));
    }

    #[test]
    fn worst_error_ranks_as_problemtools_and_takes_the_first_of_the_worst() {
        // problemtools: JE > IF > RTE > MLE > TLE > OLE > WA > PE > AC.
        let children = [
            r("AC", 1.0),
            r("WA", 0.0),
            r("OLE", 0.0),
            r("TLE", 0.0),
            r("MLE", 0.0),
            r("RTE", 0.0),
        ];
        for shift in 0..children.len() {
            let mut order = children;
            order.rotate_left(shift);
            assert_eq!(default_fold("", &order), done("RTE", 1.0));
        }
        assert_eq!(default_fold("", &children[..5]), done("MLE", 1.0));
        assert_eq!(default_fold("", &children[..4]), done("TLE", 1.0));
        assert_eq!(default_fold("", &children[..3]), done("OLE", 1.0));
        // Of verdicts that rank alike (two crashes), the first.
        let crash = |crash: Crash| ChildResult {
            result: Scored::new(Verdict::RuntimeError(crash), 0.0),
            max_score: None,
        };
        let (segfault, exit) = (crash(Crash::Signal(11)), crash(Crash::ExitCode(3)));
        let Folded::Done(worst) = default_fold("", &[r("WA", 0.0), segfault, exit]) else {
            panic!("a default grader's group is done");
        };
        assert_eq!(worst.verdict, segfault.result.verdict);
        // First error: the first that is not accepted, whatever its rank.
        let Folded::Done(first) = default_fold("first_error", &[r("AC", 0.0), exit, r("JE", 0.0)])
        else {
            panic!("a default grader's group is done");
        };
        assert_eq!(first.verdict, Verdict::JudgeError, "a judge error decides");
        let Folded::Done(first) = default_fold("first_error", &[r("AC", 0.0), exit, segfault])
        else {
            panic!("a default grader's group is done");
        };
        assert_eq!(first.verdict, exit.result.verdict);
    }

    #[test]
    fn a_custom_graders_if_is_a_judge_error_and_its_rte_names_no_crash() {
        let judge_error = Scored {
            verdict: Verdict::JudgeError,
            score: None,
        };
        assert_eq!(parse_grader_output("IF 0\n", true), judge_error);
        assert_eq!(parse_grader_output("IF 10", false), judge_error);
        assert_eq!(
            parse_grader_output("RTE 5", true),
            Scored::new(Verdict::RuntimeError(Crash::Unknown), 5.0)
        );
        // What a grader reads: problemtools' codes of the children's verdicts.
        let children = [
            Scored::new(Verdict::RuntimeError(Crash::Signal(11)), 0.0),
            Scored::new(Verdict::MemoryLimitExceeded, 0.0),
            Scored::new(Verdict::Accepted, 2.5),
        ];
        assert_eq!(grader_input(&children), "RTE 0\nMLE 0\nAC 2.5\n");
    }

    #[test]
    fn always_accept_accepts_whatever_the_children_got() {
        let children = [r("WA", 0.0), r("RTE", 3.0)];
        assert_eq!(default_fold("always_accept", &children), done("AC", 3.0));
    }

    #[test]
    fn accept_if_any_accepted_needs_one_accepted_child() {
        let flags = "first_error accept_if_any_accepted";
        assert_eq!(
            default_fold(flags, &[r("WA", 0.0), r("AC", 20.0)]),
            done("AC", 20.0)
        );
        assert_eq!(
            default_fold(flags, &[r("WA", 0.0), r("TLE", 0.0)]),
            done("WA", 0.0)
        );
    }

    #[test]
    fn score_rules_min_max_avg_sum() {
        let children = [r("AC", 20.0), r("AC", 5.0), r("AC", 11.0)];
        assert_eq!(default_fold("min", &children), done("AC", 5.0));
        assert_eq!(default_fold("max", &children), done("AC", 20.0));
        assert_eq!(default_fold("avg", &children), done("AC", 12.0));
        assert_eq!(default_fold("sum", &children), done("AC", 36.0));
        // The last score rule given wins, as in the grader's loop over its arguments.
        assert_eq!(default_fold("min max", &children), done("AC", 20.0));
    }

    #[test]
    fn scores_come_back_rounded_to_six_decimals() {
        let third = [r("AC", 1.0), r("AC", 0.0), r("AC", 0.0)];
        assert_eq!(default_fold("avg", &third), done("AC", 0.333333));
        assert_eq!(round_like_grader(2.0000004), 2.0);
        assert_eq!(round_like_grader(-1.5), -1.5);
    }

    #[test]
    fn ignore_sample_keeps_the_last_of_one_or_two_children() {
        assert_eq!(
            default_fold("ignore_sample", &[r("WA", 0.0), r("AC", 60.0)]),
            done("AC", 60.0)
        );
        assert_eq!(
            default_fold("ignore_sample", &[r("AC", 7.0)]),
            done("AC", 7.0)
        );
        // Three children fail the grader's assertion: it answers `JE 0`.
        assert_eq!(
            default_fold("ignore_sample", &[r("AC", 0.0), r("AC", 1.0), r("AC", 2.0)]),
            done("JE", 0.0)
        );
    }

    #[test]
    fn a_judge_error_child_is_the_group_result() {
        let children = [
            r("AC", 1.0),
            ChildResult {
                result: Scored {
                    verdict: Verdict::JudgeError,
                    score: None,
                },
                max_score: None,
            },
            r("JE", 4.0),
        ];
        assert_eq!(
            default_fold("always_accept", &children),
            Folded::Done(Scored {
                verdict: Verdict::JudgeError,
                score: None
            })
        );
    }

    #[test]
    fn verdicts_the_grader_protocol_lacks_are_judge_errors() {
        let children = [r("PE", 0.0), r("AC", 1.0)];
        assert_eq!(
            default_fold("", &children),
            Folded::Done(Scored {
                verdict: Verdict::JudgeError,
                score: None
            })
        );
    }

    #[test]
    fn an_empty_group_has_no_result_and_is_left_out() {
        assert_eq!(default_fold("", &[]), Folded::Empty);
        assert_eq!(default_fold("min", &[]), Folded::Empty);
        // The parent folds the others only: the identity, not "accepted".
        let root = group(
            "",
            flags("min"),
            OnReject::Continue,
            vec![
                Child::Group(group("a", flags(""), OnReject::Continue, vec![])),
                Child::Group(group("b", flags(""), OnReject::Continue, vec![test("b/1")])),
            ],
        );
        let t = tree(root);
        let graded = grade(&t, &mut Fixed::new(&[("b/1", "WA", None)])).unwrap();
        assert_eq!(graded.group("a"), None);
        assert_eq!(graded.total, Some(Scored::new(Verdict::WrongAnswer, 0.0)));
        // A tree with no test anywhere has no result at all.
        let t = tree(group("", flags(""), OnReject::Continue, vec![]));
        let graded = grade(&t, &mut Fixed::new(&[])).unwrap();
        assert_eq!(graded.total, None);
    }

    /// Results from a table; a custom grader that answers with a fixed line.
    struct Fixed(BTreeMap<String, TestRun>, String);

    impl Fixed {
        fn new(rows: &[(&str, &str, Option<ValidatorScore>)]) -> Fixed {
            Fixed(
                rows.iter()
                    .map(|(path, code, score)| {
                        (
                            path.to_string(),
                            TestRun {
                                verdict: Verdict::from_problemtools_code(code).unwrap(),
                                validator_score: *score,
                            },
                        )
                    })
                    .collect(),
                String::new(),
            )
        }
    }

    impl Results for Fixed {
        fn test(&mut self, test: &TestCase) -> Option<TestRun> {
            self.0.get(&test.path).copied()
        }
        fn custom_grader(&mut self, _: &Group, input: &str, args: &[String]) -> Scored {
            self.1 = format!("{}|{input}", args.join(" "));
            parse_grader_output("WA 7.5\n", true)
        }
    }

    /// The layout of the olympiad packages: samples worth 0, subtasks graded by `min` and
    /// stopped at the first failure, `secret` by `first_error accept_if_any_accepted`, the
    /// root ignoring the samples.
    fn olympiad() -> GroupTree {
        let mut sample = group(
            "sample",
            flags("first_error"),
            OnReject::Continue,
            vec![test("sample/1"), test("sample/2")],
        );
        sample.settings.accept_score = 0.0;
        let subtask = |name: &str, points: f64, tests: &[&str]| {
            let mut g = group(
                &format!("secret/{name}"),
                flags("min"),
                OnReject::Break,
                tests
                    .iter()
                    .map(|t| test(&format!("secret/{name}/{t}")))
                    .collect(),
            );
            g.settings.accept_score = points;
            Child::Group(g)
        };
        let secret = group(
            "secret",
            flags("first_error accept_if_any_accepted"),
            OnReject::Continue,
            vec![
                subtask("g1", 30.0, &["1", "2"]),
                subtask("g2", 70.0, &["1", "2", "3"]),
            ],
        );
        tree(group(
            "",
            flags("ignore_sample"),
            OnReject::Continue,
            vec![Child::Group(sample), Child::Group(secret)],
        ))
    }

    #[test]
    fn nested_groups_fold_bottom_up_and_break_at_the_first_failure() {
        let t = olympiad();
        let mut results = Fixed::new(&[
            ("sample/1", "AC", None),
            ("sample/2", "WA", None),
            ("secret/g1/1", "AC", None),
            ("secret/g1/2", "AC", None),
            ("secret/g2/1", "AC", None),
            ("secret/g2/2", "TLE", None),
            // secret/g2/3 has no result: the group stopped before it.
        ]);
        let graded = grade(&t, &mut results).unwrap();
        assert_eq!(
            graded.group("sample"),
            Some(Scored::new(Verdict::WrongAnswer, 0.0))
        );
        assert_eq!(
            graded.group("secret/g1"),
            Some(Scored::new(Verdict::Accepted, 30.0))
        );
        assert_eq!(
            graded.group("secret/g2"),
            Some(Scored::new(Verdict::TimeLimitExceeded, 0.0))
        );
        assert_eq!(
            graded.group("secret"),
            Some(Scored::new(Verdict::Accepted, 30.0))
        );
        assert_eq!(graded.total, Some(Scored::new(Verdict::Accepted, 30.0)));
        let order: Vec<&str> = graded.groups.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(order, ["sample", "secret/g1", "secret/g2", "secret", ""]);
        assert_eq!(graded.tests.len(), 6);
        // Needing a test it does not have is an error naming the test.
        let mut short = Fixed::new(&[("sample/1", "AC", None)]);
        assert_eq!(
            grade(&t, &mut short).unwrap_err(),
            MissingResult("sample/2".into())
        );
    }

    #[test]
    fn on_reject_break_decides_a_group_and_continue_does_not() {
        let t = olympiad();
        let g2 = t.root.find("secret/g2").unwrap();
        let wa = Scored::new(Verdict::WrongAnswer, 0.0);
        let ac = Scored::new(Verdict::Accepted, 70.0);
        assert!(!is_decided(g2, &[ac]));
        assert!(is_decided(g2, &[ac, wa]));
        let secret = t.root.find("secret").unwrap();
        assert!(!is_decided(secret, &[wa, wa]));
    }

    #[test]
    fn validator_scores_replace_accept_score_and_are_errors_on_rejections() {
        let t = olympiad();
        let g1 = t.root.find("secret/g1").unwrap();
        let case = TestCase::of_data("secret/g1/1".into(), None);
        let run = |code: &str, score: Option<ValidatorScore>| TestRun {
            verdict: Verdict::from_problemtools_code(code).unwrap(),
            validator_score: score,
        };
        assert_eq!(
            test_result(&t, g1, &case, run("AC", None)),
            Scored::new(Verdict::Accepted, 30.0)
        );
        assert_eq!(
            test_result(&t, g1, &case, run("WA", None)),
            Scored::new(Verdict::WrongAnswer, 0.0)
        );
        assert_eq!(
            test_result(&t, g1, &case, run("AC", Some(ValidatorScore::Score(12.5)))),
            Scored::new(Verdict::Accepted, 12.5)
        );
        // score.txt on a wrong answer: a judge error, given the reject score.
        assert_eq!(
            test_result(&t, g1, &case, run("WA", Some(ValidatorScore::Score(1.0)))),
            Scored::new(Verdict::JudgeError, 0.0)
        );
        // A multiplier is 2023-07's; a legacy package cannot use it.
        assert_eq!(
            test_result(
                &t,
                g1,
                &case,
                run("AC", Some(ValidatorScore::Multiplier(0.5)))
            )
            .verdict,
            Verdict::JudgeError
        );
        // `validation: custom score`: an accepted test without score.txt is a judge error
        // (problemtools), a rejected one is not asked for one.
        let mut required = t.clone();
        required.score_required = true;
        let g1 = required.root.find("secret/g1").unwrap();
        assert_eq!(
            test_result(&required, g1, &case, run("AC", None)),
            Scored::new(Verdict::JudgeError, 0.0)
        );
        // Each judge error says why.
        assert_eq!(
            test_score(&required, g1, &case, run("AC", None)),
            Err(ScoreError::ScoreMissing)
        );
        assert_eq!(
            test_score(&t, g1, &case, run("WA", Some(ValidatorScore::Score(1.0)))),
            Err(ScoreError::ScoreOnRejected)
        );
        assert_eq!(
            test_result(&required, g1, &case, run("WA", None)),
            Scored::new(Verdict::WrongAnswer, 0.0)
        );
        assert_eq!(
            test_result(
                &required,
                g1,
                &case,
                run("AC", Some(ValidatorScore::Score(7.0)))
            ),
            Scored::new(Verdict::Accepted, 7.0)
        );
    }

    #[test]
    fn a_custom_grader_gets_the_children_as_lines() {
        let root = group(
            "",
            Rule::Custom {
                flags: vec!["x".into()],
            },
            OnReject::Continue,
            vec![test("1"), test("2")],
        );
        let t = tree(root);
        let mut results = Fixed::new(&[("1", "AC", None), ("2", "WA", None)]);
        let graded = grade(&t, &mut results).unwrap();
        assert_eq!(results.1, "x|AC 1\nWA 0\n");
        assert_eq!(graded.total, Some(Scored::new(Verdict::WrongAnswer, 7.5)));
    }

    #[test]
    fn grader_output_is_read_as_problemtools_reads_it() {
        assert_eq!(
            parse_grader_output("AC 12.500000\n", true),
            Scored::new(Verdict::Accepted, 12.5)
        );
        assert_eq!(
            parse_grader_output("TLE -3", true),
            Scored::new(Verdict::TimeLimitExceeded, -3.0)
        );
        for bad in [
            "", "AC", "AC 1 2", "PE 1", "XX 1", "AC 1e5", "AC inf", " AC 1", "AC -",
        ] {
            assert_eq!(
                parse_grader_output(bad, true),
                Scored {
                    verdict: Verdict::JudgeError,
                    score: None
                },
                "{bad:?}"
            );
        }
        assert_eq!(
            grader_input(&[Scored {
                verdict: Verdict::JudgeError,
                score: None
            }]),
            "JE 0\n"
        );
    }

    #[test]
    fn a_pass_fail_problem_has_verdicts_without_scores() {
        let mut t = olympiad();
        t.scoring = false;
        let mut results = Fixed::new(&[
            ("sample/1", "AC", None),
            ("sample/2", "AC", None),
            ("secret/g1/1", "AC", None),
            ("secret/g1/2", "WA", None),
            ("secret/g2/1", "AC", None),
            ("secret/g2/2", "AC", None),
            ("secret/g2/3", "AC", None),
        ]);
        let graded = grade(&t, &mut results).unwrap();
        assert_eq!(
            graded.group("secret/g1"),
            Some(Scored {
                verdict: Verdict::WrongAnswer,
                score: None
            })
        );
    }

    fn spec(aggregation: SpecAggregation, max: Option<f64>) -> Rule {
        Rule::Spec(SpecScoring {
            aggregation,
            max_score: max,
            require_pass: Vec::new(),
        })
    }

    #[test]
    fn spec_groups_sum_min_and_pass_fail() {
        let capped = |max: f64| ChildResult {
            result: Scored::new(Verdict::Accepted, max),
            max_score: Some(max),
        };
        let wa = ChildResult {
            result: Scored::new(Verdict::WrongAnswer, 0.0),
            max_score: Some(10.0),
        };
        let fold_with = |rule: Rule, children: &[ChildResult]| {
            let t = GroupTree {
                format: Format::Kattis2023,
                scoring: true,
                score_required: false,
                root: group("secret", rule, OnReject::Continue, vec![]),
            };
            fold(&t, &t.root, children)
        };
        assert_eq!(
            fold_with(spec(SpecAggregation::Sum, Some(100.0)), &[capped(40.0), wa]),
            done("WA", 40.0)
        );
        assert_eq!(
            fold_with(
                spec(SpecAggregation::Min, Some(50.0)),
                &[capped(50.0), capped(20.0)]
            ),
            done("AC", 20.0)
        );
        assert_eq!(
            fold_with(
                spec(SpecAggregation::PassFail, Some(25.0)),
                &[capped(1.0), wa]
            ),
            done("WA", 0.0)
        );
        assert_eq!(
            fold_with(spec(SpecAggregation::PassFail, Some(25.0)), &[capped(1.0)]),
            done("AC", 25.0)
        );
        // A score over the group's maximum is a judge error.
        assert_eq!(
            fold_with(
                spec(SpecAggregation::Sum, Some(10.0)),
                &[capped(8.0), capped(8.0)]
            ),
            Folded::Done(Scored {
                verdict: Verdict::JudgeError,
                score: None
            })
        );
    }

    #[test]
    fn require_pass_scores_a_group_only_when_the_groups_it_names_pass() {
        let required = |names: &[&str]| {
            Rule::Spec(SpecScoring {
                aggregation: SpecAggregation::PassFail,
                max_score: Some(60.0),
                require_pass: names.iter().map(|n| n.to_string()).collect(),
            })
        };
        let t = |names: &[&str]| GroupTree {
            format: Format::Kattis2023,
            scoring: true,
            score_required: false,
            root: group(
                "",
                spec(SpecAggregation::Sum, None),
                OnReject::Continue,
                vec![
                    Child::Group(group(
                        "sample",
                        spec(SpecAggregation::PassFail, Some(0.0)),
                        OnReject::Continue,
                        vec![test("sample/1")],
                    )),
                    Child::Group(group(
                        "secret",
                        spec(SpecAggregation::Sum, Some(100.0)),
                        OnReject::Continue,
                        vec![
                            Child::Group(group(
                                "secret/g1",
                                spec(SpecAggregation::PassFail, Some(40.0)),
                                OnReject::Continue,
                                vec![test("secret/g1/1")],
                            )),
                            Child::Group(group(
                                "secret/g2",
                                required(names),
                                OnReject::Continue,
                                vec![test("secret/g2/1")],
                            )),
                        ],
                    )),
                ],
            ),
        };
        let rows = |g1: &str| {
            Fixed::new(&[
                ("sample/1", "AC", None),
                ("secret/g1/1", g1, None),
                ("secret/g2/1", "AC", None),
            ])
        };
        let g2 = |names: &[&str], g1: &str| {
            grade(&t(names), &mut rows(g1))
                .unwrap()
                .group("secret/g2")
                .unwrap()
        };
        assert_eq!(g2(&[], "WA"), Scored::new(Verdict::Accepted, 60.0));
        assert_eq!(
            g2(&["sample", "secret/g1"], "AC"),
            Scored::new(Verdict::Accepted, 60.0)
        );
        assert_eq!(
            g2(&["sample", "secret/g1"], "WA"),
            Scored::new(Verdict::WrongAnswer, 0.0)
        );
        // A group without a result (no test cases) has nothing to fail.
        assert_eq!(
            g2(&["secret/g0"], "WA"),
            Scored::new(Verdict::Accepted, 60.0)
        );
    }

    #[test]
    fn spec_tests_score_their_maximum_a_multiplier_of_it_or_score_txt() {
        let t = GroupTree {
            format: Format::Kattis2023,
            scoring: true,
            score_required: false,
            root: group(
                "secret",
                spec(SpecAggregation::Sum, Some(100.0)),
                OnReject::Continue,
                vec![],
            ),
        };
        let case = |max: Option<f64>| TestCase::of_data("secret/1".into(), max);
        let ac = |score| TestRun {
            verdict: Verdict::Accepted,
            validator_score: score,
        };
        assert_eq!(
            test_result(&t, &t.root, &case(Some(20.0)), ac(None)),
            Scored::new(Verdict::Accepted, 20.0)
        );
        assert_eq!(
            test_result(
                &t,
                &t.root,
                &case(Some(20.0)),
                ac(Some(ValidatorScore::Multiplier(0.25)))
            ),
            Scored::new(Verdict::Accepted, 5.0)
        );
        assert_eq!(
            test_result(
                &t,
                &t.root,
                &case(None),
                ac(Some(ValidatorScore::Score(123.0)))
            ),
            Scored::new(Verdict::Accepted, 123.0)
        );
        // Unbounded without score.txt, a multiplier over 1, a multiplier without a maximum.
        for (max, score) in [
            (None, None),
            (Some(20.0), Some(ValidatorScore::Multiplier(1.5))),
            (None, Some(ValidatorScore::Multiplier(0.5))),
            (Some(20.0), Some(ValidatorScore::Score(21.0))),
        ] {
            assert_eq!(
                test_result(&t, &t.root, &case(max), ac(score)).verdict,
                Verdict::JudgeError
            );
        }
        let wa = TestRun {
            verdict: Verdict::WrongAnswer,
            validator_score: None,
        };
        assert_eq!(
            test_result(&t, &t.root, &case(Some(20.0)), wa),
            Scored::new(Verdict::WrongAnswer, 0.0)
        );
    }
}
