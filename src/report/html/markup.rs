//! Writing HTML safely: escaping text for elements and attributes, and embedding data as a
//! JSON block that the page's script parses only when it needs it.

use serde::Serialize;

/// Text made safe for an element's content or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A `<script type="application/json">` block holding `data`. Every `<` in the JSON is written
/// as `\u003c`, so nothing a program printed can close the block or open a comment.
pub fn json_block(id: &str, data: &impl Serialize) -> String {
    let json = serde_json::to_string(data)
        .expect("report data has string keys only, so it always serializes");
    format!(
        "<script type=\"application/json\" id=\"{}\">{}</script>\n",
        escape(id),
        json.replace('<', "\\u003c")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_cannot_break_out_of_markup() {
        assert_eq!(
            escape(r#"<b a="1">'x' & y</b>"#),
            "&lt;b a=&quot;1&quot;&gt;&#39;x&#39; &amp; y&lt;/b&gt;"
        );
        let block = json_block("d", &serde_json::json!({"out": "</script><!--"}));
        assert!(!block[..block.len() - "</script>\n".len()].contains("</"));
        assert!(block.contains(r"\u003c/script>\u003c!--"));
    }
}
