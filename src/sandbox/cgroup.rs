//! Per-run control groups: memory limit and peak, OOM-kill detection, process count, CPU
//! accounting, and killing everything a run started. Supports cgroup v1 (one hierarchy per
//! controller, as on the development machines) and v2 (unified); uses whatever is writable.

use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = "/sys/fs/cgroup";

/// The cgroups of one run. Each controller is optional: a missing one means the system did not
/// let us create it, and the run falls back to rlimits for that resource.
#[derive(Debug, Default)]
pub struct RunGroups {
    unified: Option<PathBuf>,
    memory: Option<PathBuf>,
    pids: Option<PathBuf>,
    cpuacct: Option<PathBuf>,
}

impl RunGroups {
    /// Creates the groups named `name` with the given limits. Never fails: whatever cannot be
    /// created is left out.
    pub fn create(name: &str, memory_bytes: u64, max_processes: u32) -> RunGroups {
        if Path::new(ROOT).join("cgroup.controllers").exists() {
            return Self::create_v2(name, memory_bytes, max_processes);
        }
        let mut groups = RunGroups::default();
        if let Some(dir) = make_v1_group("memory", name) {
            let limit = memory_bytes.to_string();
            let ok = fs::write(dir.join("memory.limit_in_bytes"), &limit).is_ok();
            // Without swap accounting this file does not exist; there is no swap to limit then.
            let _ = fs::write(dir.join("memory.memsw.limit_in_bytes"), &limit);
            let _ = fs::write(dir.join("memory.swappiness"), "0");
            if ok {
                groups.memory = Some(dir);
            } else {
                let _ = fs::remove_dir(&dir);
            }
        }
        if let Some(dir) = make_v1_group("pids", name) {
            if fs::write(dir.join("pids.max"), max_processes.to_string()).is_ok() {
                groups.pids = Some(dir);
            } else {
                let _ = fs::remove_dir(&dir);
            }
        }
        groups.cpuacct = make_v1_group("cpuacct", name);
        groups
    }

    fn create_v2(name: &str, memory_bytes: u64, max_processes: u32) -> RunGroups {
        let parent = own_group_path("").map(|p| Path::new(ROOT).join(p.trim_start_matches('/')));
        let Some(parent) = parent else {
            return RunGroups::default();
        };
        let dir = parent.join(name);
        if fs::create_dir(&dir).is_err() {
            return RunGroups::default();
        }
        let memory_ok = fs::write(dir.join("memory.max"), memory_bytes.to_string()).is_ok();
        let _ = fs::write(dir.join("memory.swap.max"), "0");
        let pids_ok = fs::write(dir.join("pids.max"), max_processes.to_string()).is_ok();
        RunGroups {
            memory: memory_ok.then(|| dir.clone()),
            pids: pids_ok.then(|| dir.clone()),
            cpuacct: dir.join("cpu.stat").exists().then(|| dir.clone()),
            unified: Some(dir),
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

    /// CPU time used by all processes of the run so far, nanoseconds.
    pub fn cpu_usage_ns(&self) -> Option<u64> {
        let dir = self.cpuacct.as_ref()?;
        if self.unified.is_some() {
            let stat = fs::read_to_string(dir.join("cpu.stat")).ok()?;
            return keyed_value(&stat, "usage_usec").map(|us| us * 1000);
        }
        fs::read_to_string(dir.join("cpuacct.usage"))
            .ok()?
            .trim()
            .parse()
            .ok()
    }

    /// Peak memory charged to the run, bytes.
    pub fn memory_peak_bytes(&self) -> Option<u64> {
        let dir = self.memory.as_ref()?;
        let file = if self.unified.is_some() {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        };
        fs::read_to_string(dir.join(file)).ok()?.trim().parse().ok()
    }

    /// Whether the kernel's OOM killer ended a process of the run.
    pub fn oom_killed(&self) -> bool {
        let Some(dir) = self.memory.as_ref() else {
            return false;
        };
        let file = if self.unified.is_some() {
            "memory.events"
        } else {
            "memory.oom_control"
        };
        fs::read_to_string(dir.join(file))
            .ok()
            .and_then(|text| keyed_value(&text, "oom_kill"))
            .is_some_and(|count| count > 0)
    }

    /// Kills every process still in the groups, repeatedly, until none is left (a process may
    /// fork while we kill). Returns whether the groups are empty.
    pub fn kill_all(&self) -> bool {
        if let Some(dir) = &self.unified {
            let _ = fs::write(dir.join("cgroup.kill"), "1");
        }
        for _ in 0..200 {
            let mut any = false;
            for dir in self.dirs() {
                for pid in procs(dir) {
                    any = true;
                    // SAFETY: kill has no memory-safety preconditions.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                }
            }
            if !any {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        false
    }

    /// Removes the groups (after `kill_all`); a group still draining is retried briefly.
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

    fn dirs(&self) -> Vec<&PathBuf> {
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
    let mount = Path::new(ROOT).join(controller);
    if !mount.join("cgroup.procs").exists() {
        return None;
    }
    let mut parents = Vec::new();
    if let Some(own) = own_group_path(controller) {
        parents.push(mount.join(own.trim_start_matches('/')));
    }
    parents.push(mount.clone());
    parents.into_iter().find_map(|parent| {
        let dir = parent.join(name);
        fs::create_dir(&dir).ok().map(|_| dir)
    })
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

/// Removes groups left by launchers that died (named `judge-<pid>-...` with a dead pid).
pub fn remove_stale_groups() {
    let mut parents = Vec::new();
    for controller in ["memory", "pids", "cpuacct"] {
        let mount = Path::new(ROOT).join(controller);
        if let Some(own) = own_group_path(controller) {
            parents.push(mount.join(own.trim_start_matches('/')));
        }
        parents.push(mount);
    }
    for parent in parents {
        let Ok(entries) = fs::read_dir(&parent) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(pid) = name
                .strip_prefix("judge-")
                .and_then(|rest| rest.split('-').next())
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
