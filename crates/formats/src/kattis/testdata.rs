//! The tests of a pass-fail Kattis package (a scoring package's come from its group tree,
//! `scoring::kattis`): `data/sample` and `data/secret`, each a group that may hold
//! groups of its own. Within a folder, test cases (`NAME.ans` with `NAME.in` beside it) and
//! sub-groups are taken in the order of their entry names (code points: `1, 10, 2`),
//! depth-first. A group's settings (`testdata.yaml`, or `test_group.yaml` in 2025-09) give the
//! output validator's and the input validators' arguments; a key a group leaves out is its
//! parent's (replaced, not added to). The format's checks of the validators
//! (`data/invalid_input`, `data/invalid_output`, `data/valid_output`, and BAPCtools'
//! `data/invalid_answer`) are read here too ([`read_validator_cases`]), with the same
//! groups' arguments, as are the answer validators' arguments of a test ([`answer_args`]).

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use yaml_serde::Value;

use super::metadata::split_args;
use super::PackageError;
use judge_core::bounds::GROUP_DEPTH;
use judge_core::config::{ArgsByName, FileTest, ScoreFile};
use judge_core::constants::Constants;
use judge_core::files::{Cap, Folder, Kind};
use judge_core::scoring::kattis::group_settings_text;

/// Arguments a group gives to the programs that read its tests.
#[derive(Debug, Clone, Default, PartialEq)]
struct GroupArgs {
    output: Vec<String>,
    input: Vec<String>,
    /// The map form of `input_validator_args` (it replaces `input`).
    input_by_name: Option<ArgsByName>,
    /// BAPCtools' `answer_validator_args` (a list; a map gives each validator its own).
    answer: Vec<String>,
    answer_by_name: Option<ArgsByName>,
    /// `args`: what the submission is run with.
    submission: Vec<String>,
    /// 2025-09's `input_visualizer_args` and `output_visualizer_args`.
    input_visualizer: Vec<String>,
    output_visualizer: Vec<String>,
}

/// The tests of the package `package`, samples first. Every entry of `data/` is a file or a
/// folder inside the package (links inside it followed, as test cases shared between groups
/// are); anything else is an error naming it.
pub fn read(package: &Folder, constants: &Constants) -> Result<Vec<FileTest>, PackageError> {
    let data = package.root().join("data");
    if package.kind_if_any(&data)? != Some(Kind::Folder) {
        return Err(PackageError::invalid(
            &data,
            "is missing: a package keeps its tests there",
        ));
    }
    let root = group_args(package, constants, &data, &GroupArgs::default())?;
    let mut tests = Vec::new();
    for (group, sample) in [("sample", true), ("secret", false)] {
        let folder = data.join(group);
        if package.kind_if_any(&folder)? == Some(Kind::Folder) {
            let mut walk = Walk {
                package,
                constants,
                data: &data,
                sample,
                tests: &mut tests,
                open: Vec::new(),
            };
            // `data/` is depth 1, as a scoring package's tree counts it.
            walk.group(&folder, &root, 2)?;
        }
    }
    // No secret data (an empty `data/secret/`, or none) is graded on the samples, with a
    // warning (see `Package::load`), as problemtools grades it; no test at all is nothing to
    // grade on.
    if tests.is_empty() {
        return Err(PackageError::invalid(
            &data,
            "holds no test cases (in sample/ or secret/)",
        ));
    }
    Ok(tests)
}

/// A walk through the groups of `data/sample` or `data/secret`.
struct Walk<'a> {
    package: &'a Folder,
    constants: &'a Constants,
    data: &'a Path,
    sample: bool,
    tests: &'a mut Vec<FileTest>,
    /// The groups being walked (device and inode), outermost first: a link to one of them
    /// would walk it again without end. Compared by identity, not by real path: a real path
    /// costs a lookup per component, which made a package nested a thousand groups deep take
    /// minutes to read.
    open: Vec<(u64, u64)>,
}

impl Walk<'_> {
    /// Adds the tests of the group at `folder` (and its sub-groups) in judging order. A group
    /// deeper than the bound on group depth is an error naming it: a tree thousands of
    /// folders deep would be walked until its paths grew too long.
    fn group(&mut self, folder: &Path, parent: &GroupArgs, depth: u64) -> Result<(), PackageError> {
        GROUP_DEPTH.whole(depth).map_err(|bound| {
            PackageError::invalid(folder, format!("the depth of its groups {bound}"))
        })?;
        let meta = std::fs::metadata(folder).map_err(|cause| PackageError::Read {
            path: folder.to_path_buf(),
            cause,
        })?;
        let identity = (meta.dev(), meta.ino());
        if self.open.contains(&identity) {
            return Err(PackageError::invalid(
                folder,
                "is a link to a group that holds it: its tests would never end",
            ));
        }
        self.open.push(identity);
        let args = group_args(self.package, self.constants, folder, parent)?;
        for (name, path) in sorted_entries(folder)? {
            let (input_stem, answer_stem) = (stem(&name, ".in"), stem(&name, ".ans"));
            // Other files (a generator's source, notes) are not read: left alone.
            if input_stem.is_none() && answer_stem.is_none() && !path.is_dir() {
                continue;
            }
            if self.package.kind(&path)? == Kind::Folder {
                self.group(&path, &args, depth + 1)?;
            } else if let Some(stem) = answer_stem {
                let input = path.with_file_name(with_suffix(stem, ".in"));
                if self.package.kind_if_any(&input)? != Some(Kind::File) {
                    return Err(PackageError::invalid(
                        &path,
                        format!("has no {}.in beside it", stem.to_string_lossy()),
                    ));
                }
                let relative = path
                    .strip_prefix(self.data)
                    .unwrap_or(&path)
                    .with_extension("");
                self.tests.push(FileTest {
                    name: relative.to_string_lossy().into_owned(),
                    input,
                    answer: path,
                    folder: self.package.clone(),
                    sample: self.sample,
                    checker_args: args.output.clone(),
                    args: args.submission.clone(),
                    validator_args: args.input.clone(),
                    validator_args_by_name: args.input_by_name.clone(),
                    input_visualizer_args: args.input_visualizer.clone(),
                    output_visualizer_args: args.output_visualizer.clone(),
                    score_file: ScoreFile::Read,
                });
            } else if let Some(stem) = input_stem {
                let answer = path.with_file_name(with_suffix(stem, ".ans"));
                if self.package.kind_if_any(&answer)? != Some(Kind::File) {
                    return Err(PackageError::invalid(
                        &path,
                        format!("has no {}.ans beside it", stem.to_string_lossy()),
                    ));
                }
            }
        }
        self.open.pop();
        Ok(())
    }
}

/// The keys of a test case's `<name>.yaml` (2025-09).
const TEST_KEYS: [&str; 8] = [
    "args",
    "input_validator_args",
    "output_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
    "full_feedback",
    "hint",
    "description",
];

/// Reads each test case's own settings (`<name>.yaml` beside its `.in`, 2025-09) over its
/// group's: `input_validator_args` (either form), `output_validator_args`, `args` (the
/// submission's arguments) and the visualizers' arguments replace the group's;
/// `full_feedback`, `hint` and `description` are checked for their form. A key the format does not have is an
/// error naming it.
pub fn apply_test_yaml(package: &Folder, tests: &mut [FileTest]) -> Result<(), PackageError> {
    for test in tests.iter_mut() {
        let file = test.input.with_extension("yaml");
        if package.kind_if_any(&file)?.is_none() {
            continue;
        }
        let text = package.read_text(&file, Cap::CONFIG)?;
        if text.trim().is_empty() {
            continue;
        }
        let value: Value =
            yaml_serde::from_str(&text).map_err(|e| PackageError::invalid(&file, e.to_string()))?;
        let Value::Mapping(map) = &value else {
            if value.is_null() {
                continue;
            }
            return Err(PackageError::invalid(&file, "is not a mapping of keys"));
        };
        for (key, item) in map {
            let key = key.as_str().unwrap_or("");
            let list = || {
                split_args(item).ok_or_else(|| {
                    PackageError::invalid(&file, format!("{key}: must be a list of strings"))
                })
            };
            match key {
                "input_validator_args" => {
                    (test.validator_args, test.validator_args_by_name) =
                        judge_core::scoring::kattis::input_validator_args(&file, item)?;
                }
                "output_validator_args" => test.checker_args = list()?,
                "args" => test.args = list()?,
                "input_visualizer_args" => test.input_visualizer_args = list()?,
                "output_visualizer_args" => test.output_visualizer_args = list()?,
                "full_feedback" if item.is_bool() => {}
                "full_feedback" => {
                    return Err(PackageError::invalid(
                        &file,
                        "full_feedback: must be true or false",
                    ))
                }
                "hint" | "description" if item.is_string() => {}
                "hint" | "description" => {
                    return Err(PackageError::invalid(
                        &file,
                        format!("{key}: must be a string"),
                    ))
                }
                other => {
                    return Err(PackageError::invalid(
                        &file,
                        format!(
                            "{other}: is not a key of a test case's .yaml (its keys: {})",
                            TEST_KEYS.join(", ")
                        ),
                    ))
                }
            }
        }
    }
    Ok(())
}

/// A folder's entries by name in byte order (`files::sorted_entries`), an error naming it.
fn sorted_entries(folder: &Path) -> Result<Vec<(OsString, PathBuf)>, PackageError> {
    judge_core::files::sorted_entries(folder).map_err(|cause| PackageError::Read {
        path: folder.to_path_buf(),
        cause,
    })
}

/// `name` without `suffix`, if it ends with it (compared as bytes: a name need not be UTF-8).
fn stem<'a>(name: &'a OsStr, suffix: &str) -> Option<&'a OsStr> {
    name.as_bytes()
        .strip_suffix(suffix.as_bytes())
        .map(OsStr::from_bytes)
}

/// `stem` followed by `suffix`.
fn with_suffix(stem: &OsStr, suffix: &str) -> OsString {
    let mut name = stem.to_os_string();
    name.push(suffix);
    name
}

/// The settings of the group at `folder`, its parent's where it says nothing.
fn group_args(
    package: &Folder,
    constants: &Constants,
    folder: &Path,
    parent: &GroupArgs,
) -> Result<GroupArgs, PackageError> {
    let mut args = parent.clone();
    for file_name in ["testdata.yaml", "test_group.yaml"] {
        let file = folder.join(file_name);
        if package.kind_if_any(&file)?.is_none() {
            continue;
        }
        let text = package.read_text(&file, Cap::CONFIG)?;
        let text = group_settings_text(&file, &text, constants);
        if text.trim().is_empty() {
            continue;
        }
        let value: Value =
            yaml_serde::from_str(&text).map_err(|e| PackageError::invalid(&file, e.to_string()))?;
        if value.is_null() {
            continue;
        }
        if !value.is_mapping() {
            return Err(PackageError::invalid(&file, "is not a mapping of keys"));
        }
        let read = |keys: &[&str]| -> Result<Option<Vec<String>>, PackageError> {
            for key in keys {
                if let Some(v) = value.get(key).filter(|v| !v.is_null()) {
                    return split_args(v).map(Some).ok_or_else(|| {
                        PackageError::invalid(
                            &file,
                            format!("{key}: must be a string or a list of strings"),
                        )
                    });
                }
            }
            Ok(None)
        };
        if let Some(output) = read(&["output_validator_flags", "output_validator_args"])? {
            args.output = output;
        }
        if let Some(submission) = read(&["args"])? {
            args.submission = submission;
        }
        if let Some(input) = read(&["input_visualizer_args"])? {
            args.input_visualizer = input;
        }
        if let Some(output) = read(&["output_visualizer_args"])? {
            args.output_visualizer = output;
        }
        match value.get("answer_validator_args").filter(|v| !v.is_null()) {
            Some(Value::Mapping(map)) => {
                let mut by_name = ArgsByName::new();
                for (name, list) in map {
                    let bad = || {
                        PackageError::invalid(
                            &file,
                            "answer_validator_args: a map must give each validator's name a list of strings",
                        )
                    };
                    let name = name.as_str().ok_or_else(bad)?;
                    by_name.insert(name.to_string(), split_args(list).ok_or_else(bad)?);
                }
                (args.answer, args.answer_by_name) = (Vec::new(), Some(by_name));
            }
            Some(list) => {
                let answer = split_args(list).ok_or_else(|| {
                    PackageError::invalid(
                        &file,
                        "answer_validator_args: must be a string or a list of strings",
                    )
                })?;
                (args.answer, args.answer_by_name) = (answer, None);
            }
            None => {}
        }
        match value.get("input_validator_args").filter(|v| v.is_mapping()) {
            Some(map) => {
                (args.input, args.input_by_name) =
                    judge_core::scoring::kattis::input_validator_args(&file, map)?;
            }
            None => {
                if let Some(input) = read(&["input_validator_flags", "input_validator_args"])? {
                    args.input = input;
                    args.input_by_name = None;
                }
            }
        }
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, path: &str, text: &str) {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn case(dir: &Path, name: &str) {
        write(dir, &format!("data/{name}.in"), "1\n");
        write(dir, &format!("data/{name}.ans"), "1\n");
    }

    #[test]
    fn groups_in_entry_order_with_inherited_flags() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for name in [
            "sample/1",
            "secret/g1/1",
            "secret/g1/10",
            "secret/g1/2",
            "secret/g2/a/1",
            "secret/g2/b",
            "secret/0",
        ] {
            case(d, name);
        }
        write(
            d,
            "data/testdata.yaml",
            "output_validator_flags: float_tolerance 1e-6\n",
        );
        write(
            d,
            "data/secret/g2/testdata.yaml",
            "output_validator_flags: case_sensitive\ninput_validator_flags: big\n",
        );
        write(
            d,
            "data/secret/g2/a/testdata.yaml",
            "input_validator_args: [small, x]\n",
        );
        let tests = read(&Folder::new(d).unwrap(), &Constants::default()).unwrap();
        let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "sample/1",
                "secret/0",
                "secret/g1/1",
                "secret/g1/10",
                "secret/g1/2",
                "secret/g2/a/1",
                "secret/g2/b"
            ]
        );
        assert!(tests[0].sample && !tests[1].sample);
        assert_eq!(tests[1].checker_args, ["float_tolerance", "1e-6"]);
        // g2 replaces the root's flags, and a/ keeps g2's output flags but its own input ones.
        assert_eq!(tests[5].checker_args, ["case_sensitive"]);
        assert_eq!(tests[5].validator_args, ["small", "x"]);
        assert_eq!(tests[6].validator_args, ["big"]);
    }

    #[test]
    fn broken_data_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        assert!(read(&Folder::new(d).unwrap(), &Constants::default())
            .unwrap_err()
            .to_string()
            .contains("data"));
        write(d, "data/secret/.gitkeep", "");
        let e = read(&Folder::new(d).unwrap(), &Constants::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("holds no test cases"), "{e}");
        // Samples alone are tests (the package warns of no secret data).
        case(d, "sample/1");
        assert_eq!(
            read(&Folder::new(d).unwrap(), &Constants::default())
                .unwrap()
                .len(),
            1
        );
        write(d, "data/secret/1.in", "1\n");
        let e = read(&Folder::new(d).unwrap(), &Constants::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("1.ans"), "{e}");
        write(d, "data/secret/1.ans", "1\n");
        write(
            d,
            "data/secret/testdata.yaml",
            "output_validator_flags: {a: 1}\n",
        );
        let e = read(&Folder::new(d).unwrap(), &Constants::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("output_validator_flags"), "{e}");
    }

    #[test]
    fn groups_deeper_than_the_bound_are_refused_naming_the_first_too_deep() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        case(d, "sample/1");
        // `data/` is 1 and `secret/` 2: 62 groups under it reach the bound, 64.
        let deepest = format!("secret/{}1", "g/".repeat(62));
        case(d, &deepest);
        let tests = read(&Folder::new(d).unwrap(), &Constants::default()).unwrap();
        assert_eq!(tests[1].name, deepest);
        // A tree thousands deep (its paths longer than the system takes) is refused at the
        // first group past the bound, not walked until a path is too long.
        std::fs::create_dir(d.join("data/secret/h")).unwrap();
        judge_core::files::nest_folders(&d.join("data/secret/h"), "g", 3000);
        let e = read(&Folder::new(d).unwrap(), &Constants::default())
            .unwrap_err()
            .to_string();
        let too_deep = d.join(format!("data/secret/h{}", "/g".repeat(62)));
        assert_eq!(
            e,
            format!(
                "{}: the depth of its groups must be between 1 and 64, found 65",
                too_deep.display()
            )
        );
    }

    #[test]
    fn links_inside_the_package_are_tests_and_others_are_refused() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("package");
        case(&d, "secret/g1/1");
        std::fs::create_dir_all(d.join("data/secret/g2")).unwrap();
        symlink("../g1/1.in", d.join("data/secret/g2/1.in")).unwrap();
        symlink("../g1/1.ans", d.join("data/secret/g2/1.ans")).unwrap();
        symlink("g1", d.join("data/secret/g3")).unwrap();
        let tests = read(&Folder::new(&d).unwrap(), &Constants::default()).unwrap();
        let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["secret/g1/1", "secret/g2/1", "secret/g3/1"]);
        let outside = dir.path().join("outside.in");
        std::fs::write(&outside, "secret").unwrap();
        symlink(&outside, d.join("data/secret/g1/2.in")).unwrap();
        std::fs::write(d.join("data/secret/g1/2.ans"), "1\n").unwrap();
        let e = read(&Folder::new(&d).unwrap(), &Constants::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("2.in") && e.contains("outside"), "{e}");
        std::fs::remove_file(d.join("data/secret/g1/2.in")).unwrap();
        std::fs::remove_file(d.join("data/secret/g1/2.ans")).unwrap();
        symlink("..", d.join("data/secret/g1/up")).unwrap();
        let e = read(&Folder::new(&d).unwrap(), &Constants::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("up") && e.contains("never end"), "{e}");
    }

    #[test]
    fn input_validator_args_per_validator_replace_the_parents_whole() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for name in ["secret/a/1", "secret/b/1", "secret/c/1"] {
            case(d, name);
        }
        write(
            d,
            "data/secret/test_group.yaml",
            "input_validator_args:\n  integers: [small]\n",
        );
        write(
            d,
            "data/secret/b/test_group.yaml",
            "input_validator_args: [--integer]\n",
        );
        write(
            d,
            "data/secret/c/test_group.yaml",
            "input_validator_args:\n  strings: [--sorted]\n",
        );
        let tests = read(&Folder::new(d).unwrap(), &Constants::default()).unwrap();
        let args = |i: usize, name: &str| tests[i].validator_args_for(name).to_vec();
        assert_eq!(args(0, "integers"), ["small"]);
        assert!(args(0, "strings").is_empty());
        assert_eq!(args(1, "integers"), ["--integer"]);
        assert_eq!(args(1, "strings"), ["--integer"]);
        // c's map replaces secret's: integers gets nothing.
        assert!(args(2, "integers").is_empty());
        assert_eq!(args(2, "strings"), ["--sorted"]);
    }

    #[test]
    fn answer_validator_args_come_from_the_groups_in_either_form() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for name in ["secret/1", "secret/g/1", "invalid_answer/x"] {
            case(d, name);
        }
        write(
            d,
            "data/secret/test_group.yaml",
            "answer_validator_args: [--a]\n",
        );
        write(
            d,
            "data/secret/g/test_group.yaml",
            "answer_validator_args: {same.py: [--b]}\n",
        );
        write(
            d,
            "data/invalid_answer/test_group.yaml",
            "answer_validator_args: --c --d\n",
        );
        let folder = Folder::new(d).unwrap();
        assert_eq!(
            answer_args(&folder, &Constants::default(), "secret/1").unwrap(),
            (vec!["--a".to_string()], None)
        );
        let (list, map) = answer_args(&folder, &Constants::default(), "secret/g/1").unwrap();
        assert!(list.is_empty());
        assert_eq!(map.unwrap()["same.py"], ["--b"]);
        let cases = read_validator_cases(&folder, &Constants::default()).unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].kind, CaseKind::InvalidAnswer);
        assert_eq!(cases[0].answer_args, ["--c", "--d"]);
        assert!(cases[0].answer.as_ref().unwrap().ends_with("x.ans"));
        // A case without its answer, and arguments of the wrong kind, are named.
        std::fs::remove_file(d.join("data/invalid_answer/x.ans")).unwrap();
        let e = read_validator_cases(&folder, &Constants::default())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("has no x.ans beside it (a case of invalid_answer needs its .ans)"),
            "{e}"
        );
        write(
            d,
            "data/secret/test_group.yaml",
            "answer_validator_args: {v: {x: 1}}\n",
        );
        let e = answer_args(&folder, &Constants::default(), "secret/1")
            .unwrap_err()
            .to_string();
        assert!(e.contains("answer_validator_args: a map must give"), "{e}");
    }

    #[test]
    fn a_test_cases_own_yaml_overrides_its_group() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for name in ["secret/1", "secret/2", "secret/3"] {
            case(d, name);
        }
        write(
            d,
            "data/secret/test_group.yaml",
            "output_validator_args: [float_tolerance, '1e-6']\ninput_validator_args: [big]\nargs: [--group]\n\
             output_visualizer_args: [--draw, '{{size}}']\n",
        );
        write(
            d,
            "data/test_group.yaml",
            "input_visualizer_args: [--root]\n",
        );
        write(
            d,
            "data/secret/1.yaml",
            "output_validator_args: [case_sensitive]\ninput_validator_args: {v: [x]}\ndescription: the first\nhint: think\nfull_feedback: true\n\
             input_visualizer_args: [--mine]\n",
        );
        write(
            d,
            "data/secret/2.yaml",
            "args: [--fast]\noutput_visualizer_args: []\n",
        );
        let folder = Folder::new(d).unwrap();
        let mut constants = Constants::default();
        constants.insert("size", "5");
        let mut tests = read(&folder, &constants).unwrap();
        apply_test_yaml(&folder, &mut tests).unwrap();
        // The visualizers' arguments: inherited from data/, replaced by a group's (constants
        // written in) and by a test's own, as the other arguments are.
        assert_eq!(tests[0].input_visualizer_args, ["--mine"]);
        assert_eq!(tests[2].input_visualizer_args, ["--root"]);
        assert_eq!(tests[0].output_visualizer_args, ["--draw", "5"]);
        assert!(tests[1].output_visualizer_args.is_empty());
        // `args`: the group's, replaced by a test's own.
        assert_eq!(tests[0].args, ["--group"]);
        assert_eq!(tests[1].args, ["--fast"]);
        assert_eq!(tests[2].args, ["--group"]);
        assert_eq!(tests[0].checker_args, ["case_sensitive"]);
        assert_eq!(tests[0].validator_args_for("v"), ["x"]);
        assert!(tests[0].validator_args_for("w").is_empty());
        assert_eq!(tests[1].checker_args, ["float_tolerance", "1e-6"]);
        assert_eq!(tests[2].validator_args_for("v"), ["big"]);
        for (text, message) in [
            (
                "colour: red\n",
                "colour: is not a key of a test case's .yaml",
            ),
            (
                "full_feedback: yes please\n",
                "full_feedback: must be true or false",
            ),
            (
                "output_validator_args: {a: b}\n",
                "output_validator_args: must be a list",
            ),
            ("- a\n", "is not a mapping"),
        ] {
            write(d, "data/secret/3.yaml", text);
            let error = apply_test_yaml(&folder, &mut tests)
                .unwrap_err()
                .to_string();
            assert!(error.contains(message), "{text:?}: {error}");
            assert!(error.contains("data/secret/3.yaml"), "{error}");
        }
    }
}

/// What a case of the format's checks of the validators must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseKind {
    /// `data/invalid_input`: some input validator must reject its `.in`.
    InvalidInput,
    /// `data/invalid_output`: the output validator must reject its `.out`.
    InvalidOutput,
    /// `data/valid_output`: the output validator must accept its `.out`.
    ValidOutput,
    /// `data/invalid_answer` (BAPCtools'): some answer validator must reject its `.ans`.
    InvalidAnswer,
}

impl CaseKind {
    /// Its folder under `data/`.
    pub fn folder(self) -> &'static str {
        match self {
            CaseKind::InvalidInput => "invalid_input",
            CaseKind::InvalidOutput => "invalid_output",
            CaseKind::ValidOutput => "valid_output",
            CaseKind::InvalidAnswer => "invalid_answer",
        }
    }
}

/// A case of the format's checks of the validators.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidatorCase {
    pub kind: CaseKind,
    /// Its name under `data/`: `invalid_input/integers/ints_expected`.
    pub name: String,
    pub input: PathBuf,
    /// The answer and the output an output validator judges (`None` for invalid input).
    pub answer_output: Option<(PathBuf, PathBuf)>,
    /// Its groups' `input_validator_args` (list form; the map form in `input_by_name`).
    pub input_args: Vec<String>,
    pub input_args_by_name: Option<ArgsByName>,
    /// Its groups' `output_validator_args`.
    pub output_args: Vec<String>,
    /// The answer an answer validator judges (`data/invalid_answer`'s cases).
    pub answer: Option<PathBuf>,
    /// Its groups' `answer_validator_args` (list form; the map form in `answer_args_by_name`).
    pub answer_args: Vec<String>,
    pub answer_args_by_name: Option<ArgsByName>,
}

/// The cases of `data/invalid_input`, `data/invalid_output` and `data/valid_output`, each
/// folder's in the order of its entry names, depth-first; a folder missing is no case. A
/// case of an output check needs its `.ans` and `.out` beside its `.in` (an error naming the
/// file missing). Nested folders are groups whose `test_group.yaml` gives arguments.
pub fn read_validator_cases(
    package: &Folder,
    constants: &Constants,
) -> Result<Vec<ValidatorCase>, PackageError> {
    let data = package.root().join("data");
    if package.kind_if_any(&data)? != Some(Kind::Folder) {
        return Ok(Vec::new());
    }
    let root = group_args(package, constants, &data, &GroupArgs::default())?;
    let mut cases = Vec::new();
    for kind in [
        CaseKind::InvalidInput,
        CaseKind::InvalidAnswer,
        CaseKind::InvalidOutput,
        CaseKind::ValidOutput,
    ] {
        let folder = data.join(kind.folder());
        if package.kind_if_any(&folder)? == Some(Kind::Folder) {
            cases_in(
                package, constants, &data, &folder, kind, &root, 2, &mut cases,
            )?;
        }
    }
    Ok(cases)
}

/// Adds the cases of `folder` (and of the folders in it) to `cases`.
#[allow(clippy::too_many_arguments)]
fn cases_in(
    package: &Folder,
    constants: &Constants,
    data: &Path,
    folder: &Path,
    kind: CaseKind,
    parent: &GroupArgs,
    depth: u64,
    cases: &mut Vec<ValidatorCase>,
) -> Result<(), PackageError> {
    GROUP_DEPTH.whole(depth).map_err(|bound| {
        PackageError::invalid(folder, format!("the depth of its groups {bound}"))
    })?;
    let args = group_args(package, constants, folder, parent)?;
    for (name, path) in sorted_entries(folder)? {
        let input_stem = stem(&name, ".in");
        if input_stem.is_none() && !path.is_dir() {
            continue;
        }
        if package.kind(&path)? == Kind::Folder {
            cases_in(
                package,
                constants,
                data,
                &path,
                kind,
                &args,
                depth + 1,
                cases,
            )?;
            continue;
        }
        let Some(stem) = input_stem else { continue };
        let beside = |suffix: &str| -> Result<PathBuf, PackageError> {
            let file = path.with_file_name(with_suffix(stem, suffix));
            if package.kind_if_any(&file)? != Some(Kind::File) {
                let needs = match kind {
                    CaseKind::InvalidAnswer => "its .ans",
                    _ => "its .ans and .out",
                };
                return Err(PackageError::invalid(
                    &path,
                    format!(
                        "has no {}{suffix} beside it (a case of {} needs {needs})",
                        stem.to_string_lossy(),
                        kind.folder()
                    ),
                ));
            }
            Ok(file)
        };
        let (answer_output, answer) = match kind {
            CaseKind::InvalidInput => (None, None),
            CaseKind::InvalidAnswer => (None, Some(beside(".ans")?)),
            CaseKind::InvalidOutput | CaseKind::ValidOutput => {
                (Some((beside(".ans")?, beside(".out")?)), None)
            }
        };
        let relative = path.strip_prefix(data).unwrap_or(&path).with_extension("");
        cases.push(ValidatorCase {
            kind,
            name: relative.to_string_lossy().into_owned(),
            input: path,
            answer_output,
            input_args: args.input.clone(),
            input_args_by_name: args.input_by_name.clone(),
            output_args: args.output.clone(),
            answer,
            answer_args: args.answer.clone(),
            answer_args_by_name: args.answer_by_name.clone(),
        });
    }
    Ok(())
}

/// The `answer_validator_args` of the test named `test` (its path under `data/` without
/// extension, `secret/group1/10`): its groups' settings, from `data/` down (list form; the
/// map form second).
pub fn answer_args(
    package: &Folder,
    constants: &Constants,
    test: &str,
) -> Result<(Vec<String>, Option<ArgsByName>), PackageError> {
    let args = args_of(package, constants, test)?;
    Ok((args.answer, args.answer_by_name))
}

/// The arguments a test's groups give the submission and the visualizers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunArgs {
    /// `args`: the submission's.
    pub submission: Vec<String>,
    /// `input_visualizer_args`.
    pub input_visualizer: Vec<String>,
    /// `output_visualizer_args`.
    pub output_visualizer: Vec<String>,
}

/// The `args` (the submission's arguments) and the visualizers' arguments of the test named
/// `test` (see [`answer_args`]), before its own `<name>.yaml`.
pub fn run_args(
    package: &Folder,
    constants: &Constants,
    test: &str,
) -> Result<RunArgs, PackageError> {
    let args = args_of(package, constants, test)?;
    Ok(RunArgs {
        submission: args.submission,
        input_visualizer: args.input_visualizer,
        output_visualizer: args.output_visualizer,
    })
}

/// The settings of the groups of the test named `test`, from `data/` down.
fn args_of(package: &Folder, constants: &Constants, test: &str) -> Result<GroupArgs, PackageError> {
    let mut folder = package.root().join("data");
    let mut args = group_args(package, constants, &folder, &GroupArgs::default())?;
    let groups: Vec<&str> = test.split('/').collect();
    for group in &groups[..groups.len().saturating_sub(1)] {
        folder.push(group);
        args = group_args(package, constants, &folder, &args)?;
    }
    Ok(args)
}
