//! Fuzzing on the stable toolchain: property tests (proptest) of everything a user or a
//! package gives judge. One target each for runner.toml, problem.toml, problem.yaml (with
//! `.timelimit`), testdata.yaml, the parts `judge merge` reads, game transcripts, checker and
//! validator feedback, and the command line. Inputs are built around what breaks parsers:
//! numbers at and past their bounds (`judge::bounds`), NaN and infinities, wrong types, bytes
//! changed at random, text that is not UTF-8.
//!
//! For every input: no panic, no hang (a watchdog aborts the run, naming the input, when one
//! case takes longer than [`HANG`]), no allocation past [`ALLOCATION_CAP`] (a counting global
//! allocator follows each case's thread), and each parser's contract: a value it accepts is
//! within its bound, and a refusal names the file or the argument.
//!
//! Each target replays its corpus first (`tests/corpus/<target>/`: inputs that once broke
//! something, and real files), then runs random cases for `JUDGE_FUZZ_SECONDS` seconds
//! (default 2) and says how many it ran. A failing case is shrunk by proptest and printed; add
//! it to the corpus.

#[allow(dead_code, unused_imports, clippy::all)]
#[path = "../src/cli/mod.rs"]
mod cli;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ffi::OsString;
use std::fmt::Debug;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};

use judge::bounds::{self, Bound, Range};
use judge::check::{kattis as kattis_check, Comparison};
use judge::config::{Convention, ProblemSpec, RunnerConfig, ValidatorLimits};
use judge::files::Folder;
use judge::grade::merge;
use judge::kattis::{self, Package};
use judge::limits::{self, Allowance, Limits, Overrides, MIB};
use judge::problems::{self, boj28489, Step};
use judge::programs::{self, checker, Ended, PartRun};
use judge::rng::TestRng;
use judge::sandbox::{RunFacts, Termination};
use judge::verdict::{self, CheckOutcome, StderrSays};

// ----- the counting allocator ---------------------------------------------------------------

/// The system's allocator, counting what each thread holds and the most it held.
struct Counting;

thread_local! {
    static HELD: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn grew(bytes: usize) {
    let _ = HELD.try_with(|held| {
        let now = held.get().saturating_add(bytes);
        held.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn shrank(bytes: usize) {
    let _ = HELD.try_with(|held| held.set(held.get().saturating_sub(bytes)));
}

// SAFETY: every call is passed on to the system allocator unchanged; the counting beside it
// touches only thread-local cells (const-initialised, so reading them never allocates) and
// gives up quietly while a thread's locals are torn down.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let pointer = System.alloc(layout);
        if !pointer.is_null() {
            grew(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let pointer = System.alloc_zeroed(layout);
        if !pointer.is_null() {
            grew(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        System.dealloc(pointer, layout);
        shrank(layout.size());
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let moved = System.realloc(pointer, layout, new_size);
        if !moved.is_null() {
            shrank(layout.size());
            grew(new_size);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most a case may allocate beyond what its thread held when it started.
const ALLOCATION_CAP: usize = 64 << 20;

/// Runs `case`, and fails when it allocated more than the cap on its way.
fn within_cap<T>(case: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    let before = HELD.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    let result = case();
    let used = PEAK.with(Cell::get).saturating_sub(before);
    if used > ALLOCATION_CAP {
        return Err(TestCaseError::fail(format!(
            "allocated {} MiB (cap {} MiB)",
            used >> 20,
            ALLOCATION_CAP >> 20
        )));
    }
    Ok(result)
}

// ----- the driver --------------------------------------------------------------------------

/// A case that takes longer than this is a hang.
const HANG: Duration = Duration::from_secs(60);

/// How long each target runs random cases: `JUDGE_FUZZ_SECONDS`, default 2.
fn budget() -> Duration {
    let seconds = std::env::var("JUDGE_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(2.0);
    Duration::from_secs_f64(seconds.min(7.0 * 86_400.0))
}

/// The case under way, for the watchdog.
struct Watched {
    input: Mutex<(Instant, String)>,
    done: AtomicBool,
}

/// Calls the watchdog off when the target ends, by passing or by failing.
struct CallOff(Arc<Watched>);

impl Drop for CallOff {
    fn drop(&mut self) {
        self.0.done.store(true, Ordering::SeqCst);
    }
}

impl Watched {
    /// Starts a watchdog that aborts the test binary, naming the input, when one case runs
    /// longer than [`HANG`] (a hang cannot be interrupted otherwise).
    fn start(target: &'static str) -> Arc<Watched> {
        let watched = Arc::new(Watched {
            input: Mutex::new((Instant::now(), String::new())),
            done: AtomicBool::new(false),
        });
        let dog = Arc::clone(&watched);
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(200));
            if dog.done.load(Ordering::SeqCst) {
                return;
            }
            let (started, input) = match dog.input.lock() {
                Ok(guard) => guard.clone(),
                Err(poisoned) => poisoned.into_inner().clone(),
            };
            if started.elapsed() > HANG {
                eprintln!(
                    "fuzz {target}: a case has run for {} s (a hang): {input}",
                    started.elapsed().as_secs()
                );
                std::process::abort();
            }
        });
        watched
    }

    fn case(&self, input: &dyn Debug) {
        let mut shown = format!("{input:?}");
        if shown.len() > 4000 {
            let mut end = 4000;
            while !shown.is_char_boundary(end) {
                end -= 1;
            }
            shown.truncate(end);
            shown.push_str("...");
        }
        let mut guard = self.input.lock().unwrap_or_else(|p| p.into_inner());
        *guard = (Instant::now(), shown);
    }
}

/// Runs `check` on every input of the corpus, then on random inputs from `strategy` until the
/// budget is spent; panics with the (shrunk) input of the first failure.
fn fuzz<S>(
    target: &'static str,
    corpus: Vec<S::Value>,
    strategy: S,
    check: impl Fn(&S::Value) -> Result<(), TestCaseError>,
) where
    S: Strategy,
    S::Value: Debug,
{
    let watched = Watched::start(target);
    let _call_off = CallOff(Arc::clone(&watched));
    let checked = |input: &S::Value| {
        watched.case(input);
        within_cap(|| check(input))?
    };
    let corpus_size = corpus.len();
    for input in corpus {
        if let Err(failure) = checked(&input) {
            panic!("fuzz {target}: the corpus input {input:?} fails: {failure}");
        }
    }
    let started = Instant::now();
    let config = Config {
        cases: 16,
        failure_persistence: None,
        ..Config::default()
    };
    // A runner counts the cases it ran and stops at `cases`: a fresh one for each chunk, its
    // random numbers forked from one seeded anew for each run of the test.
    let mut seeds = TestRunner::new(config.clone());
    let cases = Cell::new(0u64);
    loop {
        let mut runner = TestRunner::new_with_rng(config.clone(), seeds.new_rng());
        let result = runner.run(&strategy, |input| {
            cases.set(cases.get() + 1);
            checked(&input)
        });
        match result {
            Ok(()) => {}
            Err(TestError::Fail(why, input)) => {
                panic!("fuzz {target}: {why}\nminimal input: {input:?}")
            }
            Err(TestError::Abort(why)) => panic!("fuzz {target}: aborted: {why}"),
        }
        if started.elapsed() >= budget() {
            break;
        }
    }
    eprintln!(
        "fuzz {target}: {corpus_size} corpus inputs, {} random cases in {:.1} s",
        cases.get(),
        started.elapsed().as_secs_f64()
    );
}

/// The files of `tests/corpus/<name>/`, sorted, with their bytes.
fn corpus_files(name: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(name);
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .filter(|entry| entry.path().is_file())
        .map(|entry| (entry.path(), std::fs::read(entry.path()).unwrap()))
        .collect();
    files.sort();
    files
}

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// Fails the case unless `condition`, with a message.
fn ensure(condition: bool, message: impl FnOnce() -> String) -> Result<(), TestCaseError> {
    if condition {
        Ok(())
    } else {
        Err(TestCaseError::fail(message()))
    }
}

// ----- values around the bounds -----------------------------------------------------------

/// Numbers as a file may write them: every bound's ends and just past them, zero, negatives,
/// the ends of the integer types, NaN, infinities, fractions.
fn number_words() -> Vec<String> {
    let mut words: Vec<String> = [
        "0",
        "-0",
        "1",
        "-1",
        "2",
        "0.5",
        "1.5",
        "-0.001",
        "1e-300",
        "1e300",
        "1e20",
        "1e16",
        "1e30",
        "9223372036854775807",
        "-9223372036854775808",
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999",
        "nan",
        "inf",
        "-inf",
    ]
    .map(String::from)
    .to_vec();
    for bound in bounds::ALL {
        match bound.range {
            Range::Whole { min, max } => {
                words.push(min.to_string());
                words.push(max.to_string());
                words.push(max.saturating_add(1).to_string());
                if min > 0 {
                    words.push((min - 1).to_string());
                }
            }
            Range::Real { min, max } => {
                for value in [min, max, min * 0.999, max * 1.001] {
                    if value.is_finite() && value.abs() < 1e300 {
                        words.push(format!("{value:?}"));
                    }
                }
            }
        }
    }
    words.sort();
    words.dedup();
    words
}

/// A value as TOML writes it: a number word (NaN and infinities as TOML spells them), or
/// another type.
fn toml_value() -> impl Strategy<Value = String> {
    let numbers = number_words();
    prop_oneof![
        8 => proptest::sample::select(numbers).prop_map(|word| match word.as_str() {
            "nan" | "inf" | "-inf" => word,
            other if other.starts_with('1') && other.contains('e') && !other.contains('.') => {
                // TOML floats need a fraction or an exponent after a digit: 1e300 is fine.
                other.to_string()
            }
            other => other.to_string(),
        }),
        1 => Just("\"7\"".to_string()),
        1 => Just("true".to_string()),
        1 => Just("[]".to_string()),
        1 => Just("{}".to_string()),
    ]
}

/// A value as YAML writes it.
fn yaml_value() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => proptest::sample::select(number_words()).prop_map(|word| match word.as_str() {
            "nan" => ".nan".to_string(),
            "inf" => ".inf".to_string(),
            "-inf" => "-.inf".to_string(),
            other => other.to_string(),
        }),
        1 => Just("\"2\"".to_string()),
        1 => Just("[1, 2]".to_string()),
        1 => Just("{a: 1}".to_string()),
        1 => Just("~".to_string()),
        1 => Just("yes".to_string()),
    ]
}

/// A text of up to `length` characters, printable or not.
fn any_text(length: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("(?s).{{0,{length}}}")).unwrap()
}

/// `text` with up to four of its bytes changed, removed or added.
fn mutated(text: String) -> impl Strategy<Value = Vec<u8>> {
    let length = text.len().max(1);
    proptest::collection::vec((0..length, any::<u8>(), 0..3u8), 1..5).prop_map(move |edits| {
        let mut bytes = text.clone().into_bytes();
        for (at, byte, kind) in edits {
            let at = at.min(bytes.len());
            match kind {
                0 if at < bytes.len() => bytes[at] = byte,
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, byte),
            }
        }
        bytes
    })
}

/// Whether a resolved duration lies within a bound of seconds (to a nanosecond's rounding).
fn seconds_within(duration: Duration, bound: &'static Bound) -> bool {
    let Range::Real { min, max } = bound.range else {
        return false;
    };
    let seconds = duration.as_secs_f64();
    seconds >= min * (1.0 - 1e-9) && seconds <= max * (1.0 + 1e-9)
}

/// Whether a number of bytes lies within a bound of MiB (or of KiB for `kib`).
fn size_within(bytes: u64, bound: &'static Bound, unit: u64) -> bool {
    let Range::Whole { min, max } = bound.range else {
        return false;
    };
    bytes % unit == 0 && (min..=max).contains(&(bytes / unit))
}

/// Whether a word of `number_words` is refused by `bound` (words it reads as numbers of the
/// bound's kind; `None` when the word is not one).
fn refused_by(bound: &'static Bound, word: &str) -> Option<bool> {
    let word = word.trim_matches('"');
    match bound.range {
        Range::Whole { .. } => match word.parse::<i128>() {
            Ok(number) => Some(
                u64::try_from(number)
                    .ok()
                    .map_or(true, |n| bound.whole(n).is_err()),
            ),
            Err(_) => None,
        },
        Range::Real { .. } => match word.parse::<f64>() {
            Ok(number) if !word.contains('.') && !word.contains('e') && !word.contains('n') => {
                // A TOML integer for a float key: a type question, not the bound's.
                let _ = number;
                None
            }
            Ok(number) => Some(bound.real(number).is_err()),
            Err(_) => None,
        },
    }
}

// ----- runner.toml -------------------------------------------------------------------------

/// The numeric keys of runner.toml with their bounds (`table.key`).
const RUNNER_KEYS: [(&str, &Bound); 22] = [
    ("defaults.seed", &bounds::SEED),
    ("defaults.jobs", &bounds::JOBS),
    ("defaults.random_tests", &bounds::TESTS),
    ("defaults.output_limit_mib", &bounds::OUTPUT),
    ("defaults.stderr_limit_kib", &bounds::STDERR),
    ("defaults.max_processes", &bounds::PROCESSES),
    ("defaults.compile_time_limit_seconds", &bounds::TIME_LIMIT),
    ("defaults.compile_memory_mib", &bounds::MEMORY),
    ("defaults.compile_max_processes", &bounds::PROCESSES),
    ("defaults.compile_output_limit_mib", &bounds::BUILD_OUTPUT),
    (
        "defaults.compile_message_limit_kib",
        &bounds::COMPILER_MESSAGES,
    ),
    ("defaults.wall_time_factor", &bounds::FACTOR),
    ("defaults.wall_time_extra_seconds", &bounds::TIME_EXTRA),
    ("languages.cpp.time_factor", &bounds::FACTOR),
    ("languages.cpp.time_extra_seconds", &bounds::TIME_EXTRA),
    ("languages.cpp.memory_factor", &bounds::FACTOR),
    ("languages.cpp.memory_extra_mib", &bounds::MEMORY_EXTRA),
    ("languages.cpp.runtime_overhead_mib", &bounds::MEMORY_EXTRA),
    ("validators.time_limit_seconds", &bounds::TIME_LIMIT),
    ("validators.memory_mib", &bounds::MEMORY),
    ("files.test_file_limit_mib", &bounds::FILE_READ),
    ("files.source_limit_mib", &bounds::FILE_READ),
];

/// A configuration file to try: one of the target's keys (`key` indexes its table) set to
/// `value`, written out as `text`; or bytes as they are (a real file with bytes changed, any
/// text, a corpus file).
#[derive(Clone)]
enum FileInput {
    Key {
        key: usize,
        value: String,
        text: Vec<u8>,
    },
    Bytes(Vec<u8>),
}

impl FileInput {
    fn text(&self) -> &[u8] {
        match self {
            FileInput::Key { text, .. } | FileInput::Bytes(text) => text,
        }
    }

    /// The key set and its value, for a keyed input.
    fn key(&self) -> Option<(usize, &str)> {
        match self {
            FileInput::Key { key, value, .. } => Some((*key, value)),
            FileInput::Bytes(_) => None,
        }
    }
}

impl Debug for FileInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", String::from_utf8_lossy(self.text()))
    }
}

/// Inputs of a configuration file: mostly one key of `keys` set to a value (written by
/// `render`), else the file at `real` with bytes changed, else any text.
fn file_input(
    keys: usize,
    render: fn(usize, &str) -> Vec<u8>,
    real: &str,
) -> impl Strategy<Value = FileInput> {
    prop_oneof![
        4 => (0..keys, toml_value()).prop_map(move |(key, value)| FileInput::Key {
            text: render(key, &value),
            key,
            value,
        }),
        2 => mutated(repo_file(real)).prop_map(FileInput::Bytes),
        1 => any_text(300).prop_map(|t| FileInput::Bytes(t.into_bytes())),
    ]
}

/// runner.toml with one key set: its table alone (the file is layered over the built-in one).
fn runner_text(key: usize, value: &str) -> Vec<u8> {
    let (name, _) = RUNNER_KEYS[key];
    let (table, key) = name.rsplit_once('.').unwrap();
    format!("[{table}]\n{key} = {value}\n").into_bytes()
}

/// Every resolved number of a runner configuration within its bound.
fn runner_within_bounds(runner: &RunnerConfig) -> Result<(), String> {
    let limits = &runner.limits;
    let checks = [
        ("jobs", bounds::JOBS.whole(runner.jobs as u64).is_ok()),
        (
            "random_tests",
            bounds::TESTS.whole(runner.random_tests as u64).is_ok(),
        ),
        (
            "output",
            size_within(limits.output_bytes, &bounds::OUTPUT, MIB),
        ),
        (
            "stderr",
            size_within(limits.stderr_bytes, &bounds::STDERR, 1024),
        ),
        (
            "max_processes",
            bounds::PROCESSES
                .whole(u64::from(limits.max_processes))
                .is_ok(),
        ),
        (
            "wall_time_factor",
            bounds::FACTOR.real(limits.wall_time_factor).is_ok(),
        ),
        (
            "wall_time_extra",
            seconds_within(limits.wall_time_extra, &bounds::TIME_EXTRA),
        ),
        (
            "compile.time",
            seconds_within(runner.compile.time, &bounds::TIME_LIMIT),
        ),
        (
            "compile.memory_bytes",
            size_within(runner.compile.memory_bytes, &bounds::MEMORY, MIB),
        ),
        (
            "compile.max_processes",
            bounds::PROCESSES
                .whole(u64::from(runner.compile.max_processes))
                .is_ok(),
        ),
        (
            "compile.output_bytes",
            size_within(runner.compile.output_bytes, &bounds::BUILD_OUTPUT, MIB),
        ),
        (
            "compile.message_bytes",
            size_within(
                runner.compile.message_bytes,
                &bounds::COMPILER_MESSAGES,
                1024,
            ),
        ),
        (
            "validators.time_limit",
            seconds_within(runner.validators.time_limit, &bounds::TIME_LIMIT),
        ),
        (
            "validators.memory_bytes",
            size_within(runner.validators.memory_bytes, &bounds::MEMORY, MIB),
        ),
        (
            "files.test_file_bytes",
            size_within(runner.files.test_file_bytes, &bounds::FILE_READ, MIB),
        ),
        (
            "files.source_bytes",
            size_within(runner.files.source_bytes, &bounds::FILE_READ, MIB),
        ),
    ];
    if let Some((name, _)) = checks.iter().find(|(_, ok)| !ok) {
        return Err(format!("{name} out of its bound: {runner:?}"));
    }
    for language in &runner.languages {
        let a = &language.allowance;
        let ok = bounds::FACTOR.real(a.time_factor).is_ok()
            && bounds::FACTOR.real(a.memory_factor).is_ok()
            && seconds_within(a.time_extra, &bounds::TIME_EXTRA)
            && (a.memory_extra_bytes == 0
                || size_within(a.memory_extra_bytes, &bounds::MEMORY_EXTRA, MIB))
            && (language.runtime_overhead_bytes == 0
                || size_within(language.runtime_overhead_bytes, &bounds::MEMORY_EXTRA, MIB));
        if !ok {
            return Err(format!("language {} out of its bounds", language.id));
        }
    }
    Ok(())
}

fn check_runner(input: &FileInput) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("runner.toml");
    std::fs::write(&file, input.text()).unwrap();
    match RunnerConfig::load(&file) {
        Ok(runner) => {
            runner_within_bounds(&runner).map_err(TestCaseError::fail)?;
            if let Some((key, value)) = input.key() {
                let (name, bound) = RUNNER_KEYS[key];
                ensure(refused_by(bound, value) != Some(true), || {
                    format!("{name} = {value} was taken, past {}", bound.range_text())
                })?;
            }
            // Limits resolved from it, with the largest problem limits, stay durations.
            let problem = limits::ProblemLimits {
                cpu_time: Duration::from_secs(86_400),
                memory_bytes: 1 << 40,
                output_bytes: None,
                language_extra_time: true,
                language_extra_memory: true,
            };
            for language in &runner.languages {
                let resolved = limits::resolve(
                    &problem,
                    &language.allowance,
                    &runner.limits,
                    &Overrides::default(),
                );
                ensure(resolved.wall_time >= resolved.cpu_time, || {
                    format!("{resolved:?}")
                })?;
            }
        }
        Err(error) => {
            let text = error.to_string();
            ensure(text.contains("runner.toml"), || {
                format!("the error does not name the file: {text}")
            })?;
            if let Some((key, _)) = input.key() {
                let (name, _) = RUNNER_KEYS[key];
                let (_, key) = name.rsplit_once('.').unwrap();
                ensure(text.contains(key), || {
                    format!("the error does not name {name}: {text}")
                })?;
            }
        }
    }
    Ok(())
}

#[test]
fn runner_toml() {
    let corpus = corpus_files("config")
        .into_iter()
        .map(|(_, bytes)| FileInput::Bytes(bytes))
        .collect();
    let inputs = file_input(RUNNER_KEYS.len(), runner_text, "runner.toml");
    fuzz("runner.toml", corpus, inputs, check_runner);
}

/// The kept runner.toml corpus holds only files that must be refused.
#[test]
fn the_kept_config_corpus_is_refused_cleanly() {
    let mut count = 0;
    for (path, bytes) in corpus_files("config") {
        count += 1;
        let scratch = tempfile::tempdir().unwrap();
        let file = scratch.path().join("runner.toml");
        std::fs::write(&file, bytes).unwrap();
        let error = RunnerConfig::load(&file).expect_err(&path.display().to_string());
        assert!(error.to_string().contains("runner.toml"), "{error}");
    }
    assert!(count >= 5);
}

// ----- problem.toml ------------------------------------------------------------------------

/// The numeric keys of problem.toml with their bounds, and the tables they need.
const PROBLEM_KEYS: [(&str, &Bound); 9] = [
    ("limits.time_seconds", &bounds::TIME_LIMIT),
    ("limits.memory_mib", &bounds::MEMORY),
    ("limits.output_mib", &bounds::OUTPUT),
    ("checker.tolerance", &bounds::TOLERANCE),
    ("interactive.games", &bounds::GAMES),
    ("interactive.accept_mean_score", &bounds::MEAN_SCORE),
    ("generator.time_limit_seconds", &bounds::TIME_LIMIT),
    ("generator.memory_mib", &bounds::MEMORY),
    ("checker.time_limit_seconds", &bounds::TIME_LIMIT),
];

/// problem.toml with one key set, and the tables that key needs.
fn problem_text(key: usize, value: &str) -> Vec<u8> {
    let (name, _) = PROBLEM_KEYS[key];
    let set = |wanted: &str, default: &str| {
        if name == wanted {
            value.to_string()
        } else {
            default.to_string()
        }
    };
    let kind = if name.starts_with("interactive") {
        "interactive"
    } else {
        "batch"
    };
    let mut text = format!(
        "id = \"p\"\ntitle = \"P\"\nsource = \"fuzz\"\nkind = \"{kind}\"\n\n[limits]\n\
             time_seconds = {}\nmemory_mib = {}\noutput_mib = {}\n",
        set("limits.time_seconds", "1.0"),
        set("limits.memory_mib", "64"),
        set("limits.output_mib", "8"),
    );
    if kind == "interactive" {
        text += &format!(
            "\n[interactive]\ngames = {}\naccept_mean_score = {}\n",
            set("interactive.games", "4"),
            set("interactive.accept_mean_score", "10.0"),
        );
    }
    match name {
            "checker.tolerance" => text += &format!("\n[checker]\ntype = \"float\"\ntolerance = {value}\n"),
            "checker.time_limit_seconds" => {
                text += &format!(
                    "\n[checker]\ntype = \"external\"\ncommand = [\"./check\"]\ntime_limit_seconds = {value}\n"
                )
            }
            "generator.time_limit_seconds" | "generator.memory_mib" => {
                text += &format!(
                    "\n[generator]\ncommand = [\"./gen\"]\ntime_limit_seconds = {}\nmemory_mib = {}\n",
                    set("generator.time_limit_seconds", "5"),
                    set("generator.memory_mib", "256"),
                )
            }
            _ => {}
        }
    text.into_bytes()
}

fn check_problem(input: &FileInput) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    // The id must be the folder's name: "p" for the keys, the real one for mutations.
    let folder = match input {
        FileInput::Key { .. } => dir.path().join("p"),
        FileInput::Bytes(_) => dir.path().join("boj28489"),
    };
    std::fs::create_dir(&folder).unwrap();
    let file = folder.join("problem.toml");
    std::fs::write(&file, input.text()).unwrap();
    match ProblemSpec::load(&file) {
        Ok(spec) => {
            let l = &spec.limits;
            ensure(
                seconds_within(l.cpu_time, &bounds::TIME_LIMIT)
                    && size_within(l.memory_bytes, &bounds::MEMORY, MIB)
                    && l.output_bytes
                        .map_or(true, |b| size_within(b, &bounds::OUTPUT, MIB)),
                || format!("limits out of their bounds: {l:?}"),
            )?;
            if let Some(interactive) = &spec.interactive {
                ensure(
                    bounds::GAMES.whole(interactive.games as u64).is_ok()
                        && interactive.accept_mean_score.is_finite(),
                    || format!("{interactive:?}"),
                )?;
            }
            for program in [&spec.programs.generator, &spec.programs.validator]
                .into_iter()
                .flatten()
            {
                ensure(
                    seconds_within(program.time_limit, &bounds::TIME_LIMIT)
                        && size_within(program.memory_bytes, &bounds::MEMORY, MIB),
                    || format!("{program:?}"),
                )?;
            }
            if let Some((key, value)) = input.key() {
                let (name, bound) = PROBLEM_KEYS[key];
                ensure(refused_by(bound, value) != Some(true), || {
                    format!("{name} = {value} was taken, past {}", bound.range_text())
                })?;
            }
        }
        Err(error) => {
            let text = error.to_string();
            ensure(text.contains("problem.toml"), || {
                format!("the error does not name the file: {text}")
            })?;
        }
    }
    Ok(())
}

#[test]
fn problem_toml() {
    let corpus = corpus_files("problem_toml")
        .into_iter()
        .map(|(_, bytes)| FileInput::Bytes(bytes))
        .collect();
    let inputs = file_input(
        PROBLEM_KEYS.len(),
        problem_text,
        "problems/boj28489/problem.toml",
    );
    fuzz("problem.toml", corpus, inputs, check_problem);
}

// ----- problem.yaml and .timelimit ---------------------------------------------------------

/// The numeric keys of problem.yaml's `limits`, with their bounds.
const YAML_KEYS: [(&str, &Bound); 8] = [
    ("time_limit", &bounds::TIME_LIMIT),
    ("memory", &bounds::MEMORY),
    ("output", &bounds::OUTPUT),
    ("time_multiplier", &bounds::FACTOR),
    ("time_safety_margin", &bounds::FACTOR),
    ("time_resolution", &bounds::TIME_RESOLUTION),
    ("time_multipliers.ac_to_time_limit", &bounds::FACTOR),
    ("time_multipliers.time_limit_to_tle", &bounds::FACTOR),
];

#[derive(Clone)]
struct PackageInput {
    /// problem.yaml.
    yaml: Vec<u8>,
    /// `.timelimit`, if the package has one.
    timelimit: Option<String>,
}

impl Debug for PackageInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "problem.yaml {:?}, .timelimit {:?}",
            String::from_utf8_lossy(&self.yaml),
            self.timelimit
        )
    }
}

fn yaml_limits() -> impl Strategy<Value = Vec<u8>> {
    let format = proptest::sample::select(vec![
        "",
        "problem_format_version: legacy\n",
        "problem_format_version: 2023-07-draft\n",
        "problem_format_version: 2025-09\n",
        "problem_format_version: 1999\n",
    ]);
    let keys = proptest::collection::vec((0..YAML_KEYS.len(), yaml_value()), 0..4);
    (format, keys).prop_map(|(format, keys)| {
        let mut limits = String::new();
        let mut multipliers = String::new();
        for (key, value) in keys {
            let (name, _) = YAML_KEYS[key];
            match name.strip_prefix("time_multipliers.") {
                Some(inner) => multipliers += &format!("    {inner}: {value}\n"),
                None => limits += &format!("  {name}: {value}\n"),
            }
        }
        if !multipliers.is_empty() {
            limits += &format!("  time_multipliers:\n{multipliers}");
        }
        format!("{format}name: Fuzz\nlimits:\n{limits}").into_bytes()
    })
}

fn package_input() -> impl Strategy<Value = PackageInput> {
    let timelimit = proptest::option::weighted(
        0.3,
        prop_oneof![
            3 => proptest::sample::select(number_words()),
            1 => any_text(20),
        ],
    );
    let yaml = prop_oneof![
        4 => yaml_limits(),
        1 => mutated("problem_format_version: 2023-07\nlimits:\n  time_limit: 2\n  memory: 512\n".into()),
        1 => any_text(200).prop_map(String::into_bytes),
    ];
    (yaml, timelimit).prop_map(|(yaml, timelimit)| PackageInput { yaml, timelimit })
}

/// The runner configuration of the repository, read once.
fn repo_runner() -> &'static RunnerConfig {
    static RUNNER: OnceLock<RunnerConfig> = OnceLock::new();
    RUNNER.get_or_init(|| {
        RunnerConfig::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("runner.toml")).unwrap()
    })
}

fn check_package(input: &PackageInput) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("fuzzed");
    std::fs::create_dir_all(package.join("data/secret")).unwrap();
    std::fs::write(package.join("data/secret/1.in"), "1 2\n").unwrap();
    std::fs::write(package.join("data/secret/1.ans"), "3\n").unwrap();
    std::fs::write(package.join("problem.yaml"), &input.yaml).unwrap();
    if let Some(timelimit) = &input.timelimit {
        std::fs::write(package.join(".timelimit"), timelimit).unwrap();
    }
    let folder = Folder::new(&package).unwrap();
    if let Ok(metadata) = kattis::metadata::read(&folder, &package.join("problem.yaml")) {
        let time = metadata.time;
        ensure(
            time.fixed
                .map_or(true, |t| bounds::TIME_LIMIT.real(t).is_ok())
                && bounds::FACTOR.real(time.ac_to_time_limit).is_ok()
                && bounds::FACTOR.real(time.time_limit_to_tle).is_ok()
                && bounds::TIME_RESOLUTION.real(time.resolution).is_ok()
                && bounds::MEMORY.whole(metadata.memory_mib).is_ok()
                && bounds::OUTPUT.whole(metadata.output_mib).is_ok(),
            || format!("problem.yaml taken out of its bounds: {metadata:?}"),
        )?;
        // A derived limit from any slowest time a provisional run can take is finite.
        for slowest in [0.0, 0.001, 1.0, 60.0, 180.0] {
            ensure(time.derive(slowest).is_finite(), || {
                format!("derive({slowest}) of {time:?}")
            })?;
        }
    }
    match Package::load(&package, &ValidatorLimits::default()) {
        Ok(package) => {
            let spec = &package.spec;
            ensure(
                seconds_within(spec.limits.cpu_time, &bounds::TIME_LIMIT)
                    || spec.limits.cpu_time == Duration::from_secs(60),
                || format!("{:?}", spec.limits),
            )?;
            // The limits a run gets: the wall clock and the backstop stay durations.
            let resolved = limits::resolve(
                &spec.limits,
                &Allowance::NONE,
                &repo_runner().limits,
                &Overrides::default(),
            );
            let backstop = resolved.wall_time.checked_mul(3);
            ensure(backstop.is_some(), || format!("{resolved:?}"))?;
        }
        Err(error) => {
            let text = error.to_string();
            ensure(
                text.contains("problem.yaml") || text.contains(".timelimit"),
                || format!("the error names neither problem.yaml nor .timelimit: {text}"),
            )?;
        }
    }
    Ok(())
}

#[test]
fn problem_yaml() {
    let corpus = corpus_files("problem_yaml")
        .into_iter()
        .map(
            |(path, bytes)| match path.extension().and_then(|e| e.to_str()) {
                Some("timelimit") => PackageInput {
                    yaml: b"name: Fuzz\n".to_vec(),
                    timelimit: Some(String::from_utf8_lossy(&bytes).into_owned()),
                },
                _ => PackageInput {
                    yaml: bytes,
                    timelimit: None,
                },
            },
        )
        .collect();
    fuzz("problem.yaml", corpus, package_input(), check_package);
}

/// The cases of issue 21 are refused by name.
#[test]
fn the_kept_problem_yaml_corpus_is_refused_by_its_bound() {
    for (path, bytes) in corpus_files("problem_yaml") {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("problem.yaml");
        std::fs::write(&file, bytes).unwrap();
        if path.extension().is_some_and(|e| e == "yaml") {
            let error = kattis::metadata::read(&Folder::new(dir.path()).unwrap(), &file)
                .expect_err(&path.display().to_string())
                .to_string();
            assert!(error.contains("must be"), "{}: {error}", path.display());
        } else {
            // A `.timelimit` file's content, in a legacy package.
            let package = dir.path().join("package");
            std::fs::create_dir_all(package.join("data/secret")).unwrap();
            std::fs::write(package.join("data/secret/1.in"), "1\n").unwrap();
            std::fs::write(package.join("data/secret/1.ans"), "1\n").unwrap();
            std::fs::write(package.join("problem.yaml"), "name: T\n").unwrap();
            std::fs::copy(&file, package.join(".timelimit")).unwrap();
            let error = Package::load(&package, &ValidatorLimits::default())
                .expect_err(&path.display().to_string())
                .to_string();
            assert!(
                error.contains(".timelimit") && error.contains("between 0.001 and 86400 seconds"),
                "{}: {error}",
                path.display()
            );
        }
    }
}

// ----- testdata.yaml -----------------------------------------------------------------------

/// Words a group's flags may hold.
fn flag_words() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::sample::select(vec![
            "case_sensitive",
            "space_change_sensitive",
            "float_tolerance",
            "float_absolute_tolerance",
            "float_relative_tolerance",
            "min_score",
            "x",
        ])
        .prop_map(String::from),
        3 => proptest::sample::select(number_words()),
        1 => Just("0x1p-3".to_string()),
        1 => Just("1e".to_string()),
    ]
}

/// A testdata.yaml: flags as a string or a list under the keys groups use, or any text.
fn testdata_text() -> impl Strategy<Value = Option<Vec<u8>>> {
    let key = proptest::sample::select(vec![
        "output_validator_flags",
        "output_validator_args",
        "input_validator_flags",
        "on_reject",
        "grading",
    ]);
    let flags = proptest::collection::vec(flag_words(), 0..5);
    let structured = (key, flags, any::<bool>()).prop_map(|(key, flags, as_list)| {
        let value = if as_list {
            format!("[{}]", flags.join(", "))
        } else {
            format!("\"{}\"", flags.join(" "))
        };
        format!("{key}: {value}\n").into_bytes()
    });
    proptest::option::weighted(
        0.7,
        prop_oneof![
            4 => structured,
            1 => any_text(120).prop_map(String::into_bytes),
        ],
    )
}

#[derive(Clone)]
struct GroupsInput {
    /// data/testdata.yaml, data/secret/testdata.yaml, data/secret/g/test_group.yaml.
    files: [Option<Vec<u8>>; 3],
    output: Vec<u8>,
    answer: Vec<u8>,
}

impl Debug for GroupsInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        let files: Vec<Option<String>> =
            self.files.iter().map(|f| f.as_deref().map(text)).collect();
        write!(
            f,
            "groups {files:?}, output {:?}, answer {:?}",
            text(&self.output),
            text(&self.answer)
        )
    }
}

fn groups_input() -> impl Strategy<Value = GroupsInput> {
    let numbers = proptest::collection::vec(
        prop_oneof![
            proptest::sample::select(number_words()),
            Just("0x1.8p1".to_string()),
            Just("abc".to_string()),
        ],
        0..6,
    )
    .prop_map(|words| words.join(" ").into_bytes());
    (
        testdata_text(),
        testdata_text(),
        testdata_text(),
        numbers.clone(),
        numbers,
    )
        .prop_map(|(a, b, c, output, answer)| GroupsInput {
            files: [a, b, c],
            output,
            answer,
        })
}

fn check_groups(input: &GroupsInput) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path();
    std::fs::create_dir_all(package.join("data/secret/g")).unwrap();
    for (folder, name) in [("data/secret", "1"), ("data/secret/g", "2")] {
        std::fs::write(package.join(folder).join(format!("{name}.in")), "x\n").unwrap();
        std::fs::write(
            package.join(folder).join(format!("{name}.ans")),
            &input.answer,
        )
        .unwrap();
    }
    let places = [
        "data/testdata.yaml",
        "data/secret/testdata.yaml",
        "data/secret/g/test_group.yaml",
    ];
    for (place, text) in places.iter().zip(&input.files) {
        if let Some(text) = text {
            std::fs::write(package.join(place), text).unwrap();
        }
    }
    match kattis::testdata::read(&Folder::new(package).unwrap(), &Default::default()) {
        Ok(tests) => {
            ensure(tests.len() == 2, || format!("{tests:?}"))?;
            for test in &tests {
                if let Ok(options) = kattis_check::Options::from_flags(&test.checker_args) {
                    // The answer itself passes; any output gets a verdict.
                    let same = kattis_check::check(&input.answer, &input.answer, &options);
                    ensure(same == CheckOutcome::Accepted, || {
                        format!("the answer is not accepted as itself under {options:?}: {same:?}")
                    })?;
                    let _ = kattis_check::check(&input.output, &input.answer, &options);
                    let _ = Comparison::Kattis {
                        flags: test.checker_args.clone(),
                    }
                    .check(&input.output, &input.answer);
                }
            }
        }
        Err(error) => {
            let text = error.to_string();
            ensure(
                text.contains("testdata.yaml") || text.contains("test_group.yaml"),
                || format!("the error names no group file: {text}"),
            )?;
        }
    }
    Ok(())
}

#[test]
fn testdata_yaml() {
    let corpus = corpus_files("testdata_yaml")
        .into_iter()
        .map(|(_, bytes)| GroupsInput {
            files: [None, Some(bytes), None],
            output: b"1.0 2\n".to_vec(),
            answer: b"1 2\n".to_vec(),
        })
        .collect();
    fuzz("testdata.yaml", corpus, groups_input(), check_groups);
}

// ----- merge parts -------------------------------------------------------------------------

/// The parts of one run, as files (their JSON).
#[derive(Clone)]
struct PartsInput {
    parts: Vec<Vec<u8>>,
}

impl Debug for PartsInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|p| String::from_utf8_lossy(p).into_owned())
            .collect();
        write!(f, "{parts:?}")
    }
}

/// A JSON value as fuzzing replaces one: numbers at the ends of the types and the bounds,
/// other types.
fn json_replacement() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{json, Value};
    prop_oneof![
        6 => proptest::sample::select(number_words()).prop_map(|word| {
            serde_json::from_str::<Value>(&word).unwrap_or(Value::String(word))
        }),
        1 => Just(Value::Null),
        1 => Just(json!("")),
        1 => Just(json!([])),
        1 => Just(json!({})),
        1 => Just(json!({"index": 0, "count": 0})),
        1 => Just(json!({"index": 1, "count": 18446744073709551615u64})),
        1 => Just(json!(true)),
    ]
}

/// Every path to a value in `value` (object keys and array indices).
fn paths(value: &serde_json::Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(at.clone());
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map {
                at.push(key.clone());
                paths(inner, at, out);
                at.pop();
            }
        }
        serde_json::Value::Array(items) => {
            for (index, inner) in items.iter().enumerate() {
                at.push(index.to_string());
                paths(inner, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn value_at<'a>(
    value: &'a mut serde_json::Value,
    path: &[String],
) -> Option<&'a mut serde_json::Value> {
    path.iter().try_fold(value, |value, step| match value {
        serde_json::Value::Object(map) => map.get_mut(step),
        serde_json::Value::Array(items) => items.get_mut(step.parse::<usize>().ok()?),
        _ => None,
    })
}

/// The real parts of the corpus (`tests`, `games`, `grade`), each kind's parts in order.
fn real_parts() -> &'static Vec<Vec<serde_json::Value>> {
    static PARTS: OnceLock<Vec<Vec<serde_json::Value>>> = OnceLock::new();
    PARTS.get_or_init(|| {
        ["tests", "games", "grade"]
            .iter()
            .map(|kind| {
                corpus_files(&format!("merge/{kind}"))
                    .into_iter()
                    .map(|(_, bytes)| serde_json::from_slice(&bytes).unwrap())
                    .collect()
            })
            .collect()
    })
}

fn parts_input() -> impl Strategy<Value = PartsInput> {
    let edits = proptest::collection::vec(
        (
            any::<prop::sample::Index>(),
            any::<prop::sample::Index>(),
            json_replacement(),
            0..4u8,
        ),
        0..4,
    );
    (0..3usize, edits, any::<bool>()).prop_map(|(kind, edits, drop_one)| {
        let mut parts = real_parts()[kind].clone();
        for (which, where_, replacement, action) in edits {
            let part = which.get_mut(&mut parts);
            let mut all = Vec::new();
            paths(part, &mut Vec::new(), &mut all);
            let path = where_.get(&all).clone();
            match action {
                // Remove the value's key (or empty an array).
                0 => {
                    if let Some((last, parent)) = path.split_last() {
                        if let Some(serde_json::Value::Object(map)) = value_at(part, parent) {
                            map.remove(last);
                        }
                    }
                }
                // Repeat an array's items many times.
                1 => {
                    if let Some(serde_json::Value::Array(items)) = value_at(part, &path) {
                        if let Some(first) = items.first().cloned() {
                            items.extend(std::iter::repeat(first).take(200));
                        }
                    }
                }
                _ => {
                    if let Some(target) = value_at(part, &path) {
                        *target = replacement;
                    }
                }
            }
        }
        if drop_one && parts.len() > 1 {
            parts.pop();
        }
        PartsInput {
            parts: parts
                .iter()
                .map(|part| serde_json::to_vec(part).unwrap())
                .collect(),
        }
    })
}

fn check_parts(input: &PartsInput) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let mut read = Vec::new();
    for (k, bytes) in input.parts.iter().enumerate() {
        let path = dir.path().join(format!("part-{k}.json"));
        std::fs::write(&path, bytes).unwrap();
        match merge::read_part(&path) {
            Ok(part) => read.push(part),
            Err(error) => {
                let text = error.to_string();
                return ensure(text.contains("part-"), || {
                    format!("the error does not name the part: {text}")
                });
            }
        }
    }
    match merge::merge(read) {
        Ok(merged) => show_merged(&merged).map_err(TestCaseError::fail),
        Err(error) => {
            let text = error.to_string();
            ensure(!text.is_empty(), || "an empty error".into())
        }
    }
}

/// The merged report as `judge merge` shows it (table, JSON), into memory.
fn show_merged(merged: &merge::Report) -> Result<(), String> {
    use judge::report::json::JsonReporter;
    use judge::report::scoreboard::ScoreboardReporter;
    use judge::report::table::TableReporter;
    use judge::report::verify::VerifyReporter;
    use judge::report::{Event, Reporter, Reporters};
    let sink = || -> Box<dyn std::io::Write> { Box::new(Vec::new()) };
    let mut reporters = Reporters::new();
    reporters.add(JsonReporter::new(Vec::new()));
    let told = match merged {
        merge::Report::Run(summary) => {
            reporters.add(TableReporter::new(sink()));
            summary
                .outcomes
                .iter()
                .try_for_each(|unit| reporters.report(&Event::unit_finished(unit)))
                .and_then(|()| reporters.report(&Event::Finished(summary)))
        }
        merge::Report::Grade(scoreboard) => {
            reporters.add(ScoreboardReporter::new(sink(), sink()));
            reporters.report(&Event::GradeFinished(scoreboard))
        }
        merge::Report::Verify(summary) => {
            reporters.add(VerifyReporter::new(sink()));
            reporters.report(&Event::VerifyFinished(summary))
        }
    };
    told.and_then(|()| reporters.finish())
        .map_err(|e| format!("a report of the merged parts failed: {e}"))
}

#[test]
fn merge_parts() {
    let mut corpus = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/merge");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    cases.sort();
    for case in cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let parts = corpus_files(&format!("merge/{name}"))
            .into_iter()
            .map(|(_, bytes)| bytes)
            .collect();
        corpus.push(PartsInput { parts });
    }
    fuzz("merge parts", corpus, parts_input(), check_parts);
}

/// The real parts merge, and the parts of issue 21 are refused naming their bound.
#[test]
fn the_kept_merge_corpus_merges_or_is_refused_by_its_bound() {
    for kind in ["tests", "games", "grade"] {
        let parts = corpus_files(&format!("merge/{kind}"))
            .into_iter()
            .map(|(path, _)| merge::read_part(&path).unwrap())
            .collect();
        merge::merge(parts).unwrap_or_else(|e| panic!("{kind}: {e}"));
    }
    for (case, bound) in [
        ("shard-count-zero", "between 1 and 100000"),
        ("shard-count-max", "between 1 and 100000"),
        ("units-past-the-bound", "between 0 and 10000000"),
    ] {
        let (path, _) = &corpus_files(&format!("merge/{case}"))[0];
        let error = merge::read_part(path).unwrap_err().to_string();
        assert!(error.contains(bound), "{case}: {error}");
    }
}

// ----- transcripts -------------------------------------------------------------------------

fn transcript_text() -> impl Strategy<Value = String> {
    let position = prop_oneof![
        6 => (1..=16u32).prop_map(|p| p.to_string()),
        1 => proptest::sample::select(vec!["0", "17", "-1", "99999999999999999999", "x", ""])
            .prop_map(String::from),
    ];
    let reply = prop_oneof![
        6 => proptest::sample::select(vec!["UP", "DOWN", "LEFT", "RIGHT"]).prop_map(String::from),
        1 => any_text(8),
    ];
    let rounds = proptest::collection::vec((position, proptest::option::of(reply)), 0..80);
    let real = corpus_files("transcript")
        .into_iter()
        .map(|(_, bytes)| String::from_utf8(bytes).unwrap())
        .collect::<Vec<_>>();
    prop_oneof![
        3 => (rounds, any::<bool>()).prop_map(|(rounds, ended)| {
            let mut text = String::from("# fuzz\n");
            for (position, reply) in rounds {
                text += &position;
                if let Some(reply) = reply {
                    text += " ";
                    text += &reply;
                }
                text += "\n";
            }
            if ended {
                text += "-1\n";
            }
            text
        }),
        2 => proptest::sample::select(real)
            .prop_flat_map(mutated)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
        1 => any_text(300),
    ]
}

fn check_transcript(text: &str) -> Result<(), TestCaseError> {
    if let Ok(transcript) = boj28489::parse_transcript(text) {
        if let Ok(replayed) = boj28489::replay(&transcript) {
            ensure(replayed.moves as usize <= transcript.rounds.len(), || {
                format!(
                    "{} moves from {} rounds",
                    replayed.moves,
                    transcript.rounds.len()
                )
            })?;
        }
    }
    Ok(())
}

#[test]
fn transcripts() {
    let corpus: Vec<String> = corpus_files("transcript")
        .into_iter()
        .map(|(_, bytes)| String::from_utf8_lossy(&bytes).into_owned())
        .collect();
    for text in &corpus {
        let transcript = boj28489::parse_transcript(text).unwrap();
        boj28489::replay(&transcript).unwrap();
    }
    fuzz("transcripts", corpus, transcript_text(), |text: &String| {
        check_transcript(text)
    });
}

// ----- checker and validator feedback ------------------------------------------------------

#[derive(Debug, Clone)]
struct FeedbackInput {
    convention: Convention,
    facts: RunFacts,
    limits: Limits,
    stdout: Vec<u8>,
    stderr_head: String,
    judge_message: Option<String>,
}

fn any_facts() -> impl Strategy<Value = RunFacts> {
    let termination = prop_oneof![
        4 => prop_oneof![Just(0), Just(1), Just(2), Just(3), Just(42), Just(43), any::<i32>()]
            .prop_map(Termination::Exited),
        1 => (0..70i32).prop_map(Termination::Signaled),
    ];
    let microseconds = prop_oneof![Just(0u64), 0..10_000_000u64, Just(u64::MAX)];
    (
        termination,
        microseconds.clone(),
        microseconds.clone(),
        microseconds,
        prop_oneof![Just(0u64), 0..10_000_000u64, Just(u64::MAX)],
        proptest::option::of(prop_oneof![Just(0u64), Just(u64::MAX), 0..10_000_000u64]),
        any::<bool>(),
        prop_oneof![Just(0u64), Just(u64::MAX), 0..100_000_000u64],
        any::<bool>(),
    )
        .prop_map(
            |(
                termination,
                cpu,
                wall,
                wait,
                peak,
                cgroup_peak,
                oom,
                stdout_bytes,
                at_process_limit,
            )| RunFacts {
                termination,
                stopped_by: None,
                cpu_time_us: cpu,
                wall_time_us: wall,
                wait_time_us: wait,
                ended_at_ns: 0,
                peak_rss_kib: peak,
                cgroup_peak_kib: cgroup_peak,
                oom_killed: oom,
                stdout_bytes,
                stderr_bytes: 0,
                launch_error: None,
                protections: Vec::new(),
                process_limit_reached: at_process_limit,
                left_running: false,
            },
        )
}

fn any_limits() -> impl Strategy<Value = Limits> {
    (
        1..=86_400_000u64,
        1..=(1u64 << 20),
        1..=1024u64,
        prop_oneof![Just(0u64), Just(1), Just(u64::MAX)],
    )
        .prop_map(|(cpu_ms, memory_mib, output_mib, stderr)| Limits {
            cpu_time: Duration::from_millis(cpu_ms),
            wall_time: Duration::from_millis(cpu_ms) * 2 + Duration::from_secs(1),
            memory_bytes: memory_mib * MIB,
            output_bytes: output_mib * MIB,
            stderr_bytes: stderr,
            max_processes: 64,
        })
}

fn feedback_input() -> impl Strategy<Value = FeedbackInput> {
    (
        prop_oneof![
            Just(Convention::Testlib),
            Just(Convention::Kattis),
            Just(Convention::Cms)
        ],
        any_facts(),
        any_limits(),
        proptest::collection::vec(any::<u8>(), 0..600),
        any_text(600),
        proptest::option::of(any_text(2000)),
    )
        .prop_map(
            |(convention, facts, limits, stdout, stderr_head, judge_message)| FeedbackInput {
                convention,
                facts,
                limits,
                stdout,
                stderr_head,
                judge_message,
            },
        )
}

fn check_feedback(input: &FeedbackInput) -> Result<(), TestCaseError> {
    let run = PartRun {
        facts: input.facts.clone(),
        stdout: input.stdout.clone(),
        stderr_head: input.stderr_head.clone(),
        judge_message: input.judge_message.clone(),
        feedback_score: None,
        next_pass: None,
    };
    let ended = run.ended(&input.limits);
    let message = run.message();
    // The message is clipped: 500 characters and an ellipsis at most.
    ensure(message.chars().count() <= 503, || {
        format!("a message of {} characters", message.chars().count())
    })?;
    // A checker's word follows its convention's exit codes, and nothing else gives a verdict.
    let said = checker::judged(
        input.convention,
        "checker c",
        ended.clone(),
        message.clone(),
    );
    // A CMS checker's exit 0 says only that it judged (its outcome is on its standard
    // output); no exit of its is a wrong answer, and it is no validator's convention.
    let expected_code = |testlib: i32, kattis: i32, cms: Option<i32>| match input.convention {
        Convention::Testlib => ended == Ended::Exit(testlib),
        Convention::Kattis => ended == Ended::Exit(kattis),
        Convention::Cms => cms.is_some_and(|cms| ended == Ended::Exit(cms)),
    };
    let contract = match &said {
        CheckOutcome::Accepted => expected_code(0, 42, Some(0)),
        CheckOutcome::WrongAnswer(_) => expected_code(1, 43, None),
        CheckOutcome::PresentationError(_) => {
            input.convention == Convention::Testlib && ended == Ended::Exit(2)
        }
        CheckOutcome::JudgeError(m) => {
            !expected_code(0, 42, Some(0)) && !expected_code(1, 43, None) && m.contains("checker c")
        }
    };
    ensure(contract, || {
        format!("{ended:?} under {:?} gave {said:?}", input.convention)
    })?;
    // A validator's likewise: valid only on its convention's code.
    let validity = programs::validity(input.convention, "validator v", ended.clone(), message);
    ensure(validity.is_ok() == expected_code(0, 42, None), || {
        format!("{ended:?} under {:?} gave {validity:?}", input.convention)
    })?;
    // The solution's verdict from the same facts: a pure function that never panics.
    for stderr_says in [StderrSays::Nothing, StderrSays::OutOfMemory] {
        let _ = verdict::classify(&input.limits, &input.facts, stderr_says, Some(&said));
        let _ = verdict::peak_memory_bytes(&input.facts);
    }
    Ok(())
}

#[test]
fn checker_and_validator_feedback() {
    fuzz(
        "checker and validator feedback",
        Vec::new(),
        feedback_input(),
        check_feedback,
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn checkers_never_panic(output in proptest::collection::vec(any::<u8>(), 0..200),
                            answer in proptest::collection::vec(any::<u8>(), 0..200)) {
        for checker in [Comparison::Tokens, Comparison::Lines, Comparison::Float { tolerance: 1e-6 }] {
            let _ = checker.check(&output, &answer);
        }
    }

    #[test]
    fn every_checker_accepts_the_answer_itself(answer in "[ -~\n]{0,200}") {
        for checker in [Comparison::Tokens, Comparison::Lines, Comparison::Float { tolerance: 1e-9 }] {
            prop_assert_eq!(checker.check(answer.as_bytes(), answer.as_bytes()), CheckOutcome::Accepted);
        }
    }

    #[test]
    fn token_checking_ignores_whitespace_shape(tokens in proptest::collection::vec("[a-z0-9-]{1,6}", 0..20),
                                                separators in proptest::collection::vec("[ \t\r\n]{1,3}", 20)) {
        let answer = tokens.join("\n") + "\n";
        let mut output = String::new();
        for (token, separator) in tokens.iter().zip(&separators) {
            output.push_str(separator);
            output.push_str(token);
        }
        prop_assert_eq!(Comparison::Tokens.check(output.as_bytes(), answer.as_bytes()), CheckOutcome::Accepted);
    }

    #[test]
    fn replies_other_than_the_four_words_are_wrong(reply in "\\PC{0,30}") {
        let problem = problems::interactive_problem("boj28489").unwrap();
        let mut game = problem.new_game(TestRng::for_game(1, 0));
        game.opening();
        let word = reply.trim();
        let legal = ["UP", "DOWN", "LEFT", "RIGHT"].contains(&word);
        match game.reply(&reply) {
            Ok(Step::Continue(_)) | Ok(Step::Over(_)) => prop_assert!(legal, "{:?} accepted", reply),
            Err(message) => {
                prop_assert!(!legal, "{:?} refused", reply);
                prop_assert!(message.to_string().starts_with("round 1: reply"), "{}", message);
            }
        }
    }
}

#[test]
fn the_kept_checker_corpus_gives_verdicts_not_panics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/checker");
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    assert_eq!(
        Comparison::Tokens.check(&read("crlf.out"), &read("crlf.ans")),
        CheckOutcome::Accepted
    );
    assert!(matches!(
        Comparison::Tokens.check(&read("binary.out"), &read("binary.ans")),
        CheckOutcome::WrongAnswer(_)
    ));
    assert!(matches!(
        Comparison::Float { tolerance: 1e-6 }
            .check(&read("odd-numbers.out"), &read("odd-numbers.ans")),
        CheckOutcome::WrongAnswer(_)
    ));
}

// ----- the command line --------------------------------------------------------------------

/// The commands and the flags of each that take numbers (or shards), as the fuzzer mixes them.
const COMMANDS: [(&str, &[&str], &[&str]); 11] = [
    (
        "test",
        &["sol.c"],
        &[
            "--count",
            "--games",
            "--seed",
            "--jobs",
            "--time-limit",
            "--memory-limit",
            "--shard",
            "--game",
            "--problem",
        ],
    ),
    (
        "grade",
        &["subs/"],
        &[
            "--count",
            "--games",
            "--seed",
            "--jobs",
            "--time-limit",
            "--memory-limit",
            "--shard",
            "--problem",
        ],
    ),
    (
        "verify",
        &[],
        &["--count", "--games", "--jobs", "--shard", "--time-limit"],
    ),
    (
        "gen",
        &["boj1525"],
        &["--seed", "--index", "--count", "--size"],
    ),
    (
        "stress",
        &["sol.c"],
        &[
            "--seed",
            "--time",
            "--count",
            "--shrink-budget",
            "--problem",
        ],
    ),
    (
        "compare",
        &["a.c", "b.c"],
        &["--games", "--seed", "--jobs", "--problem"],
    ),
    ("validate", &["boj1525", "in.txt"], &["--jobs"]),
    ("replay", &["game.txt"], &["--animate"]),
    ("export", &["boj1525"], &["--count", "--seed"]),
    (
        "bench",
        &[],
        &["--tiny-tests", "--games", "--solver-tests", "--flip-runs"],
    ),
    ("merge", &["part.json"], &[]),
];

/// An argument's value: a number word, a shard, or bytes that are not UTF-8.
fn argument_value() -> impl Strategy<Value = OsString> {
    prop_oneof![
        6 => proptest::sample::select(number_words()).prop_map(OsString::from),
        2 => proptest::sample::select(vec![
            "1/0", "0/1", "3/2", "auto", "auto/0", "auto/100001", "0/100000", "0/100001", "-1/2",
            "18446744073709551615/18446744073709551616", "NaN", "", " 5", "0x10", "1_000",
        ])
        .prop_map(OsString::from),
        // An argument never holds a NUL byte: the system passes them as C strings.
        1 => proptest::collection::vec(1..=255u8, 0..6).prop_map(OsString::from_vec),
    ]
}

fn command_line() -> impl Strategy<Value = Vec<OsString>> {
    (
        0..COMMANDS.len(),
        proptest::collection::vec((any::<prop::sample::Index>(), argument_value()), 0..5),
        any::<bool>(),
    )
        .prop_map(|(command, flags, bad_positional)| {
            let (name, positionals, known) = COMMANDS[command];
            let mut args: Vec<OsString> = vec!["judge".into(), name.into()];
            for positional in positionals {
                args.push(if bad_positional {
                    OsString::from_vec(vec![b'a', 0xff, b'/', 0xfe])
                } else {
                    OsString::from(positional)
                });
            }
            if name == "stress" || name == "compare" || name == "grade" {
                args.push("--problem".into());
                args.push("boj1525".into());
            }
            for (flag, value) in flags {
                if known.is_empty() {
                    break;
                }
                args.push(flag.get(known).into());
                args.push(value);
            }
            args
        })
}

/// Every number of a parsed command line within its bound.
fn cli_within_bounds(parsed: &cli::Cli) -> Result<(), String> {
    use cli::Command;
    let count =
        |n: Option<usize>, bound: &'static Bound| n.map_or(true, |n| bound.whole(n as u64).is_ok());
    let ok = match &parsed.command {
        Command::Test(args) => {
            let g = &args.grading;
            count(g.count, &bounds::TESTS)
                && count(g.games, &bounds::GAMES)
                && count(g.jobs, &bounds::JOBS)
                && g.time_limit
                    .map_or(true, |t| seconds_within(t, &bounds::TIME_LIMIT))
                && g.memory_limit
                    .map_or(true, |m| bounds::MEMORY.whole(m).is_ok())
                && g.shard.map_or(true, |s| match s {
                    judge::plan::ShardChoice::Given(shard) => {
                        shard.index < shard.count
                            && bounds::SHARDS.whole(shard.count as u64).is_ok()
                    }
                    judge::plan::ShardChoice::FromScheduler { count } => {
                        count.map_or(true, |n| bounds::SHARDS.whole(n as u64).is_ok())
                    }
                })
        }
        Command::Grade(args) => {
            let g = &args.grading;
            count(g.count, &bounds::TESTS)
                && count(g.games, &bounds::GAMES)
                && count(g.jobs, &bounds::JOBS)
        }
        Command::Verify(args) => {
            count(args.count, &bounds::TESTS)
                && count(args.games, &bounds::GAMES)
                && count(args.jobs, &bounds::JOBS)
                && args
                    .time_limit
                    .map_or(true, |t| seconds_within(t, &bounds::TIME_LIMIT))
        }
        Command::Gen(args) => {
            args.count.map_or(true, |n| bounds::TESTS.whole(n).is_ok())
                && bounds::SIZE.whole(u64::from(args.size)).is_ok()
        }
        Command::Stress(args) => {
            args.time
                .map_or(true, |t| seconds_within(t, &bounds::STRESS_TIME))
                && args.count.map_or(true, |n| bounds::TESTS.whole(n).is_ok())
                && bounds::SHRINK_RUNS.whole(args.shrink_budget as u64).is_ok()
        }
        Command::Compare(args) => {
            count(args.games, &bounds::GAMES) && count(args.jobs, &bounds::JOBS)
        }
        Command::Validate(args) => count(args.jobs, &bounds::JOBS),
        Command::Replay(args) => args
            .animate
            .map_or(true, |ms| bounds::ANIMATION.whole(ms).is_ok()),
        Command::Export(args) => args.count.map_or(true, |n| bounds::TESTS.whole(n).is_ok()),
        Command::Bench(args) => [args.tiny_tests, args.games, args.flip_runs]
            .iter()
            .all(|&n| bounds::BENCH_RUNS.whole(n as u64).is_ok()),
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("a number out of its bound was taken: {parsed:?}"))
    }
}

fn check_command_line(args: &Vec<OsString>) -> Result<(), TestCaseError> {
    use clap::Parser;
    match cli::Cli::try_parse_from(args) {
        Ok(parsed) => cli_within_bounds(&parsed).map_err(TestCaseError::fail),
        Err(error) => {
            // Refused as judge refuses it: a value out of its bound on one line that names
            // the flag; anything else is clap's usage error (exit code 2).
            ensure(error.use_stderr(), || format!("not an error: {error}"))?;
            if let Some(line) = cli::refused_value(&error) {
                ensure(!line.contains('\n') && line.starts_with('-'), || {
                    format!("not one line naming the flag: {line:?}")
                })?;
            }
            Ok(())
        }
    }
}

/// Reads a command line kept in the corpus: one argument a line, bytes as they are.
fn corpus_command_line(bytes: &[u8]) -> Vec<OsString> {
    std::iter::once(OsString::from("judge"))
        .chain(
            bytes
                .split(|&b| b == b'\n')
                .filter(|line| !line.is_empty())
                .map(|line| std::ffi::OsStr::from_bytes(line).to_os_string()),
        )
        .collect()
}

#[test]
fn command_line_parsing() {
    let corpus = corpus_files("cli")
        .into_iter()
        .map(|(_, bytes)| corpus_command_line(&bytes))
        .collect();
    fuzz("command line", corpus, command_line(), check_command_line);
}

/// The real binary on command lines that end quickly (no solution to compile, or `gen`): exit
/// code 0, 1 or 2, never a panic, in a folder of its own with its own HOME.
#[test]
fn command_lines_run_by_the_binary() {
    let home = tempfile::tempdir().unwrap();
    let lines = prop_oneof![
        3 => command_line().prop_map(|mut args| {
            // Nothing to grade: the solution and the parts do not exist.
            for arg in args.iter_mut().skip(2) {
                let text = arg.as_bytes();
                if text.ends_with(b".c") || text.ends_with(b".json") || text.ends_with(b".txt") || text == b"subs/" {
                    *arg = OsString::from("/nonexistent/x.c");
                }
            }
            args
        }),
        1 => (proptest::sample::select(number_words()), proptest::sample::select(vec!["1", "50", "100"]))
            .prop_map(|(index, size)| ["judge", "gen", "boj1525", "--index", &index, "--size", size]
                .map(OsString::from)
                .to_vec()),
    ];
    let check = |args: &Vec<OsString>| -> Result<(), TestCaseError> {
        // bench and verify would run for minutes: they are parsed above, not run.
        if matches!(
            args.get(1).and_then(|a| a.to_str()),
            Some("bench" | "verify" | "export")
        ) {
            return Ok(());
        }
        let started = Instant::now();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(&args[1..])
            .current_dir(home.path())
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_CACHE_HOME", home.path().join("cache"))
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        ensure(!stderr.contains("panicked"), || {
            format!("it panicked: {stderr}")
        })?;
        ensure(matches!(output.status.code(), Some(0..=2)), || {
            format!("exit {:?}: {stderr}", output.status.code())
        })?;
        // judge's own errors are one line, whatever the arguments held.
        if stderr.starts_with("judge: error:") {
            ensure(stderr.trim_end().lines().count() == 1, || {
                format!("an error on several lines: {stderr:?}")
            })?;
        }
        ensure(started.elapsed() < Duration::from_secs(30), || {
            format!("it took {:.1} s", started.elapsed().as_secs_f64())
        })
    };
    let corpus = corpus_files("cli")
        .into_iter()
        .map(|(_, bytes)| corpus_command_line(&bytes))
        .collect();
    fuzz("the binary's command line", corpus, lines, check);
}
