//! Writing HTML safely: escaping text for elements and attributes, embedding data as a
//! JSON block that the page's script parses only when it needs it, and an image as a
//! `data:` address (shown by an `<img>`, where an SVG's scripts never run).

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

/// An `<img>` showing `image`, whose kind its file name's extension says (`testcase.svg`),
/// embedded as a base64 `data:` address; `alt` describes it.
pub fn image(file: &str, image: &[u8], alt: &str) -> String {
    let kind = match file.rsplit('.').next() {
        Some("svg") => "image/svg+xml",
        Some("jpg" | "jpeg") => "image/jpeg",
        _ => "image/png",
    };
    format!(
        "<img class=\"visual\" alt=\"{}\" src=\"data:{kind};base64,{}\">",
        escape(alt),
        base64(image)
    )
}

/// `bytes` in standard base64 (RFC 4648, with padding).
fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |word, (i, &b)| word | (u32::from(b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(DIGITS[((word >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
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
    fn base64_pads_as_the_standard_says_and_an_image_names_its_kind() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        let svg = image("testcase.svg", b"<svg/>", "secret/1 \"x\"");
        assert!(svg.starts_with("<img class=\"visual\" alt=\"secret/1 &quot;x&quot;\" src=\"data:image/svg+xml;base64,PHN2Zy8+\""), "{svg}");
        assert!(image("testcase.jpg", b"", "t").contains("data:image/jpeg;"));
    }

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
