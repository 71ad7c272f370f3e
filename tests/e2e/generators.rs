//! End-to-end: `judge generate` on a small package that keeps only its generators
//! (`tests/generators/sumgen`: Python and C++ generators, a generator writing its own answer,
//! `{seed}` and `{count}`, `copy`, inline files, an include, a numbered nested group, a
//! test_group.yaml), with the real binary: the tree it writes, the seeds, a warm run taking
//! everything from the cache, a change rebuilding only what changed, files no longer made
//! removed while files the yaml does not own are left, bad yaml refused naming the key, a
//! failing or hanging generator named with its command, and `judge verify` making the data
//! first. A comparison with BAPCtools' `bt generate` runs where `bt` is installed.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{copy_tree, repo, show};

/// A copy of the test package in a fresh folder, with a cache of its own.
struct Fixture {
    dir: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        copy_tree(
            &Path::new(&repo()).join("tests/generators/sumgen"),
            &dir.path().join("sumgen"),
        );
        Fixture { dir }
    }

    fn package(&self) -> PathBuf {
        self.dir.path().join("sumgen")
    }

    fn data(&self, file: &str) -> PathBuf {
        self.package().join("data").join(file)
    }

    fn read(&self, file: &str) -> String {
        std::fs::read_to_string(self.data(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
    }

    /// `judge ARGS` with this fixture's cache (run from the fixture's folder, outside the
    /// repository's project, whose runner.toml names a cache of its own).
    fn judge(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(args)
            .current_dir(self.dir.path())
            .env("NO_COLOR", "1")
            .env("XDG_CACHE_HOME", self.dir.path().join("cache"))
            .output()
            .expect("judge runs")
    }

    fn generate(&self, extra: &[&str]) -> Output {
        let package = self.package();
        let mut args = vec!["generate", package.to_str().unwrap()];
        args.extend_from_slice(extra);
        self.judge(&args)
    }

    fn edit_yaml(&self, from: &str, to: &str) {
        let file = self.package().join("generators/generators.yaml");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains(from), "{from}");
        std::fs::write(&file, text.replacen(from, to, 1)).unwrap();
    }

    /// Every file and link under data/, relative.
    fn tree(&self) -> Vec<String> {
        fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let entry = entry.unwrap();
                if entry.file_type().unwrap().is_dir() {
                    walk(&entry.path(), root, out);
                } else {
                    let path = entry.path();
                    out.push(path.strip_prefix(root).unwrap().display().to_string());
                }
            }
        }
        let mut out = Vec::new();
        walk(
            &self.package().join("data"),
            &self.package().join("data"),
            &mut out,
        );
        out.sort();
        out
    }
}

/// BAPCtools' seed of a command, computed with Python's hashlib (not with judge's code).
fn bapctools_seed(salt: &str, count: i64, command: &str) -> u64 {
    let script = "import hashlib, sys\n\
        salt, count, command = sys.argv[1], int(sys.argv[2]), sys.argv[3]\n\
        value = salt + (f':{count - 1}' if count != 1 else '') + command.strip()\n\
        print(int(hashlib.sha512(value.encode()).hexdigest(), 16) % 2**31)";
    let out = Command::new("python3")
        .args(["-c", script, salt, &count.to_string(), command])
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// What the package's pair.py prints for these arguments (run here, outside judge).
fn pair(seed: u64, size: &str) -> String {
    let script = Path::new(&repo()).join("tests/generators/sumgen/generators/pair.py");
    let out = Command::new("python3")
        .arg(script)
        .args([seed.to_string().as_str(), size])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn generate_writes_the_tree_bapctools_names_with_its_seeds_and_answers() {
    let fixture = Fixture::new();
    let out = fixture.generate(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    assert_eq!(
        fixture.tree(),
        [
            "invalid_input/letters.in",
            "sample/1.ans",
            "sample/1.in",
            "sample/2-hand.ans",
            "sample/2-hand.in",
            "secret/1-hidden/8-deep.ans",
            "secret/1-hidden/8-deep.in",
            "secret/2-hand.ans",
            "secret/2-hand.in",
            "secret/3-random-1.ans",
            "secret/3-random-1.in",
            "secret/4-random-2.ans",
            "secret/4-random-2.in",
            "secret/5-random-3.ans",
            "secret/5-random-3.in",
            "secret/6-fixed.ans",
            "secret/6-fixed.in",
            "secret/7-both.ans",
            "secret/7-both.in",
            "secret/test_group.yaml",
        ]
    );
    // Inline, copied, C++ and self-answering tests; answers from the named solution.
    assert_eq!(fixture.read("sample/1.in"), "1 2\n");
    assert_eq!(fixture.read("sample/1.ans"), "3\n");
    assert_eq!(fixture.read("sample/2-hand.ans"), "7\n");
    assert_eq!(fixture.read("secret/6-fixed.in"), "7 8\n");
    assert_eq!(fixture.read("secret/6-fixed.ans"), "15\n");
    assert_eq!(fixture.read("secret/7-both.ans"), "10\n");
    assert_eq!(
        fixture.read("secret/test_group.yaml"),
        "input_validator_args: [--positive]\n"
    );
    // Seeds: BAPCtools' rule, with the salt and the count's index.
    for (count, file) in [(1, "secret/3-random-1.in"), (3, "secret/5-random-3.in")] {
        let command = format!("pair.py {{seed}} {count}");
        let seed = bapctools_seed("judge", count, &command);
        assert_eq!(fixture.read(file), pair(seed, &count.to_string()), "{file}");
    }
    let deep = bapctools_seed("judge", 1, "pair.py {seed:2} 9");
    assert_eq!(fixture.read("secret/1-hidden/8-deep.in"), pair(deep, "9"));
    // An include is a relative link, as BAPCtools makes it; no answer for invalid inputs.
    assert_eq!(
        std::fs::read_link(fixture.data("secret/2-hand.in")).unwrap(),
        PathBuf::from("../sample/2-hand.in")
    );
    assert!(!fixture.data("invalid_input/letters.ans").exists());
}

#[test]
fn a_warm_run_runs_nothing_and_a_change_rebuilds_only_its_test() {
    let fixture = Fixture::new();
    let cold = fixture.generate(&["--jobs", "2"]);
    assert_eq!(cold.status.code(), Some(0), "{}", show(&cold));
    let warm = fixture.generate(&[]);
    let said = String::from_utf8_lossy(&warm.stdout);
    assert!(said.contains("0 ran, 0 files written"), "{said}");

    fixture.edit_yaml("pair.cpp 7 8", "pair.cpp 7 9");
    let changed = fixture.generate(&[]);
    let said = String::from_utf8_lossy(&changed.stdout);
    // The generator ran for the one test, and its answer was made again.
    assert!(said.contains("1 ran, 2 files written"), "{said}");
    assert_eq!(fixture.read("secret/6-fixed.in"), "7 9\n");
    assert_eq!(fixture.read("secret/6-fixed.ans"), "16\n");

    // --no-cache runs everything again and writes the same bytes.
    let again = fixture.generate(&["--no-cache"]);
    let said = String::from_utf8_lossy(&again.stdout);
    assert!(said.contains(" 0 files written"), "{said}");
    assert!(!said.contains(" 0 ran"), "{said}");
}

#[test]
fn files_no_longer_made_are_removed_and_files_the_yaml_does_not_own_are_left() {
    let fixture = Fixture::new();
    assert_eq!(fixture.generate(&[]).status.code(), Some(0));
    std::fs::write(fixture.data("secret/mine.in"), "5 5\n").unwrap();
    std::fs::write(fixture.data("secret/notes.txt"), "mine\n").unwrap();
    fixture.edit_yaml("      - fixed: pair.cpp 7 8\n", "");
    let out = fixture.generate(&[]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}");
    // Renumbered: 6-fixed is gone (judge wrote it), 7-both became 6-both.
    assert!(!fixture.data("secret/6-fixed.in").exists());
    assert!(!fixture.data("secret/7-both.in").exists());
    assert_eq!(fixture.read("secret/6-both.in"), "5 5\n");
    assert!(said.contains("left data/secret/mine.in"), "{said}");
    assert!(fixture.data("secret/mine.in").exists());
    let out = fixture.generate(&["--remove-untracked"]);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    assert!(!fixture.data("secret/mine.in").exists());
    // Not a test's file: never touched.
    assert!(fixture.data("secret/notes.txt").exists());
}

#[test]
fn bad_yaml_is_refused_naming_the_key_and_nothing_is_written() {
    let cases = [
        (
            "      - fixed: pair.cpp 7 8\n",
            "      - fixed:\n          generate: pair.cpp 7 8\n          count: 1000000000\n",
            "data.secret.data.fixed.count: count 1000000000 is not between 1 and 100",
        ),
        (
            "          copy: manual/hand",
            "          copy: ../../../etc/passwd",
            "copy: `../../../etc/passwd` goes up a folder",
        ),
        (
            "      - hand\n",
            "      - secret\n",
            "data.secret.include[0]: `secret` is this folder or one holding it (a cycle)",
        ),
        (
            "      - both: both.py 5",
            "      - both: {generate: both.py 5, colour: red}",
            "data.secret.data.both: unknown key `colour` for a test",
        ),
    ];
    for (from, to, expected) in cases {
        let fixture = Fixture::new();
        fixture.edit_yaml(from, to);
        let out = fixture.generate(&[]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{to}: {}", show(&out));
        assert!(said.contains(expected), "{to}: {said}");
        assert!(!fixture.package().join("data").exists(), "{to}");
    }
}

#[test]
fn a_data_link_out_of_the_package_is_refused() {
    let fixture = Fixture::new();
    let outside = fixture.dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::os::unix::fs::symlink(&outside, fixture.package().join("data")).unwrap();
    let out = fixture.generate(&[]);
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a folder"));
    assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0);
}

#[test]
fn a_failing_or_hanging_generator_is_named_with_its_test_and_command() {
    let fixture = Fixture::new();
    let generators = fixture.package().join("generators");
    std::fs::write(generators.join("crash.py"), "import sys\nsys.exit(3)\n").unwrap();
    std::fs::write(generators.join("hang.py"), "while True:\n    pass\n").unwrap();
    std::fs::write(
        generators.join("flood.py"),
        "import sys\nwith open('testcase.in', 'w') as f:\n    while True:\n        f.write('x' * 65536)\n",
    )
    .unwrap();
    fixture.edit_yaml(
        "      - both: both.py 5\n",
        "      - both: both.py 5\n      - crash: crash.py 1\n      - hang: hang.py\n      - flood: flood.py\n",
    );
    let out = fixture.generate(&["--time-limit", "2"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", show(&out));
    assert!(
        said.contains("FAILED secret/08-crash `crash.py 1`: exited with code 3"),
        "{said}"
    );
    assert!(
        said.contains("FAILED secret/09-hang `hang.py`: ran out of time"),
        "{said}"
    );
    // The file size limit stops a generator that writes too much.
    assert!(said.contains("FAILED secret/10-flood `flood.py`"), "{said}");
    assert!(said.contains("File too large"), "{said}");
    // The other tests were made.
    assert_eq!(fixture.read("secret/07-both.in"), "5 5\n");
    assert!(!fixture.data("secret/08-crash.in").exists());
}

/// A generator runs in the sandbox: what it writes outside its own folder (into the package,
/// above its folder, or in the machine's /tmp) lands nowhere the grader or the package sees;
/// only its `testcase.*` files and standard output make its test. Needs root: without it the
/// sandbox has no private root to keep the writes in.
#[test]
#[ignore = "needs root"]
fn a_generator_that_writes_outside_its_folder_changes_nothing_outside() {
    common::require_root();
    let fixture = Fixture::new();
    let package = fixture.package();
    let marker = format!("judge-escape-{}", std::process::id());
    let tmp_target = std::env::temp_dir().join(&marker);
    let _ = std::fs::remove_file(&tmp_target);
    std::fs::write(
        package.join("generators/escape.py"),
        format!(
            "import os\n\
             for path in [{package:?} + '/escaped.txt', '../escaped.txt', '../../escaped.txt',\n\
                          {tmp:?}, {data:?}]:\n\
             \x20   try:\n\
             \x20       os.makedirs(os.path.dirname(path) or '.', exist_ok=True)\n\
             \x20       open(path, 'w').write('out')\n\
             \x20   except OSError:\n\
             \x20       pass\n\
             print('3 4')\n",
            package = package.to_str().unwrap(),
            tmp = tmp_target.to_str().unwrap(),
            data = package.join("data/secret/planted.in").to_str().unwrap(),
        ),
    )
    .unwrap();
    fixture.edit_yaml(
        "      - both: both.py 5\n",
        "      - both: both.py 5\n      - escape: escape.py\n",
    );
    let out = fixture.generate(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    let made: Vec<String> = std::fs::read_dir(fixture.data("secret"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let name = made
        .iter()
        .find(|n| n.ends_with("escape.in"))
        .unwrap_or_else(|| panic!("no escape test in {made:?}"));
    assert_eq!(fixture.read(&format!("secret/{name}")), "3 4\n");
    assert!(!package.join("escaped.txt").exists());
    assert!(!package.join("generators/escaped.txt").exists());
    assert!(!fixture.dir.path().join("escaped.txt").exists());
    assert!(!fixture.data("secret/planted.in").exists());
    assert!(!tmp_target.exists(), "{} was written", tmp_target.display());
}

#[test]
fn verify_makes_the_data_of_a_package_that_keeps_only_generators() {
    let fixture = Fixture::new();
    let package = fixture.package();
    let out = fixture.judge(&["verify", package.to_str().unwrap()]);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains("has a generators.yaml and no tests in data/"),
        "{said}"
    );
    assert!(
        said.contains("1 input validator: every input valid"),
        "{said}"
    );
    assert_eq!(fixture.read("secret/6-fixed.ans"), "15\n");
}

#[test]
#[ignore = "needs bt (pip install bapctools)"]
fn generate_writes_the_bytes_bt_generate_writes() {
    common::require_tool("bt");
    let fixture = Fixture::new();
    let bt_copy = fixture.dir.path().join("bt");
    copy_tree(&fixture.package(), &bt_copy);
    let bt = Command::new("bt")
        .args(["generate", "--no-visualizer"])
        .current_dir(&bt_copy)
        .output()
        .unwrap();
    assert!(bt_copy.join("data/sample/1.in").is_file(), "{}", show(&bt));
    assert_eq!(fixture.generate(&[]).status.code(), Some(0));
    let diff = Command::new("diff")
        .args(["-r", "--no-dereference"])
        .arg(bt_copy.join("data"))
        .arg(fixture.package().join("data"))
        .output()
        .unwrap();
    assert!(
        diff.status.success(),
        "{}",
        String::from_utf8_lossy(&diff.stdout)
    );
}

#[test]
fn a_generator_of_several_python_files_runs_in_place_under_its_name() {
    let fixture = Fixture::new();
    let generators = fixture.package().join("generators");
    // A folder of two modules, a link to it under another name, and a `generators:` list.
    std::fs::create_dir(generators.join("split")).unwrap();
    std::fs::write(
        generators.join("split/main.py"),
        "import pathlib, sys\nimport helper\n\
         print(helper.twice(int(sys.argv[1])), len(pathlib.Path(sys.argv[0]).parent.name))\n",
    )
    .unwrap();
    std::fs::write(
        generators.join("split/helper.py"),
        "def twice(n):\n    return 2 * n\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("split", generators.join("al")).unwrap();
    fixture.edit_yaml(
        "random_salt: judge\n",
        "random_salt: judge\ngenerators:\n  listing:\n    - split/main.py\n    - split/helper.py\n",
    );
    fixture.edit_yaml(
        "      - both: both.py 5\n",
        "      - both: both.py 5\n      - folder: split 3\n      - linked: al 4\n      - listed: listing 5\n",
    );
    let out = fixture.generate(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    // The modules import each other; argv[0]'s folder is the generator's name, as BAPCtools
    // runs it from a copy under that name.
    assert_eq!(fixture.read("secret/08-folder.in"), "6 5\n");
    assert_eq!(fixture.read("secret/09-linked.in"), "8 2\n");
    assert_eq!(fixture.read("secret/10-listed.in"), "10 7\n");
    assert_eq!(fixture.read("secret/10-listed.ans"), "17\n");
}

#[test]
fn a_test_that_does_not_match_its_pattern_fails_naming_it() {
    let fixture = Fixture::new();
    fixture.edit_yaml(
        "      - both: both.py 5\n",
        "      - both:\n          generate: both.py 5\n          match:\n            in: '^5 5$'\n            ans: '^11$'\n",
    );
    let out = fixture.generate(&[]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", show(&out));
    assert!(
        said.contains("FAILED secret/7-both `match: ans`: the .ans file does not match `^11$`"),
        "{said}"
    );
    // The input's pattern held; a pattern that holds fails nothing.
    assert!(!said.contains("match: in"), "{said}");
    fixture.edit_yaml("ans: '^11$'", "ans: '^10$'");
    let out = fixture.generate(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
}

#[test]
fn the_progress_bar_shows_on_a_terminal_and_never_in_a_pipe() {
    let fixture = Fixture::new();
    let package = fixture.package();
    // A terminal: python3's pty module runs judge with a pseudo-terminal as its output.
    let on_terminal = Command::new("python3")
        .args(["-c", "import pty, sys; pty.spawn(sys.argv[1:])"])
        .arg(env!("CARGO_BIN_EXE_judge"))
        .args(["generate", package.to_str().unwrap(), "--jobs", "1"])
        .current_dir(fixture.dir.path())
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", fixture.dir.path().join("cache"))
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&on_terminal.stdout);
    assert!(shown.contains(" 0/10"), "{shown}");
    assert!(shown.contains(" 10/10 "), "{shown}");
    assert!(shown.contains("\u{1b}[2K"), "{shown}");
    assert!(shown.contains("9 tests and 1 included"), "{shown}");
    // A pipe: the summary only, on both streams.
    std::fs::remove_dir_all(package.join("data")).unwrap();
    let piped = fixture.generate(&["--no-cache", "--jobs", "1"]);
    let said = show(&piped);
    assert_eq!(piped.status.code(), Some(0), "{said}");
    assert!(said.contains("9 tests and 1 included"), "{said}");
    assert!(!said.contains("/10"), "{said}");
    assert!(!said.contains('\u{1b}'), "{said}");
}

#[test]
fn check_deterministic_names_the_tests_whose_generator_gives_other_bytes_each_run() {
    let fixture = Fixture::new();
    std::fs::write(
        fixture.package().join("generators/clock.py"),
        "import time\nprint(time.time_ns(), 1)\n",
    )
    .unwrap();
    fixture.edit_yaml(
        "      - both: both.py 5\n",
        "      - both: both.py 5\n      - clock: clock.py\n",
    );
    let out = fixture.generate(&["--check-deterministic"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", show(&out));
    assert!(
        said.contains(
            "FAILED secret/8-clock `clock.py`: not deterministic: its .in differs between two runs"
        ),
        "{said}"
    );
    // Only that one: the seeded generators give the same bytes again.
    assert_eq!(said.matches("FAILED").count(), 1, "{said}");
    // Without the check the test is made.
    let out = fixture.generate(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
}

/// A package of the test's own, written file by file into a temporary folder, and `judge
/// generate` on it with a cache of its own.
struct Written {
    dir: tempfile::TempDir,
    package: PathBuf,
}

impl Written {
    fn new(name: &str) -> Written {
        let dir = tempfile::tempdir().unwrap();
        let package = dir.path().join(name);
        Written { dir, package }
    }

    fn write(&self, path: &str, text: &str) {
        let file = self.package.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }

    fn read(&self, file: &str) -> std::io::Result<String> {
        std::fs::read_to_string(self.package.join("data").join(file))
    }

    fn generate(&self) -> Output {
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("generate")
            .arg(&self.package)
            .current_dir(self.dir.path())
            .env("NO_COLOR", "1")
            .env("XDG_CACHE_HOME", self.dir.path().join("cache"))
            .output()
            .unwrap()
    }
}

/// A multi-pass problem's sample gets the `.interaction` BAPCtools writes for it: each pass's
/// input (`<`) and the solution's output (`>`), `---` between passes, made by the solution and
/// the output validator in the sandbox; a secret test and a sample shown by a statement file
/// get none; an output validator that rejects a pass fails the sample, naming the pass.
#[test]
fn a_multi_pass_sample_gets_its_interaction() {
    let package = Written::new("passes");
    let write = |path: &str, text: &str| package.write(path, text);
    write(
        "problem.yaml",
        "problem_format_version: 2025-09\ntype: multi-pass\nname: passes\nlimits:\n  validation_passes: 3\n",
    );
    // Adds one; the validator asks for a next pass until the output reaches 3.
    write("submissions/accepted/add.py", "print(int(input()) + 1)\n");
    write(
        "output_validator/validate.py",
        "import sys\n\
         got = int(sys.stdin.read())\n\
         if got > 3:\n    sys.exit(43)\n\
         if got < 3:\n    open(sys.argv[3] + '/nextpass.in', 'w').write(f'{got}\\n')\n\
         sys.exit(42)\n",
    );
    write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/add.py\n\
         data:\n  sample:\n    data:\n      - '': {in: \"1\"}\n      - '': {in: \"2\\n\"}\n      \
         - '': {in: \"0\", in.statement: \"0\"}\n  \
         secret:\n    data:\n      - '': {in: \"3\"}\n",
    );
    let generate = || package.generate();
    let output = generate();
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let read = |file: &str| package.read(file);
    assert_eq!(
        read("sample/1.interaction").unwrap(),
        "<1\n>2\n---\n<2\n>3\n"
    );
    assert_eq!(read("sample/2.interaction").unwrap(), "<2\n>3\n");
    assert!(
        read("sample/3.interaction").is_err(),
        "shown by its statement"
    );
    assert_eq!(read("secret/4.in").unwrap(), "3\n");
    assert!(read("secret/4.interaction").is_err(), "not a sample");
    // A solution the validator rejects on the second pass: the sample fails, saying so.
    write(
        "submissions/accepted/add.py",
        "n = int(input())\nprint(n + 2 if n > 1 else n + 1)\n",
    );
    let output = generate();
    let text = show(&output);
    assert_ne!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("sample/1"), "{text}");
    assert!(text.contains("pass 2 got a wrong answer"), "{text}");
}

/// An interactive problem's sample gets its `.interaction`: the grader sits between the
/// solution and the interactor and writes each line of their exchange in order, `>` before
/// the solution's, `<` before the interactor's, as BAPCtools records it.
#[test]
fn an_interactive_sample_gets_the_exchange_as_its_interaction() {
    let package = Written::new("guessing");
    let write = |path: &str, text: &str| package.write(path, text);
    write(
        "problem.yaml",
        "problem_format_version: 2025-09\ntype: interactive\nname: guessing\n",
    );
    write(
        "submissions/accepted/bisect.py",
        "lo, hi = 1, 10\nwhile True:\n    mid = (lo + hi) // 2\n    print(mid, flush=True)\n    \
         said = input()\n    if said == 'correct':\n        break\n    \
         lo, hi = (mid + 1, hi) if said == 'higher' else (lo, mid - 1)\n",
    );
    write(
        "output_validator/interact.py",
        "import sys\nsecret = int(open(sys.argv[1]).read())\nfor line in sys.stdin:\n    \
         guess = int(line)\n    if guess == secret:\n        print('correct', flush=True)\n        \
         sys.exit(42)\n    print('higher' if guess < secret else 'lower', flush=True)\nsys.exit(43)\n",
    );
    write(
        "generators/generators.yaml",
        "solution: /submissions/accepted/bisect.py\n\
         data:\n  sample:\n    data:\n      - '': {in: \"7\\n\"}\n  secret:\n    data:\n      - '': {in: \"3\\n\"}\n",
    );
    let output = package.generate();
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let read = |file: &str| package.read(file);
    assert_eq!(
        read("sample/1.interaction").unwrap(),
        ">5\n<higher\n>8\n<lower\n>6\n<higher\n>7\n<correct\n"
    );
    assert_eq!(read("sample/1.ans").unwrap(), "");
    assert_eq!(read("secret/2.in").unwrap(), "3\n");
    assert!(read("secret/2.interaction").is_err(), "not a sample");
}
