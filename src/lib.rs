//! judge: a local online-judge grader.
//!
//! Data flows one way: [`config`] (runner.toml, problem.toml) -> [`plan`] (which tests, which
//! limits) -> [`lang`] and [`execute`] over [`sandbox`] (compile, run each test under limits:
//! raw facts) -> [`verdict`] (a pure function of facts and limits) -> [`report`].

pub mod check;
pub mod cleanup;
pub mod config;
pub mod execute;
pub mod interact;
pub mod lang;
pub mod limits;
pub mod plan;
pub mod pool;
pub mod problems;
pub mod report;
pub mod rng;
pub mod sandbox;
pub mod stress;
pub mod verdict;
