/// Writes a locale's units as a gettext PO file: `msgctxt` the key, `msgid` the default text,
/// `msgstr` the locale's; notes as extracted comments (`#.`), the key's line as a reference
/// (`#:`), a falling-back unit `fuzzy` with the fallback's text to review.

import JSONSyntax
enum POWriter {
    /// The file for `units`, translated from `sourceLocale` into `targetLocale`, exported from
    /// the config named `original`.
    static func document(_ units: [TranslationUnit], original: String, sourceLocale: String, targetLocale: String) -> [UInt8] {
        var out = ExportBytes(capacity: units.count * 560 + 512)
        let reference = begin(original: original, sourceLocale: sourceLocale, targetLocale: targetLocale, into: &out)
        for unit in units { append(unit, reference: reference, into: &out) }
        return out.bytes
    }

    /// The file's start: its comments and header entry; returns what each unit's reference
    /// starts with (`#: FILE:`), `nil` when the file's name has a space (it would be read as two).
    static func begin(original: String, sourceLocale: String, targetLocale: String, into out: inout ExportBytes) -> String? {
        out.append("# Texts of \(original.replacingOccurrences("\n", with: " ")) to translate from \(sourceLocale) into \(targetLocale).\n")
        out.append("# Written by customer-center strings export.\n")
        out.append("msgid \"\"\nmsgstr \"\"\n")
        let header = [
            "Project-Id-Version: \(original.split(separator: "/").last.map(String.init) ?? original)",
            // Left empty, not the template's placeholders (which `msgfmt --check` flags): the
            // translator's tool fills them in.
            "PO-Revision-Date: ",
            "Last-Translator: ",
            "Language-Team: ",
            "Language: \(targetLocale)",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: 8bit",
            "X-Generator: customer-center",
            "X-Source-Language: \(sourceLocale)",
        ]
        for field in header { out.append("\"" + escaped(field) + "\\n\"\n") }
        return reference(original: original)
    }

    /// What a unit's reference starts with (`#: FILE:`), `nil` when the file's name has a space
    /// (it would be read as two references).
    static func reference(original: String) -> String? { original.contains(where: \.isWhitespace) ? nil : "#: \(original):" }

    /// A note for the translator (an extracted comment, on one line).
    static func append(note: String, into out: inout ExportBytes) {
        out.append("#. ")
        out.append(note.utf8.contains(0x0A) ? note.replacingOccurrences("\n", with: " ") : note)
        out.append("\n")
    }

    /// One entry; `reference` is what ``begin(original:sourceLocale:targetLocale:into:)`` returned.
    static func append(_ unit: TranslationUnit, reference: String?, into out: inout ExportBytes) {
        out.append("\n")
        for note in unit.notes { append(note: note, into: &out) }
        if let reference {
            out.append(reference)
            out.append(unit.line)
            out.append("\n")
        }
        if case .fallingBack = unit.state { out.append("#, fuzzy\n") }
        out.append("msgctxt ")
        append(quoted: unit.key, to: &out)
        out.append("\nmsgid ")
        append(quoted: unit.source, to: &out)
        out.append("\nmsgstr ")
        append(quoted: unit.target, to: &out)
        out.append("\n")
    }

    /// ``quoted(_:)`` appended to `out`; a text of one line (most) is escaped in place.
    static func append(quoted value: String, to out: inout ExportBytes) {
        guard value.utf8.contains(0x0A) else {
            out.append("\"")
            out.append(value, escaping: .poString)
            out.append("\"")
            return
        }
        out.append(quoted(value))
    }

    /// ``append(quoted:to:)-(String,_)`` of a text's UTF-8 bytes.
    static func append(quoted value: UnsafeBufferPointer<UInt8>, to out: inout ExportBytes) {
        guard value.contains(0x0A) else {
            out.append("\"")
            out.append(value, escaping: .poString)
            out.append("\"")
            return
        }
        out.append(quoted(String(decoding: value, as: UTF8.self)))
    }

    /// A PO string: one line, or, when the text has line breaks, `""` then one line per line of
    /// the text (each ending in its `\n`), as gettext's tools write it.
    static func quoted(_ value: String) -> String {
        let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1 else { return "\"" + escaped(value) + "\"" }
        var pieces: [String] = []
        for (index, line) in lines.enumerated() {
            let last = index == lines.count - 1
            if last && line.isEmpty { break }
            pieces.append("\"" + escaped(String(line)) + (last ? "" : "\\n") + "\"")
        }
        return "\"\"\n" + pieces.joined(separator: "\n")
    }

    /// C escapes for the characters a PO string cannot hold as they are.
    static func escaped(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
