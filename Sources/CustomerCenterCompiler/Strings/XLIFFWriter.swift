/// Writes a locale's units as an XLIFF 1.2 document: one `<trans-unit>` a key, `{{ … }}` as
/// `<ph>`, the state on `<target>`, the notes as `<note>`, the key's line as a location context.

import JSONSyntax
enum XLIFFWriter {
    /// The document for `units`, translated from `sourceLocale` into `targetLocale`, exported
    /// from the config named `original`, as UTF-8.
    static func document(_ units: [TranslationUnit], original: String, sourceLocale: String, targetLocale: String) -> [UInt8] {
        var out = ExportBytes(capacity: units.count * 640 + 512)
        let sourceFile = begin(original: original, sourceLocale: sourceLocale, targetLocale: targetLocale, into: &out)
        for unit in units { append(unit, sourceFile: sourceFile, into: &out) }
        end(into: &out)
        return out.bytes
    }

    /// The document's start, up to its first unit; returns `original` as element content (the
    /// same in every unit's location context).
    static func begin(original: String, sourceLocale: String, targetLocale: String, into out: inout ExportBytes) -> String {
        out.append("""
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
          <file original="\(attribute(original))" source-language="\(attribute(sourceLocale))" target-language="\(attribute(targetLocale))" datatype="plaintext">
            <header>
              <tool tool-id="customer-center" tool-name="customer-center"/>
            </header>
            <body>

        """)
        return text(original)
    }

    /// One `<trans-unit>`; `sourceFile` is what ``begin(original:sourceLocale:targetLocale:into:)`` returned.
    static func append(_ unit: TranslationUnit, sourceFile: String, into out: inout ExportBytes) {
        out.append("      <trans-unit id=\"")
        out.append(unit.key, escaping: .attributeValue)
        out.append("\" resname=\"")
        out.append(unit.key, escaping: .attributeValue)
        // Approved: the locale's own text, final as far as the config goes (translation tools
        // count the others as fuzzy or untranslated, as a PO file's flags say).
        out.append(unit.state == .translated ? "\" approved=\"yes\" xml:space=\"preserve\"" : "\" xml:space=\"preserve\"")
        // The room as a count of characters, which CAT tools check as the translator types.
        if let width = unit.maxCharacters {
            out.append(" maxwidth=\"")
            out.append(width)
            out.append("\" size-unit=\"char\"")
        }
        out.append(">\n        <source>")
        let ids = inline(unit.source, ids: nil, into: &out)
        out.append("</source>\n        <target state=\"")
        out.append(state(unit.state))
        out.append("\">")
        _ = inline(unit.target, ids: ids, into: &out)
        out.append("</target>\n        <context-group purpose=\"location\"><context context-type=\"sourcefile\">")
        out.append(sourceFile)
        out.append("</context><context context-type=\"linenumber\">")
        out.append(unit.line)
        out.append("</context></context-group>\n")
        for note in unit.notes { append(note: note, into: &out) }
        out.append("      </trans-unit>\n")
    }

    /// A note for the translator.
    static func append(note: String, into out: inout ExportBytes) {
        out.append("        <note from=\"customer-center\">")
        out.append(note, escaping: .elementText)
        out.append("</note>\n")
    }

    /// The document's end, after its last unit.
    static func end(into out: inout ExportBytes) { out.append("    </body>\n  </file>\n</xliff>\n") }

    /// XLIFF's word for a unit's state.
    static func state(_ state: UnitState) -> String {
        switch state {
        case .translated: return "translated"
        case .missing: return "needs-translation"
        case .fallingBack: return "needs-review-translation"
        }
    }

    /// `value` as element content, each well-formed `{{ name }}` as `<ph id="N">` (with the
    /// placeholder as its `equiv-text` too: what CAT tools show and count for it): in the source
    /// (`ids` nil) numbered in order; in the target, a placeholder takes the id of the source's
    /// first unused one with the same spelling, else a new number. Returns the source's ids.
    static func inline(_ value: String, ids: [(spelling: String, id: Int)]?) -> (text: String, ids: [(spelling: String, id: Int)]) {
        var out = ExportBytes(capacity: value.utf8.count)
        let numbered = inline(value, ids: ids, into: &out)
        return (String(decoding: out.bytes, as: UTF8.self), numbered)
    }

    /// ``inline(_:ids:)`` appended to `out`. A text without `{` (most) has no placeholder: it is
    /// only escaped.
    static func inline(_ value: String, ids: [(spelling: String, id: Int)]?, into out: inout ExportBytes) -> [(spelling: String, id: Int)] {
        guard value.utf8.contains(UInt8(ascii: "{")) else {
            out.append(value, escaping: .elementText)
            return []
        }
        let scalars = Array(value.unicodeScalars)
        var cursor = 0
        var numbered: [(spelling: String, id: Int)] = []
        var unused = ids ?? []
        var next = (ids?.map(\.id).max() ?? 0) + 1
        for match in Placeholders.scan(value) where match.isWellFormed {
            out.append(String(String.UnicodeScalarView(scalars[cursor..<match.range.lowerBound])), escaping: .elementText)
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
            out.append("<ph id=\"")
            out.append(id)
            out.append("\" equiv-text=\"")
            out.append(spelling, escaping: .attributeValue)
            out.append("\">")
            out.append(spelling, escaping: .elementText)
            out.append("</ph>")
            cursor = match.range.upperBound
        }
        out.append(String(String.UnicodeScalarView(scalars[cursor...])), escaping: .elementText)
        return numbered
    }

    /// Element content (`MarkupText.Escaping.elementText`).
    static func text(_ value: String) -> String { MarkupText.escaped(value, .elementText) }

    /// An attribute value in double quotes (`MarkupText.Escaping.attributeValue`).
    static func attribute(_ value: String) -> String { MarkupText.escaped(value, .attributeValue) }

    /// Whether XML 1.0 can carry `value` at all (it has no way to write most control characters):
    /// no C0 control but tab, line feed and carriage return, no U+FFFE or U+FFFF (`EF BF BE`,
    /// `EF BF BF` in UTF-8), read from its bytes.
    static func isRepresentable(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { isRepresentable($0) }
    }

    /// ``isRepresentable(_:)-(String)`` of a text's UTF-8 bytes, eight at a time: a word with
    /// no byte below 0x20 and no 0xEF (most) is passed over whole.
    static func isRepresentable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { isRepresentable(bytes, from: 0, to: bytes.count) }

    /// Whether a text of eight bytes or more has a plain word at each end (``isPlain(_:)``);
    /// `false` for a shorter one.
    static func hasPlainEnds(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count >= 8 else { return false }
        let first = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        let last = UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self)
        return isPlain(first) && isPlain(last)
    }

    /// ``isRepresentable(_:)-(UnsafeBufferPointer<UInt8>)``, where `plainEnds` says
    /// ``hasPlainEnds(_:)``: then only the bytes between the two words are read (no character
    /// XML cannot carry starts in a plain word).
    static func isRepresentable(_ bytes: UnsafeBufferPointer<UInt8>, plainEnds: Bool) -> Bool {
        plainEnds ? isRepresentable(bytes, from: 8, to: bytes.count - 8) : isRepresentable(bytes)
    }

    /// Whether the eight bytes of `word` hold no byte below 0x20 and no 0xEF.
    @inline(__always)
    static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20, or a byte 0xEF (a zero byte of word ^ 0xEFEF…), sets some high bit here.
        let below = (word &- ones &* 0x20) & ~word & highs
        let flipped = word ^ (ones &* 0xEF)
        let ef = (flipped &- ones) & ~flipped & highs
        return below | ef == 0
    }

    /// Whether no character XML cannot carry starts in `bytes[from..<to]` (a U+FFFE or U+FFFF
    /// starting there is read to its end, past `to`).
    private static func isRepresentable(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = from
        while index < end {
            if index + 8 <= end, isPlain(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            // This word (or the last bytes), byte by byte.
            for at in index..<min(index + 8, end) {
                let byte = base[at]
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return false }
                if byte == 0xEF, at + 2 < count, base[at + 1] == 0xBF, base[at + 2] >= 0xBE { return false }
            }
            index += 8
        }
        return true
    }
}
