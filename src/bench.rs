//! The benchmark suite (`judge bench`). Every figure is a ratio of two measurements taken side
//! by side in the same run, written with its parts, so that a shared, noisy machine affects
//! both sides alike. The programs it runs are in `bench/`; it runs the `judge` binary that
//! calls it. [`grade_many`] is a figure of its own (`judge bench --grade-many N`, minutes):
//! `judge grade` on N submissions against a shell loop of N `judge test` calls.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::report::Reporters;
use judge_core::cleanup::Stop;
use judge_core::config::RunnerConfig;
use judge_core::limits::{Limits, Overrides, MIB};
use judge_core::problems::{self, GenRequest};
use judge_engine::execute::{run_request, ExecError, MemoryFiles, Scratch};
use judge_engine::grade::batch::{self, BatchRequest, Tests};
use judge_engine::grade::outcome::{Outcome, RunSummary};
use judge_engine::grade::{compile_or_fail, GradeError, Submission};
use judge_sandbox::{SandboxError, Session, StdoutMode};

#[derive(Debug, Error)]
pub enum BenchError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Grade(#[from] GradeError),
    #[error(transparent)]
    Exec(#[from] ExecError),
    #[error(transparent)]
    Sandbox(#[from] SandboxError),
    #[error(transparent)]
    File(#[from] judge_core::files::FileError),
    #[error("judge {command} exited with {code}:\n{output}")]
    Judge {
        command: String,
        code: i32,
        output: String,
    },
    #[error("{0}")]
    Measurement(String),
}

type Result<T> = std::result::Result<T, BenchError>;

/// Ends a figure once `stop` is asked for (the grader is interrupted: a measurement cut short
/// is none).
fn go_on(stop: Stop) -> Result<()> {
    if stop.requested() {
        return Err(GradeError::Interrupted.into());
    }
    Ok(())
}

/// How much work each figure does.
pub struct BenchRequest<'a> {
    pub runner: &'a RunnerConfig,
    /// Tiny tests for the grading-overhead figure.
    pub tiny_tests: usize,
    /// Games for the interactor figure.
    pub games: usize,
    /// Generated tests per problem for the reference-solver figures.
    pub solver_tests: u64,
    /// Near-limit runs on each side of the verdict-flip figure (with and without load).
    pub flip_runs: usize,
    /// Ends the figures when asked for.
    pub stop: Stop,
}

/// Runs `judge ARGS` and returns its wall time; fails when it exits with an error.
fn timed_judge(stop: Stop, args: &[&str], accept_codes: &[i32]) -> Result<Duration> {
    go_on(stop)?;
    let exe = std::env::current_exe()?;
    let started = Instant::now();
    let output = Command::new(&exe)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()?;
    let elapsed = started.elapsed();
    let code = output.status.code().unwrap_or(-1);
    if !accept_codes.contains(&code) {
        return Err(BenchError::Judge {
            command: args.join(" "),
            code,
            output: format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            ),
        });
    }
    Ok(elapsed)
}

fn measurement(message: impl Into<String>) -> BenchError {
    BenchError::Measurement(message.into())
}

/// The project's folder (the benchmarks use its bench/, problems/ and solutions/) and its
/// runner.toml, which children are given so that they grade with the same configuration.
fn project(runner: &RunnerConfig) -> Result<(&Path, &Path)> {
    let root = runner.project_root().map_err(GradeError::from)?;
    match runner.layers.project_file().map(|layer| &layer.origin) {
        Some(judge_core::config::Origin::File(file)) => Ok((root, file.as_path())),
        _ => Err(GradeError::from(judge_core::config::ConfigError::NoProject).into()),
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// Runs every benchmark and writes each figure to `out` as it is measured.
pub fn run(request: &BenchRequest, out: &mut dyn Write) -> Result<()> {
    let runner = request.runner;
    let stop = request.stop;
    let args = request;
    // The benchmarks use the repository's bench/ and solutions/, and give the children the
    // project's runner.toml so that they grade with the same configuration.
    let (root, config_file) = project(runner)?;
    let bench_dir = root.join("bench");
    let config_arg = config_file.to_string_lossy().into_owned();
    let scratch = tempfile::tempdir()?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    writeln!(
        out,
        "judge bench: {cores} cores; each figure is measured side by side in this run\n"
    )?;

    // 1. Grading overhead per test.
    let tiny = compile_or_fail(runner, &bench_dir.join("aplusb.c"))?;
    let tests_dir = scratch.path().join("tiny");
    std::fs::create_dir(&tests_dir)?;
    for i in 0..args.tiny_tests {
        let base = tests_dir.join(format!("t{i:04}"));
        std::fs::write(base.with_extension("in"), format!("{i} {}\n", i * 7))?;
        std::fs::write(base.with_extension("ans"), format!("{}\n", i * 8))?;
    }
    let solution = bench_dir.join("aplusb.c").to_string_lossy().into_owned();
    let tests_arg = tests_dir.to_string_lossy().into_owned();
    let plain_loop = || -> Result<Duration> {
        let started = Instant::now();
        for i in 0..args.tiny_tests {
            go_on(stop)?;
            let base = tests_dir.join(format!("t{i:04}"));
            let output = Command::new(&tiny.artifact)
                .stdin(std::fs::File::open(base.with_extension("in"))?)
                .stdout(Stdio::piped())
                .output()?;
            let expected = std::fs::read(base.with_extension("ans"))?;
            if output.stdout != expected {
                return Err(measurement(format!(
                    "the plain loop got a wrong answer on test {i}"
                )));
            }
        }
        Ok(started.elapsed())
    };
    let graded_run = || {
        timed_judge(
            stop,
            &[
                "--config",
                &config_arg,
                "test",
                &solution,
                "--problem",
                "boj1525",
                "--tests-dir",
                &tests_arg,
                "--jobs",
                "1",
            ],
            &[0],
        )
    };
    // The sandbox alone: the same runs through one sandbox session, as a grading worker makes
    // them, without the grader's own work (tests read, output checked, report written).
    let sandbox_scratch = Scratch::new(&runner.sandbox)?;
    let sandbox_folder = sandbox_scratch.sandbox_folder("bench", &tiny)?;
    let mut session = Session::start(&sandbox_folder.session_spec(runner))?;
    let tiny_limits = Limits {
        cpu_time: Duration::from_secs(1),
        wall_time: Duration::from_secs(3),
        memory_bytes: 64 * MIB,
        output_bytes: runner.limits.output_bytes,
        stderr_bytes: runner.limits.stderr_bytes,
        max_processes: runner.limits.max_processes,
    };
    let run = run_request(
        runner,
        &tiny.program,
        &tiny.args_for(&tiny_limits),
        tiny_limits,
        StdoutMode::Capture,
    );
    let mut sandbox_loop = || -> Result<Duration> {
        let started = Instant::now();
        for i in 0..args.tiny_tests {
            let base = tests_dir.join(format!("t{i:04}"));
            let files = MemoryFiles::new(&std::fs::read(base.with_extension("in"))?)?;
            let facts = session.run(&run, files.for_run()?)?;
            let expected = std::fs::read(base.with_extension("ans"))?;
            if !facts.ended_normally() || files.output(true)? != expected {
                return Err(measurement(format!(
                    "the sandbox loop got a wrong answer on test {i}: {facts:?}"
                )));
            }
        }
        Ok(started.elapsed())
    };
    // Interleaved, as for the interactor: one pass is under a second, and this machine's
    // scheduling noise moves single passes by a factor of two.
    let mut pairs = Vec::new();
    let mut sandbox_pairs = Vec::new();
    for _ in 0..5 {
        let plain = plain_loop()?;
        let graded = graded_run()?;
        let sandboxed = sandbox_loop()?;
        pairs.push((graded, plain));
        sandbox_pairs.push((sandboxed, plain));
    }
    let per_test_ms = |d: Duration| d.as_secs_f64() * 1000.0 / args.tiny_tests as f64;
    let describe = |pairs: &mut Vec<(Duration, Duration)>| {
        pairs.sort_by(|a, b| {
            (a.0.as_secs_f64() / a.1.as_secs_f64())
                .total_cmp(&(b.0.as_secs_f64() / b.1.as_secs_f64()))
        });
        let (measured, plain) = pairs[pairs.len() / 2];
        format!(
            "5 interleaved pairs ({}) = median {:.2}; median pair per test {:.2} ms vs {:.2} ms",
            pairs
                .iter()
                .map(|(m, p)| format!("{}/{}", seconds(*m), seconds(*p)))
                .collect::<Vec<_>>()
                .join(", "),
            measured.as_secs_f64() / plain.as_secs_f64(),
            per_test_ms(measured),
            per_test_ms(plain),
        )
    };
    writeln!(
        out,
        "grading overhead (goal <= 1.1): judge test / plain loop over {} tiny tests, {}",
        args.tiny_tests,
        describe(&mut pairs)
    )?;
    writeln!(
        out,
        "  of which the sandbox: runs through one sandbox session / plain loop, {}",
        describe(&mut sandbox_pairs)
    )?;
    drop(session);

    // 2. Parallel speed-up on CPU-bound tests.
    let spin = bench_dir.join("spin.c").to_string_lossy().into_owned();
    compile_or_fail(runner, Path::new(&spin))?;
    let heavy_dir = scratch.path().join("heavy");
    std::fs::create_dir(&heavy_dir)?;
    let puzzle =
        problems::batch_problem("boj1525").ok_or_else(|| measurement("boj1525 is missing"))?;
    let heavy_count = 4 * cores;
    for i in 0..heavy_count {
        let input = problems::generate_test(puzzle, 1, GenRequest::full(i as u64));
        let answer = puzzle
            .solve(&input)
            .map_err(|e| measurement(e.to_string()))?;
        let base = heavy_dir.join(format!("h{i:02}"));
        std::fs::write(base.with_extension("in"), input)?;
        std::fs::write(base.with_extension("ans"), answer)?;
    }
    let heavy_arg = heavy_dir.to_string_lossy().into_owned();
    let heavy = |jobs: &str| {
        timed_judge(
            stop,
            &[
                "--config",
                &config_arg,
                "test",
                &spin,
                "--problem",
                "boj1525",
                "--tests-dir",
                &heavy_arg,
                "--jobs",
                jobs,
                "--time-limit",
                "10",
            ],
            &[0],
        )
    };
    // Three interleaved pairs: a single pair on this noisy machine moves by 10 - 15 %.
    let mut speedups = Vec::new();
    for _ in 0..3 {
        let one = heavy("1")?;
        let all = heavy("0")?;
        speedups.push((one.as_secs_f64() / all.as_secs_f64(), one, all));
    }
    speedups.sort_by(|a, b| a.0.total_cmp(&b.0));
    writeln!(out,
        "parallel speed-up: {} tests with 1 job / with {cores} jobs, 3 interleaved pairs ({}) = median {:.2} (goal >= {:.1}, 0.9 x cores)",
        heavy_count,
        speedups
            .iter()
            .map(|(_, one, all)| format!("{}/{}", seconds(*one), seconds(*all)))
            .collect::<Vec<_>>()
            .join(", "),
        speedups[1].0,
        0.9 * cores as f64
    )?;

    // 3. Interactor rounds per second against a bare pipe ping-pong, in interleaved pairs
    //    (this machine's scheduling noise moves single measurements by a factor of two).
    let responder = bench_dir.join("responder.c").to_string_lossy().into_owned();
    let report = scratch.path().join("games.json");
    let report_arg = report.to_string_lossy().into_owned();
    let games_arg = args.games.to_string();
    let pingpong = compile_c(&bench_dir.join("pingpong.c"), scratch.path())?;
    let mut ratios = Vec::new();
    let mut parts = Vec::new();
    for _ in 0..5 {
        // The responder's mean score is far below 2048, so the verdict is WA (exit 1).
        timed_judge(
            stop,
            &[
                "--config",
                &config_arg,
                "test",
                &responder,
                "--problem",
                "boj28489",
                "--games",
                &games_arg,
                "--jobs",
                "1",
                "--json",
                &report_arg,
            ],
            &[0, 1],
        )?;
        let json: serde_json::Value = serde_json::from_str(&judge_core::files::read_text(
            &report,
            judge_core::files::Cap::JSON,
        )?)
        .map_err(|e| measurement(format!("the games report: {e}")))?;
        let games = json["games"]
            .as_array()
            .ok_or_else(|| measurement("no games in the report"))?;
        // Rounds after each game's first reply, which is when its clock starts.
        let rounds: u64 = games.iter().map(|g| g["moves"].as_u64().unwrap_or(0)).sum();
        let interaction_us: u64 = games
            .iter()
            .map(|g| g["interaction_us"].as_u64().unwrap_or(0))
            .sum();
        let interactor_rate = rounds as f64 / (interaction_us.max(1) as f64 / 1e6);
        let output = Command::new(&pingpong)
            .arg(rounds.max(1000).to_string())
            .output()?;
        let pingpong_rate: f64 = String::from_utf8_lossy(&output.stdout)
            .trim()
            .parse()
            .map_err(|_| measurement("the ping-pong printed no rate"))?;
        ratios.push(interactor_rate / pingpong_rate);
        parts.push(format!("{interactor_rate:.0}/{pingpong_rate:.0}"));
    }
    let mut sorted = ratios.clone();
    sorted.sort_by(f64::total_cmp);
    writeln!(out,
        "interactor: rounds/s against a minimal responder / bare pipe ping-pong, 5 interleaved pairs ({}) = median {:.2} (goal >= 0.8); rounds timed from each game's first reply",
        parts.join(", "),
        sorted[sorted.len() / 2]
    )?;

    // 4. Verdicts under load.
    verdict_flips(
        runner,
        &bench_dir,
        scratch.path(),
        cores,
        args.flip_runs,
        out,
    )?;

    // 5. Reference solvers.
    for problem in problems::batch_problems() {
        let inputs: Vec<String> = (0..args.solver_tests)
            .map(|i| problems::generate_test(*problem, 1, GenRequest::full(i)))
            .collect();
        let started = Instant::now();
        for input in &inputs {
            go_on(stop)?;
            problem
                .solve(input)
                .map_err(|e| measurement(format!("{}: {e}", problem.id())))?;
        }
        let elapsed = started.elapsed();
        writeln!(
            out,
            "reference {}: {:.0} tests/s ({} full-size generated tests in {})",
            problem.id(),
            inputs.len() as f64 / elapsed.as_secs_f64(),
            inputs.len(),
            seconds(elapsed)
        )?;
    }
    // BLOCKGAME's worst case in a fresh process, so that its memo table starts empty.
    let worst_file = scratch.path().join("blockgame-worst.in");
    std::fs::write(&worst_file, problems::blockgame::worst_case_input())?;
    let worst_arg = worst_file.to_string_lossy().into_owned();
    let worst_time = timed_judge(stop, &["solve", "blockgame", &worst_arg], &[0])?;
    writeln!(out,
        "reference blockgame worst case (50 empty boards, fresh `judge solve` process): {} / time limit 2 s = {:.3}",
        seconds(worst_time),
        worst_time.as_secs_f64() / 2.0
    )?;

    // 6. Startup.
    let runs = 20;
    let started = Instant::now();
    for _ in 0..runs {
        timed_judge(stop, &["--version"], &[0])?;
    }
    let version = started.elapsed() / runs;
    let sample_solution = root
        .join("solutions/boj12100/accepted/dfs.cpp")
        .to_string_lossy()
        .into_owned();
    let sample_args = [
        "--config",
        &config_arg,
        "test",
        &sample_solution,
        "--tests",
        "samples",
        "--jobs",
        "1",
    ];
    timed_judge(stop, &sample_args, &[0])?; // fills the compile cache
    let started = Instant::now();
    for _ in 0..5 {
        timed_judge(stop, &sample_args, &[0])?;
    }
    let sample_run = started.elapsed() / 5;
    let true_started = Instant::now();
    for _ in 0..runs {
        Command::new("true").status()?;
    }
    let bare = true_started.elapsed() / runs;
    writeln!(out,
        "startup: judge --version {:.2} ms / bare `true` {:.2} ms = {:.1}; cached-compile run of the boj12100 samples {:.1} ms",
        version.as_secs_f64() * 1000.0,
        bare.as_secs_f64() * 1000.0,
        version.as_secs_f64() / bare.as_secs_f64(),
        sample_run.as_secs_f64() * 1000.0
    )?;
    Ok(())
}

/// What the many-submissions figure grades, and how often.
pub struct GradeManyRequest<'a> {
    pub runner: &'a RunnerConfig,
    /// Submissions to make (from the bundled boj12100 solutions).
    pub submissions: usize,
    /// Interleaved pairs (grade, loop) with a cold compile cache, then as many with a warm one.
    pub pairs: usize,
}

/// The bundled boj12100 solutions a class is made of, with how many slots of 22 each takes:
/// mostly right or nearly right, some crashing, not compiling, too slow (only the C ones: the
/// Python ones wait 5 to 11 s each, which both sides pay alike).
const CLASS_BASES: [(&str, usize); 15] = [
    ("accepted/dfs.cpp", 6),
    ("accepted/rows.py", 3),
    ("accepted/dfs.rs", 1),
    ("wrong_answer/four_moves.cpp", 1),
    ("wrong_answer/ten_moves.cpp", 1),
    ("wrong_answer/double_merge.cpp", 1),
    ("wrong_answer/far_pair_first.cpp", 1),
    ("compile_error/missing_semicolon.c", 1),
    ("compile_error/bad_syntax.py", 1),
    ("run_time_error/null_pointer.c", 1),
    ("run_time_error/exit_code.py", 1),
    ("run_time_error/uncaught_exception.cpp", 1),
    ("memory_limit_exceeded/grows_vector.cpp", 1),
    ("output_limit_exceeded/endless.c", 1),
    ("time_limit_exceeded/busy_loop.c", 1),
];

/// Writes `count` submissions of boj12100 into `dir`, made from the bundled solutions: the
/// r-th use of a base is the base itself (r = 0), an identical copy (r = 1: a copied file),
/// the base with its search depth changed from 5 to 4 or 6 (every third, where the base has
/// one: a wrong answer), or else the base with a comment of its own (other bytes, the same
/// behaviour). Deterministic; returns the files written.
pub fn make_class(runner: &RunnerConfig, count: usize, dir: &Path) -> Result<Vec<PathBuf>> {
    let (root, _) = project(runner)?;
    let slots: Vec<&str> = CLASS_BASES
        .iter()
        .flat_map(|(path, weight)| std::iter::repeat(*path).take(*weight))
        .collect();
    let mut uses: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut written = Vec::new();
    for i in 0..count {
        let base = slots[i % slots.len()];
        let round = uses.entry(base).or_default();
        let r = *round;
        *round += 1;
        let source = judge_core::files::read_text(
            &root.join("solutions/boj12100").join(base),
            runner.files.sources(),
        )?;
        let extension = base.rsplit('.').next().unwrap_or("txt");
        let comment = if extension == "py" { "#" } else { "//" };
        let depth_mutated = (r % 3 == 2)
            .then(|| {
                let deeper = if r % 2 == 0 { "4" } else { "6" };
                [("depth == 5", "depth == "), ("range(5)", "range(")]
                    .iter()
                    .find(|(pattern, _)| source.contains(pattern))
                    .map(|(pattern, stem)| {
                        let closing = if pattern.ends_with(')') { ")" } else { "" };
                        source.replacen(pattern, &format!("{stem}{deeper}{closing}"), 1)
                    })
            })
            .flatten();
        let text = match (r, depth_mutated) {
            (0 | 1, _) => source,
            (_, Some(mutated)) => mutated,
            (_, None) => format!("{source}\n{comment} submission {i}\n"),
        };
        let path = dir.join(format!("s{i:03}.{extension}"));
        std::fs::write(&path, text)?;
        written.push(path);
    }
    Ok(written)
}

/// A runner.toml like the project's with its compile cache in a fresh folder of `dir`, and
/// the problems reached through a link: a grading from a cold compile cache.
fn runner_with_fresh_cache(runner: &RunnerConfig, dir: &Path, name: &str) -> Result<PathBuf> {
    let (project_root, project_file) = project(runner)?;
    let root = dir.join(name);
    std::fs::create_dir_all(&root)?;
    let text = judge_core::files::read_text(project_file, judge_core::files::Cap::CONFIG)?;
    const CACHE: &str = "cache_dir = \"cache\"";
    let mut lines: Vec<String> = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("cache_dir"))
        .map(str::to_string)
        .collect();
    // cache_dir belongs to [defaults] (a key before the first table is one too).
    match lines.iter().position(|line| line.trim() == "[defaults]") {
        Some(header) => lines.insert(header + 1, CACHE.to_string()),
        None => lines.insert(0, format!("[defaults]\n{CACHE}")),
    }
    std::fs::write(root.join("runner.toml"), lines.join("\n") + "\n")?;
    let link = root.join("problems");
    if !link.exists() {
        std::os::unix::fs::symlink(project_root.join("problems"), &link)?;
    }
    Ok(root.join("runner.toml"))
}

/// `judge grade` on a class of submissions against a shell loop of `judge test` on each, in
/// interleaved pairs: first each side with a cold compile cache of its own, then both with
/// the compile cache warm. Both sides run with the runner's jobs (one per core by default).
pub fn grade_many(request: &GradeManyRequest, out: &mut dyn Write) -> Result<()> {
    let runner = request.runner;
    let scratch = tempfile::tempdir()?;
    let class = scratch.path().join("class");
    std::fs::create_dir(&class)?;
    let files = make_class(runner, request.submissions, &class)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    writeln!(
        out,
        "judge bench --grade-many {}: {cores} cores; {} submissions of boj12100 in {}",
        request.submissions,
        files.len(),
        class.display()
    )?;
    let exe = std::env::current_exe()?;
    let grade = |config: &Path, results: &Path| -> Result<Duration> {
        let started = Instant::now();
        let status = Command::new(&exe)
            .arg("--config")
            .arg(config)
            .args(["grade", "--problem", "boj12100", "--regrade", "--results"])
            .arg(results)
            .arg(&class)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()?;
        let elapsed = started.elapsed();
        if !matches!(status.code(), Some(0 | 1)) {
            return Err(measurement(format!("judge grade exited with {status}")));
        }
        Ok(elapsed)
    };
    // The loop as a shell runs it; a verdict other than AC (exit 1) is fine, an error is not.
    let shell_loop = |config: &Path| -> Result<Duration> {
        let script = r#"judge=$1; config=$2; shift 2
for f in "$@"; do
  "$judge" --config "$config" test "$f" --problem boj12100 >/dev/null 2>&1
  [ $? -le 1 ] || { echo "judge test $f failed" >&2; exit 2; }
done"#;
        let started = Instant::now();
        let status = Command::new("sh")
            .args(["-c", script, "sh"])
            .arg(&exe)
            .arg(config)
            .args(&files)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .status()?;
        let elapsed = started.elapsed();
        if !status.success() {
            return Err(measurement("the loop of judge test failed".to_string()));
        }
        Ok(elapsed)
    };
    let mut describe = |what: &str, pairs: &[(Duration, Duration)]| -> Result<()> {
        let mut ratios: Vec<f64> = pairs
            .iter()
            .map(|(graded, looped)| looped.as_secs_f64() / graded.as_secs_f64())
            .collect();
        ratios.sort_by(f64::total_cmp);
        writeln!(
            out,
            "{what}: loop of judge test / judge grade, {} interleaved pair{} ({}) = median {:.2} (goal >= 1.5)",
            pairs.len(),
            if pairs.len() == 1 { "" } else { "s" },
            pairs
                .iter()
                .map(|(g, l)| format!("{}/{}", seconds(*l), seconds(*g)))
                .collect::<Vec<_>>()
                .join(", "),
            ratios[ratios.len() / 2]
        )?;
        Ok(())
    };
    let mut cold = Vec::new();
    for pair in 0..request.pairs {
        let grade_config =
            runner_with_fresh_cache(runner, scratch.path(), &format!("grade-{pair}"))?;
        let loop_config = runner_with_fresh_cache(runner, scratch.path(), &format!("loop-{pair}"))?;
        let graded = grade(
            &grade_config,
            &scratch.path().join(format!("results-{pair}")),
        )?;
        let looped = shell_loop(&loop_config)?;
        cold.push((graded, looped));
    }
    describe("cold compile cache", &cold)?;
    // Warm: both sides share the first cold grading's cache, now full.
    let warm_config = scratch.path().join("grade-0/runner.toml");
    let mut warm = Vec::new();
    for pair in 0..request.pairs {
        let graded = grade(
            &warm_config,
            &scratch.path().join(format!("warm-results-{pair}")),
        )?;
        let looped = shell_loop(&warm_config)?;
        warm.push((graded, looped));
    }
    describe("warm compile cache", &warm)?;
    Ok(())
}

/// Busy processes started for a measurement, ended by pid when dropped.
struct Load(Vec<std::process::Child>);

impl Load {
    fn start(busy: &Path, count: usize) -> Result<Load> {
        let mut load = Load(Vec::with_capacity(count));
        for _ in 0..count {
            let child = Command::new(busy)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .spawn()?;
            load.0.push(child);
        }
        Ok(load)
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The median of some values (0 for none).
fn median(mut values: Vec<u64>) -> u64 {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or(0)
}

/// Near-limit runs (a program that spins until its own CPU time is 70 % of a 300 ms limit,
/// under a tight wall-clock rule: 2 x the CPU limit, no extra second), graded with one job per
/// core, half of them while three busy processes per core load the machine and half without
/// added load, in alternating rounds. A verdict other than AC is a flip: the load decided it.
fn verdict_flips(
    runner: &RunnerConfig,
    bench_dir: &Path,
    scratch: &Path,
    cores: usize,
    runs: usize,
    out: &mut dyn Write,
) -> Result<()> {
    const CPU_LIMIT: Duration = Duration::from_millis(300);
    const SPIN_MS: u64 = 210;
    const ROUNDS: usize = 2;
    let busy = compile_c(&bench_dir.join("busy.c"), scratch)?;
    let per_round = runs.div_ceil(ROUNDS).max(1);
    let tests_dir = scratch.join("near-limit");
    std::fs::create_dir_all(&tests_dir)?;
    for i in 0..per_round {
        let base = tests_dir.join(format!("n{i:03}"));
        std::fs::write(base.with_extension("in"), format!("{SPIN_MS}\n"))?;
        std::fs::write(base.with_extension("ans"), format!("{SPIN_MS}\n"))?;
    }
    let mut tight = runner.clone();
    tight.limits.wall_time_extra = Duration::ZERO;
    let problem = judge_engine::resolve::problem(runner, "boj12100")
        .map_err(GradeError::from)?
        .spec;
    let request = BatchRequest {
        runner: &tight,
        problem: &problem,
        submission: Submission::new(bench_dir.join("near_limit.c")),
        tests: Tests::Folder(tests_dir),
        seed: runner.seed,
        overrides: Overrides {
            cpu_time: Some(CPU_LIMIT),
            memory_bytes: None,
        },
        jobs: cores,
        stop_at_first_failure: false,
        enforce_time_factor: 1.0,
        shard: None,
        keep_every_test: true,
    };
    let grade = || -> Result<RunSummary> {
        let summary = batch::grade(&request, &mut Reporters::new())?;
        if summary.compile_message.is_some() {
            return Err(measurement("bench/near_limit.c does not compile"));
        }
        Ok(summary)
    };
    grade()?; // fills the compile cache
    let mut loaded = Vec::new();
    let mut quiet = Vec::new();
    for _ in 0..ROUNDS {
        quiet.extend(grade()?.outcomes);
        let load = Load::start(&busy, 3 * cores)?;
        loaded.extend(grade()?.outcomes);
        drop(load);
    }
    let wall_limit = tight.limits.wall_time_for(CPU_LIMIT).as_secs_f64() * 1000.0;
    let side = |tests: &[Outcome]| {
        let flips = tests.iter().filter(|t| !t.verdict.is_accepted()).count();
        let waits = median(tests.iter().map(|t| t.wait_ms).collect());
        let walls = median(tests.iter().map(|t| t.wall_ms).collect());
        let cpus = median(tests.iter().map(|t| t.cpu_ms).collect());
        (
            format!("{flips}/{}", tests.len()),
            format!("{waits}/{walls}/{cpus} ms"),
        )
    };
    let (loaded_flips, loaded_times) = side(&loaded);
    let (quiet_flips, quiet_times) = side(&quiet);
    writeln!(out,
        "verdict flips: near-limit runs not AC (CPU {SPIN_MS} of {} ms, wall limit {wall_limit:.0} ms, {cores} jobs), with {} busy processes / without added load, {ROUNDS} alternating rounds each = {loaded_flips} / {quiet_flips} (goal 0); median wait/wall/CPU {loaded_times} / {quiet_times}",
        CPU_LIMIT.as_millis(),
        3 * cores,
    )?;
    Ok(())
}

fn compile_c(source: &Path, dir: &Path) -> Result<PathBuf> {
    let binary = dir.join(source.file_stem().unwrap_or_default());
    let status = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(source)
        .status()?;
    if !status.success() {
        return Err(measurement(format!("gcc failed on {}", source.display())));
    }
    Ok(binary)
}
