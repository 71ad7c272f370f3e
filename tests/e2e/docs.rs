//! The documentation's examples, run: every ```console block of README.md and docs/guide/
//! (issue 36). Each `$ judge ...` line is run with the built binary and its output (standard
//! output and standard error as a terminal shows them, in one stream) compared with the lines
//! below it, so a page that no longer matches the binary fails here.
//!
//! The conventions a page follows (docs/guide/contributing.md says them to writers):
//! - ```console: commands (`$ ` lines), each followed by its output; a last line `? N` is the
//!   exit code it must end with (0 when none). In the output, `[..]` stands for any text within
//!   a line (times, paths, the machine's core count) and a line `...` for any lines, none
//!   included. Commands are `judge`, `cd` and `cat`; a word with `*` is expanded over the
//!   folder's names, as a shell does.
//! - ```console norun: WHY: shown, not run (installing, a cluster, a tool the README does not
//!   require); WHY must be given.
//! - ```LANG file=PATH: a file the page writes before the commands below it run.
//!
//! Each page runs in a folder of its own, outside the repository, that holds (as links to one
//! copy) the repository's `solutions/`, `tests/kattis/`, `tests/polygon/` and
//! `tests/generators/` (a page may grade them as a newcomer in a clone would), one after
//! another in page order; the
//! pages share one HOME, so the built-in problems and the compile cache are written once.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{copy_tree, repo};

/// One fenced block of a page.
#[derive(Debug)]
enum Block {
    /// Commands with their expected output (a ```console block), from `line` of the page.
    Console { line: usize, text: String },
    /// A ```console block shown only, with the reason it is not run.
    NotRun { line: usize, reason: String },
    /// A file to write (```LANG file=PATH).
    File { path: String, text: String },
    /// Any other block (code, configuration, output shown as text).
    Other { line: usize, info: String },
}

/// The fenced blocks of a Markdown text, in order.
fn blocks(markdown: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut lines = markdown.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        let Some(info) = line.trim_start().strip_prefix("```") else {
            continue;
        };
        let indent = line.len() - line.trim_start().len();
        let info = info.trim().to_string();
        let mut text = String::new();
        for (_, body) in lines.by_ref() {
            if body.trim_start().starts_with("```") {
                break;
            }
            text.push_str(body.get(indent..).unwrap_or(body.trim_start()));
            text.push('\n');
        }
        let line = index + 1;
        let (language, rest) = info.split_once(' ').unwrap_or((&info, ""));
        let rest = rest.trim();
        blocks.push(if language == "console" && rest.is_empty() {
            Block::Console { line, text }
        } else if language == "console" {
            let reason = rest.strip_prefix("norun:").unwrap_or("").trim().to_string();
            Block::NotRun { line, reason }
        } else if let Some(path) = rest.strip_prefix("file=") {
            Block::File {
                path: path.trim().to_string(),
                text,
            }
        } else {
            Block::Other { line, info }
        });
    }
    blocks
}

/// Whether `actual` (one line) matches `expected`, where `[..]` stands for any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Whether the lines of `actual` match those of `expected`, where a line `...` stands for any
/// lines (none included).
fn output_matches(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => {
            (0..=actual.len()).any(|skip| output_matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line_matches(first, line) && output_matches(rest, more)),
    }
}

/// A text's lines without trailing blanks and blank lines at the end.
fn trimmed_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    lines
}

/// One command of a console block, with what it must print and end with.
struct Example {
    line: usize,
    command: String,
    output: Vec<String>,
    code: i32,
}

fn examples(first_line: usize, text: &str) -> Result<Vec<Example>, String> {
    let mut examples: Vec<Example> = Vec::new();
    for (offset, line) in text.lines().enumerate() {
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: first_line + 1 + offset,
                command: command.to_string(),
                output: Vec::new(),
                code: 0,
            });
        } else if let Some(example) = examples.last_mut() {
            match line.strip_prefix("? ") {
                Some(code) => {
                    example.code = code.trim().parse().map_err(|_| {
                        format!(
                            "line {}: `? {code}` is no exit code",
                            first_line + 1 + offset
                        )
                    })?
                }
                None => example.output.push(line.to_string()),
            }
        } else {
            return Err(format!(
                "line {}: a console block starts with a `$ ` command",
                first_line + 1 + offset
            ));
        }
    }
    Ok(examples)
}

/// A command line's words, split as a shell splits them (quotes, backslashes), with `*` words
/// expanded over the names in `cwd` (sorted), a word that matches nothing kept as it is.
fn words(command: &str, cwd: &Path) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut glob = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            '|' | '>' | '<' | ';' | '&' | '$' | '`' => {
                return Err(format!(
                    "`{c}` is not supported in a doc example: {command}"
                ))
            }
            c if c.is_whitespace() => {
                if in_word {
                    push_word(&mut words, std::mem::take(&mut word), glob, cwd);
                }
                in_word = false;
                glob = false;
            }
            c => {
                in_word = true;
                glob |= c == '*';
                word.push(c);
            }
        }
    }
    if in_word {
        push_word(&mut words, word, glob, cwd);
    }
    Ok(words)
}

fn push_word(words: &mut Vec<String>, word: String, glob: bool, cwd: &Path) {
    if !glob {
        words.push(word);
        return;
    }
    let (folder, pattern) = match word.rsplit_once('/') {
        Some((folder, pattern)) => (format!("{folder}/"), pattern.to_string()),
        None => (String::new(), word.clone()),
    };
    let mut names: Vec<String> = std::fs::read_dir(cwd.join(&folder))
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| line_matches(&pattern.replace('*', "[..]"), name))
        .map(|name| format!("{folder}{name}"))
        .collect();
    names.sort();
    if names.is_empty() {
        words.push(word);
    } else {
        words.extend(names);
    }
}

/// Runs a page's blocks in `folder`; the first failure, if any, says where and why.
fn run_page(page: &Path, folder: &Path, home: &Path) -> Result<usize, String> {
    let markdown = std::fs::read_to_string(page).unwrap();
    let name = page.strip_prefix(repo()).unwrap().display().to_string();
    let mut cwd = folder.to_path_buf();
    let mut ran = 0;
    for block in blocks(&markdown) {
        match block {
            Block::File { path, text } => {
                let path = cwd.join(path);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, text).unwrap();
            }
            Block::NotRun { line, reason } if reason.is_empty() => {
                return Err(format!(
                    "{name}:{line}: a console block that is not run says why (`console norun: WHY`)"
                ));
            }
            Block::Other { line, info }
                if ["sh", "shell", "bash", "zsh"].contains(&info.as_str()) =>
            {
                if info != "bash" || !markdown.lines().nth(line).unwrap_or("").starts_with("#!") {
                    return Err(format!(
                        "{name}:{line}: commands are shown in ```console blocks (run by tests/e2e/docs.rs), \
                         not ```{info}"
                    ));
                }
            }
            Block::NotRun { .. } | Block::Other { .. } => {}
            Block::Console { line, text } => {
                for example in examples(line, &text).map_err(|e| format!("{name}:{e}"))? {
                    run_example(&example, &mut cwd, folder, home).map_err(|why| {
                        format!("{name}:{}: `{}`: {why}", example.line, example.command)
                    })?;
                    ran += 1;
                }
            }
        }
    }
    Ok(ran)
}

fn run_example(
    example: &Example,
    cwd: &mut PathBuf,
    folder: &Path,
    home: &Path,
) -> Result<(), String> {
    let words = words(&example.command, cwd)?;
    let (program, args) = words.split_first().ok_or("an empty command")?;
    let program = match program.as_str() {
        "cd" => {
            let to = cwd.join(args.first().ok_or("cd without a folder")?);
            *cwd = to
                .canonicalize()
                .map_err(|e| format!("{}: {e}", to.display()))?;
            return Ok(());
        }
        "judge" => PathBuf::from(env!("CARGO_BIN_EXE_judge")),
        "cat" => PathBuf::from("cat"),
        other => {
            return Err(format!(
                "`{other}` is not run by the doc tests: mark the block `console norun: WHY`"
            ))
        }
    };
    // Standard output and standard error into one file, as a terminal shows them interleaved.
    let log = cwd.join(".doc-example-output");
    let file = std::fs::File::create(&log).unwrap();
    let status = Command::new(program)
        .args(args)
        .current_dir(&*cwd)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("NO_COLOR", "1")
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .map_err(|e| format!("cannot run: {e}"))?;
    let actual = std::fs::read_to_string(&log).unwrap_or_default();
    std::fs::remove_file(&log).unwrap();
    let cwd_text = folder.display().to_string();
    let expected: Vec<String> = example
        .output
        .iter()
        .map(|line| line.replace("[CWD]", &cwd_text))
        .collect();
    let expected: Vec<&str> = trimmed_lines_of(&expected);
    let code = status.code().unwrap_or(-1);
    if code != example.code || !output_matches(&expected, &trimmed_lines(&actual)) {
        return Err(format!(
            "the page says (exit code {}):\n{}\n--- the binary printed (exit code {code}):\n{actual}",
            example.code,
            expected.join("\n")
        ));
    }
    Ok(())
}

fn trimmed_lines_of(lines: &[String]) -> Vec<&str> {
    let mut lines: Vec<&str> = lines.iter().map(|line| line.trim_end()).collect();
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    lines
}

/// README.md and every page of docs/guide/, in order.
fn pages() -> Vec<PathBuf> {
    fn walk(folder: &Path, pages: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, pages);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    let mut pages = vec![repo().join("README.md")];
    walk(&repo().join("docs/guide"), &mut pages);
    pages
}

#[test]
fn every_example_of_the_docs_runs_as_shown() {
    // Outside the repository: its runner.toml would make every page's folder part of its project.
    let temp = tempfile::Builder::new()
        .prefix("judge-docs-")
        .tempdir()
        .unwrap();
    let root = temp.path().canonicalize().unwrap();
    let home = root.join("home");
    std::fs::create_dir_all(&home).unwrap();
    // The clone's folders the pages use, copied once; each page's folder links to them.
    let clone = root.join("clone");
    for folder in [
        "solutions",
        "tests/kattis",
        "tests/polygon",
        "tests/generators",
    ] {
        copy_tree(&repo().join(folder), &clone.join(folder));
    }
    let mut failures = Vec::new();
    let mut ran = 0;
    for (index, page) in pages().iter().enumerate() {
        let folder = root.join(format!("page-{index:02}"));
        std::fs::create_dir_all(&folder).unwrap();
        let markdown = std::fs::read_to_string(page).unwrap();
        if blocks(&markdown)
            .iter()
            .any(|block| matches!(block, Block::Console { .. }))
        {
            std::os::unix::fs::symlink(clone.join("solutions"), folder.join("solutions")).unwrap();
            std::os::unix::fs::symlink(clone.join("tests"), folder.join("tests")).unwrap();
        }
        let started = std::time::Instant::now();
        let result = run_page(page, &folder.canonicalize().unwrap(), &home);
        println!(
            "{}: {:.1} s",
            page.display(),
            started.elapsed().as_secs_f64()
        );
        match result {
            Ok(count) => ran += count,
            Err(why) => failures.push(why),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(ran >= 10, "only {ran} examples ran");
}

/// The GitHub anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(markdown: &str) -> Vec<String> {
    let mut fenced = false;
    let mut anchors = Vec::new();
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            anchors.push(anchor(line.trim_start_matches('#')));
        }
    }
    anchors
}

#[test]
fn every_link_between_the_pages_leads_somewhere() {
    let mut broken = Vec::new();
    let link = |text: &str| -> Vec<String> {
        let mut targets = Vec::new();
        let mut rest = text;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                targets.push(rest[..end].to_string());
            }
        }
        targets
    };
    for page in pages() {
        let markdown = std::fs::read_to_string(&page).unwrap();
        for target in link(&markdown) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let file = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            if !file.exists() {
                broken.push(format!("{}: {target}: no such file", page.display()));
            } else if !fragment.is_empty() && file.extension().is_some_and(|e| e == "md") {
                let text = std::fs::read_to_string(&file).unwrap();
                if !anchors(&text).iter().any(|a| a == fragment) {
                    broken.push(format!("{}: {target}: no such heading", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn every_guide_page_is_in_the_table_of_contents() {
    let index = std::fs::read_to_string(repo().join("docs/guide/README.md")).unwrap();
    for page in pages().iter().skip(1) {
        let relative = page
            .strip_prefix(repo().join("docs/guide"))
            .unwrap()
            .display()
            .to_string();
        if relative != "README.md" {
            assert!(
                index.contains(&format!("]({relative})")),
                "docs/guide/README.md does not link {relative}"
            );
        }
    }
}

#[test]
fn the_output_patterns_match_what_they_say_and_nothing_else() {
    assert!(line_matches("AC  [..] ms", "AC  12 ms"));
    assert!(line_matches("[..]", ""));
    assert!(line_matches("a[..]b[..]c", "a1b2c"));
    assert!(!line_matches("a[..]b[..]c", "a1c2b"));
    assert!(!line_matches("AC  [..] ms", "WA  12 ms"));
    assert!(!line_matches("ab[..]ba", "aba"));
    assert!(output_matches(&["x", "...", "z"], &["x", "z"]));
    assert!(output_matches(&["x", "...", "z"], &["x", "y", "y", "z"]));
    assert!(!output_matches(&["x", "...", "z"], &["x", "y"]));
    assert!(!output_matches(&["x"], &["x", "y"]));
}

#[test]
fn a_page_that_no_longer_matches_the_binary_fails() {
    let temp = tempfile::Builder::new()
        .prefix("judge-docs-")
        .tempdir()
        .unwrap();
    let folder = temp.path().canonicalize().unwrap();
    std::fs::create_dir_all(folder.join("home")).unwrap();
    let page = folder.join("page.md");
    let good = "```python file=a.py\nprint(int(input()) * 2)\n```\n\n```console\n$ judge --version\njudge [..]\n```\n";
    std::fs::write(&page, good).unwrap();
    // run_page names pages relative to the repository; these live outside it.
    let run = |text: &str| {
        std::fs::write(&page, text).unwrap();
        let markdown = std::fs::read_to_string(&page).unwrap();
        let mut cwd = folder.clone();
        let mut result = Ok(());
        for block in blocks(&markdown) {
            if let Block::Console { line, text } = block {
                for example in examples(line, &text).unwrap() {
                    result = result.and(run_example(
                        &example,
                        &mut cwd,
                        &folder,
                        &folder.join("home"),
                    ));
                }
            }
        }
        result
    };
    assert_eq!(run(good), Ok(()));
    let wrong_output = good.replace("judge [..]", "judge 9.9.9");
    assert!(run(&wrong_output).unwrap_err().contains("judge 9.9.9"));
    let wrong_code = good.replace("judge [..]\n", "judge [..]\n? 1\n");
    assert!(run(&wrong_code).unwrap_err().contains("exit code 0"));
    assert!(run("```console\n$ rm -rf x\n```\n")
        .unwrap_err()
        .contains("norun"));
    assert!(blocks("```console norun:\n$ x\n```\n")
        .iter()
        .any(|b| matches!(b, Block::NotRun { reason, .. } if reason.is_empty())));
}
