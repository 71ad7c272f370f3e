//! What a run of the grader leaves on the system when it is killed (SIGKILL: nothing of it
//! runs to clean up), and the proof that its owner is gone, so that a later run may sweep it.
//!
//! The proof is a [`ProcessStamp`]: the pid namespace, the pid and the start time of the
//! process that made a thing, written into the thing's name (the grader's temporary folder
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

/// The name of the file in a session's folder that lists its cgroups.
pub(crate) const GROUP_RECORD: &str = "cgroups";
/// The largest group record read (a session makes at most four groups).
const RECORD_BYTES: u64 = 16 * 1024;

/// A process as a later run can check it: its pid namespace, pid and start time (clock ticks
/// after boot). Written `NS-PID-START`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcessStamp {
    namespace: u64,
    pid: u32,
    start_ticks: u64,
}

impl ProcessStamp {
    /// This process's stamp.
    pub fn own() -> ProcessStamp {
        let pid = std::process::id();
        ProcessStamp {
            namespace: own_pid_namespace(),
            pid,
            start_ticks: start_ticks(pid).unwrap_or(0),
        }
    }

    /// Reads a stamp from the start of `text` (`NS-PID-START`, then `-` and anything, or
    /// nothing); `None` when it does not start with one.
    pub fn parse_prefix(text: &str) -> Option<ProcessStamp> {
        let mut fields = text.splitn(4, '-');
        let mut number = || -> Option<u64> {
            fields
                .next()
                .filter(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|f| f.parse().ok())
        };
        Some(ProcessStamp {
            namespace: number()?,
            pid: u32::try_from(number()?).ok()?,
            start_ticks: number()?,
        })
    }

    /// The process is provably gone: the stamp is of our pid namespace and no process of
    /// its pid started at its time, or it has ended and waits to be reaped (a zombie holds
    /// nothing). A stamp of another namespace, or a process that cannot be read, is not gone.
    pub fn is_gone(&self) -> bool {
        if self.namespace != own_pid_namespace() {
            return false;
        }
        match fs::read_to_string(format!("/proc/{}/stat", self.pid)) {
            Ok(stat) => match stat_fields(&stat) {
                Some((state, start)) => start != self.start_ticks || matches!(state, "Z" | "X"),
                None => false,
            },
            Err(e) => e.kind() == std::io::ErrorKind::NotFound,
        }
    }
}

impl std::fmt::Display for ProcessStamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}-{}", self.namespace, self.pid, self.start_ticks)
    }
}

/// The inode number of our pid namespace (`/proc/self/ns/pid` -> `pid:[4026531836]`), or 0.
fn own_pid_namespace() -> u64 {
    fs::read_link("/proc/self/ns/pid")
        .ok()
        .and_then(|link| {
            let text = link.to_string_lossy().into_owned();
            text.strip_prefix("pid:[")?.strip_suffix(']')?.parse().ok()
        })
        .unwrap_or(0)
}

/// When process `pid` started, in clock ticks after boot.
fn start_ticks(pid: u32) -> Option<u64> {
    stat_fields(&fs::read_to_string(format!("/proc/{pid}/stat")).ok()?).map(|(_, start)| start)
}

/// Fields 3 (the state) and 22 (the start time) of `/proc/PID/stat`, read after the command
/// name, which is in parentheses and may hold spaces and parentheses itself.
fn stat_fields(stat: &str) -> Option<(&str, u64)> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    let mut fields = after_name.split_whitespace();
    let state = fields.next()?;
    // The start time is the 20th field from the state on.
    let start = fields.nth(18)?.parse().ok()?;
    Some((state, start))
}

/// Whose leftovers a sweep removes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// A run found on the system: its launchers' groups are removed only once each launcher
    /// is provably gone.
    Dead,
    /// Our own run, ending in a hurry: its launchers have just been killed.
    Ours,
}

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
    fn our_own_stamp_reads_back_and_is_not_gone() {
        let own = ProcessStamp::own();
        assert_ne!(own.start_ticks, 0, "the start time is read");
        let written = format!("{own}-Xy12ab");
        assert_eq!(ProcessStamp::parse_prefix(&written), Some(own));
        assert_eq!(ProcessStamp::parse_prefix(&own.to_string()), Some(own));
        assert!(!own.is_gone());
    }

    #[test]
    fn a_stamp_whose_process_started_at_another_time_is_gone() {
        let own = ProcessStamp::own();
        let reused = ProcessStamp {
            start_ticks: own.start_ticks + 1,
            ..own
        };
        assert!(reused.is_gone(), "the pid now names another process");
        // A pid above the kernel's largest (4194304) has no process.
        let never = ProcessStamp {
            pid: 4_194_305,
            ..own
        };
        assert!(never.is_gone());
        let elsewhere = ProcessStamp {
            namespace: own.namespace + 1,
            ..never
        };
        assert!(!elsewhere.is_gone(), "another pid namespace proves nothing");
    }

    #[test]
    fn names_that_do_not_start_with_a_stamp_are_not_read_as_one() {
        for name in [
            "", "aB3xYz", "12-34", "12-34-", "12-x4-56", "-1-2-3", "1-2-3x",
        ] {
            assert_eq!(ProcessStamp::parse_prefix(name), None, "{name}");
        }
    }

    #[test]
    fn the_start_time_is_read_past_a_command_name_with_spaces_and_parentheses() {
        let stat = "42 (a) b (c)) S 1 42 42 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 100 200";
        assert_eq!(stat_fields(stat), Some(("S", 987_654)));
    }

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
