//! Starting a project and a problem: `judge init` writes a commented `runner.toml` (every key
//! commented out, so the project starts on the built-in and the user's settings) with empty
//! `problems/` and `solutions/`; `judge new ID` writes a problem folder skeleton (problem.toml,
//! statement.md, samples/ with one example) into the project's `problems/`. Nothing existing
//! is overwritten.

use std::path::{Path, PathBuf};

use super::ConfigError;

const RUNNER_TEMPLATE: &str = include_str!("templates/runner.toml");
const PROBLEM_TEMPLATE: &str = include_str!("templates/problem.toml");
const STATEMENT_TEMPLATE: &str = include_str!("templates/statement.md");
const EXAMPLE_INPUT: &str = include_str!("templates/example.in");
const EXAMPLE_ANSWER: &str = include_str!("templates/example.ans");

fn create_dir(path: &Path) -> Result<(), ConfigError> {
    std::fs::create_dir_all(path).map_err(|cause| ConfigError::Write {
        path: path.to_path_buf(),
        cause,
    })
}

/// Writes a new file; an existing one is refused.
fn create_file(path: &Path, text: &str) -> Result<(), ConfigError> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|cause| match cause.kind() {
            std::io::ErrorKind::AlreadyExists => ConfigError::Exists {
                path: path.to_path_buf(),
            },
            _ => ConfigError::Write {
                path: path.to_path_buf(),
                cause,
            },
        })?;
    file.write_all(text.as_bytes())
        .map_err(|cause| ConfigError::Write {
            path: path.to_path_buf(),
            cause,
        })
}

/// Starts a project in `dir` (created if needed): `runner.toml`, `problems/`, `solutions/`.
/// Returns what it wrote.
pub fn init_project(dir: &Path) -> Result<Vec<PathBuf>, ConfigError> {
    let runner = dir.join(super::layers::FILE_NAME);
    if runner.exists() {
        return Err(ConfigError::Exists { path: runner });
    }
    create_dir(dir)?;
    create_file(&runner, RUNNER_TEMPLATE)?;
    let mut written = vec![runner];
    for folder in ["problems", "solutions"] {
        let path = dir.join(folder);
        create_dir(&path)?;
        written.push(path);
    }
    Ok(written)
}

/// A problem id is a folder name: letters, digits, `-` and `_`.
fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Writes the skeleton of problem `id` into `problems_dir/id/`. Returns the problem's folder.
pub fn new_problem(problems_dir: &Path, id: &str) -> Result<PathBuf, ConfigError> {
    if !valid_id(id) {
        return Err(ConfigError::BadProblemId { id: id.to_string() });
    }
    let dir = problems_dir.join(id);
    if dir.exists() {
        return Err(ConfigError::Exists { path: dir });
    }
    create_dir(&dir.join("samples"))?;
    create_file(
        &dir.join("problem.toml"),
        &PROBLEM_TEMPLATE.replace("{id}", id),
    )?;
    create_file(
        &dir.join("statement.md"),
        &STATEMENT_TEMPLATE.replace("{id}", id),
    )?;
    create_file(&dir.join("samples/example.in"), EXAMPLE_INPUT)?;
    create_file(&dir.join("samples/example.ans"), EXAMPLE_ANSWER)?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Layers, ProblemSpec, RunnerConfig};

    #[test]
    fn a_new_project_starts_on_the_built_in_settings() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("contest");
        let written = init_project(&root).unwrap();
        assert_eq!(written.len(), 3);
        assert!(root.join("problems").is_dir() && root.join("solutions").is_dir());
        let file = root.join("runner.toml");
        let layers = Layers::over_built_in(&file).unwrap();
        assert_eq!(
            layers.merged(),
            Layers::built_in().merged(),
            "a key is not commented out"
        );
        assert!(matches!(
            init_project(&root),
            Err(ConfigError::Exists { .. })
        ));
    }

    /// Every `# key = value` of the template's [defaults], [sandbox] and [validators],
    /// uncommented, is valid
    /// and is the built-in value (cache_dir: the one a project gets anyway): the comments say
    /// what the defaults are.
    #[test]
    fn the_commented_keys_of_the_template_are_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let built_in = Layers::built_in();
        let mut checked = 0;
        let mut table = String::new();
        for line in RUNNER_TEMPLATE.lines() {
            let header = line.trim_start_matches("# ");
            if header.starts_with('[') {
                table = header.trim_matches(['[', ']']).to_string();
            }
            let Some(setting) = line.strip_prefix("# ") else {
                continue;
            };
            if !setting.contains(" = ")
                || !["defaults", "sandbox", "validators"].contains(&table.as_str())
            {
                continue;
            }
            let file = dir.path().join("runner.toml");
            std::fs::write(&file, format!("[{table}]\n{setting}\n")).unwrap();
            let layers = Layers::over_built_in(&file).unwrap_or_else(|e| panic!("{setting}: {e}"));
            let key = setting.split(" = ").next().unwrap().trim();
            let written = &layers.merged()[table.as_str()][key];
            if key == "cache_dir" {
                let runner = RunnerConfig::resolve(layers).unwrap();
                let root = dir.path().canonicalize().unwrap();
                assert_eq!(runner.cache_dir, root.join(".judge-cache"), "{setting}");
            } else {
                let default = &built_in.merged()[table.as_str()][key];
                assert_eq!(written, default, "{setting}");
            }
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} keys checked");
    }

    #[test]
    fn a_new_problem_is_a_valid_folder_with_one_sample() {
        let dir = tempfile::tempdir().unwrap();
        let folder = new_problem(dir.path(), "sum-2").unwrap();
        let spec = ProblemSpec::load(&folder.join("problem.toml")).unwrap();
        assert_eq!(spec.id, "sum-2");
        let samples = crate::plan::tests_in(&spec.dir, &spec.samples_dir()).unwrap();
        assert_eq!(samples.len(), 1);
        assert!(matches!(
            new_problem(dir.path(), "sum-2"),
            Err(ConfigError::Exists { .. })
        ));
        for bad in ["", "a/b", "..", "x y"] {
            assert!(
                matches!(
                    new_problem(dir.path(), bad),
                    Err(ConfigError::BadProblemId { .. })
                ),
                "{bad:?}"
            );
        }
    }
}
