//! Fixed gradings for the reports' snapshot tests: every value is written out, so a snapshot
//! changes only when a report's format does.

use crate::grade::batch::{BatchSummary, TestOutcome};
use crate::grade::games::{GameOutcome, GamesSummary};
use crate::grade::verify::{Checked, VerifyRow, VerifySummary};
use crate::grade::{AppliedLimits, Started, Unit};
use crate::interact::TranscriptLine;
use crate::stats;
use crate::verdict::Verdict;

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

pub fn started(unit: Unit, count: usize) -> Started {
    Started {
        problem: "boj12100".into(),
        solution: "solutions/boj12100/wrong_answer/double_merge.cpp".into(),
        language: "C++17 (g++)".into(),
        unit,
        count,
        seed: 20261121,
        jobs: 2,
        cached: false,
        compile_ms: 812,
    }
}

fn test(name: &str, verdict: Verdict, cpu_ms: u64) -> TestOutcome {
    TestOutcome {
        name: name.into(),
        verdict,
        verdict_detail: verdict.describe(),
        cpu_ms,
        wall_ms: cpu_ms + 1,
        wait_ms: 0,
        peak_kib: 3481,
        disturbed: false,
        message: None,
        input_head: "3\n2 2 2\n4 4 4\n8 8 8\n".into(),
        input_bytes: 22,
        expected_head: Some("16\n".into()),
        received_head: "16\n".into(),
        received_bytes: 3,
        stderr_head: String::new(),
        reproduce: Some(format!(
            "judge gen boj12100 --seed 20261121 --index {cpu_ms}"
        )),
        facts: None,
    }
}

pub fn batch_summary() -> BatchSummary {
    let mut busy = test("random-001", Verdict::Accepted, 4);
    busy.wall_ms = 420;
    busy.wait_ms = 380;
    busy.disturbed = true;
    let mut wrong = test("random-002", Verdict::WrongAnswer, 2);
    wrong.message = Some("token 1 (line 1): expected \"16\", received \"32\"".into());
    wrong.received_head = "32\n".into();
    wrong.stderr_head = "debug: merged twice\n".into();
    BatchSummary {
        problem: "boj12100".into(),
        solution: "solutions/boj12100/wrong_answer/double_merge.cpp".into(),
        language: "C++17 (g++)".into(),
        verdict: Verdict::WrongAnswer,
        seed: 20261121,
        limits: limits(),
        protections: protections(),
        compile_message: None,
        tests_planned: 37,
        tests: vec![test("official-1", Verdict::Accepted, 1), busy, wrong],
    }
}

pub fn compile_error_summary() -> BatchSummary {
    BatchSummary {
        verdict: Verdict::CompileError,
        compile_message: Some("solution.c:5:5: error: expected ';' before 'printf'".into()),
        protections: Vec::new(),
        tests: Vec::new(),
        ..batch_summary()
    }
}

fn game(game: u64, score: u64, verdict: Verdict) -> GameOutcome {
    GameOutcome {
        seed: 20261121,
        game,
        score,
        moves: score / 4,
        cpu_ms: 20 + game,
        wall_ms: 50 + game,
        wait_ms: 0,
        disturbed: false,
        interaction_us: 30_000,
        peak_kib: 8192,
        verdict,
        verdict_detail: verdict.describe(),
        message: (!verdict.is_accepted())
            .then(|| "round 3: \"SIDEWAYS\" is not UP, DOWN, LEFT or RIGHT".into()),
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
        stderr_head: String::new(),
        facts: None,
    }
}

pub fn games_summary() -> GamesSummary {
    let games = vec![
        game(0, 2048, Verdict::Accepted),
        game(1, 4096, Verdict::Accepted),
        game(2, 256, Verdict::WrongAnswer),
    ];
    let scores: Vec<u64> = games.iter().map(|g| g.score).collect();
    let stats = stats::score_stats(&scores, &[2048, 4096, 8192]);
    GamesSummary {
        problem: "boj28489".into(),
        solution: "ai.cpp".into(),
        language: "C++17 (g++)".into(),
        verdict: Verdict::WrongAnswer,
        reason: Some("game 2 failed: WA".into()),
        seed: 20261121,
        limits: limits(),
        protections: protections(),
        accept_mean_score: 2048.0,
        score_mean: stats.mean,
        stats,
        compile_message: None,
        games,
    }
}

pub fn verify_summary() -> VerifySummary {
    let checked = |got: Verdict, detail: &str, warning: Option<&str>| Checked {
        got,
        detail: detail.into(),
        max_cpu_ms: 640,
        max_peak_kib: 2048,
        warning: warning.map(String::from),
    };
    let rows = vec![
        VerifyRow {
            problem: "boj12100".into(),
            solution: "solutions/boj12100/accepted/dfs.cpp".into(),
            expected: Verdict::Accepted,
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
            result: Ok(checked(Verdict::Accepted, "AC", None)),
        },
        VerifyRow {
            problem: "boj12100".into(),
            solution: "solutions/boj12100/accepted/dfs.rs".into(),
            expected: Verdict::Accepted,
            result: Err("cannot start the compiler `rustc`: Permission denied".into()),
        },
    ];
    VerifySummary {
        mismatches: 1,
        warnings: 1,
        not_graded: 1,
        rows,
    }
}
