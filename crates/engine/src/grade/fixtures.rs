//! Fixed gradings for the reports' snapshot tests: every value is written out, so a snapshot
//! changes only when a report's format does.

use crate::grade::many::{GradeStarted, Graded, GradedSubmission, Scoreboard};
use crate::grade::outcome::{Detail, GameDetail, Outcome, RunDetail, RunSummary, TestDetail};
use crate::grade::verify::{Checked, VerifyRow, VerifySummary};
use crate::grade::{AppliedLimits, RunIdentity, Started, Unit};
use crate::interact::TranscriptLine;
use judge_core::plan::{PlanIdentity, PlanUnit, Shard};
use judge_core::stats;
use judge_core::verdict::{Crash, Verdict};

fn limits() -> AppliedLimits {
    AppliedLimits {
        cpu_ms: 1000,
        wall_ms: 3000,
        memory_kib: 512 * 1024,
        output_kib: 64 * 1024,
    }
}

fn protections() -> Vec<String> {
    ["process-group", "memory-cgroup", "pid-namespace"]
        .map(String::from)
        .to_vec()
}

/// The identity of a whole run (`shard: None`) or of one shard's part.
pub fn run(unit: PlanUnit, units: usize, shard: Option<Shard>) -> RunIdentity {
    RunIdentity {
        judge_version: "0.1.0".into(),
        plan: PlanIdentity {
            unit,
            units,
            stops_at_first_failure: true,
            digest: "5d41402abc4b2a76b9719d911017c592".into(),
        },
        shard,
    }
}

pub fn started(unit: Unit, count: usize) -> Started {
    Started {
        problem: "boj12100".into(),
        solution: "solutions/boj12100/wrong_answer/double_merge.cpp".into(),
        language: "C++17 (g++)".into(),
        unit,
        count,
        shard: None,
        seed: 20261121,
        jobs: 2,
        cached: false,
        compile_ms: 812,
        board: None,
    }
}

/// The start of the games of `games_summary`, with the board its problem's view draws.
pub fn games_started() -> Started {
    Started {
        problem: "boj28489".into(),
        solution: "ai.cpp".into(),
        board: judge_core::problems::interactive_problem("boj28489")
            .and_then(|game| game.replayer())
            .and_then(|replayer| replayer.page_board()),
        ..started(Unit::Games, 3)
    }
}

fn test(name: &str, verdict: Verdict, cpu_ms: u64) -> Outcome {
    Outcome {
        verdict,
        verdict_detail: verdict.describe(),
        cpu_ms,
        wall_ms: cpu_ms + 1,
        wait_ms: 0,
        peak_kib: 3481,
        disturbed: false,
        message: None,
        stderr_head: String::new(),
        facts: None,
        detail: Detail::Test(TestDetail {
            name: name.into(),
            input_head: "3\n2 2 2\n4 4 4\n8 8 8\n".into(),
            input_bytes: 22,
            expected_head: Some("16\n".into()),
            received_head: "16\n".into(),
            received_bytes: 3,
            reproduce: Some(format!(
                "judge gen boj12100 --seed 20261121 --index {cpu_ms}"
            )),
            validator_score: None,
            visual: Vec::new(),
            same_as: None,
        }),
    }
}

pub fn batch_summary() -> RunSummary {
    let mut busy = test("random-001", Verdict::Accepted, 4);
    busy.wall_ms = 420;
    busy.wait_ms = 380;
    busy.disturbed = true;
    let mut wrong = test("random-002", Verdict::WrongAnswer, 2);
    wrong.message = Some("token 1 (line 1): expected \"16\", received \"32\"".into());
    if let Some(test) = wrong.test_mut() {
        test.received_head = "32\n".into();
    }
    wrong.stderr_head = "debug: merged twice\n".into();
    RunSummary {
        problem: "boj12100".into(),
        solution: "solutions/boj12100/wrong_answer/double_merge.cpp".into(),
        language: "C++17 (g++)".into(),
        verdict: Verdict::WrongAnswer,
        seed: 20261121,
        limits: limits(),
        protections: protections(),
        compile_message: None,
        outcomes: vec![test("official-1", Verdict::Accepted, 1), busy, wrong],
        tally: None,
        run: run(PlanUnit::Tests, 37, None),
        detail: RunDetail::Tests {
            timing_warning: None,
            tests_planned: 37,
            groups: None,
            group_tree: None,
        },
    }
}

/// Tests that failed by their runs' facts (`--all`), each with the reason `verdict::reason`
/// gives it.
pub fn failed_runs_summary() -> RunSummary {
    let mut crashed = test("random-001", Verdict::RuntimeError(Crash::ExitCode(1)), 12);
    crashed.message = Some(
        "exit code 1; standard error ends: print(x[5]) | ~^^^ | IndexError: list index out of \
         range"
            .into(),
    );
    let mut segfault = test("random-002", Verdict::RuntimeError(Crash::Signal(11)), 0);
    segfault.message = Some("killed by SIGSEGV (signal 11); nothing on standard error".into());
    let mut slow = test("random-003", Verdict::TimeLimitExceeded, 1004);
    slow.wall_ms = 1032;
    slow.message = Some(
        "CPU 1004 ms of 1000 ms, wall 1032 ms of 3000 ms: stopped at the CPU time limit".into(),
    );
    let mut big = test("random-004", Verdict::MemoryLimitExceeded, 310);
    big.peak_kib = 512 * 1024;
    big.message = Some("peak 512.0 MiB of 512.0 MiB: stopped at the memory limit".into());
    RunSummary {
        verdict: Verdict::RuntimeError(Crash::ExitCode(1)),
        outcomes: vec![crashed, segfault, slow, big],
        detail: RunDetail::Tests {
            timing_warning: None,
            tests_planned: 4,
            groups: None,
            group_tree: None,
        },
        ..batch_summary()
    }
}

pub fn compile_error_summary() -> RunSummary {
    RunSummary {
        verdict: Verdict::CompileError,
        compile_message: Some("solution.c:5:5: error: expected ';' before 'printf'".into()),
        protections: Vec::new(),
        outcomes: Vec::new(),
        ..batch_summary()
    }
}

fn game(game: u64, score: u64, verdict: Verdict) -> Outcome {
    Outcome {
        cpu_ms: 20 + game,
        wall_ms: 50 + game,
        wait_ms: 0,
        disturbed: false,
        peak_kib: 8192,
        verdict,
        verdict_detail: verdict.describe(),
        message: (!verdict.is_accepted())
            .then(|| "round 3: \"SIDEWAYS\" is not UP, DOWN, LEFT or RIGHT".into()),
        stderr_head: String::new(),
        facts: None,
        detail: Detail::Game(game_detail(game, score, verdict)),
    }
}

fn game_detail(game: u64, score: u64, verdict: Verdict) -> GameDetail {
    GameDetail {
        seed: 20261121,
        game,
        score,
        moves: score / 4,
        interaction_us: 30_000,
        transcript: vec![
            TranscriptLine {
                sent: "0 0 2".into(),
                reply: Some("UP".into()),
            },
            TranscriptLine {
                sent: "1 3 2".into(),
                reply: Some("LEFT".into()),
            },
        ],
        final_line: verdict.is_accepted().then(|| "-1".into()),
    }
}

pub fn games_summary() -> RunSummary {
    let games = vec![
        game(0, 2048, Verdict::Accepted),
        game(1, 4096, Verdict::Accepted),
        game(2, 256, Verdict::WrongAnswer),
    ];
    let scores: Vec<u64> = games
        .iter()
        .filter_map(|g| g.game())
        .map(|g| g.score)
        .collect();
    let stats = stats::score_stats(&scores, &[2048, 4096, 8192]);
    RunSummary {
        problem: "boj28489".into(),
        solution: "ai.cpp".into(),
        language: "C++17 (g++)".into(),
        verdict: Verdict::WrongAnswer,
        seed: 20261121,
        limits: limits(),
        protections: protections(),
        compile_message: None,
        outcomes: games,
        tally: None,
        run: run(PlanUnit::Games, 3, None),
        detail: RunDetail::Games {
            reason: Some("game 2 failed: WA".into()),
            accept_mean_score: 2048.0,
            score_mean: stats.mean,
            stats,
        },
    }
}

pub fn verify_summary() -> VerifySummary {
    let checked = |got: Verdict, detail: &str, warning: Option<&str>| Checked {
        language: "C++17 (g++, gnu++17)".into(),
        got,
        detail: detail.into(),
        max_cpu_ms: 640,
        max_peak_kib: 2048,
        warning: warning.map(String::from),
        message: None,
        groups: None,
        score_mismatch: None,
        by_expectations: false,
        images: Vec::new(),
    };
    let rows = vec![
        VerifyRow {
            problem: "boj12100".into(),
            solution: "solutions/boj12100/accepted/dfs.cpp".into(),
            expected: Verdict::Accepted,
            also: Vec::new(),
            result: Ok(checked(
                Verdict::Accepted,
                "AC",
                Some("accepted but uses 640 ms of the 1000 ms limit (more than half)"),
            )),
        },
        VerifyRow {
            problem: "boj12100".into(),
            solution: "solutions/boj12100/wrong_answer/four_moves.cpp".into(),
            expected: Verdict::WrongAnswer,
            also: Vec::new(),
            result: Ok(checked(Verdict::Accepted, "AC", None)),
        },
        VerifyRow {
            problem: "boj12100".into(),
            solution: "solutions/boj12100/accepted/dfs.rs".into(),
            expected: Verdict::Accepted,
            also: Vec::new(),
            result: Err("cannot start the compiler `rustc`: Permission denied".into()),
        },
    ];
    VerifySummary {
        mismatches: 1,
        warnings: 1,
        not_graded: 1,
        rows,
        run: run(PlanUnit::Solutions, 3, None),
        timings: None,
        remembered: 2,
    }
}

fn row(name: &str, graded: Graded, resumed: bool) -> GradedSubmission {
    GradedSubmission {
        name: name.into(),
        sha256: Some(format!("{:032x}", name.len() * 7919)),
        graded,
        resumed,
    }
}

/// A class of five: accepted, wrong, not compiling, not gradable, and accepted in an earlier
/// run.
pub fn scoreboard() -> Scoreboard {
    let accepted = |name: &str| {
        let mut summary = batch_summary();
        summary.solution = name.into();
        summary.language = "C++17 (g++)".into();
        summary.outcomes.truncate(2);
        summary.detail = RunDetail::Tests {
            timing_warning: None,
            tests_planned: 2,
            groups: None,
            group_tree: None,
        };
        summary.verdict = Verdict::Accepted;
        Graded::Run(Box::new(summary))
    };
    let mut wrong = batch_summary();
    wrong.solution = "class/bob.py".into();
    wrong.language = "Python 3".into();
    let mut compile_error = compile_error_summary();
    compile_error.solution = "class/carol.c".into();
    compile_error.language = "C11 (gcc)".into();
    Scoreboard {
        problem: "boj12100".into(),
        seed: 20261121,
        unit: Unit::Tests,
        submissions: vec![
            row(
                "class/alice/main.cpp",
                accepted("class/alice/main.cpp"),
                false,
            ),
            row("class/bob.py", Graded::Run(Box::new(wrong)), false),
            row("class/carol.c", Graded::Run(Box::new(compile_error)), false),
            row(
                "class/dave",
                Graded::NotGraded("a multi-file Python 3 submission is not supported (2 source files; a run gets one)".into()),
                false,
            ),
            row("class/erin.cpp", accepted("class/erin.cpp"), true),
        ],
        group_tree: None,
        run: run(PlanUnit::Submissions, 5, None),
    }
}

/// Two players of 28489.
pub fn games_scoreboard() -> Scoreboard {
    let mut good = games_summary();
    good.solution = "players/good.cpp".into();
    good.outcomes.truncate(2);
    good.run.plan.units = 2;
    let scores: Vec<u64> = good
        .outcomes
        .iter()
        .filter_map(|g| g.game())
        .map(|g| g.score)
        .collect();
    let good_stats = stats::score_stats(&scores, &[2048, 4096, 8192]);
    good.detail = RunDetail::Games {
        reason: None,
        accept_mean_score: 2048.0,
        score_mean: good_stats.mean,
        stats: good_stats,
    };
    good.verdict = Verdict::Accepted;
    let mut bad = games_summary();
    bad.solution = "players/bad.py".into();
    Scoreboard {
        problem: "boj28489".into(),
        seed: 20261121,
        unit: Unit::Games,
        submissions: vec![
            row("players/bad.py", Graded::Run(Box::new(bad)), false),
            row("players/good.cpp", Graded::Run(Box::new(good)), false),
        ],
        group_tree: None,
        run: run(PlanUnit::Submissions, 2, None),
    }
}

pub fn grade_started(scoreboard: &Scoreboard) -> GradeStarted {
    GradeStarted {
        problem: scoreboard.problem.clone(),
        submissions: scoreboard.submissions.len(),
        unit: scoreboard.unit,
        units: 37,
        seed: scoreboard.seed,
        jobs: 2,
        shard: None,
        resumed: 1,
        to_grade: 4,
        board: None,
    }
}

pub use judge_core::scoring::fixtures::group_tree;

/// A test's outcome with only its name and verdict decided, as the tests of the tree of
/// groups build their units.
pub fn test_outcome(name: &str, verdict: Verdict) -> Outcome {
    Outcome {
        verdict,
        verdict_detail: verdict.describe(),
        ..Outcome::undecided(Detail::Test(TestDetail {
            name: name.into(),
            ..TestDetail::default()
        }))
    }
}
