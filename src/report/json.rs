//! The JSON report: the summary serialized as is (`verdict`, `tests` with `name`, `verdict`,
//! `cpu_ms`, `wall_ms`, `peak_kib`, and more).

use std::path::Path;

use serde::Serialize;

/// Writes any report value as pretty JSON, atomically (temporary file, then rename).
pub fn write<T: Serialize>(path: &Path, report: &T) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(report).map_err(std::io::Error::other)?;
    write_atomically(path, text.as_bytes())
}

/// Writes a file so that readers see either the old or the whole new content.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    std::io::Write::write_all(&mut file, bytes)?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}
