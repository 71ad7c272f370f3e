//! The tests of a folder of the user's (`--tests-dir`): which files are inputs and which
//! their answers, in the names the common downloads use. An input is a file whose name has
//! the word `in` or `input` (words are runs of letters: `1.in`, `sample-1.in`, `input1.txt`,
//! `in1.txt`); its answer is the same name with that word as `ans`, `out`, `answer` or
//! `output` (`1.ans`, `1.out`, `sample-1.out`, `output1.txt`, `ans1.txt`), in that order of
//! preference. A folder holding no inputs but `in/` or `input/` beside `out/`, `output/` or
//! `ans/` (AtCoder and HackerRank downloads) pairs the files of the two by name, with the
//! same change of word. Tests are in natural order of their names (`2` before `10`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::{PlanError, PlannedTest, TestSource};
use crate::files::{FileError, Folder, Kind};

/// The words that make a file an input, and the words its answer has instead, preferred first.
const INPUT_WORDS: [&str; 2] = ["in", "input"];
const ANSWER_WORDS: [&str; 4] = ["ans", "out", "answer", "output"];
/// Subfolders of inputs, and of their answers (preferred first).
const INPUT_FOLDERS: [&str; 2] = ["in", "input"];
const ANSWER_FOLDERS: [&str; 4] = ["ans", "out", "answer", "output"];

/// The word spans (byte ranges of runs of ASCII letters) of a file name.
fn words(name: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in name.char_indices() {
        match (c.is_ascii_alphabetic(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, name.len()));
    }
    spans
}

/// An input's name split around its input word (the last one): `(before, word, after)`.
fn split_input_name(name: &str) -> Option<(&str, &str, &str)> {
    words(name)
        .into_iter()
        .rev()
        .find(|&(s, e)| {
            INPUT_WORDS
                .iter()
                .any(|w| name[s..e].eq_ignore_ascii_case(w))
        })
        .map(|(s, e)| (&name[..s], &name[s..e], &name[e..]))
}

/// The word `replacement` in the case of `word` (`IN` -> `OUT`, `Input` -> `Output`).
fn in_case_of(word: &str, replacement: &str) -> String {
    if word.chars().all(|c| c.is_ascii_uppercase()) {
        replacement.to_ascii_uppercase()
    } else if word.starts_with(|c: char| c.is_ascii_uppercase()) {
        let mut out = replacement.to_string();
        out[..1].make_ascii_uppercase();
        out
    } else {
        replacement.to_string()
    }
}

/// The names an input's answer may have, preferred first; none when `name` is no input.
pub fn answer_names(name: &str) -> Vec<String> {
    let Some((before, word, after)) = split_input_name(name) else {
        return Vec::new();
    };
    ANSWER_WORDS
        .iter()
        .map(|answer| format!("{before}{}{after}", in_case_of(word, answer)))
        .collect()
}

/// A test's name from its input's: `1.in` -> `1`, `sample-1.in` -> `sample-1`, `input1.txt`
/// -> `input1`, `01.txt` -> `01`.
fn test_name(input: &str) -> String {
    match input.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem.to_string(),
        _ => input.to_string(),
    }
}

/// Names compared as people count: runs of digits by their value.
fn natural_order(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (left, right) = (chunks(a), chunks(b));
    for (x, y) in left.iter().zip(&right) {
        let order = match (x, y) {
            ((true, x), (true, y)) => {
                let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                x.len().cmp(&y.len()).then(x.cmp(y))
            }
            ((_, x), (_, y)) => x.cmp(y),
        };
        if order.is_ne() {
            return order;
        }
    }
    left.len().cmp(&right.len()).then(a.cmp(b))
}

/// The names in `dir` that are not folders, in natural order. Only those that become a
/// test's input or answer are checked (by `Folder::kind`: a link out of the folder, a device
/// or a FIFO is an error naming it); other files may be anything.
fn files_of(dir: &Path) -> Result<Vec<String>, PlanError> {
    let entries = std::fs::read_dir(dir).map_err(|cause| PlanError::Read {
        dir: dir.to_path_buf(),
        cause,
    })?;
    let mut names = Vec::new();
    for entry in entries.flatten() {
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if !entry.file_type().is_ok_and(|t| t.is_dir()) {
            names.push(name);
        }
    }
    names.sort_by(|a, b| natural_order(a, b));
    Ok(names)
}

/// The first subfolder of `dir` with one of `names` (in that order), if any.
fn subfolder(dir: &Path, names: &[&str]) -> Option<PathBuf> {
    names.iter().map(|n| dir.join(n)).find(|p| p.is_dir())
}

/// The tests of the user's folder `dir`, in natural order of their names; an input without
/// an answer is an error naming the first such (in that order) and what is there instead.
pub fn tests(dir: &Path) -> Result<Vec<PlannedTest>, PlanError> {
    let folder = Folder::new(dir)?;
    let here = files_of(dir)?;
    let has_input = here.iter().any(|name| !answer_names(name).is_empty());
    let split = (!has_input)
        .then(|| {
            Some((
                subfolder(dir, &INPUT_FOLDERS)?,
                subfolder(dir, &ANSWER_FOLDERS)?,
            ))
        })
        .flatten();
    let (inputs_dir, answers_dir, inputs) = match split {
        Some((inputs_dir, answers_dir)) => {
            let inputs = files_of(&inputs_dir)?;
            (inputs_dir, answers_dir, inputs)
        }
        None => {
            let inputs = here
                .iter()
                .filter(|name| !answer_names(name).is_empty())
                .cloned()
                .collect();
            (dir.to_path_buf(), dir.to_path_buf(), inputs)
        }
    };
    let answers_here = if answers_dir == dir {
        here.clone()
    } else {
        files_of(&answers_dir)?
    };
    // Looked up once per candidate answer: a scan of the listing each time made pairing a
    // folder quadratic (100 000 tests took most of a minute).
    let answer_set: HashSet<&str> = answers_here.iter().map(String::as_str).collect();
    let mut tests = Vec::with_capacity(inputs.len());
    for input in inputs {
        // In a folder of inputs, a name without an input word has its answer under the same
        // name in the folder of answers.
        let mut candidates = answer_names(&input);
        if inputs_dir != dir && candidates.is_empty() {
            candidates.push(input.clone());
        }
        let Some(answer) = candidates.iter().find(|c| answer_set.contains(c.as_str())) else {
            return Err(missing_answer(
                dir,
                &inputs_dir,
                &answers_dir,
                &input,
                &candidates,
                &answers_here,
            ));
        };
        let (input_path, answer_path) = (inputs_dir.join(&input), answers_dir.join(answer));
        for path in [&input_path, &answer_path] {
            if folder.kind(path)? != Kind::File {
                return Err(PlanError::File(FileError::NotRegular {
                    path: path.clone(),
                    kind: "a folder",
                }));
            }
        }
        tests.push(PlannedTest::new(
            test_name(&input),
            TestSource::Files {
                input: input_path,
                answer: answer_path,
                folder: folder.clone(),
            },
        ));
    }
    Ok(tests)
}

/// The error for the first input without an answer: what it looked for and what files of
/// the same stem are there.
fn missing_answer(
    dir: &Path,
    inputs_dir: &Path,
    answers_dir: &Path,
    input: &str,
    candidates: &[String],
    answers_here: &[String],
) -> PlanError {
    let relative = |folder: &Path, name: &str| match folder.strip_prefix(dir) {
        Ok(sub) if !sub.as_os_str().is_empty() => sub.join(name).display().to_string(),
        _ => name.to_string(),
    };
    let stem = |name: &str| test_name(name).to_ascii_lowercase();
    let input_stem = stem(input);
    let input_digits: String = input.chars().filter(char::is_ascii_digit).collect();
    let found: Vec<String> = answers_here
        .iter()
        .filter(|name| name.as_str() != input && answer_names(name).is_empty())
        .filter(|name| {
            stem(name) == input_stem
                || (!input_digits.is_empty()
                    && name
                        .chars()
                        .filter(char::is_ascii_digit)
                        .collect::<String>()
                        == input_digits)
        })
        .map(|name| relative(answers_dir, name))
        .take(3)
        .collect();
    PlanError::NoAnswer {
        dir: dir.to_path_buf(),
        input: relative(inputs_dir, input),
        looked_for: match candidates
            .iter()
            .map(|c| relative(answers_dir, c))
            .collect::<Vec<_>>()
            .as_slice()
        {
            [] => String::new(),
            [one] => one.clone(),
            [first @ .., last] => format!("{} or {last}", first.join(", ")),
        },
        found: match found.is_empty() {
            true => "no other file of that name is there".to_string(),
            false => format!("{} is there", found.join(", ")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder_of(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for file in files {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "1\n").unwrap();
        }
        dir
    }

    fn pairs(dir: &Path) -> Vec<(String, String, String)> {
        let name = |p: &Path| p.strip_prefix(dir).unwrap().display().to_string();
        tests(dir)
            .unwrap()
            .into_iter()
            .map(|t| match t.source {
                TestSource::Files { input, answer, .. } => (t.name, name(&input), name(&answer)),
                _ => unreachable!(),
            })
            .collect()
    }

    #[test]
    fn the_names_of_common_downloads_pair_up() {
        assert_eq!(
            answer_names("1.in"),
            ["1.ans", "1.out", "1.answer", "1.output"]
        );
        assert_eq!(answer_names("input1.txt")[3], "output1.txt");
        assert_eq!(answer_names("in1.txt")[0], "ans1.txt");
        assert_eq!(answer_names("sample-1.in")[1], "sample-1.out");
        assert_eq!(answer_names("Input_02.TXT")[3], "Output_02.TXT");
        assert_eq!(answer_names("T1.IN")[1], "T1.OUT");
        assert!(answer_names("1.out").is_empty());
        assert!(answer_names("main.cpp").is_empty());
        assert!(answer_names("README").is_empty());
    }

    #[test]
    fn tests_are_in_natural_order_with_ans_or_out_answers() {
        let dir = folder_of(&["10.in", "10.out", "2.in", "2.ans", "2.out", "notes.txt"]);
        assert_eq!(
            pairs(dir.path()),
            [
                ("2".into(), "2.in".into(), "2.ans".into()),
                ("10".into(), "10.in".into(), "10.out".into())
            ]
        );
        let dir = folder_of(&["input1.txt", "output1.txt", "sample-1.in", "sample-1.out"]);
        let names: Vec<String> = pairs(dir.path()).into_iter().map(|p| p.0).collect();
        assert_eq!(names, ["input1", "sample-1"]);
    }

    #[test]
    fn folders_of_inputs_and_outputs_pair_by_name() {
        let dir = folder_of(&["in/a.txt", "out/a.txt", "input/x", "output/x"]);
        assert_eq!(
            pairs(dir.path()),
            [("a".into(), "in/a.txt".into(), "out/a.txt".into())]
        );
        let dir = folder_of(&["input/input00.txt", "output/output00.txt"]);
        assert_eq!(
            pairs(dir.path()),
            [(
                "input00".into(),
                "input/input00.txt".into(),
                "output/output00.txt".into()
            )]
        );
    }

    #[test]
    fn only_the_files_of_tests_are_checked() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "x").unwrap();
        let dir = folder_of(&["1.in", "1.out"]);
        let link = |name: &str| {
            std::os::unix::fs::symlink(outside.path().join("secret"), dir.path().join(name))
                .unwrap()
        };
        // A link out of the folder that is no test is left alone...
        link("notes.txt");
        assert_eq!(pairs(dir.path()).len(), 1);
        // ... one that is a test's input is refused, naming it.
        link("2.in");
        std::fs::write(dir.path().join("2.ans"), "1\n").unwrap();
        let error = tests(dir.path()).unwrap_err().to_string();
        assert!(
            error.contains("2.in") && error.contains("outside"),
            "{error}"
        );
    }

    #[test]
    fn the_first_input_without_an_answer_is_named_with_what_is_there() {
        let dir = folder_of(&["t2.in", "t2.a", "t10.in", "t1.in", "t1.ans"]);
        let error = tests(dir.path()).unwrap_err().to_string();
        assert!(error.contains("test t2.in is the first"), "{error}");
        assert!(error.contains("t2.a is there"), "{error}");
        assert!(!error.contains("t10"), "{error}");
        let dir = folder_of(&["x.in"]);
        let error = tests(dir.path()).unwrap_err().to_string();
        assert!(error.contains("no other file"), "{error}");
    }
}
