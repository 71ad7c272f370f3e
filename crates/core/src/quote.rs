//! Text judge shows but did not write, made safe where it lands. On a terminal
//! ([`terminal`], [`terminal_lines`]): a name (a submission's, a test's, a group's) or a
//! program's words (a checker's message, an output, a standard error) with its control
//! characters written as escapes, so that one row stays one row and no escape sequence reaches
//! the terminal. In a command line for a person to paste into a shell ([`shell`]): each word
//! quoted, so that the shell runs the command meant, with the names as they are. Formats that
//! escape on their own (JSON, XML, HTML) take the text as it is; CSV has its own rule
//! (`report::csv`).

use std::borrow::Cow;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

/// Whether a character is shown as an escape: a control character (C0, DEL, C1), or one that
/// reorders the text around it on screen (the bidirectional marks, embeddings, overrides and
/// isolates), which could make a row read as another.
fn escaped(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `text` for one line of a terminal: each control character (and each character that
/// reorders text) written as its escape, `\n`, `\r`, `\t`, `\u{1b}`, `\u{202e}`; the rest as
/// it is. Text with none of them is returned as it is.
pub fn terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// [`terminal`] for a text of several lines (a program's output, a checker's message): its
/// line breaks kept (a `\r\n` is a line break too, as `str::lines` takes it), every other
/// control character escaped.
pub fn terminal_lines(text: &str) -> Cow<'_, str> {
    let line_break = |at: usize, c: char| {
        c == '\n' || (c == '\r' && text.as_bytes().get(at + 1) == Some(&b'\n'))
    };
    if !text
        .char_indices()
        .any(|(at, c)| escaped(c) && !line_break(at, c))
    {
        return Cow::Borrowed(text);
    }
    let mut lines: Vec<&str> = text.split('\n').collect();
    let last = lines.pop().unwrap_or_default();
    let mut shown: Vec<Cow<str>> = lines
        .into_iter()
        .map(|line| terminal(line.strip_suffix('\r').unwrap_or(line)))
        .collect();
    shown.push(terminal(last));
    Cow::Owned(shown.join("\n"))
}

/// One word of a command line for a person to paste into a POSIX shell (dash, bash, zsh),
/// which the shell reads back as exactly the word's bytes: a word of plain characters as it
/// is, another quoted (by `shlex`, which also quotes what an interactive bash expands: `!`,
/// braces). A word with a control character or bytes that are not UTF-8 is spelled by
/// `printf` in octal escapes, `"$(printf 'a\033b')"`, as dash has no `$'...'`: the line holds
/// no control character, except the line breaks that end a word (a command substitution
/// drops them), which stay in single quotes.
pub fn shell(word: impl AsRef<OsStr>) -> String {
    let bytes = word.as_ref().as_bytes();
    match std::str::from_utf8(bytes) {
        Ok(text) if !text.chars().any(escaped) => match shlex::try_quote(text) {
            Ok(quoted) => quoted.into_owned(),
            // Only a NUL is refused, and it is a control character.
            Err(_) => printed(bytes),
        },
        _ => printed(bytes),
    }
}

/// `words` quoted by [`shell`], separated by spaces.
pub fn shell_command<I>(words: I) -> String
where
    I: IntoIterator,
    I::Item: AsRef<OsStr>,
{
    words.into_iter().map(shell).collect::<Vec<_>>().join(" ")
}

/// A word written by `printf`: its format in single quotes, with `%`, `\` and `'` written so
/// that printf and the shell read them back, `!` in octal (an interactive bash expands it even
/// inside double quotes) and so a control character, a character that reorders text and a
/// byte that is not UTF-8; a leading `-` in octal too (else printf may take it for an option).
fn printed(bytes: &[u8]) -> String {
    let body_end = bytes
        .iter()
        .rposition(|&b| b != b'\n')
        .map_or(0, |last| last + 1);
    let (body, line_breaks) = bytes.split_at(body_end);
    let mut format = String::new();
    let octal = |format: &mut String, bytes: &[u8]| {
        for byte in bytes {
            format.push_str(&format!("\\{byte:03o}"));
        }
    };
    for chunk in body.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '%' => format.push_str("%%"),
                '\\' => format.push_str("\\\\"),
                '\'' => format.push_str("'\\''"),
                '-' if format.is_empty() => format.push_str("\\055"),
                '!' => format.push_str("\\041"),
                c if escaped(c) => octal(&mut format, c.encode_utf8(&mut [0; 4]).as_bytes()),
                c => format.push(c),
            }
        }
        octal(&mut format, chunk.invalid());
    }
    let mut word = String::new();
    if !body.is_empty() {
        word.push_str(&format!("\"$(printf '{format}')\""));
    }
    if !line_breaks.is_empty() {
        word.push('\'');
        word.push_str(&"\n".repeat(line_breaks.len()));
        word.push('\'');
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStrExt;
    use std::process::Command;

    #[test]
    fn names_on_a_terminal_keep_to_one_line_and_send_no_escape_sequence() {
        assert!(matches!(terminal("plain name-1"), Cow::Borrowed(_)));
        assert_eq!(terminal("a\nb"), "a\\nb");
        assert_eq!(terminal("x\r\x1b[2Jy\t"), "x\\r\\u{1b}[2Jy\\t");
        // C1 controls (U+009B is a one-character CSI), DEL, NUL, a right-to-left override.
        assert_eq!(
            terminal("\u{9b}31m\u{7f}\0\u{202e}gnp.exe"),
            "\\u{9b}31m\\u{7f}\\u{0}\\u{202e}gnp.exe"
        );
        assert_eq!(terminal("é, ü, 日本, \\n"), "é, ü, 日本, \\n");
        assert!(!terminal("\u{1b}]0;title\u{7}")
            .chars()
            .any(char::is_control));
    }

    #[test]
    fn a_text_of_lines_keeps_its_line_breaks_only() {
        assert!(matches!(terminal_lines("a\nb\r\nc\n"), Cow::Borrowed(_)));
        assert_eq!(terminal_lines("a\x1b[2J\nb\rc\r\n"), "a\\u{1b}[2J\nb\\rc\n");
        assert_eq!(terminal_lines("\r"), "\\r");
    }

    /// What `sh` (and bash, where it is installed) gives as the words of `line`.
    fn words_in(shell: &str, line: &str) -> Vec<Vec<u8>> {
        let output = Command::new(shell)
            .arg("-c")
            .arg(format!(
                "for word in {line}; do printf '%s\\0' \"$word\"; done"
            ))
            .output()
            .unwrap();
        assert!(output.status.success(), "{shell}: {output:?}");
        output
            .stdout
            .split(|&b| b == 0)
            .map(<[u8]>::to_vec)
            .filter(|w| !w.is_empty())
            .collect()
    }

    #[test]
    fn a_quoted_word_is_read_back_as_its_bytes() {
        let words: Vec<&[u8]> = vec![
            b"plain-1.in",
            b"x$(touch F)y",
            b"it's a test",
            b"`id` $HOME \\ \" ; | & < > * ? [a] {a,b} ~ # ! % =a",
            b"line\nbreak",
            b"\x1b[2J\r\t\x07",
            b"\xff\xfe not UTF-8 \xe9",
            b"-n",
            b"--x\x01",
            b"ends in two breaks\n\n",
            b"\n",
            b"100%d \\t %s",
            "é \u{202e}txt \u{9b}".as_bytes(),
        ];
        let line = shell_command(words.iter().map(|w| OsStr::from_bytes(w)));
        for shell in ["sh", "bash"] {
            if Command::new(shell).arg("-c").arg("true").status().is_err() {
                continue;
            }
            let got = words_in(shell, &line);
            assert_eq!(got, words, "{shell}: {line}");
        }
        // Only the trailing line breaks stay as they are.
        let without_trailing = shell_command(words[..9].iter().map(|w| OsStr::from_bytes(w)));
        assert!(
            !without_trailing.chars().any(char::is_control),
            "{without_trailing}"
        );
    }

    #[test]
    fn plain_words_stay_plain_and_others_are_quoted() {
        assert_eq!(
            shell_command(["judge", "gen", "boj12100", "--seed", "7"]),
            "judge gen boj12100 --seed 7"
        );
        assert_eq!(shell("t/x$(touch F)y.in"), "'t/x$(touch F)y.in'");
        assert_eq!(shell(""), "''");
        assert_eq!(shell("a\x1bb"), "\"$(printf 'a\\033b')\"");
        assert_eq!(shell("-\n"), "\"$(printf '\\055')\"'\n'");
    }
}
