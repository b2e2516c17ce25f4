/// `l10n.empty-translation`: an empty text.
public enum EmptyTranslationRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "l10n.empty-translation",
        summary: "An empty text.",
        rationale: "The SDKs show an empty string as it is, without falling back to another language: customers see a blank label.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help", "de": ↓""}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help", "de": "Hilfe"}"#))

    public static func check(_ context: inout RuleContext) {
        for entry in context.config.localization?.entries ?? [] {
            for translation in entry.translations where translation.textValue.isEmpty {
                let which = context.config.format == .authoring ? "the \(MessageText.quoted(translation.locale.value)) text" : "the text"
                context.report(descriptor, "\(which) of \(MessageText.quoted(entry.key.value)) is empty; customers would see a blank label",
                               on: translation.text)
            }
        }
    }
}
