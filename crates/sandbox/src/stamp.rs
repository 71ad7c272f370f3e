//! A process as a later run of the grader can check it: the [`ProcessStamp`] (pid namespace,
//! pid and start time) written into the names of what a run makes, and whose leftovers a sweep
//! may remove ([`Owner`]). Both the cgroups and the sweep of a run's folder read it.

use std::fs;

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
}
