//! A small reader of XML into a tree of elements, enough for Polygon's `problem.xml`: element
//! names, attributes and text, with entities resolved. Comments, processing instructions and
//! the declaration are skipped; a document that is not well formed (an end tag that does not
//! match, an unclosed element, text outside the root) is an error with the byte where it was
//! found. Nesting is bounded so a hostile file cannot exhaust the stack of whoever walks it.

use quick_xml::events::{BytesRef, Event};
use quick_xml::{Reader, XmlVersion};

/// Elements nested deeper than this are refused (problem.xml nests six deep).
const MAX_DEPTH: usize = 64;

/// One element: its name, attributes in the order given, child elements and text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    pub children: Vec<Element>,
    /// The element's own text, its pieces joined, trimmed.
    pub text: String,
}

impl Element {
    /// The value of attribute `name`, if it is there.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The first child named `name`.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|child| child.name == name)
    }

    /// Every child named `name`, in order.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> {
        self.children.iter().filter(move |child| child.name == name)
    }
}

/// Parses `text` into its root element; the error says what is wrong and at which byte.
pub fn parse(text: &str) -> Result<Element, String> {
    // Text is kept whole (pieces around an entity with their spaces) and trimmed at the end.
    let mut reader = Reader::from_str(text);
    let mut open: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    loop {
        let at = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|e| format!("is not well-formed XML near byte {at}: {e}"))?;
        let is_empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(start) | Event::Empty(start) => {
                if root.is_some() {
                    return Err(format!("has a second root element near byte {at}"));
                }
                let name = String::from_utf8_lossy(start.name().as_ref()).into_owned();
                let mut attributes = Vec::new();
                for attribute in start.attributes() {
                    let attribute = attribute
                        .map_err(|e| format!("<{name}> near byte {at}: a bad attribute: {e}"))?;
                    let key = String::from_utf8_lossy(attribute.key.as_ref()).into_owned();
                    let value = attribute
                        .normalized_value(XmlVersion::Implicit1_0)
                        .map_err(|e| format!("<{name}> attribute {key}: {e}"))?;
                    attributes.push((key, value.into_owned()));
                }
                let element = Element {
                    name,
                    attributes,
                    ..Element::default()
                };
                if is_empty {
                    close(&mut open, &mut root, element);
                } else {
                    if open.len() >= MAX_DEPTH {
                        return Err(format!("nests elements deeper than {MAX_DEPTH}"));
                    }
                    open.push(element);
                }
            }
            Event::End(end) => {
                let name = String::from_utf8_lossy(end.name().as_ref()).into_owned();
                let Some(element) = open.pop() else {
                    return Err(format!(
                        "closes </{name}> near byte {at}, which is not open"
                    ));
                };
                if element.name != name {
                    return Err(format!(
                        "closes </{name}> near byte {at} where <{}> is open",
                        element.name
                    ));
                }
                close(&mut open, &mut root, element);
            }
            Event::Text(text) => {
                let piece = text
                    .xml10_content()
                    .map_err(|e| format!("text near byte {at}: {e}"))?;
                append_text(&mut open, &piece, at)?;
            }
            Event::CData(data) => {
                let piece = String::from_utf8_lossy(&data).into_owned();
                append_text(&mut open, &piece, at)?;
            }
            Event::GeneralRef(reference) => {
                let piece = entity(&reference).ok_or_else(|| {
                    format!(
                        "an unknown entity &{}; near byte {at}",
                        String::from_utf8_lossy(&reference)
                    )
                })?;
                append_text(&mut open, &piece, at)?;
            }
            Event::Eof => break,
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
        }
    }
    if let Some(element) = open.last() {
        return Err(format!("ends with <{}> still open", element.name));
    }
    let mut root = root.ok_or_else(|| "holds no element".to_string())?;
    trim(&mut root);
    Ok(root)
}

/// Puts a finished element into its parent, or makes it the root.
fn close(open: &mut [Element], root: &mut Option<Element>, element: Element) {
    match open.last_mut() {
        Some(parent) => parent.children.push(element),
        None => *root = Some(element),
    }
}

fn append_text(open: &mut [Element], piece: &str, at: u64) -> Result<(), String> {
    match open.last_mut() {
        Some(element) => {
            element.text.push_str(piece);
            Ok(())
        }
        None if piece.trim().is_empty() => Ok(()),
        None => Err(format!("has text outside the root element near byte {at}")),
    }
}

/// A predefined entity or a character reference.
fn entity(reference: &BytesRef) -> Option<String> {
    if reference.is_char_ref() {
        return reference
            .resolve_char_ref()
            .ok()
            .flatten()
            .map(String::from);
    }
    let name = reference.decode().ok()?;
    quick_xml::escape::resolve_predefined_entity(&name).map(String::from)
}

fn trim(element: &mut Element) {
    let trimmed = element.text.trim();
    if trimmed.len() != element.text.len() {
        element.text = trimmed.to_string();
    }
    for child in &mut element.children {
        trim(child);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_attributes_and_text_are_read() {
        let root = parse(
            "<?xml version=\"1.0\"?>\n<!-- c --><a x=\"1 &amp; 2\"><b>  7 </b><b/><c>x &lt; y</c></a>",
        )
        .unwrap();
        assert_eq!(root.name, "a");
        assert_eq!(root.attribute("x"), Some("1 & 2"));
        assert_eq!(root.child("b").unwrap().text, "7");
        assert_eq!(root.children_named("b").count(), 2);
        assert_eq!(root.child("c").unwrap().text, "x < y");
    }

    #[test]
    fn a_document_that_is_not_well_formed_is_refused_saying_why() {
        assert!(parse("<a><b></a>").unwrap_err().contains("</a>"));
        assert!(parse("<a><b>").unwrap_err().contains("still open"));
        assert!(parse("").unwrap_err().contains("no element"));
        assert!(parse("<a/><b/>").unwrap_err().contains("second root"));
        assert!(parse("<a>&nope;</a>").unwrap_err().contains("nope"));
        let deep = "<a>".repeat(100) + &"</a>".repeat(100);
        assert!(parse(&deep).unwrap_err().contains("deeper"));
    }
}
