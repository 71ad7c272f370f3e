//! judge: a local online-judge grader.
//!
//! Data flows one way: [`config`] (runner.toml, problem.toml, validated once) -> [`plan`]
//! (which tests and games) and [`limits`] (resolved once) -> [`lang`] (compile, cached) and
//! [`execute`] / [`interact`] over [`sandbox`] (runs under limits: raw facts) -> [`check`]
//! (or a checker or interactor of the problem's, in [`programs`]) and
//! [`verdict`] (a pure function of facts and limits) -> [`report`]. [`grade`] drives that
//! flow for each command and tells reporters what happens; the binary's `cli` only maps
//! arguments to requests and picks reporters. Every file judge reads or writes for the user
//! goes through [`files`] (caps on sizes; folders judge did not write read as untrusted).

pub mod bench;
pub mod bounds;
pub mod check;
pub mod cleanup;
pub mod config;
pub mod execute;
pub mod files;
pub mod grade;
pub mod interact;
pub mod kattis;
pub mod lang;
pub mod limits;
pub mod plan;
pub mod pool;
pub mod problems;
pub mod programs;
pub mod quote;
pub mod report;
pub mod resolve;
pub mod rng;
pub use judge_sandbox as sandbox;
pub mod scoring;
pub mod stats;
pub mod stress;
pub mod verdict;
