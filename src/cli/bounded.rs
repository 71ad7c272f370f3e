//! clap's value parsers for the numbers of the command line, each holding its value to its
//! bound in `judge::bounds` as it is parsed (so a request never carries an unchecked number),
//! and the one-line message for a value clap refused.

use std::time::Duration;

use clap::error::{ContextKind, ContextValue, ErrorKind};

use judge::bounds::{self, OutOfBounds};

pub fn tests(text: &str) -> Result<usize, OutOfBounds> {
    bounds::TESTS.parse_count(text)
}

pub fn tests_u64(text: &str) -> Result<u64, OutOfBounds> {
    bounds::TESTS.parse_whole(text)
}

pub fn exported_tests(text: &str) -> Result<u64, OutOfBounds> {
    bounds::EXPORTED_TESTS.parse_whole(text)
}

pub fn games(text: &str) -> Result<usize, OutOfBounds> {
    bounds::GAMES.parse_count(text)
}

pub fn seed(text: &str) -> Result<u64, OutOfBounds> {
    bounds::SEED.parse_whole(text)
}

pub fn index(text: &str) -> Result<u64, OutOfBounds> {
    bounds::INDEX.parse_whole(text)
}

pub fn jobs(text: &str) -> Result<usize, OutOfBounds> {
    bounds::JOBS.parse_count(text)
}

pub fn time_limit(text: &str) -> Result<Duration, OutOfBounds> {
    bounds::TIME_LIMIT.parse_seconds(text)
}

/// A memory limit in MiB (checked; the request takes bytes).
pub fn memory_mib(text: &str) -> Result<u64, OutOfBounds> {
    bounds::MEMORY.parse_whole(text)
}

pub fn size_percent(text: &str) -> Result<u32, OutOfBounds> {
    // The bound is 1 to 100: it fits.
    bounds::SIZE.parse_whole(text).map(|n| n as u32)
}

pub fn stress_time(text: &str) -> Result<Duration, OutOfBounds> {
    bounds::STRESS_TIME.parse_seconds(text)
}

pub fn shrink_runs(text: &str) -> Result<usize, OutOfBounds> {
    bounds::SHRINK_RUNS.parse_count(text)
}

pub fn animation_ms(text: &str) -> Result<u64, OutOfBounds> {
    bounds::ANIMATION.parse_whole(text)
}

pub fn bench_runs(text: &str) -> Result<usize, OutOfBounds> {
    bounds::BENCH_RUNS.parse_count(text)
}

pub fn bench_runs_u64(text: &str) -> Result<u64, OutOfBounds> {
    bounds::BENCH_RUNS.parse_whole(text)
}

/// A value refused by its parser, on one line as every other error of judge:
/// `--count must be between 1 and 1000000, found 0` (`None` for any other refusal of clap's,
/// which clap shows with the usage).
pub fn refused_value(error: &clap::Error) -> Option<String> {
    if error.kind() != ErrorKind::ValueValidation {
        return None;
    }
    let Some(ContextValue::String(argument)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    let why = std::error::Error::source(error)?.to_string();
    // `--count <N>`: the flag's name alone.
    let name = argument.split_whitespace().next().unwrap_or(argument);
    Some(if why.starts_with(name) {
        why
    } else {
        format!("{name} {why}")
    })
}
