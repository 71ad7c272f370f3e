//! judge-engine: grading. [`resolve`] makes one problem of a bundled module, a folder of
//! programs ([`programs`]) or a package (`judge_formats`); [`execute`] and [`interact`] run
//! programs in the sandbox (raw facts); [`grade`] is the one engine over units (tests, games)
//! on [`pool`]'s workers, which judges each unit, concludes each job and tells reporters what
//! happens; [`stress`] searches for a failing input on it.

pub mod execute;
pub mod generate;
pub mod grade;
pub mod interact;
pub mod pool;
pub mod programs;
pub mod resolve;
pub mod stress;
