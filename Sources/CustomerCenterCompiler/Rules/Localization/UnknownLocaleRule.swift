/// `l10n.unknown-locale`: not a valid BCP 47 tag, or a known mistake.

import JSONSyntax
package enum UnknownLocaleRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.unknown-locale",
        summary: "Not a valid BCP 47 language tag, or a known mistake ('jp' → 'ja', 'cn' → 'zh').",
        rationale: "No device asks for 'jp': Japanese customers would never get these texts and see the default language instead.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help", ↓"jp": "ヘルプ"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help", "ja": "ヘルプ", "pt-BR": "Ajuda", "zh_Hans": "帮助", "es-419": "Ayuda"}"#))

    package static func check(_ context: inout RuleContext) {
        let order = context.resolved.texts.localeCodes.map(\.code)
        var uses: [String: Int] = [:]
        for (code, count) in context.resolved.texts.localeCodes { uses[code.value] = count }
        // The uses of each normalized code, every spelling of it together (each spelling
        // normalized once: a table with many spellings is not normalized once per pair).
        var usesOfNormalized: [String: Int] = [:]
        for (spelling, count) in uses { usesOfNormalized[LocaleCode.normalized(spelling), default: 0] += count }
        var reported = Set<String>()
        for code in order {
            let normalized = LocaleCode.normalized(code.value)
            guard reported.insert(normalized).inserted else { continue }
            let count = usesOfNormalized[normalized] ?? 0
            if let meant = LocaleCode.knownMistakes[normalized] {
                context.report(.mistakenLocale(code.value, meant: meant, uses: count),
                               on: code,
                               fix: count == 1 ? RuleContext.replace(code, with: meant, "write '\(meant)'") : nil)
            } else if !LocaleCode.isWellFormed(code.value) {
                context.report(.invalidLocale(code.value, uses: count),
                               on: code)
            }
        }
    }
}

extension RuleMessage {
    /// `l10n.unknown-locale`: a code people write for another language (`jp` for `ja`).
    static func mistakenLocale(_ code: String, meant: String, uses: Int) -> RuleMessage {
        RuleMessage(UnknownLocaleRule.descriptor, "\(MessageText.quoted(code)) is not the language code you mean; use \(MessageText.quoted(meant))\(usedTimes(uses))")
    }

    /// `l10n.unknown-locale`: not a language tag at all.
    static func invalidLocale(_ code: String, uses: Int) -> RuleMessage {
        RuleMessage(UnknownLocaleRule.descriptor, "\(MessageText.quoted(code)) is not a valid language tag (BCP 47, like 'de' or 'pt-BR')\(usedTimes(uses))")
    }

    private static func usedTimes(_ count: Int) -> String { count > 1 ? " (used \(count) times)" : "" }
}
