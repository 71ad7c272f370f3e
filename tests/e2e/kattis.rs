//! End-to-end tests of Kattis problem packages (tests/kattis/: packages written for these
//! tests, each a layout real packages have, and checked with Kattis problemtools'
//! verifyproblem, which gave every submission the verdict of its folder): `judge verify PACKAGE` must agree, the groups'
//! arguments must reach the validators, and a broken package must be refused by name.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::{judge, repo, show};

fn package(name: &str) -> String {
    format!("tests/kattis/{name}")
}

/// The submissions of a package, as `folder/name`.
fn submissions(name: &str) -> Vec<String> {
    let root = repo().join(package(name)).join("submissions");
    let mut found = Vec::new();
    // (submissions.yaml, a file there, is not a folder of submissions.)
    for folder in std::fs::read_dir(&root).unwrap().flatten() {
        if !folder.path().is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(folder.path()).unwrap().flatten() {
            found.push(format!(
                "{}/{}",
                folder.file_name().to_string_lossy(),
                entry.file_name().to_string_lossy()
            ));
        }
    }
    found.sort();
    found
}

/// Whether PyPy 3 is installed where the sandbox looks for programs (an executable file), as
/// judge decides whether a package's Python runs under it (else CPython, with a warning on
/// its row).
fn pypy3_installed() -> bool {
    use std::os::unix::fs::PermissionsExt;
    ["/usr/local/bin/pypy3", "/usr/bin/pypy3", "/bin/pypy3"]
        .iter()
        .any(|path| {
            std::fs::metadata(path)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

fn verify_agrees_with_problemtools(name: &str, time_limit_line: &str) {
    let text = verify_passes(name, &[], time_limit_line);
    assert!(
        text.contains("1 input validator: every input valid"),
        "{text}"
    );
}

/// `judge verify PACKAGE EXTRA...` gives every submission the verdict of its folder, as
/// problemtools does, at the limit `time_limit_line` says; returns what it printed.
fn verify_passes(name: &str, extra: &[&str], time_limit_line: &str) -> String {
    let path = package(name);
    let mut args = vec!["verify", path.as_str()];
    args.extend_from_slice(extra);
    let output = judge(&args);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    if pypy3_installed() {
        assert!(
            text.contains("0 mismatches, 0 warnings, 0 not graded"),
            "{text}"
        );
    } else {
        // Python runs under CPython, and every warning says so.
        assert!(
            text.contains("0 mismatches, ") && text.contains(" warnings, 0 not graded"),
            "{text}"
        );
        // (A package's own warnings, such as samples-only data or a junk input no validator
        // rejects, are not about Python.)
        for line in text.lines().filter(|l| {
            l.contains("warning:")
                && !l.contains("holds no test cases")
                && !l.contains("warning: junk input")
        }) {
            assert!(line.contains("not pypy3 as on Kattis"), "{line}\n{text}");
        }
    }
    assert!(text.contains(time_limit_line), "{text}");
    for submission in submissions(name) {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("{submission} ")) && l.ends_with(" ok")),
            "{submission} is not checked:\n{text}"
        );
    }
    text
}

#[test]
#[ignore = "needs a JDK (javac, jar, java): one accepted submission is Java"]
fn default_validator_nested_groups_and_five_languages() {
    common::require_tool("javac");
    verify_agrees_with_problemtools(
        "sumdefault",
        "rounded up to a multiple of 1 s); submissions run at x 2 of it",
    );
}

#[test]
fn float_answers_in_any_notation() {
    verify_agrees_with_problemtools("floatanswers", "time limit 1000 ms (slowest accepted");
}

#[test]
fn a_custom_output_validator_gets_the_groups_flags() {
    verify_agrees_with_problemtools("customchecker", "time limit 1000 ms (slowest accepted");
    // reversed.py is wrong only where the group adds strict_order.
    let (code, json, text) = common::grade(
        &format!(
            "{}/submissions/wrong_answer/reversed.py",
            package("customchecker")
        ),
        &["--problem", &package("customchecker"), "--time-limit", "1"],
    );
    assert_eq!(code, 1, "{text}");
    let failed: Vec<&str> = json["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["verdict"] != "AC")
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(failed, ["secret/strict/1"], "{text}");
}

#[test]
fn an_interactive_package() {
    verify_agrees_with_problemtools("guessinteractive", "time limit 1000 ms (slowest accepted");
}

#[test]
fn the_2023_07_format_fixes_its_limit() {
    verify_agrees_with_problemtools(
        "divisor2023",
        "time limit 1000 ms (problem.yaml limits.time_limit); submissions run at x 1.5 of it",
    );
}

/// A limit derived near a rounding step says which limit a time a little off derives (with
/// a resolution of 1 ms, every accepted time of this package is within 5 % of a step).
#[test]
fn a_limit_derived_near_a_rounding_step_says_so() {
    let (_keep, dir) = copy_of("divisor2023");
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    std::fs::write(
        dir.join("problem.yaml"),
        yaml.replace("time_limit: 1", "time_resolution: 0.001"),
    )
    .unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    let line = text
        .lines()
        .find(|line| line.contains("slowest accepted"))
        .unwrap_or_else(|| panic!("no derived limit: {text}"));
    let limit_ms: u64 = line
        .split("time limit ")
        .nth(1)
        .and_then(|rest| rest.split(" ms").next())
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    let said = line
        .split("near a step: a run ")
        .nth(1)
        .unwrap_or_else(|| panic!("not said near a step: {line}"));
    // The other limit is a step (1 ms) away, slower up and faster down.
    let other = if said.contains("% slower") {
        limit_ms + 1
    } else {
        limit_ms - 1
    };
    assert!(said.contains(&format!("derives {other} ms")), "{line}");
}

/// Every program of the package is a folder of a source and its header (validate.cc +
/// validate.h, the Kattis template's layout): each folder is built whole.
#[test]
fn programs_that_are_folders_are_built_with_their_headers() {
    verify_agrees_with_problemtools("headerfolders", "time limit 1000 ms (slowest accepted");
}

/// problemtools' own 2023-07 example keeps its validator one folder down in
/// output_validator/: the whole folder is the program.
#[test]
fn a_2023_07_output_validator_nested_one_folder_deeper() {
    let text = verify_passes(
        "nested2023",
        &[],
        "time limit 1000 ms (problem.yaml limits.time_limit)",
    );
    assert!(text.contains("0 input validators"), "{text}");
}

/// No secret data (data/secret holds only a .gitkeep): graded on the samples, with a warning
/// naming the folder, as problemtools grades it.
#[test]
fn a_package_without_secret_data_is_graded_on_its_samples() {
    let text = verify_passes("samplesonly", &[], "time limit 1000 ms (slowest accepted");
    assert!(
        text.contains("samplesonly/data/secret: holds no test cases; the submissions are graded on the samples alone"),
        "{text}"
    );
    // No test at all is still nothing to grade on.
    let (_keep, dir) = copy_of("samplesonly");
    std::fs::remove_dir_all(dir.join("data/sample")).unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("data: holds no test cases"), "{text}");
}

/// A checktestdata script (`*.ctd`) is an input validator, run with PyPI's checktestdata as
/// problemtools runs it: every input checked, a broken one named.
#[test]
#[ignore = "needs pyctd (pip install checktestdata)"]
fn checktestdata_input_validators_run() {
    common::require_tool("pyctd");
    let text = verify_passes("ctdvalidator", &[], "time limit 1000 ms (slowest accepted");
    assert!(
        text.contains("1 input validator: every input valid"),
        "{text}"
    );
    let (_keep, dir) = copy_of("ctdvalidator");
    std::fs::write(dir.join("data/secret/2.in"), "3 2000000\n").unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("invalid: secret/2: validator format.ctd says:"),
        "{text}"
    );
    assert!(
        text.contains("the package's own checks failed: 1"),
        "{text}"
    );
}

/// Where checktestdata is not installed, its scripts are not skipped silently: a warning
/// names each one and what to install.
#[test]
fn checktestdata_not_installed_is_a_warning_naming_the_script() {
    let (keep, dir) = copy_of("ctdvalidator");
    // A sandbox PATH without the folders pip installs pyctd into.
    let config = keep.path().join("runner.toml");
    std::fs::write(&config, "[sandbox]\npath = \"/usr/bin:/bin\"\n").unwrap();
    let output = judge(&[
        "--config",
        &config.to_string_lossy(),
        "verify",
        &dir.to_string_lossy(),
    ]);
    let text = show(&output);
    assert!(text.contains("0 input validators"), "{text}");
    assert!(
        text.contains("input_validators/format.ctd: not run: checktestdata is not installed"),
        "{text}"
    );
}

#[test]
fn show_lists_a_packages_checktestdata_script_among_its_validators() {
    let output = judge(&["show", "tests/kattis/ctdvalidator", "--samples", "0"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("validator   input_validators/format.ctd (checktestdata)"),
        "{text}"
    );
}

/// A legacy package with two output validators (twovalidators): each runs in turn on every
/// output and the output must pass both, so off_by_one.py, which only the second rejects, is
/// a wrong answer (the legacy format's rule); an interactive one with two is refused by name.
#[test]
fn several_legacy_output_validators_each_run_in_turn() {
    let output = judge(&["verify", "tests/kattis/twovalidators"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    assert!(text.contains("b_equal: expected 3, got 4"), "{text}");
    assert!(text.contains("a_integer: not an integer"), "{text}");
    let output = judge(&["show", "tests/kattis/twovalidators", "--samples", "0"]);
    let text = show(&output);
    assert!(
        text.contains(
            "checker     output_validators/b_equal.py (kattis convention), after the one above"
        ),
        "{text}"
    );

    let (_keep, dir) = copy_of("twovalidators");
    std::fs::write(dir.join("problem.yaml"), "validation: custom interactive\n").unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains(
            "output_validators: holds several programs: an interactive problem has one interactor"
        ),
        "{text}"
    );
}

/// A 2025-09 package (scoring2025): `judge show` shows what its problem.yaml says about the
/// problem (credits, sources, license, keywords) and its groups as the final keys give them.
#[test]
fn show_tells_a_2025_packages_metadata_and_groups() {
    let output = judge(&["show", "tests/kattis/scoring2025", "--samples", "0"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for line in [
        "authors: Ada Setter <ada@setter.example>",
        "testers: Tess Tester",
        "sources: judge's own tests (https://judge.example/tests); Another Contest 2025",
        "license: cc0",
        "keywords: scoring, groups",
        "secret/g1  30 points, pass-fail, 2 tests",
        "secret/g2  70 points, the sum of its tests, 2 tests",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
}

/// A 2025-09 package that breaks the format is refused naming the file and the key: a key
/// problem.yaml does not have, the 2023-07 draft's `scoring:` in a test_group.yaml, a group
/// inside a group, a map of validator arguments naming no validator of the package.
#[test]
fn a_broken_2025_package_is_refused_naming_the_file() {
    let (_keep, dir) = copy_of("scoring2025");
    let dir_arg = dir.to_string_lossy().into_owned();
    let problem_yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    let g1 = dir.join("data/secret/g1/test_group.yaml");
    let g1_yaml = std::fs::read_to_string(&g1).unwrap();
    let refused = |file: &str, message: &str| {
        let output = judge(&["verify", &dir_arg]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(2), "{text}");
        assert!(
            text.contains(file) && text.contains(message),
            "{file} {message}: {text}"
        );
    };
    std::fs::write(
        dir.join("problem.yaml"),
        format!("{problem_yaml}validator_flags: x\n"),
    )
    .unwrap();
    refused(
        "scoring2025/problem.yaml",
        "validator_flags: is not a key of problem.yaml",
    );
    std::fs::write(dir.join("problem.yaml"), &problem_yaml).unwrap();

    std::fs::write(&g1, "scoring:\n  score: 30\n").unwrap();
    refused(
        "g1/test_group.yaml",
        "scoring: belongs to the 2023-07 draft",
    );
    std::fs::write(&g1, &g1_yaml).unwrap();

    std::fs::create_dir_all(dir.join("data/secret/g2/more")).unwrap();
    std::fs::write(
        dir.join("data/secret/g2/more/test_group.yaml"),
        "max_score: 1\n",
    )
    .unwrap();
    refused("more/test_group.yaml", "do not nest");
    std::fs::remove_file(dir.join("data/secret/g2/more/test_group.yaml")).unwrap();

    std::fs::write(
        &g1,
        format!("{g1_yaml}input_validator_args: {{validate: [--max, '1']}}\n"),
    )
    .unwrap();
    refused(
        "data/secret/g1/1",
        "names \"validate\", which is not an input validator",
    );
    std::fs::write(&g1, &g1_yaml).unwrap();

    std::fs::write(dir.join("data/secret/g2/1.yaml"), "arguments: [x]\n").unwrap();
    refused(
        "data/secret/g2/1.yaml",
        "arguments: is not a key of a test case's .yaml",
    );
}

/// DOMjudge's files are read: the limit they fix is said beside the one the package format
/// gives (derived, as problemtools derives it), and graded at with --domjudge-time-limit; what
/// DOMjudge reads that is not used, and where the files disagree, is noted.
#[test]
fn domjudge_files_are_read_and_the_package_format_limit_grades() {
    let text = verify_passes("domjudgeini", &[], "time limit 1000 ms (slowest accepted");
    for note in [
        "note: DOMjudge's domjudge-problem.ini fixes 4000 ms",
        "note: domjudge-problem.ini: special_compare = float names one of DOMjudge's own executables",
        "note: domjudge-problem.ini says timelimit = 4 s and .timelimit 3 s",
        "note: domjudge-problem.ini names the problem \"Extensions of DOMjudge\"",
    ] {
        assert!(text.contains(note), "{note}:\n{text}");
    }
    verify_passes(
        "domjudgeini",
        &["--domjudge-time-limit"],
        "time limit 4000 ms (DOMjudge's domjudge-problem.ini, --domjudge-time-limit)",
    );
    // The JSON report carries the package's checks: the limit, where it came from, the notes.
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("verify.json");
    let output = judge(&[
        "verify",
        &package("domjudgeini"),
        "--json",
        &report.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let package = &json["package"];
    assert_eq!(package["time_limit"]["ms"], 1000, "{json}");
    assert!(
        package["time_limit"]["domjudge"]
            .as_str()
            .is_some_and(|note| note.contains("4000 ms")),
        "{json}"
    );
    assert_eq!(package["notes"].as_array().map(Vec::len), Some(3), "{json}");
    assert_eq!(json["rows"].as_array().map(Vec::len), Some(2), "{json}");
    // A .timelimit alone is DOMjudge's limit too.
    let (_keep, dir) = copy_of("domjudgeini");
    std::fs::remove_file(dir.join("domjudge-problem.ini")).unwrap();
    let output = judge(&["verify", &dir.to_string_lossy(), "--domjudge-time-limit"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("time limit 3000 ms (DOMjudge's .timelimit"),
        "{text}"
    );
}

/// An output validator that does not compile ends the run, naming it, before any submission:
/// no row of "not graded" that reads like a pass.
#[test]
fn a_checker_that_does_not_build_ends_the_run_naming_it() {
    let (_keep, dir) = copy_of("headerfolders");
    std::fs::remove_file(dir.join("output_validators/sumcheck/validate.h")).unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("the checker sumcheck does not compile") && text.contains("validate.h"),
        "{text}"
    );
    assert!(!text.contains("accepted/add.py"), "{text}");
    // An input validator that does not build is the package's error: the submissions are
    // still graded, and the run fails.
    let (_keep, dir) = copy_of("headerfolders");
    std::fs::remove_file(dir.join("input_validators/bounds/bounds.h")).unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("the validator bounds does not compile"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("accepted/add.py") && l.ends_with(" ok")),
        "{text}"
    );
    assert!(
        text.contains("the package's own checks failed: 1"),
        "{text}"
    );
}

/// Validators that are folders with their own `build` and `run` scripts (the format allows
/// them for validators; BAPCtools' boolfind has one): each is built by its `build` in the
/// sandbox and run as `./run` in the folder the build left, so a `run` the build wrote, and
/// one that calls `./compare` from the folder, both work. (problemtools runs `run` from its own
/// working folder, where `./compare` is not found: it gives JE on this package's output
/// validator, as on boolfind's.) The input validator really validates: an input out of its
/// range is reported.
#[test]
fn validators_with_their_own_build_and_run_scripts() {
    let text = verify_passes("buildscripts", &[], "time limit 1000 ms (slowest accepted");
    assert!(
        text.contains("3 tests, 1 input validator: every input valid"),
        "{text}"
    );
    assert!(
        text.contains("expected 3"),
        "the validator's message: {text}"
    );
    let (_keep, dir) = copy_of("buildscripts");
    std::fs::write(dir.join("data/secret/3.in"), "5000 1\n").unwrap();
    std::fs::write(dir.join("data/secret/3.ans"), "5001\n").unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("1 input validator: 1 failed") && text.contains("invalid: secret/3"),
        "{text}"
    );
}

/// A program whose build script fails, leaves no `run`, or is not executable ends the run,
/// naming the program and why.
#[test]
fn a_build_script_that_fails_ends_the_run_naming_the_program() {
    use std::os::unix::fs::PermissionsExt;
    let broken = |change: &dyn Fn(&std::path::Path), says: &str| {
        let (_keep, dir) = copy_of("buildscripts");
        change(&dir.join("output_validators/sum/build"));
        let output = judge(&["verify", &dir.to_string_lossy()]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(2), "{text}");
        assert!(
            text.contains("the checker sum does not compile") && text.contains(says),
            "{text}"
        );
        assert!(!text.contains("accepted/add.c"), "{text}");
    };
    let edit = |build: &std::path::Path, from: &str, to: &str| {
        let script = std::fs::read_to_string(build).unwrap();
        std::fs::write(build, script.replace(from, to)).unwrap();
    };
    broken(
        &|build| edit(build, "compare.c", "missing.c"),
        "missing.c: No such file or directory",
    );
    broken(
        &|build| std::fs::write(build, "#!/bin/sh\ngcc -O2 -o compare compare.c\n").unwrap(),
        "the build did not leave an executable `run`",
    );
    broken(
        &|build| std::fs::set_permissions(build, std::fs::Permissions::from_mode(0o644)).unwrap(),
        "the build script is not executable",
    );
}

/// A solution that is not there is named at once, before the package's accepted submissions
/// are run to derive its time limit.
#[test]
fn a_missing_solution_is_named_before_the_limit_is_derived() {
    let path = package("sumdefault");
    let output = judge(&["test", "no-such-solution.c", "--problem", path.as_str()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("cannot read the solution no-such-solution.c: No such file or directory"),
        "{text}"
    );
    assert!(!text.contains("slowest accepted"), "{text}");
}

/// A program folder with a file of the name of one a call gives it (`answer`, which each
/// call would replace) is refused, naming the program and the file.
#[test]
fn a_program_folder_with_a_file_named_like_a_call_s_file_is_refused() {
    let (_keep, dir) = copy_of("buildscripts");
    std::fs::write(dir.join("output_validators/sum/answer"), "42\n").unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("the checker sum has a file named `answer`"),
        "{text}"
    );
    assert!(!text.contains("accepted/add.c"), "{text}");
}

/// Packs the files under `dir` into the zip `target` at its top, as DOMjudge exports a
/// package, plus the extra entries given.
fn pack(dir: &std::path::Path, target: &std::path::Path, extra: &[(&str, &[u8])]) {
    use std::io::Write;
    let options = zip::write::SimpleFileOptions::default();
    let mut writer = zip::ZipWriter::new(std::fs::File::create(target).unwrap());
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let name = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            writer.start_file(name, options).unwrap();
            writer.write_all(&std::fs::read(&path).unwrap()).unwrap();
        }
    }
    for (name, bytes) in extra {
        writer.start_file(*name, options).unwrap();
        writer.write_all(bytes).unwrap();
    }
    writer.finish().unwrap();
}

/// A package as DOMjudge imports and exports it, a `.zip`, is verified as its folder is; an
/// entry that would land outside it is refused by name.
#[test]
fn a_zipped_package_is_read_directly() {
    let dir = tempfile::tempdir().unwrap();
    let zipped = dir.path().join("headerfolders.zip");
    pack(&repo().join(package("headerfolders")), &zipped, &[]);
    let output = judge(&["verify", &zipped.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("package headerfolders: 4 tests, 1 input validator: every input valid"),
        "{text}"
    );
    for submission in submissions("headerfolders") {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("{submission} ")) && l.ends_with(" ok")),
            "{submission} is not checked:\n{text}"
        );
    }
    let evil = dir.path().join("evil.zip");
    pack(
        &repo().join(package("samplesonly")),
        &evil,
        &[("../escaped.txt", b"out")],
    );
    let output = judge(&["verify", &evil.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("evil.zip") && text.contains("\"../escaped.txt\" would be unpacked outside"),
        "{text}"
    );
}

/// `judge grade` on a package without a fixed time limit grades at the limit its accepted
/// submissions give, as `judge test` and `judge verify` do (it graded at the provisional 60 s
/// before, so a too-slow submission ran for a minute a test).
#[test]
#[ignore = "needs a JDK (javac, jar, java): one accepted submission is Java"]
fn grade_derives_the_time_limit_of_a_package() {
    common::require_tool("javac");
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("board.json");
    let results = dir.path().join("results");
    let root = repo().join(package("sumdefault")).join("submissions");
    let output = judge(&[
        "grade",
        "--problem",
        &package("sumdefault"),
        "--results",
        &results.to_string_lossy(),
        "--json",
        &json.to_string_lossy(),
        &root.join("time_limit_exceeded").to_string_lossy(),
        &root.join("accepted").to_string_lossy(),
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let said = text
        .lines()
        .find_map(|line| line.strip_prefix("time limit "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|ms| ms.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no derived time limit said:\n{text}"));
    assert!(text.contains("(slowest accepted"), "{text}");
    let board: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let rows = board["submissions"].as_array().unwrap();
    assert_eq!(rows.len(), 6, "{text}");
    for row in rows {
        let name = row["name"].as_str().unwrap();
        let summary = &row["graded"]["tests"];
        assert_eq!(summary["limits"]["cpu_ms"], said, "{name}: {text}");
        let expected = if name.contains("/accepted/") {
            "AC"
        } else {
            "TLE"
        };
        assert_eq!(summary["verdict"], expected, "{name}: {text}");
    }
}

/// A copy of a package to break.
fn copy_of(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join(name);
    common::copy_tree(&repo().join(package(name)), &target);
    (dir, target)
}

#[test]
fn a_broken_package_is_refused_by_name() {
    let (_keep, dir) = copy_of("floatanswers");
    let dir_arg = dir.to_string_lossy().into_owned();
    std::fs::write(dir.join("problem.yaml"), "validation: sideways\n").unwrap();
    let output = judge(&["verify", &dir_arg]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("problem.yaml") && text.contains("sideways"),
        "{text}"
    );

    std::fs::write(
        dir.join("problem.yaml"),
        "validator_flags: float_tolerance 1e-6\n",
    )
    .unwrap();
    // An input its validator refuses, and a submission folder the format does not know.
    std::fs::write(dir.join("data/secret/2.in"), "not numbers\n").unwrap();
    std::fs::create_dir_all(dir.join("submissions/maybe_ok")).unwrap();
    std::fs::write(dir.join("submissions/maybe_ok/x.py"), "print(1)\n").unwrap();
    // A submission in a language runner.toml lacks: not graded, naming it; the rest go on.
    std::fs::write(dir.join("submissions/accepted/main.swift"), "print(1)\n").unwrap();
    let output = judge(&["verify", &dir_arg]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("invalid: secret/2: validator"), "{text}");
    assert!(text.contains("skipped: submissions/maybe_ok"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("accepted/main.swift") && l.contains("Swift")),
        "{text}"
    );
    // The others are still graded (on the broken input, they fail).
    assert!(
        text.lines()
            .any(|l| l.starts_with("wrong_answer/infinity.py") && l.ends_with(" ok")),
        "{text}"
    );

    std::fs::remove_file(dir.join("data/secret/2.ans")).unwrap();
    let output = judge(&["verify", &dir_arg]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("2.in") && text.contains("2.ans"), "{text}");
}

/// The bundled problem exported as a package and read back: every exported solution gets
/// the verdict of its folder, as it does on the built-in problem.
fn export_and_verify(problem: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(problem);
    let out_arg = out.to_string_lossy().into_owned();
    let output = judge(&["export", problem, "--kattis", &out_arg, "--count", "12"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("left out: input validators"), "{text}");
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(yaml.contains("problem_format_version: 2023-07"), "{yaml}");
    let secret = std::fs::read_dir(out.join("data/secret")).unwrap().count();
    assert_eq!(secret, 24, "12 tests, .in and .ans");
    let output = judge(&["verify", &out_arg]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("0 mismatches, 0 warnings, 0 not graded"),
        "{text}"
    );
    let rows = text.lines().filter(|l| l.ends_with(" ok")).count();
    assert!(rows >= 4, "too few submissions exported:\n{text}");
    // Exporting again into the same folder is refused.
    let output = judge(&["export", problem, "--kattis", &out_arg]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
}

#[test]
fn bundled_batch_problems_round_trip_as_packages() {
    for problem in ["boj12100", "boj1525", "boj2615", "blockgame"] {
        export_and_verify(problem);
    }
}

/// 28489 exported: each game a test played by problems/boj28489/kattis/interactor.py (which
/// plays the built-in game side's games: tests/e2e/interactor28489.rs), decided pass-fail.
#[test]
fn the_game_problem_exports_with_its_interactor() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("boj28489");
    let out_arg = out.to_string_lossy().into_owned();
    let output = judge(&["export", "boj28489", "--kattis", &out_arg, "--count", "2"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("solutions/wrong_answer/: wrong only by the mean score"),
        "{text}"
    );
    assert!(out.join("output_validator/interactor.py").is_file());
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(yaml.contains("type: interactive"), "{yaml}");
    let game = std::fs::read_to_string(out.join("data/secret/game-001.in")).unwrap();
    assert!(game.trim().ends_with(" 1"), "{game}");
    let player = |program: &str| {
        let (code, json, text) = common::grade(
            &common::program(program),
            &["--problem", &out_arg, "--time-limit", "5"],
        );
        (
            code,
            json["verdict"].as_str().unwrap_or("").to_string(),
            text,
        )
    };
    let (code, verdict, text) = player("interactive/two_move_search.c");
    assert_eq!((code, verdict.as_str()), (0, "AC"), "{text}");
    let (code, verdict, text) = player("interactive/quits.py");
    assert_eq!((code, verdict.as_str()), (1, "WA"), "{text}");
}

/// A package of the checktestdata example with a program validator besides its script: an
/// input that only `even.py` refuses (an odd first number) and one that only `format.ctd`
/// refuses (out of its range), each written to `files` with a valid one.
fn two_validator_package() -> (tempfile::TempDir, PathBuf, [String; 3]) {
    let (keep, dir) = copy_of("ctdvalidator");
    std::fs::write(
        dir.join("input_validators/even.py"),
        "import sys\nfirst = int(sys.stdin.read().split()[0])\n\
         if first % 2:\n    print('odd first number', file=sys.stderr)\n    sys.exit(43)\n\
         sys.exit(42)\n",
    )
    .unwrap();
    let file = |name: &str, text: &str| {
        let path = keep.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let files = [
        file("good.in", "4 7\n"),
        file("odd.in", "5 7\n"),
        file("huge.in", "2 2000000\n"),
    ];
    (keep, dir, files)
}

/// `judge validate PACKAGE FILES` runs every input validator of the package, its programs and
/// its checktestdata scripts, as `judge verify` runs them on its tests (it ran only the first
/// program).
#[test]
#[ignore = "needs pyctd (pip install checktestdata)"]
fn validate_runs_every_input_validator_of_a_package() {
    common::require_tool("pyctd");
    let (_keep, dir, [good, odd, huge]) = two_validator_package();
    let output = judge(&["validate", &dir.to_string_lossy(), &good, &odd, &huge]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains(&format!(
            "{odd}: invalid: validator even.py says: odd first number"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("{huge}: invalid: validator format.ctd says:")),
        "{text}"
    );
    assert!(!text.contains(&format!("{good}: invalid")), "{text}");
    // Each validator that passes a file is named on its line.
    assert!(
        text.contains(&format!("{good}: valid (validator even.py)"))
            && text.contains(&format!("{good}: valid (validator format.ctd)")),
        "{text}"
    );
    // verify runs the same two on the package's tests (whose first numbers are odd).
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert!(
        text.contains("2 input validators: 3 failed")
            && text.contains("invalid: secret/1: validator even.py says: odd first number"),
        "{text}"
    );
}

/// Without checktestdata, `judge validate PACKAGE` warns of the script it cannot run, naming
/// it, and still runs the package's program validators.
#[test]
fn validate_of_a_package_without_checktestdata_warns_and_runs_its_programs() {
    let (keep, dir, [good, odd, huge]) = two_validator_package();
    let config = keep.path().join("runner.toml");
    std::fs::write(&config, "[sandbox]\npath = \"/usr/bin:/bin\"\n").unwrap();
    let config = config.to_string_lossy().into_owned();
    let output = judge(&[
        "--config",
        &config,
        "validate",
        &dir.to_string_lossy(),
        &good,
        &odd,
        &huge,
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("input_validators/format.ctd: not run: checktestdata is not installed"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{odd}: invalid: validator even.py says: odd first number"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("{huge}: valid (validator even.py)")),
        "{text}"
    );
    // Only the script: nothing can check the files.
    std::fs::remove_file(dir.join("input_validators/even.py")).unwrap();
    let output = judge(&[
        "--config",
        &config,
        "validate",
        &dir.to_string_lossy(),
        &good,
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("none of its input validators can run here"),
        "{text}"
    );
}

/// The HTML report of a package's verify shows the package's own checks as the terminal
/// does: the input validators run and what they refused, the warnings, the time limit and
/// how it was derived.
#[test]
fn the_html_report_shows_the_package_s_own_checks() {
    let (keep, dir, _) = two_validator_package();
    let config = keep.path().join("runner.toml");
    std::fs::write(&config, "[sandbox]\npath = \"/usr/bin:/bin\"\n").unwrap();
    let html = keep.path().join("verify.html");
    let output = judge(&[
        "--config",
        &config.to_string_lossy(),
        "verify",
        &dir.to_string_lossy(),
        "--html",
        &html.to_string_lossy(),
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    let page = std::fs::read_to_string(&html).unwrap();
    for line in [
        "package ctdvalidator: 3 tests, 1 input validator: 3 failed",
        "invalid: secret/1: validator even.py says: odd first number",
        "input_validators/format.ctd: not run: checktestdata is not installed",
        "time limit 1000 ms (slowest accepted",
        "x 5, rounded up to a multiple of 1 s); submissions run at x 2 of it",
    ] {
        assert!(text.contains(line), "terminal: {line}\n{text}");
        assert!(page.contains(line), "HTML: {line}\n{page}");
    }
}

/// A 2025-09 multi-pass package (multipass2025): each test is one unit of several runs, each
/// on the input the output validator wrote after the last (its pass count kept in its
/// feedback folder, which the format keeps between passes), so a submission wrong only on
/// the third pass is a wrong answer there.
#[test]
fn a_multi_pass_package_runs_each_pass_on_the_last_ones_next_input() {
    let output = judge(&["verify", "tests/kattis/multipass2025"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    assert!(
        text.contains("pass 3: expected 4, got 5 (the validator's pass 3)"),
        "{text}"
    );
    assert!(
        text.contains("pass 2: expected 3, got 2 (the validator's pass 2)"),
        "{text}"
    );
}

/// A multi-pass package whose output validator breaks the format's rules is a judge error
/// naming what it did: a nextpass.in written with exit 43, more passes asked for than
/// limits.validation_passes allows, a validator that never ends (its time limit); a number
/// of passes below 2 is refused naming the key.
#[test]
fn a_multi_pass_validator_breaking_the_rules_is_a_judge_error_naming_it() {
    let (_keep, dir) = copy_of("multipass2025");
    let validator = dir.join("output_validator/plus_one.py");
    let verify = |dir: &std::path::Path, extra: &[&str]| {
        let dir = dir.to_string_lossy().into_owned();
        let mut args = vec!["verify", dir.as_str()];
        args.extend_from_slice(extra);
        let output = judge(&args);
        (output.status.code(), show(&output))
    };

    std::fs::write(
        &validator,
        "import os, sys\nopen(os.path.join(sys.argv[3], 'nextpass.in'), 'w').write('2\\n')\nsys.exit(43)\n",
    )
    .unwrap();
    let (code, text) = verify(&dir, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("wrote feedback/nextpass.in but did not accept the pass (only exit 42 asks for another pass): it rejected the output (exit 43)"),
        "{text}"
    );
    assert!(
        text.contains("the checker output_validator wrote"),
        "{text}"
    );

    std::fs::write(
        &validator,
        "import os, sys\nopen(os.path.join(sys.argv[3], 'nextpass.in'), 'w').write('2\\n')\nsys.exit(42)\n",
    )
    .unwrap();
    let (code, text) = verify(&dir, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains(
            "asked for pass 4 (feedback/nextpass.in), but limits.validation_passes allows 3"
        ),
        "{text}"
    );

    std::fs::write(&validator, "while True:\n    pass\n").unwrap();
    let config = dir.parent().unwrap().join("runner.toml");
    std::fs::write(&config, "[validators]\ntime_limit_seconds = 1\n").unwrap();
    let (code, text) = verify(&dir, &["--config", &config.to_string_lossy()]);
    assert_ne!(code, Some(0), "{text}");
    assert!(
        text.contains("the checker output_validator ran out of time"),
        "{text}"
    );

    std::fs::write(
        dir.join("problem.yaml"),
        "problem_format_version: 2025-09\nname: M\ntype: multi-pass\nlimits:\n  validation_passes: 1\n",
    )
    .unwrap();
    let (code, text) = verify(&dir, &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains(
            "problem.yaml: limits.validation_passes: must be a whole number between 2 and 1000, found"
        ),
        "{text}"
    );
}

/// An interactive multi-pass package (interactivemultipass2025): each pass runs the
/// submission against the interactor on the input the interactor wrote after the last (its
/// pass count kept in its feedback folder), so a submission wrong only on the second pass is
/// a wrong answer there, and one that crashes on the third a run-time error; an interactor
/// breaking the format's rules is a judge error naming the file.
#[test]
fn an_interactive_multi_pass_package_runs_each_pass_against_the_interactor() {
    let output = judge(&["verify", "tests/kattis/interactivemultipass2025"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    assert!(
        text.contains("pass 2: expected 3, got '2' (the interactor's pass 2)"),
        "{text}"
    );
    assert!(
        text.contains("pass 3: expected 4, got '' (the interactor's pass 3)"),
        "{text}"
    );

    let (_keep, dir) = copy_of("interactivemultipass2025");
    let interactor = dir.join("output_validator/interact.py");
    let verify = |dir: &std::path::Path| {
        let output = judge(&["verify", &dir.to_string_lossy()]);
        (output.status.code(), show(&output))
    };
    std::fs::write(
        &interactor,
        "import os, sys\nprint(1, flush=True)\nsys.stdin.readline()\nopen(os.path.join(sys.argv[3], 'nextpass.in'), 'w').write('2\\n')\nsys.exit(43)\n",
    )
    .unwrap();
    let (code, text) = verify(&dir);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("the interactor output_validator wrote feedback/nextpass.in but did not accept the pass (only exit 42 asks for another pass): it rejected the output (exit 43)"),
        "{text}"
    );

    std::fs::write(
        &interactor,
        "import os, sys\nx = int(open(sys.argv[1]).read())\nprint(x, flush=True)\nsys.stdin.readline()\nopen(os.path.join(sys.argv[3], 'nextpass.in'), 'w').write('2\\n')\nsys.exit(42)\n",
    )
    .unwrap();
    let (code, text) = verify(&dir);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains(
            "asked for pass 4 (feedback/nextpass.in), but limits.validation_passes allows 3"
        ),
        "{text}"
    );
}

/// The format's checks of the validators (2025-09's `data/invalid_input`, `invalid_output`,
/// `valid_output`, as BAPCtools runs them), on a copy of twovalidators given such folders:
/// each kind is a row of verify's package check, and each case that fails its check is named
/// (an input no validator rejects, an output both validators accept among the invalid ones,
/// one they reject among the valid ones), failing the package.
#[test]
fn verify_checks_the_validators_on_invalid_and_valid_data() {
    let (_keep, dir) = copy_of("twovalidators");
    let data = dir.join("data");
    let write = |path: &str, text: &str| {
        let file = data.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    };
    write("invalid_input/word.in", "seventeen\n");
    write("invalid_input/range/big.in", "1001\n");
    write("invalid_output/off.in", "3\n");
    write("invalid_output/off.ans", "3\n");
    write("invalid_output/off.out", "4\n");
    write("valid_output/same.in", "3\n");
    write("valid_output/same.ans", "3\n");
    write("valid_output/same.out", "3\n");
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for line in [
        "validator check invalid_input: 2 cases, each rejected by an input validator",
        "validator check invalid_output: 1 case, each rejected by the output validator",
        "validator check valid_output: 1 case, each accepted by the output validator",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }

    // Cases that fail: a valid input among the invalid, a wrong output among the valid, a
    // right one among the invalid.
    write("invalid_input/fine.in", "5\n");
    write("valid_output/wrong.in", "3\n");
    write("valid_output/wrong.ans", "3\n");
    write("valid_output/wrong.out", "5\n");
    write("invalid_output/right.in", "3\n");
    write("invalid_output/right.ans", "3\n");
    write("invalid_output/right.out", "3\n");
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_ne!(output.status.code(), Some(0), "{text}");
    for line in [
        "validator check invalid_input: 3 cases, 1 not rejected by an input validator",
        "invalid: invalid_input/fine: no input validator rejects it",
        "invalid: invalid_output/right: the output validator accepts it",
        "invalid: valid_output/wrong: the output validator rejects it (a valid output must be accepted): b_equal: expected 3, got 5",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }

    // A case of an output check without its .out is refused naming the file.
    std::fs::remove_file(data.join("valid_output/wrong.out")).unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("valid_output/wrong.in: has no wrong.out beside it"),
        "{text}"
    );
}

/// BAPCtools' answer validators (`answer_validators/`, called as `validator input [args] <
/// answer`) on a copy of twovalidators: every test's answer must be accepted by each (a row
/// of the package check), and each case of `data/invalid_answer` rejected by one, with its
/// group's `answer_validator_args`; an answer refused, or an invalid one accepted, is named.
#[test]
fn verify_runs_the_answer_validators_on_every_answer_and_invalid_answer() {
    let (_keep, dir) = copy_of("twovalidators");
    let write = |path: &str, text: &str| {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    };
    // The answer must be the input (read from the file given first) and, with --small,
    // below 100.
    write(
        "answer_validators/same.py",
        "import sys\nx = open(sys.argv[1]).read()\na = sys.stdin.read()\nif a != x:\n    print('not the input', file=sys.stderr)\n    sys.exit(43)\nif '--small' in sys.argv[2:] and abs(int(a)) >= 100:\n    print('too big', file=sys.stderr)\n    sys.exit(43)\nsys.exit(42)\n",
    );
    write("data/invalid_answer/other.in", "3\n");
    write("data/invalid_answer/other.ans", "4\n");
    write("data/invalid_answer/small/big.in", "300\n");
    write("data/invalid_answer/small/big.ans", "300\n");
    write(
        "data/invalid_answer/small/test_group.yaml",
        "answer_validator_args: [--small]\n",
    );
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for line in [
        "validator check answers: 3 answers, each accepted by 1 answer validator",
        "validator check invalid_answer: 2 cases, each rejected by an answer validator",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }

    // Without its group's arguments the big answer is accepted; a test's answer that is not
    // its input is refused.
    std::fs::remove_file(dir.join("data/invalid_answer/small/test_group.yaml")).unwrap();
    write("data/secret/2.ans", "-6\n");
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_ne!(output.status.code(), Some(0), "{text}");
    for line in [
        "validator check answers: 3 answers, 1 not accepted by 1 answer validator",
        "invalid: secret/2.ans: validator same.py says: not the input",
        "validator check invalid_answer: 2 cases, 1 not rejected by an answer validator",
        "invalid: invalid_answer/small/big: no answer validator rejects it (an invalid answer must be rejected)",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
}

/// Junk inputs made from the samples (a token removed or doubled, a number made huge or
/// negative, trailing spaces, no final newline, empty) go through the input validators:
/// twovalidators' validator allows negative numbers, so that variant of its sample is a
/// warning naming the sample and the mutation, never a failure; the others are rejected.
#[test]
fn verify_warns_of_junk_inputs_no_validator_rejects() {
    let output = judge(&["verify", "tests/kattis/twovalidators"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for line in [
        "validator check junk inputs: 7 made from 1 sample, 1 not rejected by any input validator (warnings)",
        "warning: junk input sample/1 (its first number made negative): no input validator rejects it",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    assert!(!text.contains("junk input sample/1 (emptied)"), "{text}");
    // A validator as strict as the problem: every variant rejected, no warning.
    let output = judge(&["verify", "tests/kattis/multipass2025"]);
    let text = show(&output);
    assert!(
        text.contains("junk inputs: 7 made from 1 sample, each rejected by an input validator"),
        "{text}"
    );
    assert!(!text.contains("warning: junk input"), "{text}");
}

/// `judge verify DIR --html report.html --json report.json`, the reports written beside the
/// package's folder: its output and the two reports' paths.
fn verify_with_reports(dir: &Path) -> (std::process::Output, PathBuf, PathBuf) {
    let html = dir.parent().unwrap().join("report.html");
    let json = dir.parent().unwrap().join("report.json");
    let output = judge(&[
        "verify",
        &dir.to_string_lossy(),
        "--html",
        &html.to_string_lossy(),
        "--json",
        &json.to_string_lossy(),
    ]);
    (output, html, json)
}

/// A 2025-09 input visualizer (`input_visualizer/`, called as `visualizer input answer`,
/// writing `testcase.svg`) runs in the sandbox on every test of a copy of multipass2025:
/// the HTML report shows each image captioned with its test, the JSON names them; one that
/// hangs is stopped at the validators' time limit and is a warning naming it and the test,
/// never a failure of the package.
#[test]
fn verify_runs_the_input_visualizer_and_shows_its_images_in_the_html_report() {
    let (_keep, dir) = copy_of("multipass2025");
    let visualizer = dir.join("input_visualizer/draw.py");
    std::fs::create_dir_all(visualizer.parent().unwrap()).unwrap();
    std::fs::write(
        &visualizer,
        "import sys\nx = open(sys.argv[1]).read().strip()\nopen('testcase.svg', 'w').write('<svg xmlns=\"http://www.w3.org/2000/svg\"><text>%s</text></svg>' % x)\n",
    )
    .unwrap();
    let (output, html, json) = verify_with_reports(&dir);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("<img class=\"visual\"").count(), 2, "{page}");
    assert!(
        page.contains("alt=\"secret/1\" src=\"data:image/svg+xml;base64,"),
        "{page}"
    );
    assert!(page.contains("<figcaption>sample/1</figcaption>"), "{page}");
    // Each submission's row of a test links to the test's image.
    let figure = page
        .split("<figure id=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("{page}"))
        .to_string();
    assert!(
        page.contains(&format!(
            "<td>sample/1 <a class=\"visual-link\" href=\"#{figure}\""
        )),
        "{page}"
    );
    let report = std::fs::read_to_string(&json).unwrap();
    assert_eq!(report.matches("testcase.svg").count(), 2, "{report}");

    std::fs::write(&visualizer, "while True:\n    pass\n").unwrap();
    let config = dir.parent().unwrap().join("runner.toml");
    std::fs::write(&config, "[validators]\ntime_limit_seconds = 1\n").unwrap();
    let output = judge(&[
        "verify",
        &dir.to_string_lossy(),
        "--config",
        &config.to_string_lossy(),
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("warning: visualizer input_visualizer on sample/1: ran out of time"),
        "{text}"
    );
    assert!(
        text.contains("warning: visualizer input_visualizer on secret/1: ran out of time"),
        "{text}"
    );
}

/// A 2025-09 output visualizer (`output_visualizer/`, called like the output validator and
/// writing `feedback/teamimage.svg`) runs after the checker on each test a submission ran
/// when verify writes a report: each submission's section of the HTML report shows the image
/// of each of its tests. One that hangs, exits 1 or writes no image is a warning there naming
/// the test, never a changed verdict; without a report it is not run at all.
#[test]
fn verify_runs_the_output_visualizer_and_shows_its_images_per_test() {
    let (_keep, dir) = copy_of("outputvisual2025");
    let html = dir.parent().unwrap().join("report.html");
    let verify = |extra: &[&str]| {
        let mut args = vec!["verify".to_string(), dir.to_string_lossy().into_owned()];
        args.extend(extra.iter().map(|a| a.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = judge(&args);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(0), "{text}");
        text
    };
    let report = ["--html", &html.to_string_lossy()].map(String::from);
    let report: Vec<&str> = report.iter().map(String::as_str).collect();
    verify(&report);
    let page = std::fs::read_to_string(&html).unwrap();
    // accepted/double.py: two tests; wrong_answer/off_by_one.py stops at sample/1.
    assert_eq!(
        page.matches("<h4>output visualizer</h4>").count(),
        2,
        "{page}"
    );
    let caption =
        |test: &str| format!("<figcaption>{test} <code>teamimage.svg</code></figcaption>");
    assert_eq!(page.matches(&caption("sample/1")).count(), 2, "{page}");
    assert_eq!(page.matches(&caption("secret/1")).count(), 1, "{page}");
    assert!(
        page.contains("alt=\"secret/1\" src=\"data:image/svg+xml;base64,"),
        "{page}"
    );

    let visualizer = dir.join("output_visualizer/draw.py");
    let config = dir.parent().unwrap().join("runner.toml");
    std::fs::write(&config, "[validators]\ntime_limit_seconds = 1\n").unwrap();
    let config = config.to_string_lossy().into_owned();
    for (program, why) in [
        ("while True:\n    pass\n", "ran out of time"),
        ("import sys\nsys.exit(1)\n", "exited with code 1"),
        ("pass\n", "made no image"),
    ] {
        std::fs::write(&visualizer, program).unwrap();
        let text = verify(&["--html", &html.to_string_lossy(), "--config", &config]);
        assert!(text.contains("0 mismatches"), "{text}");
        let page = std::fs::read_to_string(&html).unwrap();
        assert!(!page.contains("<h4>output visualizer</h4>"), "{page}");
        assert_eq!(
            page.matches("<li>output visualizer on ").count(),
            3,
            "{why}: {page}"
        );
        assert!(page.contains(why), "{why}: {page}");
        // The terminal says it too, under each submission: accepted/double.py ran 2 tests,
        // wrong_answer/off_by_one.py 1.
        assert!(
            text.contains("warning: the output visualizer left no image 2 times; sample/1: ")
                && text.contains("warning: the output visualizer left no image 1 time; sample/1: "),
            "{why}: {text}"
        );
    }
    // No report: the hanging visualizer is not run, so verify takes no second per test, and
    // says nothing of it; --visualize runs it without a report and says where it failed.
    std::fs::write(&visualizer, "while True:\n    pass\n").unwrap();
    let started = std::time::Instant::now();
    let text = verify(&["--config", &config, "--rerun"]);
    assert!(started.elapsed() < std::time::Duration::from_secs(3));
    assert!(!text.contains("output visualizer"), "{text}");
    std::fs::write(&visualizer, "import sys\nsys.exit(1)\n").unwrap();
    let text = verify(&["--config", &config, "--visualize"]);
    assert!(
        text.contains("warning: the output visualizer left no image 2 times; sample/1: ")
            && text.contains("exited with code 1"),
        "{text}"
    );
    assert!(text.contains("0 mismatches"), "{text}");
}

/// The images of an HTML report (its `data:` addresses' base64), decoded as text, in order.
fn images_in(page: &str) -> Vec<String> {
    const DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    page.split(";base64,")
        .skip(1)
        .map(|rest| {
            let coded = rest.split('"').next().unwrap_or_default();
            let (mut bytes, mut word, mut bits) = (Vec::new(), 0u32, 0);
            for c in coded.bytes().take_while(|&c| c != b'=') {
                let digit = DIGITS.iter().position(|&d| d == c).expect("base64") as u32;
                word = (word << 6) | digit;
                bits += 6;
                if bits >= 8 {
                    bits -= 8;
                    bytes.push((word >> bits) as u8);
                    word &= (1 << bits) - 1;
                }
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
        .collect()
}

/// A 2025-09 output visualizer is given the test's `output_visualizer_args` (test_group.yaml's,
/// a constant written in, or the test's own `<name>.yaml`'s) and a copy of the feedback folder
/// the output validator left (its files, in folders too); what it writes there (a score.txt,
/// a judge message) changes no verdict. The input visualizer gets `input_visualizer_args`
/// the same way. verify's JSON names each test's image.
#[test]
fn the_visualizers_get_their_arguments_and_the_validators_feedback() {
    let (_keep, dir) = copy_of("outputvisual2025");
    let yaml = dir.join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, format!("{text}constants:\n  scale: 7\n")).unwrap();
    std::fs::write(
        dir.join("data/test_group.yaml"),
        "output_visualizer_args: [--scale, '{{scale}}']\ninput_visualizer_args: [--group]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("data/secret/1.yaml"),
        "output_visualizer_args: [--own]\ninput_visualizer_args: [--own-input]\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("output_validator")).unwrap();
    std::fs::write(
        dir.join("output_validator/check.py"),
        "import os, sys\n\
         answer = open(sys.argv[2]).read().split()\n\
         team = sys.stdin.read().split()\n\
         os.makedirs(sys.argv[3] + 'extra', exist_ok=True)\n\
         open(sys.argv[3] + 'extra/seen.txt', 'w').write('validator-data')\n\
         open(sys.argv[3] + 'judgemessage.txt', 'w').write('validator saw %s' % team)\n\
         sys.exit(42 if team == answer else 43)\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("output_visualizer/draw.py"),
        "import sys\n\
         fb = sys.argv[3]\n\
         said = 'args=%s|seen=%s|msg=%s' % (' '.join(sys.argv[4:]), open(fb + 'extra/seen.txt').read(), open(fb + 'judgemessage.txt').read())\n\
         open(fb + 'teamimage.svg', 'w').write('<svg xmlns=\"http://www.w3.org/2000/svg\"><text>%s</text></svg>' % said)\n\
         open(fb + 'score.txt', 'w').write('1000')\n\
         open(fb + 'judgemessage.txt', 'w').write('the visualizer wrote this')\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("input_visualizer")).unwrap();
    std::fs::write(
        dir.join("input_visualizer/draw.py"),
        "import sys\nopen('testcase.svg', 'w').write('<svg xmlns=\"http://www.w3.org/2000/svg\"><text>in-args=%s</text></svg>' % ' '.join(sys.argv[3:]))\n",
    )
    .unwrap();
    let (output, html, json) = verify_with_reports(&dir);
    let text = show(&output);
    // The visualizer's score.txt and judge message change nothing: the verdicts are as
    // expected (a score file the validator wrote would be a judge error here).
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    let page = std::fs::read_to_string(&html).unwrap();
    let images = images_in(&page);
    assert!(
        images.iter().any(|i| i.contains("in-args=--group<")),
        "{images:?}"
    );
    assert!(
        images.iter().any(|i| i.contains("in-args=--own-input<")),
        "{images:?}"
    );
    assert!(
        images
            .iter()
            .any(|i| i.contains("args=--scale 7|seen=validator-data|msg=validator saw ['6']")),
        "{images:?}"
    );
    assert!(
        images
            .iter()
            .any(|i| i.contains("args=--own|seen=validator-data|msg=validator saw ['42']")),
        "{images:?}"
    );
    // Each row of verify's JSON names the images of each of its tests.
    let report = std::fs::read_to_string(&json).unwrap();
    let images = row_images(&report, "accepted/double.py");
    assert_eq!(
        images,
        [
            ("sample/1".to_string(), vec!["teamimage.svg".to_string()]),
            ("secret/1".to_string(), vec!["teamimage.svg".to_string()])
        ],
        "{report}"
    );
}

/// The images verify's JSON report names on each test of the row of `solution`.
fn row_images(report: &str, solution: &str) -> Vec<(String, Vec<String>)> {
    let report: serde_json::Value = serde_json::from_str(report).unwrap();
    let row = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["solution"] == solution)
        .unwrap_or_else(|| panic!("no row of {solution}: {report}"));
    let texts = |list: &serde_json::Value| -> Vec<String> {
        list.as_array()
            .map(|l| l.iter().map(|v| v.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    row["result"]["Ok"]["images"]
        .as_array()
        .map(|tests| {
            tests
                .iter()
                .map(|t| (t["test"].as_str().unwrap().to_string(), texts(&t["images"])))
                .collect()
        })
        .unwrap_or_default()
}

/// An output visualizer may leave several images (the 2025-09 format): `judgeimage.<ext>`,
/// `teamimage.<ext>` and numbered ones, `teamimage-<id>.<ext>`; every one is kept, in byte
/// order of the names as the format shows them, named in the JSON row and shown in the HTML
/// report each with its file; files of other names (an empty id, another extension, another
/// stem) are not images.
#[test]
fn the_output_visualizer_may_leave_several_images_and_each_is_shown() {
    let (_keep, dir) = copy_of("outputvisual2025");
    std::fs::write(
        dir.join("output_visualizer/draw.py"),
        "import sys\n\
         svg = '<svg xmlns=\"http://www.w3.org/2000/svg\"><text>%s</text></svg>'\n\
         names = ['teamimage-02.svg', 'judgeimage.svg', 'teamimage.svg', 'teamimage-01.svg', \
                  'teamimage-.svg', 'teamimage.gif', 'picture.svg', 'judgeimage-x.txt']\n\
         [open(sys.argv[3] + name, 'w').write(svg % name) for name in names]\n",
    )
    .unwrap();
    let (output, html, json) = verify_with_reports(&dir);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let shown = [
        "judgeimage.svg",
        "teamimage-01.svg",
        "teamimage-02.svg",
        "teamimage.svg",
    ];
    let report = std::fs::read_to_string(&json).unwrap();
    let images = row_images(&report, "accepted/double.py");
    assert_eq!(images.len(), 2, "{images:?}");
    for (test, images) in &images {
        assert_eq!(images, &shown, "{test}: {images:?}");
    }
    let page = std::fs::read_to_string(&html).unwrap();
    // accepted/double.py on two tests, wrong_answer/off_by_one.py on one: four images each.
    assert_eq!(page.matches("<figure>").count(), 12, "{page}");
    for file in shown {
        assert_eq!(
            page.matches(&format!(
                "<figcaption>sample/1 <code>{file}</code></figcaption>"
            ))
            .count(),
            2,
            "{file}: {page}"
        );
    }
    let first = page.find("<code>judgeimage.svg</code>").unwrap();
    let last = page.find("<code>teamimage.svg</code>").unwrap();
    assert!(first < last, "{page}");
    assert!(
        !page.contains("teamimage-.svg") && !page.contains("picture.svg"),
        "{page}"
    );
}

/// In a multi-pass problem the output visualizer runs after every pass's output validator,
/// on the test's own input (not the pass's), that pass's output and the feedback folder as
/// the validator left it then; against an interactor (interactive and multi-pass) its
/// standard input is empty. Each pass's image is shown and named in the JSON.
#[test]
fn the_output_visualizer_runs_after_every_pass_and_after_the_interactor() {
    let draw = "import sys\n\
        fb = sys.argv[3]\n\
        said = 'in=%s|pass=%s|out=%r' % (open(sys.argv[1]).read().strip(), open(fb + 'passes.txt').read(), sys.stdin.read())\n\
        open(fb + 'judgeimage.svg', 'w').write('<svg xmlns=\"http://www.w3.org/2000/svg\"><text>%s</text></svg>' % said)\n";
    for name in ["multipass2025", "interactivemultipass2025"] {
        let (_keep, dir) = copy_of(name);
        std::fs::create_dir_all(dir.join("output_visualizer")).unwrap();
        std::fs::write(dir.join("output_visualizer/draw.py"), draw).unwrap();
        let input = std::fs::read_to_string(dir.join("data/secret/1.in")).unwrap();
        let (output, html, json) = verify_with_reports(&dir);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(0), "{name}: {text}");
        let page = std::fs::read_to_string(&html).unwrap();
        let images = images_in(&page);
        for pass in 1..=3 {
            let seen = format!("in={}|pass={pass}|", input.trim());
            assert!(
                images.iter().any(|i| i.contains(&seen)),
                "{name}: {seen}: {images:?}"
            );
            assert!(
                page.contains(&format!("<figcaption>secret/1 (pass {pass}) <code>")),
                "{name}: {page}"
            );
        }
        let outputs: Vec<&String> = images.iter().filter(|i| i.contains("|pass=")).collect();
        if name.starts_with("interactive") {
            assert!(
                outputs.iter().all(|i| i.contains("out=''")),
                "{name}: {outputs:?}"
            );
        } else {
            assert!(
                outputs.iter().any(|i| !i.contains("out=''")),
                "{name}: {outputs:?}"
            );
        }
        let report = std::fs::read_to_string(&json).unwrap();
        let images = row_images(&report, "accepted/plus_one.py");
        let passes: Vec<String> = (1..=3)
            .map(|pass| format!("pass {pass}: judgeimage.svg"))
            .collect();
        assert!(
            images
                .iter()
                .any(|(test, images)| test == "secret/1" && *images == passes),
            "{name}: {images:?}"
        );
    }
}

/// A score file an output validator writes in a 2025-09 pass-fail problem is a judge error
/// naming the validator and the file (the format's words: a score in a group with pass-fail
/// aggregation is one).
#[test]
fn a_score_file_in_a_pass_fail_problem_is_a_judge_error() {
    let (_keep, dir) = copy_of("outputvisual2025");
    std::fs::remove_dir_all(dir.join("output_visualizer")).unwrap();
    std::fs::create_dir_all(dir.join("output_validator")).unwrap();
    std::fs::write(
        dir.join("output_validator/check.py"),
        "import sys\n\
         answer = open(sys.argv[2]).read().split()\n\
         team = sys.stdin.read().split()\n\
         open(sys.argv[3] + 'score.txt', 'w').write('1')\n\
         sys.exit(42 if team == answer else 43)\n",
    )
    .unwrap();
    let json = dir.parent().unwrap().join("report.json");
    let output = judge(&[
        "verify",
        &dir.to_string_lossy(),
        "--json",
        &json.to_string_lossy(),
    ]);
    let text = show(&output);
    assert_ne!(output.status.code(), Some(0), "{text}");
    let report = std::fs::read_to_string(&json).unwrap();
    assert!(
        report.contains(
            "output_validator wrote feedback/score.txt for sample/1, a test of pass-fail"
        ),
        "{text}\n{report}"
    );
}

/// `judge verify PACKAGE --timings` says where the time went: each phase in the order it ran
/// (its wall time within the whole, its workers' busy and idle time), every submission's
/// compile under its language, and the runs by kind: the accepted ones graded to derive the
/// limit, then the others, accepted or failing (guessinteractive's too-slow submissions wait
/// for their interactor, and the wall time beyond their CPU time says so). The JSON report
/// has the same figures.
#[test]
fn verify_says_where_the_time_went() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("verify.json");
    let output = judge(&[
        "verify",
        "tests/kattis/guessinteractive",
        "--timings",
        "--jobs",
        "2",
        "--json",
        json.to_str().unwrap(),
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let table = &text[text.find("\ntimings: ").expect("no timings table")..];
    assert!(table.contains(" on 2 workers"), "{table}");
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let timings = &report["timings"];
    let phases: Vec<&str> = timings["phases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["phase"].as_str().unwrap())
        .collect();
    assert_eq!(
        phases,
        [
            "compile, check inputs",
            "validator checks",
            "regenerate, self-test",
            "time limit",
            "grading"
        ]
    );
    for phase in &phases {
        assert!(table.contains(&format!("  {phase} ")), "{phase}: {table}");
    }
    let ms = |v: &serde_json::Value| v.as_u64().unwrap();
    let phases_ms: u64 = timings["phases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| ms(&p["wall_ms"]))
        .sum();
    assert!(phases_ms <= ms(&timings["wall_ms"]), "{timings}");
    let compiled: u64 = timings["compiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| ms(&c["submissions"]))
        .sum();
    assert_eq!(compiled as usize, submissions("guessinteractive").len());
    let runs = timings["runs"].as_array().unwrap();
    let kind = |name: &str| runs.iter().find(|r| r["kind"] == name).unwrap();
    let accepted = submissions("guessinteractive")
        .iter()
        .filter(|s| s.starts_with("accepted/"))
        .count() as u64;
    assert_eq!(
        ms(&kind("accepted, for the limit")["submissions"]),
        accepted
    );
    let failing = kind("failing");
    assert!(ms(&failing["submissions"]) > 0, "{timings}");
    assert!(ms(&failing["waiting_ms"]) > 0, "{timings}");
    // Each run's wall time beyond its CPU time, summed: at least the sums' difference.
    assert!(
        ms(&failing["waiting_ms"])
            >= ms(&failing["wall_ms"]).saturating_sub(ms(&failing["cpu_ms"])),
        "{timings}"
    );
    assert!(table.contains("runs failing"), "{table}");
}

/// What an input validator said of an input is remembered in the cache, by the validator's
/// program, its limits, its arguments and the input's bytes: verify run again says it again
/// without running the validator (here one whose word comes from a file in the package,
/// which its identity does not cover, so a rerun would show), and an input whose bytes changed
/// is checked anew.
#[test]
fn an_input_validator_s_word_on_an_unchanged_input_is_remembered() {
    let (keep, dir) = copy_of("twovalidators");
    // In the package: the sandbox lets the package's programs read it.
    let word = dir.join("word");
    std::fs::write(&word, "42").unwrap();
    std::fs::write(
        dir.join("input_validators/validate.py"),
        format!(
            "import sys\nsys.stdin.read()\nsys.exit(int(open({:?}).read()))\n",
            word.to_str().unwrap()
        ),
    )
    .unwrap();
    let cache = keep.path().join("cache");
    let verify = || {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["verify", dir.to_str().unwrap()])
            .current_dir(keep.path())
            .env("XDG_CACHE_HOME", &cache)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        show(&output)
    };
    let first = verify();
    assert!(first.contains("every input valid"), "{first}");
    // The validator would now refuse everything; what it said is remembered.
    std::fs::write(&word, "43").unwrap();
    let again = verify();
    assert!(again.contains("every input valid"), "{again}");
    // A changed input is checked anew, and refused; the others are still remembered.
    std::fs::write(dir.join("data/secret/2.in"), "7\n").unwrap();
    let changed = verify();
    assert!(changed.contains("secret/2: validator"), "{changed}");
    assert!(!changed.contains("secret/1: validator"), "{changed}");
    assert!(!changed.contains("sample/1: validator"), "{changed}");
}

/// A verify run again takes every run an earlier verify made of an unchanged submission on
/// unchanged tests at the same limits, says how many, and gives the same rows; a changed
/// submission runs again (here it became a correct one, so its row is a mismatch), and
/// `--rerun` runs everything.
#[test]
fn an_unchanged_submission_s_runs_are_taken_from_the_last_verify() {
    let (keep, dir) = copy_of("buildscripts");
    let cache = keep.path().join("cache");
    let verify = |extra: &[&str]| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("verify")
            .arg(&dir)
            .args(extra)
            .current_dir(keep.path())
            .env("XDG_CACHE_HOME", &cache)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        (output.status.code(), show(&output))
    };
    let rows = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("accepted/") || l.starts_with("wrong_answer/"))
            .map(|l| l.split_whitespace().take(6).collect::<Vec<_>>().join(" "))
            .collect()
    };
    let (code, first) = verify(&[]);
    assert_eq!(code, Some(0), "{first}");
    assert!(!first.contains("taken from an earlier verify"), "{first}");
    let taken = |text: &str| -> usize {
        text.lines()
            .find_map(|l| {
                let (count, rest) = l.split_once(" runs: ")?;
                rest.starts_with("taken from an earlier verify")
                    .then(|| count.parse().ok())?
            })
            .unwrap_or(0)
    };
    let (code, again) = verify(&[]);
    assert_eq!(code, Some(0), "{again}");
    // The accepted one's runs for the limit (3 tests, graded once), its slowest tests timed
    // again alone (1 or 2, by their times), and the failing one's first test; fewer when the
    // machine's load disturbed a run of the first verify (such a run is not remembered).
    assert!((1..=6).contains(&taken(&again)), "{again}");
    assert_eq!(rows(&again), rows(&first));
    // The wrong answer, now a correct adder: run again, and accepted.
    let accepted = std::fs::read(dir.join("submissions/accepted/add.c")).unwrap();
    std::fs::write(dir.join("submissions/wrong_answer/difference.c"), accepted).unwrap();
    let (code, changed) = verify(&[]);
    assert_eq!(code, Some(1), "{changed}");
    assert!(taken(&changed) >= 1, "{changed}");
    assert!(
        rows(&changed).contains(&"wrong_answer/difference.c C11 (gcc, gnu11) WA AC".to_string()),
        "{changed}"
    );
    let (_, rerun) = verify(&["--rerun"]);
    assert_eq!(taken(&rerun), 0, "{rerun}");
    assert_eq!(rows(&rerun), rows(&changed));
}

/// problem.yaml's constants are written into a 2025-09 package's validators (here an input
/// validator whose range is `{{LIMIT}}`, which as Python is no number: unsubstituted, it would
/// crash rather than judge), and not into submissions, as BAPCtools does: one that prints
/// `{{LIMIT}}` is a wrong answer.
#[test]
fn constants_are_written_into_validators_and_not_into_submissions() {
    let dir = tempfile::tempdir().unwrap();
    let package = package_in(
        dir.path(),
        "limited",
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: limited\nconstants:\n  LIMIT: 10\n",
            ),
            (
                "input_validators/check.py",
                "import sys\nn = int(sys.stdin.read())\nsys.exit(42 if 0 <= n <= {{LIMIT}} else 43)\n",
            ),
            ("data/sample/1.in", "5\n"),
            ("data/sample/1.ans", "5\n"),
            ("data/secret/1.in", "10\n"),
            ("data/secret/1.ans", "10\n"),
            ("data/invalid_input/big.in", "11\n"),
            ("submissions/accepted/echo.py", "print(input())\n"),
            (
                "submissions/wrong_answer/literal.py",
                "input()\nprint('{{LIMIT}}')\n",
            ),
        ],
    );
    let (code, text) = verify_alone(&package);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("every input valid"), "{text}");
    assert!(
        text.contains("invalid_input: 1 case, each rejected by an input validator"),
        "{text}"
    );
    assert!(text.contains("0 mismatches, "), "{text}");
    // The package itself is left as it was.
    let validator = std::fs::read_to_string(package.join("input_validators/check.py")).unwrap();
    assert!(validator.contains("{{LIMIT}}"));
}

/// A pass-fail 2025-09 package (expectations2025): every submission is checked against the
/// format's default directories (`rejected/` some verdict not AC, `brute_force/` only AC, TLE
/// or RTE and one of the last two) combined with `submissions.yaml` (a folder of its own, a
/// message its judge messages must hold, a submission kept out of the time limit); files
/// ending `.disabled` and `.template` are not graded.
#[test]
fn submissions_yaml_and_the_default_directories_of_a_pass_fail_package() {
    let output = judge(&["verify", "tests/kattis/expectations2025"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 mismatches, "), "{text}");
    let row = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no row of {name}:\n{text}"))
            .to_string()
    };
    for name in [
        "accepted/double.py",
        "accepted/slow_double.py",
        "brute_force/count_up.py",
        "rejected/crash_on_big.py",
        "rejected/off_by_one.py",
        "slow_ones/spin_big.py",
        "wrong_answer/triple.py",
    ] {
        assert!(row(name).ends_with(" ok"), "{name}:\n{text}");
    }
    // rejected/crash_on_big.py crashes: a rejected submission may fail any way.
    assert!(
        row("rejected/crash_on_big.py").contains("RE (exit code 1)"),
        "{text}"
    );
    assert!(
        !text.contains("broken.py") && !text.contains("template"),
        "{text}"
    );
    // slow_double.py's 0.6 s would make the limit 2 s.
    assert!(
        text.contains("time limit 1000 ms (slowest accepted ")
            && !text.contains("(accepted/slow_double.py"),
        "{text}"
    );

    // What the file says is checked: a folder's requirement missed is a mismatch saying
    // which entry. (Without TLE permitted,
    // slow_ones/ would set the time limit as the 2025-09 format says: kept out of it here.)
    let (_keep, dir) = copy_of("expectations2025");
    let yaml = dir.join("submissions/submissions.yaml");
    std::fs::write(
        &yaml,
        "slow_ones:\n  permitted: [AC, WA]\n  use_for_time_limit: false\nrejected/off_by_one.py:\n  message: 'got \"8\"'\n",
    )
    .unwrap();
    let output = judge(&["verify", dir.to_str().unwrap()]);
    let text = show(&output);
    // (off_by_one.py's run stops at its first test case: a test case not judged could have
    // held the message, so it is not missed, as BAPCtools has it.)
    assert!(text.contains("1 mismatch, "), "{text}");
    assert!(
        text.contains("expectation: expected only AC/WA on test cases (one got TLE) (submissions.yaml: slow_ones)"),
        "{text}"
    );

    // Bad input is refused naming the file and the key; a key that matches nothing is a
    // warning naming it.
    for (content, says) in [
        (
            "accepted:\n  verdict: AC\n",
            "submissions.yaml: accepted.verdict: unknown",
        ),
        (
            "accepted:\n  use_for_time_limit: maybe\n",
            "submissions.yaml: accepted.use_for_time_limit: must be true, false, lower or upper",
        ),
        (
            "accepted: [AC]\n",
            "submissions.yaml: accepted: must be a mapping",
        ),
    ] {
        std::fs::write(&yaml, content).unwrap();
        let output = judge(&["verify", dir.to_str().unwrap()]);
        let text = show(&output);
        assert_ne!(output.status.code(), Some(0), "{text}");
        assert!(text.contains(says), "{content:?}:\n{text}");
    }
    std::fs::write(
        &yaml,
        "slow_ones:\n  permitted: [AC, TLE]\nnowhere/*.py:\n  permitted: [AC]\n",
    )
    .unwrap();
    let output = judge(&["verify", dir.to_str().unwrap()]);
    let text = show(&output);
    assert!(
        text.contains("submissions.yaml: nowhere/*.py match no submission"),
        "{text}"
    );
}

/// 2025-09's `use_for_time_limit` under a group's glob: a rejected submission's times on
/// that group bound the limit from below (its run goes on past its first failure to time
/// them), and `false` under a group takes an accepted one's times there out.
#[test]
fn use_for_time_limit_under_a_group_bounds_the_limit_by_that_group_s_tests() {
    let dir = tempfile::tempdir().unwrap();
    // Busy for 0.6 s of CPU time on 7 (x 2 is 1.2 s: a limit of 2 s), three times 9.
    let slow_on_seven = "import time\nn = int(input())\nif n == 7:\n    start = time.process_time()\n    while time.process_time() - start < 0.6:\n        pass\nprint(n * 3 if n == 9 else n * 2)\n";
    let package = doubling_package(
        dir.path(),
        "scoped",
        &[
            ("data/secret/1.in", "9\n"),
            ("data/secret/1.ans", "18\n"),
            ("data/secret/small/1.in", "7\n"),
            ("data/secret/small/1.ans", "14\n"),
            (
                "submissions/accepted/double.py",
                "print(int(input()) * 2)\n",
            ),
            ("submissions/wrong_answer/slow_on_seven.py", slow_on_seven),
            (
                "submissions/submissions.yaml",
                "wrong_answer/slow_on_seven.py:\n  secret/small:\n    use_for_time_limit: lower\n",
            ),
        ],
    );
    let (code, text) = verify_alone(&package);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("time limit 2000 ms (slowest lower bound ")
            && text.contains("(wrong_answer/slow_on_seven.py under "),
        "{text}"
    );
    assert!(text.contains("WA @secret/1"), "{text}");

    // Its times elsewhere do not count: the same rule under the group it is quick on.
    std::fs::write(
        package.join("submissions/submissions.yaml"),
        "wrong_answer/slow_on_seven.py:\n  sample:\n    use_for_time_limit: lower\n",
    )
    .unwrap();
    let (code, text) = verify_alone(&package);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("time limit 1000 ms ("), "{text}");

    // An accepted submission slow on a group kept out of the limit (1.2 s there): the limit
    // derived from its other tests is too short for it there.
    std::fs::remove_file(package.join("submissions/wrong_answer/slow_on_seven.py")).unwrap();
    std::fs::write(
        package.join("submissions/accepted/slow_double.py"),
        slow_on_seven
            .replace("0.6", "1.2")
            .replace("n * 3 if n == 9 else n * 2", "n * 2"),
    )
    .unwrap();
    std::fs::write(
        package.join("submissions/submissions.yaml"),
        "accepted/slow_double.py:\n  secret/small:\n    use_for_time_limit: false\n",
    )
    .unwrap();
    let (code, text) = verify_alone(&package);
    assert_ne!(code, Some(0), "{text}");
    assert!(text.contains("time limit 1000 ms ("), "{text}");
    assert!(text.contains("1 mismatch, "), "{text}");
}

/// problem.yaml's `limits.validation_output` raises the output limit of the package's output
/// validator (here 2 MiB of feedback under runner.toml's 1 MiB): within the guarantee it is
/// run as usual, without it the same validator is a judge error.
#[test]
fn validation_output_raises_the_output_validator_s_output_limit() {
    let dir = tempfile::tempdir().unwrap();
    let check = "import os, sys\nanswer = open(sys.argv[2]).read().split()\noutput = sys.stdin.read().split()\nwith open(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w') as feedback:\n    feedback.write('x' * (2 << 20))\nsys.exit(42 if answer == output else 43)\n";
    let package = doubling_package(
        dir.path(),
        "talkative",
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: talkative\nlimits:\n  validation_output: 4\n",
            ),
            ("output_validator/check.py", check),
            ("submissions/accepted/double.py", "print(int(input()) * 2)\n"),
        ],
    );
    let config = dir.path().join("runner.toml");
    std::fs::write(&config, "[defaults]\noutput_limit_mib = 1\n").unwrap();
    let verify = || {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["--config", &config.to_string_lossy(), "verify"])
            .arg(&package)
            .arg("--rerun")
            .env("XDG_CACHE_HOME", dir.path().join("cache"))
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        (output.status.code(), show(&output))
    };
    let (code, text) = verify();
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("0 mismatches, "), "{text}");
    std::fs::write(
        package.join("problem.yaml"),
        "problem_format_version: 2025-09\nname: talkative\n",
    )
    .unwrap();
    let (code, text) = verify();
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains(" JE @sample/1 "), "{text}");
}

/// 2025-09's `args`: a test's submission arguments come from its group's test_group.yaml,
/// replaced by its own `<name>.yaml`, and follow the submission's command (a sample without
/// any gets none).
#[test]
fn args_reach_the_submission_from_its_group_and_its_own_yaml() {
    let dir = tempfile::tempdir().unwrap();
    let package = package_in(
        dir.path(),
        "scaled",
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nname: scaled\n"),
            ("data/sample/1.in", "5\n"),
            ("data/sample/1.ans", "5\n"),
            ("data/secret/test_group.yaml", "args: ['2']\n"),
            ("data/secret/1.in", "7\n"),
            ("data/secret/1.ans", "14\n"),
            ("data/secret/2.in", "7\n"),
            ("data/secret/2.ans", "21\n"),
            ("data/secret/2.yaml", "args: ['3']\n"),
            (
                "submissions/accepted/by_args.py",
                "import sys\nfactor = int(sys.argv[1]) if len(sys.argv) > 1 else 1\nprint(int(input()) * factor)\n",
            ),
            ("submissions/wrong_answer/no_args.py", "print(int(input()) * 2)\n"),
        ],
    );
    let (code, text) = verify_alone(&package);
    assert_eq!(code, Some(0), "{text}");
    // Warnings may say PyPy 3 is missing (a machine without it runs CPython).
    assert!(
        text.contains("0 mismatches, ") && text.contains(" 0 not graded"),
        "{text}"
    );
    let row = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no row of {name}:\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(row("accepted/by_args.py").contains(" AC AC "), "{text}");
    // Without the arguments, the sample (which gives none) is where it goes wrong.
    assert!(
        row("wrong_answer/no_args.py").contains(" WA WA @sample/1 "),
        "{text}"
    );

    // problem.yaml's constants are written into test_group.yaml, as the format lists it.
    std::fs::write(
        package.join("problem.yaml"),
        "problem_format_version: 2025-09\nname: scaled\nconstants:\n  FACTOR: 2\n",
    )
    .unwrap();
    std::fs::write(
        package.join("data/secret/test_group.yaml"),
        "args: ['{{FACTOR}}']\n",
    )
    .unwrap();
    let (code, text) = verify_alone(&package);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("0 mismatches, "), "{text}");
}

/// `include/`: every submission gets `include/default/`'s files (a header with problem.yaml's
/// constant `{{FACTOR}}` written in) and its language's (`include/cpp/`: a grader with `main`
/// that calls the submission's `solve`), staged with its own files outside the package, which
/// is left as it was.
#[test]
fn included_files_are_added_to_each_submission_of_their_language() {
    let (_keep, dir) = copy_of("include2025");
    let before = std::fs::read_dir(dir.join("submissions/accepted"))
        .unwrap()
        .count();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    // Warnings may say PyPy 3 is missing (a machine without it runs CPython).
    assert!(
        text.contains("0 mismatches, ") && text.contains(" 0 not graded"),
        "{text}"
    );
    for (name, verdict) in [
        ("accepted/double.cpp", " AC AC "),
        ("accepted/double.py", " AC AC "),
        ("wrong_answer/triple.cpp", " WA WA @sample/1 "),
    ] {
        let row = text
            .lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no row of {name}:\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(row.contains(verdict), "{name}: {row}\n{text}");
    }
    assert_eq!(
        std::fs::read_dir(dir.join("submissions/accepted"))
            .unwrap()
            .count(),
        before
    );
    // Without the grader, a submission of solve() alone does not build.
    std::fs::remove_dir_all(dir.join("include/cpp")).unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_ne!(output.status.code(), Some(0), "{text}");
    // A file where a language's folder belongs is an error naming it.
    std::fs::write(dir.join("include/cpp"), "x").unwrap();
    let output = judge(&["verify", &dir.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("include/cpp: is not a folder"), "{text}");
}

/// Writes a package `name` in `dir` of `files` (path, text) and gives its folder.
fn package_in(dir: &Path, name: &str, files: &[(&str, &str)]) -> PathBuf {
    let package = dir.join(name);
    for (path, text) in files {
        let file = package.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    package
}

/// Writes a 2025-09 package `name` in `dir` whose accepted submissions double a number, with
/// `files` (path, text) added, and gives its folder.
fn doubling_package(dir: &Path, name: &str, files: &[(&str, &str)]) -> PathBuf {
    let problem = format!("problem_format_version: 2025-09\nname: {name}\n");
    let package = package_in(
        dir,
        name,
        &[
            ("problem.yaml", &problem),
            ("data/sample/1.in", "5\n"),
            ("data/sample/1.ans", "10\n"),
            ("data/secret/1.in", "7\n"),
            ("data/secret/1.ans", "14\n"),
        ],
    );
    package_in(dir, name, files);
    package
}

/// Runs `judge verify` on `package` with a cache of its own; gives the exit code and output.
fn verify_alone(package: &Path) -> (Option<i32>, String) {
    let cache = package.with_extension("cache");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("verify")
        .arg(package)
        .env("XDG_CACHE_HOME", cache)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (output.status.code(), show(&output))
}

/// `submissions.yaml`'s `language`: a submission whose files no extension places is built in
/// the language the file names (by the format's code); a code the format lacks is an error
/// naming it.
#[test]
fn submissions_yaml_names_a_submission_s_language() {
    let dir = tempfile::tempdir().unwrap();
    let package = doubling_package(
        dir.path(),
        "named",
        &[
            (
                "submissions/accepted/double.txt",
                "print(int(input()) * 2)\n",
            ),
            (
                "submissions/submissions.yaml",
                "accepted/double.txt:\n  language: python3\n",
            ),
        ],
    );
    let (code, text) = verify_alone(&package);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("0 mismatches, 0 warnings, 0 not graded"),
        "{text}"
    );
    assert!(text.contains("accepted/double.txt "), "{text}");
    std::fs::write(
        package.join("submissions/submissions.yaml"),
        "accepted/double.txt:\n  language: klingon\n",
    )
    .unwrap();
    let (code, text) = verify_alone(&package);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("language \"klingon\"") && text.contains("not a language code"),
        "{text}"
    );
}

/// `submissions.yaml`'s `entrypoint`: a folder of Java classes runs the class it names, not the
/// one the folder's own rule would pick (`Main`).
#[test]
#[ignore = "needs a JDK (javac, jar, java)"]
fn submissions_yaml_names_a_folder_s_entry_point() {
    common::require_tool("javac");
    let dir = tempfile::tempdir().unwrap();
    let main = "import java.util.*;\npublic class Main { public static void main(String[] a) { System.out.println(0); } }\n";
    let app = "import java.util.*;\npublic class App { public static void main(String[] a) { Scanner s = new Scanner(System.in); System.out.println(Helper.twice(s.nextLong())); } }\n";
    let helper = "public class Helper { static long twice(long n) { return 2 * n; } }\n";
    let package = doubling_package(
        dir.path(),
        "entry",
        &[
            ("submissions/accepted/app/Main.java", main),
            ("submissions/accepted/app/App.java", app),
            ("submissions/accepted/app/Helper.java", helper),
            (
                "submissions/submissions.yaml",
                "accepted/app:\n  entrypoint: App\n",
            ),
        ],
    );
    let (code, text) = verify_alone(&package);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("0 mismatches, 0 warnings, 0 not graded"),
        "{text}"
    );
    // Without it, Main runs, and prints 0.
    std::fs::remove_file(package.join("submissions/submissions.yaml")).unwrap();
    let (code, text) = verify_alone(&package);
    assert_ne!(code, Some(0), "{text}");
    assert!(text.contains("1 mismatch"), "{text}");
}

/// problem.yaml's `limits.code`: a submission whose files hold more is named in a warning, as
/// problemtools reports it, and graded anyway; one within it is not named.
#[test]
fn a_submission_over_the_code_limit_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let long = format!("# {}\nprint(int(input()) * 2)\n", "x".repeat(1500));
    let package = doubling_package(
        dir.path(),
        "coded",
        &[
            ("submissions/accepted/long.py", &long),
            ("submissions/accepted/short.py", "print(int(input()) * 2)\n"),
        ],
    );
    std::fs::write(
        package.join("problem.yaml"),
        "problem_format_version: 2025-09\nname: coded\nlimits:\n  code: 1\n  compilation_memory: 4096\n  validation_time: 90\n",
    )
    .unwrap();
    let (code, text) = verify_alone(&package);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains(
            "accepted/long.py: 1.5 KiB of code, over problem.yaml's limit (limits.code) of 1 KiB"
        ),
        "{text}"
    );
    assert!(!text.contains("accepted/short.py: "), "{text}");
    assert!(text.contains("0 mismatches, "), "{text}");
}

/// A 2025-09 package with a static validator (static2025): each group's static validation
/// test case is a row of its own (`GROUP/[static]`), its score a part of its group's, and
/// every submission gets the score `submissions.yaml` gives it: the short one the full 100,
/// the long one 95 (5 of the static case's 10), the one calling eval 90 and WA on the static
/// case alone, with the static validator's message (and the language's code it was given).
#[test]
fn a_static_validator_judges_each_submissions_files() {
    let text = verify_passes(
        "static2025",
        &[],
        "time limit 2000 ms (problem.yaml limits.time_limit)",
    );
    assert!(
        text.contains("WA @secret/short/[static] score 90")
            && text.contains("uses_eval.py (python3) calls eval"),
        "{text}"
    );
    assert!(text.contains("AC score 95"), "{text}");
    let output = judge(&["show", "tests/kattis/static2025", "--samples", "0"]);
    let text = show(&output);
    assert!(
        text.contains("static validator static_validator/static.py"),
        "{text}"
    );
    let output = judge(&[
        "test",
        "tests/kattis/static2025/submissions/partially_accepted/long.py",
        "--problem",
        "tests/kattis/static2025",
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let row = text
        .lines()
        .find(|l| l.starts_with("secret/short/[static]"))
        .unwrap_or_else(|| panic!("no static row: {text}"));
    assert!(row.contains("AC"), "{text}");
    assert!(text.contains("score 95/100"), "{text}");
    // The JSON report names the static case with the score its validator gave.
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("run.json");
    let json_arg = json.to_string_lossy().into_owned();
    let output = judge(&[
        "test",
        "tests/kattis/static2025/submissions/partially_accepted/long.py",
        "--problem",
        "tests/kattis/static2025",
        "--json",
        &json_arg,
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let tests = report["tests"].as_array().unwrap();
    let static_case = tests
        .iter()
        .find(|t| t["name"] == "secret/short/[static]")
        .unwrap_or_else(|| panic!("{report}"));
    assert_eq!(static_case["verdict"], "AC", "{static_case}");
}

/// A static validator that misbehaves (loops, writes a score.txt that is not a number, exits
/// with a code the format does not allow) makes its static validation test case a judge error
/// naming it, never a hang; without a static validator the package is refused, naming the
/// test_group.yaml that asks for one.
#[test]
fn a_static_validator_that_misbehaves_is_a_judge_error_naming_it() {
    let (_keep, dir) = copy_of("static2025");
    let config = dir.parent().unwrap().join("runner.toml");
    std::fs::write(&config, "[validators]\ntime_limit_seconds = 1\n").unwrap();
    let config_arg = config.to_string_lossy().into_owned();
    let dir_arg = dir.to_string_lossy().into_owned();
    let submission = dir.join("submissions/accepted/short.py");
    let submission_arg = submission.to_string_lossy().into_owned();
    for (program, says) in [
        (
            "while True:\n    pass\n",
            "static validator static.py ran out of time",
        ),
        (
            "import sys\nopen(sys.argv[3] + 'score.txt', 'w').write('lots')\nsys.exit(42)\n",
            "score.txt",
        ),
        (
            "import sys\nsys.exit(1)\n",
            "static validator static.py ended with exit code 1",
        ),
    ] {
        std::fs::write(dir.join("static_validator/static.py"), program).unwrap();
        let started = std::time::Instant::now();
        let output = judge(&[
            "test",
            &submission_arg,
            "--problem",
            &dir_arg,
            "--config",
            &config_arg,
        ]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(1), "{text}");
        let row = text
            .lines()
            .find(|l| l.starts_with("secret/short/[static]"))
            .unwrap_or_else(|| panic!("no static row: {text}"));
        assert!(row.contains("JE"), "{text}");
        assert!(text.contains(says), "{says}: {text}");
        assert!(started.elapsed() < std::time::Duration::from_secs(30));
    }
    std::fs::remove_dir_all(dir.join("static_validator")).unwrap();
    let output = judge(&["verify", &dir_arg]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("short/test_group.yaml") && text.contains("static_validator/"),
        "{text}"
    );
}

/// A score file the static validator writes for a static validation test case in a group of
/// pass-fail aggregation of a scoring package is a judge error naming the static validator,
/// the file and why (the format's rule for output validators holds for static ones); on the
/// samples it is ignored, as the format says of a scoring problem's samples, and in a `sum`
/// group it is read.
#[test]
fn a_static_validators_score_file_in_a_pass_fail_group_is_a_judge_error_naming_it() {
    let (_keep, dir) = copy_of("static2025");
    let pass_fail =
        "static_validation_score: pass-fail\nstatic_validator_args: [--max-lines, '6']\n";
    std::fs::write(
        dir.join("data/secret/big/test_group.yaml"),
        format!("max_score: 60\n{pass_fail}"),
    )
    .unwrap();
    std::fs::write(dir.join("data/sample/test_group.yaml"), pass_fail).unwrap();
    let submission = dir.join("submissions/partially_accepted/long.py");
    let output = judge(&[
        "test",
        &submission.to_string_lossy(),
        "--problem",
        &dir.to_string_lossy(),
        "--all",
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let row = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no row {name}: {text}"))
            .to_string()
    };
    assert!(row("secret/big/[static]").contains(" JE "), "{text}");
    assert!(
        text.contains(
            "the static validator static.py wrote feedback/score.txt for secret/big/[static], \
             a test of pass-fail aggregation"
        ),
        "{text}"
    );
    let sample = row("sample/[static]");
    assert!(
        sample.contains(" AC ") && !sample.contains("AC 5"),
        "{text}"
    );
    assert!(row("secret/short/[static]").contains("AC 5"), "{text}");
}

/// A pass-fail 2025-09 package's static validation test case (`static_validation_score:
/// pass-fail`) runs the static validator too, first in its group: a submission it rejects is
/// WA there; a score in a problem that is not scoring is refused, naming the file.
#[test]
fn a_pass_fail_package_runs_its_static_validator() {
    let (_keep, dir) = copy_of("static2025");
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    std::fs::write(
        dir.join("problem.yaml"),
        yaml.replace("type: scoring\n", ""),
    )
    .unwrap();
    std::fs::remove_file(dir.join("data/secret/test_group.yaml")).unwrap();
    std::fs::write(dir.join("data/secret/big/test_group.yaml"), "args: []\n").unwrap();
    std::fs::write(
        dir.join("data/secret/short/test_group.yaml"),
        "static_validation_score: pass-fail\nstatic_validator_args: [--max-lines, '6']\n",
    )
    .unwrap();
    let dir_arg = dir.to_string_lossy().into_owned();
    let submission = dir.join("submissions/wrong_answer/uses_eval.py");
    let output = judge(&[
        "test",
        &submission.to_string_lossy(),
        "--problem",
        &dir_arg,
        "--all",
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("secret/") || l.starts_with("sample/"))
        .collect();
    assert_eq!(rows.len(), 5, "{text}");
    assert!(
        rows[2].starts_with("secret/short/[static]") && rows[2].contains("WA"),
        "{text}"
    );
    assert!(text.contains("calls eval"), "{text}");
    std::fs::write(
        dir.join("data/secret/short/test_group.yaml"),
        "static_validation_score: 10\n",
    )
    .unwrap();
    let output = judge(&["show", &dir_arg]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("short/test_group.yaml") && text.contains("not of type scoring"),
        "{text}"
    );
}
