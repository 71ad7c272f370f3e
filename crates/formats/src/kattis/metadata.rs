//! `problem.yaml` of a Kattis package, in its three forms: the legacy one (no
//! `problem_format_version`), 2023-07 (and its draft) and 2025-09. What grading needs is read
//! (the name, whether the problem is interactive, whether it has a custom output validator,
//! the validator's flags and the limits), and the facts about the problem that `judge show`
//! shows (`About`: credits, sources, license, keywords ...); a problem type this judge cannot
//! grade (submit-answer) is refused by name; a multi-pass one (interactive too)
//! carries its most passes (`limits.validation_passes`). In 2025-09 a key the format does not
//! have (at the top, under `limits` or `limits.time_multipliers`) is an error naming it, as
//! the format says.

use std::path::Path;
use std::time::Duration;

use yaml_serde::Value;

use super::PackageError;
use judge_core::bounds::{self, Bound};
use judge_core::constants::Constants;
use judge_core::files::{Cap, Folder};

/// The format of a package, from `problem_format_version`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatVersion {
    Legacy,
    /// `2023-07-draft` or `2023-07`.
    V2023_07,
    V2025_09,
}

/// How a package's time limit is found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeRules {
    /// A limit the package fixes (`limits.time_limit`, or a `.timelimit` file), seconds.
    pub fixed: Option<f64>,
    /// Slowest accepted CPU time times this gives the limit (legacy `time_multiplier`).
    pub ac_to_time_limit: f64,
    /// Submissions are also run at the limit times this (legacy `time_safety_margin`).
    pub time_limit_to_tle: f64,
    /// The limit is rounded up to a multiple of this, seconds.
    pub resolution: f64,
}

impl TimeRules {
    /// The limit problemtools derives from the slowest accepted CPU time:
    /// `max(1, ceil(slowest x multiplier / resolution)) x resolution`.
    pub fn derive(&self, slowest_seconds: f64) -> f64 {
        let steps = (slowest_seconds * self.ac_to_time_limit / self.resolution).ceil();
        steps.max(1.0) * self.resolution
    }

    /// The limit a slowest accepted time within `within` (a fraction) of this one would
    /// derive, when it is another one, with the change that gives it (+0.01: 1 % slower,
    /// -0.01: 1 % faster), the nearer if both are. A limit derived near a rounding step is as
    /// unsteady as the time it comes from: two machines, or two runs, may derive limits a
    /// step apart.
    pub fn near_step(&self, slowest_seconds: f64, within: f64) -> Option<(f64, f64)> {
        if slowest_seconds <= 0.0 || self.fixed.is_some() {
            return None;
        }
        let limit = self.derive(slowest_seconds);
        let steps = (limit / self.resolution).round();
        let scaled = slowest_seconds * self.ac_to_time_limit / self.resolution;
        // The limit goes up a step past `steps`, down one at `steps - 1` (not below the least).
        let slower = steps / scaled - 1.0;
        let faster = (steps > 1.0).then(|| (steps - 1.0) / scaled - 1.0);
        let mut near = Vec::new();
        if slower <= within {
            near.push((limit + self.resolution, slower.max(0.0)));
        }
        if let Some(faster) = faster.filter(|faster| -faster <= within) {
            near.push((limit - self.resolution, faster));
        }
        near.into_iter()
            .min_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))
    }
}

/// What grading needs from `problem.yaml`.
#[derive(Debug, Clone, PartialEq)]
pub struct Metadata {
    pub format: FormatVersion,
    /// The problem's name (its English one when there are several), if it has one.
    pub name: Option<String>,
    pub interactive: bool,
    /// A multi-pass problem's most passes (`limits.validation_passes`, 2 unless given);
    /// `None` for a problem of one pass.
    pub validation_passes: Option<u32>,
    /// The problem says it has a custom output validator (legacy `validation: custom`); in the
    /// newer formats a validator program's presence says so.
    pub custom_validation: bool,
    /// `validator_flags` (legacy), split on whitespace.
    pub validator_flags: Vec<String>,
    pub time: TimeRules,
    pub memory_mib: u64,
    pub output_mib: u64,
    /// What problem.yaml guarantees the package's tools and limits its submissions' code to.
    pub resources: Resources,
    pub source: Option<String>,
    /// What problem.yaml says about the problem beyond grading.
    pub about: About,
    /// `constants`, written into the package's validators, included files and
    /// `test_group.yaml` files.
    pub constants: Constants,
}

/// The limits of problem.yaml (2023-07, 2025-09) beyond a submission's run: the most a
/// submission's files may hold (`code`), and what the tools must be given at least
/// (`compilation_*` for building submissions, `validation_*` for validators and visualizers).
/// `None` where problem.yaml leaves it to the judge.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Resources {
    pub code_kib: Option<u64>,
    pub compilation_time: Option<Duration>,
    pub compilation_memory_mib: Option<u64>,
    pub validation_time: Option<Duration>,
    pub validation_memory_mib: Option<u64>,
    pub validation_output_mib: Option<u64>,
}

/// What problem.yaml says about a problem that grading does not need, for `judge show`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct About {
    pub uuid: Option<String>,
    pub version: Option<String>,
    /// `credits`: each role (`authors`, `testers`, `translators (da)` ...) with its people,
    /// in the order problem.yaml gives them (legacy `author` is `authors`).
    pub credits: Vec<(String, Vec<String>)>,
    /// `source`: each entry's name, with its URL in brackets when it has one (legacy
    /// `source_url` too).
    pub sources: Vec<String>,
    pub license: Option<String>,
    pub rights_owner: Option<String>,
    pub keywords: Vec<String>,
    /// `languages` (`all` when not given).
    pub languages: Vec<String>,
    pub embargo_until: Option<String>,
}

/// The keys of a 2025-09 `problem.yaml`.
const KEYS_2025: [&str; 15] = [
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "credits",
    "source",
    "license",
    "rights_owner",
    "embargo_until",
    "limits",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
];

/// The keys of `limits` in 2025-09.
const LIMIT_KEYS_2025: [&str; 12] = [
    "time_multipliers",
    "time_limit",
    "time_resolution",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    "validation_passes",
];

/// The values 2025-09 allows for `license`.
const LICENSES: [&str; 7] = [
    "unknown",
    "public domain",
    "cc0",
    "cc by",
    "cc by-sa",
    "educational",
    "permission",
];

/// The roles of `credits` in 2025-09.
const CREDIT_ROLES: [&str; 6] = [
    "authors",
    "contributors",
    "testers",
    "translators",
    "packagers",
    "acknowledgements",
];

/// The most passes a multi-pass problem may ask for: a pass is a run of the submission, and
/// a problem of tens of passes is already long to judge.
const MAX_PASSES: u64 = 1000;

/// Memory a package gets unless it says otherwise, MiB (the format's default).
const DEFAULT_MEMORY_MIB: u64 = 2048;
/// Output a package allows unless it says otherwise, MiB.
const DEFAULT_OUTPUT_MIB: u64 = 8;

/// Reads `problem.yaml` of the package `package` (an empty file is a legacy package with
/// every default).
pub fn read(package: &Folder, file: &Path) -> Result<Metadata, PackageError> {
    let text = package.read_text(file, Cap::CONFIG)?;
    let value: Value = if text.trim().is_empty() {
        Value::Null
    } else {
        yaml_serde::from_str(&text).map_err(|e| PackageError::invalid(file, e.to_string()))?
    };
    parse(file, &value)
}

fn parse(file: &Path, root: &Value) -> Result<Metadata, PackageError> {
    let bad = |key: &str, why: &str| PackageError::invalid(file, format!("{key}: {why}"));
    if !(root.is_null() || root.is_mapping()) {
        return Err(PackageError::invalid(file, "is not a mapping of keys"));
    }
    let get = |key: &str| root.get(key).filter(|v| !v.is_null());
    let format = match get("problem_format_version") {
        None => FormatVersion::Legacy,
        Some(v) => match scalar_text(v).as_deref() {
            Some("legacy") | Some("legacy-icpc") => FormatVersion::Legacy,
            Some("2023-07-draft") | Some("2023-07") => FormatVersion::V2023_07,
            Some("2025-09") | Some("2025-09-draft") => FormatVersion::V2025_09,
            Some(other) => {
                return Err(bad(
                    "problem_format_version",
                    &format!(
                        "{other:?} is not a format this judge reads (legacy, 2023-07, 2025-09)"
                    ),
                ))
            }
            None => return Err(bad("problem_format_version", "must be a string")),
        },
    };
    if format == FormatVersion::V2025_09 {
        unknown_keys(file, root, "", &KEYS_2025)?;
        if let Some(limits) = get("limits").filter(|l| l.is_mapping()) {
            unknown_keys(file, limits, "limits.", &LIMIT_KEYS_2025)?;
            if let Some(m) = limits.get("time_multipliers").filter(|m| m.is_mapping()) {
                unknown_keys(
                    file,
                    m,
                    "limits.time_multipliers.",
                    &["ac_to_time_limit", "time_limit_to_tle"],
                )?;
            }
        }
    }
    let about = about(file, root, format)?;
    let name = match get("name") {
        None => None,
        Some(Value::String(name)) => Some(name.clone()),
        Some(Value::Mapping(names)) => names
            .get("en")
            .or_else(|| names.values().next())
            .and_then(Value::as_str)
            .map(str::to_string),
        Some(_) => return Err(bad("name", "must be a string or a map of languages")),
    };
    let source = match get("source") {
        None => None,
        Some(Value::Mapping(m)) => m.get("name").and_then(Value::as_str).map(str::to_string),
        Some(Value::Sequence(items)) => items.first().and_then(|first| match first {
            Value::Mapping(m) => m.get("name").and_then(scalar_text),
            other => scalar_text(other),
        }),
        Some(v) => scalar_text(v),
    };

    let (interactive, custom_validation, validator_flags) = match format {
        FormatVersion::Legacy => {
            let validation = match get("validation") {
                None => "default".to_string(),
                Some(v) => scalar_text(v).ok_or_else(|| bad("validation", "must be a string"))?,
            };
            let words: Vec<&str> = validation.split_whitespace().collect();
            let custom = match words.first() {
                Some(&"default") if words.len() == 1 => false,
                Some(&"custom") => true,
                _ => {
                    return Err(bad(
                        "validation",
                        &format!(
                            "{validation:?} is neither default nor custom [interactive] [score]"
                        ),
                    ))
                }
            };
            for word in &words[1..] {
                match *word {
                    "interactive" => {}
                    // The validator gives scores (`score.txt`): read for every test.
                    "score" => {}
                    other => return Err(bad("validation", &format!("unknown word {other:?}"))),
                }
            }
            let flags = match get("validator_flags") {
                None => Vec::new(),
                Some(v) => {
                    split_args(v).ok_or_else(|| bad("validator_flags", "must be a string"))?
                }
            };
            (words.contains(&"interactive"), custom, flags)
        }
        FormatVersion::V2023_07 | FormatVersion::V2025_09 => {
            let types: Vec<String> = match get("type") {
                None => vec!["pass-fail".to_string()],
                Some(Value::Sequence(items)) => items
                    .iter()
                    .map(|v| scalar_text(v).ok_or_else(|| bad("type", "must be strings")))
                    .collect::<Result<_, _>>()?,
                Some(v) => scalar_text(v)
                    .ok_or_else(|| bad("type", "must be a string or a list"))?
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
            };
            for kind in &types {
                match kind.as_str() {
                    "pass-fail" | "interactive" | "scoring" | "multi-pass" => {}
                    "submit-answer" => {
                        return Err(bad(
                            "type",
                            &format!("{kind} problems are not graded by this judge"),
                        ))
                    }
                    other => return Err(bad("type", &format!("unknown type {other:?}"))),
                }
            }
            if get("validation").is_some() || get("validator_flags").is_some() {
                return Err(bad(
                    "validation",
                    "belongs to the legacy format; here the output validator's presence and the test groups' arguments say it",
                ));
            }
            let interactive = types.iter().any(|t| t == "interactive");
            (interactive, false, Vec::new())
        }
    };
    let multi_pass = format != FormatVersion::Legacy
        && match get("type") {
            Some(Value::Sequence(items)) => items.iter().any(|v| v.as_str() == Some("multi-pass")),
            Some(v) => {
                scalar_text(v).is_some_and(|t| t.split_whitespace().any(|w| w == "multi-pass"))
            }
            None => false,
        };

    let limits = get("limits");
    if limits.is_some_and(|l| !l.is_mapping()) {
        return Err(bad("limits", "must be a mapping"));
    }
    let limit = |key: &str| limits.and_then(|l| l.get(key)).filter(|v| !v.is_null());
    // A number held to its bound; the message names the key and the bound.
    let bounded = |key: &str, value: &Value, bound: &'static Bound| -> Result<f64, PackageError> {
        let checked = match value {
            Value::Number(n) => n
                .as_f64()
                .map_or_else(|| Err(bound.not_a_number(n)), |x| bound.real(x)),
            other => Err(bound.not_a_number(shown(other))),
        };
        checked.map_err(|e| bad(key, &e.to_string()))
    };
    let number = |key: &str, bound: &'static Bound| -> Result<Option<f64>, PackageError> {
        limit(key)
            .map(|v| bounded(&format!("limits.{key}"), v, bound))
            .transpose()
    };
    let whole = |key: &str, default: u64, bound: &'static Bound| -> Result<u64, PackageError> {
        match limit(key) {
            None => Ok(default),
            Some(v) => {
                let checked = match v.as_u64() {
                    Some(x) => bound.whole(x),
                    None => Err(bound.not_a_number(shown(v))),
                };
                checked.map_err(|e| bad(&format!("limits.{key}"), &e.to_string()))
            }
        }
    };
    let time = match format {
        FormatVersion::Legacy => {
            if limit("time_limit").is_some() {
                return Err(bad(
                    "limits.time_limit",
                    "is not a key of the legacy format (a .timelimit file, or problem_format_version 2023-07, fixes the limit)",
                ));
            }
            TimeRules {
                fixed: None,
                ac_to_time_limit: number("time_multiplier", &bounds::FACTOR)?.unwrap_or(5.0),
                time_limit_to_tle: number("time_safety_margin", &bounds::FACTOR)?.unwrap_or(2.0),
                resolution: 1.0,
            }
        }
        _ => {
            let multipliers = limit("time_multipliers");
            if multipliers.is_some_and(|m| !m.is_mapping()) {
                return Err(bad("limits.time_multipliers", "must be a mapping"));
            }
            let multiplier = |key: &str, default: f64| -> Result<f64, PackageError> {
                match multipliers
                    .and_then(|m| m.get(key))
                    .filter(|v| !v.is_null())
                {
                    None => Ok(default),
                    Some(v) => bounded(
                        &format!("limits.time_multipliers.{key}"),
                        v,
                        &bounds::FACTOR,
                    ),
                }
            };
            TimeRules {
                fixed: number("time_limit", &bounds::TIME_LIMIT)?,
                ac_to_time_limit: multiplier("ac_to_time_limit", 2.0)?,
                time_limit_to_tle: multiplier("time_limit_to_tle", 1.5)?,
                resolution: number("time_resolution", &bounds::TIME_RESOLUTION)?.unwrap_or(1.0),
            }
        }
    };
    // Only a multi-pass problem has passes: the key is left alone on another.
    let validation_passes = match limit("validation_passes").filter(|_| multi_pass) {
        None => None,
        Some(v) => match v.as_u64() {
            Some(passes @ 2..=MAX_PASSES) => Some(passes as u32),
            _ => {
                return Err(bad(
                    "limits.validation_passes",
                    &format!(
                        "must be a whole number between 2 and {MAX_PASSES}, found {}",
                        shown(v)
                    ),
                ))
            }
        },
    };
    let validation_passes = multi_pass.then(|| validation_passes.unwrap_or(2));
    let optional_whole = |key: &str, bound: &'static Bound| -> Result<Option<u64>, PackageError> {
        limit(key).map(|_| whole(key, 0, bound)).transpose()
    };
    let seconds = |key: &str| -> Result<Option<Duration>, PackageError> {
        Ok(number(key, &bounds::TIME_LIMIT)?.map(Duration::from_secs_f64))
    };
    let resources = Resources {
        code_kib: optional_whole("code", &bounds::CODE)?,
        compilation_time: seconds("compilation_time")?,
        compilation_memory_mib: optional_whole("compilation_memory", &bounds::MEMORY)?,
        validation_time: seconds("validation_time")?,
        validation_memory_mib: optional_whole("validation_memory", &bounds::MEMORY)?,
        validation_output_mib: optional_whole("validation_output", &bounds::OUTPUT)?,
    };
    Ok(Metadata {
        format,
        name,
        interactive,
        validation_passes,
        custom_validation,
        validator_flags,
        time,
        memory_mib: whole("memory", DEFAULT_MEMORY_MIB, &bounds::MEMORY)?,
        output_mib: whole("output", DEFAULT_OUTPUT_MIB, &bounds::OUTPUT)?,
        resources,
        source,
        about,
        constants: Constants::of(root.get("constants")),
    })
}

/// An error naming the first key of the mapping `map` that is not one of `known` (`prefix`
/// puts it in its place: `limits.`).
fn unknown_keys(
    file: &Path,
    map: &Value,
    prefix: &str,
    known: &[&str],
) -> Result<(), PackageError> {
    let Some(map) = map.as_mapping() else {
        return Ok(());
    };
    for key in map.keys() {
        let name = scalar_text(key).unwrap_or_else(|| shown(key));
        if !known.contains(&name.as_str()) {
            return Err(PackageError::invalid(
                file,
                format!(
                    "{prefix}{name}: is not a key of problem.yaml in the 2025-09 format (its keys: {})",
                    known.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// The facts about the problem beyond grading. In 2025-09 their forms are checked (a wrong
/// one is an error naming the key); in the older formats they are read where they have a
/// form judge knows and otherwise left alone, as problemtools leaves them.
fn about(file: &Path, root: &Value, format: FormatVersion) -> Result<About, PackageError> {
    let strict = format == FormatVersion::V2025_09;
    let bad = |key: &str, why: &str| PackageError::invalid(file, format!("{key}: {why}"));
    let get = |key: &str| root.get(key).filter(|v| !v.is_null());
    // A string key: its text, or an error (2025-09) / nothing (older) for another form.
    let text = |key: &str| -> Result<Option<String>, PackageError> {
        match get(key) {
            None => Ok(None),
            Some(v) => match scalar_text(v) {
                Some(t) => Ok(Some(t)),
                None if strict => Err(bad(key, "must be a string")),
                None => Ok(None),
            },
        }
    };
    let mut about = About {
        uuid: text("uuid")?,
        version: text("version")?,
        rights_owner: text("rights_owner")?,
        embargo_until: text("embargo_until")?,
        license: text("license")?,
        ..About::default()
    };
    if strict {
        if let Some(license) = &about.license {
            if !LICENSES.contains(&license.as_str()) {
                return Err(bad(
                    "license",
                    &format!("{license:?} is not one of {}", LICENSES.join(", ")),
                ));
            }
        }
    }
    // A person: `Name <email>`, or a map with `name` (and `email`, `orcid`, `kattis`).
    let person = |key: &str, v: &Value| -> Result<String, PackageError> {
        match v {
            Value::Mapping(m) => {
                let name = m.get("name").and_then(scalar_text).ok_or_else(|| {
                    bad(key, "a person given as a map needs its name (name: ...)")
                })?;
                Ok(match m.get("email").and_then(scalar_text) {
                    Some(email) => format!("{name} <{email}>"),
                    None => name,
                })
            }
            other => scalar_text(other)
                .ok_or_else(|| bad(key, "a person is a string or a map with a name")),
        }
    };
    let people = |key: &str, v: &Value| -> Result<Vec<String>, PackageError> {
        match v {
            Value::Sequence(items) if items.is_empty() && strict => {
                Err(bad(key, "must not be an empty list"))
            }
            Value::Sequence(items) => items.iter().map(|p| person(key, p)).collect(),
            other => Ok(vec![person(key, other)?]),
        }
    };
    match get("credits") {
        None => {}
        Some(Value::Mapping(roles)) => {
            for (role, value) in roles {
                let role = scalar_text(role).unwrap_or_default();
                let key = format!("credits.{role}");
                if !CREDIT_ROLES.contains(&role.as_str()) {
                    if strict {
                        return Err(bad(
                            &key,
                            &format!(
                                "is not a kind of credit (those are {})",
                                CREDIT_ROLES.join(", ")
                            ),
                        ));
                    }
                    continue;
                }
                if value.is_null() {
                    continue;
                }
                if role == "translators" {
                    let Value::Mapping(languages) = value else {
                        return Err(bad(&key, "must be a map of languages to people"));
                    };
                    for (language, who) in languages {
                        let language = scalar_text(language).unwrap_or_default();
                        let key = format!("{key}.{language}");
                        about
                            .credits
                            .push((format!("translators ({language})"), people(&key, who)?));
                    }
                } else {
                    about.credits.push((role, people(&key, value)?));
                }
            }
        }
        Some(other) => about
            .credits
            .push(("authors".into(), people("credits", other)?)),
    }
    // Legacy `author`.
    if let (FormatVersion::Legacy, Some(author)) = (format, text("author")?) {
        about.credits.push(("authors".into(), vec![author]));
    }
    let source_entry = |v: &Value| -> Result<String, PackageError> {
        match v {
            Value::Mapping(m) => {
                let name = m
                    .get("name")
                    .and_then(scalar_text)
                    .ok_or_else(|| bad("source", "an entry given as a map needs its name"))?;
                Ok(match m.get("url").and_then(scalar_text) {
                    Some(url) => format!("{name} ({url})"),
                    None => name,
                })
            }
            other => {
                scalar_text(other).ok_or_else(|| bad("source", "an entry is a string or a map"))
            }
        }
    };
    match get("source") {
        None => {}
        Some(Value::Sequence(items)) => {
            for item in items {
                about.sources.push(source_entry(item)?);
            }
        }
        Some(other) => {
            let mut entry = source_entry(other)?;
            if let (FormatVersion::Legacy, Some(url)) = (format, text("source_url")?) {
                entry = format!("{entry} ({url})");
            }
            about.sources.push(entry);
        }
    }
    let words = |key: &str| -> Result<Vec<String>, PackageError> {
        match get(key) {
            None => Ok(Vec::new()),
            Some(Value::Sequence(items)) => items
                .iter()
                .map(|w| scalar_text(w).ok_or_else(|| bad(key, "must be a list of strings")))
                .collect(),
            // Legacy packages give keywords as one string of words.
            Some(other) if !strict || key == "languages" => Ok(split_args(other)
                .ok_or_else(|| bad(key, "must be a string or a list of strings"))?),
            Some(_) => Err(bad(key, "must be a list of strings")),
        }
    };
    about.keywords = words("keywords")?;
    about.languages = words("languages")?;
    Ok(about)
}

/// A value as a message shows it: a scalar as written, anything else by its kind.
fn shown(value: &Value) -> String {
    match scalar_text(value) {
        Some(text) => format!("{text:?}"),
        None if value.is_sequence() => "a list".into(),
        None => "a mapping".into(),
    }
}

/// A scalar as text (`1` and `1.5` too, as YAML reads unquoted numbers).
pub(super) fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Arguments given as one string (split on whitespace) or a list of strings.
pub(super) fn split_args(value: &Value) -> Option<Vec<String>> {
    match value {
        Value::Sequence(items) => items.iter().map(scalar_text).collect(),
        other => scalar_text(other).map(|s| s.split_whitespace().map(str::to_string).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_text(text: &str) -> Result<Metadata, String> {
        let value: Value = yaml_serde::from_str(text).unwrap();
        parse(Path::new("problem.yaml"), &value).map_err(|e| e.to_string())
    }

    #[test]
    fn a_limit_near_a_rounding_step_names_the_limit_a_step_away() {
        let rules = TimeRules {
            fixed: None,
            ac_to_time_limit: 5.0,
            time_limit_to_tle: 2.0,
            resolution: 1.0,
        };
        // 400 ms x 5 is 2 s exactly: any slower run gives 3 s (kth2022's emergencyexit: judge
        // measured 400 ms, problemtools 401 ms).
        let (other, change) = rules.near_step(0.400, 0.05).unwrap();
        assert_eq!(other, 3.0);
        assert!((0.0..1e-9).contains(&change), "{change}");
        // 401 ms gives 3 s; 0.25 % faster gives 2 s.
        assert_eq!(rules.derive(0.401), 3.0);
        let (other, change) = rules.near_step(0.401, 0.05).unwrap();
        assert_eq!(other, 2.0);
        assert!((change + 0.0025).abs() < 1e-4, "{change}");
        // 300 ms gives 2 s, far from both steps (1.5 of 2).
        assert_eq!(rules.near_step(0.300, 0.05), None);
        // 390 ms: 2.6 % slower gives 3 s.
        let (other, change) = rules.near_step(0.390, 0.05).unwrap();
        assert_eq!(other, 3.0);
        assert!((change - 0.02564).abs() < 1e-4, "{change}");
        // The least limit has no step below it: 30 ms gives 1 s, and nothing near.
        assert_eq!(rules.near_step(0.030, 0.05), None);
        assert_eq!(rules.near_step(0.0, 0.05), None);
        // A fixed limit is not derived.
        let fixed = TimeRules {
            fixed: Some(2.0),
            ..rules
        };
        assert_eq!(fixed.near_step(0.400, 0.05), None);
    }

    #[test]
    fn legacy_defaults_and_flags() {
        let m = parse_text("validation: custom interactive\nvalidator_flags: a  b\nlimits:\n  memory: 256\n  time_multiplier: 3\n").unwrap();
        assert_eq!(m.format, FormatVersion::Legacy);
        assert!(m.interactive && m.custom_validation);
        assert_eq!(m.validator_flags, ["a", "b"]);
        assert_eq!(m.memory_mib, 256);
        assert_eq!(m.output_mib, 8);
        assert_eq!(m.time.ac_to_time_limit, 3.0);
        assert_eq!(m.time.time_limit_to_tle, 2.0);
        assert_eq!(m.time.fixed, None);
        let plain = parse_text("name: Sum\n").unwrap();
        assert!(!plain.interactive && !plain.custom_validation);
        assert_eq!(plain.name.as_deref(), Some("Sum"));
    }

    #[test]
    fn newer_formats_fix_the_limit_and_name_their_types() {
        let m = parse_text(
            "problem_format_version: 2023-07-draft\nname: {en: Divisor, sv: Delare}\ntype: [pass-fail, interactive]\nlimits: {time_limit: 1.5, memory: 512}\n",
        )
        .unwrap();
        assert_eq!(m.format, FormatVersion::V2023_07);
        assert!(m.interactive);
        assert_eq!(m.name.as_deref(), Some("Divisor"));
        assert_eq!(m.time.fixed, Some(1.5));
        assert_eq!(m.time.ac_to_time_limit, 2.0);
        assert_eq!(m.time.time_limit_to_tle, 1.5);
        let m = parse_text("problem_format_version: 2025-09\ntype: interactive\n").unwrap();
        assert_eq!(m.format, FormatVersion::V2025_09);
        assert!(m.interactive);
    }

    #[test]
    fn a_multi_pass_problem_carries_its_most_passes() {
        let of = |text: &str| parse_text(text).map(|m| m.validation_passes);
        assert_eq!(
            of("problem_format_version: 2025-09\ntype: multi-pass\n"),
            Ok(Some(2))
        );
        assert_eq!(
            of("problem_format_version: 2025-09\ntype: multi-pass\nlimits:\n  validation_passes: 5\n"),
            Ok(Some(5))
        );
        assert_eq!(of("problem_format_version: 2025-09\n"), Ok(None));
        for bad in ["1", "-3", "two", "1001"] {
            let e = of(&format!(
                "problem_format_version: 2025-09\ntype: multi-pass\nlimits:\n  validation_passes: {bad}\n"
            ))
            .unwrap_err();
            assert!(
                e.contains("limits.validation_passes: must be a whole number between 2 and 1000"),
                "{e}"
            );
        }
    }

    #[test]
    fn what_cannot_be_graded_is_refused_by_name() {
        let e = parse_text("problem_format_version: 2023-07\ntype: submit-answer\n").unwrap_err();
        assert!(e.contains("submit-answer"), "{e}");
        // An interactive multi-pass problem is graded: its interactor asks for each pass.
        let both = parse_text("problem_format_version: 2025-09\ntype: [interactive, multi-pass]\n")
            .unwrap();
        assert!(both.interactive);
        assert_eq!(both.validation_passes, Some(2));
        // Scoring problems are graded (their groups are `scoring`'s).
        parse_text("problem_format_version: 2023-07\ntype: scoring\n").unwrap();
        parse_text("type: scoring\nvalidation: custom score\n").unwrap();
        let e = parse_text("problem_format_version: 1999\n").unwrap_err();
        assert!(e.contains("1999"), "{e}");
        let e = parse_text("limits:\n  time_limit: 2\n").unwrap_err();
        assert!(e.contains("legacy"), "{e}");
        let e = parse_text("limits:\n  memory: -5\n").unwrap_err();
        assert!(e.contains("limits.memory"), "{e}");
        let e = parse_text("- a\n- b\n").unwrap_err();
        assert!(e.contains("mapping"), "{e}");
    }

    /// problemtools' rule (`verifyproblem.py`, `Submissions._compute_time_limit`):
    /// `max(1, ceil(slowest x ac_to_time_limit / time_resolution)) x time_resolution`, in
    /// floating point as it computes it; the `max(1, ...)` counts steps of the resolution, not
    /// seconds.
    #[test]
    fn the_derived_limit_follows_problemtools_at_its_edges() {
        let legacy = parse_text("name: x\n").unwrap().time;
        assert_eq!(
            (
                legacy.ac_to_time_limit,
                legacy.time_limit_to_tle,
                legacy.resolution
            ),
            (5.0, 2.0, 1.0)
        );
        // Exactly on a boundary: not rounded up; a microsecond past it: the next step.
        assert_eq!(legacy.derive(0.2), 1.0);
        assert_eq!(legacy.derive(0.200_001), 2.0);
        assert_eq!(legacy.derive(0.4), 2.0);
        assert_eq!(legacy.derive(1.0), 5.0);
        assert_eq!(legacy.derive(1.000_001), 6.0);
        // Nothing measurable, or far below a step: one step.
        assert_eq!(legacy.derive(0.0), 1.0);
        assert_eq!(legacy.derive(0.000_001), 1.0);
        // Python 3 timed under PyPy on Kattis (1.73 s) against CPython here (10.9 s): the
        // issue's 9 s and 55 s.
        assert_eq!(legacy.derive(1.73), 9.0);
        assert_eq!(legacy.derive(10.9), 55.0);
        // A multiplier of the package's own.
        let ten = TimeRules {
            ac_to_time_limit: 10.0,
            ..legacy
        };
        assert_eq!(ten.derive(1.1), 11.0);
        assert_eq!(ten.derive(1.100_001), 12.0);

        let newer = parse_text("problem_format_version: 2025-09\nname: x\n")
            .unwrap()
            .time;
        assert_eq!(
            (
                newer.ac_to_time_limit,
                newer.time_limit_to_tle,
                newer.resolution
            ),
            (2.0, 1.5, 1.0)
        );
        assert_eq!(newer.derive(0.5), 1.0);
        assert_eq!(newer.derive(0.75), 2.0);
        assert_eq!(newer.derive(1.73), 4.0);
        // A resolution below a second: the limit may be below a second too (max counts
        // steps), and a time below one step gives one step.
        let half = parse_text(
            "problem_format_version: 2023-07-draft\nlimits:\n  time_resolution: 0.5\n  time_multipliers: {ac_to_time_limit: 3, time_limit_to_tle: 1.25}\n",
        )
        .unwrap()
        .time;
        assert_eq!(
            (
                half.ac_to_time_limit,
                half.time_limit_to_tle,
                half.resolution
            ),
            (3.0, 1.25, 0.5)
        );
        assert_eq!(half.derive(0.0), 0.5);
        assert_eq!(half.derive(0.1), 0.5);
        assert_eq!(half.derive(0.5), 1.5);
        assert_eq!(half.derive(0.51), 2.0);
        // A resolution above a second: whole steps of it.
        let two = TimeRules {
            resolution: 2.0,
            ..newer
        };
        assert_eq!(two.derive(0.1), 2.0);
        assert_eq!(two.derive(1.0), 2.0);
        assert_eq!(two.derive(1.1), 4.0);
        // Legacy names map to the newer ones.
        let legacy = parse_text("limits:\n  time_multiplier: 3\n  time_safety_margin: 1.5\n")
            .unwrap()
            .time;
        assert_eq!(
            (legacy.ac_to_time_limit, legacy.time_limit_to_tle),
            (3.0, 1.5)
        );
        assert_eq!(legacy.derive(0.34), 2.0);
    }

    #[test]
    fn the_derived_limit_rounds_up_to_whole_steps() {
        let legacy = TimeRules {
            fixed: None,
            ac_to_time_limit: 5.0,
            time_limit_to_tle: 2.0,
            resolution: 1.0,
        };
        assert_eq!(legacy.derive(0.179), 1.0);
        assert_eq!(legacy.derive(0.21), 2.0);
        assert_eq!(legacy.derive(0.0), 1.0);
        let fine = TimeRules {
            resolution: 0.5,
            ..legacy
        };
        assert_eq!(fine.derive(0.21), 1.5);
    }

    #[test]
    fn a_2025_problem_yaml_names_a_key_the_format_lacks() {
        let base = "problem_format_version: 2025-09\nname: x\nuuid: u\n";
        for (extra, key) in [
            ("author: A\n", "author: is not a key"),
            ("validator_flags: x\n", "validator_flags: is not a key"),
            (
                "limits:\n  time_limt: 1\n",
                "limits.time_limt: is not a key",
            ),
            (
                "limits:\n  time_multipliers:\n    ac_to_tle: 2\n",
                "limits.time_multipliers.ac_to_tle: is not a key",
            ),
            ("license: mine\n", "license: \"mine\" is not one of"),
            (
                "credits:\n  writers: W\n",
                "credits.writers: is not a kind of credit",
            ),
            (
                "credits:\n  testers: []\n",
                "credits.testers: must not be an empty list",
            ),
            ("keywords: a b\n", "keywords: must be a list"),
        ] {
            let e = parse_text(&format!("{base}{extra}")).unwrap_err();
            assert!(e.contains(key), "{extra:?}: {e}");
            assert!(e.contains("problem.yaml"), "{e}");
        }
        // Every key of the format is read, the limits the format guarantees to tools too.
        let all = parse_text(&format!(
            "{base}type: [pass-fail]\nversion: '1'\nrights_owner: R\nembargo_until: 2030-01-01\nlanguages: [cpp, python3]\nallow_file_writing: false\nconstants: {{n: 5}}\nlimits:\n  code: 128\n  compilation_time: 90\n  compilation_memory: 4096\n  validation_time: 120\n  validation_memory: 3072\n  validation_output: 16\n  validation_passes: 2\n"
        ))
        .unwrap();
        assert_eq!(
            all.resources,
            Resources {
                code_kib: Some(128),
                compilation_time: Some(Duration::from_secs(90)),
                compilation_memory_mib: Some(4096),
                validation_time: Some(Duration::from_secs(120)),
                validation_memory_mib: Some(3072),
                validation_output_mib: Some(16),
            }
        );
        assert_eq!(parse_text(base).unwrap().resources, Resources::default());
        for (extra, key) in [
            ("limits:\n  code: 0\n", "limits.code"),
            (
                "limits:\n  compilation_memory: lots\n",
                "limits.compilation_memory",
            ),
            ("limits:\n  validation_time: -1\n", "limits.validation_time"),
        ] {
            let e = parse_text(&format!("{base}{extra}")).unwrap_err();
            assert!(e.contains(key), "{extra:?}: {e}");
        }
        // The older formats keep their leniency.
        parse_text("problem_format_version: 2023-07\ncolor: red\n").unwrap();
        parse_text("author: A\nsource_url: https://x.example\nsource: X\n").unwrap();
    }

    #[test]
    fn what_problem_yaml_says_about_the_problem_is_kept() {
        let m = parse_text(
            "problem_format_version: 2025-09\nname: x\nuuid: 1234\nversion: v2\nlicense: cc by-sa\nrights_owner: Org\n\
             credits:\n  authors: Ann <ann@x.example>\n  testers:\n    - name: Tom\n      email: tom@x.example\n    - Tim\n  translators:\n    sv: Sven\n\
             source:\n  - name: NWERC 2024\n    url: https://nwerc.example\n  - SWERC 2024\nkeywords: [graphs, greedy]\nlanguages: [cpp]\n",
        )
        .unwrap();
        let about = &m.about;
        assert_eq!(about.uuid.as_deref(), Some("1234"));
        assert_eq!(about.version.as_deref(), Some("v2"));
        assert_eq!(about.license.as_deref(), Some("cc by-sa"));
        assert_eq!(about.rights_owner.as_deref(), Some("Org"));
        assert_eq!(
            about.credits,
            [
                (
                    "authors".to_string(),
                    vec!["Ann <ann@x.example>".to_string()]
                ),
                (
                    "testers".to_string(),
                    vec!["Tom <tom@x.example>".to_string(), "Tim".to_string()]
                ),
                ("translators (sv)".to_string(), vec!["Sven".to_string()]),
            ]
        );
        assert_eq!(
            about.sources,
            ["NWERC 2024 (https://nwerc.example)", "SWERC 2024"]
        );
        assert_eq!(m.source.as_deref(), Some("NWERC 2024"));
        assert_eq!(about.keywords, ["graphs", "greedy"]);
        assert_eq!(about.languages, ["cpp"]);
        // A string of credits is its authors.
        let m =
            parse_text("problem_format_version: 2025-09\ncredits: Ann\nsource: BAPC\n").unwrap();
        assert_eq!(
            m.about.credits,
            [("authors".to_string(), vec!["Ann".to_string()])]
        );
        assert_eq!(m.about.sources, ["BAPC"]);
        // Legacy: author, source_url, keywords as one string.
        let m =
            parse_text("author: Ann\nsource: X\nsource_url: https://x.example\nkeywords: a b\n")
                .unwrap();
        assert_eq!(
            m.about.credits,
            [("authors".to_string(), vec!["Ann".to_string()])]
        );
        assert_eq!(m.about.sources, ["X (https://x.example)"]);
        assert_eq!(m.about.keywords, ["a", "b"]);
    }
}
