/// `l10n.control-character`: a text with a control character other than tab and line feed.

import JSONSyntax
package enum ControlCharacterRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.control-character",
        summary: "A text with a control character other than tab and line feed (ESC, NUL, CR, C1 controls).",
        rationale: "The SDKs show such a character as it is: a blank box, a broken line, or an escape sequence a log viewer acts on. It usually came in with a pasted or imported translation; `strings import` refuses new ones.",
        defaultSeverity: .warning, formats: [.authoring],
        fixes: [.safe],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(strings: #""title": {"en": ↓"Help\u001b[31m", "de": ↓"Hilfe\r\njetzt"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help\tnow\nor later", "de": "Hilfe"}"#))

    /// The texts of the table the text index found a byte below 0x20, DEL or a C1 lead byte in
    /// (`TextIndex.controlSuspects`, its one pass over every text): only those are decoded.
    package static func check(_ context: inout RuleContext) {
        guard let entries = context.config.localization?.entries else { return }
        for group in context.resolved.texts.controlSuspects.groups {
            let entry = entries[Int(group.entry)]
            group.forEachPosition { index in check(entry, at: index, into: &context) }
        }
    }

    /// The finding of text `index` of `entry`, if it has a control character.
    private static func check(_ entry: StringEntry, at index: Int, into context: inout RuleContext) {
        let translations = entry.translations
        guard translations.withTextUTF8(at: index, { ControlBytes.mayHaveControl($0) }) else { return }
        let translation = translations[index]
        let text = translation.text.value
        guard let control = Self.first(in: text) else { return }
        // Line breaks written CR LF or CR are one line feed: a safe fix. Other controls are left
        // to a person (what was meant is not known).
        let onlyCR = text.unicodeScalars.allSatisfy { !isControl($0) || $0 == "\r" }
        let fix = onlyCR
            ? RuleContext.replace(translation.text, with: text.replacingOccurrences("\r\n", with: "\n").replacingOccurrences("\r", with: "\n"),
                                  "write line breaks as \\n", applicability: .safe)
            : nil
        context.report(.controlCharacter(entry.key.value, locale: translation.localeCode, character: control), on: translation.text, fix: fix)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A) || (value >= 0x7F && value <= 0x9F)
    }

    /// The first control character of `text`, as `U+001B`.
    static func first(in text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: isControl) else { return nil }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension RuleMessage {
    /// `l10n.control-character`.
    static func controlCharacter(_ key: String, locale: String, character: String) -> RuleMessage {
        RuleMessage(ControlCharacterRule.descriptor,
                    "the \(MessageText.quoted(locale)) text of \(MessageText.quoted(key)) has the control character \(character), which the SDKs show as it is")
    }
}
