//! Interruption, and what a run leaves behind.
//!
//! Ctrl-C (SIGINT), Ctrl-\ (SIGQUIT), SIGTERM or SIGHUP set the grader's interrupted flag and
//! ask every launcher to end its run; from then on no run starts, a run cut short is never
//! judged (the sandbox says `Interrupted` instead of facts), and nothing more is reported,
//! stored or written: each command stops where it is, its temporary folders and sessions are
//! removed as its values are dropped, and the binary exits 130. The launchers live in process
//! groups of their own, so a terminal's Ctrl-C or Ctrl-\ reaches the grader alone and it is
//! the grader that ends the runs.
//! If the orderly stop takes longer than [`ORDERLY_STOP`], or a second signal comes, the
//! grader kills its launchers and compilers, removes its temporary folders with the cgroups
//! they list, and exits 130 at once.
//!
//! A run killed outright (SIGKILL) cleans nothing; the next run sweeps what it left: each
//! run's temporary folder is named after the grader's process (`judge-<stamp>-...`, see
//! `sandbox::ProcessStamp`) and holds the list of its sessions' cgroups, and a folder whose
//! process is provably gone is removed with those groups.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};
use std::time::Duration;

use judge_sandbox::{self as sandbox, Owner, ProcessStamp};

static TEMP_DIRS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Held by whichever path ends the process after an interruption, so that only one does.
static EXITING: Mutex<()> = Mutex::new(());

/// Exit code after an interruption (128 + SIGINT, as shells report it), whatever the signal.
pub const INTERRUPTED_EXIT_CODE: u8 = 130;

/// How long the grader may take to stop in order after an interruption (runs ended, sessions
/// closed, folders removed) before it exits anyway.
pub const ORDERLY_STOP: Duration = Duration::from_secs(5);

/// How the names of the grader's temporary folders start.
pub const TEMP_PREFIX: &str = "judge-";

/// Whether the grader has been asked to stop (the sandbox holds the flag: it stops the runs).
pub fn interrupted() -> bool {
    sandbox::runs_stopped()
}

/// The flag behind [`interrupted`], for a loop that is given its stop flag (the engine's
/// `Schedule`).
pub fn stop_flag() -> &'static std::sync::atomic::AtomicBool {
    sandbox::runs_stopped_flag()
}

/// A handle on the grader's interruption, for a loop or a writer that must stop at it: `main`
/// (through the command it runs) takes the one stop signals set ([`Stop::on_signals`]) and
/// hands it down, so that nothing below reads the process's state itself; a test may give one
/// that never stops, or one of its own.
#[derive(Debug, Clone, Copy)]
pub struct Stop {
    flag: &'static AtomicBool,
}

impl Stop {
    /// The stop that SIGINT, SIGQUIT, SIGTERM and SIGHUP set (see [`install`]).
    pub fn on_signals() -> Stop {
        Stop { flag: stop_flag() }
    }

    /// A stop that is never asked for.
    pub fn never() -> Stop {
        static NEVER: AtomicBool = AtomicBool::new(false);
        Stop { flag: &NEVER }
    }

    /// Whether it has been asked for.
    pub fn requested(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }

    /// The flag itself, for the engine's schedule and the pool, which take a flag.
    pub fn flag(&self) -> &'static AtomicBool {
        self.flag
    }
}

/// What a stop signal does: the sandbox sets the flag first, then ends the runs, so that
/// whoever sees a run cut short also sees the flag.
fn interrupt() {
    sandbox::stop_all_runs();
}

/// Remembers a temporary folder of this run, removed (with the cgroups its sessions list) if
/// the grader has to exit in a hurry.
pub fn register_dir(path: &Path) {
    temp_dirs().push(path.to_path_buf());
}

/// Forgets a folder that its owner is about to remove itself (waits while a hurried exit
/// removes it).
pub fn unregister_dir(path: &Path) {
    temp_dirs().retain(|d| d != path);
}

fn temp_dirs() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMP_DIRS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The signals that interrupt the grader: a terminal's Ctrl-C (SIGINT) and Ctrl-\ (SIGQUIT,
/// whose default action would end the grader at once and leave its temporary folder and
/// cgroups to the next run), SIGTERM and SIGHUP (a closed terminal or session).
pub const STOP_SIGNALS: [libc::c_int; 4] =
    [libc::SIGINT, libc::SIGQUIT, libc::SIGTERM, libc::SIGHUP];

/// Installs the handling of [`STOP_SIGNALS`]. Call once, early in `main`.
pub fn install() {
    let Ok(mut signals) = signal_hook::iterator::Signals::new(STOP_SIGNALS) else {
        return;
    };
    std::thread::spawn(move || {
        let mut signals = signals.forever();
        if signals.next().is_none() {
            return;
        }
        interrupt();
        std::thread::spawn(|| {
            std::thread::sleep(ORDERLY_STOP);
            exit_now();
        });
        // A second signal: the user does not want to wait.
        if signals.next().is_some() {
            exit_now();
        }
    });
}

/// Ends the process after an interruption, once the command has stopped in order: says so
/// and exits 130.
pub fn exit_interrupted() -> ! {
    let _only_once = EXITING.lock();
    eprintln!("judge: interrupted");
    std::process::exit(INTERRUPTED_EXIT_CODE.into())
}

/// Ends the process now: kills the launchers and compilers, removes this run's temporary
/// folders with their cgroups, and exits 130. The folders stay registered meanwhile (the
/// command, still unwinding, cannot remove one and its list of cgroups under our feet), and
/// the lists are read before the launchers are killed, which leaves their groups to us.
fn exit_now() -> ! {
    let _only_once = EXITING.lock();
    let dirs = temp_dirs();
    let groups: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|dir| sandbox::groups_of_run(dir))
        .collect();
    sandbox::kill_all_runs();
    // A session's processes may take a moment to die and leave their groups.
    for _ in 0..4 {
        if sandbox::remove_groups(&groups, Owner::Ours) {
            break;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    for dir in dirs.iter() {
        let _ = std::fs::remove_dir_all(dir);
    }
    eprintln!("judge: interrupted; runs killed, temporary files removed");
    std::process::exit(INTERRUPTED_EXIT_CODE.into())
}

/// The prefix of this run's temporary folders: `judge-<stamp>-`.
pub fn temp_prefix() -> String {
    format!("{TEMP_PREFIX}{}-", ProcessStamp::own())
}

/// Removes, once per process, what runs that were killed left: their temporary folders in
/// `temp_dir` (with the cgroups their sessions list) when their process is provably gone,
/// and cgroups beside our own of launchers that are gone. Folders of live runs, of other
/// pid namespaces or of other users are left alone.
pub fn sweep_leftovers(temp_dir: &Path) {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        sweep_temp_folders(temp_dir);
        sandbox::remove_stale_groups();
    });
}

/// Removes the folders of dead runs in `temp_dir` (see [`sweep_leftovers`]); returns how
/// many.
pub fn sweep_temp_folders(temp_dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(temp_dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let dead = name
            .strip_prefix(TEMP_PREFIX)
            .and_then(ProcessStamp::parse_prefix)
            .is_some_and(|stamp| stamp.is_gone());
        // A folder of ours, not a link to one.
        if dead
            && entry.file_type().is_ok_and(|t| t.is_dir())
            && sandbox::sweep_run_folder(&entry.path(), Owner::Dead)
        {
            removed += 1;
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_folders_of_dead_runs_are_swept() {
        let temp = tempfile::tempdir().unwrap();
        let own = ProcessStamp::own().to_string();
        let mut fields = own.split('-');
        let (ns, pid) = (fields.next().unwrap(), fields.next().unwrap());
        let live = temp.path().join(format!("{TEMP_PREFIX}{own}-aaaaaa"));
        // Our own pid, started at another time: a run that is gone (the pid was reused).
        let dead = temp
            .path()
            .join(format!("{TEMP_PREFIX}{ns}-{pid}-1-bbbbbb"));
        let elsewhere = temp.path().join(format!("{TEMP_PREFIX}1-{pid}-1-cccccc"));
        let unstamped = temp.path().join(format!("{TEMP_PREFIX}dddddd"));
        for dir in [&live, &dead, &elsewhere, &unstamped] {
            std::fs::create_dir_all(dir.join("worker-x/box")).unwrap();
        }
        assert_eq!(sweep_temp_folders(temp.path()), 1);
        assert!(!dead.exists());
        for kept in [&live, &elsewhere, &unstamped] {
            assert!(kept.exists(), "{}", kept.display());
        }
    }
}
