//! The group tree of a Kattis package, read from its `data/` folder.
//!
//! Legacy packages (and 2023-07 packages without any `test_group.yaml`, as problemtools reads
//! them): every folder under `data/` is a group, its entries taken in byte order of their
//! names, a test case being `NAME.ans` with `NAME.in` beside it. A group's `testdata.yaml`
//! gives its settings; a key it leaves out is its parent's, and problemtools' defaults at the
//! root (`on_reject: break`, `grading: default`, `grader_flags: ''`, `accept_score: 1`,
//! `reject_score: 0`, `range: -inf +inf`, no validator flags). problem.yaml's legacy
//! `grading:` keys (`accept_score`, `reject_score`, `range`, `on_reject: first_error|grade`)
//! override every group's, as problemtools lets them during its transition period, and its
//! `validator_flags` come before each group's `output_validator_flags`.
//!
//! 2023-07 packages with `test_group.yaml`: only `sample` and `secret` (and `secret`'s
//! sub-folders) are groups. `scoring` is not inherited: `aggregation` is `sum` in `secret`
//! and `pass-fail` below it, `score` is 100 in `secret` and otherwise inferred from the
//! parent's (the parent's maximum under `min`; under `sum`, what the siblings with a `score`
//! leave, shared evenly among the test cases and the sub-groups without one). The validator
//! arguments (`input_validator_args`, `output_validator_args`) are inherited. The samples are
//! judged but worth nothing. problemtools does not read `test_group.yaml` at all (see the
//! module note of [`super`]).
//!
//! 2025-09 packages: the same rules with the final keys at the top of `test_group.yaml`
//! (`max_score`, `score_aggregation`, `require_pass`, `static_validation_score`), and groups
//! only one level deep: the folders of `data/secret/` that hold a `test_group.yaml` (then
//! every folder there must, and no test case may lie directly in `secret/`); any other folder
//! is a folder of test cases of the group (or of `secret`) it is in. A group's `max_score` is
//! unbounded unless it says, so under a bounded `secret` every group must give one. A sum
//! group's test cases share its `max_score` less its `static_validation_score`, which is the
//! worth of the group's static validation test case: a child of its own, first in the group
//! (`TestCase::static_validation`, named `GROUP/[static]`), which the engine runs through the
//! static validator. `require_pass` names `sample`
//! or an earlier group with pass-fail aggregation (`secret` only `sample`); it is checked
//! here, and kept in the tree for grading.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use yaml_serde::Value;

use super::{
    ArgsByName, Child, Format, GraderFlags, Group, GroupTree, OnReject, Rule, ScoreRange,
    ScoringError, Settings, SpecAggregation, SpecScoring, TestCase, STATIC_CASE,
};
use crate::bounds::{GROUPS, GROUP_DEPTH, SCORE};
use crate::constants::Constants;
use crate::files::{Cap, Folder, Kind};

/// What problem.yaml says that grading needs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PackageFacts {
    pub format: Option<Format>,
    /// `type: scoring` (or a list holding `scoring`).
    pub scoring: bool,
    /// The legacy `grading:` overrides, each with problem.yaml's path.
    pub accept_score: Option<f64>,
    pub reject_score: Option<f64>,
    pub range: Option<ScoreRange>,
    pub on_reject: Option<OnReject>,
    /// The legacy `validator_flags`.
    pub validator_flags: Vec<String>,
    /// The legacy `validation: custom score` (problemtools: every accepted test must have a
    /// `score.txt`).
    pub score_required: bool,
    /// problem.yaml's `constants`, written into each `test_group.yaml` before it is read.
    pub constants: Constants,
    /// The problem.yaml these came from.
    pub file: PathBuf,
}

impl PackageFacts {
    /// Reads the keys grading needs from problem.yaml's text (`file` names it in errors).
    pub fn from_problem_yaml(file: &Path, text: &str) -> Result<PackageFacts, ScoringError> {
        let value: Value = if text.trim().is_empty() {
            Value::Null
        } else {
            yaml_serde::from_str(text).map_err(|e| ScoringError::invalid(file, e.to_string()))?
        };
        let mut facts = PackageFacts {
            file: file.to_path_buf(),
            ..PackageFacts::default()
        };
        facts.format = Some(match value.get("problem_format_version") {
            None | Some(Value::Null) => Format::KattisLegacy,
            Some(Value::String(v)) if v == "legacy" => Format::KattisLegacy,
            Some(Value::String(v)) if v.starts_with("2023-07") => Format::Kattis2023,
            Some(Value::String(v)) if v == "2025-09" || v == "2025-09-draft" => Format::Kattis2025,
            Some(other) => {
                return Err(ScoringError::invalid(
                    file,
                    format!(
                        "problem_format_version: {} is not a version judge grades groups of \
                         (legacy, 2023-07, 2025-09)",
                        show(other)
                    ),
                ))
            }
        });
        facts.constants = Constants::of(value.get("constants"));
        facts.scoring = match value.get("type") {
            Some(Value::String(kind)) => kind.split_whitespace().any(|k| k == "scoring"),
            Some(Value::Sequence(kinds)) => kinds.iter().any(|k| k.as_str() == Some("scoring")),
            _ => false,
        };
        let validation = value
            .get("validation")
            .and_then(Value::as_str)
            .unwrap_or("");
        let validation: Vec<&str> = validation.split_whitespace().collect();
        facts.score_required =
            validation.first() == Some(&"custom") && validation.contains(&"score");
        if let Some(flags) = value.get("validator_flags") {
            facts.validator_flags = words(flags)
                .ok_or_else(|| ScoringError::invalid(file, "validator_flags: must be a string"))?;
        }
        if let Some(grading) = value.get("grading").filter(|g| !g.is_null()) {
            if !grading.is_mapping() {
                return Err(ScoringError::invalid(
                    file,
                    "grading: must be a mapping of keys",
                ));
            }
            facts.accept_score =
                optional_score(file, grading, "grading.accept_score", "accept_score")?;
            facts.reject_score =
                optional_score(file, grading, "grading.reject_score", "reject_score")?;
            if let Some(range) = grading.get("range").filter(|r| !r.is_null()) {
                facts.range = Some(parse_range(file, "grading.range", range)?);
            }
            facts.on_reject = match grading.get("on_reject").and_then(Value::as_str) {
                None => None,
                Some("first_error") => Some(OnReject::Break),
                Some("grade") => Some(OnReject::Continue),
                Some("worst_error") => None,
                Some(other) => {
                    return Err(ScoringError::invalid(
                        file,
                        format!(
                            "grading.on_reject: {other:?} is not first_error, worst_error or grade"
                        ),
                    ))
                }
            };
        }
        Ok(facts)
    }
}

fn optional_score(
    file: &Path,
    map: &Value,
    key: &str,
    name: &str,
) -> Result<Option<f64>, ScoringError> {
    match map.get(name).filter(|v| !v.is_null()) {
        None => Ok(None),
        Some(value) => parse_score(file, key, value).map(Some),
    }
}

/// A value as a message quotes it.
fn show(value: &Value) -> String {
    yaml_serde::to_string(value)
        .map(|s| s.trim().chars().take(60).collect())
        .unwrap_or_else(|_| "?".into())
}

/// The words of a string (split on whitespace) or a list of strings.
fn words(value: &Value) -> Option<Vec<String>> {
    match value {
        Value::Null => Some(Vec::new()),
        Value::String(text) => Some(text.split_whitespace().map(String::from).collect()),
        Value::Sequence(items) => items
            .iter()
            .map(|item| match item {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn parse_score(file: &Path, key: &str, value: &Value) -> Result<f64, ScoringError> {
    let score = number(value).ok_or_else(|| {
        ScoringError::invalid(
            file,
            format!("{key}: must be a number, found {}", show(value)),
        )
    })?;
    SCORE
        .real(score)
        .map_err(|bound| ScoringError::OutOfBounds {
            file: file.to_path_buf(),
            key: key.to_string(),
            bound,
        })
}

/// `range`: two numbers (`-inf`, `+inf`, `inf` allowed), the least first.
fn parse_range(file: &Path, key: &str, value: &Value) -> Result<ScoreRange, ScoringError> {
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Sequence(_) => words(value).unwrap_or_default().join(" "),
        _ => String::new(),
    };
    let bad = || {
        ScoringError::invalid(
            file,
            format!(
                "{key}: must be two numbers, the least first ('0 100'), found {}",
                show(value)
            ),
        )
    };
    let ends: Vec<f64> = text
        .split_whitespace()
        .map(|w| w.parse::<f64>().ok().filter(|x| !x.is_nan()))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    let [min, max] = ends[..] else {
        return Err(bad());
    };
    if min > max {
        return Err(bad());
    }
    for end in [min, max].into_iter().filter(|x| x.is_finite()) {
        SCORE.real(end).map_err(|bound| ScoringError::OutOfBounds {
            file: file.to_path_buf(),
            key: key.to_string(),
            bound,
        })?;
    }
    Ok(ScoreRange { min, max })
}

/// Reads the group tree of the package in `package` (its problem.yaml already read into
/// `facts`).
pub fn read(package: &Folder, facts: &PackageFacts) -> Result<GroupTree, ScoringError> {
    let data = package.root().join("data");
    if package.kind_if_any(&data)? != Some(Kind::Folder) {
        return Err(ScoringError::invalid(
            &data,
            "is missing: a package keeps its tests there",
        ));
    }
    let format = facts.format.unwrap_or(Format::KattisLegacy);
    let mut walk = Walk {
        package,
        data: &data,
        facts,
        open: Vec::new(),
        groups: 0,
    };
    if format == Format::Kattis2025 {
        return Ok(GroupTree {
            format,
            scoring: facts.scoring,
            score_required: false,
            root: walk.final_root()?,
        });
    }
    let spec = format == Format::Kattis2023 && walk.has_test_group_yaml(&data, 0)?;
    let root = if spec {
        walk.spec_root()?
    } else {
        walk.legacy_group(&data, &Inherited::default(), 1)?
    };
    Ok(GroupTree {
        format: if spec { Format::Kattis2023 } else { format },
        scoring: facts.scoring,
        score_required: facts.score_required && format == Format::KattisLegacy,
        root,
    })
}

/// The settings a legacy group passes down: each key's value and the file that set it.
#[derive(Debug, Clone, Default)]
struct Inherited(BTreeMap<String, (Value, PathBuf)>);

struct Walk<'a> {
    package: &'a Folder,
    data: &'a Path,
    facts: &'a PackageFacts,
    /// The groups being walked (device, inode), outermost first: a link back to one of them
    /// would never end.
    open: Vec<(u64, u64)>,
    groups: u64,
}

/// The text of a group's settings file `file` as it is read: a `test_group.yaml`'s with
/// problem.yaml's `constants` written in, as the 2025-09 format lists it among the files
/// they are written into; a legacy `testdata.yaml`'s as it is.
pub fn group_settings_text(file: &Path, text: &str, constants: &Constants) -> String {
    match file.file_name() == Some(OsStr::new("test_group.yaml")) && !constants.is_empty() {
        true => constants.substitute(text),
        false => text.to_string(),
    }
}

/// The keys of a legacy `testdata.yaml` judge reads (others are left alone, as problemtools
/// leaves them).
const LEGACY_KEYS: [&str; 8] = [
    "on_reject",
    "grading",
    "grader_flags",
    "accept_score",
    "reject_score",
    "range",
    "input_validator_flags",
    "output_validator_flags",
];

impl Walk<'_> {
    fn path_of(&self, folder: &Path) -> String {
        let relative = folder.strip_prefix(self.data).unwrap_or(folder);
        relative.to_string_lossy().into_owned()
    }

    /// Counts one more group and one more level, within their bounds.
    fn enter(&mut self, folder: &Path, depth: u64) -> Result<(), ScoringError> {
        self.groups += 1;
        let too_many = |bound, key: &str| ScoringError::OutOfBounds {
            file: folder.to_path_buf(),
            key: key.to_string(),
            bound,
        };
        GROUP_DEPTH
            .whole(depth)
            .map_err(|b| too_many(b, "the depth of its groups"))?;
        GROUPS
            .whole(self.groups)
            .map_err(|b| too_many(b, "the number of groups"))?;
        let meta = std::fs::metadata(folder)
            .map_err(|e| ScoringError::invalid(folder, format!("cannot be read: {e}")))?;
        let identity = (meta.dev(), meta.ino());
        if self.open.contains(&identity) {
            return Err(ScoringError::invalid(
                folder,
                "is a link to a group that holds it: its tests would never end",
            ));
        }
        self.open.push(identity);
        Ok(())
    }

    /// The entries of `folder` in byte order of their names.
    fn entries(&self, folder: &Path) -> Result<Vec<(OsString, PathBuf)>, ScoringError> {
        crate::files::sorted_entries(folder)
            .map_err(|e| ScoringError::invalid(folder, format!("cannot be read: {e}")))
    }

    /// The mapping of a settings file, `None` where there is none (or it is empty).
    fn settings_file(&self, file: &Path) -> Result<Option<Value>, ScoringError> {
        if self.package.kind_if_any(file)?.is_none() {
            return Ok(None);
        }
        let text = self.package.read_text(file, Cap::CONFIG)?;
        let text = group_settings_text(file, &text, &self.facts.constants);
        if text.trim().is_empty() {
            return Ok(None);
        }
        let value: Value =
            yaml_serde::from_str(&text).map_err(|e| ScoringError::invalid(file, e.to_string()))?;
        match value {
            Value::Null => Ok(None),
            Value::Mapping(_) => Ok(Some(value)),
            _ => Err(ScoringError::invalid(file, "is not a mapping of keys")),
        }
    }

    /// The children of `folder`: sub-folders as groups (made by `group`) and test cases.
    fn children(
        &mut self,
        folder: &Path,
        include_folder: &dyn Fn(&Path) -> bool,
        group: &mut dyn FnMut(&mut Self, &Path) -> Result<Group, ScoringError>,
    ) -> Result<Vec<Child>, ScoringError> {
        let mut children = Vec::new();
        for (name, path) in self.entries(folder)? {
            let bytes = name.as_bytes();
            let is_answer = bytes.ends_with(b".ans");
            if !is_answer && !bytes.ends_with(b".in") && !path.is_dir() {
                continue;
            }
            match self.package.kind(&path)? {
                Kind::Folder if include_folder(&path) => {
                    children.push(Child::Group(group(self, &path)?))
                }
                Kind::Folder => {}
                Kind::File if is_answer => {
                    let input = path.with_extension("in");
                    if self.package.kind_if_any(&input)? == Some(Kind::File) {
                        let stem = path.with_extension("");
                        children.push(Child::Test(TestCase::of_data(self.path_of(&stem), None)));
                    }
                }
                Kind::File => {}
            }
        }
        Ok(children)
    }

    fn legacy_group(
        &mut self,
        folder: &Path,
        parent: &Inherited,
        depth: u64,
    ) -> Result<Group, ScoringError> {
        self.enter(folder, depth)?;
        let file = folder.join("testdata.yaml");
        let mut merged = parent.clone();
        if let Some(own) = self.settings_file(&file)? {
            for key in LEGACY_KEYS {
                if let Some(value) = own.get(key) {
                    merged
                        .0
                        .insert(key.to_string(), (value.clone(), file.clone()));
                }
            }
        }
        let (settings, origins) = self.legacy_settings(&merged)?;
        let children = self.children(folder, &|_| true, &mut |walk, sub| {
            walk.legacy_group(sub, &merged, depth + 1)
        })?;
        self.open.pop();
        Ok(Group {
            path: self.path_of(folder),
            settings,
            origins,
            children,
        })
    }

    /// A legacy group's settings from its merged keys, problem.yaml's overrides and
    /// problemtools' defaults.
    fn legacy_settings(
        &self,
        merged: &Inherited,
    ) -> Result<(Settings, BTreeMap<String, Option<PathBuf>>), ScoringError> {
        let facts = self.facts;
        let mut origins = BTreeMap::new();
        let mut get = |key: &str| -> Option<(&Value, &PathBuf)> {
            let found = merged.0.get(key).map(|(v, f)| (v, f));
            origins.insert(key.to_string(), found.map(|(_, f)| f.clone()));
            found
        };
        let grading = match get("grading") {
            None => "default".to_string(),
            Some((value, file)) => match value.as_str() {
                Some(g @ ("default" | "custom")) => g.to_string(),
                _ => {
                    return Err(ScoringError::invalid(
                        file,
                        format!("grading: must be default or custom, found {}", show(value)),
                    ))
                }
            },
        };
        let grader_flags = match get("grader_flags") {
            None => Vec::new(),
            Some((value, file)) => words(value).ok_or_else(|| {
                ScoringError::invalid(file, "grader_flags: must be a string of flags")
            })?,
        };
        let rule = if grading == "custom" {
            Rule::Custom {
                flags: grader_flags,
            }
        } else {
            Rule::Default(GraderFlags::parse(&grader_flags).0)
        };
        let score = |found: Option<(&Value, &PathBuf)>, key: &str, default: f64| match found {
            None => Ok(default),
            Some((value, file)) => parse_score(file, key, value),
        };
        let accept_score = score(get("accept_score"), "accept_score", 1.0)?;
        let reject_score = score(get("reject_score"), "reject_score", 0.0)?;
        let range = match get("range") {
            None => ScoreRange::ANY,
            Some((value, file)) => parse_range(file, "range", value)?,
        };
        let on_reject = match get("on_reject") {
            None => OnReject::Break,
            Some((value, file)) => match value.as_str() {
                Some("break") => OnReject::Break,
                Some("continue") => OnReject::Continue,
                _ => {
                    return Err(ScoringError::invalid(
                        file,
                        format!(
                            "on_reject: must be break or continue, found {}",
                            show(value)
                        ),
                    ))
                }
            },
        };
        let flags = |found: Option<(&Value, &PathBuf)>, key: &str| match found {
            None => Ok(Vec::new()),
            Some((value, file)) => words(value).ok_or_else(|| {
                ScoringError::invalid(
                    file,
                    format!("{key}: must be a string or a list of strings"),
                )
            }),
        };
        let input_validator_flags = flags(get("input_validator_flags"), "input_validator_flags")?;
        let mut output_validator_flags = facts.validator_flags.clone();
        output_validator_flags.extend(flags(
            get("output_validator_flags"),
            "output_validator_flags",
        )?);
        let mut settings = Settings {
            rule,
            on_reject,
            accept_score,
            reject_score,
            range,
            input_validator_flags,
            input_validator_args_by_name: None,
            output_validator_flags,
        };
        // problem.yaml's legacy grading keys win over every group's.
        let from_yaml = Some(facts.file.clone());
        if let Some(value) = facts.accept_score {
            settings.accept_score = value;
            origins.insert("accept_score".into(), from_yaml.clone());
        }
        if let Some(value) = facts.reject_score {
            settings.reject_score = value;
            origins.insert("reject_score".into(), from_yaml.clone());
        }
        if let Some(value) = facts.range {
            settings.range = value;
            origins.insert("range".into(), from_yaml.clone());
        }
        if let Some(value) = facts.on_reject {
            settings.on_reject = value;
            origins.insert("on_reject".into(), from_yaml);
        }
        Ok((settings, origins))
    }

    /// Whether any folder under `folder` holds a `test_group.yaml`.
    fn has_test_group_yaml(&mut self, folder: &Path, depth: u64) -> Result<bool, ScoringError> {
        if self
            .package
            .kind_if_any(&folder.join("test_group.yaml"))?
            .is_some()
        {
            return Ok(true);
        }
        if GROUP_DEPTH.whole(depth + 1).is_err() {
            return Ok(false);
        }
        for (_, path) in self.entries(folder)? {
            if path.is_dir() && self.has_test_group_yaml(&path, depth + 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The root of a 2023-07 tree: `sample` (worth nothing) and `secret`.
    fn spec_root(&mut self) -> Result<Group, ScoringError> {
        let data = self.data.to_path_buf();
        self.enter(&data, 1)?;
        let root_file = data.join("test_group.yaml");
        let root_args = self.spec_args(&root_file, &SpecArgs::default(), false)?;
        let mut children = Vec::new();
        for (name, max) in [("sample", Some(0.0)), ("secret", None)] {
            let folder = data.join(name);
            if self.package.kind_if_any(&folder)? == Some(Kind::Folder) {
                let aggregation = if name == "sample" {
                    Some(SpecAggregation::PassFail)
                } else {
                    None
                };
                let group =
                    self.spec_group(&folder, &root_args, max, aggregation, 2, name == "secret")?;
                children.push(Child::Group(group));
            }
        }
        self.open.pop();
        Ok(root_group(children, &root_args))
    }

    /// A 2023-07 group: `inferred` is the maximum score its parent gives it (`None`:
    /// unbounded, or none where the parent is pass-fail), `aggregation` the default of its own.
    fn spec_group(
        &mut self,
        folder: &Path,
        parent: &SpecArgs,
        inferred: Option<f64>,
        default_aggregation: Option<SpecAggregation>,
        depth: u64,
        is_secret: bool,
    ) -> Result<Group, ScoringError> {
        self.enter(folder, depth)?;
        let file = folder.join("test_group.yaml");
        let args = self.spec_args(&file, parent, true)?;
        let mut origins = args.origins.clone();
        let aggregation = match &args.aggregation {
            Some(a) => *a,
            None => default_aggregation.unwrap_or(if is_secret {
                SpecAggregation::Sum
            } else {
                SpecAggregation::PassFail
            }),
        };
        let max_score = match args.score {
            Some(Some(score)) => Some(score),
            Some(None) => None,
            None if is_secret => Some(100.0),
            None => inferred,
        };
        for key in ["scoring.aggregation", "scoring.score"] {
            origins.entry(key.to_string()).or_insert(None);
        }
        // Children first with no maximum, then their maxima inferred.
        let mut children = self.children(folder, &|_| true, &mut |walk, sub| {
            walk.spec_group(sub, &args, None, None, depth + 1, false)
        })?;
        let explicit = |child: &Child| match child {
            Child::Group(g) => g
                .origins
                .get("scoring.score")
                .cloned()
                .flatten()
                .map(|_| ()),
            Child::Test(_) => None,
        };
        let share = match (aggregation, max_score) {
            (SpecAggregation::PassFail, _) | (_, None) => None,
            (SpecAggregation::Min, Some(max)) => Some(max),
            (SpecAggregation::Sum, Some(max)) => {
                let given: f64 = children
                    .iter()
                    .filter(|c| explicit(c).is_some())
                    .filter_map(|c| match c {
                        Child::Group(g) => super::aggregate::max_score(g),
                        Child::Test(_) => None,
                    })
                    .sum();
                if given > max {
                    return Err(ScoringError::invalid(
                        &file,
                        format!(
                            "scoring.score: the sub-groups' scores add up to {given}, more than \
                             the group's {max}"
                        ),
                    ));
                }
                let shares = children.iter().filter(|c| explicit(c).is_none()).count();
                (shares > 0).then(|| (max - given) / shares as f64)
            }
        };
        for child in &mut children {
            let is_explicit = explicit(child).is_some();
            match child {
                Child::Test(test) => test.max_score = share,
                Child::Group(group) if !is_explicit => set_max(group, share),
                Child::Group(_) => {}
            }
        }
        self.open.pop();
        Ok(Group {
            path: self.path_of(folder),
            settings: spec_settings(
                SpecScoring {
                    aggregation,
                    max_score,
                    require_pass: args.require_pass.clone(),
                },
                &args,
            ),
            origins,
            children,
        })
    }

    /// A `test_group.yaml`'s keys over the inherited ones.
    fn spec_args(
        &self,
        file: &Path,
        parent: &SpecArgs,
        scoring_allowed: bool,
    ) -> Result<SpecArgs, ScoringError> {
        let mut args = SpecArgs::inherited_from(parent);
        let Some(value) = self.settings_file(file)? else {
            return Ok(args);
        };
        let Value::Mapping(map) = &value else {
            unreachable!("settings_file gives mappings")
        };
        for (key, item) in map {
            let key = key.as_str().unwrap_or("");
            let here = Some(file.to_path_buf());
            match key {
                "input_validator_args" => {
                    (args.input, args.input_by_name) = input_validator_args(file, item)?;
                    args.origins.insert(key.to_string(), here);
                }
                "output_validator_args" => {
                    args.output = words(item).ok_or_else(|| {
                        ScoringError::invalid(file, format!("{key}: must be a list of strings"))
                    })?;
                    args.origins.insert(key.to_string(), here);
                }
                "scoring" if scoring_allowed => {
                    let Value::Mapping(scoring) = item else {
                        return Err(ScoringError::invalid(
                            file,
                            "scoring: must be a mapping of keys",
                        ));
                    };
                    for (name, v) in scoring {
                        match name.as_str().unwrap_or("") {
                            "score" => {
                                args.score = Some(match v {
                                    Value::String(s) if s == "unbounded" => None,
                                    _ => Some(parse_score(file, "scoring.score", v)?),
                                });
                                if args.score.flatten().is_some_and(|s| s < 0.0) {
                                    return Err(ScoringError::invalid(
                                        file,
                                        "scoring.score: must not be negative",
                                    ));
                                }
                                args.origins.insert("scoring.score".into(), here.clone());
                            }
                            "aggregation" => {
                                args.aggregation = Some(match v.as_str() {
                                    Some("pass-fail") => SpecAggregation::PassFail,
                                    Some("sum") => SpecAggregation::Sum,
                                    Some("min") => SpecAggregation::Min,
                                    _ => {
                                        return Err(ScoringError::invalid(
                                            file,
                                            format!(
                                                "scoring.aggregation: must be pass-fail, sum or \
                                                 min, found {}",
                                                show(v)
                                            ),
                                        ))
                                    }
                                });
                                args.origins
                                    .insert("scoring.aggregation".into(), here.clone());
                            }
                            "require_pass" => {
                                args.require_pass = words(v).ok_or_else(|| {
                                    ScoringError::invalid(
                                        file,
                                        "scoring.require_pass: must be a string or a list of strings",
                                    )
                                })?;
                                args.origins
                                    .insert("scoring.require_pass".into(), here.clone());
                            }
                            other => {
                                return Err(ScoringError::invalid(
                                    file,
                                    format!("scoring.{other}: is not a key of scoring"),
                                ))
                            }
                        }
                    }
                }
                "scoring" => {
                    return Err(ScoringError::invalid(
                        file,
                        "scoring: is only for secret and its sub-groups",
                    ))
                }
                "static_validation" | "full_feedback" | "hint" | "description" => {}
                other => {
                    return Err(ScoringError::invalid(
                        file,
                        format!("{other}: is not a key of test_group.yaml"),
                    ))
                }
            }
        }
        Ok(args)
    }
}

impl Walk<'_> {
    /// The root of a 2025-09 tree: `sample` (pass-fail, worth nothing) and `secret`.
    fn final_root(&mut self) -> Result<Group, ScoringError> {
        let data = self.data.to_path_buf();
        self.enter(&data, 1)?;
        let root_args = self.final_args(
            &data.join("test_group.yaml"),
            &SpecArgs::default(),
            Place::Data,
        )?;
        let mut children = Vec::new();
        let sample = data.join("sample");
        if self.package.kind_if_any(&sample)? == Some(Kind::Folder) {
            self.enter(&sample, 2)?;
            let file = sample.join("test_group.yaml");
            let args = self.final_args(&file, &root_args, Place::Sample)?;
            let mut tests = self.flat_tests(&sample, &sample, 2)?;
            let path = self.path_of(&sample);
            tests.splice(0..0, static_case(&path, &args));
            self.open.pop();
            children.push(Child::Group(Group {
                path,
                settings: spec_settings(
                    SpecScoring {
                        aggregation: SpecAggregation::PassFail,
                        max_score: Some(0.0),
                        require_pass: Vec::new(),
                    },
                    &args,
                ),
                origins: args.origins.clone(),
                children: tests,
            }));
        }
        let secret = data.join("secret");
        if self.package.kind_if_any(&secret)? == Some(Kind::Folder) {
            children.push(Child::Group(self.final_secret(&secret, &root_args)?));
        }
        self.open.pop();
        Ok(root_group(children, &root_args))
    }

    /// `data/secret` of a 2025-09 package: its groups, or its test cases.
    fn final_secret(&mut self, secret: &Path, parent: &SpecArgs) -> Result<Group, ScoringError> {
        self.enter(secret, 2)?;
        let file = secret.join("test_group.yaml");
        let args = self.final_args(&file, parent, Place::Secret)?;
        let aggregation = args.aggregation.unwrap_or(SpecAggregation::Sum);
        let max_score = match args.score {
            Some(score) => score,
            None => Some(100.0),
        };
        // Groups: the folders with a test_group.yaml.
        let mut groups = Vec::new();
        let mut loose = Vec::new();
        for (name, path) in self.entries(secret)? {
            if self.package.kind_if_any(&path)? == Some(Kind::Folder) {
                let is_group = self
                    .package
                    .kind_if_any(&path.join("test_group.yaml"))?
                    .is_some();
                if is_group {
                    groups.push(path);
                } else {
                    loose.push(path);
                }
            } else if name.as_bytes().ends_with(b".in") {
                loose.push(path);
            }
        }
        let children = if groups.is_empty() {
            let mut tests = self.flat_tests(secret, secret, 2)?;
            self.share(&mut tests, aggregation, max_score, args.static_score, &file)?;
            tests
        } else {
            if let Some(other) = loose.first() {
                return Err(ScoringError::invalid(
                    other,
                    format!(
                        "is beside the test data groups of {}: once a folder there has a \
                         test_group.yaml, every entry of secret/ must be a group (a folder with \
                         one)",
                        secret.display()
                    ),
                ));
            }
            let mut children = Vec::new();
            for path in groups {
                children.push(Child::Group(self.final_group(
                    &path,
                    &args,
                    max_score,
                    aggregation,
                )?));
            }
            self.check_group_scores(&children, aggregation, max_score, &file)?;
            let groups: Vec<(String, SpecAggregation)> = children
                .iter()
                .filter_map(|c| match c {
                    Child::Group(g) => match &g.settings.rule {
                        Rule::Spec(spec) => Some((g.path.clone(), spec.aggregation)),
                        _ => None,
                    },
                    Child::Test(_) => None,
                })
                .collect();
            for child in &children {
                if let Child::Group(g) = child {
                    if let Rule::Spec(spec) = &g.settings.rule {
                        let file = self.data.join(&g.path).join("test_group.yaml");
                        self.check_require_pass(&file, &spec.require_pass, &g.path, &groups)?;
                    }
                }
            }
            children
        };
        self.check_require_pass(&file, &args.require_pass, "secret", &[])?;
        let path = self.path_of(secret);
        let mut children = children;
        children.splice(0..0, static_case(&path, &args));
        self.open.pop();
        Ok(Group {
            path,
            settings: spec_settings(
                SpecScoring {
                    aggregation,
                    max_score,
                    require_pass: args.require_pass.clone(),
                },
                &args,
            ),
            origins: args.origins.clone(),
            children,
        })
    }

    /// A test data group of a 2025-09 package (a folder of `secret/` with a test_group.yaml).
    fn final_group(
        &mut self,
        folder: &Path,
        parent: &SpecArgs,
        secret_max: Option<f64>,
        secret_aggregation: SpecAggregation,
    ) -> Result<Group, ScoringError> {
        self.enter(folder, 3)?;
        let file = folder.join("test_group.yaml");
        let args = self.final_args(&file, parent, Place::Group)?;
        let aggregation = args.aggregation.unwrap_or(SpecAggregation::PassFail);
        if secret_aggregation == SpecAggregation::PassFail
            && aggregation != SpecAggregation::PassFail
        {
            return Err(ScoringError::invalid(
                &file,
                "score_aggregation: must be pass-fail, as secret's is",
            ));
        }
        let max_score = match args.score {
            Some(score) => score,
            None if secret_max.is_some() => {
                return Err(ScoringError::invalid(
                    &file,
                    "max_score: must be given: a group's maximum score is unbounded unless it \
                     says, and secret's is bounded",
                ))
            }
            None => None,
        };
        if max_score.is_none() && aggregation == SpecAggregation::PassFail {
            return Err(ScoringError::invalid(
                &file,
                "max_score: a pass-fail group must have a bounded maximum score",
            ));
        }
        let mut tests = self.flat_tests(folder, folder, 3)?;
        if tests.is_empty() && args.static_score.is_none() {
            return Err(ScoringError::invalid(
                folder,
                "is a test data group without test cases",
            ));
        }
        self.share(&mut tests, aggregation, max_score, args.static_score, &file)?;
        let path = self.path_of(folder);
        tests.splice(0..0, static_case(&path, &args));
        self.open.pop();
        Ok(Group {
            path,
            settings: spec_settings(
                SpecScoring {
                    aggregation,
                    max_score,
                    require_pass: args.require_pass.clone(),
                },
                &args,
            ),
            origins: args.origins.clone(),
            children: tests,
        })
    }

    /// Gives the test cases of a group their maximum scores: under `sum` its maximum less its
    /// static validation score, shared evenly; under `min` its maximum; none under pass-fail.
    fn share(
        &self,
        tests: &mut [Child],
        aggregation: SpecAggregation,
        max_score: Option<f64>,
        static_score: Option<StaticScore>,
        file: &Path,
    ) -> Result<(), ScoringError> {
        let static_points = match static_score {
            Some(StaticScore::Points(points)) => points,
            _ => 0.0,
        };
        if let Some(max) = max_score {
            if static_points > max {
                return Err(ScoringError::invalid(
                    file,
                    format!(
                        "static_validation_score: {static_points} is more than max_score {max}"
                    ),
                ));
            }
        }
        let share = match (aggregation, max_score) {
            (SpecAggregation::PassFail, _) | (_, None) => None,
            (SpecAggregation::Min, Some(max)) => Some(max),
            (SpecAggregation::Sum, Some(max)) => {
                (!tests.is_empty()).then(|| (max - static_points) / tests.len() as f64)
            }
        };
        for child in tests {
            if let Child::Test(test) = child {
                test.max_score = share;
            }
        }
        Ok(())
    }

    /// The groups' maximum scores against secret's.
    fn check_group_scores(
        &self,
        groups: &[Child],
        aggregation: SpecAggregation,
        max_score: Option<f64>,
        file: &Path,
    ) -> Result<(), ScoringError> {
        let Some(max) = max_score else {
            return Ok(());
        };
        if aggregation != SpecAggregation::Sum {
            return Ok(());
        }
        let given: f64 = groups
            .iter()
            .filter_map(|c| match c {
                Child::Group(g) => super::aggregate::max_score(g),
                Child::Test(_) => None,
            })
            .sum();
        if given > max + 1e-9 {
            return Err(ScoringError::invalid(
                file,
                format!(
                    "max_score: the groups' maximum scores add up to {given}, more than secret's \
                     {max}"
                ),
            ));
        }
        Ok(())
    }

    /// `require_pass` of the group `own` (`secret`, or `secret/NAME`): each entry `sample`
    /// or an earlier group of `earlier`.
    fn check_require_pass(
        &self,
        file: &Path,
        require: &[String],
        own: &str,
        earlier: &[(String, SpecAggregation)],
    ) -> Result<(), ScoringError> {
        for name in require {
            if name == "sample" {
                continue;
            }
            let found = earlier.iter().find(|(path, _)| path == name);
            match found {
                Some((_, SpecAggregation::PassFail)) if name.as_str() < own => {}
                Some((_, SpecAggregation::PassFail)) => {
                    return Err(ScoringError::invalid(
                        file,
                        format!("require_pass: {name} does not come before {own}"),
                    ))
                }
                Some(_) => {
                    return Err(ScoringError::invalid(
                        file,
                        format!("require_pass: {name} must have pass-fail aggregation"),
                    ))
                }
                None => {
                    return Err(ScoringError::invalid(
                        file,
                        format!(
                            "require_pass: {name} is not sample or an earlier test data group \
                             of secret"
                        ),
                    ))
                }
            }
        }
        Ok(())
    }

    /// The test cases under `folder` (and its sub-folders, which are not groups), in the order
    /// of their names; a test_group.yaml below `group` is an error (groups do not nest).
    fn flat_tests(
        &mut self,
        folder: &Path,
        group: &Path,
        depth: u64,
    ) -> Result<Vec<Child>, ScoringError> {
        let mut tests = Vec::new();
        for (_, path) in self.entries(folder)? {
            if self.package.kind_if_any(&path)? == Some(Kind::Folder) {
                let nested = path.join("test_group.yaml");
                if self.package.kind_if_any(&nested)?.is_some() {
                    return Err(ScoringError::invalid(
                        &nested,
                        format!(
                            "makes a group inside {}: in the 2025-09 format groups are the \
                             folders of data/secret/ and do not nest",
                            group.display()
                        ),
                    ));
                }
                self.enter(&path, depth + 1)?;
                self.groups -= 1;
                tests.extend(self.flat_tests(&path, group, depth + 1)?);
                self.open.pop();
            }
        }
        let mut own = self.children(folder, &|_| false, &mut |_, _| unreachable!())?;
        own.append(&mut tests);
        own.sort_by(|a, b| child_path(a).cmp(child_path(b)));
        Ok(own)
    }

    /// A 2025-09 `test_group.yaml`'s keys over the inherited ones (only the arguments are
    /// inherited); `place` says which keys it may have.
    fn final_args(
        &self,
        file: &Path,
        parent: &SpecArgs,
        place: Place,
    ) -> Result<SpecArgs, ScoringError> {
        let mut args = SpecArgs::inherited_from(parent);
        let Some(value) = self.settings_file(file)? else {
            return Ok(args);
        };
        let Value::Mapping(map) = &value else {
            unreachable!("settings_file gives mappings")
        };
        let scoring_key = |key: &str| -> Result<(), ScoringError> {
            match place {
                Place::Sample | Place::Data => Err(ScoringError::invalid(
                    file,
                    format!(
                        "{key}: is not permitted here (only in secret/ and its test data groups)"
                    ),
                )),
                _ => Ok(()),
            }
        };
        for (key, item) in map {
            let key = key.as_str().unwrap_or("");
            let here = Some(file.to_path_buf());
            let list = |what: &Value| {
                words(what).ok_or_else(|| {
                    ScoringError::invalid(file, format!("{key}: must be a list of strings"))
                })
            };
            match key {
                "input_validator_args" => {
                    (args.input, args.input_by_name) = input_validator_args(file, item)?;
                    args.origins.insert(key.to_string(), here);
                }
                "output_validator_args" => {
                    args.output = list(item)?;
                    args.origins.insert(key.to_string(), here);
                }
                "max_score" => {
                    scoring_key(key)?;
                    args.score = Some(match item {
                        Value::String(s) if s == "unbounded" => None,
                        Value::Number(n) if n.as_u64().is_some() => {
                            Some(parse_score(file, key, item)?)
                        }
                        other => {
                            return Err(ScoringError::invalid(
                                file,
                                format!(
                                    "max_score: must be a non-negative integer or unbounded, \
                                     found {}",
                                    show(other)
                                ),
                            ))
                        }
                    });
                    args.origins.insert("scoring.score".into(), here);
                }
                "score_aggregation" => {
                    scoring_key(key)?;
                    args.aggregation = Some(aggregation_of(file, key, item)?);
                    args.origins.insert("scoring.aggregation".into(), here);
                }
                "require_pass" => {
                    scoring_key(key)?;
                    args.require_pass = words(item).ok_or_else(|| {
                        ScoringError::invalid(
                            file,
                            "require_pass: must be a string or a list of strings",
                        )
                    })?;
                    args.origins.insert("scoring.require_pass".into(), here);
                }
                "static_validation_score" => {
                    args.static_score = Some(match item {
                        Value::String(s) if s == "pass-fail" => StaticScore::PassFail,
                        Value::Number(n) if n.as_u64().is_some() => {
                            StaticScore::Points(parse_score(file, key, item)?)
                        }
                        other => {
                            return Err(ScoringError::invalid(
                                file,
                                format!(
                                    "static_validation_score: must be a non-negative integer or \
                                     pass-fail, found {}",
                                    show(other)
                                ),
                            ))
                        }
                    });
                    args.origins.insert(key.into(), here);
                }
                "static_validator_args" => {
                    args.static_args = list(item)?;
                }
                "args"
                | "input_visualizer_args"
                | "output_visualizer_args"
                | "answer_validator_args" => {
                    // Read for their form; what uses them is not this tree's.
                    if !(key == "answer_validator_args" && item.is_mapping()) {
                        list(item)?;
                    }
                }
                "full_feedback" => {
                    if !matches!(item, Value::Bool(_)) {
                        return Err(ScoringError::invalid(
                            file,
                            "full_feedback: must be true or false",
                        ));
                    }
                }
                "scoring" => {
                    return Err(ScoringError::invalid(
                        file,
                        "scoring: belongs to the 2023-07 draft; 2025-09 has max_score, \
                         score_aggregation and require_pass at the top of test_group.yaml",
                    ))
                }
                other => {
                    return Err(ScoringError::invalid(
                        file,
                        format!("{other}: is not a key of test_group.yaml"),
                    ))
                }
            }
        }
        if args.static_score.is_some() && place == Place::Data {
            return Err(ScoringError::invalid(
                file,
                "static_validation_score: is for sample, secret and test data groups",
            ));
        }
        if map.contains_key("static_validator_args") && args.static_score.is_none() {
            return Err(ScoringError::invalid(
                file,
                "static_validator_args: given without static_validation_score",
            ));
        }
        if let Some(StaticScore::Points(_)) = args.static_score {
            if args.aggregation == Some(SpecAggregation::PassFail)
                || (matches!(place, Place::Group | Place::Sample) && args.aggregation.is_none())
            {
                return Err(ScoringError::invalid(
                    file,
                    "static_validation_score: a score is not for a group with pass-fail \
                     aggregation",
                ));
            }
        }
        Ok(args)
    }
}

/// Where a 2025-09 `test_group.yaml` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Data,
    Sample,
    Secret,
    Group,
}

/// A group's static validation test case, if its `test_group.yaml` defines one (`args`'
/// `static_validation_score`): first among the group's children, worth that score (nothing of
/// its own under pass-fail), the static validator called with `static_validator_args`.
fn static_case(group: &str, args: &SpecArgs) -> Option<Child> {
    let max_score = match args.static_score? {
        StaticScore::Points(points) => Some(points),
        StaticScore::PassFail => None,
    };
    Some(Child::Test(TestCase {
        path: format!("{group}/{STATIC_CASE}"),
        max_score,
        static_validation: Some(args.static_args.clone()),
    }))
}

/// `static_validation_score`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum StaticScore {
    Points(f64),
    PassFail,
}

/// `input_validator_args` in either form: a list for every input validator, or a map of
/// each validator's own (by its name in `input_validators/`), the whole map replacing what a
/// parent gave.
pub fn input_validator_args(
    file: &Path,
    value: &Value,
) -> Result<(Vec<String>, Option<ArgsByName>), ScoringError> {
    const KEY: &str = "input_validator_args";
    match value {
        Value::Mapping(map) => {
            let mut by_name = ArgsByName::new();
            for (name, args) in map {
                let name = name.as_str().ok_or_else(|| {
                    ScoringError::invalid(
                        file,
                        format!(
                            "{KEY}: a validator's name must be a string, found {}",
                            show(name)
                        ),
                    )
                })?;
                let args = words(args).ok_or_else(|| {
                    ScoringError::invalid(file, format!("{KEY}.{name}: must be a list of strings"))
                })?;
                by_name.insert(name.to_string(), args);
            }
            Ok((Vec::new(), Some(by_name)))
        }
        other => {
            let list = words(other).ok_or_else(|| {
                ScoringError::invalid(
                    file,
                    format!(
                        "{KEY}: must be a list of strings, or a map of validators' names to lists"
                    ),
                )
            })?;
            Ok((list, None))
        }
    }
}

fn child_path(child: &Child) -> &str {
    match child {
        Child::Test(t) => &t.path,
        Child::Group(g) => &g.path,
    }
}

fn aggregation_of(file: &Path, key: &str, value: &Value) -> Result<SpecAggregation, ScoringError> {
    match value.as_str() {
        Some("pass-fail") => Ok(SpecAggregation::PassFail),
        Some("sum") => Ok(SpecAggregation::Sum),
        Some("min") => Ok(SpecAggregation::Min),
        _ => Err(ScoringError::invalid(
            file,
            format!(
                "{key}: must be pass-fail, sum or min, found {}",
                show(value)
            ),
        )),
    }
}

/// Sets the maximum score of a 2023-07 group without a `score` of its own, and its
/// children's that follow from it.
fn set_max(group: &mut Group, max: Option<f64>) {
    let Rule::Spec(spec) = &mut group.settings.rule else {
        return;
    };
    spec.max_score = max;
    let aggregation = spec.aggregation;
    let share = match (aggregation, max) {
        (SpecAggregation::PassFail, _) | (_, None) => None,
        (SpecAggregation::Min, Some(max)) => Some(max),
        (SpecAggregation::Sum, Some(max)) => {
            let explicit: f64 = group
                .children
                .iter()
                .filter_map(|c| match c {
                    Child::Group(g)
                        if g.origins.get("scoring.score").cloned().flatten().is_some() =>
                    {
                        super::aggregate::max_score(g)
                    }
                    _ => None,
                })
                .sum();
            let shares = group
                .children
                .iter()
                .filter(|c| match c {
                    Child::Group(g) => g.origins.get("scoring.score").cloned().flatten().is_none(),
                    Child::Test(_) => true,
                })
                .count();
            (shares > 0).then(|| (max - explicit).max(0.0) / shares as f64)
        }
    };
    for child in &mut group.children {
        match child {
            Child::Test(test) => test.max_score = share,
            Child::Group(sub)
                if sub
                    .origins
                    .get("scoring.score")
                    .cloned()
                    .flatten()
                    .is_none() =>
            {
                set_max(sub, share)
            }
            Child::Group(_) => {}
        }
    }
}

/// The root of a 2023-07 or 2025-09 tree over its `children` (`sample`, `secret`): worth
/// what `secret` is worth, the sum of its children.
fn root_group(children: Vec<Child>, root_args: &SpecArgs) -> Group {
    let secret_max = children.iter().find_map(|c| match c {
        Child::Group(g) if g.path == "secret" => super::aggregate::max_score(g),
        _ => None,
    });
    Group {
        path: String::new(),
        settings: spec_settings(
            SpecScoring {
                aggregation: SpecAggregation::Sum,
                max_score: secret_max,
                require_pass: Vec::new(),
            },
            root_args,
        ),
        origins: root_args.origins.clone(),
        children,
    }
}

/// What a 2023-07 group's file says, over what it inherits.
#[derive(Debug, Clone, Default)]
struct SpecArgs {
    input: Vec<String>,
    /// The map form of `input_validator_args` (it replaces `input`).
    input_by_name: Option<ArgsByName>,
    output: Vec<String>,
    /// `scoring.score`: `Some(None)` for `unbounded`.
    score: Option<Option<f64>>,
    aggregation: Option<SpecAggregation>,
    require_pass: Vec<String>,
    /// 2025-09 `static_validation_score`.
    static_score: Option<StaticScore>,
    /// 2025-09 `static_validator_args` (not inherited: each static validation test case's own).
    static_args: Vec<String>,
    origins: BTreeMap<String, Option<PathBuf>>,
}

impl SpecArgs {
    /// What a group takes from its parent's file: only the validators' arguments (and where
    /// each came from).
    fn inherited_from(parent: &SpecArgs) -> SpecArgs {
        SpecArgs {
            input: parent.input.clone(),
            input_by_name: parent.input_by_name.clone(),
            output: parent.output.clone(),
            origins: parent
                .origins
                .iter()
                .filter(|(k, _)| k.ends_with("validator_args"))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            ..SpecArgs::default()
        }
    }
}

fn spec_settings(scoring: SpecScoring, args: &SpecArgs) -> Settings {
    Settings {
        rule: Rule::Spec(scoring),
        on_reject: OnReject::Continue,
        accept_score: 1.0,
        reject_score: 0.0,
        range: ScoreRange::ANY,
        input_validator_flags: args.input.clone(),
        input_validator_args_by_name: args.input_by_name.clone(),
        output_validator_flags: args.output.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::aggregate;
    use crate::scoring::{ScoreRule, Scored, Verdict, VerdictRule};

    fn write(dir: &Path, path: &str, text: &str) {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn case(dir: &Path, name: &str) {
        write(dir, &format!("data/{name}.in"), "1\n");
        write(dir, &format!("data/{name}.ans"), "1\n");
    }

    fn legacy(dir: &Path) -> Result<GroupTree, ScoringError> {
        let facts = PackageFacts {
            scoring: true,
            file: dir.join("problem.yaml"),
            ..PackageFacts::default()
        };
        read(&Folder::new(dir).unwrap(), &facts)
    }

    fn olympiad(dir: &Path) {
        write(
            dir,
            "data/testdata.yaml",
            "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample\n",
        );
        write(
            dir,
            "data/sample/testdata.yaml",
            "on_reject: continue\naccept_score: 0\ngrader_flags: first_error\n",
        );
        write(
            dir,
            "data/secret/testdata.yaml",
            "on_reject: continue\ngrader_flags: first_error accept_if_any_accepted\n",
        );
        write(dir, "data/secret/g1/testdata.yaml", "on_reject: break\naccept_score: 40\nrange: 0 40\ngrader_flags: min\ninput_validator_flags: n=10\n");
        write(
            dir,
            "data/secret/g2/testdata.yaml",
            "accept_score: 60\ngrader_flags: min\n",
        );
        for name in [
            "sample/1",
            "secret/g1/1",
            "secret/g1/2",
            "secret/g2/10",
            "secret/g2/9",
        ] {
            case(dir, name);
        }
        // Not test cases: an input without an answer is left out, as problemtools leaves it.
        write(dir, "data/secret/g2/lonely.in", "1\n");
        write(dir, "data/secret/g2/notes.txt", "x\n");
    }

    #[test]
    fn legacy_groups_inherit_and_override_settings() {
        let dir = tempfile::tempdir().unwrap();
        olympiad(dir.path());
        let tree = legacy(dir.path()).unwrap();
        assert_eq!(tree.format, Format::KattisLegacy);
        let paths: Vec<&str> = tree.root.groups().iter().map(|g| g.path.as_str()).collect();
        assert_eq!(paths, ["", "sample", "secret", "secret/g1", "secret/g2"]);
        let tests: Vec<&str> = tree.root.tests().iter().map(|t| t.path.as_str()).collect();
        // Byte order: "10" before "9".
        assert_eq!(
            tests,
            [
                "sample/1",
                "secret/g1/1",
                "secret/g1/2",
                "secret/g2/10",
                "secret/g2/9"
            ]
        );
        let g1 = tree.root.find("secret/g1").unwrap();
        assert_eq!(g1.settings.accept_score, 40.0);
        assert_eq!(g1.settings.on_reject, OnReject::Break);
        assert_eq!(
            g1.settings.range,
            ScoreRange {
                min: 0.0,
                max: 40.0
            }
        );
        assert_eq!(g1.settings.input_validator_flags, ["n=10"]);
        let Rule::Default(flags) = &g1.settings.rule else {
            panic!()
        };
        assert_eq!(flags.score, ScoreRule::Min);
        // g2 says nothing of on_reject: secret's `continue` is inherited.
        let g2 = tree.root.find("secret/g2").unwrap();
        assert_eq!(g2.settings.on_reject, OnReject::Continue);
        assert_eq!(
            g2.settings.range,
            ScoreRange {
                min: 0.0,
                max: 100.0
            }
        );
        assert!(g2.origins["on_reject"]
            .as_ref()
            .unwrap()
            .ends_with("data/secret/testdata.yaml"));
        assert_eq!(g2.origins["reject_score"], None);
        let secret = tree.root.find("secret").unwrap();
        let Rule::Default(flags) = &secret.settings.rule else {
            panic!()
        };
        assert_eq!(flags.verdict, VerdictRule::FirstError);
        assert!(flags.accept_if_any_accepted);
    }

    #[test]
    fn defaults_without_any_testdata_yaml() {
        let dir = tempfile::tempdir().unwrap();
        case(dir.path(), "secret/1");
        let tree = legacy(dir.path()).unwrap();
        let s = &tree.root.settings;
        assert_eq!(s.on_reject, OnReject::Break);
        assert_eq!((s.accept_score, s.reject_score), (1.0, 0.0));
        assert_eq!(s.range, ScoreRange::ANY);
        assert_eq!(s.rule, Rule::Default(GraderFlags::default()));
    }

    #[test]
    fn problem_yaml_grading_overrides_every_group() {
        let dir = tempfile::tempdir().unwrap();
        olympiad(dir.path());
        let yaml = "type: scoring\nvalidator_flags: float_tolerance 1e-6\ngrading:\n  accept_score: 5\n  on_reject: grade\n";
        let file = dir.path().join("problem.yaml");
        let facts = PackageFacts::from_problem_yaml(&file, yaml).unwrap();
        assert!(facts.scoring);
        let tree = read(&Folder::new(dir.path()).unwrap(), &facts).unwrap();
        let g1 = tree.root.find("secret/g1").unwrap();
        assert_eq!(g1.settings.accept_score, 5.0);
        assert_eq!(g1.settings.on_reject, OnReject::Continue);
        assert_eq!(
            g1.settings.output_validator_flags,
            ["float_tolerance", "1e-6"]
        );
        assert_eq!(g1.origins["accept_score"], Some(file));
        assert!(!tree.score_required);
    }

    #[test]
    fn only_legacy_validation_custom_score_makes_score_txt_mandatory() {
        let dir = tempfile::tempdir().unwrap();
        olympiad(dir.path());
        let file = dir.path().join("problem.yaml");
        let required = |yaml: &str| {
            let facts = PackageFacts::from_problem_yaml(&file, yaml).unwrap();
            read(&Folder::new(dir.path()).unwrap(), &facts)
                .unwrap()
                .score_required
        };
        assert!(required("type: scoring\nvalidation: custom score\n"));
        assert!(required(
            "type: scoring\nvalidation: custom interactive score\n"
        ));
        assert!(!required("type: scoring\nvalidation: custom\n"));
        assert!(!required("type: scoring\n"));
        // 2023-07 has no `validation`; a score.txt is never mandatory there.
        assert!(!required(
            "problem_format_version: 2023-07-draft\ntype: scoring\nvalidation: custom score\n"
        ));
    }

    #[test]
    fn custom_grading_keeps_its_flags_for_the_grader() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "data/secret/testdata.yaml",
            "grading: custom\ngrader_flags: a b\n",
        );
        case(dir.path(), "secret/1");
        let tree = legacy(dir.path()).unwrap();
        let secret = tree.root.find("secret").unwrap();
        assert_eq!(
            secret.settings.rule,
            Rule::Custom {
                flags: vec!["a".into(), "b".into()]
            }
        );
    }

    #[test]
    fn malformed_settings_name_the_file_and_key() {
        for (text, message) in [
            ("on_reject: maybe\n", "on_reject: must be break or continue"),
            ("grading: fancy\n", "grading: must be default or custom"),
            ("accept_score: lots\n", "accept_score: must be a number"),
            ("accept_score: 1e300\n", "accept_score must be between"),
            (
                "range: 100 0\n",
                "range: must be two numbers, the least first",
            ),
            ("range: 0\n", "range: must be two numbers"),
            ("grader_flags: {a: 1}\n", "grader_flags: must be a string"),
            ("- a list\n", "is not a mapping of keys"),
            ("key: [unclosed\n", "testdata.yaml"),
        ] {
            let dir = tempfile::tempdir().unwrap();
            write(dir.path(), "data/secret/testdata.yaml", text);
            case(dir.path(), "secret/1");
            let error = legacy(dir.path()).unwrap_err().to_string();
            assert!(error.contains("data/secret/testdata.yaml"), "{error}");
            assert!(error.contains(message), "{text:?}: {error}");
        }
    }

    #[test]
    fn a_link_loop_and_a_deep_tree_are_errors_not_hangs() {
        let dir = tempfile::tempdir().unwrap();
        case(dir.path(), "secret/1");
        std::os::unix::fs::symlink("..", dir.path().join("data/secret/loop")).unwrap();
        let error = legacy(dir.path()).unwrap_err().to_string();
        assert!(error.contains("a link to a group that holds it"), "{error}");

        let dir = tempfile::tempdir().unwrap();
        let deep = (0..70)
            .map(|i| format!("g{i}"))
            .collect::<Vec<_>>()
            .join("/");
        case(dir.path(), &format!("secret/{deep}/1"));
        let error = legacy(dir.path()).unwrap_err().to_string();
        assert!(
            error.contains("the depth of its groups must be between 1 and 64"),
            "{error}"
        );
    }

    #[test]
    fn a_link_out_of_the_package_is_refused() {
        let outside = tempfile::tempdir().unwrap();
        let dir = tempfile::tempdir().unwrap();
        case(dir.path(), "secret/1");
        std::os::unix::fs::symlink(outside.path(), dir.path().join("data/secret/out")).unwrap();
        assert!(legacy(dir.path()).is_err());
    }

    #[test]
    fn an_olympiad_package_grades_to_its_full_score() {
        let dir = tempfile::tempdir().unwrap();
        olympiad(dir.path());
        let tree = legacy(dir.path()).unwrap();
        let graded = aggregate::grade(&tree, &mut aggregate::AllAccepted).unwrap();
        assert_eq!(graded.total, Some(Scored::new(Verdict::Accepted, 100.0)));
        assert_eq!(
            graded.group("sample"),
            Some(Scored::new(Verdict::Accepted, 0.0))
        );
    }

    fn spec_package(dir: &Path) -> GroupTree {
        let yaml = "problem_format_version: 2023-07-draft\ntype: scoring\n";
        let file = dir.join("problem.yaml");
        let facts = PackageFacts::from_problem_yaml(&file, yaml).unwrap();
        read(&Folder::new(dir).unwrap(), &facts).unwrap()
    }

    #[test]
    fn spec_scores_are_inferred_from_the_parent() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "data/secret/test_group.yaml",
            "scoring:\n  aggregation: sum\n  score: 100\n",
        );
        write(
            d,
            "data/secret/a/test_group.yaml",
            "scoring:\n  score: 40\n",
        );
        write(
            d,
            "data/secret/b/test_group.yaml",
            "scoring:\n  aggregation: sum\noutput_validator_args: [x]\n",
        );
        for name in [
            "sample/1",
            "secret/a/1",
            "secret/a/2",
            "secret/b/1",
            "secret/b/2",
            "secret/c/1",
            "secret/3",
        ] {
            case(d, name);
        }
        let tree = spec_package(d);
        assert_eq!(tree.format, Format::Kattis2023);
        let max = |path: &str| aggregate::max_score(tree.root.find(path).unwrap());
        assert_eq!(max("secret"), Some(100.0));
        assert_eq!(max("secret/a"), Some(40.0));
        // 60 left for b, c and the test case 3: 20 each.
        assert_eq!(max("secret/b"), Some(20.0));
        assert_eq!(max("secret/c"), Some(20.0));
        assert_eq!(max(""), Some(100.0));
        let b = tree.root.find("secret/b").unwrap();
        assert_eq!(b.settings.output_validator_flags, ["x"]);
        assert!(b.tests().iter().all(|t| t.max_score == Some(10.0)));
        let a = tree.root.find("secret/a").unwrap();
        assert!(
            a.tests().iter().all(|t| t.max_score.is_none()),
            "pass-fail tests have no score"
        );
        let graded = aggregate::grade(&tree, &mut aggregate::AllAccepted).unwrap();
        assert_eq!(graded.total, Some(Scored::new(Verdict::Accepted, 100.0)));
    }

    #[test]
    fn spec_refuses_unknown_keys_and_scores_over_the_parent() {
        for (file, text, message) in [
            (
                "data/secret/test_group.yaml",
                "scoring:\n  weight: 3\n",
                "scoring.weight: is not a key",
            ),
            (
                "data/secret/test_group.yaml",
                "colour: red\n",
                "colour: is not a key of test_group.yaml",
            ),
            (
                "data/secret/test_group.yaml",
                "scoring:\n  aggregation: max\n",
                "scoring.aggregation: must be",
            ),
            (
                "data/test_group.yaml",
                "scoring:\n  score: 5\n",
                "scoring: is only for secret",
            ),
            (
                "data/secret/a/test_group.yaml",
                "scoring:\n  score: 150\n",
                "add up to 150",
            ),
        ] {
            let dir = tempfile::tempdir().unwrap();
            write(dir.path(), file, text);
            case(dir.path(), "secret/a/1");
            let yaml = "problem_format_version: 2023-07-draft\ntype: scoring\n";
            let facts =
                PackageFacts::from_problem_yaml(&dir.path().join("problem.yaml"), yaml).unwrap();
            let error = read(&Folder::new(dir.path()).unwrap(), &facts)
                .unwrap_err()
                .to_string();
            assert!(error.contains(message), "{text:?}: {error}");
            assert!(error.contains("test_group.yaml"), "{error}");
        }
    }

    #[test]
    fn a_2023_package_with_only_testdata_yaml_is_read_as_problemtools_reads_it() {
        let dir = tempfile::tempdir().unwrap();
        olympiad(dir.path());
        let tree = spec_package(dir.path());
        assert_eq!(tree.format, Format::Kattis2023);
        assert!(matches!(tree.root.settings.rule, Rule::Default(_)));
        let graded = aggregate::grade(&tree, &mut aggregate::AllAccepted).unwrap();
        assert_eq!(graded.total, Some(Scored::new(Verdict::Accepted, 100.0)));
    }

    #[test]
    fn problem_yaml_versions_and_types() {
        let file = Path::new("problem.yaml");
        let facts =
            PackageFacts::from_problem_yaml(file, "type: [scoring, interactive]\n").unwrap();
        assert!(facts.scoring);
        assert_eq!(facts.format, Some(Format::KattisLegacy));
        let facts = PackageFacts::from_problem_yaml(
            file,
            "problem_format_version: 2025-09\ntype: interactive scoring\n",
        )
        .unwrap();
        assert_eq!(facts.format, Some(Format::Kattis2025));
        assert!(facts.scoring);
        let error =
            PackageFacts::from_problem_yaml(file, "problem_format_version: 2024-01\n").unwrap_err();
        assert!(
            error.to_string().contains("problem_format_version"),
            "{error}"
        );
        let error =
            PackageFacts::from_problem_yaml(file, "grading:\n  on_reject: maybe\n").unwrap_err();
        assert!(error.to_string().contains("grading.on_reject"), "{error}");
    }

    fn final_package(dir: &Path) -> Result<GroupTree, ScoringError> {
        let yaml = "problem_format_version: 2025-09\ntype: scoring\n";
        let file = dir.join("problem.yaml");
        let facts = PackageFacts::from_problem_yaml(&file, yaml).unwrap();
        read(&Folder::new(dir).unwrap(), &facts)
    }

    /// A 2025-09 package: secret worth 100, g1 pass-fail 30 after the sample, g2 a sum of 60
    /// whose static validation test case is worth 10 (its three test cases share 50, one of
    /// them in a folder that is not a group), g3 a min of 10.
    fn final_groups(dir: &Path) {
        for name in [
            "sample/1",
            "secret/g1/1",
            "secret/g2/1",
            "secret/g2/2",
            "secret/g2/deep/0",
            "secret/g3/1",
        ] {
            case(dir, name);
        }
        write(
            dir,
            "data/secret/test_group.yaml",
            "max_score: 100\nscore_aggregation: sum\noutput_validator_args: [a]\n",
        );
        write(
            dir,
            "data/secret/g1/test_group.yaml",
            "max_score: 30\nrequire_pass: [sample]\ninput_validator_args: {v.py: [--small]}\n",
        );
        write(
            dir,
            "data/secret/g2/test_group.yaml",
            "max_score: 60\nscore_aggregation: sum\nstatic_validation_score: 10\nrequire_pass: secret/g1\nfull_feedback: true\n",
        );
        write(
            dir,
            "data/secret/g3/test_group.yaml",
            "max_score: 10\nscore_aggregation: min\noutput_validator_args: [b]\n",
        );
    }

    #[test]
    fn a_2025_tree_has_the_final_keys_and_groups_one_level_deep() {
        let dir = tempfile::tempdir().unwrap();
        final_groups(dir.path());
        let tree = final_package(dir.path()).unwrap();
        assert_eq!(tree.format, Format::Kattis2025);
        let paths: Vec<&str> = tree.root.groups().iter().map(|g| g.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "",
                "sample",
                "secret",
                "secret/g1",
                "secret/g2",
                "secret/g3"
            ]
        );
        let spec = |path: &str| match &tree.root.find(path).unwrap().settings.rule {
            Rule::Spec(spec) => spec.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(spec("secret").max_score, Some(100.0));
        assert_eq!(spec("secret/g1").aggregation, SpecAggregation::PassFail);
        assert_eq!(spec("secret/g1").require_pass, ["sample"]);
        assert_eq!(spec("secret/g2").aggregation, SpecAggregation::Sum);
        assert_eq!(spec("secret/g2").require_pass, ["secret/g1"]);
        assert_eq!(spec("secret/g3").aggregation, SpecAggregation::Min);
        let g2 = tree.root.find("secret/g2").unwrap();
        let tests: Vec<(&str, Option<f64>)> = g2
            .children
            .iter()
            .map(|c| match c {
                Child::Test(t) => (t.path.as_str(), t.max_score),
                Child::Group(g) => panic!("a folder of g2 is not a group: {}", g.path),
            })
            .collect();
        let third = Some(50.0 / 3.0);
        assert_eq!(
            tests,
            [
                ("secret/g2/[static]", Some(10.0)),
                ("secret/g2/1", third),
                ("secret/g2/2", third),
                ("secret/g2/deep/0", third)
            ]
        );
        let Child::Test(static_case) = &g2.children[0] else {
            unreachable!()
        };
        assert_eq!(static_case.static_validation, Some(Vec::new()));
        let g3 = tree.root.find("secret/g3").unwrap();
        assert!(matches!(&g3.children[..], [Child::Test(t)] if t.max_score == Some(10.0)));
        assert!(g3.tests().iter().all(|t| t.static_validation.is_none()));
        assert_eq!(g3.settings.output_validator_flags, ["b"]);
        // Arguments are inherited; the map form of input_validator_args is kept as a map.
        let g1 = tree.root.find("secret/g1").unwrap();
        assert_eq!(g1.settings.output_validator_flags, ["a"]);
        let by_name = g1.settings.input_validator_args_by_name.as_ref().unwrap();
        assert_eq!(by_name["v.py"], ["--small"]);
        assert_eq!(g2.settings.input_validator_args_by_name, None);
        let graded = aggregate::grade(&tree, &mut aggregate::AllAccepted).unwrap();
        // The static validation test case is a test of g2: accepted, its 10 points count.
        assert_eq!(graded.total, Some(Scored::new(Verdict::Accepted, 100.0)));
    }

    #[test]
    fn a_static_validation_test_case_takes_its_args_and_a_pass_fail_one_no_score() {
        let dir = tempfile::tempdir().unwrap();
        final_groups(dir.path());
        write(
            dir.path(),
            "data/sample/test_group.yaml",
            "static_validation_score: pass-fail\nstatic_validator_args: [--lines, '3']\n",
        );
        let tree = final_package(dir.path()).unwrap();
        let sample = tree.root.find("sample").unwrap();
        let first = sample.tests()[0];
        assert_eq!(first.path, "sample/[static]");
        assert_eq!(first.max_score, None);
        assert_eq!(
            first.static_validation.as_deref(),
            Some(&["--lines".to_string(), "3".to_string()][..])
        );
        // A score in the sample (pass-fail) is refused, naming the file.
        write(
            dir.path(),
            "data/sample/test_group.yaml",
            "static_validation_score: 5\n",
        );
        let error = final_package(dir.path()).unwrap_err().to_string();
        assert!(
            error.contains("sample/test_group.yaml") && error.contains("pass-fail"),
            "{error}"
        );
    }

    #[test]
    fn a_2025_test_group_yaml_has_the_constants_written_in() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "data/secret/test_group.yaml",
            "max_score: 100\nscore_aggregation: sum\n",
        );
        write(
            d,
            "data/secret/g1/test_group.yaml",
            "max_score: {{G1}}\noutput_validator_args: ['{{EPS.text}}', '{{UNKNOWN}}']\n",
        );
        write(d, "data/secret/g2/test_group.yaml", "max_score: {{G2}}\n");
        for name in ["sample/1", "secret/g1/1", "secret/g2/1"] {
            case(d, name);
        }
        let yaml = "problem_format_version: 2025-09\ntype: scoring\nconstants:\n  G1: 40\n  G2: 60\n  EPS: {value: 0.5, text: '1/2'}\n";
        let facts = PackageFacts::from_problem_yaml(&d.join("problem.yaml"), yaml).unwrap();
        let tree = read(&Folder::new(d).unwrap(), &facts).unwrap();
        let max = |path: &str| aggregate::max_score(tree.root.find(path).unwrap());
        assert_eq!(max("secret/g1"), Some(40.0));
        assert_eq!(max("secret/g2"), Some(60.0));
        let g1 = tree.root.find("secret/g1").unwrap();
        assert_eq!(g1.settings.output_validator_flags, ["1/2", "{{UNKNOWN}}"]);
    }

    #[test]
    fn a_2025_secret_without_groups_holds_every_test_case_under_it() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["sample/1", "secret/1", "secret/more/2", "secret/more/3"] {
            case(dir.path(), name);
        }
        write(dir.path(), "data/secret/test_group.yaml", "max_score: 60\n");
        let tree = final_package(dir.path()).unwrap();
        let secret = tree.root.find("secret").unwrap();
        assert_eq!(secret.children.len(), 3);
        assert!(secret
            .children
            .iter()
            .all(|c| matches!(c, Child::Test(t) if t.max_score == Some(20.0))));
        // With no test_group.yaml at all: secret is a sum worth 100.
        std::fs::remove_file(dir.path().join("data/secret/test_group.yaml")).unwrap();
        let tree = final_package(dir.path()).unwrap();
        let graded = aggregate::grade(&tree, &mut aggregate::AllAccepted).unwrap();
        assert_eq!(graded.total, Some(Scored::new(Verdict::Accepted, 100.0)));
    }

    #[test]
    fn a_2025_tree_that_breaks_the_rules_is_an_error_naming_its_file() {
        let cases: [(&str, &str, &str, &str); 11] = [
            (
                "secret/g1",
                "scoring:\n  score: 30\n",
                "belongs to the 2023-07",
                "g1/test_group.yaml",
            ),
            (
                "secret/g1",
                "score: 30\n",
                "score: is not a key",
                "g1/test_group.yaml",
            ),
            (
                "secret/g1",
                "score_aggregation: sum\n",
                "max_score: must be given",
                "g1/test_group.yaml",
            ),
            (
                "secret/g1",
                "max_score: 12.5\n",
                "non-negative integer",
                "g1/test_group.yaml",
            ),
            (
                "secret/g1",
                "max_score: 30\nrequire_pass: secret/g2\n",
                "does not come before",
                "g1/test_group.yaml",
            ),
            (
                "secret/g2",
                "max_score: 70\nrequire_pass: secret/nothing\n",
                "not sample or an earlier",
                "g2/test_group.yaml",
            ),
            (
                "sample",
                "max_score: 0\n",
                "not permitted here",
                "sample/test_group.yaml",
            ),
            (
                "secret/g1/inner",
                "max_score: 1\n",
                "do not nest",
                "inner/test_group.yaml",
            ),
            (
                "secret/g1",
                "max_score: 30\nstatic_validation_score: 5\n",
                "pass-fail",
                "g1/test_group.yaml",
            ),
            (
                "secret/g1",
                "max_score: 30\nstatic_validator_args: [x]\n",
                "without static_validation_score",
                "g1/test_group.yaml",
            ),
            (
                "secret",
                "max_score: 50\n",
                "add up to 100",
                "secret/test_group.yaml",
            ),
        ];
        for (folder, text, message, file) in cases {
            let dir = tempfile::tempdir().unwrap();
            for name in [
                "sample/1",
                "secret/g1/1",
                "secret/g1/inner/1",
                "secret/g2/1",
            ] {
                case(dir.path(), name);
            }
            write(
                dir.path(),
                "data/secret/g1/test_group.yaml",
                "max_score: 30\n",
            );
            write(
                dir.path(),
                "data/secret/g2/test_group.yaml",
                "max_score: 70\n",
            );
            write(dir.path(), &format!("data/{folder}/test_group.yaml"), text);
            let error = final_package(dir.path()).unwrap_err().to_string();
            assert!(error.contains(message), "{folder} {text:?}: {error}");
            assert!(error.contains(file), "{folder} {text:?}: {error}");
        }
        // A test case beside the groups of secret.
        let dir = tempfile::tempdir().unwrap();
        for name in ["secret/g1/1", "secret/loose"] {
            case(dir.path(), name);
        }
        write(
            dir.path(),
            "data/secret/g1/test_group.yaml",
            "max_score: 100\n",
        );
        let error = final_package(dir.path()).unwrap_err().to_string();
        assert!(error.contains("secret/loose.in"), "{error}");
        assert!(error.contains("beside the test data groups"), "{error}");
    }

    #[test]
    fn input_validator_args_take_both_forms() {
        let file = Path::new("data/test_group.yaml");
        let list: Value = yaml_serde::from_str("[--a, '1']").unwrap();
        assert_eq!(
            input_validator_args(file, &list).unwrap(),
            (vec!["--a".to_string(), "1".to_string()], None)
        );
        let map: Value = yaml_serde::from_str("{integers: [small], strings: []}").unwrap();
        let (every, by_name) = input_validator_args(file, &map).unwrap();
        assert!(every.is_empty());
        let by_name = by_name.unwrap();
        assert_eq!(by_name["integers"], ["small"]);
        assert!(by_name["strings"].is_empty());
        let bad: Value = yaml_serde::from_str("{integers: {x: 1}}").unwrap();
        let error = input_validator_args(file, &bad).unwrap_err().to_string();
        assert!(error.contains("input_validator_args.integers"), "{error}");
        assert!(error.contains("data/test_group.yaml"), "{error}");
    }
}
