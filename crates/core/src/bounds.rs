//! The bounds of every number a user or a package gives judge: one table that names each
//! quantity, its unit, its range and why, and the checks that hold a value to it. The command
//! line (clap's value parsers), runner.toml, problem.toml, problem.yaml and `.timelimit`, and
//! the parts `judge merge` reads all check through here, so a quantity has one range wherever
//! it is written and every refusal names its bound ("--count must be between 1 and 1000000,
//! found 0"). The guide's table of bounds (docs/guide/configuration.md) is [`markdown_table`]
//! (a test keeps them equal).
//!
//! The ranges also keep arithmetic safe: a time limit times the largest factor plus the
//! largest extra time is a few hundred days, a memory limit times the largest factor plus the
//! largest extra fits in bytes, so nothing computed from bounded values overflows.

use std::fmt;
use std::time::Duration;

use thiserror::Error;

use crate::limits::MIB;

/// The values a bound lets through.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Range {
    /// Whole numbers from `min` to `max`, both included.
    Whole { min: u64, max: u64 },
    /// Finite numbers from `min` to `max`, both included (`f64::MIN`, `f64::MAX`: no end).
    Real { min: f64, max: f64 },
}

/// One quantity a user or a package gives, with its range.
#[derive(Debug, PartialEq)]
pub struct Bound {
    /// What it is, as the table names it: `time limit`.
    pub quantity: &'static str,
    /// Its unit as written after a number (`seconds`, `MiB`), or empty for a plain count.
    pub unit: &'static str,
    pub range: Range,
    /// Where it is given: flags, configuration keys, package keys.
    pub given_as: &'static str,
    /// Why the range is what it is.
    pub why: &'static str,
}

/// A value outside its bound (or not a number of its kind), with the bound it broke. Its
/// message completes a sentence that starts with the value's name: `--count` + ` must be
/// between 1 and 1000000, found 0`.
#[derive(Debug, Clone, PartialEq, Error)]
pub struct OutOfBounds {
    pub bound: &'static Bound,
    /// The value as it was given.
    pub found: String,
    /// The text was not a whole number where one was expected.
    whole_expected: bool,
}

impl fmt::Display for OutOfBounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.whole_expected {
            "a whole number "
        } else {
            ""
        };
        write!(
            f,
            "must be {kind}{}, found {}",
            self.bound.range_text(),
            self.found
        )
    }
}

/// Seconds in a day: the largest time limit.
const DAY: f64 = 86_400.0;

pub const TIME_LIMIT: Bound = Bound {
    quantity: "time limit",
    unit: "seconds",
    range: Range::Real {
        min: 0.001,
        max: DAY,
    },
    given_as: "`--time-limit`; problem.toml `limits.time_seconds` and a program's \
               `time_limit_seconds`; runner.toml `compile_time_limit_seconds` and \
               `[validators] time_limit_seconds`; problem.yaml `limits.time_limit`, \
               `.timelimit`, `limits.compilation_time` and `limits.validation_time`, and a limit \
               derived from the accepted submissions",
    why: "CPU time is reported in milliseconds, so a shorter limit cannot be told from 0; past \
          a day it is no limit a judge means (the wall-clock limit and the backstop are \
          multiples of it)",
};

pub const TIME_EXTRA: Bound = Bound {
    quantity: "extra time",
    unit: "seconds",
    range: Range::Real { min: 0.0, max: DAY },
    given_as: "runner.toml `wall_time_extra_seconds`, a language's `time_extra_seconds`",
    why: "added to a time limit, so bounded as one (0 allowed)",
};

pub const TIME_RESOLUTION: Bound = Bound {
    quantity: "time resolution",
    unit: "seconds",
    range: Range::Real {
        min: 0.001,
        max: DAY,
    },
    given_as: "problem.yaml `limits.time_resolution`",
    why: "a derived time limit is a whole number of these, so it is bounded as a time limit",
};

pub const FACTOR: Bound = Bound {
    quantity: "factor",
    unit: "",
    range: Range::Real {
        min: 1.0,
        max: 100.0,
    },
    given_as: "runner.toml `wall_time_factor`, a language's `time_factor` and \
               `memory_factor`; problem.yaml `limits.time_multipliers.ac_to_time_limit` and \
               `time_limit_to_tle` (legacy `time_multiplier`, `time_safety_margin`)",
    why: "a factor grows a limit (below 1 it would shrink it); no judge grants more than a \
          few (Baekjoon 3, problemtools 5), and 100 keeps every product in range",
};

pub const MEMORY: Bound = Bound {
    quantity: "memory limit",
    unit: "MiB",
    range: Range::Whole {
        min: 1,
        max: 1024 * 1024,
    },
    given_as: "`--memory-limit`; problem.toml `limits.memory_mib` and a program's \
               `memory_mib`; problem.yaml `limits.memory`, `limits.compilation_memory` \
               and `limits.validation_memory`; runner.toml `compile_memory_mib` and \
               `[validators] memory_mib`",
    why: "a tebibyte is more than any machine gives one run (a compile step or a validator's \
          included), and times the largest factor it still fits in bytes",
};

pub const MEMORY_EXTRA: Bound = Bound {
    quantity: "extra memory",
    unit: "MiB",
    range: Range::Whole {
        min: 0,
        max: 1024 * 1024,
    },
    given_as: "a language's `memory_extra_mib` and `runtime_overhead_mib`",
    why: "added to (or, for a runtime's overhead, taken from) a memory limit, so bounded as \
          one (0 allowed)",
};

pub const OUTPUT: Bound = Bound {
    quantity: "output limit",
    unit: "MiB",
    range: Range::Whole { min: 1, max: 1024 },
    given_as: "runner.toml `output_limit_mib`; problem.toml `limits.output_mib`; problem.yaml \
               `limits.output` and `limits.validation_output`",
    why: "a run's output is held in memory to be checked",
};

pub const STDERR: Bound = Bound {
    quantity: "standard error kept",
    unit: "KiB",
    range: Range::Whole {
        min: 1,
        max: 64 * 1024,
    },
    given_as: "runner.toml `stderr_limit_kib`",
    why: "held in memory for the report (the rest is read and dropped); a runtime's \
          out-of-memory message is looked for in it",
};

pub const COMPILER_MESSAGES: Bound = Bound {
    quantity: "compiler messages kept",
    unit: "KiB",
    range: Range::Whole {
        min: 1,
        max: 1024 * 1024,
    },
    given_as: "runner.toml `compile_message_limit_kib`",
    why: "held in memory for the report (standard output and error together); a compiler \
          that writes more is stopped (CE), so a gibibyte only costs memory when a build \
          writes that much",
};

pub const BUILD_OUTPUT: Bound = Bound {
    quantity: "build output",
    unit: "MiB",
    range: Range::Whole {
        min: 1,
        max: 64 * 1024,
    },
    given_as: "runner.toml `compile_output_limit_mib`",
    why: "what a build leaves on disk in its folder, each file and all together (the compile \
          cache keeps it); 64 GiB is more than a toolchain's largest binary",
};

pub const FILE_READ: Bound = Bound {
    quantity: "file read cap",
    unit: "MiB",
    range: Range::Whole {
        min: 1,
        max: 64 * 1024,
    },
    given_as: "runner.toml `[files] test_file_limit_mib` and `source_limit_mib`",
    why: "a test's input or answer, or a source, is read whole into memory before it is used; \
          a larger file is refused naming the cap",
};

pub const PROCESSES: Bound = Bound {
    quantity: "processes",
    unit: "",
    range: Range::Whole {
        min: 1,
        max: 32_768,
    },
    given_as: "runner.toml `max_processes` and `compile_max_processes`",
    why: "the program (or the compiler) itself is one; Linux's default `pid_max` is 32768",
};

pub const JOBS: Bound = Bound {
    quantity: "parallel runs",
    unit: "",
    range: Range::Whole { min: 0, max: 1024 },
    given_as: "`--jobs`; runner.toml `jobs` (0: one per core)",
    why: "each is a thread with its own sandbox and launcher; more than any machine's cores \
          only waits",
};

pub const TESTS: Bound = Bound {
    quantity: "tests",
    unit: "",
    range: Range::Whole {
        min: 1,
        max: 1_000_000,
    },
    given_as: "`--count` (test, grade, verify, gen, stress); runner.toml `random_tests`",
    why: "0 would grade nothing and call it accepted; a million is hours of grading (tests \
          are made as they run and reported at once, so memory does not grow with the count)",
};

pub const EXPORTED_TESTS: Bound = Bound {
    quantity: "generated tests of an exported package",
    unit: "",
    range: Range::Whole {
        min: 0,
        max: 1_000_000,
    },
    given_as: "`--count` (export)",
    why: "0 writes the samples alone; a million tests is a package of gigabytes",
};

pub const GAMES: Bound = Bound {
    quantity: "games",
    unit: "",
    range: Range::Whole {
        min: 1,
        max: 1_000_000,
    },
    given_as: "`--games` (test, grade, verify, compare); problem.toml `interactive.games`",
    why: "0 would play nothing and call it accepted; a million games is days of CPU",
};

pub const SEED: Bound = Bound {
    quantity: "seed",
    unit: "",
    range: Range::Whole {
        min: 0,
        max: u64::MAX,
    },
    given_as: "`--seed`; runner.toml `seed` (a TOML integer: at most 2^63 - 1 there)",
    why: "any: it only keys the random streams",
};

pub const INDEX: Bound = Bound {
    quantity: "test or game number",
    unit: "",
    range: Range::Whole {
        min: 0,
        max: u64::MAX,
    },
    given_as: "`gen --index`, `test --game`",
    why: "any: each number keys its own random stream",
};

pub const CODE: Bound = Bound {
    quantity: "code limit",
    unit: "KiB",
    range: Range::Whole {
        min: 1,
        max: 1024 * 1024,
    },
    given_as: "problem.yaml `limits.code`",
    why: "a submission's sources are read into memory; a gibibyte of them is no program",
};

pub const SIZE: Bound = Bound {
    quantity: "size",
    unit: "%",
    range: Range::Whole { min: 1, max: 100 },
    given_as: "`gen --size`",
    why: "a share of the largest input the statement allows",
};

pub const SHARDS: Bound = Bound {
    quantity: "shards",
    unit: "",
    range: Range::Whole {
        min: 1,
        max: 100_000,
    },
    given_as: "N of `--shard K/N` and `auto/N` (K from 0 to N - 1), Slurm's task count; \
               `shard.count` of a part `judge merge` reads",
    why: "Kubernetes warns past 100000 completions of an indexed Job; merge checks every \
          shard is there",
};

pub const PLAN_UNITS: Bound = Bound {
    quantity: "units of a plan",
    unit: "",
    range: Range::Whole {
        min: 0,
        max: 10_000_000,
    },
    given_as: "`plan.units` and `tests_planned` of a part `judge merge` reads",
    why: "ten times the most tests or games a run may ask for, room for a package's own tests \
          and many submissions",
};

pub const STRESS_TIME: Bound = Bound {
    quantity: "stress time",
    unit: "seconds",
    range: Range::Real {
        min: 0.1,
        max: 7.0 * DAY,
    },
    given_as: "`stress --time`",
    why: "the search runs at least one test and stops at the first failure; a week bounds a \
          run nobody watches",
};

pub const SHRINK_RUNS: Bound = Bound {
    quantity: "shrink runs",
    unit: "",
    range: Range::Whole {
        min: 0,
        max: 100_000,
    },
    given_as: "`stress --shrink-budget`",
    why: "0 keeps the failing test as found; each run is one of the solution",
};

pub const ANIMATION: Bound = Bound {
    quantity: "animation delay",
    unit: "ms",
    range: Range::Whole {
        min: 0,
        max: 60_000,
    },
    given_as: "`replay --animate`",
    why: "a board a minute is already a slide show",
};

pub const BENCH_RUNS: Bound = Bound {
    quantity: "benchmark runs",
    unit: "",
    range: Range::Whole {
        min: 1,
        max: 100_000,
    },
    given_as: "`bench --tiny-tests`, `--games`, `--solver-tests`, `--grade-many`, `--pairs`, \
               `--flip-runs`",
    why: "each figure needs at least one run; more is hours",
};

pub const TOLERANCE: Bound = Bound {
    quantity: "float tolerance",
    unit: "",
    range: Range::Real {
        min: 0.0,
        max: f64::MAX,
    },
    given_as: "problem.toml `checker.tolerance`",
    why: "absolute or relative; any finite size, none below 0",
};

pub const MEAN_SCORE: Bound = Bound {
    quantity: "mean score to accept",
    unit: "",
    range: Range::Real {
        min: f64::MIN,
        max: f64::MAX,
    },
    given_as: "problem.toml `interactive.accept_mean_score`",
    why: "any finite score",
};

pub const SCORE: Bound = Bound {
    quantity: "score",
    unit: "",
    range: Range::Real {
        min: -1e9,
        max: 1e9,
    },
    given_as: "testdata.yaml `accept_score`, `reject_score` and `range`; test_group.yaml \
               `scoring.score`; problem.toml `[[groups]] points`; a validator's `score.txt`, \
               a testlib checker's points",
    why: "no contest scores past a billion, and a sum of a million such scores stays exact to \
          well below a point",
};

pub const GROUP_DEPTH: Bound = Bound {
    quantity: "group depth",
    unit: "",
    range: Range::Whole { min: 1, max: 64 },
    given_as: "test groups nested under a package's `data/`, problem.toml groups including \
               groups",
    why: "subtasks nest two or three deep; a deeper tree is a mistake or a link loop, and \
          grading it recurses once a level",
};

pub const FOLDER_DEPTH: Bound = Bound {
    quantity: "folder depth",
    unit: "",
    range: Range::Whole { min: 1, max: 128 },
    given_as: "folders nested in a submission folder, a package's program folder or a \
               package's zip (the folder itself is 1)",
    why: "sources nest a few folders deep and a package's groups at most 64 (group depth); a \
          deeper tree is a mistake or a trap, walked until its paths grow longer than the \
          system takes",
};

pub const GROUPS: Bound = Bound {
    quantity: "groups",
    unit: "",
    range: Range::Whole {
        min: 0,
        max: 10_000,
    },
    given_as: "test groups of a package's `data/`, problem.toml `[[groups]]`",
    why: "an olympiad problem has tens of subtasks; each group is a column of the group table",
};

/// Every bound, in the order of the guide's table.
pub const ALL: [&Bound; 31] = [
    &TIME_LIMIT,
    &TIME_EXTRA,
    &TIME_RESOLUTION,
    &FACTOR,
    &MEMORY,
    &MEMORY_EXTRA,
    &OUTPUT,
    &STDERR,
    &COMPILER_MESSAGES,
    &BUILD_OUTPUT,
    &FILE_READ,
    &PROCESSES,
    &JOBS,
    &TESTS,
    &EXPORTED_TESTS,
    &GAMES,
    &SEED,
    &INDEX,
    &SIZE,
    &SHARDS,
    &PLAN_UNITS,
    &STRESS_TIME,
    &SHRINK_RUNS,
    &ANIMATION,
    &BENCH_RUNS,
    &TOLERANCE,
    &MEAN_SCORE,
    &SCORE,
    &GROUP_DEPTH,
    &FOLDER_DEPTH,
    &GROUPS,
];

impl Bound {
    /// The range as a message says it: `between 1 and 1000000`, `between 0.001 and 86400
    /// seconds`, `a finite number of at least 0`.
    pub fn range_text(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else if self.unit == "%" {
            "%".to_string()
        } else {
            format!(" {}", self.unit)
        };
        match self.range {
            Range::Whole { min, max } => format!("between {min} and {max}{unit}"),
            Range::Real { min, max } if min == f64::MIN && max == f64::MAX => {
                "a finite number".to_string()
            }
            Range::Real { min, max } if max == f64::MAX => {
                format!("a finite number of at least {min}{unit}")
            }
            Range::Real { min, max } => format!("between {min} and {max}{unit}"),
        }
    }

    fn refuse(&'static self, found: impl fmt::Display, whole_expected: bool) -> OutOfBounds {
        OutOfBounds {
            bound: self,
            found: found.to_string(),
            whole_expected,
        }
    }

    /// The refusal of a value that is not a number of the bound's kind at all (a word, a
    /// list, a fraction where a whole number is wanted), shown as `found`.
    pub fn not_a_number(&'static self, found: impl fmt::Display) -> OutOfBounds {
        self.refuse(found, matches!(self.range, Range::Whole { .. }))
    }

    /// A whole number held to the bound.
    pub fn whole<T>(&'static self, value: T) -> Result<u64, OutOfBounds>
    where
        T: TryInto<u64> + fmt::Display + Copy,
    {
        let fits = |number: u64| match self.range {
            Range::Whole { min, max } => (min..=max).contains(&number),
            Range::Real { min, max } => (min..=max).contains(&(number as f64)),
        };
        match value.try_into() {
            Ok(number) if fits(number) => Ok(number),
            _ => Err(self.refuse(value, false)),
        }
    }

    /// A whole number held to the bound, as a `usize` (every whole bound but the seed's and
    /// the index's fits one).
    pub fn count<T>(&'static self, value: T) -> Result<usize, OutOfBounds>
    where
        T: TryInto<u64> + fmt::Display + Copy,
    {
        let number = self.whole(value)?;
        usize::try_from(number).map_err(|_| self.refuse(value, false))
    }

    /// A real number held to the bound: finite and within its ends.
    pub fn real(&'static self, value: f64) -> Result<f64, OutOfBounds> {
        let (min, max) = match self.range {
            Range::Real { min, max } => (min, max),
            Range::Whole { min, max } => (min as f64, max as f64),
        };
        if value.is_finite() && min <= value && value <= max {
            Ok(value)
        } else {
            // `1e20`, `0.5`, `NaN`: as a person writes it.
            Err(self.refuse(format!("{value:?}"), false))
        }
    }

    /// A number of seconds held to the bound, as a duration (the bound keeps it one).
    pub fn seconds(&'static self, value: f64) -> Result<Duration, OutOfBounds> {
        self.real(value).map(Duration::from_secs_f64)
    }

    /// A number of MiB held to the bound, in bytes.
    pub fn mebibytes<T>(&'static self, value: T) -> Result<u64, OutOfBounds>
    where
        T: TryInto<u64> + fmt::Display + Copy,
    {
        Ok(self.whole(value)? * MIB)
    }

    /// A whole number written as text (a flag's value), held to the bound.
    pub fn parse_whole(&'static self, text: &str) -> Result<u64, OutOfBounds> {
        match text.trim().parse::<u64>() {
            Ok(number) => self
                .whole(number)
                .map_err(|_| self.refuse(text.trim(), false)),
            // A whole number past u64, or a negative one: out of the range, as written.
            Err(_) if is_whole_number(text) => Err(self.refuse(text.trim(), false)),
            Err(_) => Err(self.not_a_number(shown(text))),
        }
    }

    /// A count written as text, held to the bound.
    pub fn parse_count(&'static self, text: &str) -> Result<usize, OutOfBounds> {
        self.parse_whole(text).and_then(|n| self.count(n))
    }

    /// A number written as text (a flag's value), held to the bound.
    pub fn parse_real(&'static self, text: &str) -> Result<f64, OutOfBounds> {
        match text.trim().parse::<f64>() {
            Ok(number) => self
                .real(number)
                .map_err(|_| self.refuse(text.trim(), false)),
            Err(_) => Err(self.not_a_number(shown(text))),
        }
    }

    /// A number of seconds written as text, held to the bound, as a duration.
    pub fn parse_seconds(&'static self, text: &str) -> Result<Duration, OutOfBounds> {
        self.parse_real(text).map(Duration::from_secs_f64)
    }
}

/// Whether a text is a whole number, perhaps negative, perhaps too large for any type.
fn is_whole_number(text: &str) -> bool {
    let digits = text.trim();
    let digits = digits.strip_prefix('-').unwrap_or(digits);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A text that is not a number as a message shows it: quoted, with its odd characters escaped.
fn shown(text: &str) -> String {
    match text.trim().parse::<f64>() {
        Ok(_) => text.trim().to_string(),
        Err(_) => format!("{text:?}"),
    }
}

/// A number as the table writes it: `86400`, `0.001`, `18446744073709551615`.
fn end(value: f64) -> String {
    format!("{value}")
}

/// The table of bounds as Markdown, as the guide shows it.
pub fn markdown_table() -> String {
    let mut table = String::from("| quantity | range | given as | why |\n|---|---|---|---|\n");
    for bound in ALL {
        let range = match bound.range {
            Range::Whole { min, max } => format!("{min} to {max}"),
            Range::Real { min, max } if min == f64::MIN && max == f64::MAX => "finite".into(),
            Range::Real { min, max } if max == f64::MAX => format!("{} or more", end(min)),
            Range::Real { min, max } => format!("{} to {}", end(min), end(max)),
        };
        let unit = match bound.unit {
            "" => String::new(),
            "%" => "%".into(),
            unit => format!(" {unit}"),
        };
        table += &format!(
            "| {} | {range}{unit} | {} | {} |\n",
            bound.quantity, bound.given_as, bound.why
        );
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_bound_and_what_was_found() {
        assert_eq!(
            TESTS.whole(0).unwrap_err().to_string(),
            "must be between 1 and 1000000, found 0"
        );
        assert_eq!(
            TIME_LIMIT.real(1e20).unwrap_err().to_string(),
            "must be between 0.001 and 86400 seconds, found 1e20"
        );
        assert_eq!(
            TIME_LIMIT.parse_real("NaN").unwrap_err().to_string(),
            "must be between 0.001 and 86400 seconds, found NaN"
        );
        assert_eq!(
            MEMORY.whole(99_999_999_999_999u64).unwrap_err().to_string(),
            "must be between 1 and 1048576 MiB, found 99999999999999"
        );
        assert_eq!(
            TESTS.parse_whole("1.5").unwrap_err().to_string(),
            "must be a whole number between 1 and 1000000, found 1.5"
        );
        assert_eq!(
            TESTS.parse_whole("ten").unwrap_err().to_string(),
            "must be a whole number between 1 and 1000000, found \"ten\""
        );
        assert_eq!(
            TESTS.parse_whole("-3").unwrap_err().to_string(),
            "must be between 1 and 1000000, found -3"
        );
        assert_eq!(
            SEED.parse_whole("18446744073709551616")
                .unwrap_err()
                .to_string(),
            "must be between 0 and 18446744073709551615, found 18446744073709551616"
        );
        assert_eq!(
            TOLERANCE.real(-1.0).unwrap_err().to_string(),
            "must be a finite number of at least 0, found -1.0"
        );
        assert_eq!(
            MEAN_SCORE.real(f64::NAN).unwrap_err().to_string(),
            "must be a finite number, found NaN"
        );
        assert_eq!(
            SIZE.whole(0).unwrap_err().to_string(),
            "must be between 1 and 100%, found 0"
        );
    }

    #[test]
    fn the_ends_are_in_and_everything_past_them_is_out() {
        for bound in ALL {
            match bound.range {
                Range::Whole { min, max } => {
                    assert_eq!(bound.whole(min), Ok(min));
                    assert_eq!(bound.whole(max), Ok(max));
                    if min > 0 {
                        assert!(bound.whole(min - 1).is_err());
                        assert!(bound.parse_whole(&(min - 1).to_string()).is_err());
                    }
                    if max < u64::MAX {
                        assert!(bound.whole(max + 1).is_err());
                    }
                    assert!(bound.whole(-1i64).is_err());
                    assert_eq!(bound.parse_whole(&max.to_string()), Ok(max));
                    assert!(bound.parse_whole("18446744073709551616").is_err());
                }
                Range::Real { min, max } => {
                    assert_eq!(bound.real(min), Ok(min));
                    assert_eq!(bound.real(max), Ok(max));
                    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
                        assert!(bound.real(bad).is_err(), "{}", bound.quantity);
                    }
                    if min > f64::MIN {
                        assert!(bound.real(min - min.abs().max(1e-9)).is_err());
                    }
                    for text in ["inf", "-inf", "NaN", "", "1e400", "x"] {
                        assert!(bound.parse_real(text).is_err(), "{text}");
                    }
                }
            }
        }
    }

    #[test]
    fn bounded_values_keep_arithmetic_in_range() {
        // The largest time limit times the largest factor, plus the largest extra time, and
        // the backstop (3 x that): still a duration.
        let limit = TIME_LIMIT.seconds(DAY).unwrap();
        let wall = limit.mul_f64(100.0) + TIME_EXTRA.seconds(DAY).unwrap();
        assert!(wall.checked_mul(3).is_some());
        // The largest memory limit times the largest factor, plus the largest extra: bytes.
        let memory = MEMORY.mebibytes(1u64 << 20).unwrap() as f64 * 100.0;
        let extra = MEMORY_EXTRA.mebibytes(1u64 << 20).unwrap() as f64;
        assert!(memory + extra < u64::MAX as f64 / 4.0);
        // Counts fit a usize.
        for bound in [&TESTS, &GAMES, &SHARDS, &PLAN_UNITS, &JOBS] {
            let Range::Whole { max, .. } = bound.range else {
                unreachable!()
            };
            assert_eq!(bound.count(max), Ok(max as usize));
        }
    }

    /// The guide shows the table as this module renders it.
    #[test]
    fn the_guide_shows_this_table() {
        let guide = std::fs::read_to_string(
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
                .join("docs/guide/configuration.md"),
        )
        .unwrap();
        let table = markdown_table();
        if std::env::var_os("JUDGE_PRINT_BOUNDS").is_some() {
            println!("{table}");
        }
        assert!(
            guide.contains(&table),
            "docs/guide/configuration.md's table of bounds is not bounds::markdown_table(); run \
             JUDGE_PRINT_BOUNDS=1 cargo test --lib the_guide_shows_this_table -- --nocapture"
        );
    }

    #[test]
    fn every_quantity_is_in_the_table_once() {
        let table = markdown_table();
        for bound in ALL {
            assert_eq!(
                table.matches(&format!("| {} |", bound.quantity)).count(),
                1,
                "{}",
                bound.quantity
            );
        }
    }
}
