//! What a run of the grader leaves on the system when it is killed (SIGKILL: nothing of it
//! runs to clean up), and the proof that its owner is gone, so that a later run may sweep it.
//!
//! The proof is a process stamp (`stamp.rs`): the pid namespace, the pid and the start time of
//! the process that made a thing, written into the thing's name (the grader's temporary folder
//! `judge-<stamp>-...`, a launcher's cgroups `judge-<stamp>-...`). The owner is gone when no
//! process of that pid in our namespace started at that time (a pid may be used again, a start
//! time with it may not). A stamp of another pid namespace proves nothing here and is left
//! alone.
//!
//! Each launcher writes the cgroups it made into `cgroups` in its session's folder (the
//! parent of the work folder), because the groups are made beside the grader's own cgroup,
//! which a later run in another cgroup does not look in: sweeping a dead run's folder removes
//! the groups it lists first, and keeps the folder (and its list) while one cannot be removed.

use std::fs;
use std::path::{Component, Path, PathBuf};

use super::cgroup;
use super::stamp::Owner;

/// The name of the file in a session's folder that lists its cgroups.
pub(crate) const GROUP_RECORD: &str = "cgroups";
/// The largest group record read (a session makes at most four groups).
const RECORD_BYTES: u64 = 16 * 1024;

/// Removes a run's temporary folder, after the cgroups its sessions recorded (killing what is
/// left in them). Returns false, leaving the folder with its records, while a group cannot be
/// removed yet (its launcher still ends, or its last processes are still dying).
pub fn sweep_run_folder(dir: &Path, owner: Owner) -> bool {
    if !remove_groups(&groups_of_run(dir), owner) {
        return false;
    }
    fs::remove_dir_all(dir).is_ok() || !dir.exists()
}

/// The cgroups a run folder's sessions list.
pub fn groups_of_run(dir: &Path) -> Vec<PathBuf> {
    group_records(dir)
        .iter()
        .flat_map(|record| recorded_groups(record))
        .collect()
}

/// Removes ended sessions' cgroups (see [`sweep_run_folder`]); says whether all are gone.
pub fn remove_groups(groups: &[PathBuf], owner: Owner) -> bool {
    // Every group is tried, whatever became of the ones before.
    let mut all_gone = true;
    for group in groups {
        all_gone &= cgroup::remove_group_of_ended_session(group, owner);
    }
    all_gone
}

/// The group records of a run folder's sessions (`<dir>/<session>/cgroups`).
fn group_records(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .map(|entry| entry.path().join(GROUP_RECORD))
        .filter(|record| {
            fs::symlink_metadata(record).is_ok_and(|m| m.is_file() && m.len() <= RECORD_BYTES)
        })
        .collect()
}

/// The groups a record names: only folders of ours under the cgroup mount (`.../judge-*`),
/// whatever else the file holds.
fn recorded_groups(record: &Path) -> Vec<PathBuf> {
    let Ok(text) = fs::read_to_string(record) else {
        return Vec::new();
    };
    text.lines()
        .map(PathBuf::from)
        .filter(|path| is_group_of_ours(path))
        .collect()
}

/// A path under the cgroup mount, without `..`, whose last part is one of our group names.
fn is_group_of_ours(path: &Path) -> bool {
    path.starts_with(cgroup::ROOT)
        && path
            .components()
            .all(|c| matches!(c, Component::RootDir | Component::Normal(_)))
        && path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with(cgroup::GROUP_PREFIX))
}

/// Writes the record of a session's cgroups into its folder (`folder/cgroups`).
pub(crate) fn record_groups(folder: &Path, groups: &[&PathBuf]) -> std::io::Result<()> {
    let text: String = groups
        .iter()
        .map(|group| format!("{}\n", group.display()))
        .collect();
    fs::write(folder.join(GROUP_RECORD), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_names_only_groups_of_ours_under_the_cgroup_mount() {
        let dir = tempfile::tempdir().unwrap();
        let record = dir.path().join(GROUP_RECORD);
        fs::write(
            &record,
            "/sys/fs/cgroup/memory/judge-1-2-3-4\n/etc\n/sys/fs/cgroup/memory/../../../etc/judge-x\n\
             /sys/fs/cgroup/pids/other\n/sys/fs/cgroup/judge-1-2-3-5\n",
        )
        .unwrap();
        assert_eq!(
            recorded_groups(&record),
            [
                PathBuf::from("/sys/fs/cgroup/memory/judge-1-2-3-4"),
                PathBuf::from("/sys/fs/cgroup/judge-1-2-3-5")
            ]
        );
    }

    #[test]
    fn a_dead_runs_folder_without_groups_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let run = dir.path().join("judge-run");
        fs::create_dir_all(run.join("worker-1/box")).unwrap();
        fs::write(run.join("worker-1").join(GROUP_RECORD), "").unwrap();
        assert!(sweep_run_folder(&run, Owner::Dead));
        assert!(!run.exists());
    }
}
