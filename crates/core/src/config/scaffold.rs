//! Starting a project and a problem: `judge init` writes a commented `runner.toml` (every key
//! commented out, so the project starts on the built-in and the user's settings) with empty
//! `problems/` and `solutions/`; `judge new ID` writes a problem that works at once and
//! teaches the format: a commented problem.toml, a statement, samples, a generator, a
//! reference, a validator and a checker (or, interactive, an interactor), and solutions of
//! two verdicts, in C++ or Python. In a project it goes into `problems/ID/` with its
//! solutions in `solutions/ID/`; elsewhere it is a folder standing alone, solutions inside.
//! Nothing existing is overwritten.

use std::path::{Path, PathBuf};

use include_dir::{include_dir, Dir, DirEntry};

use super::ConfigError;

const RUNNER_TEMPLATE: &str = include_str!("templates/runner.toml");

/// The problems `judge new` writes: `batch/` and `interactive/`, each with the files of every
/// language (problem.toml, statement.md, samples/) and a folder per language (`cpp/`, `py/`)
/// holding `programs/` and `solutions/`.
static NEW_PROBLEM: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/src/config/templates/new");

/// The language of a new problem's programs and solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScaffoldLanguage {
    Cpp,
    Python,
}

impl ScaffoldLanguage {
    /// Every language a new problem can be written in.
    pub const ALL: [ScaffoldLanguage; 2] = [ScaffoldLanguage::Cpp, ScaffoldLanguage::Python];

    /// The folder of its templates, and the extension of its files.
    fn extension(self) -> &'static str {
        match self {
            ScaffoldLanguage::Cpp => "cpp",
            ScaffoldLanguage::Python => "py",
        }
    }

    /// Its name for `--lang` (and the names it also answers to).
    pub fn names(self) -> &'static [&'static str] {
        match self {
            ScaffoldLanguage::Cpp => &["cpp", "c++"],
            ScaffoldLanguage::Python => &["py", "python"],
        }
    }

    /// The language called `name` (`cpp`, `c++`, `py`, `python`).
    pub fn named(name: &str) -> Option<ScaffoldLanguage> {
        Self::ALL
            .into_iter()
            .find(|language| language.names().contains(&name))
    }
}

/// What kind of problem `judge new` writes, in which language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scaffold {
    pub language: ScaffoldLanguage,
    /// Guess the number against an interactor, instead of A plus B with a checker.
    pub interactive: bool,
}

/// Where a new problem goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// Into a project: `problems/ID/`, and its solutions into `solutions/ID/`.
    Project { root: PathBuf },
    /// A folder standing alone (the folder named is the problem's), with its solutions in
    /// its own `solutions/`; `judge` finds it by path.
    Alone { dir: PathBuf },
}

/// What `new_problem` wrote.
#[derive(Debug, Clone)]
pub struct NewProblem {
    pub id: String,
    /// The problem's folder.
    pub dir: PathBuf,
    /// The folder of its solutions (`accepted/`, `wrong_answer/`).
    pub solutions: PathBuf,
    /// Every file written, in order.
    pub files: Vec<PathBuf>,
}

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

/// The id of the problem a placement writes: the folder's name when it stands alone.
fn id_of(placement: &Placement, name: &str) -> String {
    match placement {
        Placement::Project { .. } => name.to_string(),
        Placement::Alone { dir } => dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    }
}

/// Writes problem `name` (an id in a project; the folder's name when alone) as `scaffold`
/// says, where `placement` says. Nothing is written when the problem's folder or its
/// solutions' folder exists.
pub fn new_problem(
    placement: &Placement,
    name: &str,
    scaffold: Scaffold,
) -> Result<NewProblem, ConfigError> {
    let id = id_of(placement, name);
    if !valid_id(&id) {
        return Err(ConfigError::BadProblemId { id });
    }
    let (dir, solutions, shown_as, solutions_shown) = match placement {
        Placement::Project { root } => (
            root.join("problems").join(&id),
            root.join("solutions").join(&id),
            id.clone(),
            format!("the project's solutions/{id}/"),
        ),
        Placement::Alone { dir } => {
            let shown = if dir.is_absolute() || dir.starts_with(".") || dir.starts_with("..") {
                dir.display().to_string()
            } else {
                format!("./{}", dir.display())
            };
            (
                dir.clone(),
                dir.join("solutions"),
                shown,
                "solutions/ (in this folder)".to_string(),
            )
        }
    };
    for path in [&dir, &solutions] {
        if path.exists() {
            return Err(ConfigError::Exists { path: path.clone() });
        }
    }
    let kind = if scaffold.interactive {
        "interactive"
    } else {
        "batch"
    };
    let ext = scaffold.language.extension();
    let allowance = match scaffold.language {
        ScaffoldLanguage::Cpp => {
            "# language_extra_time = false   # give Python, Java, ... the same time as C++\n"
        }
        // A Kattis package gives every language the same limits: without the allowance the
        // Python solutions go into `judge export`'s package too.
        ScaffoldLanguage::Python => {
            "language_extra_time = false     # Python gets the time of C++ here (else x 3 + 2 s),\n\
             language_extra_memory = false   # and the memory, as in a Kattis package, so that\n\
             \x20                               # `judge export` can take the solutions along\n"
        }
    };
    let fill = |text: &str| {
        text.replace("{allowance}", allowance)
            .replace("{id}", &id)
            .replace("{ext}", ext)
            .replace("{where}", &shown_as)
            .replace("{solutions}", &solutions_shown)
    };
    let mut files = Vec::new();
    let templates = NEW_PROBLEM
        .get_dir(kind)
        .ok_or_else(|| ConfigError::Write {
            path: dir.clone(),
            cause: std::io::Error::other(format!("no {kind} templates")),
        })?;
    let language_folder = Path::new(kind).join(ext);
    let mut write = |target: PathBuf, contents: &[u8]| -> Result<(), ConfigError> {
        if let Some(parent) = target.parent() {
            create_dir(parent)?;
        }
        create_file(&target, &fill(&String::from_utf8_lossy(contents)))?;
        files.push(target);
        Ok(())
    };
    for (relative, contents) in template_files(templates) {
        let relative = relative
            .strip_prefix(kind)
            .unwrap_or(&relative)
            .to_path_buf();
        let first = relative.components().next().map(|c| c.as_os_str());
        let is_language_folder = ScaffoldLanguage::ALL
            .iter()
            .any(|l| first == Some(std::ffi::OsStr::new(l.extension())));
        if !is_language_folder {
            write(dir.join(&relative), contents)?;
        }
    }
    let Some(language_templates) = NEW_PROBLEM.get_dir(&language_folder) else {
        return Err(ConfigError::Write {
            path: dir.clone(),
            cause: std::io::Error::other(format!("no {kind} templates in {ext}")),
        });
    };
    for (relative, contents) in template_files(language_templates) {
        let relative = relative
            .strip_prefix(&language_folder)
            .unwrap_or(&relative)
            .to_path_buf();
        let target = match relative.strip_prefix("solutions") {
            Ok(inside) => solutions.join(inside),
            Err(_) => dir.join(&relative),
        };
        write(target, contents)?;
    }
    Ok(NewProblem {
        id,
        dir,
        solutions,
        files,
    })
}

/// Every file under an embedded folder, with its path (from the templates' root), sorted.
fn template_files(dir: &'static Dir<'static>) -> Vec<(PathBuf, &'static [u8])> {
    fn walk(dir: &'static Dir<'static>, out: &mut Vec<(PathBuf, &'static [u8])>) {
        for entry in dir.entries() {
            match entry {
                DirEntry::Dir(inner) => walk(inner, out),
                DirEntry::File(file) => out.push((file.path().to_path_buf(), file.contents())),
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, &mut files);
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
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

    fn every_scaffold() -> Vec<Scaffold> {
        ScaffoldLanguage::ALL
            .into_iter()
            .flat_map(|language| {
                [false, true].map(|interactive| Scaffold {
                    language,
                    interactive,
                })
            })
            .collect()
    }

    /// Every kind in every language loads as a problem made of programs, with samples and
    /// solutions of two verdicts, and no placeholder left unfilled. (That it works, `judge
    /// verify` on it, is tests/e2e/scaffold.rs.)
    #[test]
    fn a_new_problem_is_a_complete_problem_in_every_language() {
        for scaffold in every_scaffold() {
            let dir = tempfile::tempdir().unwrap();
            let alone = Placement::Alone {
                dir: dir.path().join("sum-2"),
            };
            let made = new_problem(&alone, "ignored", scaffold).unwrap();
            assert_eq!(made.id, "sum-2");
            assert_eq!(made.solutions, made.dir.join("solutions"));
            let spec = ProblemSpec::load(&made.dir.join("problem.toml"))
                .unwrap_or_else(|e| panic!("{scaffold:?}: {e}"));
            assert_eq!(spec.id, "sum-2");
            assert_eq!(
                spec.kind == crate::config::ProblemKind::Interactive,
                scaffold.interactive
            );
            let programs = &spec.programs;
            assert!(programs.generator.is_some() && programs.validator.is_some());
            if scaffold.interactive {
                assert!(programs.interactor.is_some(), "{scaffold:?}");
            } else {
                assert!(programs.reference.is_some(), "{scaffold:?}");
                assert!(
                    matches!(spec.checker, crate::check::Checker::Program(_)),
                    "{scaffold:?}"
                );
            }
            let samples = crate::plan::tests_in(&spec.dir, &spec.samples_dir()).unwrap();
            assert!(samples.len() >= 2, "{scaffold:?}");
            for verdict in ["accepted", "wrong_answer"] {
                let folder = made.solutions.join(verdict);
                let count = std::fs::read_dir(&folder).map_or(0, |d| d.count());
                assert_eq!(count, 1, "{}", folder.display());
            }
            let ext = scaffold.language.extension();
            for file in &made.files {
                let text = std::fs::read_to_string(file).unwrap();
                for placeholder in ["{id}", "{ext}", "{where}", "{solutions}", "{allowance}"] {
                    assert!(!text.contains(placeholder), "{}", file.display());
                }
                let name = file.to_string_lossy();
                if name.contains("/programs/") || name.contains("/solutions/") {
                    assert!(name.ends_with(&format!(".{ext}")), "{name}");
                }
            }
            assert!(
                matches!(
                    new_problem(&alone, "x", scaffold),
                    Err(ConfigError::Exists { .. })
                ),
                "overwrote {scaffold:?}"
            );
        }
    }

    #[test]
    fn in_a_project_the_solutions_go_to_the_project_s_solutions_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        let project = Placement::Project { root: root.clone() };
        let scaffold = Scaffold {
            language: ScaffoldLanguage::Python,
            interactive: false,
        };
        let made = new_problem(&project, "sum", scaffold).unwrap();
        assert_eq!(made.dir, root.join("problems/sum"));
        assert!(root.join("solutions/sum/accepted/sum.py").is_file());
        assert!(!made.dir.join("solutions").exists());
        let toml = std::fs::read_to_string(made.dir.join("problem.toml")).unwrap();
        assert!(
            toml.contains("`judge verify sum`") && toml.contains("solutions/sum/"),
            "{toml}"
        );
        // The problem's folder is new, and so must its solutions' be.
        std::fs::remove_dir_all(&made.dir).unwrap();
        assert!(matches!(
            new_problem(&project, "sum", scaffold),
            Err(ConfigError::Exists { .. })
        ));
        for bad in ["", "a/b", "..", "x y"] {
            assert!(
                matches!(
                    new_problem(&project, bad, scaffold),
                    Err(ConfigError::BadProblemId { .. })
                ),
                "{bad:?}"
            );
        }
        assert_eq!(
            ScaffoldLanguage::named("python"),
            Some(ScaffoldLanguage::Python)
        );
        assert_eq!(ScaffoldLanguage::named("rust"), None);
    }
}
