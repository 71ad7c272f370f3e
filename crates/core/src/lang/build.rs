//! Building a program in the sandbox. Every build step (the language's compile command, then
//! its package command) runs as a solution does: as the sandbox user, without network, in a
//! private root that shows the system folders, the toolchain's own folders and the build
//! folder (writable, at `/box`, the steps' current folder), under the compile limits of
//! runner.toml (time, memory, processes, the files it writes, its messages). A compile-time
//! read of anything else (`#include "/etc/shadow"`, `include_str!`) fails as the compiler
//! reports a missing or unreadable file; its contents never reach a message.
//!
//! What a build leaves is untrusted: links and special files are removed, the sources are put
//! back as submitted, the whole is held to the output limit, and only then is the folder
//! published in the cache (by the caller). The compiler's messages name the files as the user
//! knows them (the path given), not the build folder's.

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex, OnceLock};
use std::time::Duration;

use crate::config::Language;
use crate::limits::{CompileLimits, MIB};
use judge_sandbox::{
    self as sandbox, Isolation, RunFacts, RunFiles, RunRequest, Session, SessionSpec, StdoutMode,
    StopReason, Termination,
};

use super::{
    find_program, missing_program, stem, BuildSetup, LangError, Workspace, BINARY, MESSAGE_CAP,
};

/// Where the build folder is inside the private root.
const INSIDE: &str = "/box";
/// A build may leave at most this many files and folders.
const MAX_ENTRIES: usize = 100_000;
/// How often the build folder's size is looked at while a step runs.
const FOLDER_CHECK: Duration = Duration::from_millis(50);
/// How long `rustup which` may take.
const RUSTUP_WHICH_LIMIT: Duration = Duration::from_secs(10);

/// What a build came to.
pub(super) enum Outcome {
    /// Every step succeeded: the folder holds the program and the sources as submitted.
    Built(BuildFolder),
    /// A compile error (the compiler's message, or the limit it reached).
    Failed(String),
}

/// Builds `workspace` in a fresh folder of the cache, each step in one sandbox session.
pub(super) fn build(
    setup: &BuildSetup,
    language: &Language,
    workspace: &Workspace,
) -> Result<Outcome, LangError> {
    build_with_modes(setup, language, workspace, &[])
}

/// As [`build`], with the files at `executable` (indices into the workspace's files) written
/// executable, in the build folder and in what is published (a program's own `build` and
/// `run` scripts).
pub(super) fn build_with_modes(
    setup: &BuildSetup,
    language: &Language,
    workspace: &Workspace,
    executable: &[usize],
) -> Result<Outcome, LangError> {
    let cache_error = |cause| LangError::Cache {
        dir: setup.cache_dir.to_path_buf(),
        cause,
    };
    std::fs::create_dir_all(setup.cache_dir).map_err(cache_error)?;
    let steps = language
        .build_steps()
        .map(|template| Step::new(setup, language, template, workspace))
        .collect::<Result<Vec<_>, _>>()?;
    let owner = (setup.sandbox.uid, setup.sandbox.gid);
    let folder =
        BuildFolder::new(setup.cache_dir, workspace, executable, owner).map_err(cache_error)?;
    let names = Names::new(workspace, &folder.work());
    let mut read_only_paths = setup.sandbox.read_only_paths.clone();
    for path in &language.compile_read_only_paths {
        if path.is_dir() && !read_only_paths.contains(path) {
            read_only_paths.push(path.clone());
        }
    }
    for step in &steps {
        for bind in &step.binds {
            if !read_only_paths.contains(bind) {
                read_only_paths.push(bind.clone());
            }
        }
    }
    let spec = SessionSpec {
        workdir: folder.work(),
        root_mount: folder.dir.path().join("root"),
        isolation: Isolation {
            namespaces: setup.sandbox.namespaces,
            cgroups: setup.sandbox.cgroups,
            run_as_uid: setup.sandbox.uid,
            run_as_gid: setup.sandbox.gid,
            read_only_paths,
        },
        writable_subfolder: None,
        current_subfolder: None,
        writable_workdir: true,
    };
    // A language without build steps (a script run as it is) only has its files published.
    if !steps.is_empty() {
        let mut session = Session::start(&spec).map_err(|cause| LangError::Sandbox { cause })?;
        for step in &steps {
            let ran = step.run(&mut session, setup, &folder.work())?;
            match step_end(
                &ran.facts,
                setup.compile,
                ran.folder_over_limit,
                ran.file_at_limit,
            ) {
                StepEnd::Succeeded => {}
                StepEnd::Failed(headline) => {
                    let messages = names.map(&ran.messages);
                    return Ok(Outcome::Failed(match (headline, messages.is_empty()) {
                        (Some(headline), true) => headline,
                        (Some(headline), false) => format!("{headline}\n{messages}"),
                        (None, false) => messages,
                        (None, true) => ended_without_message(&ran.facts),
                    }));
                }
                StepEnd::NotStarted(message) => {
                    return Err(LangError::CompilerNotStarted {
                        program: step.program.display().to_string(),
                        message,
                    })
                }
                StepEnd::SandboxFailed(message) => {
                    return Err(LangError::Sandbox {
                        cause: sandbox::SandboxError::Launcher(message),
                    })
                }
            }
        }
    }
    folder.settle(setup, language, workspace, executable)
}

/// One build step: its program as the sandbox runs it, the whole argument vector (with the
/// build folder's files named relative to it), and the host folders it needs to see.
struct Step {
    program: PathBuf,
    args: Vec<String>,
    binds: Vec<PathBuf>,
}

/// What a step did.
struct Ran {
    facts: RunFacts,
    /// The first bytes of its messages (standard output and error, in the order written).
    messages: String,
    /// The build folder outgrew the output limit while it ran (the step was stopped).
    folder_over_limit: bool,
    /// A file of the build folder reached the file size limit: a program the compiler
    /// started (`ld`, a shell's `cat > big`) was stopped by it, and the compiler only
    /// relayed the failure.
    file_at_limit: bool,
}

impl Step {
    fn new(
        setup: &BuildSetup,
        language: &Language,
        template: &[String],
        workspace: &Workspace,
    ) -> Result<Step, LangError> {
        let mut args = fill(template, workspace);
        // The compiler is looked for where runs look for programs first, so that a language
        // whose compile step is its runtime (python3 -m py_compile) checks the source with the
        // interpreter that will run it; then on the grader's own PATH.
        let host_path = std::env::var("PATH").unwrap_or_default();
        let search = format!("{}:{host_path}", setup.sandbox.path);
        let found = find_program(&args[0], &search)
            .ok_or_else(|| missing_program(language, "compiler", &args[0], &host_path))?;
        let tool = toolchain(&found, &args[0], setup);
        args[0] = tool.program.to_string_lossy().into_owned();
        Ok(Step {
            program: tool.program,
            args,
            binds: tool.binds,
        })
    }

    /// Runs the step in `session`, watching that the build folder `work` stays within the
    /// output limit.
    fn run(
        &self,
        session: &mut Session,
        setup: &BuildSetup,
        work: &Path,
    ) -> Result<Ran, LangError> {
        let limits = setup.compile;
        let request = RunRequest {
            program: self.program.clone(),
            args: self.args.clone(),
            env: vec![
                ("PATH".into(), setup.sandbox.path.clone()),
                ("HOME".into(), "/tmp".into()),
                ("TMPDIR".into(), "/tmp".into()),
                ("LANG".into(), "C.UTF-8".into()),
            ],
            limits: limits.run_limits(),
            stdout: StdoutMode::Capture,
            stderr_to_stdout: true,
            file_size_bytes: Some(limits.output_bytes),
            stop_at_process_limit: true,
        };
        let prepare = || -> std::io::Result<(File, RunFiles)> {
            let messages = sandbox::memory_file("compiler-messages")?;
            let run_files = RunFiles {
                stdin: File::open("/dev/null")?.into(),
                stdout: messages.try_clone()?.into(),
                stderr: sandbox::memory_file("compiler-stderr")?.into(),
            };
            Ok((messages, run_files))
        };
        let (messages, run_files) = prepare().map_err(|cause| LangError::Sandbox {
            cause: sandbox::SandboxError::Prepare(cause),
        })?;
        let over = AtomicBool::new(false);
        let stopper = session.stopper();
        let facts = std::thread::scope(|scope| {
            let (finished, wait) = mpsc::channel::<()>();
            let (over, stopper) = (&over, &stopper);
            scope.spawn(move || {
                // Until the step ends (the sender is dropped): a build that outgrows the limit
                // with many files, each under the file size limit, is stopped.
                while let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(FOLDER_CHECK) {
                    if FolderSize::of(work).over(limits) {
                        over.store(true, Ordering::SeqCst);
                        stopper.request_stop();
                        break;
                    }
                }
            });
            let facts = session.run(&request, run_files);
            drop(finished);
            facts
        })
        .map_err(|cause| LangError::Sandbox { cause })?;
        let kept = sandbox::read_from_start(&messages, MESSAGE_CAP as u64).unwrap_or_default();
        let failed = facts.termination != Termination::Exited(0);
        Ok(Ran {
            folder_over_limit: over.load(Ordering::SeqCst),
            file_at_limit: failed && largest_file(work) >= limits.output_bytes,
            messages: String::from_utf8_lossy(&kept).trim_end().to_string(),
            facts,
        })
    }
}

/// How a step ended.
#[derive(Debug, PartialEq, Eq)]
enum StepEnd {
    Succeeded,
    /// A compile error: the limit it reached, if any (its messages follow).
    Failed(Option<String>),
    /// The compiler could not be executed in the sandbox (the grader's configuration).
    NotStarted(String),
    /// The sandbox could not be set up.
    SandboxFailed(String),
}

/// Decides how a step ended from its facts (the first rule that applies wins).
fn step_end(
    facts: &RunFacts,
    limits: &CompileLimits,
    folder_over_limit: bool,
    file_at_limit: bool,
) -> StepEnd {
    let why = || facts.launch_error.clone().unwrap_or_default();
    match facts.termination {
        Termination::SandboxFailed => return StepEnd::SandboxFailed(why()),
        Termination::NotStarted => return StepEnd::NotStarted(why()),
        _ => {}
    }
    let failed = |headline: String| StepEnd::Failed(Some(headline));
    if folder_over_limit {
        return failed(output_limit_message(limits));
    }
    if facts.stopped_by == Some(StopReason::OutputLimit) {
        return failed(format!(
            "the compiler wrote more than {} KiB of messages (compile_message_limit_kib)",
            limits.message_bytes / 1024
        ));
    }
    if facts.oom_killed || facts.stopped_by == Some(StopReason::MemoryLimit) {
        return failed(format!(
            "the compiler went over its memory limit of {} MiB (compile_memory_mib)",
            limits.memory_bytes / MIB
        ));
    }
    if facts.stopped_by == Some(StopReason::ProcessLimit) || facts.process_limit_reached {
        return failed(format!(
            "the compiler reached its limit of {} processes (compile_max_processes)",
            limits.max_processes
        ));
    }
    if matches!(
        facts.stopped_by,
        Some(StopReason::CpuTime | StopReason::WallTime)
    ) {
        return failed(format!(
            "the compiler took longer than {} s (compile_time_limit_seconds)",
            limits.time.as_secs_f64()
        ));
    }
    // The compiler itself, or a program it started: one that left a file of exactly the limit
    // in the build folder, or a shell's command whose death by SIGXFSZ the shell passed on as
    // its exit code (a file in the compiler's /tmp is gone with it). The compiler then only
    // says "File size limit exceeded", or nothing.
    let failed_run = facts.termination != Termination::Exited(0);
    let relayed = facts.termination == Termination::Exited(128 + libc::SIGXFSZ);
    if facts.termination == Termination::Signaled(libc::SIGXFSZ)
        || relayed
        || (failed_run && file_at_limit)
    {
        return failed(format!(
            "the compiler wrote a file larger than {} MiB (compile_output_limit_mib)",
            limits.output_bytes / MIB
        ));
    }
    // Before success: a step that ends with what it started still running is not a build,
    // whether or not that had reached a limit by then (a fork bomb left in the background).
    if facts.left_running {
        return failed(
            "the compiler ended while processes it started were still running (a build step \
             must wait for what it starts; they were ended)"
                .to_string(),
        );
    }
    match facts.termination {
        Termination::Exited(0) if facts.stopped_by.is_none() => StepEnd::Succeeded,
        _ => StepEnd::Failed(None),
    }
}

/// The compile error of a step that failed without a word.
fn ended_without_message(facts: &RunFacts) -> String {
    match facts.termination {
        Termination::Exited(code) => format!("the compiler ended with exit code {code}"),
        Termination::Signaled(signal) => {
            format!(
                "the compiler was killed by {}",
                sandbox::signal_name(signal)
            )
        }
        _ => "the compiler failed".to_string(),
    }
}

fn output_limit_message(limits: &CompileLimits) -> String {
    format!(
        "the build wrote more than {} MiB or {MAX_ENTRIES} files (compile_output_limit_mib)",
        limits.output_bytes / MIB
    )
}

/// A build command with its placeholders filled in: the build folder's files named relative
/// to it (the steps run there, inside a private root or not), the program `{binary}`, the
/// folder itself `.`. An argument that is exactly `{source}` becomes every source file;
/// `{main}` is the main file alone.
fn fill(template: &[String], workspace: &Workspace) -> Vec<String> {
    let relative = |index: usize| argument_path(&workspace.files[index].0);
    let main = relative(workspace.main);
    let main_name = workspace.main_name();
    let mut command = Vec::with_capacity(template.len());
    for part in template {
        if part == "{source}" {
            command.extend(workspace.sources.iter().map(|&i| relative(i)));
        } else {
            command.push(
                part.replace("{source}", &main)
                    .replace("{main}", &main)
                    .replace("{binary}", BINARY)
                    .replace("{dir}", ".")
                    .replace("{stem}", stem(&main_name)),
            );
        }
    }
    command
}

/// A relative path as a command argument: `./-x.java` for one that would read as an option.
fn argument_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    if text.starts_with('-') {
        format!("./{text}")
    } else {
        text.into_owned()
    }
}

/// A build step's program as the sandbox runs it, and the host folders to show for it.
#[derive(Debug, PartialEq, Eq)]
struct Tool {
    program: PathBuf,
    binds: Vec<PathBuf>,
}

/// How the sandbox runs `found` (the program named `name`, as found on the host): a rustup
/// proxy (`~/.cargo/bin/rustc`) is replaced by the tool it stands for in the toolchain rustup
/// picks (`rustup which`, from the cache folder as the compile ran before), with the
/// toolchain's folder shown; another program outside the folders the private root shows gets
/// its own folder shown (its prefix, for a `bin/` beside a `lib/`). Anything else such a program needs goes in `sandbox.read_only_paths`.
fn toolchain(found: &Path, name: &str, setup: &BuildSetup) -> Tool {
    let read_only = &setup.sandbox.read_only_paths;
    let shown = |path: &Path| sandbox::private_root_shows(path, read_only);
    if !found.is_absolute() {
        // A file of the build folder.
        return Tool {
            program: found.to_path_buf(),
            binds: Vec::new(),
        };
    }
    let canonical = std::fs::canonicalize(found).unwrap_or_else(|_| found.to_path_buf());
    let (program, folder) = match rustup_target(found, &canonical, name, setup.cache_dir) {
        // The toolchain's folder: `bin/` and `lib/` under it.
        Some(real) => {
            let folder = real.parent().and_then(Path::parent).map(Path::to_path_buf);
            (real, folder)
        }
        None if shown(found) && shown(&canonical) => (found.to_path_buf(), None),
        None => {
            let folder = canonical
                .parent()
                .map(|bin| prefix_of(bin).unwrap_or(bin).to_path_buf());
            (canonical, folder)
        }
    };
    let binds = folder
        .filter(|folder| folder.parent().is_some() && !shown(folder))
        .into_iter()
        .collect();
    Tool { program, binds }
}

/// The prefix a program's folder is laid out in, `PREFIX/bin` beside `PREFIX/lib` (a toolchain
/// installed outside the system folders: rustc loads librustc_driver from `../lib`), or `None`
/// for any other folder.
fn prefix_of(bin: &Path) -> Option<&Path> {
    let prefix = bin.parent()?;
    (bin.file_name()? == "bin" && prefix.parent().is_some() && prefix.join("lib").is_dir())
        .then_some(prefix)
}

/// The program a rustup proxy stands for, or `None` when `found` is not a rustup proxy (a link
/// to `rustup`, or a hard link of the `rustup` beside it) or rustup cannot say.
fn rustup_target(found: &Path, canonical: &Path, name: &str, cwd: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::MetadataExt;
    let tool = Path::new(name).file_name()?.to_str()?;
    if tool == "rustup" {
        return None;
    }
    let rustup = if canonical.file_name().is_some_and(|n| n == "rustup") {
        canonical.to_path_buf()
    } else {
        let beside = found.parent()?.join("rustup");
        let (a, b) = (
            std::fs::metadata(found).ok()?,
            std::fs::metadata(&beside).ok()?,
        );
        if (a.dev(), a.ino()) != (b.dev(), b.ino()) {
            return None;
        }
        beside
    };
    type Known = HashMap<(PathBuf, String, PathBuf), Option<PathBuf>>;
    static KNOWN: OnceLock<Mutex<Known>> = OnceLock::new();
    let key = (rustup.clone(), tool.to_string(), cwd.to_path_buf());
    let known = KNOWN.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(answer) = known.lock().ok().and_then(|k| k.get(&key).cloned()) {
        return answer;
    }
    let answer = rustup_which(&rustup, tool, cwd);
    if let Ok(mut known) = known.lock() {
        known.insert(key, answer.clone());
    }
    answer
}

/// `rustup which TOOL` run in `cwd` (a trusted program of the host, with the grader's
/// environment: RUSTUP_HOME and RUSTUP_TOOLCHAIN are rustup's to read).
fn rustup_which(rustup: &Path, tool: &str, cwd: &Path) -> Option<PathBuf> {
    use std::io::Read;
    use wait_timeout::ChildExt;
    let mut child = std::process::Command::new(rustup)
        .args(["which", tool])
        .current_dir(if cwd.is_dir() { cwd } else { Path::new("/") })
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    let status = match child.wait_timeout(RUSTUP_WHICH_LIMIT) {
        Ok(Some(status)) => status,
        _ => {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
    };
    let mut printed = String::new();
    child.stdout.take()?.read_to_string(&mut printed).ok()?;
    let path = PathBuf::from(printed.trim());
    (status.success() && path.is_absolute() && path.is_file()).then_some(path)
}

/// The folder a build runs in, in the cache folder (so that its result is published there by a
/// rename): `box/`, the build folder (`/box` in the sandbox), and `root/`, the mount point of
/// the private root. Removed when dropped (what is published was moved out first).
pub(super) struct BuildFolder {
    dir: tempfile::TempDir,
}

impl BuildFolder {
    /// A fresh folder in `cache` with the workspace's files in `box/`, which the sandbox user
    /// (`owner`, as root) may write to.
    fn new(
        cache: &Path,
        workspace: &Workspace,
        executable: &[usize],
        owner: (u32, u32),
    ) -> std::io::Result<BuildFolder> {
        let dir = tempfile::Builder::new()
            .prefix(".build-")
            .tempdir_in(cache)?;
        crate::cleanup::register_dir(dir.path());
        // Judge's own folder, so `judge clean` may remove it if it is ever left over.
        crate::files::mark(dir.path())?;
        let folder = BuildFolder { dir };
        let work = folder.work();
        std::fs::create_dir(&work)?;
        std::fs::create_dir(folder.dir.path().join("root"))?;
        write_sources(&work, workspace, executable)?;
        if sandbox::is_root() {
            // The steps run as the sandbox user: the folders are theirs to write in; the
            // sources stay the grader's.
            let (uid, gid) = owner;
            for dir in folders_under(&work) {
                std::os::unix::fs::chown(&dir, Some(uid), Some(gid))?;
            }
        }
        Ok(folder)
    }

    /// The build folder on the host.
    pub(super) fn work(&self) -> PathBuf {
        self.dir.path().join("box")
    }

    /// After the last step: what the build left, made safe to publish. Links and special files
    /// are removed (nothing that is published points elsewhere), everything becomes the
    /// grader's and readable, the sources are put back as submitted, and the whole is held to
    /// the output limit; a program that runs a binary must have one, and one whose run
    /// command is a file of the build folder (`./run`) must have that file, executable.
    fn settle(
        self,
        setup: &BuildSetup,
        language: &Language,
        workspace: &Workspace,
        executable: &[usize],
    ) -> Result<Outcome, LangError> {
        let work = self.work();
        let cache_error = |cause| LangError::Cache {
            dir: setup.cache_dir.to_path_buf(),
            cause,
        };
        // A step may have left folders it closed to everyone (only root reads them anyway).
        open_folders(&work);
        let size = FolderSize::sweep(&work).map_err(cache_error)?;
        if size.over(setup.compile) {
            return Ok(Outcome::Failed(output_limit_message(setup.compile)));
        }
        if sandbox::is_root() {
            let (uid, gid) = (uzers::get_effective_uid(), uzers::get_effective_gid());
            for path in entries_under(&work) {
                std::os::unix::fs::lchown(&path, Some(uid), Some(gid)).map_err(cache_error)?;
            }
        }
        restore_sources(&work, workspace, executable).map_err(cache_error)?;
        make_world_readable(&work);
        let binary = work.join(BINARY);
        let wrote_binary = std::fs::symlink_metadata(&binary).is_ok_and(|m| m.is_file());
        if language.runs_binary() && !wrote_binary {
            return Ok(Outcome::Failed(format!(
                "the compiler did not write the program `{BINARY}`"
            )));
        }
        let local = language
            .run
            .first()
            .and_then(|program| program.strip_prefix("./"));
        if let Some(local) = local {
            use std::os::unix::fs::PermissionsExt;
            let runnable = std::fs::symlink_metadata(work.join(local))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
            if !runnable {
                return Ok(Outcome::Failed(format!(
                    "the build did not leave an executable `{local}` to run the program with"
                )));
            }
        }
        Ok(Outcome::Built(self))
    }

    /// Moves the build folder to `entry`: a folder rename either lands whole or finds another
    /// grader's identical result already there (then this one is dropped).
    pub(super) fn publish(self, entry: &Path) -> std::io::Result<()> {
        // The entry is judge's own: `judge clean` may remove it.
        crate::files::mark(&self.work())?;
        std::fs::rename(self.work(), entry)
    }
}

impl Drop for BuildFolder {
    /// Makes what a step left removable (its folders may be closed to their owner), before the
    /// folder itself is removed.
    fn drop(&mut self) {
        open_folders(&self.work());
        crate::cleanup::unregister_dir(self.dir.path());
    }
}

/// Opens `dir` and every folder under it to their owner and readers (links not followed), so
/// that they can be read and removed.
fn open_folders(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let is_folder = std::fs::symlink_metadata(&folder).is_ok_and(|meta| meta.is_dir());
        if !is_folder {
            continue;
        }
        let _ = std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755));
        if let Ok(entries) = std::fs::read_dir(&folder) {
            for entry in entries.flatten() {
                if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                    pending.push(entry.path());
                }
            }
        }
    }
}

/// Writes the workspace's files into `work` (readable by anyone: the steps run as another
/// user; those at `executable` executable too), with their folders.
fn write_sources(work: &Path, workspace: &Workspace, executable: &[usize]) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    for (index, (relative, bytes)) in workspace.files.iter().enumerate() {
        let path = work.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, bytes)?;
        let mode = if executable.contains(&index) {
            0o755
        } else {
            0o644
        };
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode))?;
    }
    for dir in folders_under(work) {
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755))?;
    }
    Ok(())
}

/// Puts the workspace's files back as submitted, whatever a step made of them: the published
/// sources (the program itself, for a language that runs its source) are the submitted bytes.
fn restore_sources(
    work: &Path,
    workspace: &Workspace,
    executable: &[usize],
) -> std::io::Result<()> {
    for (relative, _) in &workspace.files {
        let path = work.join(relative);
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() => std::fs::remove_dir_all(&path)?,
            Ok(_) => std::fs::remove_file(&path)?,
            Err(_) => {}
        }
    }
    write_sources(work, workspace, executable)
}

/// `dir` and every folder under it (links not followed).
fn folders_under(dir: &Path) -> Vec<PathBuf> {
    let mut folders = vec![dir.to_path_buf()];
    let mut next = 0;
    while next < folders.len() {
        if let Ok(entries) = std::fs::read_dir(&folders[next]) {
            for entry in entries.flatten() {
                if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                    folders.push(entry.path());
                }
            }
        }
        next += 1;
    }
    folders
}

/// `dir` and everything under it (links not followed).
fn entries_under(dir: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    for folder in folders_under(dir) {
        if let Ok(entries) = std::fs::read_dir(&folder) {
            for entry in entries.flatten() {
                if !entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                    all.push(entry.path());
                }
            }
        }
        all.push(folder);
    }
    all
}

/// What a build folder holds: the bytes of its files and how many entries.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct FolderSize {
    bytes: u64,
    entries: usize,
}

/// The size of the largest file under `dir` (links not followed; what cannot be read does
/// not count).
fn largest_file(dir: &Path) -> u64 {
    let mut largest = 0;
    let mut pending = vec![dir.to_path_buf()];
    let mut seen = 0;
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            seen += 1;
            if seen > MAX_ENTRIES {
                return largest;
            }
            match std::fs::symlink_metadata(entry.path()) {
                Ok(meta) if meta.is_dir() => pending.push(entry.path()),
                Ok(meta) if meta.is_file() => largest = largest.max(meta.len()),
                _ => {}
            }
        }
    }
    largest
}

impl FolderSize {
    /// Whether it is over the output limit (counting stops past [`MAX_ENTRIES`]).
    fn over(&self, limits: &CompileLimits) -> bool {
        self.bytes > limits.output_bytes || self.entries > MAX_ENTRIES
    }

    /// The size of what is under `dir` now (links not followed), while a step may still change
    /// it: what cannot be read does not count.
    fn of(dir: &Path) -> FolderSize {
        let mut size = FolderSize::default();
        let mut pending = vec![dir.to_path_buf()];
        while let Some(folder) = pending.pop() {
            let Ok(entries) = std::fs::read_dir(&folder) else {
                continue;
            };
            for entry in entries.flatten() {
                size.entries += 1;
                if size.entries > MAX_ENTRIES {
                    return size;
                }
                match entry.metadata() {
                    Ok(meta) if meta.is_dir() => pending.push(entry.path()),
                    Ok(meta) if meta.is_file() => size.bytes += meta.len(),
                    _ => {}
                }
            }
        }
        size
    }

    /// The size of what is under `dir` once the steps are over, removing on the way whatever
    /// is neither a file nor a folder (links, pipes, sockets).
    fn sweep(dir: &Path) -> std::io::Result<FolderSize> {
        let mut size = FolderSize::default();
        let mut pending = vec![dir.to_path_buf()];
        while let Some(folder) = pending.pop() {
            for entry in std::fs::read_dir(&folder)? {
                let entry = entry?;
                size.entries += 1;
                if size.entries > MAX_ENTRIES {
                    return Ok(size);
                }
                let meta = std::fs::symlink_metadata(entry.path())?;
                if meta.is_dir() {
                    pending.push(entry.path());
                } else if meta.is_file() {
                    size.bytes += meta.len();
                } else {
                    std::fs::remove_file(entry.path())?;
                }
            }
        }
        Ok(size)
    }
}

/// How the compiler names the build folder's files (from inside the sandbox, or in the host's
/// build folder when there was no private root, with `./` or bare), and how the user knows
/// them: their messages are rewritten from the one to the other.
struct Names {
    /// (as the compiler may print it, as the user knows it), longest first.
    pairs: Vec<(String, String)>,
}

impl Names {
    fn new(workspace: &Workspace, host_work: &Path) -> Names {
        let mut pairs = Vec::new();
        for ((relative, _), shown) in workspace.files.iter().zip(&workspace.shown) {
            let relative = relative.to_string_lossy();
            for printed in [
                format!("{INSIDE}/{relative}"),
                format!("{}/{relative}", host_work.display()),
                format!("./{relative}"),
                relative.to_string(),
            ] {
                pairs.push((printed, shown.clone()));
            }
        }
        pairs.sort_by_key(|(printed, _)| std::cmp::Reverse(printed.len()));
        Names { pairs }
    }

    /// `text` with every file name of the build folder that stands as a path of its own (not
    /// inside a longer name) replaced by the user's.
    fn map(&self, text: &str) -> String {
        let mut mapped = String::with_capacity(text.len());
        let mut rest_start = 0;
        let mut at = 0;
        while at < text.len() {
            let starts_name = text[..at]
                .chars()
                .next_back()
                .map_or(true, |before| !is_path_char(before));
            let found = starts_name
                .then(|| {
                    self.pairs.iter().find(|(printed, _)| {
                        text[at..].starts_with(printed.as_str())
                            && ends_name(&text[at + printed.len()..])
                    })
                })
                .flatten();
            match found {
                Some((printed, shown)) => {
                    mapped.push_str(&text[rest_start..at]);
                    mapped.push_str(shown);
                    at += printed.len();
                    rest_start = at;
                }
                None => {
                    at += text[at..].chars().next().map_or(1, char::len_utf8);
                }
            }
        }
        mapped.push_str(&text[rest_start..]);
        mapped
    }
}

/// A character that may be part of a file path.
fn is_path_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '~' | '+')
}

/// Whether a name that ends where `rest` begins ends there as a path (not `solution.cpp2`,
/// nor `solution.c` of `solution.c.orig`; `solution.cpp:3:` and `solution.cpp.` do).
fn ends_name(rest: &str) -> bool {
    let mut chars = rest.chars();
    match chars.next() {
        None => true,
        Some('.') => !chars
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_'),
        Some(c) => !(c.is_alphanumeric() || matches!(c, '_' | '-' | '/' | '+')),
    }
}

/// Lets the sandbox user (any user) read a published entry and run its programs.
pub(super) fn make_world_readable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755));
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if let Ok(meta) = entry.metadata() {
                let mode = if meta.permissions().mode() & 0o111 != 0 {
                    0o755
                } else {
                    0o644
                };
                let _ =
                    std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(mode));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::RunnerConfig;
    use crate::lang::{prepare, Compiled};
    use crate::limits::Allowance;

    fn limits() -> CompileLimits {
        CompileLimits {
            time: Duration::from_secs(10),
            memory_bytes: 64 * MIB,
            max_processes: 16,
            output_bytes: 8 * MIB,
            message_bytes: 16 * 1024,
        }
    }

    fn facts(termination: Termination) -> RunFacts {
        RunFacts::ended(termination)
    }

    /// The headline of a failed step (or what else it came to).
    fn headline(facts: &RunFacts, over: bool) -> String {
        match step_end(facts, &limits(), over, false) {
            StepEnd::Failed(Some(headline)) => headline,
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn a_step_that_reaches_a_limit_is_a_compile_error_naming_it() {
        let killed = facts(Termination::Signaled(libc::SIGKILL));
        let stopped = |reason| RunFacts {
            stopped_by: Some(reason),
            ..killed.clone()
        };
        let cases = [
            (
                stopped(StopReason::OutputLimit),
                "16 KiB of messages (compile_message_limit_kib)",
            ),
            (
                stopped(StopReason::MemoryLimit),
                "memory limit of 64 MiB (compile_memory_mib)",
            ),
            (
                RunFacts {
                    oom_killed: true,
                    ..killed.clone()
                },
                "compile_memory_mib",
            ),
            (
                stopped(StopReason::ProcessLimit),
                "16 processes (compile_max_processes)",
            ),
            (
                RunFacts {
                    process_limit_reached: true,
                    ..facts(Termination::Exited(2))
                },
                "compile_max_processes",
            ),
            (
                stopped(StopReason::CpuTime),
                "longer than 10 s (compile_time_limit_seconds)",
            ),
            (stopped(StopReason::WallTime), "compile_time_limit_seconds"),
            (
                facts(Termination::Signaled(libc::SIGXFSZ)),
                "a file larger than 8 MiB (compile_output_limit_mib)",
            ),
        ];
        for (facts, expected) in cases {
            let text = headline(&facts, false);
            assert!(text.contains(expected), "{facts:?}: {text}");
        }
        // A step that ended leaving processes running fails for that, or for the limit they
        // reached before they were ended.
        for (facts, expected) in [
            (
                facts(Termination::Exited(0)),
                "processes it started were still running",
            ),
            (
                RunFacts {
                    process_limit_reached: true,
                    ..facts(Termination::Exited(0))
                },
                "compile_max_processes",
            ),
        ] {
            let facts = RunFacts {
                left_running: true,
                ..facts
            };
            let text = headline(&facts, false);
            assert!(text.contains(expected), "{facts:?}: {text}");
        }
        // The folder's size, watched while the step ran, comes first.
        let text = headline(&stopped(StopReason::Requested), true);
        assert!(text.contains("more than 8 MiB or 100000 files"), "{text}");
    }

    #[test]
    fn a_step_ends_well_only_by_exiting_with_0_by_itself() {
        let limits = limits();
        assert_eq!(
            step_end(&facts(Termination::Exited(0)), &limits, false, false),
            StepEnd::Succeeded
        );
        let requested = RunFacts {
            stopped_by: Some(StopReason::Requested),
            ..facts(Termination::Exited(0))
        };
        assert_eq!(
            step_end(&requested, &limits, false, false),
            StepEnd::Failed(None)
        );
        assert_eq!(
            step_end(&facts(Termination::Exited(1)), &limits, false, false),
            StepEnd::Failed(None)
        );
        let not_started = RunFacts {
            launch_error: Some("cannot execute /x: No such file".into()),
            ..facts(Termination::NotStarted)
        };
        assert_eq!(
            step_end(&not_started, &limits, false, false),
            StepEnd::NotStarted("cannot execute /x: No such file".into())
        );
        assert!(matches!(
            step_end(&facts(Termination::SandboxFailed), &limits, true, false),
            StepEnd::SandboxFailed(_)
        ));
        // A program the compiler started left a file of the limit's size: that limit is named;
        // a build that succeeds with such a file is fine.
        let over_file = step_end(&facts(Termination::Exited(1)), &limits, false, true);
        assert!(
            matches!(&over_file, StepEnd::Failed(Some(h)) if h.contains("compile_output_limit_mib")),
            "{over_file:?}"
        );
        // A shell whose command died of SIGXFSZ exits with 128 + 25.
        let relayed = step_end(&facts(Termination::Exited(153)), &limits, false, false);
        assert!(
            matches!(&relayed, StepEnd::Failed(Some(h)) if h.contains("compile_output_limit_mib")),
            "{relayed:?}"
        );
        assert_eq!(
            step_end(&facts(Termination::Exited(0)), &limits, false, true),
            StepEnd::Succeeded
        );
        assert_eq!(
            ended_without_message(&facts(Termination::Signaled(libc::SIGSEGV))),
            "the compiler was killed by SIGSEGV"
        );
    }

    fn workspace(files: &[(&str, &str)], shown: &[&str]) -> Workspace {
        Workspace {
            files: files
                .iter()
                .map(|(name, text)| (PathBuf::from(name), text.as_bytes().to_vec()))
                .collect(),
            shown: shown.iter().map(|s| s.to_string()).collect(),
            sources: (0..files.len()).collect(),
            main: 0,
        }
    }

    #[test]
    fn messages_name_the_users_files_not_the_build_folders() {
        let single = workspace(&[("solution.cpp", "")], &["work/my.cpp"]);
        let names = Names::new(&single, Path::new("/cache/.build-x/box"));
        let cases = [
            ("solution.cpp:2:19: error: x", "work/my.cpp:2:19: error: x"),
            ("/box/solution.cpp:1", "work/my.cpp:1"),
            ("/cache/.build-x/box/solution.cpp:1", "work/my.cpp:1"),
            (
                "In file included from ./solution.cpp:2:",
                "In file included from work/my.cpp:2:",
            ),
            (
                "File \"solution.cpp\", line 1",
                "File \"work/my.cpp\", line 1",
            ),
            ("--> solution.cpp:1:20", "--> work/my.cpp:1:20"),
            ("in ‘solution.cpp’.", "in ‘work/my.cpp’."),
            // Not the file: a longer name, another folder's file, another extension.
            ("mysolution.cpp: x", "mysolution.cpp: x"),
            ("lib/solution.cpp: x", "lib/solution.cpp: x"),
            (
                "solution.cpp2 solution.cpp.orig solution.c",
                "solution.cpp2 solution.cpp.orig solution.c",
            ),
            ("no names here", "no names here"),
            ("", ""),
        ];
        for (printed, expected) in cases {
            assert_eq!(names.map(printed), expected, "{printed}");
        }
        let folder = workspace(
            &[("src/main.cpp", ""), ("src/lib/sum.h", "")],
            &["sub/main.cpp", "sub/lib/sum.h"],
        );
        let names = Names::new(&folder, Path::new("/c/box"));
        assert_eq!(
            names.map("In file included from src/main.cpp:2:\nsrc/lib/sum.h:1:1: error"),
            "In file included from sub/main.cpp:2:\nsub/lib/sum.h:1:1: error"
        );
    }

    #[test]
    fn build_commands_name_the_files_relative_to_the_build_folder() {
        let template: Vec<String> = [
            "cc",
            "-o",
            "{binary}",
            "{source}",
            "-I{dir}",
            "x{source}",
            "{stem}",
            "{main}",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let folder = Workspace {
            main: 1,
            ..workspace(&[("src/a.cpp", ""), ("src/main.cpp", "")], &["a", "b"])
        };
        assert_eq!(
            fill(&template, &folder),
            [
                "cc",
                "-o",
                "solution",
                "src/a.cpp",
                "src/main.cpp",
                "-I.",
                "xsrc/main.cpp",
                "main",
                "src/main.cpp"
            ]
        );
        let odd = workspace(&[("-rf.java", "")], &["-rf.java"]);
        assert_eq!(fill(&template, &odd)[3], "./-rf.java");
    }

    #[test]
    fn what_a_build_leaves_is_swept_of_links_and_special_files() {
        let dir = tempfile::tempdir().unwrap();
        let work = dir.path();
        std::fs::create_dir(work.join("sub")).unwrap();
        std::fs::write(work.join("sub/a"), vec![0u8; 1000]).unwrap();
        std::fs::write(work.join("b"), vec![0u8; 24]).unwrap();
        std::os::unix::fs::symlink("/etc/hostname", work.join("link")).unwrap();
        std::os::unix::fs::symlink(work.join("sub"), work.join("sub/loop")).unwrap();
        let _socket = std::os::unix::net::UnixListener::bind(work.join("socket")).unwrap();
        assert_eq!(
            FolderSize::of(work),
            FolderSize {
                bytes: 1024,
                entries: 6
            }
        );
        let swept = FolderSize::sweep(work).unwrap();
        assert_eq!(swept.bytes, 1024);
        let mut left: Vec<String> = entries_under(work)
            .iter()
            .map(|p| p.strip_prefix(work).unwrap().display().to_string())
            .collect();
        left.sort();
        assert_eq!(left, ["", "b", "sub", "sub/a"]);
        assert!(!swept.over(&limits()));
        let big = FolderSize {
            bytes: 8 * MIB + 1,
            entries: 1,
        };
        assert!(big.over(&limits()));
        assert!(FolderSize {
            bytes: 0,
            entries: MAX_ENTRIES + 1
        }
        .over(&limits()));
    }

    fn runner(cache: &Path) -> RunnerConfig {
        let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("runner.toml");
        let mut runner = RunnerConfig::load(&file).unwrap();
        runner.cache_dir = cache.to_path_buf();
        runner
    }

    #[test]
    fn a_compiler_outside_the_shown_folders_gets_its_own_folder_shown() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let runner = runner(&dir.path().join("cache"));
        assert_eq!(
            toolchain(Path::new("/bin/sh"), "sh", &BuildSetup::of(&runner)).binds,
            Vec::<PathBuf>::new()
        );
        let bin = dir.path().join("opt/bin");
        std::fs::create_dir_all(&bin).unwrap();
        let compiler = bin.join("mycc");
        std::fs::write(&compiler, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&compiler, std::fs::Permissions::from_mode(0o755)).unwrap();
        let bin = bin.canonicalize().unwrap();
        assert_eq!(
            toolchain(&compiler, "mycc", &BuildSetup::of(&runner)),
            Tool {
                program: bin.join("mycc"),
                binds: vec![bin.clone()]
            }
        );
        // A folder runner.toml shows already is not bound again.
        let mut shown = runner.clone();
        shown.sandbox.read_only_paths.push(bin.clone());
        assert!(toolchain(&compiler, "mycc", &BuildSetup::of(&shown))
            .binds
            .is_empty());
        // A toolchain laid out as PREFIX/bin beside PREFIX/lib (a Rust sysroot outside the
        // system folders) gets its prefix shown, so the compiler finds its libraries.
        std::fs::create_dir_all(dir.path().join("opt/lib")).unwrap();
        let prefix = dir.path().join("opt").canonicalize().unwrap();
        assert_eq!(
            toolchain(&compiler, "mycc", &BuildSetup::of(&runner)),
            Tool {
                program: bin.join("mycc"),
                binds: vec![prefix]
            }
        );
    }

    #[test]
    fn a_rustup_proxy_is_replaced_by_the_toolchain_s_own_program() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let runner = runner(&root.join("cache"));
        // A toolchain, and a rustup that names its rustc (as `rustup which rustc` does).
        let toolchain_dir = root.join("rustup/toolchains/stable");
        std::fs::create_dir_all(toolchain_dir.join("bin")).unwrap();
        let real = toolchain_dir.join("bin/rustc");
        std::fs::write(&real, "").unwrap();
        let cargo_bin = root.join("cargo/bin");
        std::fs::create_dir_all(&cargo_bin).unwrap();
        let rustup = cargo_bin.join("rustup");
        std::fs::write(
            &rustup,
            format!(
                "#!/bin/sh\n[ \"$1 $2\" = 'which rustc' ] && echo {}\n",
                real.display()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&rustup, std::fs::Permissions::from_mode(0o755)).unwrap();
        let proxy = cargo_bin.join("rustc");
        std::os::unix::fs::symlink("rustup", &proxy).unwrap();
        assert_eq!(
            toolchain(&proxy, "rustc", &BuildSetup::of(&runner)),
            Tool {
                program: real,
                binds: vec![toolchain_dir]
            }
        );
        // What rustup does not know stays itself (its folder shown).
        let other = toolchain(
            &cargo_bin.join("cargo-x"),
            "cargo-x",
            &BuildSetup::of(&runner),
        );
        assert_eq!(other.program, cargo_bin.join("cargo-x"));
        // A hard-linked proxy is one too.
        let linked = root.join("linked");
        std::fs::create_dir(&linked).unwrap();
        std::fs::hard_link(&rustup, linked.join("rustup")).unwrap();
        std::fs::hard_link(&rustup, linked.join("rustc")).unwrap();
        assert_eq!(
            toolchain(&linked.join("rustc"), "rustc", &BuildSetup::of(&runner)).binds,
            vec![root.join("rustup/toolchains/stable")]
        );
    }

    /// A language whose compile step runs the submitted shell script.
    fn script_language() -> Language {
        Language {
            id: "script".into(),
            name: "compile script".into(),
            extensions: vec!["sh".into()],
            compile: Some(vec!["sh".into(), "{source}".into()]),
            package: None,
            keep_file_name: false,
            name_after_public_class: false,
            run: vec!["cat".into(), "{source}".into()],
            runtime_overhead_bytes: 0,
            out_of_memory_messages: Vec::new(),
            compile_read_only_paths: Vec::new(),
            binary_name: None,
            allowance: Allowance::NONE,
        }
    }

    #[test]
    fn a_build_publishes_the_submitted_sources_and_nothing_that_points_elsewhere() {
        let dir = tempfile::tempdir().unwrap();
        let mut runner = runner(&dir.path().join("cache"));
        runner.languages.push(script_language());
        let script = "echo replaced > \"$0\"\nln -s /etc/hostname link\nmkfifo pipe\n\
                      mkdir -p deep/er && ln -s / deep/er/root\necho kept > kept\n\
                      mkdir closed && echo x > closed/x && chmod 000 closed\n";
        let source = dir.path().join("build.sh");
        std::fs::write(&source, script).unwrap();
        let prepared = match prepare(&BuildSetup::of(&runner), &source, Some("script")).unwrap() {
            Compiled::Ready(prepared) => prepared,
            Compiled::Failed { message, .. } => panic!("{message}"),
        };
        assert_eq!(std::fs::read_to_string(&prepared.artifact).unwrap(), script);
        let entry = prepared.artifact.parent().unwrap();
        let mut left: Vec<String> = entries_under(entry)
            .iter()
            .map(|p| p.strip_prefix(entry).unwrap().display().to_string())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "",
                crate::files::MARKER,
                "closed",
                "closed/x",
                "deep",
                "deep/er",
                "kept",
                "solution.sh"
            ]
        );
        if sandbox::is_root() {
            use std::os::unix::fs::MetadataExt;
            for path in entries_under(entry) {
                let meta = std::fs::symlink_metadata(&path).unwrap();
                assert_eq!((meta.uid(), meta.gid()), (0, 0), "{}", path.display());
            }
        }
        // Nothing is left of the build beside the entry.
        let names: Vec<String> = std::fs::read_dir(&runner.cache_dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }
}
