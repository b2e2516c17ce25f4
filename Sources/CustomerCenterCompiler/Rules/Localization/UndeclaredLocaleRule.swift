/// `l10n.undeclared-locale`: text in a locale that `supported` does not list.
public enum UndeclaredLocaleRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "l10n.undeclared-locale",
        summary: "Text in a locale that 'supported' does not list.",
        rationale: "Translations in a locale the config does not declare are never chosen: the work is wasted, or 'supported' forgot a language your customers use.",
        defaultSeverity: .warning, formats: [.authoring],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help", ↓"fr": "Aide"}"#).replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en"]"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help", "fr": "Aide"}"#).replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en", "fr"]"#))

    public static func check(_ context: inout RuleContext) {
        guard let localization = context.config.localization, let supported = localization.supported else { return }
        let declared = Set(supported.map { LocaleCode.normalized($0.value) })
        let declaredLanguages = Set(declared.map(LocaleCode.language))
        var first: [String: Translation] = [:]
        var order: [String] = []
        var counts: [String: Int] = [:]
        for entry in localization.entries {
            for translation in entry.translations {
                let locale = LocaleCode.normalized(translation.locale.value)
                // A language-only text serves supported regional locales by fallback (pt for pt-BR).
                guard !declared.contains(locale), !(declaredLanguages.contains(locale) && !locale.contains("-")) else { continue }
                if first[locale] == nil { first[locale] = translation; order.append(locale) }
                counts[locale, default: 0] += 1
            }
        }
        for locale in order {
            guard let translation = first[locale] else { continue }
            let count = counts[locale] ?? 1
            context.report(descriptor, "locale \(MessageText.quoted(translation.locale.value)) is not in 'supported'" + (count > 1 ? " (\(count) texts)" : ""),
                           at: translation.locale.range, pointer: translation.locale.pointer)
        }
    }
}
