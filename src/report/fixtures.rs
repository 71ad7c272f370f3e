//! Fixed gradings for the reports' snapshot tests: the engine's (`judge_engine::grade::fixtures`)
//! and the groups' table of four submissions, every value written out, so a snapshot changes
//! only when a report's format does.

pub use judge_engine::grade::fixtures::*;
use judge_engine::grade::many::Scoreboard;

/// Four submissions on [`group_tree`], their tests' facts written out and their groups
/// graded by `scoring::aggregate::grade` from them (limit 1000 ms):
/// - `accepted/fast.cpp`: every test accepted, 100 points;
/// - `partially_accepted/slow.py`: group 2's second test over the limit but finished in
///   1500 ms (a limit x 2 would accept it: 30 more points), group 3's large tests accepted
///   in 700 ms then a wrong answer: 20 + 20 = 40 points;
/// - `wrong_answer/greedy.cpp`: a wrong answer on group 1's first test (its second not run),
///   the rest accepted: 80 points;
/// - `compile_error/broken.cpp`: not graded.
pub fn group_submissions() -> Vec<crate::report::groups::SubmissionFacts> {
    use crate::report::groups::{SubmissionFacts, TestFacts};
    use judge_core::scoring::aggregate::{self, Results, TestRun};
    use judge_core::scoring::{Group, Scored, TestCase};
    use judge_core::verdict::Verdict as V;
    use std::collections::BTreeMap;

    struct Facts<'a>(&'a BTreeMap<String, TestFacts>);
    impl Results for Facts<'_> {
        fn test(&mut self, test: &TestCase) -> Option<TestRun> {
            self.0.get(&test.path).map(|f| f.run)
        }
        fn custom_grader(&mut self, _: &Group, _: &str, _: &[String]) -> Scored {
            unreachable!("the package has no custom grader")
        }
    }
    let tree = group_tree();
    let facts = |tests: &[(&str, V, u64, bool)]| -> BTreeMap<String, TestFacts> {
        tests
            .iter()
            .map(|&(path, verdict, cpu_ms, stopped)| {
                let facts = TestFacts {
                    run: TestRun {
                        verdict,
                        validator_score: None,
                    },
                    cpu_ms,
                    wall_ms: cpu_ms + cpu_ms / 10 + 3,
                    stopped,
                };
                (path.to_string(), facts)
            })
            .collect()
    };
    let all = [
        "sample/1",
        "secret/group1/1",
        "secret/group1/2",
        "secret/group2/1",
        "secret/group2/2",
        "secret/group2/3",
        "secret/group3/large/1",
        "secret/group3/large/2",
        "secret/group3/small/1",
        "secret/group3/small/2",
    ];
    let fast: Vec<_> = all
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, V::Accepted, 2 + i as u64, false))
        .collect();
    let slow = [
        ("sample/1", V::Accepted, 40, false),
        ("secret/group1/1", V::Accepted, 120, false),
        ("secret/group1/2", V::Accepted, 130, false),
        ("secret/group2/1", V::Accepted, 300, false),
        ("secret/group2/2", V::TimeLimitExceeded, 1500, false),
        ("secret/group3/large/1", V::Accepted, 700, false),
        ("secret/group3/large/2", V::WrongAnswer, 650, false),
        ("secret/group3/small/1", V::Accepted, 90, false),
        ("secret/group3/small/2", V::Accepted, 80, false),
    ];
    let greedy = [
        ("sample/1", V::Accepted, 1, false),
        ("secret/group1/1", V::WrongAnswer, 3, false),
        ("secret/group2/1", V::Accepted, 5, false),
        ("secret/group2/2", V::Accepted, 6, false),
        ("secret/group2/3", V::Accepted, 4, false),
        ("secret/group3/large/1", V::Accepted, 9, false),
        ("secret/group3/large/2", V::Accepted, 8, false),
        ("secret/group3/small/1", V::Accepted, 2, false),
        ("secret/group3/small/2", V::Accepted, 2, false),
    ];
    let submission = |name: &str, language: &str, tests: BTreeMap<String, TestFacts>| {
        let graded = aggregate::grade(&tree, &mut Facts(&tests)).unwrap();
        SubmissionFacts {
            name: name.into(),
            language: language.into(),
            time_limit_ms: 1000,
            graded: Ok(graded),
            tests,
        }
    };
    vec![
        submission("accepted/fast.cpp", "C++17 (g++)", facts(&fast)),
        submission(
            "partially_accepted/slow.py",
            "Python 3 (PyPy)",
            facts(&slow),
        ),
        submission("wrong_answer/greedy.cpp", "C++17 (g++)", facts(&greedy)),
        SubmissionFacts {
            name: "compile_error/broken.cpp".into(),
            language: "C++17 (g++)".into(),
            time_limit_ms: 1000,
            graded: Err("compile error: expected ';' before 'return'".into()),
            tests: BTreeMap::new(),
        },
    ]
}

/// The group table of [`group_submissions`] on [`group_tree`], near the limit at x 2.
pub fn group_table() -> crate::report::groups::GroupTable {
    crate::report::groups::build("grouptable", &group_tree(), 2.0, &group_submissions())
}

/// The group table of [`group_submissions`] under the names of [`scoreboard`]'s submissions,
/// in reverse name order (only the order and the layout of a scored scoreboard are checked
/// with it: the facts are not those of the scoreboard's runs): the last by name scores most,
/// one has no row in the table and comes last.
pub fn group_table_of_scoreboard(scoreboard: &Scoreboard) -> crate::report::groups::GroupTable {
    let mut facts = group_submissions();
    let names = scoreboard.submissions.iter().map(|r| r.name.clone());
    for (facts, name) in facts.iter_mut().zip(names.rev()) {
        facts.name = name;
    }
    crate::report::groups::build("boj12100", &group_tree(), 2.0, &facts)
}
