//! judge: a local online-judge grader.
//!
//! Data flows one way: `config` (runner.toml, problem.toml) -> `plan` (which tests, which
//! limits) -> `lang` and [`sandbox`] (compile, run each test under limits: raw facts) ->
//! `verdict` (a pure function of facts and limits) -> `report` (table, JSON, JUnit).

pub mod limits;
pub mod problems;
pub mod rng;
pub mod sandbox;
