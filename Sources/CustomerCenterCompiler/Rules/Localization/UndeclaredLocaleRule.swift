/// `l10n.undeclared-locale`: text in a locale that `supported` does not list.

import JSONSyntax
package enum UndeclaredLocaleRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.undeclared-locale",
        summary: "Text in a locale that 'supported' does not list.",
        rationale: "Translations in a locale the config does not declare are never chosen: the work is wasted, or 'supported' forgot a language your customers use.",
        defaultSeverity: .warning, formats: [.authoring],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help", ↓"fr": "Aide"}"#).replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en"]"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help", "fr": "Aide"}"#).replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en", "fr"]"#))

    package static func check(_ context: inout RuleContext) {
        guard let localization = context.config.localization, let supported = localization.supported else { return }
        let declared = Set(supported.map { LocaleCode.normalized($0.value) })
        let declaredLanguages = Set(declared.map(LocaleCode.language))
        // Each undeclared locale once, at its first text. The default locale itself is
        // l10n.default-locale-unsupported's finding, not this one's.
        let defaultLocale = localization.defaultLocale.map { LocaleCode.normalized($0.value) }
        var reported = Set<String>()
        for (code, _) in context.resolved.texts.localeCodes {
            let locale = LocaleCode.normalized(code.value)
            // A language-only text serves supported regional locales by fallback (pt for pt-BR).
            guard locale != defaultLocale, !declared.contains(locale), !(declaredLanguages.contains(locale) && !locale.contains("-")),
                  reported.insert(locale).inserted else { continue }
            let texts = context.resolved.texts.localeCodes.filter { LocaleCode.normalized($0.code.value) == locale }.reduce(0) { $0 + $1.uses }
            context.report(.undeclaredLocale(code.value, texts: texts),
                           on: code)
        }
    }
}

extension RuleMessage {
    /// `l10n.undeclared-locale`, with how many texts use the locale.
    static func undeclaredLocale(_ code: String, texts: Int) -> RuleMessage {
        RuleMessage(UndeclaredLocaleRule.descriptor, "locale \(MessageText.quoted(code)) is not in 'supported'" + (texts > 1 ? " (\(texts) texts)" : ""))
    }
}
