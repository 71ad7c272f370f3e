//! judge: a local online-judge grader.
//!
//! The crates are the layers, each importing only the ones below it: `judge_sandbox` (runs
//! under limits: raw facts; all of the project's platform calls) <- `judge_core` (configuration,
//! limits, plans, languages, checkers, the one `Verdict`) <- `judge_formats` (Kattis and
//! DOMjudge packages) <- `judge_engine` (resolving a problem, running, judging, the one
//! engine) <- this crate: the reports ([`report`]), `judge bench` ([`bench`]) and the binary's
//! `cli`, which only maps arguments to requests and picks reporters. The modules of the
//! crates below are named here too, so a path such as `judge::grade` reads as before.

pub mod bench;
pub mod report;

pub use judge_core::{
    bounds, check, cleanup, config, files, lang, limits, plan, problems, quote, rng, scoring,
    stats, verdict,
};
pub use judge_engine::{execute, generate, grade, interact, pool, programs, resolve, stress};
pub use judge_formats::generators;
pub use judge_formats::kattis;
pub use judge_formats::polygon;
pub use judge_sandbox as sandbox;
