/// Writes a locale's units as an XLIFF 1.2 document: one `<trans-unit>` a key, `{{ … }}` as
/// `<ph>`, the state on `<target>`, the notes as `<note>`, the key's line as a location context.

import JSONSyntax
enum XLIFFWriter {
    /// The document for `units`, translated from `sourceLocale` into `targetLocale`, exported
    /// from the config named `original`.
    static func document(_ units: [TranslationUnit], original: String, sourceLocale: String, targetLocale: String) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
          <file original="\(attribute(original))" source-language="\(attribute(sourceLocale))" target-language="\(attribute(targetLocale))" datatype="plaintext">
            <header>
              <tool tool-id="customer-center" tool-name="customer-center"/>
            </header>
            <body>

        """
        for unit in units {
            // The room as a count of characters, which CAT tools check as the translator types.
            let width = unit.maxCharacters.map { " maxwidth=\"\($0)\" size-unit=\"char\"" } ?? ""
            // Approved: the locale's own text, final as far as the config goes (translation tools
            // count the others as fuzzy or untranslated, as a PO file's flags say).
            let approved = unit.state == .translated ? " approved=\"yes\"" : ""
            out += "      <trans-unit id=\"\(attribute(unit.key))\" resname=\"\(attribute(unit.key))\"\(approved) xml:space=\"preserve\"\(width)>\n"
            let (source, ids) = inline(unit.source, ids: nil)
            out += "        <source>\(source)</source>\n"
            out += "        <target state=\"\(state(unit.state))\">\(inline(unit.target, ids: ids).text)</target>\n"
            out += "        <context-group purpose=\"location\"><context context-type=\"sourcefile\">\(text(original))</context>"
                + "<context context-type=\"linenumber\">\(unit.line)</context></context-group>\n"
            for note in unit.notes { out += "        <note from=\"customer-center\">\(text(note))</note>\n" }
            out += "      </trans-unit>\n"
        }
        out += "    </body>\n  </file>\n</xliff>\n"
        return out
    }

    /// XLIFF's word for a unit's state.
    static func state(_ state: UnitState) -> String {
        switch state {
        case .translated: return "translated"
        case .missing: return "needs-translation"
        case .fallingBack: return "needs-review-translation"
        }
    }

    /// `text` as element content, each well-formed `{{ name }}` as `<ph id="N">` (with the
    /// placeholder as its `equiv-text` too: what CAT tools show and count for it): in the source
    /// (`ids` nil) numbered in order; in the target, a placeholder takes the id of the source's
    /// first unused one with the same spelling, else a new number. Returns the source's ids.
    static func inline(_ value: String, ids: [(spelling: String, id: Int)]?) -> (text: String, ids: [(spelling: String, id: Int)]) {
        let scalars = Array(value.unicodeScalars)
        var out = "", cursor = 0
        var numbered: [(spelling: String, id: Int)] = []
        var unused = ids ?? []
        var next = (ids?.map(\.id).max() ?? 0) + 1
        for match in Placeholders.scan(value) where match.isWellFormed {
            out += text(String(String.UnicodeScalarView(scalars[cursor..<match.range.lowerBound])))
            let spelling = String(String.UnicodeScalarView(scalars[match.range]))
            let id: Int
            if ids == nil {
                id = numbered.count + 1
            } else if let index = unused.firstIndex(where: { $0.spelling == spelling }) {
                id = unused.remove(at: index).id
            } else {
                id = next
                next += 1
            }
            numbered.append((spelling, id))
            out += "<ph id=\"\(id)\" equiv-text=\"\(attribute(spelling))\">\(text(spelling))</ph>"
            cursor = match.range.upperBound
        }
        out += text(String(String.UnicodeScalarView(scalars[cursor...])))
        return (out, numbered)
    }

    /// Element content (`MarkupText.Escaping.elementText`).
    static func text(_ value: String) -> String { MarkupText.escaped(value, .elementText) }

    /// An attribute value in double quotes (`MarkupText.Escaping.attributeValue`).
    static func attribute(_ value: String) -> String { MarkupText.escaped(value, .attributeValue) }

    /// Whether XML 1.0 can carry `value` at all (it has no way to write most control characters).
    static func isRepresentable(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: return true
            case 0x00...0x1F, 0xFFFE, 0xFFFF: return false
            default: return true
            }
        }
    }
}
