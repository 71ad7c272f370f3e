//! judge's scoring against problemtools' on real scoring packages: problemtools' own results
//! of every test case (recorded by `bench/packages/reference_scores.py`) are fed through
//! judge's group tree of the package and its aggregation, and every group's verdict and score
//! and the submission's total must come out as problemtools' did.
//!
//! A comparison harness, not a test of the suite (the packages and problemtools' results,
//! hours of verifyproblem, are kept outside the repository and CI cannot fetch them), run by
//! hand where they are:
//!
//!     JUDGE_PACKAGES=DIR JUDGE_SCORING_REFERENCE=REF \
//!         cargo run --release --example scoring_reference
//!
//! It prints how many submissions of each package agree and every difference, and exits 1
//! when one differs.

use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;

use judge::files::Folder;
use judge::scoring::aggregate::{self, Results, TestRun, ValidatorScore};
use judge::scoring::kattis::{self, PackageFacts};
use judge::scoring::{Group, Scored, TestCase, Verdict};
use serde::Deserialize;

#[derive(Deserialize)]
struct Reference {
    package: String,
    submissions: Vec<Submission>,
}

#[derive(Deserialize)]
struct Submission {
    submission: String,
    verdict: String,
    score: Option<f64>,
    tests: Vec<Row>,
    groups: Vec<Row>,
}

#[derive(Deserialize)]
struct Row {
    path: String,
    verdict: String,
    score: Option<f64>,
}

/// problemtools' results of one submission's test cases, by path, in the order it used them.
struct Recorded(BTreeMap<String, VecDeque<TestRun>>);

impl Results for Recorded {
    fn test(&mut self, test: &TestCase) -> Option<TestRun> {
        let queue = self.0.get_mut(&test.path)?;
        // A test case judged twice (two groups sharing it) was recorded twice.
        if queue.len() > 1 {
            queue.pop_front()
        } else {
            queue.front().copied()
        }
    }
    fn custom_grader(&mut self, group: &Group, _: &str, _: &[String]) -> Scored {
        panic!(
            "group {} has a custom grader: not in these packages",
            group.path
        )
    }
}

fn verdict(code: &str) -> Verdict {
    Verdict::from_code(code).unwrap_or_else(|| panic!("problemtools verdict {code:?}"))
}

fn env_dir(name: &str) -> PathBuf {
    let dir = std::env::var_os(name).unwrap_or_else(|| {
        panic!("this harness needs the fetched packages and problemtools' results: set {name} (see the file's comment)")
    });
    PathBuf::from(dir)
}

fn same(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.abs().max(1.0),
        (None, None) => true,
        _ => false,
    }
}

fn show(verdict: &str, score: Option<f64>) -> String {
    match score {
        Some(score) => format!("{verdict} {score}"),
        None => verdict.to_string(),
    }
}

/// Compares one submission, giving the differences (none when judge agrees).
fn compare(tree: &judge::scoring::GroupTree, submission: &Submission) -> Vec<String> {
    let mut recorded = Recorded(BTreeMap::new());
    for row in &submission.tests {
        recorded
            .0
            .entry(row.path.clone())
            .or_default()
            .push_back(TestRun {
                verdict: verdict(&row.verdict),
                validator_score: row.score.map(ValidatorScore::Score),
            });
    }
    let graded = match aggregate::grade(tree, &mut recorded) {
        Ok(graded) => graded,
        Err(missing) => {
            return vec![format!(
                "judge needs a result problemtools did not make: {missing}"
            )]
        }
    };
    let mut differences = Vec::new();
    let ours: Vec<(&str, Scored)> = graded
        .groups
        .iter()
        .map(|(p, r)| (p.as_str(), *r))
        .collect();
    let theirs: Vec<&Row> = submission.groups.iter().collect();
    if ours.len() != theirs.len() {
        differences.push(format!(
            "judge graded {} groups, problemtools {}: {:?} vs {:?}",
            ours.len(),
            theirs.len(),
            ours.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
            theirs.iter().map(|r| r.path.as_str()).collect::<Vec<_>>()
        ));
    }
    for ((path, result), row) in ours.iter().zip(&theirs) {
        if *path != row.path
            || result.verdict.code() != row.verdict
            || !same(result.score, row.score)
        {
            differences.push(format!(
                "group {path:?}: judge {}, problemtools {:?} {}",
                show(result.verdict.code(), result.score),
                row.path,
                show(&row.verdict, row.score)
            ));
        }
    }
    match graded.total {
        Some(total)
            if total.verdict.code() == submission.verdict
                && same(total.score, submission.score) => {}
        total => differences.push(format!(
            "total: judge {:?}, problemtools {}",
            total.map(|t| show(t.verdict.code(), t.score)),
            show(&submission.verdict, submission.score)
        )),
    }
    differences
}

fn main() -> std::process::ExitCode {
    let packages = env_dir("JUDGE_PACKAGES");
    let references = env_dir("JUDGE_SCORING_REFERENCE");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&references)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no JSON files in {}",
        references.display()
    );
    let (mut total, mut agreeing) = (0, 0);
    let mut report = Vec::new();
    for file in files {
        let reference: Reference =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let root = packages.join(&reference.package);
        let yaml = root.join("problem.yaml");
        let facts =
            PackageFacts::from_problem_yaml(&yaml, &std::fs::read_to_string(&yaml).unwrap())
                .unwrap_or_else(|e| panic!("{e}"));
        let tree =
            kattis::read(&Folder::new(&root).unwrap(), &facts).unwrap_or_else(|e| panic!("{e}"));
        let mut same_here = 0;
        for submission in &reference.submissions {
            let differences = compare(&tree, submission);
            total += 1;
            if differences.is_empty() {
                agreeing += 1;
                same_here += 1;
            } else {
                report.push(format!("{} {}:", reference.package, submission.submission));
                report.extend(differences.iter().map(|d| format!("    {d}")));
            }
        }
        println!(
            "{}: {same_here} of {} submissions agree",
            reference.package,
            reference.submissions.len()
        );
    }
    println!("all: {agreeing} of {total} submissions agree with problemtools");
    if total == 0 || !report.is_empty() {
        eprintln!("differences:\n{}", report.join("\n"));
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}
