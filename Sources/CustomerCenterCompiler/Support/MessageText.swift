/// Formatting of values inside diagnostic messages: one line, quoted, bounded, no raw controls.

import JSONSyntax
enum MessageText {
    /// `'value'`, with control and invisible characters escaped and long values shortened.
    static func quoted(_ value: String, limit: Int = 60) -> String {
        "'" + escaped(value, limit: limit) + "'"
    }

    /// The value with C0/C1 controls, DEL and bidi/format characters shown as `\u{…}`, cut to `limit` scalars.
    static func escaped(_ value: String, limit: Int = 60) -> String {
        var out = ""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == limit {
                out.append("…")
                break
            }
            if isUnsafeForDisplay(scalar) {
                out.append("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}")
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// Characters that must never reach a terminal raw: controls, and the invisible format
    /// characters that reorder or hide text ("Trojan Source").
    static func isUnsafeForDisplay(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// A JSON string literal's text with every non-ASCII scalar written `\u{…}`, so keys that look
    /// the same but are different characters show the difference: `'cafe\u{301}'`.
    static func codePoints(_ literal: String) -> String {
        var text = Substring(literal)
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
        var out = "'"
        for scalar in text.unicodeScalars {
            if scalar.isASCII, !isUnsafeForDisplay(scalar) { out.unicodeScalars.append(scalar) } else { out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" }
        }
        return out + "'"
    }

    /// A code point as `U+00A0`.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// "1 error", "2 errors".
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : (plural ?? singular + "s"))
    }

    /// `'a', 'b' or 'c'`.
    static func alternatives(_ values: [String]) -> String {
        let quotedValues = values.map { quoted($0) }
        guard quotedValues.count > 1 else { return quotedValues.first ?? "" }
        return quotedValues.dropLast().joined(separator: ", ") + " or " + quotedValues[quotedValues.count - 1]
    }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
