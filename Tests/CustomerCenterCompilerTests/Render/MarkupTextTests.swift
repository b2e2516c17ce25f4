import Testing
@testable import CustomerCenterCompiler

/// XML and HTML escaping, written once (`MarkupText.escaped`) for the four writers that had each
/// their own: XLIFF element content and attribute values, Checkstyle's attributes, and text for
/// anywhere (the preview's HTML, JUnit). Each row is what one character becomes in each; the
/// writers' outputs are pinned byte for byte by the golden, export and report-format tests.
@Suite struct MarkupTextTests {
    /// A character, then what XLIFF content, an XLIFF attribute, Checkstyle's attribute and text
    /// for anywhere make of it.
    static let rows: [(String, String, String, String, String)] = [
        ("&", "&amp;", "&amp;", "&amp;", "&amp;"),
        ("<", "&lt;", "&lt;", "&lt;", "&lt;"),
        (">", "&gt;", "&gt;", "&gt;", "&gt;"),
        ("\"", "\"", "&quot;", "&quot;", "&quot;"),
        ("'", "'", "'", "&apos;", "&apos;"),
        ("\r", "&#13;", "&#13;", "&#13;", "&#13;"),
        ("\n", "\n", "&#10;", "&#10;", "\n"),
        ("\t", "\t", "&#9;", "&#9;", "\t"),
        ("\u{1}", "\u{1}", "\u{1}", "\\u{1}", "\\u{1}"),
        ("\u{7F}", "\u{7F}", "\u{7F}", "\\u{7F}", "\\u{7F}"),
        ("\u{85}", "\u{85}", "\u{85}", "\\u{85}", "\\u{85}"),
        ("\u{FFFE}", "\u{FFFE}", "\u{FFFE}", "\\u{FFFE}", "\\u{FFFE}"),
        ("é{{ x }}日", "é{{ x }}日", "é{{ x }}日", "é{{ x }}日", "é{{ x }}日"),
    ]

    @Test func eachWriterEscapesWhatItMust() {
        for (character, content, attribute, checkstyle, anywhere) in Self.rows {
            #expect(XLIFFWriter.text(character) == content, "XLIFF content: \(character.debugDescription)")
            #expect(XLIFFWriter.attribute(character) == attribute, "XLIFF attribute: \(character.debugDescription)")
            #expect(CheckstyleRenderer.attribute(character) == checkstyle, "Checkstyle: \(character.debugDescription)")
            #expect(MarkupText.escaped(character) == anywhere, "anywhere: \(character.debugDescription)")
        }
    }

    /// A whole text is its characters escaped one by one, in order.
    @Test func aTextIsItsCharactersEscaped() {
        let text = Self.rows.map(\.0).joined()
        #expect(MarkupText.escaped(text, .attributeValue) == Self.rows.map(\.2).joined())
        #expect(CheckstyleRenderer.attribute(text) == Self.rows.map(\.3).joined())
    }
}
