//! The layers of `runner.toml`, lowest first: the defaults built into judge, the user's file
//! (`$XDG_CONFIG_HOME/judge/runner.toml`, else `~/.config/judge/runner.toml`), the project's file
//! (the nearest `runner.toml` in the current folder or above) and `--config FILE`. Each layer is
//! parsed on its own as a TOML table; the tables are merged key by key (a later layer replaces
//! the values it writes and keeps the rest), remembering which layer set each key, so that an
//! error about a key names the file that set it and `judge config` can say where each value
//! came from. The merged table is then deserialized into the raw types once.

use std::collections::BTreeMap;
use std::fmt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::{Table, Value};
use toml_edit::TableLike;

use super::{raw, ConfigError};

/// The lowest layer: the configuration built into judge.
const BUILT_IN: &str = include_str!("defaults.toml");

/// The name of a configuration file in a project and in the user's configuration folder.
pub const FILE_NAME: &str = "runner.toml";

/// Where a piece of configuration was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Built into judge, from the named file of its source.
    BuiltIn(&'static str),
    /// A file on disk.
    File(PathBuf),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::BuiltIn(name) => write!(f, "built-in {name}"),
            Origin::File(path) => write!(f, "{}", path.display()),
        }
    }
}

impl From<&Path> for Origin {
    fn from(path: &Path) -> Self {
        Origin::File(path.to_path_buf())
    }
}

impl From<&PathBuf> for Origin {
    fn from(path: &PathBuf) -> Self {
        Origin::File(path.clone())
    }
}

impl From<&Origin> for Origin {
    fn from(origin: &Origin) -> Self {
        origin.clone()
    }
}

/// Which layer a file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LayerKind {
    BuiltIn,
    User,
    Project,
    /// `--config FILE`.
    ConfigFile,
}

impl LayerKind {
    pub fn name(self) -> &'static str {
        match self {
            LayerKind::BuiltIn => "built-in",
            LayerKind::User => "user",
            LayerKind::Project => "project",
            LayerKind::ConfigFile => "--config",
        }
    }
}

/// One layer: where it is and what it writes.
#[derive(Debug, Clone)]
pub struct Layer {
    pub kind: LayerKind,
    pub origin: Origin,
    /// The text it was parsed from (to point at a key's line in an error).
    text: String,
    table: Table,
}

impl Layer {
    /// The folder of the file (for relative paths, `problems/` and `solutions/`); none for
    /// the built-in layer.
    pub fn folder(&self) -> Option<&Path> {
        match &self.origin {
            Origin::File(file) => file.parent(),
            Origin::BuiltIn(_) => None,
        }
    }
}

/// The user's own folders, from the XDG base directory variables (or their defaults under
/// `$HOME`), each with `judge/` appended.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserDirs {
    /// Holds the user's `runner.toml`.
    pub config: Option<PathBuf>,
    /// Holds the user's `problems/`.
    pub data: Option<PathBuf>,
    /// The compile cache outside any project.
    pub cache: Option<PathBuf>,
}

impl UserDirs {
    /// `$XDG_CONFIG_HOME/judge` (else `~/.config/judge`), `$XDG_DATA_HOME/judge` (else
    /// `~/.local/share/judge`) and `$XDG_CACHE_HOME/judge` (else `~/.cache/judge`); the `dirs`
    /// crate follows the XDG rules (a relative value is ignored).
    pub fn from_env() -> UserDirs {
        let judge = |dir: Option<PathBuf>| dir.map(|d| d.join("judge"));
        UserDirs {
            config: judge(dirs::config_dir()),
            data: judge(dirs::data_dir()),
            cache: judge(dirs::cache_dir()),
        }
    }

    /// Where the user's `runner.toml` is looked for.
    pub fn config_file(&self) -> Option<PathBuf> {
        self.config.as_ref().map(|dir| dir.join(FILE_NAME))
    }

    /// Where the user's problems are looked for.
    pub fn problems_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|dir| dir.join("problems"))
    }
}

/// Where to look for the layers.
#[derive(Debug, Clone)]
pub struct Discovery {
    /// The project is the nearest `runner.toml` here or above.
    pub cwd: PathBuf,
    pub user: UserDirs,
    /// `--config FILE`, the highest layer.
    pub config_file: Option<PathBuf>,
}

impl Discovery {
    /// The current folder and the user's folders from the environment.
    pub fn from_env(config_file: Option<&Path>) -> std::io::Result<Discovery> {
        Ok(Discovery {
            cwd: std::env::current_dir()?,
            user: UserDirs::from_env(),
            config_file: config_file.map(Path::to_path_buf),
        })
    }
}

/// The layers found, merged.
#[derive(Debug, Clone)]
pub struct Layers {
    layers: Vec<Layer>,
    /// Where the user's file is looked for, whether or not it exists.
    pub user_file: Option<PathBuf>,
    pub user: UserDirs,
    merged: Table,
    /// The layer (an index into `layers`) that set each key, and each table it created.
    origins: BTreeMap<Vec<String>, usize>,
}

/// The nearest `runner.toml` in `start` or a folder above it: any entry of that name but a
/// folder, so that one that is a FIFO, a device or a dangling link is refused by name when it
/// is read rather than passed over for one further up (or for none).
pub fn find_project(start: &Path) -> Option<PathBuf> {
    let start = start.canonicalize().unwrap_or_else(|_| start.to_path_buf());
    start
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|file| std::fs::symlink_metadata(file).is_ok() && !file.is_dir())
}

/// A project's `runner.toml` is found by walking up from the current folder, so it may be a
/// file nobody meant for this run: one another user left in a shared folder above it (`/tmp`).
/// Its settings decide what runs and how (compile commands, the sandbox's user), so it is
/// taken only when it, and the file it links to, belong to the grader's user or to root, as
/// git takes a repository found above the current folder only when the user owns it.
fn trusted_project(file: &Path) -> Result<(), ConfigError> {
    let me = judge_sandbox::effective_uid();
    for meta in [std::fs::symlink_metadata(file), std::fs::metadata(file)]
        .into_iter()
        .flatten()
    {
        let owner = meta.uid();
        if owner != me && owner != 0 {
            return Err(ConfigError::ForeignProject {
                file: file.to_path_buf(),
                owner,
            });
        }
    }
    Ok(())
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

impl Layers {
    /// The built-in layer, the user's file if it exists, the project's file if there is one,
    /// and `--config FILE` (which must exist). A file found twice (the project's file given
    /// as `--config`, say) is one layer.
    pub fn discover(discovery: &Discovery) -> Result<Layers, ConfigError> {
        let user_file = discovery.user.config_file();
        let mut files: Vec<(LayerKind, PathBuf)> = Vec::new();
        if let Some(file) = user_file.as_ref().filter(|f| f.is_file()) {
            files.push((LayerKind::User, canonical(file)));
        }
        if let Some(project) = find_project(&discovery.cwd) {
            let named = discovery.config_file.as_deref().map(canonical);
            // The same file given with --config is read on purpose.
            if named.as_deref() != Some(canonical(&project).as_path()) {
                trusted_project(&project)?;
                // A regular file in the project's folder, opened without waiting (a FIFO
                // would block the read for ever). A link out of the folder is refused as a
                // package's is: a project copied from elsewhere may point it at any file of
                // the grader's user, whose lines a parse error would show (`--config FILE`
                // reads a file anywhere, on purpose).
                let folder = project.parent().unwrap_or(Path::new("/"));
                crate::files::Folder::new(folder)?.open(&project)?;
            }
            files.push((LayerKind::Project, canonical(&project)));
        }
        if let Some(file) = &discovery.config_file {
            files.push((LayerKind::ConfigFile, canonical(file)));
        }
        let mut seen = Vec::new();
        files.retain(|(_, file)| {
            let new = !seen.contains(file);
            seen.push(file.clone());
            new
        });
        Layers::build(&files, user_file, discovery.user.clone())
    }

    /// The built-in layer under one file (a `--config` layer), without the user's or a
    /// project's: what a test or a tool that names its file wants.
    pub fn over_built_in(file: &Path) -> Result<Layers, ConfigError> {
        Layers::build(
            &[(LayerKind::ConfigFile, canonical(file))],
            None,
            UserDirs::default(),
        )
    }

    /// The built-in layer alone.
    pub fn built_in() -> Layers {
        Layers::build(&[], None, UserDirs::default()).expect("the built-in configuration parses")
    }

    /// Reads and merges the built-in layer and `files` (lowest first).
    fn build(
        files: &[(LayerKind, PathBuf)],
        user_file: Option<PathBuf>,
        user: UserDirs,
    ) -> Result<Layers, ConfigError> {
        let mut layers = vec![Layer {
            kind: LayerKind::BuiltIn,
            origin: Origin::BuiltIn(FILE_NAME),
            text: BUILT_IN.to_string(),
            table: parse(&Origin::BuiltIn(FILE_NAME), BUILT_IN)?,
        }];
        for (kind, file) in files {
            let text = crate::files::read_text(file, crate::files::Cap::CONFIG)?;
            let origin = Origin::File(file.clone());
            let table = parse(&origin, &text)?;
            layers.push(Layer {
                kind: *kind,
                origin,
                text,
                table,
            });
        }
        let mut merged = Table::new();
        let mut origins = BTreeMap::new();
        for (index, layer) in layers.iter().enumerate() {
            merge(
                &mut merged,
                &layer.table,
                index,
                &mut Vec::new(),
                &mut origins,
            );
        }
        Ok(Layers {
            layers,
            user_file,
            user,
            merged,
            origins,
        })
    }

    /// Every layer found, lowest first.
    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// The merged configuration.
    pub fn merged(&self) -> &Table {
        &self.merged
    }

    /// The most specific file that makes a project (`--config FILE`, else the project's
    /// runner.toml).
    pub fn project_file(&self) -> Option<&Layer> {
        self.layers
            .iter()
            .rev()
            .find(|l| matches!(l.kind, LayerKind::ConfigFile | LayerKind::Project))
    }

    /// The layer that set `key` (dotted, e.g. `defaults.seed`), or created the nearest table
    /// holding it.
    pub fn layer_of(&self, key: &str) -> &Layer {
        let path: Vec<String> = key.split('.').map(str::to_string).collect();
        self.layer_at(&path)
    }

    /// The layer that set the key at `path`, or created the nearest table holding it.
    pub fn layer_at(&self, path: &[String]) -> &Layer {
        &self.layers[self.index_of(path)]
    }

    fn index_of(&self, path: &[String]) -> usize {
        (0..=path.len())
            .rev()
            .find_map(|len| self.origins.get(&path[..len]).copied())
            .unwrap_or(0)
    }

    /// Where `key` was set.
    pub fn origin_of(&self, key: &str) -> &Origin {
        &self.layer_of(key).origin
    }

    /// Of several keys that together make a value wrong, where the last of them was set (the
    /// layer that made the combination).
    pub fn latest_origin_of(&self, keys: &[&str]) -> &Origin {
        keys.iter()
            .map(|key| self.layer_of(key))
            .max_by_key(|layer| layer.kind)
            .map_or(&self.layers[0].origin, |layer| &layer.origin)
    }

    /// The layer that set each leaf key of the merged table, in key order.
    pub fn leaf_origins(&self) -> impl Iterator<Item = (&[String], &Layer)> {
        self.origins
            .iter()
            .filter(|(path, _)| !matches!(lookup(&self.merged, path), Some(Value::Table(_))))
            .map(|(path, index)| (path.as_slice(), &self.layers[*index]))
    }

    /// Deserializes the merged table into a raw type; an error names the file that set the
    /// key (or made the table) it is about, with the line when it can be found.
    pub fn deserialize<T: for<'de> Deserialize<'de>>(&self) -> Result<T, ConfigError> {
        serde_path_to_error::deserialize(Value::Table(self.merged.clone())).map_err(|error| {
            let path: Vec<String> = error
                .path()
                .iter()
                .map_while(|segment| match segment {
                    serde_path_to_error::Segment::Map { key } => Some(key.clone()),
                    _ => None,
                })
                .collect();
            let layer = &self.layers[self.index_of(&path)];
            let message = error.inner().message().trim().replace('\n', " ");
            let key = path.join(".");
            let message = match locate(&layer.text, &path) {
                Some(offset) => {
                    format!(
                        "{}: key `{key}`: {message}",
                        raw::position(&layer.text, offset)
                    )
                }
                None => format!("key `{key}`: {message}"),
            };
            ConfigError::Parse {
                file: layer.origin.clone(),
                message,
            }
        })
    }
}

/// A layer's text as a table; a syntax error names the file and the line.
fn parse(origin: &Origin, text: &str) -> Result<Table, ConfigError> {
    toml::from_str(text).map_err(|e| ConfigError::Parse {
        file: origin.clone(),
        message: raw::one_line_toml_error(text, &e),
    })
}

/// Merges `from` (layer `layer`) into `into`: tables merge key by key, any other value
/// (arrays included) replaces what was there. `path` is where `into` is.
fn merge(
    into: &mut Table,
    from: &Table,
    layer: usize,
    path: &mut Vec<String>,
    origins: &mut BTreeMap<Vec<String>, usize>,
) {
    for (key, value) in from {
        path.push(key.clone());
        match (into.get_mut(key), value) {
            (Some(Value::Table(existing)), Value::Table(new)) => {
                merge(existing, new, layer, path, origins);
            }
            (_, Value::Table(new)) => {
                origins.retain(|k, _| !k.starts_with(path));
                origins.insert(path.clone(), layer);
                let mut fresh = Table::new();
                merge(&mut fresh, new, layer, path, origins);
                into.insert(key.clone(), Value::Table(fresh));
            }
            (_, value) => {
                origins.retain(|k, _| !k.starts_with(path));
                origins.insert(path.clone(), layer);
                into.insert(key.clone(), value.clone());
            }
        }
        path.pop();
    }
}

/// The value at `path` in `table`.
fn lookup<'a>(table: &'a Table, path: &[String]) -> Option<&'a Value> {
    let (first, rest) = path.split_first()?;
    let value = table.get(first)?;
    match (rest.is_empty(), value) {
        (true, value) => Some(value),
        (false, Value::Table(inner)) => lookup(inner, rest),
        (false, _) => None,
    }
}

/// The byte offset in `text` of the deepest key of `path` that it writes.
fn locate(text: &str, path: &[String]) -> Option<usize> {
    let document = toml_edit::ImDocument::parse(text.to_string()).ok()?;
    let mut table: &dyn TableLike = document.as_table();
    let mut found = None;
    for segment in path {
        let Some((key, item)) = table.get_key_value(segment) else {
            break;
        };
        found = key.span().or_else(|| item.span()).or(found);
        match item.as_table_like() {
            Some(inner) => table = inner,
            None => break,
        }
    }
    found.map(|span| span.start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::tests::write;

    fn layers(files: &[(LayerKind, &Path)]) -> Layers {
        let files: Vec<(LayerKind, PathBuf)> =
            files.iter().map(|(k, f)| (*k, f.to_path_buf())).collect();
        Layers::build(&files, None, UserDirs::default()).unwrap()
    }

    #[test]
    fn a_later_layer_overrides_only_the_keys_it_writes() {
        let dir = tempfile::tempdir().unwrap();
        let user = write(
            dir.path(),
            "user.toml",
            "[languages.cpp]\ncompile = [\"g++\", \"-DUSER\", \"-o\", \"{binary}\", \"{source}\"]\n",
        );
        let project = write(dir.path(), "runner.toml", "[defaults]\nseed = 99\n");
        let layers = layers(&[(LayerKind::User, &user), (LayerKind::Project, &project)]);
        let merged = layers.merged();
        assert_eq!(merged["defaults"]["seed"].as_integer(), Some(99));
        assert_eq!(merged["defaults"]["random_tests"].as_integer(), Some(30));
        assert_eq!(
            merged["languages"]["cpp"]["compile"][1].as_str(),
            Some("-DUSER")
        );
        assert_eq!(
            merged["languages"]["cpp"]["run"][0].as_str(),
            Some("{binary}")
        );
        assert_eq!(layers.layer_of("defaults.seed").kind, LayerKind::Project);
        assert_eq!(layers.layer_of("defaults.jobs").kind, LayerKind::BuiltIn);
        assert_eq!(
            layers.layer_of("languages.cpp.compile").kind,
            LayerKind::User
        );
        assert_eq!(
            layers.layer_of("languages.cpp.run").kind,
            LayerKind::BuiltIn
        );
        let leaves: Vec<String> = layers
            .leaf_origins()
            .map(|(path, _)| path.join("."))
            .collect();
        assert!(leaves.contains(&"defaults.seed".to_string()), "{leaves:?}");
        assert!(!leaves.contains(&"defaults".to_string()), "{leaves:?}");
    }

    #[test]
    fn errors_name_the_layer_that_set_the_key_with_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let user = write(dir.path(), "user.toml", "[defaults]\n\njobs = \"two\"\n");
        let project = write(dir.path(), "runner.toml", "[defaults]\nseed = 5\n");
        let error = layers(&[(LayerKind::User, &user), (LayerKind::Project, &project)])
            .deserialize::<raw::Runner>()
            .unwrap_err()
            .to_string();
        assert!(error.contains("user.toml"), "{error}");
        assert!(
            error.contains("line 3") && error.contains("defaults.jobs"),
            "{error}"
        );

        let unknown = write(dir.path(), "runner.toml", "[sandbox]\ncolour = true\n");
        let error = layers(&[(LayerKind::Project, &unknown)])
            .deserialize::<raw::Runner>()
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("runner.toml") && error.contains("colour"),
            "{error}"
        );

        // A language the user adds without a run command: the user's file made that table.
        let missing = write(
            dir.path(),
            "user.toml",
            "[languages.zig]\nname = \"Zig\"\nextensions = [\"zig\"]\n",
        );
        let error = layers(&[(LayerKind::User, &missing)])
            .deserialize::<raw::Runner>()
            .unwrap_err()
            .to_string();
        assert!(error.contains("user.toml"), "{error}");
        assert!(
            error.contains("languages.zig") && error.contains("run"),
            "{error}"
        );
    }

    #[test]
    fn a_value_replaced_by_a_table_loses_its_old_origins() {
        let mut merged = Table::new();
        let mut origins = BTreeMap::new();
        let first: Table = "a = 1\n[t]\nx = 1\ny = 2\n".parse().unwrap();
        let second: Table = "t = 3\n".parse().unwrap();
        merge(&mut merged, &first, 0, &mut Vec::new(), &mut origins);
        merge(&mut merged, &second, 1, &mut Vec::new(), &mut origins);
        assert_eq!(merged["t"].as_integer(), Some(3));
        let keys: Vec<String> = origins.keys().map(|k| k.join(".")).collect();
        assert_eq!(keys, ["a", "t"]);
    }

    #[test]
    fn discovery_finds_the_user_file_and_the_nearest_project() {
        let home = tempfile::tempdir().unwrap();
        let user = UserDirs {
            config: Some(home.path().join("config/judge")),
            data: Some(home.path().join("data/judge")),
            cache: Some(home.path().join("cache/judge")),
        };
        write(
            home.path(),
            "config/judge/runner.toml",
            "[defaults]\njobs = 3\n",
        );
        write(home.path(), "contest/runner.toml", "[defaults]\nseed = 4\n");
        let deep = home.path().join("contest/a/b");
        std::fs::create_dir_all(&deep).unwrap();
        let found = Layers::discover(&Discovery {
            cwd: deep,
            user: user.clone(),
            config_file: None,
        })
        .unwrap();
        let kinds: Vec<LayerKind> = found.layers().iter().map(|l| l.kind).collect();
        assert_eq!(
            kinds,
            [LayerKind::BuiltIn, LayerKind::User, LayerKind::Project]
        );
        assert_eq!(found.merged()["defaults"]["jobs"].as_integer(), Some(3));
        assert_eq!(found.merged()["defaults"]["seed"].as_integer(), Some(4));
        assert_eq!(
            found.project_file().unwrap().folder(),
            Some(canonical(&home.path().join("contest")).as_path())
        );
        // Outside any project: the built-in layer and the user's file only.
        let outside = tempfile::tempdir().unwrap();
        let found = Layers::discover(&Discovery {
            cwd: outside.path().to_path_buf(),
            user,
            config_file: None,
        })
        .unwrap();
        assert!(found.project_file().is_none());
        assert_eq!(found.layers().len(), 2);
    }
}
