/// `survey.duplicate-option-title`: two options with the same text in one locale.
public enum DuplicateOptionTitleRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "survey.duplicate-option-title",
        summary: "Two options of one survey with the same text in a locale.",
        rationale: "Customers see two identical answers and cannot tell them apart, usually because a translation was copied from the wrong key.",
        defaultSeverity: .warning, formats: [.authoring],
        failingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "opt_a"}, {"id": "b", "title_key": ↓"opt_b"}]}}]}"#,
            strings: #""title": {"en": "Help"}, "opt_a": {"en": "Too expensive"}, "opt_b": {"en": "Too expensive"}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "opt_a"}, {"id": "b", "title_key": "opt_b"}]}}]}"#,
            strings: #""title": {"en": "Help"}, "opt_a": {"en": "Too expensive"}, "opt_b": {"en": "Bought by mistake"}"#))

    public static func check(_ context: inout RuleContext) {
        let resolved = context.resolved
        for path in context.config.allPaths {
            let options = (path.survey?.options ?? []).compactMap { option in option.title?.key.map { (option, $0) } }
            guard options.count > 1 else { continue }
            for (index, (_, key)) in options.enumerated() {
                for (_, earlierKey) in options[..<index] where earlierKey.value != key.value {
                    let clashes = resolved.targetLocales.filter { locale in
                        guard let a = resolved.text(key.value, locale: locale), let b = resolved.text(earlierKey.value, locale: locale),
                              a.origin == .exact else { return false }
                        return a.translation.text.value.lowercased() == b.translation.text.value.lowercased()
                    }
                    guard let locale = clashes.first, let text = resolved.text(key.value, locale: locale) else { continue }
                    let locales = clashes.map { MessageText.quoted($0) }.joined(separator: ", ")
                    context.report(descriptor, "two options of this survey read \(MessageText.quoted(text.translation.text.value)) in \(locales)",
                                   at: key.range, pointer: key.pointer, notes: [context.note("the other option", at: earlierKey.range)])
                    break
                }
            }
        }
    }
}
