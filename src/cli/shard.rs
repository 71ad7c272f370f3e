//! `--shard K/N | auto | auto/N`, shared by `test`, `grade` and `verify`: the choice from the
//! command line, resolved against the scheduler's environment (Slurm array jobs, Kubernetes
//! indexed Jobs) by `judge::plan::ShardChoice`.

use anyhow::Result;

use judge::plan::{Shard, ShardChoice};

/// The help text of `--shard`.
pub const HELP: &str = "Do only shard K of N of the work (K from 0): unit i (test, game, \
submission, solution, in plan order) is shard i mod N's. `auto` takes K and N from a Slurm \
array job (SLURM_ARRAY_TASK_*); `auto/N` also from a Kubernetes indexed Job \
(JOB_COMPLETION_INDEX). Merge the shards' --json parts with `judge merge`.";

/// The shard asked for, if any.
pub fn resolve(choice: Option<ShardChoice>) -> Result<Option<Shard>> {
    let env = |name: &str| std::env::var(name).ok();
    Ok(choice.map(|choice| choice.resolve(&env)).transpose()?)
}
