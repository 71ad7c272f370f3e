//! A Kattis 2025-09 package's constants: problem.yaml's `constants` read into a table of
//! names, and the substitution of `{{name}}` / `{{name.variant}}` into the files the format
//! lists (validators, included files, `test_group.yaml`, generator commands).

use std::collections::HashMap;

use yaml_serde::Value;

/// problem.yaml's `constants`: each name's text, a map's variants as `name.variant` and its
/// `value` as the bare name too.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constants {
    by_name: HashMap<String, String>,
}

impl Constants {
    /// The constants problem.yaml's `constants` value gives (`None`, or anything but a
    /// mapping: none). Entries that are not a scalar or a map of scalars are left out, as a
    /// name that is not defined: `{{it}}` then stays as written.
    pub fn of(constants: Option<&Value>) -> Constants {
        let mut by_name = HashMap::new();
        let Some(Value::Mapping(constants)) = constants else {
            return Constants { by_name };
        };
        for (name, value) in constants {
            let Some(name) = name.as_str() else { continue };
            match value {
                Value::Mapping(variants) => {
                    for (variant, value) in variants {
                        let (Some(variant), Some(text)) = (variant.as_str(), scalar_text(value))
                        else {
                            continue;
                        };
                        if variant == "value" {
                            by_name.insert(name.to_string(), text.clone());
                        }
                        by_name.insert(format!("{name}.{variant}"), text);
                    }
                }
                other => {
                    if let Some(text) = scalar_text(other) {
                        by_name.insert(name.to_string(), text);
                    }
                }
            }
        }
        Constants { by_name }
    }

    /// Adds (or replaces) the constant `name`.
    pub fn insert(&mut self, name: &str, text: &str) {
        self.by_name.insert(name.to_string(), text.to_string());
    }

    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// The text of the constant `name` (`k`, `k.value`, `k.string`), if defined.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.by_name.get(name).map(String::as_str)
    }

    /// `text` with each `{{name}}` of a defined constant replaced by its text; the others
    /// stay as written.
    pub fn substitute(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find("{{") {
            out.push_str(&rest[..at]);
            let after = &rest[at + 2..];
            match after
                .find("}}")
                .and_then(|end| Some((end, self.get(&after[..end])?)))
            {
                Some((end, value)) => {
                    out.push_str(value);
                    rest = &after[end + 2..];
                }
                None => {
                    out.push_str("{{");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// A YAML scalar's text as BAPCtools writes it into files and commands (a boolean as
/// Python prints it); `None` for anything else.
pub fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(if *b { "True".into() } else { "False".into() }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(yaml: &str) -> Constants {
        let value: Value = yaml_serde::from_str(yaml).unwrap();
        Constants::of(value.get("constants"))
    }

    #[test]
    fn scalars_and_variants_are_replaced_and_unknown_names_stay() {
        let constants = of(
            "constants:\n  n: 5\n  k:\n    value: 5000000\n    latex: 5 \\cdot 10^6\n  on: true\n",
        );
        assert_eq!(
            constants.substitute("{{n}} {{k}} {{k.value}} {{k.latex}} {{on}} {{m}} {{n"),
            "5 5000000 5000000 5 \\cdot 10^6 True {{m}} {{n"
        );
        assert!(of("name: x\n").is_empty());
        assert!(of("constants: [1, 2]\n").is_empty());
    }
}
