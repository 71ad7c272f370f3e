//! Terminal styles: the colour of each verdict and bold headings. Reports always write them;
//! the writer they are given (anstream's) drops them when the output is not a terminal or
//! `NO_COLOR` is set.

use anstyle::{AnsiColor, Style};

use judge_core::verdict::Verdict;

/// `text` in the colour of `verdict`.
pub fn verdict(verdict: &Verdict, text: &str) -> String {
    let colour = match verdict {
        Verdict::Accepted => AnsiColor::Green,
        Verdict::WrongAnswer | Verdict::PresentationError => AnsiColor::Red,
        Verdict::TimeLimitExceeded => AnsiColor::Yellow,
        Verdict::JudgeError => AnsiColor::Magenta,
        _ => AnsiColor::BrightRed,
    };
    paint(colour.on_default().bold(), text)
}

/// `text` in bold.
pub fn bold(text: &str) -> String {
    paint(Style::new().bold(), text)
}

fn paint(style: Style, text: &str) -> String {
    format!("{}{text}{}", style.render(), style.render_reset())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_strip_to_the_plain_text() {
        let styled = verdict(&Verdict::TimeLimitExceeded, "TLE");
        assert_ne!(styled, "TLE");
        assert_eq!(anstream::adapter::strip_str(&styled).to_string(), "TLE");
        assert_eq!(anstream::adapter::strip_str(&bold("x")).to_string(), "x");
    }
}
