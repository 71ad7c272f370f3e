//! A session's control groups: each run's memory limit and peak, OOM-kill detection, process
//! count, CPU accounting, and killing everything a run started. Supports cgroup v1 (one
//! hierarchy per controller, as on the development machines) and v2 (unified); uses whatever is
//! writable. The files a run reads and writes are opened once, when the groups are made.

use std::fs::{self, File};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use super::stamp::{Owner, ProcessStamp};

/// Where the cgroup hierarchies are mounted.
pub(crate) const ROOT: &str = "/sys/fs/cgroup";
/// How the names of our groups start: `judge-<launcher's stamp>-<nanoseconds>`.
pub(crate) const GROUP_PREFIX: &str = "judge-";

/// The cgroups of one run. Each controller is optional: a missing one means the system did not
/// let us create it, and the run falls back to rlimits for that resource.
#[derive(Debug, Default)]
pub struct RunGroups {
    unified: Option<PathBuf>,
    memory: Option<PathBuf>,
    pids: Option<PathBuf>,
    cpuacct: Option<PathBuf>,
    files: GroupFiles,
}

/// The open files of the groups that runs use.
#[derive(Debug, Default)]
struct GroupFiles {
    memory_limit: Option<File>,
    /// v1 with swap accounting: memory + swap, kept equal to the memory limit.
    memory_swap_limit: Option<File>,
    process_limit: Option<File>,
    memory_peak: Option<File>,
    /// Where the OOM-kill count is.
    memory_events: Option<File>,
    /// Where the count of forks refused at the process limit is.
    pids_events: Option<File>,
    cpu_usage: Option<File>,
}

impl GroupFiles {
    fn open(groups: &RunGroups) -> GroupFiles {
        let open = |dir: &Option<PathBuf>, name: &str, write: bool| {
            let path = dir.as_ref()?.join(name);
            File::options().read(true).write(write).open(path).ok()
        };
        if groups.unified.is_some() {
            GroupFiles {
                memory_limit: open(&groups.memory, "memory.max", true),
                memory_swap_limit: None,
                process_limit: open(&groups.pids, "pids.max", true),
                memory_peak: open(&groups.memory, "memory.peak", true),
                memory_events: open(&groups.memory, "memory.events", false),
                pids_events: open(&groups.pids, "pids.events", false),
                cpu_usage: open(&groups.cpuacct, "cpu.stat", false),
            }
        } else {
            GroupFiles {
                memory_limit: open(&groups.memory, "memory.limit_in_bytes", true),
                memory_swap_limit: open(&groups.memory, "memory.memsw.limit_in_bytes", true),
                process_limit: open(&groups.pids, "pids.max", true),
                memory_peak: open(&groups.memory, "memory.max_usage_in_bytes", true),
                memory_events: open(&groups.memory, "memory.oom_control", false),
                pids_events: open(&groups.pids, "pids.events", false),
                cpu_usage: open(&groups.cpuacct, "cpuacct.usage", false),
            }
        }
    }
}

/// Writes `value` to a cgroup file (each write is one whole value).
fn write_value(file: &File, value: &str) -> std::io::Result<()> {
    file.write_at(value.as_bytes(), 0).map(|_| ())
}

/// Reads a cgroup file from its start (the kernel renders it afresh for each read at 0).
fn read_text(file: &File) -> Option<String> {
    super::read_small_file(file)
}

impl RunGroups {
    /// Creates the groups named `name`. Never fails: whatever cannot be created is left out.
    /// Limits are set per run with [`RunGroups::set_limits`].
    pub fn create(name: &str) -> RunGroups {
        if Path::new(ROOT).join("cgroup.controllers").exists() {
            return Self::create_v2(name);
        }
        let mut groups = RunGroups::default();
        if let Some(dir) = make_v1_group("memory", name) {
            // Without swap accounting the memsw file does not exist; there is no swap then.
            let _ = fs::write(dir.join("memory.swappiness"), "0");
            if dir.join("memory.limit_in_bytes").exists() {
                groups.memory = Some(dir);
            } else {
                let _ = fs::remove_dir(&dir);
            }
        }
        if let Some(dir) = make_v1_group("pids", name) {
            if dir.join("pids.max").exists() {
                groups.pids = Some(dir);
            } else {
                let _ = fs::remove_dir(&dir);
            }
        }
        groups.cpuacct = make_v1_group("cpuacct", name);
        groups.files = GroupFiles::open(&groups);
        groups
    }

    fn create_v2(name: &str) -> RunGroups {
        let Some(parent) = group_parents("").into_iter().next() else {
            return RunGroups::default();
        };
        let dir = parent.join(name);
        if fs::create_dir(&dir).is_err() {
            return RunGroups::default();
        }
        let _ = fs::write(dir.join("memory.swap.max"), "0");
        let mut groups = RunGroups {
            memory: dir.join("memory.max").exists().then(|| dir.clone()),
            pids: dir.join("pids.max").exists().then(|| dir.clone()),
            cpuacct: dir.join("cpu.stat").exists().then(|| dir.clone()),
            unified: Some(dir),
            files: GroupFiles::default(),
        };
        groups.files = GroupFiles::open(&groups);
        groups
    }

    /// Sets the memory limit and the process count of the next run.
    pub fn set_limits(&self, memory_bytes: u64, max_processes: u32) -> Result<(), String> {
        let write = |file: &File, what: &str, value: String| {
            write_value(file, &value).map_err(|e| format!("cannot set the {what} to {value}: {e}"))
        };
        if let Some(file) = &self.files.memory_limit {
            let limit = memory_bytes.to_string();
            match &self.files.memory_swap_limit {
                // memory + swap must stay at or above the memory limit: raising needs it first,
                // lowering needs the memory limit first; writing memory, both, memory covers
                // both.
                Some(swap) => {
                    let first = write_value(file, &limit);
                    let _ = write_value(swap, &limit);
                    if first.is_err() {
                        write(file, "memory limit", limit)?;
                    }
                }
                None => write(file, "memory limit", limit)?,
            }
        }
        if let Some(file) = &self.files.process_limit {
            write(file, "process limit", max_processes.to_string())?;
        }
        Ok(())
    }

    /// Starts the memory peak afresh for the next run (on cgroup v2 this needs Linux 6.12;
    /// older kernels keep the session's peak, which is only reported after an OOM kill).
    pub fn reset_peak(&self) {
        if let Some(file) = &self.files.memory_peak {
            let value = if self.unified.is_some() { "reset" } else { "0" };
            let _ = write_value(file, value);
        }
    }

    /// Names of the protections in force, for the report.
    pub fn protections(&self) -> Vec<String> {
        let mut names = Vec::new();
        if self.memory.is_some() {
            names.push("memory-cgroup".to_string());
        }
        if self.pids.is_some() {
            names.push("pids-cgroup".to_string());
        }
        names
    }

    pub fn has_memory(&self) -> bool {
        self.memory.is_some()
    }

    pub fn has_pids(&self) -> bool {
        self.pids.is_some()
    }

    /// Moves process `pid` (as seen by the caller) into every group.
    pub fn add(&self, pid: i32) {
        for dir in self.dirs() {
            let _ = fs::write(dir.join("cgroup.procs"), pid.to_string());
        }
    }

    /// CPU time used by all processes in the groups so far, nanoseconds.
    pub fn cpu_usage_ns(&self) -> Option<u64> {
        let text = read_text(self.files.cpu_usage.as_ref()?)?;
        if self.unified.is_some() {
            return keyed_value(&text, "usage_usec").map(|us| us * 1000);
        }
        text.trim().parse().ok()
    }

    /// Peak memory charged to the groups since the last [`RunGroups::reset_peak`], bytes.
    pub fn memory_peak_bytes(&self) -> Option<u64> {
        read_text(self.files.memory_peak.as_ref()?)?
            .trim()
            .parse()
            .ok()
    }

    /// How many processes the kernel's OOM killer has ended in the groups so far.
    pub fn oom_kills(&self) -> u64 {
        self.files
            .memory_events
            .as_ref()
            .and_then(read_text)
            .and_then(|text| keyed_value(&text, "oom_kill"))
            .unwrap_or(0)
    }

    /// How many forks the kernel has refused in the groups at their process limit so far.
    pub fn refused_forks(&self) -> u64 {
        self.files
            .pids_events
            .as_ref()
            .and_then(read_text)
            .and_then(|text| keyed_value(&text, "max"))
            .unwrap_or(0)
    }

    /// Kills every process in the groups but `spare` (the keeper; 0 spares none), repeatedly,
    /// until none is left (a process may fork while we kill) or 200 rounds have passed.
    pub fn kill_all_but(&self, spare: i32) {
        if let (Some(dir), 0) = (&self.unified, spare) {
            let _ = fs::write(dir.join("cgroup.kill"), "1");
        }
        for _ in 0..200 {
            let mut any = false;
            for dir in self.dirs() {
                for pid in procs(dir).into_iter().filter(|&pid| pid != spare) {
                    any = true;
                    // SAFETY: kill has no memory-safety preconditions.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                }
            }
            if !any {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    /// Removes the groups (after `kill_all_but`); a group still draining is retried briefly.
    pub fn remove(&self) {
        for dir in self.dirs() {
            for _ in 0..100 {
                if fs::remove_dir(dir).is_ok() || !dir.exists() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    }

    /// The folders of the groups (one on cgroup v2, one per controller on v1).
    pub fn dirs(&self) -> Vec<&PathBuf> {
        let mut dirs: Vec<&PathBuf> = Vec::new();
        for dir in [&self.unified, &self.memory, &self.pids, &self.cpuacct]
            .into_iter()
            .flatten()
        {
            if !dirs.contains(&dir) {
                dirs.push(dir);
            }
        }
        dirs
    }
}

/// Creates `<mount>/<our own group>/<name>` for a v1 controller, or `<mount>/<name>` when our
/// own group is not writable.
fn make_v1_group(controller: &str, name: &str) -> Option<PathBuf> {
    group_parents(controller).into_iter().find_map(|parent| {
        let dir = parent.join(name);
        fs::create_dir(&dir).ok().map(|_| dir)
    })
}

/// Where our groups go for a v1 controller (`""`: the v2 hierarchy), in order of preference:
/// inside our own group, then (v1) at the top of the controller's mount. Empty when that
/// hierarchy is not mounted.
fn group_parents(controller: &str) -> Vec<PathBuf> {
    let (top, marker) = if controller.is_empty() {
        (PathBuf::from(ROOT), "cgroup.controllers")
    } else {
        (Path::new(ROOT).join(controller), "cgroup.procs")
    };
    if !top.join(marker).exists() {
        return Vec::new();
    }
    let mut parents = Vec::new();
    if let Some(own) = own_group_path(controller) {
        parents.push(top.join(own.trim_start_matches('/')));
    }
    if !controller.is_empty() {
        parents.push(top);
    }
    parents
}

/// Our own group's path for a v1 controller (`""` means the v2 unified line).
fn own_group_path(controller: &str) -> Option<String> {
    let text = fs::read_to_string("/proc/self/cgroup").ok()?;
    text.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let _id = fields.next()?;
        let controllers = fields.next()?;
        let path = fields.next()?;
        let matches = if controller.is_empty() {
            controllers.is_empty()
        } else {
            controllers.split(',').any(|c| c == controller)
        };
        matches.then(|| path.to_string())
    })
}

fn procs(dir: &Path) -> Vec<i32> {
    fs::read_to_string(dir.join("cgroup.procs"))
        .map(|text| text.lines().filter_map(|l| l.trim().parse().ok()).collect())
        .unwrap_or_default()
}

/// The number after `key ` in a `key value` per line file.
fn keyed_value(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (name, value) = line.split_once(' ')?;
        (name == key).then(|| value.trim().parse().ok()).flatten()
    })
}

/// Removes groups left by launchers that died, where [`RunGroups::create`] makes them (v2 and
/// v1) for a process in our own cgroup: `judge-<stamp>-...` whose launcher is provably gone
/// (what is left in them is killed first), and empty ones of the older `judge-<pid>-...`
/// names whose pid has no process.
pub fn remove_stale_groups() {
    for parent in ["", "memory", "pids", "cpuacct"]
        .into_iter()
        .flat_map(group_parents)
    {
        let Ok(entries) = fs::read_dir(&parent) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(rest) = name.strip_prefix(GROUP_PREFIX) else {
                continue;
            };
            if ProcessStamp::parse_prefix(rest).is_some() {
                remove_group_of_ended_session(&entry.path(), Owner::Dead);
                continue;
            }
            let Some(pid) = rest
                .split('-')
                .next()
                .and_then(|pid| pid.parse::<i32>().ok())
            else {
                continue;
            };
            if !Path::new("/proc").join(pid.to_string()).exists() && procs(&entry.path()).is_empty()
            {
                let _ = fs::remove_dir(entry.path());
            }
        }
    }
}

/// Removes one group of a session that has ended: kills what is left in it and removes it.
/// For a run found on the system ([`Owner::Dead`]) only when the launcher named in the group
/// is provably gone. Says whether the group is gone (true when it did not exist).
pub fn remove_group_of_ended_session(group: &Path, owner: Owner) -> bool {
    if !group.exists() {
        return true;
    }
    if owner == Owner::Dead {
        let stamp = group
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(|name| name.strip_prefix(GROUP_PREFIX))
            .and_then(ProcessStamp::parse_prefix);
        if !stamp.is_some_and(|stamp| stamp.is_gone()) {
            return false;
        }
    }
    let groups = RunGroups {
        unified: None,
        memory: Some(group.to_path_buf()),
        pids: None,
        cpuacct: None,
        files: GroupFiles::default(),
    };
    groups.kill_all_but(0);
    groups.remove();
    !group.exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyed_values_are_found_by_exact_key() {
        let text = "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n";
        assert_eq!(keyed_value(text, "oom_kill"), Some(3));
        assert_eq!(keyed_value(text, "under_oom"), Some(0));
        assert_eq!(keyed_value(text, "missing"), None);
    }
}
