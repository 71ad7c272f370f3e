//! `judge config`: the merged configuration as TOML, each value followed by the layer that set
//! it (built-in, user, project, --config), after a header that lists the layers in order and
//! says where the compile cache and the problems are.

use std::io::{self, Write};
use std::path::PathBuf;

use toml::{Table, Value};

use judge_core::config::{LayerKind, Layers, Origin, RunnerConfig};

/// Values are padded to this column before their origin.
const ORIGIN_COLUMN: usize = 56;

/// Writes the configuration with the origin of every value.
pub fn write(out: &mut impl Write, runner: &RunnerConfig) -> io::Result<()> {
    let layers = &runner.layers;
    writeln!(
        out,
        "# judge's configuration, merged from these layers (a later one overrides the keys it writes):"
    )?;
    writeln!(out, "#   {:<9} the defaults built into judge", "built-in")?;
    let has_user = layers.layers().iter().any(|l| l.kind == LayerKind::User);
    if let (Some(file), false) = (&layers.user_file, has_user) {
        writeln!(out, "#   {:<9} {} (not present)", "user", file.display())?;
    }
    for layer in layers.layers().iter().skip(1) {
        writeln!(out, "#   {:<9} {}", layer.kind.name(), layer.origin)?;
    }
    if runner.root.is_none() {
        writeln!(
            out,
            "#   (no project: no runner.toml in this folder or above)"
        )?;
    }
    let cache_rule = if layers.merged()["defaults"].get("cache_dir").is_some() {
        "defaults.cache_dir"
    } else if runner.root.is_some() {
        "beside the project's runner.toml"
    } else {
        "the user's cache folder"
    };
    writeln!(
        out,
        "# compile cache: {} ({cache_rule})",
        runner.cache_dir.display()
    )?;
    let mut places: Vec<String> = runner
        .problems
        .folders
        .iter()
        .map(|f| format!("{} ({})", f.dir.display(), f.origin.name()))
        .collect();
    places.push("built-in".to_string());
    writeln!(out, "# problems, looked up in order: {}", places.join(", "))?;
    table(out, layers, layers.merged(), &mut Vec::new())
}

/// A key as TOML writes it: bare when it can be.
fn key(name: &str) -> String {
    let bare = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if bare {
        name.to_string()
    } else {
        Value::String(name.to_string()).to_string()
    }
}

/// Where a value came from, as its comment says it.
fn origin_note(kind: LayerKind, origin: &Origin) -> String {
    match (kind, origin) {
        (LayerKind::BuiltIn, _) => "built-in".to_string(),
        (_, Origin::File(file)) => format!("{} {}", kind.name(), short(file).display()),
        (_, origin) => format!("{} {origin}", kind.name()),
    }
}

/// A path relative to the current folder when that is shorter.
fn short(path: &std::path::Path) -> PathBuf {
    judge_engine::grade::display_path(path)
}

fn table(
    out: &mut impl Write,
    layers: &Layers,
    table: &Table,
    path: &mut Vec<String>,
) -> io::Result<()> {
    let leaves: Vec<(&String, &Value)> = table.iter().filter(|(_, v)| !v.is_table()).collect();
    if !path.is_empty() && (!leaves.is_empty() || table.is_empty()) {
        let header: Vec<String> = path.iter().map(|p| key(p)).collect();
        writeln!(out, "\n[{}]", header.join("."))?;
    }
    for (name, value) in leaves {
        path.push(name.clone());
        let layer = layers.layer_at(path);
        let line = format!("{} = {value}", key(name));
        writeln!(
            out,
            "{line:<width$} # {}",
            origin_note(layer.kind, &layer.origin),
            width = ORIGIN_COLUMN
        )?;
        path.pop();
    }
    for (name, value) in table {
        if let Value::Table(inner) = value {
            path.push(name.clone());
            self::table(out, layers, inner, path)?;
            path.pop();
        }
    }
    Ok(())
}
