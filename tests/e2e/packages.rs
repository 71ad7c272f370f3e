//! End-to-end: the package cases of issue 30 with the real binary. A zip that other tools
//! write (Python's `zipfile.writestr`: entries whose mode carries no file type) is read as
//! `unzip` reads it; a zip whose entries give one name twice, or a name as a file and a
//! folder, is refused naming them; a pass-fail package thousands of folders deep is refused
//! at once naming the bound on group depth and the first group past it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common::{copy_tree, judge, repo, show};

/// Zips the package folder `package` into `zip` as Python's `zipfile.writestr` does (a folder
/// entry for each folder, each file written from its bytes), then writes the `extra` entries
/// (name, text) after them.
fn python_zip(package: &Path, zip: &Path, extra: &[(&str, &str)]) {
    const SCRIPT: &str = r#"
import json, os, sys, warnings, zipfile
source, target, extra = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
warnings.simplefilter("ignore")  # a name written twice, on purpose
with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, folders, files in os.walk(source):
        folders.sort()
        inside = os.path.relpath(folder, source)
        if inside != ".":
            archive.writestr(inside + "/", "")
        for name in sorted(files):
            with open(os.path.join(folder, name), "rb") as file:
                archive.writestr(os.path.normpath(os.path.join(inside, name)), file.read())
    for name, text in extra:
        archive.writestr(name, text)
"#;
    let extra = serde_json::to_string(extra).unwrap();
    let output = Command::new("python3")
        .args(["-c", SCRIPT])
        .arg(package)
        .arg(zip)
        .arg(extra)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", show(&output));
}

/// A copy of the test package `samplesonly` in `dir`.
fn samplesonly(dir: &Path) -> PathBuf {
    let package = dir.join("samplesonly");
    copy_tree(&repo().join("tests/kattis/samplesonly"), &package);
    package
}

/// Refused (exit 2, no panic), standard error holding each of `needles`.
fn refused(output: &Output, needles: &[&str]) {
    let text = show(output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(!text.contains("panicked"), "{text}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    for needle in needles {
        assert!(stderr.contains(needle), "no {needle:?}\n{text}");
    }
}

#[test]
fn a_zip_written_by_python_is_verified_as_its_folder_is() {
    let dir = tempfile::tempdir().unwrap();
    let zip = dir.path().join("samplesonly.zip");
    python_zip(&samplesonly(dir.path()), &zip, &[]);
    let output = judge(&["verify", &zip.to_string_lossy()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(!text.contains("not a file or a folder"), "{text}");
    for line in ["accepted/add.py", "wrong_answer/difference.py"] {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("{line} ")) && l.ends_with(" ok")),
            "{line} is not checked:\n{text}"
        );
    }
    assert!(text.contains("0 mismatches"), "{text}");
}

#[test]
fn a_zip_naming_problem_yaml_twice_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let zip = dir.path().join("twice.zip");
    // The second copy, which unzip (and judge, before) took over the first, raises the limit.
    python_zip(
        &samplesonly(dir.path()),
        &zip,
        &[("problem.yaml", "name: Twice\nlimits:\n  time_limit: 60\n")],
    );
    let output = judge(&["verify", &zip.to_string_lossy()]);
    refused(
        &output,
        &[
            "twice.zip",
            "entry \"problem.yaml\" is in the archive twice",
        ],
    );
}

#[test]
fn a_zip_with_a_file_and_a_folder_of_one_name_is_refused_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let package = samplesonly(dir.path());
    let zip = dir.path().join("both.zip");
    python_zip(
        &package,
        &zip,
        &[("data/extra", "1\n"), ("data/extra/1.in", "1\n")],
    );
    let output = judge(&["verify", &zip.to_string_lossy()]);
    refused(
        &output,
        &["entry \"data/extra/1.in\" is in a folder data/extra, but entry \"data/extra\" is a file"],
    );
    assert!(!show(&output).contains("File exists"), "{}", show(&output));
    python_zip(
        &package,
        &zip,
        &[("data/extra", "1\n"), ("data/extra/", "")],
    );
    let output = judge(&["verify", &zip.to_string_lossy()]);
    refused(
        &output,
        &["entry \"data/extra/\" is a folder and entry \"data/extra\" a file of the same name"],
    );
}

/// A pass-fail package whose groups nest three thousand deep (paths of 6000 bytes and more,
/// longer than the system takes) is refused at once at the first group past the bound, as a
/// scoring package's is; a tree at the bound is graded.
#[test]
fn a_pass_fail_package_thousands_of_folders_deep_is_refused_naming_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let package = samplesonly(dir.path());
    let solution = package.join("submissions/accepted/add.py");
    let test = || {
        judge(&[
            "test",
            &solution.to_string_lossy(),
            "--problem",
            &package.to_string_lossy(),
        ])
    };
    // `data/` is 1 and `secret/` 2: 62 groups under it are at the bound, 64.
    let deepest = package.join(format!("data/secret/{}", "g/".repeat(62)));
    std::fs::create_dir_all(&deepest).unwrap();
    std::fs::copy(package.join("data/sample/1.in"), deepest.join("1.in")).unwrap();
    std::fs::copy(package.join("data/sample/1.ans"), deepest.join("1.ans")).unwrap();
    let output = test();
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert!(
        show(&output).contains("3/3 tests passed"),
        "{}",
        show(&output)
    );

    std::fs::remove_dir_all(package.join("data/secret/g")).unwrap();
    nest_folders(&package.join("data/secret"), "g", 3000);
    let started = Instant::now();
    let output = test();
    let too_deep = format!("data/secret{}:", "/g".repeat(63));
    refused(
        &output,
        &[
            &too_deep,
            "the depth of its groups must be between 1 and 64, found 65",
        ],
    );
    assert!(!show(&output).contains("too long"), "{}", show(&output));
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// Makes `levels` folders named `name` under `top`, each in the one before, through handles on
/// them (`/proc/self/fd/N`), so that no path is longer than the system takes.
fn nest_folders(top: &Path, name: &str, levels: usize) {
    use std::os::fd::AsRawFd;
    let mut handle = std::fs::File::open(top).unwrap();
    for _ in 0..levels {
        let next = format!("/proc/self/fd/{}/{name}", handle.as_raw_fd());
        std::fs::create_dir(&next).unwrap();
        handle = std::fs::File::open(&next).unwrap();
    }
}
