//! Leaving nothing behind when the grader is interrupted: on SIGINT or SIGTERM the grader
//! stops scheduling, removes its temporary folders and exits. Launchers and the programs they
//! run die with the grader through their parent-death signal.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static TEMP_DIRS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Exit code after an interruption (128 + SIGINT, as shells report it).
pub const INTERRUPTED_EXIT_CODE: i32 = 130;

/// Whether the grader has been asked to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Remembers a temporary folder to remove if the grader is interrupted.
pub fn register_dir(path: &Path) {
    if let Ok(mut dirs) = TEMP_DIRS.lock() {
        dirs.push(path.to_path_buf());
    }
}

/// Forgets a folder that its owner removes itself.
pub fn unregister_dir(path: &Path) {
    if let Ok(mut dirs) = TEMP_DIRS.lock() {
        dirs.retain(|d| d != path);
    }
}

/// Installs the SIGINT/SIGTERM handler thread. Call once, early in `main`.
pub fn install() {
    let Ok(mut signals) = signal_hook::iterator::Signals::new([
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
    ]) else {
        return;
    };
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            INTERRUPTED.store(true, Ordering::SeqCst);
            // Let the workers see the flag, then kill our process group's launchers by
            // exiting: their parent-death signal ends them and their programs.
            std::thread::sleep(std::time::Duration::from_millis(50));
            let dirs = TEMP_DIRS.lock().map(|d| d.clone()).unwrap_or_default();
            for dir in dirs {
                remove_dir_when_free(&dir);
            }
            eprintln!("judge: interrupted; temporary files removed");
            std::process::exit(INTERRUPTED_EXIT_CODE);
        }
    });
}

/// Removes a folder; a run folder may still be a mount point for a moment, so retry briefly.
fn remove_dir_when_free(dir: &Path) {
    for _ in 0..20 {
        if std::fs::remove_dir_all(dir).is_ok() || !dir.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
}
