//! DOMjudge's extensions of the package format, as DOMjudge imports a package: a
//! `domjudge-problem.ini` (`key = value` lines; DOMjudge reads `name`, `timelimit`,
//! `special_run`, `special_compare`, `points`, `color`, `allow_submit`, `allow_judge`) and a
//! `.timelimit` file (one number: the limit of the BAPC and ICPC archives DOMjudge imports).
//! What grading can use is read: the time limit DOMjudge would judge at (the ini's, else
//! `.timelimit`'s) and the name; the keys that name DOMjudge's own executables are said to be
//! unused, and where the files disagree with each other or with `problem.yaml` is noted.

use std::path::Path;

use super::{Metadata, PackageError};
use judge_core::files::{Cap, Folder};

/// What DOMjudge's files of a package say.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Domjudge {
    /// The time limit DOMjudge judges at, seconds, and the file that fixes it.
    pub time_limit: Option<(f64, &'static str)>,
    /// The ini's `name`.
    pub name: Option<String>,
    /// Keys DOMjudge reads that this judge does not use, and disagreements, each a sentence.
    pub notes: Vec<String>,
}

const INI: &str = "domjudge-problem.ini";
const TIMELIMIT: &str = ".timelimit";

/// Reads DOMjudge's files of the package `folder` (none is nothing to say), noting where they
/// disagree with `metadata` (problem.yaml).
pub fn read(folder: &Folder, metadata: &Metadata) -> Result<Domjudge, PackageError> {
    let mut found = Domjudge::default();
    let timelimit = timelimit_file(folder)?;
    let ini_file = folder.root().join(INI);
    let mut ini_limit = None;
    if folder.kind_if_any(&ini_file)?.is_some() {
        let text = folder.read_text(&ini_file, Cap::CONFIG)?;
        for (key, value) in parse_ini(&text) {
            match key.as_str() {
                "timelimit" => ini_limit = Some(seconds(&ini_file, "timelimit", &value)?),
                "name" => found.name = Some(value),
                "special_run" | "special_compare" if !value.is_empty() => {
                    found.notes.push(format!(
                        "{INI}: {key} = {value} names one of DOMjudge's own executables, which \
                         is not in the package: not used (the package's validators are)"
                    ))
                }
                _ => {}
            }
        }
    }
    if let (Some(ini), Some(file)) = (ini_limit, timelimit) {
        if ini != file {
            found.notes.push(format!(
                "{INI} says timelimit = {ini} s and {TIMELIMIT} {file} s: DOMjudge's is the ini's"
            ));
        }
    }
    found.time_limit = match (ini_limit, timelimit) {
        (Some(ini), _) => Some((ini, INI)),
        (None, Some(file)) => Some((file, TIMELIMIT)),
        (None, None) => None,
    };
    if let (Some((domjudge, file)), Some(yaml)) = (found.time_limit, metadata.time.fixed) {
        if domjudge != yaml {
            found.notes.push(format!(
                "{file} fixes a time limit of {domjudge} s, problem.yaml's limits.time_limit \
                 {yaml} s: problem.yaml's grades"
            ));
        }
    }
    if let (Some(ini), Some(yaml)) = (&found.name, &metadata.name) {
        if ini != yaml {
            found.notes.push(format!(
                "{INI} names the problem {ini:?}, problem.yaml {yaml:?}: problem.yaml's is used"
            ));
        }
    }
    Ok(found)
}

/// The limit in a `.timelimit` file, seconds.
fn timelimit_file(folder: &Folder) -> Result<Option<f64>, PackageError> {
    let file = folder.root().join(TIMELIMIT);
    if folder.kind_if_any(&file)?.is_none() {
        return Ok(None);
    }
    let text = folder.read_text(&file, Cap::CONFIG)?;
    seconds(&file, "the file", text.trim()).map(Some)
}

/// A number of seconds within the time-limit bound (`bounds::TIME_LIMIT`, the one the command
/// line and problem.yaml are held to), or an error naming the file, what it holds and the bound.
fn seconds(file: &Path, what: &str, text: &str) -> Result<f64, PackageError> {
    judge_core::bounds::TIME_LIMIT
        .parse_real(text)
        .map_err(|e| PackageError::invalid(file, format!("{what}: the time limit {e}")))
}

/// The `key = value` pairs of an ini file as PHP's `parse_ini_string` reads the simple ones
/// DOMjudge writes: a value may be quoted (and then hold anything but its quote, newlines
/// included); `;` and `#` start a comment line; `[section]` lines and lines without `=` are
/// passed over. Keys are lowercased.
fn parse_ini(text: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let line = &text[at..end];
        let mut next = end + 1;
        let trimmed = line.trim();
        let skipped = trimmed.is_empty() || trimmed.starts_with([';', '#', '[']);
        if let (false, Some(equals)) = (skipped, line.find('=')) {
            let key = line[..equals].trim().to_ascii_lowercase();
            let after = at + equals + 1;
            let start = after + (end - after - text[after..end].trim_start().len());
            let value = match text[start..end].chars().next() {
                Some(quote @ ('"' | '\'')) => match text[start + 1..].find(quote) {
                    Some(close) => {
                        let close = start + 1 + close;
                        next = text[close..].find('\n').map_or(text.len(), |i| close + i) + 1;
                        text[start + 1..close].to_string()
                    }
                    None => text[start + 1..end].to_string(),
                },
                _ => {
                    let value = &text[start..end];
                    value
                        .split_once(';')
                        .map_or(value, |(before, _)| before)
                        .trim()
                        .to_string()
                }
            };
            pairs.push((key, value));
        }
        at = next;
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ini_pairs_as_domjudge_writes_them() {
        let pairs = parse_ini(
            "; made by hand\ntimelimit = 4.0\nname='Chamber of Secrets'\n[x]\nCOLOR = #ff0000 ; red\n",
        );
        assert_eq!(
            pairs,
            [
                ("timelimit".to_string(), "4.0".to_string()),
                ("name".to_string(), "Chamber of Secrets".to_string()),
                ("color".to_string(), "#ff0000".to_string()),
            ]
        );
    }

    #[test]
    fn a_quoted_value_may_span_lines() {
        let pairs = parse_ini("name = \"two\nlines\"\ntimelimit = 2\n");
        assert_eq!(pairs[0], ("name".to_string(), "two\nlines".to_string()));
        assert_eq!(pairs[1], ("timelimit".to_string(), "2".to_string()));
    }
}
