/// Writes a locale's units as a gettext PO file: `msgctxt` the key, `msgid` the default text,
/// `msgstr` the locale's; notes as extracted comments (`#.`), the key's line as a reference
/// (`#:`), a falling-back unit `fuzzy` with the fallback's text to review.

import JSONSyntax
enum POWriter {
    /// The file for `units`, translated from `sourceLocale` into `targetLocale`, exported from
    /// the config named `original`.
    static func document(_ units: [TranslationUnit], original: String, sourceLocale: String, targetLocale: String) -> String {
        var out = "# Texts of \(original.replacingOccurrences("\n", with: " ")) to translate from \(sourceLocale) into \(targetLocale).\n"
        out += "# Written by customer-center strings export.\n"
        out += "msgid \"\"\nmsgstr \"\"\n"
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
        for field in header { out += "\"" + escaped(field) + "\\n\"\n" }
        // A file name with a space would be read as two references.
        let reference = original.contains(where: \.isWhitespace) ? nil : original
        for unit in units {
            out += "\n"
            for note in unit.notes { out += "#. " + note.replacingOccurrences("\n", with: " ") + "\n" }
            if let reference { out += "#: \(reference):\(unit.line)\n" }
            if case .fallingBack = unit.state { out += "#, fuzzy\n" }
            out += "msgctxt " + quoted(unit.key) + "\n"
            out += "msgid " + quoted(unit.source) + "\n"
            out += "msgstr " + quoted(unit.target) + "\n"
        }
        return out
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
