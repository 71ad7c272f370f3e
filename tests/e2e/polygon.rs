//! End-to-end tests of Polygon packages (tests/polygon/: a package written for these tests,
//! laid out as Polygon exports one, with a stand-in testlib.h of the project's own): `judge
//! verify` gives every tagged solution its tag's verdict, with answers the package lacks made
//! by the main solution, `judge test` grades a solution on it, and a broken package (bad XML,
//! a generator command naming no program, a cycle among groups, a zip entry leaving the
//! package) is refused by name.

use std::path::Path;

use crate::common::{judge, repo, show};

const PACKAGE: &str = "tests/polygon/pairsum";

#[test]
fn verify_gives_every_tagged_solution_its_verdict() {
    let output = judge(&["verify", PACKAGE]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("package pairsum: 4 tests, 1 input validator: every input valid"),
        "{text}"
    );
    for (solution, verdict) in [
        ("main/main.cpp", "AC"),
        ("accepted/other.cpp", "AC"),
        ("wrong-answer/wa.cpp", "WA @tests/02"),
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{solution} "))
                && l.contains(&format!(" {verdict} "))
                && l.ends_with(" ok")),
            "{solution} did not get {verdict}:\n{text}"
        );
    }
    // The testlib checker built from source with the package's header said why.
    assert!(text.contains("wrong answer 1 + 1 is not 14"), "{text}");
    // Tags that allow several verdicts, as Polygon defines them: each row says its set.
    for (solution, allowed, verdict) in [
        ("rejected/rejected.cpp", "!AC", "WA @tests/01"),
        ("failed/crash.cpp", "RE/CE", "RE (SIGABRT) @tests/01"),
        ("time-limit-exceeded-or-accepted/slow.cpp", "TLE/AC", "AC"),
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{solution} "))
                && l.contains(&format!(" {allowed} "))
                && l.contains(&format!(" {verdict} "))
                && l.ends_with(" ok")),
            "{solution} is not {verdict} within {allowed}:\n{text}"
        );
    }
    assert!(!text.contains("skipped"), "{text}");
    assert!(
        text.contains("1 tests made from the generators' commands, as Polygon's doall makes them"),
        "{text}"
    );
    // Graded by its groups: big (complete-group, 80 points) after small (20) after samples.
    for (solution, cells) in [
        ("main/main.cpp", "100 AC      0 AC      20 AC     80 AC"),
        (
            "wrong-answer/wa.cpp",
            "0 WA        0 AC      0 WA      0 WA",
        ),
    ] {
        assert!(
            text.lines()
                .any(|l| l.starts_with(solution) && l.ends_with(cells)),
            "{solution}: no {cells:?} in the group table:\n{text}"
        );
    }
    assert!(
        text.contains("AC score 100") && text.contains("WA @tests/02 score 0"),
        "{text}"
    );
    assert!(
        text.contains("time limit 2000 ms (problem.xml's time-limit)"),
        "{text}"
    );
    assert!(
        text.contains("0 mismatches, 0 warnings, 0 not graded"),
        "{text}"
    );
}

#[test]
fn test_grades_a_solution_on_the_package() {
    let solution = format!("{PACKAGE}/solutions/wa.cpp");
    let output = judge(&["test", "--problem", PACKAGE, &solution]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("WA"), "{text}");
    let solution = format!("{PACKAGE}/solutions/other.cpp");
    let output = judge(&["test", "--problem", PACKAGE, &solution]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
}

#[test]
fn show_tells_the_package_and_its_parts() {
    let output = judge(&["show", PACKAGE]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("Pair Sum (pairsum)"), "{text}");
    assert!(
        text.contains("kind:    batch (a Polygon package)"),
        "{text}"
    );
    assert!(text.contains("cpu 2 s, memory 256 MiB"), "{text}");
    assert!(text.contains("6 tagged in problem.xml"), "{text}");
}

/// A copy of the package in a fresh folder, its problem.xml changed by `edit`.
fn broken(edit: impl Fn(&str) -> String) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("pairsum");
    copy_folder(&repo().join(PACKAGE), &copy);
    let xml = copy.join("problem.xml");
    let text = std::fs::read_to_string(&xml).unwrap();
    let changed = edit(&text);
    assert_ne!(changed, text, "the edit changed nothing");
    std::fs::write(&xml, changed).unwrap();
    let path = copy.to_string_lossy().into_owned();
    (dir, path)
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn refused(package: &str, says: &[&str]) {
    for command in ["verify", "show"] {
        let output = judge(&[command, package]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(2), "{command}: {text}");
        for words in says {
            assert!(text.contains(words), "{command}: no {words:?} in:\n{text}");
        }
    }
}

#[test]
fn verify_compares_regenerated_tests_with_the_package_own() {
    // The package keeps test 4's input too, as a full package does: made again and compared.
    let (_dir, package) = broken(|xml| xml.replace("revision=\"1\"", "revision=\"2\""));
    let own = Path::new(&package).join("tests/04");
    std::fs::write(&own, "500\n").unwrap();
    let output = judge(&["verify", &package]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("regenerated 1 of the package's 1 generated tests from their commands: 1 identical to the package's, 0 different"),
        "{text}"
    );
    std::fs::write(&own, "501\n").unwrap();
    let output = judge(&["verify", &package]);
    let text = show(&output);
    assert!(
        text.contains("0 identical to the package's, 1 different"),
        "{text}"
    );
    assert!(
        text.contains("regenerated test differs: tests/04 (gen 500): made 4 bytes, the package's has 4; first different at byte 2 (line 1)"),
        "{text}"
    );
}

#[test]
fn a_validator_test_with_the_wrong_verdict_is_named() {
    let (_dir, package) =
        broken(|xml| xml.replace("<test verdict=\"invalid\"/>", "<test verdict=\"valid\"/>"));
    let output = judge(&["verify", &package]);
    let text = show(&output);
    assert!(
        text.contains("3 of 4 gave the verdict they must give"),
        "{text}"
    );
    assert!(
        text.contains("validator 1 files/tests/validator-tests/02: must be valid, got invalid"),
        "{text}"
    );
}

#[test]
fn a_package_saved_on_windows_is_read_with_lf_line_ends() {
    let (_dir, package) = broken(|xml| xml.replace("revision=\"1\"", "revision=\"3\""));
    let mut crlf = 0;
    for name in ["tests/01", "tests/01.a", "tests/02", "files/val.cpp"] {
        let file = Path::new(&package).join(name);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(!text.contains('\r'));
        std::fs::write(&file, text.replace('\n', "\r\n")).unwrap();
        crlf += 1;
    }
    let before = std::fs::read(Path::new(&package).join("tests/01")).unwrap();
    let output = judge(&["verify", &package]);
    let text = show(&output);
    // The testlib validator reads in strict mode: it would refuse a CR.
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("every input valid"), "{text}");
    assert!(
        text.contains(&format!(
            "{crlf} of the package's text files (tests, the checker's"
        )),
        "{text}"
    );
    // The package's own files are left as they are.
    assert_eq!(
        std::fs::read(Path::new(&package).join("tests/01")).unwrap(),
        before
    );
}

#[test]
fn a_broken_package_is_refused_naming_what_is_wrong() {
    let (_dir, package) = broken(|xml| xml.replace("</problem>", ""));
    refused(&package, &["problem.xml", "<problem> still open"]);
    let (_dir, package) = broken(|xml| xml.replace("cmd=\"gen 500\"", "cmd=\"nogen 500\""));
    refused(
        &package,
        &["problem.xml", "test 4", "\"nogen\", which is no executable"],
    );
    let (_dir, package) = broken(|xml| xml.replace("cmd=\"gen 500\"", "cmd=\"gen 500 &gt; $\""));
    refused(&package, &["test 4", "has '>'", "redirections"]);
    let (_dir, package) = broken(|xml| xml.replace("cmd=\"gen 500\"", ""));
    refused(&package, &["test 4 is generated but has no cmd"]);
    let (_dir, package) = broken(|xml| {
        xml.replace(
            "<group name=\"samples\" points-policy=\"each-test\"/>",
            "<group name=\"samples\" points-policy=\"each-test\">\
             <dependencies><dependency group=\"big\"/></dependencies></group>",
        )
    });
    refused(&package, &["cycle: samples -> big -> small -> samples"]);
}

#[test]
fn a_zip_with_an_entry_leaving_it_is_refused() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let zipped = dir.path().join("pairsum.zip");
    let options = zip::write::SimpleFileOptions::default();
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&zipped).unwrap());
    let xml = std::fs::read(repo().join(PACKAGE).join("problem.xml")).unwrap();
    writer.start_file("problem.xml", options).unwrap();
    writer.write_all(&xml).unwrap();
    writer.start_file("../escaped.txt", options).unwrap();
    writer.write_all(b"out").unwrap();
    writer.finish().unwrap();
    let zipped = zipped.to_string_lossy().into_owned();
    for args in [
        vec!["verify", &zipped],
        vec!["validate", &zipped],
        vec!["gen", &zipped, "--index", "1"],
        vec!["show", &zipped],
    ] {
        let output = judge(&args);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
        assert!(
            text.contains("\"../escaped.txt\" would be unpacked outside"),
            "{args:?}: {text}"
        );
    }
    assert!(!dir.path().join("escaped.txt").exists());
}

#[test]
fn a_verdict_outside_the_tags_set_is_a_mismatch() {
    // wa.cpp tagged failed: a wrong answer is not a crash.
    let (_dir, package) = broken(|xml| {
        xml.replace(
            "<solution tag=\"wrong-answer\">",
            "<solution tag=\"failed\">",
        )
    });
    let output = judge(&["verify", &package]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("failed/wa.cpp ")
            && l.contains(" RE/CE ")
            && l.ends_with(" MISMATCH")),
        "{text}"
    );
    assert!(text.contains("1 mismatch,"), "{text}");
}

/// The package zipped as Polygon exports it: its files at the zip's top.
fn zipped(dir: &Path) -> String {
    use std::io::Write;
    let zip_path = dir.join("pairsum.zip");
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    fn add(
        writer: &mut zip::ZipWriter<std::fs::File>,
        options: zip::write::SimpleFileOptions,
        root: &Path,
        dir: &Path,
    ) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = entry.path();
            let name = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if path.is_dir() {
                writer.add_directory(format!("{name}/"), options).unwrap();
                add(writer, options, root, &path);
            } else {
                writer.start_file(name, options).unwrap();
                writer.write_all(&std::fs::read(&path).unwrap()).unwrap();
            }
        }
    }
    let root = repo().join(PACKAGE);
    add(&mut writer, options, &root, &root);
    writer.finish().unwrap();
    zip_path.to_string_lossy().into_owned()
}

#[test]
fn grade_test_validate_and_gen_take_the_package_folder_or_its_zip() {
    let dir = tempfile::tempdir().unwrap();
    let zip = zipped(dir.path());
    let main = format!("{PACKAGE}/solutions/main.cpp");
    let wa = format!("{PACKAGE}/solutions/wa.cpp");
    for problem in [PACKAGE, zip.as_str()] {
        // grade: each submission graded by the package's groups.
        let output = judge(&["grade", "--problem", problem, &main, &wa]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(1), "{problem}: {text}");
        assert!(
            text.lines()
                .any(|l| l.starts_with("main.cpp") && l.contains("100 AC")),
            "{problem}: {text}"
        );
        assert!(
            text.lines()
                .any(|l| l.starts_with("wa.cpp") && l.contains("0 WA")),
            "{problem}: {text}"
        );
        let output = judge(&["test", "--problem", problem, &main]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{problem}: {}",
            show(&output)
        );
        // validate: the package's tests with its testlib validator, and a file given.
        let output = judge(&["validate", problem]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(0), "{problem}: {text}");
        assert!(
            text.contains("tests/04: valid (validator validator-1)"),
            "{problem}: {text}"
        );
        let bad = dir.path().join("bad.in");
        std::fs::write(&bad, "0\n").unwrap();
        let output = judge(&["validate", problem, &bad.to_string_lossy()]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(1), "{problem}: {text}");
        assert!(text.contains("bad.in: invalid"), "{problem}: {text}");
        // gen: the generated test 4 is `gen 500`'s output; --out writes every test answered.
        let output = judge(&["gen", problem, "--index", "4"]);
        assert_eq!(output.status.code(), Some(0), "{}", show(&output));
        assert_eq!(String::from_utf8_lossy(&output.stdout), "500\n");
        let out = dir.path().join("out");
        let _ = std::fs::remove_dir_all(&out);
        let output = judge(&["gen", problem, "--out", &out.to_string_lossy()]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(0), "{text}");
        assert!(text.contains("wrote 4 tests"), "{text}");
        assert_eq!(
            std::fs::read(out.join("001.in")).unwrap(),
            std::fs::read(repo().join(PACKAGE).join("tests/01")).unwrap()
        );
        // Test 2's answer is not in the package: the main solution's.
        let input = std::fs::read_to_string(out.join("002.in")).unwrap();
        let n = input.trim();
        assert_eq!(
            std::fs::read_to_string(out.join("002.ans")).unwrap(),
            format!("{n} {n}\n")
        );
        assert_eq!(
            std::fs::read_to_string(out.join("004.ans")).unwrap(),
            "500 500\n"
        );
        let output = judge(&["gen", problem, "--index", "5"]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(2), "{text}");
        assert!(text.contains("has 4 tests: --index is 1 to 4"), "{text}");
    }
}

/// The package with test 4 made by a generation script's line instead of its cmd.
fn scripted(line: &str) -> (tempfile::TempDir, String) {
    broken(|xml| {
        xml.replace(" cmd=\"gen 500\"", "").replace(
            "            </tests>\n",
            &format!(
                "            </tests>\n            <generation><script><![CDATA[\n{line}\n]]></script></generation>\n"
            ),
        )
    })
}

#[test]
fn a_generation_script_makes_the_generated_tests() {
    let (_dir, package) = scripted("gen 500 > $");
    let output = judge(&["verify", &package]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("1 tests made from the generators' commands"),
        "{text}"
    );
    let output = judge(&["gen", &package, "--index", "4"]);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "500\n");
}

#[test]
fn a_script_line_naming_no_generator_is_refused_by_its_line() {
    let (_dir, package) = scripted("nogen 500 > 4");
    refused(
        &package,
        &[
            "problem.xml",
            "the generation script's line 1 (\"nogen 500 > 4\")",
            "\"nogen\", which is no executable",
        ],
    );
    let (_dir, package) = scripted("gen 500 > {5-4}");
    refused(&package, &["line 1", "\"5-4\" is an empty range"]);
    let (_dir, package) = scripted("gen 500 > {4,x}");
    refused(&package, &["line 1", "\"x\" is no test"]);
}

/// A multigenerator (`multi 4 > {4}`): one run in its own folder writes each of its tests to
/// the file named by the test's index (testlib's `startTest`); a file it does not leave is an
/// error naming the test.
#[test]
fn a_multigenerator_s_run_makes_its_tests_from_the_files_it_leaves() {
    let (dir, package) = scripted("multi 4 > {4}");
    let xml = Path::new(&package).join("problem.xml");
    let text = std::fs::read_to_string(&xml).unwrap().replace(
        "<source path=\"files/gen.cpp\" type=\"cpp.g++17\"/>",
        "<source path=\"files/gen.cpp\" type=\"cpp.g++17\"/>\n            </executable>\n            <executable>\n                <source path=\"files/multi.cpp\" type=\"cpp.g++17\"/>",
    );
    std::fs::write(&xml, text).unwrap();
    std::fs::write(
        Path::new(&package).join("files/multi.cpp"),
        "// Writes each test named by an argument to the file of that name: 100 times the index.\n\
         #include <cstdio>\n#include <cstdlib>\n\
         int main(int argc, char *argv[]) {\n\
             for (int i = 1; i < argc; i++) {\n\
                 std::FILE *f = std::fopen(argv[i], \"w\");\n\
                 if (!f) return 3;\n\
                 std::fprintf(f, \"%d\\n\", 100 * std::atoi(argv[i]));\n\
                 std::fclose(f);\n\
             }\n\
         }\n",
    )
    .unwrap();
    let output = judge(&["gen", &package, "--index", "4"]);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "400\n",
        "{}",
        show(&output)
    );
    let output = judge(&["verify", &package]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    // A run that leaves no file for its test.
    std::fs::write(
        &xml,
        std::fs::read_to_string(&xml)
            .unwrap()
            .replace("multi 4 &gt; {4}", "multi 7 &gt; {4}")
            .replace("multi 4 > {4}", "multi 7 > {4}"),
    )
    .unwrap();
    let output = judge(&["gen", &package, "--index", "4"]);
    let text = show(&output);
    assert_ne!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("left no file \"4\""), "{text}");
    drop(dir);
}

/// An interactive package (tests/polygon/guessnumber): the testlib interactor (`interactor
/// input output answer`) talks with each solution and rejects what it must (a guess that is no
/// number); when it accepts, the checker judges the output file it wrote (more than 7
/// guesses is a wrong answer there, though the interactor allows 10). The package keeps no
/// answers: each is made as Polygon makes it, by the main solution playing against the
/// interactor, and is what the interactor wrote (the main solution's number of guesses, which
/// the checker holds each solution to). A main solution the interactor rejects makes no
/// answer: a judge error on the test, saying why.
#[test]
fn an_interactor_talks_with_each_solution_and_the_checker_reads_what_it_wrote() {
    const INTERACTIVE: &str = "tests/polygon/guessnumber";
    let output = judge(&["verify", INTERACTIVE]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 mismatches, "), "{text}");
    let row = |name: &str| {
        let at = text
            .find(&format!("{name} "))
            .unwrap_or_else(|| panic!("no row of {name}:\n{text}"));
        text[at..].lines().take(2).collect::<Vec<_>>().join("\n")
    };
    assert!(row("main/binary.cpp").contains(" AC "), "{text}");
    let linear = row("wrong-answer/linear.cpp");
    assert!(
        linear.contains("WA @tests/02") && linear.contains("9 guesses, more than 7"),
        "the checker's word: {linear}"
    );
    let garbage = row("wrong-answer/garbage.cpp");
    assert!(
        garbage.contains("WA @tests/01") && garbage.contains("guess 1 is not a number"),
        "the interactor's word: {garbage}"
    );
    // Within 7 guesses, but more than the main solution's answer says (7 for 3, main's 5).
    let upper = row("wrong-answer/upper.cpp");
    assert!(
        upper.contains("WA @tests/01") && upper.contains("7 guesses, the main solution needs 5"),
        "the checker's word on main's answer: {upper}"
    );
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("guessnumber");
    copy_folder(&repo().join(INTERACTIVE), &copy);
    let xml = copy.join("problem.xml");
    let text = std::fs::read_to_string(&xml).unwrap();
    let swapped = text
        .replace("solutions/binary.cpp", "solutions/TMP")
        .replace("solutions/garbage.cpp", "solutions/binary.cpp")
        .replace("solutions/TMP", "solutions/garbage.cpp");
    std::fs::write(&xml, swapped).unwrap();
    let output = judge(&["verify", &copy.to_string_lossy()]);
    let text = show(&output);
    assert!(
        text.contains("JE @tests/01")
            && text.contains(
                "the expected answer: the reference garbage.cpp was rejected by the \
                 interactor: wrong answer: guess 1 is not a number"
            ),
        "{text}"
    );
    let output = judge(&[
        "test",
        "--problem",
        INTERACTIVE,
        &format!("{INTERACTIVE}/solutions/binary.cpp"),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let output = judge(&["show", INTERACTIVE]);
    let text = show(&output);
    assert!(text.contains("interactive"), "{text}");
}

/// `judge export --kattis` on the package: a scoring Kattis package (2023-07) whose groups
/// are the package's, which judge verifies with the tags' verdicts and the same scores.
fn exported_pairsum(dir: &Path, from: &str) -> String {
    // problemtools takes the folder's name as the short name: letters and digits.
    let out = dir.join("pairsumkattis").to_string_lossy().into_owned();
    let output = judge(&["export", from, "--kattis", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("wrote "), "{text}");
    out
}

#[test]
fn export_writes_a_kattis_package_graded_with_the_same_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let out = exported_pairsum(dir.path(), PACKAGE);
    let root = Path::new(&out);
    let yaml = std::fs::read_to_string(root.join("problem.yaml")).unwrap();
    assert!(yaml.contains("type: scoring"), "{yaml}");
    assert!(yaml.contains("time_limit: 2\n"), "{yaml}");
    assert!(yaml.contains("memory: 256\n"), "{yaml}");
    // Every test with its answer; the generated one made, answers the package lacks made by
    // the main solution; a group's dependencies copied into it.
    for test in [
        "sample/001",
        "secret/01-samples/001",
        "secret/02-small/002",
        "secret/02-small/samples-001",
        "secret/03-big/003",
        "secret/03-big/004",
        "secret/03-big/small-002",
    ] {
        for extension in ["in", "ans"] {
            let file = root.join(format!("data/{test}.{extension}"));
            assert!(file.is_file(), "{} is missing", file.display());
        }
    }
    let big = std::fs::read_to_string(root.join("data/secret/03-big/testdata.yaml")).unwrap();
    assert!(
        big.contains("accept_score: 80") && big.contains("min"),
        "{big}"
    );
    // The checker, its header inlined, and the validator, wrapped; the solutions by tag.
    let checker = std::fs::read_to_string(root.join("output_validator/check.cpp")).unwrap();
    assert!(!checker.contains("#include \"testlib.h\""));
    assert!(root.join("input_validators/val/val.cpp").is_file());
    for submission in [
        "accepted/main.cpp",
        "accepted/other.cpp",
        "wrong_answer/wa.cpp",
    ] {
        assert!(root.join("submissions").join(submission).is_file());
    }
    assert!(!root.join("submissions/run_time_error").exists());
    let output = judge(&["verify", &out, "--jobs", "1"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for (solution, verdict) in [
        ("accepted/main.cpp", "AC score 100"),
        ("accepted/other.cpp", "AC score 100"),
        ("wrong_answer/wa.cpp", "WA @secret/02-small/002 score 0"),
    ] {
        assert!(
            text.lines()
                .any(|l| l.starts_with(solution) && l.contains(verdict) && l.ends_with(" ok")),
            "{solution} did not get {verdict}:\n{text}"
        );
    }
    assert!(text.contains("0 mismatches"), "{text}");
}

#[test]
fn export_names_what_it_leaves_out_and_refuses_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir
        .path()
        .join("pairsum-kattis")
        .to_string_lossy()
        .into_owned();
    let output = judge(&["export", PACKAGE, "--kattis", &out]);
    let text = show(&output);
    for tag in ["rejected", "failed", "time-limit-exceeded-or-accepted"] {
        assert!(
            text.contains(&format!("({tag}): its tag allows several verdicts")),
            "{text}"
        );
    }
    // Into a folder that holds something: refused, naming it, nothing written into it.
    let output = judge(&["export", PACKAGE, "--kattis", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("is not empty"), "{text}");
    // A checker that does not build.
    let (_copy, package) = broken(|xml| xml.replace("files/check.cpp", "files/badcheck.cpp"));
    std::fs::write(
        Path::new(&package).join("files/badcheck.cpp"),
        "int main( { return 0; }\n",
    )
    .unwrap();
    let bad = dir.path().join("bad").to_string_lossy().into_owned();
    let output = judge(&["export", &package, "--kattis", &bad]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("its checker does not build"), "{text}");
    assert!(!Path::new(&bad).exists());
}

/// `judge export --kattis` of the interactive package (tests/polygon/guessnumber) into
/// `dir/guessnumber`: an interactive Kattis package whose output validator builds and runs
/// the interactor and then the checker on what it wrote.
fn exported_guessnumber(dir: &Path, from: &str) -> String {
    let out = dir.join("guessnumber").to_string_lossy().into_owned();
    let output = judge(&["export", from, "--kattis", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains(
            "interactive: output_validator/ builds and runs interactor.cpp and then check.cpp"
        ),
        "{text}"
    );
    out
}

/// The exported interactive package: `type: interactive`, the answers the main solution's
/// games (the interactor's output for it: its number of guesses), and an output validator
/// folder of its own build and run scripts. judge verifies it with every tag's verdict, and
/// for the reasons Polygon gives: the interactor's (garbage.cpp), the checker's on the
/// interactor's output (linear.cpp, more than 7 guesses), and the checker holding a solution
/// to the main solution's answer (upper.cpp).
#[test]
fn export_joins_the_interactor_and_the_checker_into_one_output_validator() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = exported_guessnumber(dir.path(), "tests/polygon/guessnumber");
    let root = Path::new(&out);
    let yaml = std::fs::read_to_string(root.join("problem.yaml")).unwrap();
    assert!(yaml.contains("type: interactive\n"), "{yaml}");
    for (test, guesses) in [
        ("sample/001", "5"),
        ("secret/002", "5"),
        ("secret/003", "6"),
    ] {
        let answer = std::fs::read_to_string(root.join(format!("data/{test}.ans"))).unwrap();
        assert_eq!(answer.trim(), guesses, "{test}");
    }
    for script in ["build", "run", "polygon/build", "polygon/run"] {
        let meta = std::fs::metadata(root.join("output_validator").join(script)).unwrap();
        assert_eq!(meta.permissions().mode() & 0o111, 0o111, "{script}");
    }
    assert!(root
        .join("output_validator/polygon/interactor/interactor.cpp")
        .is_file());
    assert!(root
        .join("output_validator/polygon/checker/check.cpp")
        .is_file());
    let output = judge(&["verify", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    let row = |name: &str| row_of(&text, name);
    assert!(row("accepted/binary.cpp").contains(" AC "), "{text}");
    let garbage = row("wrong_answer/garbage.cpp");
    assert!(
        garbage.contains("WA @sample/001") && garbage.contains("guess 1 is not a number"),
        "{text}"
    );
    let linear = row("wrong_answer/linear.cpp");
    assert!(
        linear.contains("WA @secret/002") && linear.contains("9 guesses, more than 7"),
        "{text}"
    );
    let upper = row("wrong_answer/upper.cpp");
    assert!(
        upper.contains("WA @sample/001") && upper.contains("7 guesses, the main solution needs 5"),
        "{text}"
    );
    // An interactor failing (exit 3 on the test whose number is 10): a judge error, said.
    let interactor = root.join("output_validator/polygon/interactor/interactor.cpp");
    let source = std::fs::read_to_string(&interactor).unwrap();
    let failing = source.replace(
        "std::fscanf(input, \"%lld\", &hidden) != 1) return 3;",
        "std::fscanf(input, \"%lld\", &hidden) != 1 || hidden == 10) return 3;",
    );
    assert_ne!(source, failing);
    std::fs::write(&interactor, failing).unwrap();
    let output = judge(&["verify", &out]);
    let text = show(&output);
    let binary = row_of(&text, "accepted/binary.cpp");
    assert!(
        binary.contains("JE @secret/003")
            && binary.contains("judge error: the interactor exited with 3"),
        "{text}"
    );
}

/// A solution's row in a verify report and the lines under it.
fn row_of(text: &str, name: &str) -> String {
    let at = text
        .find(&format!("{name} "))
        .unwrap_or_else(|| panic!("no row of {name}:\n{text}"));
    text[at..].lines().take(3).collect::<Vec<_>>().join("\n")
}

#[test]
fn export_refuses_a_zip_with_an_entry_leaving_it() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let zipped = dir.path().join("pairsum.zip");
    let options = zip::write::SimpleFileOptions::default();
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&zipped).unwrap());
    writer.start_file("problem.xml", options).unwrap();
    writer
        .write_all(&std::fs::read(repo().join(PACKAGE).join("problem.xml")).unwrap())
        .unwrap();
    writer.start_file("../escaped.txt", options).unwrap();
    writer.write_all(b"out").unwrap();
    writer.finish().unwrap();
    let out = dir.path().join("out").to_string_lossy().into_owned();
    let output = judge(&["export", zipped.to_str().unwrap(), "--kattis", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("\"../escaped.txt\" would be unpacked outside"),
        "{text}"
    );
    assert!(!dir.path().join("escaped.txt").exists());
    assert!(!Path::new(&out).exists());
}

/// problemtools' verifyproblem checks the exported package: every exported submission gets
/// its folder's verdict (the tag's), as judge verify gives it. CI installs problemtools
/// from PyPI; the statement check (it needs LaTeX) is skipped.
#[test]
#[ignore = "needs problemtools (verifyproblem)"]
fn problemtools_verifies_the_exported_package() {
    crate::common::require_tool("verifyproblem");
    let dir = tempfile::tempdir().unwrap();
    let out = exported_pairsum(dir.path(), &zipped(dir.path()));
    let text = crate::common::verifyproblem_passes(Path::new(&out), &[("HOME", dir.path())]);
    for line in [
        "accepted/main.cpp (C++) OK: AC (100)",
        "accepted/other.cpp (C++) OK: AC (100)",
        "wrong_answer/wa.cpp (C++) OK: WA",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
}

/// problemtools' verifyproblem on the exported interactive package: it builds the output
/// validator folder by its scripts and gives each submission its folder's verdict, as judge
/// does. The package gets a validator first (problemtools counts a package without one an
/// error).
#[test]
#[ignore = "needs problemtools (verifyproblem)"]
fn problemtools_verifies_the_exported_interactive_package() {
    crate::common::require_tool("verifyproblem");
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("source");
    copy_folder(&repo().join("tests/polygon/guessnumber"), &copy);
    std::fs::write(
        copy.join("files/val.cpp"),
        "#include <cstdio>\nint main() {\n    int n; char c;\n    \
         if (std::scanf(\"%d%c\", &n, &c) != 2 || c != '\\n' || n < 1 || n > 100) return 1;\n    \
         return std::getchar() == EOF ? 0 : 1;\n}\n",
    )
    .unwrap();
    let xml = copy.join("problem.xml");
    let text = std::fs::read_to_string(&xml).unwrap().replace(
        "<solutions>",
        "<validators><validator><source path=\"files/val.cpp\" type=\"cpp.g++17\"/>\
         </validator></validators>\n        <solutions>",
    );
    std::fs::write(&xml, text).unwrap();
    let out = exported_guessnumber(dir.path(), &copy.to_string_lossy());
    let text = crate::common::verifyproblem_passes(Path::new(&out), &[("HOME", dir.path())]);
    for line in [
        "accepted/binary.cpp (C++) OK: AC",
        "wrong_answer/garbage.cpp (C++) OK: WA",
        "wrong_answer/linear.cpp (C++) OK: WA",
        "wrong_answer/upper.cpp (C++) OK: WA",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
}

/// A Polygon package whose checker, a Pascal program, uses a unit written for Delphi mode
/// (`uses judgeunit in '../utils/judgeunit.pas'`, a class, `Result`); its solutions are C++ and Pascal (`pas.fpc`, and a `.dpr` typed
/// `pas.dpr`).
const DELPHI_PACKAGE: &str = "tests/polygon/delphisum";

#[test]
#[ignore = "needs fpc"]
fn pascal_sources_are_compiled_in_delphi_mode_as_codeforces_does() {
    crate::common::require_tool("fpc");
    let output = judge(&["verify", DELPHI_PACKAGE]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert_rows_ok(
        &text,
        &[
            ("main/main.cpp", "AC"),
            ("accepted/sum.pas", "AC"),
            ("wrong-answer/off.dpr", "WA @tests/01"),
        ],
    );
    assert!(text.contains("Pascal (Free Pascal, Delphi mode)"), "{text}");
    // The checker's own message.
    assert!(text.contains("the sum is wrong"), "{text}");
}

/// A package whose solutions read `input.txt` and write `output.txt` (problem.xml's
/// `input-file` and `output-file`), with a standard checker.
const FILES_PACKAGE: &str = "tests/polygon/filesum";

#[test]
fn solutions_read_and_write_the_named_files_in_a_folder_emptied_between_runs() {
    // tidy.py fails when its folder holds the file it left in an earlier run; stdio.cpp
    // reads standard input and writes standard output, so it leaves no output.txt, which a
    // testlib checker calls a presentation error.
    let output = judge(&["verify", FILES_PACKAGE]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert_rows_ok(
        &text,
        &[
            ("main/main.cpp", "AC"),
            ("accepted/tidy.py", "AC"),
            ("presentation-error/stdio.cpp", "PE @tests/01"),
            ("wrong-answer/off.cpp", "WA @tests/01"),
        ],
    );
    assert!(text.contains("wrote no output.txt"), "{text}");
}

#[test]
fn the_main_solution_answers_through_the_named_files() {
    // Without the package's answers, the main solution makes them, reading input.txt and
    // writing output.txt; a right solution is accepted on them and a wrong one is not.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("filesum");
    copy_folder(&repo().join(FILES_PACKAGE), &copy);
    for answer in ["tests/02.a", "tests/03.a"] {
        std::fs::remove_file(copy.join(answer)).unwrap();
    }
    let package = copy.to_string_lossy().into_owned();
    let output = judge(&["verify", &package]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("accepted/tidy.py ") && l.contains(" AC ")),
        "{text}"
    );
    let output = judge(&[
        "test",
        &format!("{package}/solutions/off.cpp"),
        "--problem",
        &package,
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
}

#[test]
fn named_files_are_refused_where_they_cannot_be_kept() {
    // A Kattis package has only standard input and output.
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("kattis");
    let output = judge(&[
        "export",
        FILES_PACKAGE,
        "--kattis",
        &target.to_string_lossy(),
    ]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("read input.txt and write output.txt")
            && text.contains("a Kattis package has no named input and output files"),
        "{text}"
    );
    assert!(!target.exists());
    // A file name that is a path is refused by its key.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("filesum");
    copy_folder(&repo().join(FILES_PACKAGE), &copy);
    let xml = copy.join("problem.xml");
    let text = std::fs::read_to_string(&xml).unwrap();
    std::fs::write(
        &xml,
        text.replace("input-file=\"input.txt\"", "input-file=\"../input.txt\""),
    )
    .unwrap();
    refused(
        &copy.to_string_lossy(),
        &[
            "problem.xml",
            "input-file \"../input.txt\" is not a plain file name",
        ],
    );
}

/// A package whose checker writes `report.txt` in its current folder, as LKSH's checkers do
/// (Polygon's invoker gives each call a folder it may write to): it fails when an earlier
/// call's report is still there, when it cannot write its report, and when it can write
/// beside itself. One job, so every call of the checker reuses one sandbox session.
#[test]
fn a_checker_writes_in_its_own_folder_and_no_call_sees_what_another_left() {
    let output = judge(&["verify", "tests/polygon/reportsum", "--jobs", "1"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert_rows_ok(
        &text,
        &[
            ("main/main.cpp", "AC"),
            ("wrong-answer/off.cpp", "WA @tests/01"),
        ],
    );
    assert!(!text.contains("left by an earlier call"), "{text}");
    assert!(text.contains("the sum is 3, not 4"), "{text}");
}

/// A package whose checker gives points (testlib's `quitp`, exit 7 on Polygon): 10 for the
/// exact sum, 4 for one off by one.
const POINTS_PACKAGE: &str = "tests/polygon/pointsum";

fn exported_pointsum(dir: &Path) -> String {
    let out = dir.join("pointsum").to_string_lossy().into_owned();
    let output = judge(&["export", POINTS_PACKAGE, "--kattis", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("the checker gives points"), "{text}");
    out
}

#[test]
fn export_keeps_the_scores_of_a_points_checker() {
    let dir = tempfile::tempdir().unwrap();
    let out = exported_pointsum(dir.path());
    let yaml = std::fs::read_to_string(Path::new(&out).join("problem.yaml")).unwrap();
    assert!(yaml.contains("type: scoring"), "{yaml}");
    // The wrapper turns the checker's points into score.txt: every test of three scores the
    // checker's 10 (a judge error before), and a sum one off scores 4 a test.
    let output = judge(&["verify", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("accepted/main.cpp ") && l.contains(" 30 AC ")),
        "{text}"
    );
    let close = format!("{POINTS_PACKAGE}/solutions/close.cpp");
    let output = judge(&["test", "--problem", &out, &close]);
    let text = show(&output);
    assert!(
        text.lines()
            .any(|l| l.starts_with("close.cpp ") && l.contains(" 12 AC ")),
        "{text}"
    );
}

#[test]
#[ignore = "needs problemtools (verifyproblem)"]
fn problemtools_reads_the_points_of_an_exported_points_checker() {
    crate::common::require_tool("verifyproblem");
    let dir = tempfile::tempdir().unwrap();
    let out = exported_pointsum(dir.path());
    let text = crate::common::verifyproblem_passes(Path::new(&out), &[("HOME", dir.path())]);
    for line in [
        "accepted/main.cpp (C++) OK: AC (30)",
        "wrong_answer/far.cpp (C++) OK: WA",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
}

/// `judge export --polygon` writes a Kattis package as a Polygon package that judge's own
/// Polygon reader grades with the same verdicts.
#[test]
fn export_polygon_writes_a_package_read_back_with_the_same_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir
        .path()
        .join("samplesonly")
        .to_string_lossy()
        .into_owned();
    let output = judge(&["export", "tests/kattis/samplesonly", "--polygon", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("std::wcmp.cpp"), "{text}");
    let xml = std::fs::read_to_string(Path::new(&out).join("problem.xml")).unwrap();
    assert!(xml.contains(r#"<solution tag="main">"#), "{xml}");
    let output = judge(&["verify", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert_rows_ok(
        &text,
        &[
            ("main/add.py", "AC"),
            ("wrong-answer/difference.py", "WA @tests/01"),
        ],
    );
    // What it does not write yet is refused by name, before anything is run.
    for (package, says) in [
        ("scoring2023", "is a program"),
        ("customgrader", "a custom grader scores it"),
        ("customchecker", "is a program"),
        ("guessinteractive", "interactive"),
        ("sumdefault", "space_change_sensitive"),
    ] {
        let out = dir.path().join(package).to_string_lossy().into_owned();
        let output = judge(&[
            "export",
            &format!("tests/kattis/{package}"),
            "--polygon",
            &out,
        ]);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(2), "{text}");
        assert!(text.contains(says), "{package}: {text}");
        assert!(!Path::new(&out).exists(), "{package}: {out} was written");
    }
}

/// The verdict and score verify's `text` gives `solution`: `("WA", "65")`.
fn verdict_and_score(text: &str, solution: &str) -> (String, String) {
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("{solution} ")))
        .unwrap_or_else(|| panic!("no row of {solution}:\n{text}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == "score")
        .unwrap_or_else(|| panic!("no score in {line:?}"));
    let verdict = match words[at - 1].starts_with('@') {
        true => words[at - 2],
        false => words[at - 1],
    };
    (verdict.to_string(), words[at + 1].to_string())
}

/// A Kattis scoring package with groups (tests/kattis/groupsum: `small` pass-fail worth 30,
/// `big` 35 for each test) exported with `--polygon`: its groups become Polygon's
/// (`complete-group` with its points, `each-test` with each test's), and judge's Polygon
/// reader gives each submission the verdict and score the Kattis package gives it; its
/// Python input validator is wrapped into a Polygon validator that accepts every test and
/// rejects data/invalid_input's cases, its own tests.
#[test]
fn export_polygon_writes_groups_graded_with_the_same_scores() {
    const GROUPS: &str = "tests/kattis/groupsum";
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("groupsum").to_string_lossy().into_owned();
    let output = judge(&["export", GROUPS, "--polygon", &out]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let xml = std::fs::read_to_string(Path::new(&out).join("problem.xml")).unwrap();
    for element in [
        r#"<group name="small" points="30" points-policy="complete-group"/>"#,
        r#"<group name="big" points-policy="each-test"/>"#,
        r#"<test method="manual" group="big" points="35"/>"#,
        r#"<test method="manual" sample="true" group="samples" points="0"/>"#,
    ] {
        assert!(xml.contains(element), "no {element} in:\n{xml}");
    }
    assert!(!xml.contains("invalid_input"), "{xml}");
    // The Kattis input validator (exit 42 valid, 43 invalid), wrapped into a Polygon one
    // (exit 0 valid), with data/invalid_input's cases as its own tests.
    assert!(
        text.contains("input validator validate.py: files/validator-1.py, wrapped"),
        "{text}"
    );
    assert!(
        xml.contains(r#"<source path="files/validator-1.py" type="python.3"/>"#)
            && xml.matches(r#"<test verdict="invalid"/>"#).count() == 2,
        "{xml}"
    );
    let kattis = show(&judge(&["verify", GROUPS]));
    let polygon = show(&judge(&["verify", &out]));
    assert!(polygon.contains("0 mismatches"), "{polygon}");
    assert!(
        polygon.contains("1 input validator: every input valid")
            && polygon.contains("validator and checker tests: 2 of 2 gave the verdict"),
        "{polygon}"
    );
    for (kattis_name, polygon_name, expected) in [
        ("accepted/full.py", "main/full.py", ("AC", "100")),
        (
            "wrong_answer/one_big.py",
            "wrong-answer/one_big.py",
            ("WA", "65"),
        ),
        (
            "wrong_answer/one_small.py",
            "wrong-answer/one_small.py",
            ("WA", "70"),
        ),
    ] {
        let expected = (expected.0.to_string(), expected.1.to_string());
        assert_eq!(
            verdict_and_score(&kattis, kattis_name),
            expected,
            "{kattis}"
        );
        assert_eq!(
            verdict_and_score(&polygon, polygon_name),
            expected,
            "{polygon}"
        );
    }
}

/// Asserts that each solution's row in verify's `text` shows `verdict` and ends in `ok` (what
/// its tag expects).
fn assert_rows_ok(text: &str, rows: &[(&str, &str)]) {
    for (solution, verdict) in rows {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{solution} "))
                && l.contains(&format!(" {verdict} "))
                && l.ends_with(" ok")),
            "{solution} is not {verdict}:\n{text}"
        );
    }
}
