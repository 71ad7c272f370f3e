//! A generator command of generators.yaml: its words (split as a POSIX shell splits, without
//! expansion), the `{seed}` it may hold, and the seed BAPCtools gives it: the SHA-512 of the
//! salt, the count's index when there is one, and the command, taken modulo 2^31.

use sha2::{Digest, Sha512};

/// The largest seed, exclusive: seeds are in `[0, 2^31)`.
const SEED_MODULUS: u64 = 1 << 31;

/// The seed of a command: `int(sha512(salt [+ ":" + (count - 1)] + command.strip()), 16) %
/// 2^31`, where the count part is there only when the test's count value is not 1 (as
/// BAPCtools keeps it for seeds made before counts existed).
pub fn seed_of(salt: &str, count_value: i64, command: &str) -> u32 {
    let mut text = salt.to_string();
    if count_value != 1 {
        text.push_str(&format!(":{}", count_value - 1));
    }
    text.push_str(command.trim_matches(is_python_space));
    let digest = Sha512::digest(text.as_bytes());
    // 2^31 divides 2^512: the remainder is the digest's last 31 bits.
    let tail = u32::from_be_bytes([digest[60], digest[61], digest[62], digest[63]]);
    (u64::from(tail) % SEED_MODULUS) as u32
}

/// What Python's `str.strip()` takes away (ASCII whitespace and the Unicode spaces).
fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Why a command cannot be split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    UnclosedQuote,
    TrailingBackslash,
}

impl std::fmt::Display for SplitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SplitError::UnclosedQuote => write!(f, "a quote is not closed"),
            SplitError::TrailingBackslash => write!(f, "it ends in a backslash"),
        }
    }
}

/// Splits a command into words as a POSIX shell does (quotes and backslashes), with no
/// expansion: what `shlex.split` gives.
pub fn split_words(command: &str) -> Result<Vec<String>, SplitError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(SplitError::UnclosedQuote),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(SplitError::UnclosedQuote),
                        },
                        Some(c) => word.push(c),
                        None => return Err(SplitError::UnclosedQuote),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some('\n') => {}
                    Some(c) => word.push(c),
                    None => return Err(SplitError::TrailingBackslash),
                }
            }
            c if c == ' ' || c == '\t' || c == '\n' || c == '\r' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Where `{seed}` or `{seed:DIGITS}` starts and ends in `text`, each occurrence.
pub fn seed_marks(text: &str) -> Vec<(usize, usize)> {
    let mut marks = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("{seed") {
        let start = from + at;
        let rest = &text[start + "{seed".len()..];
        let end = if let Some(after) = rest.strip_prefix('}') {
            Some(text.len() - after.len())
        } else if let Some(digits) = rest.strip_prefix(':') {
            let count = digits.bytes().take_while(u8::is_ascii_digit).count();
            (count > 0 && digits[count..].starts_with('}'))
                .then(|| start + "{seed:".len() + count + 1)
        } else {
            None
        };
        match end {
            Some(end) => {
                marks.push((start, end));
                from = end;
            }
            None => from = start + 1,
        }
    }
    marks
}

/// `text` with every `{seed}` mark replaced by `seed` and `{name}` by `testcase` (the name
/// BAPCtools gives the files a generator writes).
pub fn substitute(text: &str, seed: u32) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (start, end) in seed_marks(text) {
        out.push_str(&text[last..start]);
        out.push_str(&seed.to_string());
        last = end;
    }
    out.push_str(&text[last..]);
    out.replace("{name}", "testcase")
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected seeds computed with BAPCtools' own expression (bapctools 2026.10.0,
    // `int(hash_string(value), 16) % 2**31` in generate.py) on the same strings.
    #[test]
    fn seeds_are_bapctools_seeds() {
        assert_eq!(seed_of("", 1, "stdout.py {seed}"), 162_981_470);
        assert_eq!(seed_of("", 1, "  stdout.py {seed}\n"), 162_981_470);
        assert_eq!(seed_of("bob", 1, "stdout.py {seed:42}"), SEED_BOB_42);
        assert_eq!(seed_of("", 3, "stdout.py {seed} 3"), SEED_COUNT_3);
        assert_eq!(seed_of("", -2, "stdout.py {seed:1} -2"), SEED_COUNT_MINUS_2);
    }

    const SEED_BOB_42: u32 = 593_058_468;
    const SEED_COUNT_3: u32 = 969_404_650;
    const SEED_COUNT_MINUS_2: u32 = 207_342_926;

    #[test]
    fn words_split_as_a_shell_splits_them() {
        assert_eq!(
            split_words("gen 'a b' \"c\\\"d\" e\\ f  ").unwrap(),
            ["gen", "a b", "c\"d", "e f"]
        );
        assert_eq!(split_words(" tree\n a\n b\n").unwrap(), ["tree", "a", "b"]);
        assert_eq!(split_words("x ''").unwrap(), ["x", ""]);
        assert_eq!(split_words("x 'a").unwrap_err(), SplitError::UnclosedQuote);
        assert_eq!(
            split_words("x a\\").unwrap_err(),
            SplitError::TrailingBackslash
        );
    }

    #[test]
    fn seed_marks_are_found_and_replaced() {
        assert_eq!(seed_marks("g {seed} {seed:12} {seed:} {seedx}").len(), 2);
        assert_eq!(substitute("g {seed:3} {name}.txt", 7), "g 7 testcase.txt");
        assert_eq!(substitute("g seed={seed}", 11), "g seed=11");
    }
}
