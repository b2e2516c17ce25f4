/// `l10n.unknown-locale`: not a valid BCP 47 tag, or a known mistake.
public enum UnknownLocaleRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "l10n.unknown-locale",
        summary: "Not a valid BCP 47 language tag, or a known mistake ('jp' → 'ja', 'cn' → 'zh').",
        rationale: "No device asks for 'jp': Japanese customers would never get these texts and see the default language instead.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help", ↓"jp": "ヘルプ"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help", "ja": "ヘルプ", "pt-BR": "Ajuda", "zh_Hans": "帮助", "es-419": "Ayuda"}"#))

    public static func check(_ context: inout RuleContext) {
        guard let localization = context.config.localization else { return }
        var codes: [Located<String>] = []
        if let value = localization.defaultLocale { codes.append(value) }
        if let value = localization.responseLocale { codes.append(value) }
        codes += localization.supported ?? []
        if context.config.format == .authoring {
            for entry in localization.entries { codes += entry.translations.map(\.locale) }
        }
        var seen: [String: Int] = [:]
        for code in codes { seen[LocaleCode.normalized(code.value), default: 0] += 1 }
        var reported = Set<String>()
        for code in codes {
            let normalized = LocaleCode.normalized(code.value)
            guard reported.insert(normalized).inserted else { continue }
            let uses = seen[normalized] ?? 1
            let suffix = uses > 1 ? " (used \(uses) times)" : ""
            if let meant = LocaleCode.knownMistakes[normalized] {
                context.report(descriptor, "\(MessageText.quoted(code.value)) is not the language code you mean; use \(MessageText.quoted(meant))\(suffix)",
                               at: code.range, pointer: code.pointer,
                               fix: uses == 1 ? RuleContext.replace(code, with: meant, "write '\(meant)'") : nil)
            } else if !LocaleCode.isWellFormed(code.value) {
                context.report(descriptor, "\(MessageText.quoted(code.value)) is not a valid language tag (BCP 47, like 'de' or 'pt-BR')\(suffix)",
                               at: code.range, pointer: code.pointer)
            }
        }
    }
}
