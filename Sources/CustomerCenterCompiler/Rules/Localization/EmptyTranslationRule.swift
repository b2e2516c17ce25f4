/// `l10n.empty-translation`: an empty text.

import JSONSyntax
package enum EmptyTranslationRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.empty-translation",
        summary: "An empty text.",
        rationale: "The SDKs show an empty string as it is, without falling back to another language: customers see a blank label.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help", "de": ↓""}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help", "de": "Hilfe"}"#))

    /// An authoring config's empty texts are the text index's (`TextIndex.emptyTexts`, found in
    /// its one pass over every text); a response's are looked for here.
    package static func check(_ context: inout RuleContext) {
        let entries = context.config.localization?.entries ?? .empty
        guard context.config.format == .authoring else {
            for entry in entries {
                // Indices, not `for … in`: that builds every translation to look at one bit.
                for index in entry.translations.indices where entry.translations.textIsEmpty(at: index) {
                    report(entry, at: index, into: &context)
                }
            }
            return
        }
        for group in context.resolved.texts.emptyTexts.groups {
            let entry = entries[Int(group.entry)]
            group.forEachPosition { index in report(entry, at: index, into: &context) }
        }
    }

    /// The finding of the empty text at `index` of `entry`.
    private static func report(_ entry: StringEntry, at index: Int, into context: inout RuleContext) {
        let translation = entry.translations[index]
        let locale = context.config.format == .authoring ? translation.locale.value : nil
        context.report(.emptyTranslation(entry.key.value, locale: locale), on: translation.text)
    }
}

extension RuleMessage {
    /// `l10n.empty-translation`; `locale` is `nil` in a response, which has one locale.
    static func emptyTranslation(_ key: String, locale: String?) -> RuleMessage {
        let which = locale.map { "the \(MessageText.quoted($0)) text" } ?? "the text"
        return RuleMessage(EmptyTranslationRule.descriptor, "\(which) of \(MessageText.quoted(key)) is empty; customers would see a blank label")
    }
}
