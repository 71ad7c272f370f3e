//! judge-formats: the problem package formats judge reads (Kattis, legacy and 2023-07, and
//! DOMjudge's), turned into judge's problems and checked as problemtools checks them. It
//! stands on `judge_core` and grades nothing itself: the engine grades a package's
//! submissions.

pub mod generators;
pub mod kattis;
pub mod polygon;
pub mod staging;
