/// Text inside XML or HTML markup, escaped in one place for every writer of markup (the preview's
/// HTML, JUnit, Checkstyle, XLIFF): `&`, `<` and `>` always become entities and a carriage return
/// `&#13;` (a parser would read a raw one as a line feed); what else is escaped is the caller's
/// `Escaping`.

import JSONSyntax
package enum MarkupText {
    /// What is escaped besides `&`, `<`, `>` and the carriage return.
    package struct Escaping: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// `"` as `&quot;`.
        package static let doubleQuote = Escaping(rawValue: 1 << 0)
        /// `'` as `&apos;`.
        package static let apostrophe = Escaping(rawValue: 1 << 1)
        /// Tab and line feed as `&#9;` and `&#10;`: a parser turns raw ones in an attribute value
        /// into spaces.
        package static let whitespaceReferences = Escaping(rawValue: 1 << 2)
        /// The characters XML 1.0 cannot hold (C0 and C1 controls but tab and line feed, U+FFFE,
        /// U+FFFF) written as `\u{…}` text, so a finding that quotes one is still a document.
        package static let visibleControls = Escaping(rawValue: 1 << 3)

        /// Element content (XLIFF): the minimum.
        package static let elementText: Escaping = []
        /// An attribute value in double quotes (XLIFF).
        package static let attributeValue: Escaping = [.doubleQuote, .whitespaceReferences]
        /// Text that may end up in content or in either kind of quotes (HTML, JUnit).
        package static let anywhere: Escaping = [.doubleQuote, .apostrophe, .visibleControls]
    }

    /// `text` escaped for markup: by default for anywhere in a document.
    package static func escaped(_ text: String, _ escaping: Escaping = .anywhere) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\"" where escaping.contains(.doubleQuote): out += "&quot;"
            case "'" where escaping.contains(.apostrophe): out += "&apos;"
            case "\t" where escaping.contains(.whitespaceReferences): out += "&#9;"
            case "\n" where escaping.contains(.whitespaceReferences): out += "&#10;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                if escaping.contains(.visibleControls),
                   scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
