//! judge-core: what every layer of judge stands on, with no grading in it.
//!
//! [`config`] (runner.toml, problem.toml, validated once, with [`bounds`] on every number a
//! user gives) -> [`plan`] (which tests) and [`limits`] (one `Limits` value) -> [`lang`]
//! (languages and their compile step, cached) -> [`check`] (comparing an answer) and
//! [`verdict`] (the one `Verdict`, a pure function of a run's facts and its limits);
//! [`scoring`] holds the rules of scored problems, [`problems`] the bundled problems' own code.
//! Every file judge reads or writes for the user goes through [`files`]; [`cleanup`] owns the
//! stop signals. The sandbox is the crate below (`judge_sandbox`).

pub mod bounds;
pub mod check;
pub mod cleanup;
pub mod config;
pub mod constants;
pub mod files;
pub mod lang;
pub mod limits;
pub mod plan;
pub mod problems;
pub mod quote;
pub mod rng;
pub mod scoring;
pub mod stats;
pub mod verdict;
