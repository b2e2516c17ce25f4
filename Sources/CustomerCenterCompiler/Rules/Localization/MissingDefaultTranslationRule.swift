/// `l10n.missing-default-translation`: a key with no text in the default locale.

import JSONSyntax
package enum MissingDefaultTranslationRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.missing-default-translation",
        summary: "A key with no text in the default locale.",
        rationale: "The default locale is the fallback for every language you do not translate: without its text, customers in those languages see nothing (or the SDK's built-in English).",
        defaultSeverity: .error, formats: [.authoring],
        blocksCompile: true,
        failingExample: Examples.authoring(strings: #""title": {"en": "Help"}, "contact_support": {"de": "Support kontaktieren"}"#)
            .replacingOccurrences(#""contact_support""#, with: #"↓"contact_support""#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help"}, "contact_support": {"de": "Support kontaktieren", "en": "Contact us"}"#))

    package static func check(_ context: inout RuleContext) {
        guard let defaultLocale = context.resolved.defaultLocale else { return }
        for entry in context.config.localization?.entries ?? .empty {
            let hasDefault = entry.translations.firstIndex(normalizedLocale: defaultLocale) != nil
            guard !hasDefault else { continue }
            context.report(.missingDefaultTranslation(entry.key.value, defaultLocale: defaultLocale),
                           on: entry.key)
        }
    }
}

extension RuleMessage {
    /// `l10n.missing-default-translation`.
    static func missingDefaultTranslation(_ key: String, defaultLocale: String) -> RuleMessage {
        RuleMessage(MissingDefaultTranslationRule.descriptor, "\(MessageText.quoted(key)) has no text in the default locale \(MessageText.quoted(defaultLocale))")
    }
}
