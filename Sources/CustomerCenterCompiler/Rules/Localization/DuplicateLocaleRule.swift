/// `l10n.duplicate-locale`: a locale listed twice in `supported`.

import JSONSyntax
package enum DuplicateLocaleRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.duplicate-locale",
        summary: "A locale listed twice in 'supported' (codes compare case-insensitively, '_' and '-' alike).",
        rationale: "A repeated locale is compiled and counted twice, and usually hides a typo where another language was meant.",
        defaultSeverity: .warning, formats: [.authoring],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help", "de": "Hilfe"}"#).replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en", "de", ↓"DE"]"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help", "de": "Hilfe"}"#).replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en", "de"]"#))

    package static func check(_ context: inout RuleContext) {
        guard let supported = context.config.localization?.supported else { return }
        Repeats.forEach(supported, key: { LocaleCode.normalized($0.value) }, { code, earlier in
            context.report(.duplicateLocale(code.value, listedAs: earlier.value),
                           on: code, notes: [context.sink.note("first listed here", at: earlier.range)])
        })
    }
}

extension RuleMessage {
    /// `l10n.duplicate-locale`: `code` names a locale listed before as `earlier`.
    static func duplicateLocale(_ code: String, listedAs earlier: String) -> RuleMessage {
        RuleMessage(DuplicateLocaleRule.descriptor, "locale \(MessageText.quoted(code)) is already listed in 'supported' as \(MessageText.quoted(earlier))")
    }
}
