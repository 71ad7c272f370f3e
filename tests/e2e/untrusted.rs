//! Files judge did not write, read as untrusted, and the files it writes (issue 21, parts 2, 3
//! and 5): a package or a folder of submissions whose links lead out of it, whose files are
//! FIFOs or devices, or never end; report paths that are devices, FIFOs or links; `judge
//! export` and `judge gen --out` that fail half-way; `judge clean` beside the user's own
//! folders. Each runs as a user and as root (CI); those that need root say so.

use crate::common;

use std::os::unix::fs::{symlink, FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::show;

/// What an accepted submission of the test package prints for `1 2`.
const SUM_PY: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// Runs judge in `dir` with `envs`, without colours.
fn judge_at(dir: &Path, args: &[&str], envs: &[(&str, &Path)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command.args(args).current_dir(dir).env("NO_COLOR", "1");
    for (key, value) in envs {
        command.env(key, value);
    }
    command.output().expect("judge runs")
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A small Kattis package (legacy format, the default output validator) in `dir`: two samples,
/// two secret tests in `group1`, an accepted Python submission.
fn package(dir: &Path) -> PathBuf {
    let root = dir.join("sum");
    write(&root.join("problem.yaml"), "name: Sum\n");
    write(&root.join(".timelimit"), "2\n");
    for (name, input, answer) in [
        ("sample/1", "1 2\n", "3\n"),
        ("sample/2", "5 5\n", "10\n"),
        ("secret/group1/1", "7 8\n", "15\n"),
        ("secret/group1/2", "-1 1\n", "0\n"),
    ] {
        write(&root.join(format!("data/{name}.in")), input);
        write(&root.join(format!("data/{name}.ans")), answer);
    }
    write(&root.join("submissions/accepted/sum.py"), SUM_PY);
    root
}

/// A file outside every package and folder of the tests, holding a secret.
fn secret(dir: &Path) -> PathBuf {
    let path = dir.join("outside/secret.txt");
    write(&path, "TOPSECRET-not-for-reports\n");
    path
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

/// Whole output of a run, for assertions.
fn all_text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// `judge test sum.py --problem PACKAGE` with a JSON and an HTML report into `dir`.
fn test_package(dir: &Path, package: &Path) -> Output {
    let solution = package.join("submissions/accepted/sum.py");
    judge_at(
        dir,
        &[
            "test",
            &solution.to_string_lossy(),
            "--problem",
            &package.to_string_lossy(),
            "--json",
            "report.json",
            "--html",
            "report.html",
        ],
        &[],
    )
}

/// Refused at once (exit 2), naming `file` and saying `why`, with nothing of the secret in
/// the output and no report written.
fn assert_refused(dir: &Path, output: &Output, file: &str, why: &str) {
    let text = show(output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(file) && stderr.contains(why),
        "not named: {file}, {why}:\n{text}"
    );
    assert!(!text.contains("TOPSECRET"), "{text}");
    assert!(!dir.join("report.json").exists() && !dir.join("report.html").exists());
}

#[test]
fn a_test_of_a_package_linked_out_of_it_is_refused_and_never_shown() {
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    let secret = secret(dir.path());
    symlink(&secret, root.join("data/secret/group1/3.in")).unwrap();
    write(&root.join("data/secret/group1/3.ans"), "0\n");
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "group1/3.in", "outside");
    // The same link as an answer, and as the package's problem.yaml.
    std::fs::remove_file(root.join("data/secret/group1/3.in")).unwrap();
    write(&root.join("data/secret/group1/3.in"), "0 0\n");
    std::fs::remove_file(root.join("data/secret/group1/3.ans")).unwrap();
    symlink(&secret, root.join("data/secret/group1/3.ans")).unwrap();
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "group1/3.ans", "outside");
    std::fs::remove_file(root.join("problem.yaml")).unwrap();
    symlink(&secret, root.join("problem.yaml")).unwrap();
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "problem.yaml", "outside");
}

/// The case of the issue: as root, a package whose test is a link to /etc/shadow.
#[test]
#[ignore = "needs root"]
fn a_package_test_linked_to_etc_shadow_is_refused_as_root() {
    common::require_root();
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    symlink("/etc/shadow", root.join("data/secret/group1/3.in")).unwrap();
    write(&root.join("data/secret/group1/3.ans"), "0\n");
    let output = test_package(dir.path(), &root);
    assert_refused(
        dir.path(),
        &output,
        "3.in",
        "a link to /etc/shadow, outside",
    );
    let shadow = std::fs::read_to_string("/etc/shadow").unwrap();
    let first = shadow.lines().next().unwrap_or("root:");
    assert!(!all_text(&output).contains(first));
}

/// Test cases shared between groups are links inside the package (testdata_tools style): they
/// are tests like the others.
#[test]
fn links_inside_a_package_are_followed() {
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    let group2 = root.join("data/secret/group2");
    std::fs::create_dir_all(&group2).unwrap();
    for name in ["1.in", "1.ans"] {
        symlink(format!("../group1/{name}"), group2.join(name)).unwrap();
    }
    // An absolute link that stays inside, and a linked group.
    symlink(root.join("data/secret/group1/2.in"), group2.join("2.in")).unwrap();
    symlink(root.join("data/secret/group1/2.ans"), group2.join("2.ans")).unwrap();
    symlink("group1", root.join("data/secret/group3")).unwrap();
    let output = test_package(dir.path(), &root);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for name in ["secret/group2/1", "secret/group2/2", "secret/group3/1"] {
        assert!(text.contains(name), "{name} not run:\n{text}");
    }
    assert!(text.contains("8/8 tests passed"), "{text}");
}

/// A problem.yaml or problem.toml that is a FIFO or a link to a device is the problem's, and
/// refused by name (it was "unknown problem", the folder taken for no problem at all).
#[test]
fn a_problem_file_that_is_a_fifo_or_a_device_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    std::fs::remove_file(root.join("problem.yaml")).unwrap();
    mkfifo(&root.join("problem.yaml"));
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "problem.yaml", "a FIFO");
    std::fs::remove_file(root.join("problem.yaml")).unwrap();
    symlink("/dev/zero", root.join("problem.yaml")).unwrap();
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "problem.yaml", "a link to /dev/zero");
    // A problem folder of judge's own format.
    let problem = dir.path().join("sum2");
    std::fs::create_dir(&problem).unwrap();
    symlink("/dev/zero", problem.join("problem.toml")).unwrap();
    let solution = root.join("submissions/accepted/sum.py");
    let output = judge_at(
        dir.path(),
        &["test", &solution.to_string_lossy(), "--problem", "sum2"],
        &[],
    );
    assert_refused(dir.path(), &output, "problem.toml", "a link to /dev/zero");
}

/// A project's runner.toml that is a FIFO or a link out of its folder is refused by name,
/// without waiting for a writer (a FIFO was passed over as no runner.toml at all, and the run
/// went on with the defaults; a link to a file of root's was read and its line shown).
#[test]
fn a_project_runner_toml_that_is_a_fifo_or_a_link_out_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    mkfifo(&dir.path().join("runner.toml"));
    let started = Instant::now();
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "runner.toml", "a FIFO");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{}",
        show(&output)
    );
    // From a folder below the project too.
    let below = dir.path().join("below");
    std::fs::create_dir(&below).unwrap();
    let solution = root.join("submissions/accepted/sum.py");
    let output = judge_at(
        &below,
        &[
            "test",
            &solution.to_string_lossy(),
            "--problem",
            &root.to_string_lossy(),
        ],
        &[],
    );
    assert_refused(&below, &output, "runner.toml", "a FIFO");
    // A link out of the project's folder: refused, naming it, and nothing of the file shown
    // (a parse error would quote its lines); `--config` reads it on purpose.
    std::fs::remove_file(dir.path().join("runner.toml")).unwrap();
    let outside = tempfile::tempdir().unwrap();
    let secret = secret(outside.path());
    symlink(&secret, dir.path().join("runner.toml")).unwrap();
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "runner.toml", "outside");
}

/// A transcript of an accepted game (its header says verdict AC) that stops before the final
/// -1, cut in half, is reported as ending early (exit 1), not replayed as a whole game; one
/// cut inside its header, with no round left, too.
#[test]
fn a_transcript_cut_short_is_reported_as_ending_early() {
    let dir = tempfile::tempdir().unwrap();
    let whole = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems/boj28489/samples/official-1.transcript"),
    )
    .unwrap();
    let header = "# boj28489 seed 1 game 0 score 4 verdict AC\n";
    let rounds: String = whole
        .lines()
        .skip(1)
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    for (name, text) in [
        ("cut.txt", format!("{header}{rounds}")),
        ("header.txt", header[..20].to_string()),
    ] {
        let file = dir.path().join(name);
        write(&file, &text);
        let output = judge_at(dir.path(), &["replay", name, "--quiet"], &[]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(1), "{name}: {text}");
        assert!(text.contains("ends early"), "{name}: {text}");
    }
    // The whole transcript still replays.
    write(&dir.path().join("whole.txt"), &whole);
    let output = judge_at(dir.path(), &["replay", "whole.txt", "--quiet"], &[]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
}

/// Test names are whatever bytes the file system holds: a name that is not UTF-8 is a test
/// like the others (it was "has no NAME.in beside it", the name read back lossily).
#[test]
fn a_package_test_whose_name_is_not_utf8_is_run() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    let group = root.join("data/secret/group1");
    for (suffix, text) in [(&b".in"[..], "20 22\n"), (&b".ans"[..], "42\n")] {
        let name = [&b"t\xff\xfe"[..], suffix].concat();
        std::fs::write(group.join(std::ffi::OsStr::from_bytes(&name)), text).unwrap();
    }
    let output = test_package(dir.path(), &root);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("5/5 tests passed"), "{text}");
}

#[test]
fn a_fifo_a_dangling_link_or_a_loop_in_a_package_is_refused_without_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    let group = root.join("data/secret/group1");
    mkfifo(&group.join("3.in"));
    write(&group.join("3.ans"), "0\n");
    let started = Instant::now();
    let output = test_package(dir.path(), &root);
    assert_refused(
        dir.path(),
        &output,
        "3.in",
        "a FIFO, not a regular file: refused",
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    std::fs::remove_file(group.join("3.in")).unwrap();
    symlink("missing.in", group.join("3.in")).unwrap();
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "3.in", "which does not exist");
    std::fs::remove_file(group.join("3.in")).unwrap();
    std::fs::remove_file(group.join("3.ans")).unwrap();
    symlink("..", group.join("again")).unwrap();
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "again", "never end");
    std::fs::remove_file(group.join("again")).unwrap();
    // A device by its own path is a link out of the package.
    symlink("/dev/zero", group.join("3.in")).unwrap();
    write(&group.join("3.ans"), "0\n");
    let output = test_package(dir.path(), &root);
    assert_refused(dir.path(), &output, "3.in", "/dev/zero, outside");
}

/// As root a package may hold a device node itself.
#[test]
#[ignore = "needs root"]
fn a_device_in_a_package_is_refused_as_root() {
    common::require_root();
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    let device = root.join("data/secret/group1/3.in");
    // The device of /dev/zero (1, 5).
    let made = Command::new("mknod")
        .arg(&device)
        .args(["c", "1", "5"])
        .status()
        .unwrap();
    assert!(made.success());
    write(&root.join("data/secret/group1/3.ans"), "0\n");
    let output = test_package(dir.path(), &root);
    assert_refused(
        dir.path(),
        &output,
        "3.in",
        "a character device, not a regular file",
    );
}

/// An output validator writes its feedback folder: a judgemessage.txt that is a link to a
/// file outside is not read.
#[test]
fn a_judge_message_linked_out_of_the_feedback_folder_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    let secret = secret(dir.path());
    // Readable by the sandbox's user, so that only judge's refusal keeps it out.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(
        secret.parent().unwrap(),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    write(
        &root.join("problem.yaml"),
        "name: Sum\nvalidation: custom\n",
    );
    write(
        &root.join("output_validators/linker/validate.py"),
        &format!(
            "import os, sys\n\
             os.symlink({:?}, os.path.join(sys.argv[3], 'judgemessage.txt'))\n\
             sys.exit(43)\n",
            secret.to_string_lossy()
        ),
    );
    let output = judge_at(
        dir.path(),
        &[
            "test",
            &root.join("submissions/accepted/sum.py").to_string_lossy(),
            "--problem",
            &root.to_string_lossy(),
            "--tests",
            "samples",
        ],
        &[],
    );
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("WA"), "{text}");
    assert!(!text.contains("TOPSECRET"), "{text}");
    assert!(text.contains("judgemessage.txt: a link to"), "{text}");
}

#[test]
fn files_without_end_are_refused_at_their_cap() {
    let dir = tempfile::tempdir().unwrap();
    let solution = common::repo().join("solutions/boj12100/accepted/dfs.cpp");
    let solution = solution.to_string_lossy();
    let cases: [(&[&str], &str); 5] = [
        (
            &["--config", "/dev/zero", "list"],
            "/dev/zero: larger than 1 MiB, the cap on configuration files",
        ),
        (
            &["validate", "boj12100", "/dev/zero"],
            "/dev/zero: larger than 256 MiB, the cap on test files",
        ),
        (
            &["solve", "boj12100", "/dev/zero"],
            "/dev/zero: larger than 256 MiB, the cap on test files",
        ),
        (
            &[
                "test",
                "/dev/zero",
                "--problem",
                "boj12100",
                "--language",
                "cpp",
            ],
            "/dev/zero: larger than 16 MiB, the cap on sources",
        ),
        (&["replay", "/dev/zero"], "the cap on game transcripts"),
    ];
    for (args, message) in cases {
        let started = Instant::now();
        let output = judge_at(dir.path(), args, &[("XDG_CACHE_HOME", dir.path())]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
        // `validate` reports each input it was given on standard output (the refused one
        // too); the other commands stop with the error on standard error.
        assert!(text.contains(message), "{args:?}: {text}");
        assert!(started.elapsed() < Duration::from_secs(60), "{args:?}");
    }
    // A test file over the configured cap, named with the key that raises it.
    let tests = dir.path().join("tests");
    write(&tests.join("big.in"), &"2\n".repeat(600 * 1024));
    write(&tests.join("big.ans"), "0\n");
    let config = dir.path().join("small.toml");
    write(&config, "[files]\ntest_file_limit_mib = 1\n");
    let output = judge_at(
        dir.path(),
        &[
            "--config",
            &config.to_string_lossy(),
            "test",
            &solution,
            "--problem",
            "boj12100",
            "--tests-dir",
            &tests.to_string_lossy(),
        ],
        &[],
    );
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("big.in: larger than 1 MiB, the cap on test files")
            && text.contains("files.test_file_limit_mib"),
        "{text}"
    );
}

/// `judge test` of boj12100's samples with `report` options, from `dir` under `umask` (the
/// repository's configuration, so its compile cache).
fn report_run(dir: &Path, umask: &str, reports: &[&str]) -> Output {
    let solution = common::repo().join("solutions/boj12100/accepted/dfs.cpp");
    let mut script = format!(
        "umask {umask}; exec \"$0\" --config '{}' test '{}' --tests samples",
        common::repo().join("runner.toml").display(),
        solution.display()
    );
    for report in reports {
        script.push(' ');
        script.push_str(report);
    }
    Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_judge")])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

#[test]
fn a_report_file_is_replaced_whole_with_the_umask_mode_and_links_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(&d.join("old.json"), "old");
    std::fs::set_permissions(d.join("old.json"), std::fs::Permissions::from_mode(0o600)).unwrap();
    write(&d.join("target.xml"), "old");
    symlink("target.xml", d.join("link.xml")).unwrap();
    let output = report_run(
        d,
        "022",
        &["--json old.json", "--junit link.xml", "--html new.html"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    for (file, start) in [
        ("old.json", "{"),
        ("target.xml", "<?xml"),
        ("new.html", "<!"),
    ] {
        let path = d.join(file);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644, "{file}");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with(start),
            "{file}: {}",
            &text[..text.len().min(80)]
        );
    }
    let link = std::fs::symlink_metadata(d.join("link.xml")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    let output = report_run(d, "077", &["--json old.json"]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let mode = std::fs::metadata(d.join("old.json"))
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600);
    // Nothing is left beside them.
    let mut names: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["link.xml", "new.html", "old.json", "target.xml"]);
}

#[test]
fn a_report_to_a_device_or_a_fifo_is_written_as_a_shell_redirection_writes_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Standard output: the report follows the table.
    let output = report_run(d, "022", &["--json /dev/stdout"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("\"judge_version\""), "{text}");
    // Standard output redirected to a file: added to it, the table kept.
    let output = report_run(d, "022", &["--json /dev/stdout > out.txt"]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let written = std::fs::read_to_string(d.join("out.txt")).unwrap();
    assert!(
        written.contains("sample") && written.contains("\"judge_version\""),
        "{written}"
    );
    // `-`: the report alone on standard output (it parses whole), the table on standard
    // error, and no file named `-`.
    let output = report_run(d, "022", &["--json -"]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let report: serde_json::Value =
        serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{e}: {}", show(&output)));
    assert_eq!(report["verdict"], "AC", "{report}");
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("tests passed"),
        "{}",
        show(&output)
    );
    assert!(!d.join("-").exists());
    let output = report_run(d, "022", &["--json -", "--junit -"]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    assert!(
        show(&output).contains("only one report can be written to standard output"),
        "{}",
        show(&output)
    );
    // A full device: an error naming it, and the device is still there.
    for option in ["--json", "--junit", "--html"] {
        let output = report_run(d, "022", &[&format!("{option} /dev/full")]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(2), "{option}: {text}");
        assert!(
            text.contains("/dev/full: No space left"),
            "{option}: {text}"
        );
        let full = std::fs::symlink_metadata("/dev/full").unwrap();
        assert!(full.file_type().is_char_device(), "/dev/full was replaced");
    }
    // A FIFO with a reader, and a link to it.
    let fifo = d.join("reports.fifo");
    mkfifo(&fifo);
    symlink("reports.fifo", d.join("fifo-link")).unwrap();
    for name in ["reports.fifo", "fifo-link"] {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        let output = report_run(d, "022", &[&format!("--json {name}")]);
        assert_eq!(output.status.code(), Some(0), "{}", show(&output));
        let read = reader.join().unwrap();
        assert!(read.contains("\"judge_version\""), "{read}");
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
    }
}

/// In a shared folder such as /tmp, a link another user planted is not followed to replace
/// a file of root's (the kernel's protected_symlinks rule, which a shell's redirection meets).
#[test]
#[ignore = "needs root"]
fn a_report_link_planted_by_another_user_in_a_shared_folder_is_not_followed() {
    common::require_root();
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777)).unwrap();
    let precious = dir.path().join("precious.conf");
    write(&precious, "keep me\n");
    let planted = shared.join("report.json");
    symlink(&precious, &planted).unwrap();
    std::os::unix::fs::lchown(&planted, Some(65534), Some(65534)).unwrap();
    let output = report_run(&shared, "022", &["--json report.json"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("report.json: a link another user owns"),
        "{text}"
    );
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me\n");
    // root's own link there is followed.
    std::os::unix::fs::lchown(&planted, Some(0), Some(0)).unwrap();
    let output = report_run(&shared, "022", &["--json report.json"]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert!(std::fs::read_to_string(&precious).unwrap().starts_with('{'));
}

/// A runner.toml another user left in a shared folder above the current one is not the
/// project's configuration: it would choose the compile commands and the sandbox's user
/// (`user = "root"`) of root's run. judge says so and names it; given with --config it is read.
#[test]
#[ignore = "needs root"]
fn a_runner_toml_another_user_planted_above_the_current_folder_is_refused() {
    common::require_root();
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777)).unwrap();
    let work = shared.join("work");
    std::fs::create_dir(&work).unwrap();
    let planted = shared.join("runner.toml");
    write(
        &planted,
        "[defaults]\nseed = 4242\n[sandbox]\nuser = \"root\"\n",
    );
    std::os::unix::fs::chown(&planted, Some(65534), Some(65534)).unwrap();
    let cache = dir.path().join("cache");
    let envs: &[(&str, &Path)] = &[("XDG_CACHE_HOME", &cache), ("XDG_CONFIG_HOME", &cache)];
    let output = judge_at(&work, &["config"], envs);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("shared/runner.toml: owned by user 65534"),
        "{text}"
    );
    assert!(!text.contains("4242"), "{text}");
    // A link of the user's own to that file leads to it: refused too.
    let linked = work.join("runner.toml");
    symlink(&planted, &linked).unwrap();
    let output = judge_at(&work, &["config"], envs);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    std::fs::remove_file(&linked).unwrap();
    // Named on purpose, it is read.
    let output = judge_at(&work, &["config", "--config", "../runner.toml"], envs);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("seed = 4242"), "{text}");
    // root's own file there is the project's.
    std::os::unix::fs::chown(&planted, Some(0), Some(0)).unwrap();
    let output = judge_at(&work, &["config"], envs);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("seed = 4242"), "{text}");
}

/// A problem of the user's whose generator fails at test 3 (index 2): a command that writes
/// tests stops there.
fn failing_project(dir: &Path) -> PathBuf {
    let project = dir.join("project");
    write(&project.join("runner.toml"), "[defaults]\nseed = 1\n");
    let problem = project.join("problems/flaky");
    write(
        &problem.join("problem.toml"),
        "id = \"flaky\"\ntitle = \"Flaky\"\nsource = \"judge's tests\"\nkind = \"batch\"\n\n\
         [limits]\ntime_seconds = 1.0\nmemory_mib = 64\n\n\
         [generator]\nsource = \"gen.py\"\n\n[reference]\nsource = \"ref.py\"\n",
    );
    write(
        &problem.join("gen.py"),
        "import sys\nindex = int(sys.argv[2])\nif index == 2:\n    sys.exit(3)\nprint(index)\n",
    );
    write(&problem.join("ref.py"), "print(input())\n");
    write(&problem.join("samples/1.in"), "7\n");
    write(&problem.join("samples/1.ans"), "7\n");
    project
}

/// Only `expected` is left in `dir` (no half-written folder, no temporary one).
fn assert_only(dir: &Path, expected: &[&str]) {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, expected);
}

#[test]
fn export_and_gen_that_fail_half_way_leave_no_folder() {
    let dir = tempfile::tempdir().unwrap();
    let project = failing_project(dir.path());
    let cache = dir.path().join("cache");
    let env = [("XDG_CACHE_HOME", cache.as_path())];
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let export = judge_at(
        &project,
        &[
            "export",
            "flaky",
            "--kattis",
            "../out/flaky",
            "--count",
            "5",
        ],
        &env,
    );
    let text = show(&export);
    assert_eq!(export.status.code(), Some(2), "{text}");
    assert!(text.contains("generated test 2"), "{text}");
    assert_only(&out, &[]);
    let gen = judge_at(
        &project,
        &["gen", "flaky", "--count", "5", "--out", "../out/tests"],
        &env,
    );
    let text = show(&gen);
    assert_eq!(gen.status.code(), Some(2), "{text}");
    assert_only(&out, &[]);
    // Two tests go well: both are written whole, and a second export into the package is
    // refused, leaving it as it was.
    let export = judge_at(
        &project,
        &[
            "export",
            "flaky",
            "--kattis",
            "../out/flaky",
            "--count",
            "2",
        ],
        &env,
    );
    assert_eq!(export.status.code(), Some(0), "{}", show(&export));
    let gen = judge_at(
        &project,
        &["gen", "flaky", "--count", "2", "--out", "../out/tests"],
        &env,
    );
    assert_eq!(gen.status.code(), Some(0), "{}", show(&gen));
    assert_only(&out, &["flaky", "tests"]);
    assert_only(
        &out.join("tests"),
        &["001.ans", "001.in", "002.ans", "002.in"],
    );
    let again = judge_at(
        &project,
        &[
            "export",
            "flaky",
            "--kattis",
            "../out/flaky",
            "--count",
            "1",
        ],
        &env,
    );
    let text = show(&again);
    assert_eq!(again.status.code(), Some(2), "{text}");
    assert!(text.contains("is not empty"), "{text}");
    assert!(out.join("flaky/data/secret/random-001.in").is_file());
    let again = judge_at(
        &project,
        &["gen", "flaky", "--count", "1", "--out", "../out/tests"],
        &env,
    );
    assert_eq!(again.status.code(), Some(2), "{}", show(&again));
    assert!(out.join("tests/002.in").is_file());
}

#[test]
fn an_interrupted_export_leaves_no_folder() {
    let dir = tempfile::tempdir().unwrap();
    let project = failing_project(dir.path());
    // Test 3 takes long instead of failing.
    write(
        &project.join("problems/flaky/gen.py"),
        "import sys, time\nindex = int(sys.argv[2])\nif index == 2:\n    time.sleep(8)\nprint(index)\n",
    );
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([
            "export",
            "flaky",
            "--kattis",
            "../out/flaky",
            "--count",
            "5",
        ])
        .current_dir(&project)
        .env("XDG_CACHE_HOME", dir.path().join("cache"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the package is being built, and test 1 is in it.
    let started = Instant::now();
    let building = loop {
        let staged = std::fs::read_dir(&out)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.join("data/secret/random-001.in").exists());
        if let Some(staged) = staged {
            break staged;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "no export");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_ne!(building, out.join("flaky"), "built in place");
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert_only(&out, &[]);
}

/// The cache folder of a run outside any project, with `XDG_CACHE_HOME` at `cache`.
fn cache_run(dir: &Path, cache: &Path, args: &[&str]) -> Output {
    judge_at(dir, args, &[("XDG_CACHE_HOME", cache)])
}

#[test]
fn clean_removes_only_what_carries_judges_marker() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let solution = common::repo().join("solutions/boj12100/accepted/dfs.cpp");
    let output = cache_run(
        dir.path(),
        &cache,
        &[
            "test",
            &solution.to_string_lossy(),
            "--tests",
            "samples",
            "--problem",
            "boj12100",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let folder = cache.join("judge");
    let judges: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(judges.len() >= 2, "{judges:?}");
    // The user's: a folder with a key's name, a file among the built-in problems, a file.
    let users_key = folder.join("0123456789abcdef0123456789abcdef");
    write(&users_key.join("thesis.tex"), "mine");
    let users_file = folder.join("built-in-problems/notes.txt");
    write(&users_file, "mine");
    write(&folder.join("todo.txt"), "mine");
    let output = cache_run(dir.path(), &cache, &["clean"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("removed 2 cache entries"), "{text}");
    assert!(text.contains("without judge's marker"), "{text}");
    assert!(text.contains("0123456789abcdef0123456789abcdef"), "{text}");
    for path in &judges {
        assert!(
            !path.exists() || path.ends_with("built-in-problems"),
            "{} left",
            path.display()
        );
    }
    assert_only(
        &folder,
        &[
            "0123456789abcdef0123456789abcdef",
            "built-in-problems",
            "todo.txt",
        ],
    );
    assert_eq!(
        std::fs::read(users_key.join("thesis.tex")).unwrap(),
        b"mine"
    );
    assert_only(&folder.join("built-in-problems"), &["notes.txt"]);
}

#[test]
fn a_grade_folder_gives_a_row_to_each_entry_it_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    let secret = secret(dir.path());
    let class = dir.path().join("class");
    write(&class.join("ann.py"), SUM_PY);
    symlink("gone.py", class.join("bea.py")).unwrap();
    mkfifo(&class.join("cid.py"));
    symlink(&secret, class.join("dan.py")).unwrap();
    write(&class.join("eve/main.py"), SUM_PY);
    symlink(&secret, class.join("eve/notes.py")).unwrap();
    let started = Instant::now();
    let output = judge_at(
        dir.path(),
        &[
            "grade",
            "--problem",
            &root.to_string_lossy(),
            &class.to_string_lossy(),
            "--tests",
            "samples",
            "--results",
            &dir.path().join("results").to_string_lossy(),
        ],
        &[],
    );
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(started.elapsed() < Duration::from_secs(120));
    assert!(!text.contains("TOPSECRET"), "{text}");
    for (name, why) in [
        ("bea.py", "which does not exist"),
        ("cid.py", "a FIFO, not a regular file"),
        ("dan.py", "outside"),
        ("eve", "eve/notes.py: a link to"),
    ] {
        assert!(
            text.lines()
                .any(|l| l.contains(&format!("class/{name}")) && l.contains("not graded")),
            "no row for {name}:\n{text}"
        );
        assert!(
            text.lines().any(|l| l.contains(name) && l.contains(why)),
            "{name}: {why}:\n{text}"
        );
    }
    assert!(text.contains("AC 1, not graded 4"), "{text}");
}

#[test]
fn a_broken_package_is_named_once() {
    let dir = tempfile::tempdir().unwrap();
    let root = package(dir.path());
    write(&root.join("problem.yaml"), "limits: [\n");
    let output = test_package(dir.path(), &root);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.matches("problem.yaml").count(), 1, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
