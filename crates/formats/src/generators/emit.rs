//! The YAML text judge writes for a `test_group.yaml` or a test's `yaml:` given as a map in
//! generators.yaml, laid out as BAPCtools' writer lays it out for the usual content: block
//! maps indented by two, lists of scalars in flow style (`[a, b]`), other lists as block
//! items, text on several lines as a literal block (`|`), a scalar quoted (double quotes)
//! only when it would otherwise read as another type or break the syntax. BAPCtools keeps
//! the source's own styles (its round-trip writer); judge reads values, so a list written in
//! block style in generators.yaml, or a string quoted there without need, comes out
//! differently (the same YAML value, other bytes).

use yaml_serde::Value;

/// The text BAPCtools writes for `value`, when generators.yaml gives it as a block under a
/// key named `key` (`test_group.yaml`, `yaml`) whose lines read back as `value`: those lines
/// moved left to column 0, each trailing comment kept at its column (as BAPCtools' writer
/// keeps it), blank lines at the end kept only after a literal block (`|`). `None` when no
/// such block is found (a map written in flow style, `{a: b}`): then [`document`] writes it.
pub fn from_source(source: &str, key: &str, value: &Value) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let trimmed = trimmed.strip_prefix("- ").unwrap_or(trimmed).trim_start();
        let Some(rest) = trimmed
            .strip_prefix(key)
            .or_else(|| trimmed.strip_prefix(&format!("\"{key}\"")))
            .or_else(|| trimmed.strip_prefix(&format!("'{key}'")))
        else {
            continue;
        };
        let rest = rest.trim_start();
        let Some(after) = rest.strip_prefix(':') else {
            continue;
        };
        let after = after.trim();
        if !(after.is_empty() || after.starts_with('#')) {
            continue;
        }
        let key_indent = line.len() - line.trim_start().len();
        let mut block: Vec<&str> = Vec::new();
        for next in &lines[i + 1..] {
            let indent = next.len() - next.trim_start().len();
            if !next.trim().is_empty() && indent <= key_indent {
                break;
            }
            block.push(next);
        }
        let first = block
            .iter()
            .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))?;
        let indent = first.len() - first.trim_start().len();
        let text: String = block.iter().map(|l| format!("{l}\n")).collect();
        let Ok(parsed) = yaml_serde::from_str::<Value>(&text) else {
            continue;
        };
        if &parsed != value {
            continue;
        }
        let literal = block.iter().any(|l| {
            let t = l.trim_end();
            t.ends_with('|') || t.ends_with("|-") || t.ends_with('>') || t.ends_with(">-")
        });
        let mut end = block.len();
        if !literal {
            while end > 0 && block[end - 1].trim().is_empty() {
                end -= 1;
            }
        }
        let mut out = String::new();
        for l in &block[..end] {
            if l.trim().is_empty() {
                out.push('\n');
                continue;
            }
            if l.trim_start().starts_with('#') {
                // A comment line of its own: BAPCtools' writer drops it where it cannot
                // place it; judge leaves such blocks to `document`.
                return None;
            }
            let moved = l
                .get(indent.min(l.len() - l.trim_start().len())..)
                .unwrap_or(l);
            out.push_str(&with_comment_at_column(moved, l, indent));
            out.push('\n');
        }
        return Some(out);
    }
    None
}

/// `moved` (the line `original` moved left by `by` columns) with its trailing comment, if
/// any, put back at the column it had in `original`.
fn with_comment_at_column(moved: &str, original: &str, by: usize) -> String {
    let Some(at) = comment_start(original) else {
        return moved.trim_end().to_string();
    };
    let content = original[..at].trim_end();
    let content = content.get(by.min(content.len())..).unwrap_or("");
    let comment = original[at..].trim_end();
    let pad = if at > content.len() {
        at - content.len()
    } else {
        1
    };
    format!("{content}{}{comment}", " ".repeat(pad.max(1)))
}

/// Where a line's trailing comment starts (a `#` after a space, outside quotes).
fn comment_start(line: &str) -> Option<usize> {
    let mut quote = None;
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match (quote, b) {
            (None, b'"') | (None, b'\'') => quote = Some(b),
            (Some(q), c) if c == q => quote = None,
            (None, b'#') if i > 0 && bytes[i - 1] == b' ' => {
                if line[..i].trim().is_empty() {
                    return None;
                }
                return Some(i);
            }
            _ => {}
        }
    }
    None
}

/// The document for `value` (a map, as test_group.yaml and a test's yaml are), ending in a
/// line end; an empty map gives `{}`.
pub fn document(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Mapping(map) if map.is_empty() => out.push_str("{}\n"),
        Value::Mapping(_) | Value::Sequence(_) => block(value, 0, &mut out),
        scalar => {
            out.push_str(&scalar_text(scalar, false, 0));
            out.push('\n');
        }
    }
    out
}

fn block(value: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match value {
        Value::Mapping(map) => {
            for (key, item) in map {
                out.push_str(&pad);
                out.push_str(&scalar_text(key, false, indent));
                out.push(':');
                after_key(item, indent + 2, out);
            }
        }
        Value::Sequence(items) => {
            for item in items {
                out.push_str(&pad);
                out.push_str("  -");
                after_key(item, indent + 4, out);
            }
        }
        scalar => {
            out.push_str(&pad);
            out.push_str(&scalar_text(scalar, false, indent));
            out.push('\n');
        }
    }
}

/// What follows `key:` or `-`: the value on the same line, or a nested block below.
fn after_key(item: &Value, indent: usize, out: &mut String) {
    match item {
        Value::Mapping(map) if map.is_empty() => out.push_str(" {}\n"),
        Value::Sequence(items) if items.is_empty() => out.push_str(" []\n"),
        Value::Sequence(items) if items.iter().all(is_scalar) => {
            let words: Vec<String> = items.iter().map(|i| scalar_text(i, true, 0)).collect();
            out.push_str(&format!(" [{}]\n", words.join(", ")));
        }
        Value::Mapping(_) | Value::Sequence(_) => {
            out.push('\n');
            block(item, indent, out);
        }
        Value::String(text) if text.contains('\n') => {
            let chomp = if text.ends_with('\n') { "" } else { "-" };
            out.push_str(&format!(" |{chomp}\n"));
            for line in text.trim_end_matches('\n').split('\n') {
                if !line.is_empty() {
                    out.push_str(&" ".repeat(indent));
                    out.push_str(line);
                }
                out.push('\n');
            }
        }
        scalar => {
            out.push(' ');
            out.push_str(&scalar_text(scalar, false, indent));
            out.push('\n');
        }
    }
}

fn is_scalar(value: &Value) -> bool {
    !matches!(
        value,
        Value::Mapping(_) | Value::Sequence(_) | Value::Tagged(_)
    )
}

fn scalar_text(value: &Value, in_flow: bool, _indent: usize) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => {
            if plain_is_safe(s, in_flow) {
                s.clone()
            } else {
                quoted(s)
            }
        }
        other => yaml_serde::to_string(other)
            .unwrap_or_default()
            .trim_end()
            .to_string(),
    }
}

fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether `text` reads back as this same string when written without quotes.
fn plain_is_safe(text: &str, in_flow: bool) -> bool {
    let Some(first) = text.chars().next() else {
        return false;
    };
    if text.starts_with(' ') || text.ends_with(' ') || text.contains(['\n', '\t', '\r']) {
        return false;
    }
    if text.contains(": ") || text.contains(" #") || text.ends_with(':') {
        return false;
    }
    if in_flow && text.contains([',', '[', ']', '{', '}']) {
        return false;
    }
    let second = text.chars().nth(1);
    match first {
        '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"' | '%'
        | '@' | '`' => return false,
        '-' | '?' | ':' if matches!(second, None | Some(' ')) => return false,
        _ => {}
    }
    !reads_as_other_type(text)
}

/// YAML 1.2 core schema's null, booleans and numbers (and 1.1's words, which many readers
/// still take for booleans).
fn reads_as_other_type(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    if matches!(
        lower.as_str(),
        "~" | "null" | "true" | "false" | "yes" | "no" | "on" | "off" | "y" | "n"
    ) || matches!(lower.as_str(), ".inf" | "-.inf" | "+.inf" | ".nan")
    {
        return true;
    }
    looks_numeric(text)
}

fn looks_numeric(text: &str) -> bool {
    let body = text.strip_prefix(['-', '+']).unwrap_or(text);
    if body.starts_with("0x") || body.starts_with("0o") {
        return body.len() > 2 && body[2..].chars().all(|c| c.is_ascii_hexdigit());
    }
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let digits = mantissa.chars().filter(char::is_ascii_digit).count();
    let dots = mantissa.chars().filter(|&c| c == '.').count();
    let mantissa_ok =
        digits > 0 && dots <= 1 && mantissa.chars().all(|c| c.is_ascii_digit() || c == '.');
    let exponent_ok = match exponent {
        None => true,
        Some(e) => {
            let e = e.strip_prefix(['-', '+']).unwrap_or(e);
            !e.is_empty() && e.chars().all(|c| c.is_ascii_digit())
        }
    };
    mantissa_ok && exponent_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(yaml: &str) -> String {
        document(&yaml_serde::from_str(yaml).unwrap())
    }

    #[test]
    fn flow_lists_and_nested_maps_come_out_as_bapctools_writes_them() {
        assert_eq!(
            written("output_validator_args: [float_tolerance, \"1e-2\"]"),
            "output_validator_args: [float_tolerance, \"1e-2\"]\n"
        );
        assert_eq!(
            written("input_validator_args:\n  integers: [small]\n"),
            "input_validator_args:\n  integers: [small]\n"
        );
        assert_eq!(
            written("input_validator_args: [\"\", \"stdout.py {seed} a  aa  b \"]"),
            "input_validator_args: [\"\", \"stdout.py {seed} a  aa  b \"]\n"
        );
        assert_eq!(written("a: [--draw-please]"), "a: [--draw-please]\n");
    }

    #[test]
    fn a_block_of_the_source_is_kept_as_written() {
        let source = "data:\n  secret:\n    test_group.yaml:\n      input_validator_args:\n        integers: [] # hides\n      output_validator_args:\n        - case_sensitive\n\n  sample:\n    data:\n      - a:\n          yaml:\n            description: |\n              two\n\n      - b: {in: x}\n";
        let value: Value = yaml_serde::from_str(source).unwrap();
        let group = &value["data"]["secret"]["test_group.yaml"];
        assert_eq!(
            from_source(source, "test_group.yaml", group).unwrap(),
            "input_validator_args:\n  integers: []       # hides\noutput_validator_args:\n  - case_sensitive\n"
        );
        let yaml: Value = yaml_serde::from_str("description: |\n  two\n").unwrap();
        assert_eq!(
            from_source(source, "yaml", &yaml).unwrap(),
            "description: |\n  two\n\n"
        );
        let other: Value = yaml_serde::from_str("description: three").unwrap();
        assert_eq!(from_source(source, "yaml", &other), None);
    }

    #[test]
    fn text_on_several_lines_is_a_literal_block() {
        assert_eq!(
            written("description: |\n  one\n  two\n"),
            "description: |\n  one\n  two\n"
        );
    }

    #[test]
    fn what_would_read_as_another_type_is_quoted() {
        for text in ["1e-2", "5", "-3.5", "true", "null", "", "a: b", "- x", "#c"] {
            assert!(!plain_is_safe(text, false), "{text}");
        }
        for text in ["--integer", "abc", "1.2.3", "stdout.py"] {
            assert!(plain_is_safe(text, false), "{text}");
        }
    }
}
