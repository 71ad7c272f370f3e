//! Invalid inputs made from a package's samples, for its input validators to reject (beyond
//! the format's own checks: problemtools' "junk" cases and BAPCtools' generic invalid inputs
//! have the same aim): a token removed, a token doubled, a number made huge, a number made
//! negative, spaces at the end of a line, the final newline missing, an empty file. Some may
//! be valid for a given problem (a list of any length, negative numbers allowed), so one that
//! no validator rejects is a warning, never a failure. Pure and deterministic: the same
//! sample gives the same variants.

/// What was done to a sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mutation {
    TokenRemoved,
    TokenDoubled,
    NumberHuge,
    NumberNegative,
    TrailingSpaces,
    NoFinalNewline,
    Empty,
}

impl Mutation {
    /// In a warning's words: `a token removed`.
    pub fn describe(self) -> &'static str {
        match self {
            Mutation::TokenRemoved => "its last token removed",
            Mutation::TokenDoubled => "its first token doubled",
            Mutation::NumberHuge => "its first number made huge",
            Mutation::NumberNegative => "its first number made negative",
            Mutation::TrailingSpaces => "spaces at the end of its first line",
            Mutation::NoFinalNewline => "its final newline missing",
            Mutation::Empty => "emptied",
        }
    }

    /// A short name, for a file or a report's key: `token-removed`.
    pub fn key(self) -> &'static str {
        match self {
            Mutation::TokenRemoved => "token-removed",
            Mutation::TokenDoubled => "token-doubled",
            Mutation::NumberHuge => "number-huge",
            Mutation::NumberNegative => "number-negative",
            Mutation::TrailingSpaces => "trailing-spaces",
            Mutation::NoFinalNewline => "no-final-newline",
            Mutation::Empty => "empty",
        }
    }
}

/// The most samples variants are made from (a few dozen validator runs per package).
pub const MOST_SAMPLES: usize = 4;

/// The largest sample variants are made from: each variant is a copy of it.
pub const MOST_SAMPLE_BYTES: usize = 1 << 20;

/// A number far beyond any problem's bounds (10^30), of the sign of the one it replaces.
const HUGE: &str = "1000000000000000000000000000000";

/// The invalid variants of `sample`, each with what was done to it, in a fixed order; a
/// mutation that does not apply (no number in it, no final newline) or that leaves the
/// sample as it was gives none, and no two variants are the same.
pub fn variants(sample: &[u8]) -> Vec<(Mutation, Vec<u8>)> {
    let tokens = token_spans(sample);
    let first_number = tokens
        .iter()
        .copied()
        .find(|&(start, end)| is_integer(&sample[start..end]));
    let mut made: Vec<(Mutation, Option<Vec<u8>>)> = Vec::new();
    made.push((
        Mutation::TokenRemoved,
        tokens.last().map(|&(start, end)| {
            // The token and the space before it on its line, if any.
            let start = if start > 0 && sample[start - 1] == b' ' {
                start - 1
            } else {
                start
            };
            [&sample[..start], &sample[end..]].concat()
        }),
    ));
    made.push((
        Mutation::TokenDoubled,
        tokens.first().map(|&(start, end)| {
            [&sample[..end], b" ", &sample[start..end], &sample[end..]].concat()
        }),
    ));
    made.push((
        Mutation::NumberHuge,
        first_number.map(|(start, end)| {
            let sign: &[u8] = if sample[start] == b'-' { b"-" } else { b"" };
            [&sample[..start], sign, HUGE.as_bytes(), &sample[end..]].concat()
        }),
    ));
    made.push((
        Mutation::NumberNegative,
        first_number.map(|(start, end)| {
            let number = &sample[start..end];
            let negative: Vec<u8> = match number {
                [b'-', ..] => number.to_vec(),
                b"0" => b"-1".to_vec(),
                _ => [b"-", number].concat(),
            };
            [&sample[..start], &negative, &sample[end..]].concat()
        }),
    ));
    let line_end = sample
        .iter()
        .position(|&b| b == b'\n')
        .unwrap_or(sample.len());
    made.push((
        Mutation::TrailingSpaces,
        Some([&sample[..line_end], b"  ", &sample[line_end..]].concat()),
    ));
    made.push((
        Mutation::NoFinalNewline,
        sample.strip_suffix(b"\n").map(<[u8]>::to_vec),
    ));
    made.push((Mutation::Empty, Some(Vec::new())));
    let mut variants: Vec<(Mutation, Vec<u8>)> = Vec::new();
    for (mutation, bytes) in made {
        let Some(bytes) = bytes else { continue };
        if bytes != sample && !variants.iter().any(|(_, other)| *other == bytes) {
            variants.push((mutation, bytes));
        }
    }
    variants
}

/// The spans (start, end) of the whitespace-separated tokens of `text`.
fn token_spans(text: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, &byte) in text.iter().enumerate() {
        match (byte.is_ascii_whitespace(), start) {
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, text.len()));
    }
    spans
}

/// A whole number, perhaps negative: `-12`, `7`.
fn is_integer(token: &[u8]) -> bool {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made(sample: &str) -> Vec<(Mutation, String)> {
        variants(sample.as_bytes())
            .into_iter()
            .map(|(m, bytes)| (m, String::from_utf8(bytes).unwrap()))
            .collect()
    }

    #[test]
    fn each_mutation_changes_the_sample_as_it_says() {
        let got = made("3 x\n1 2 3\n");
        let expected = [
            (Mutation::TokenRemoved, "3 x\n1 2\n"),
            (Mutation::TokenDoubled, "3 3 x\n1 2 3\n"),
            (
                Mutation::NumberHuge,
                "1000000000000000000000000000000 x\n1 2 3\n",
            ),
            (Mutation::NumberNegative, "-3 x\n1 2 3\n"),
            (Mutation::TrailingSpaces, "3 x  \n1 2 3\n"),
            (Mutation::NoFinalNewline, "3 x\n1 2 3"),
            (Mutation::Empty, ""),
        ];
        let expected: Vec<(Mutation, String)> =
            expected.iter().map(|(m, s)| (*m, s.to_string())).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn mutations_that_do_not_apply_or_change_nothing_give_no_variant() {
        // No number: no huge or negative one; no final newline: none to remove.
        // Removing the only token empties it: the same bytes as Empty, given once.
        let got: Vec<Mutation> = made("abc").into_iter().map(|(m, _)| m).collect();
        assert_eq!(
            got,
            [
                Mutation::TokenRemoved,
                Mutation::TokenDoubled,
                Mutation::TrailingSpaces
            ]
        );
        // An empty sample has only spaces added: every other mutation leaves it as it was.
        assert_eq!(made(""), [(Mutation::TrailingSpaces, "  ".to_string())]);
        // Zero made negative is -1 (-0 may well be read as 0); a negative number stays.
        assert!(made("0\n").contains(&(Mutation::NumberNegative, "-1\n".to_string())));
        assert!(!made("-4\n")
            .iter()
            .any(|(m, _)| *m == Mutation::NumberNegative));
        assert!(made("-4\n").contains(&(
            Mutation::NumberHuge,
            "-1000000000000000000000000000000\n".to_string()
        )));
    }

    #[test]
    fn the_same_sample_gives_the_same_variants_each_distinct() {
        let sample = b"5\n1 1 1 1 1\n";
        assert_eq!(variants(sample), variants(sample));
        let all = variants(sample);
        for (i, (_, a)) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|(_, b)| a != b));
            assert_ne!(a.as_slice(), sample.as_slice());
        }
    }
}
