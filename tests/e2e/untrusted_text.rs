//! End-to-end: names and program output that judge did not write, as the real binary shows
//! them (issue 30). The command it prints for a person to paste runs exactly that command
//! when pasted into `sh`; a terminal row stays one row and gets no escape sequence; a CSV cell
//! that a spreadsheet would take for a formula is neutralized.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::show;

/// A problem folder `sum` (two numbers in, their sum out) in `dir`, with a checker program
/// when `checker` is given (testlib convention), and a solution `wrong.py` that prints `out`.
fn problem(dir: &Path, checker: Option<&str>, out: &str) {
    let problem = dir.join("sum");
    std::fs::create_dir_all(problem.join("samples")).unwrap();
    let mut toml = "id = \"sum\"\ntitle = \"sum\"\nsource = \"a test\"\nkind = \"batch\"\n\
                    [limits]\ntime_seconds = 2.0\nmemory_mib = 64\n"
        .to_string();
    if let Some(checker) = checker {
        toml.push_str(
            "[checker]\ntype = \"program\"\nsource = \"check.py\"\nconvention = \"testlib\"\n",
        );
        std::fs::write(problem.join("check.py"), checker).unwrap();
    }
    std::fs::write(problem.join("problem.toml"), toml).unwrap();
    std::fs::write(problem.join("samples/1.in"), "1 2\n").unwrap();
    std::fs::write(problem.join("samples/1.ans"), "3\n").unwrap();
    std::fs::write(
        dir.join("wrong.py"),
        format!(
            "import sys\ninput()\nsys.stdout.buffer.write(bytes.fromhex('{}'))\n",
            out.bytes().map(|b| format!("{b:02x}")).collect::<String>()
        ),
    )
    .unwrap();
}

/// `judge ARGS` run in `dir`, without colours, with the caches in `dir`.
fn judge_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .output()
        .expect("judge runs")
}

/// The command after `label` on judge's standard output.
fn command_after(output: &Output, label: &str) -> String {
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines()
        .find_map(|line| line.trim_start().strip_prefix(label))
        .unwrap_or_else(|| panic!("no line {label:?}: {}", show(output)))
        .to_string()
}

#[test]
fn the_reproduce_line_pasted_into_sh_prints_the_test_and_runs_nothing_else() {
    for name in ["x$(touch F)y", "it's a `touch F` test", "a;touch F;'\"b"] {
        let dir = tempfile::tempdir().unwrap();
        problem(dir.path(), None, "4\n");
        let tests = dir.path().join("t");
        std::fs::create_dir(&tests).unwrap();
        let input = format!("1 2 for {name}\n");
        std::fs::write(tests.join(format!("{name}.in")), &input).unwrap();
        std::fs::write(tests.join(format!("{name}.ans")), "3\n").unwrap();
        let output = judge_in(
            dir.path(),
            &["test", "wrong.py", "--problem", "./sum", "--tests-dir", "t"],
        );
        assert_eq!(output.status.code(), Some(1), "{}", show(&output));
        let line = command_after(&output, "reproduce the input: ");
        let pasted = Command::new("sh")
            .arg("-c")
            .arg(&line)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&pasted.stdout),
            input,
            "{line}: {pasted:?}"
        );
        assert!(pasted.status.success(), "{line}: {pasted:?}");
        assert!(!dir.path().join("F").exists(), "{line} made a file F");
    }
}

#[test]
fn a_checkers_message_and_the_solutions_output_reach_the_terminal_escaped() {
    let dir = tempfile::tempdir().unwrap();
    // The checker quotes the output it got after escape sequences and a carriage return.
    let checker = "import sys\nout = open(sys.argv[2], 'rb').read().decode()\n\
                   sys.stdout.write('wrong:\\x1b[2J\\x1b]0;owned\\x07 got ' + out.strip() + '\\rX')\n\
                   sys.exit(1)\n";
    problem(dir.path(), Some(checker), "\x1b[2J4\r9\n");
    let output = judge_in(
        dir.path(),
        &["test", "wrong.py", "--problem", "./sum", "--json", "r.json"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    assert!(
        !text.contains(['\u{1b}', '\r', '\u{7}']),
        "a control character reached the terminal: {text:?}"
    );
    // The row's reason and the message under the first failure, escaped.
    let escaped_message = "wrong:\\u{1b}[2J\\u{1b}]0;owned\\u{7} got \\u{1b}[2J4\\r9\\rX";
    let row = text.lines().find(|l| l.starts_with("1 ")).expect(&text);
    assert!(row.ends_with(escaped_message), "{row}");
    assert!(text.contains(&format!("\n  {escaped_message}\n")), "{text}");
    // What the solution wrote, escaped under `received`.
    assert!(
        text.contains("received (8 bytes):\n    \\u{1b}[2J4\\r9\n"),
        "{text}"
    );
    // One row for the one test.
    let rows = text
        .lines()
        .skip_while(|l| !l.starts_with("test "))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .count();
    assert_eq!(rows, 1, "{text}");
}

#[test]
fn grade_keeps_a_name_with_a_line_break_to_its_row_and_neutralizes_csv_formulas() {
    let dir = tempfile::tempdir().unwrap();
    problem(dir.path(), None, "3\n");
    let class = dir.path().join("=1+2");
    std::fs::create_dir(&class).unwrap();
    let solution = std::fs::read(dir.path().join("wrong.py")).unwrap();
    for name in ["a\nb\u{1b}[2J.py", "ok.py"] {
        std::fs::write(class.join(name), &solution).unwrap();
    }
    let output = judge_in(
        dir.path(),
        &[
            "grade",
            "--problem",
            "./sum",
            "=1+2",
            "--csv",
            "g.csv",
            "--results",
            "res",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    let notes = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(
        !text.contains('\u{1b}') && !notes.contains('\u{1b}'),
        "{text}{notes}"
    );
    let board: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("submission "))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(board.len(), 2, "{text}");
    assert!(board[0].starts_with("=1+2/a\\nb\\u{1b}[2J.py "), "{text}");
    assert!(notes.contains("=1+2/a\\nb\\u{1b}[2J.py: AC\n"), "{notes}");
    // The CSV keeps the name's bytes, in a quoted field, behind a quote that keeps it text.
    let csv = std::fs::read_to_string(dir.path().join("g.csv")).unwrap();
    assert!(csv.contains("\n\"'=1+2/a\nb\u{1b}[2J.py\","), "{csv}");
    assert!(csv.contains("\n'=1+2/ok.py,"), "{csv}");
}

#[test]
fn an_error_naming_what_the_user_gave_reaches_the_terminal_escaped() {
    let dir = tempfile::tempdir().unwrap();
    problem(dir.path(), None, "3\n");
    let output = judge_in(
        dir.path(),
        &["test", "no\u{1b}[2J\rsuch.py", "--problem", "./sum"],
    );
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    let text = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(!text.contains(['\u{1b}', '\r']), "{text:?}");
    assert!(text.contains("no\\u{1b}[2J\\rsuch.py"), "{text}");
}

#[test]
fn show_escapes_the_title_a_problem_gives() {
    let dir = tempfile::tempdir().unwrap();
    problem(dir.path(), None, "3\n");
    let toml = dir.path().join("sum/problem.toml");
    let text = std::fs::read_to_string(&toml).unwrap().replace(
        "title = \"sum\"",
        "title = \"T\\u001b]0;owned\\u0007itle\\nsecond\"",
    );
    std::fs::write(&toml, text).unwrap();
    let output = judge_in(dir.path(), &["show", "./sum"]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(first, "T\\u{1b}]0;owned\\u{7}itle\\nsecond (sum)", "{text}");
}
