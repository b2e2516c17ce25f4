/// `l10n.default-locale-unsupported`: `default` is not in `supported`.

import JSONSyntax
package enum DefaultLocaleUnsupportedRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.default-locale-unsupported",
        summary: "'default' is not in 'supported'.",
        rationale: "The fallback language is not one the config claims to support: the backend may never pick it, and customers in unsupported languages get no text.",
        defaultSeverity: .error, formats: [.authoring],
        failingExample: Examples.authoring().replacingOccurrences(#""default": "en""#, with: #""default": ↓"en", "supported": ["de"]"#),
        passingExample: Examples.authoring().replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en"]"#))

    package static func check(_ context: inout RuleContext) {
        guard let localization = context.config.localization, let defaultLocale = localization.defaultLocale,
              let supported = localization.supported else { return }
        let normalized = LocaleCode.normalized(defaultLocale.value)
        guard !supported.contains(where: { LocaleCode.normalized($0.value) == normalized }) else { return }
        context.report(.defaultLocaleUnsupported(defaultLocale.value),
                       on: defaultLocale)
    }
}

extension RuleMessage {
    /// `l10n.default-locale-unsupported`.
    static func defaultLocaleUnsupported(_ locale: String) -> RuleMessage {
        RuleMessage(DefaultLocaleUnsupportedRule.descriptor, "the default locale \(MessageText.quoted(locale)) is not in 'supported'")
    }
}
