/// `l10n.placeholder-mismatch`: a translation's `{{ … }}` set differs from the default locale's.
public enum PlaceholderMismatchRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "l10n.placeholder-mismatch",
        summary: "A translation's '{{ … }}' set differs from the default locale's.",
        rationale: "A dropped '{{ price }}' hides the price from customers in that language; a renamed one ('{{ preis }}') is shown to them literally, braces and all.",
        defaultSeverity: .error, formats: [.authoring],
        failingExample: Examples.authoring(strings: #""title": {"en": "Stay for {{ price }}", "de": ↓"Bleib für {{ preis }}"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Stay for {{ price }}", "de": "Bleib für {{ price }}"}"#))

    public static func check(_ context: inout RuleContext) {
        guard let defaultLocale = context.resolved.defaultLocale else { return }
        // Only keys with a brace in some text can have placeholders to disagree on.
        for entry in context.resolved.texts.keysWithBraces.compactMap({ context.resolved.strings[$0] }) {
            guard let reference = entry.translations.first(where: { LocaleCode.normalized($0.locale.value) == defaultLocale }) else { continue }
            // Spelling is l10n.malformed-placeholder's finding: here `{{price}}` counts as `price`,
            // so one defect gets one finding.
            let expected = Placeholders.mentionedNames(in: reference.text.value)
            for translation in entry.translations where LocaleCode.normalized(translation.locale.value) != defaultLocale {
                let actual = Placeholders.mentionedNames(in: translation.text.value)
                guard actual != expected else { continue }
                context.report(.placeholderMismatch(entry.key.value, locale: translation.locale.value,
                                                    lacks: expected.subtracting(actual).sorted(), extra: actual.subtracting(expected).sorted()),
                               on: translation.text,
                               notes: [context.note("the \(MessageText.quoted(reference.locale.value)) text is here", at: reference.text.range)])
            }
        }
    }
}

extension RuleMessage {
    /// `l10n.placeholder-mismatch`: the placeholders a translation lacks and those it adds.
    static func placeholderMismatch(_ key: String, locale: String, lacks missing: [String], extra: [String]) -> RuleMessage {
        var parts: [String] = []
        if !missing.isEmpty { parts.append("lacks " + missing.map { "'{{ \($0) }}'" }.joined(separator: ", ")) }
        if !extra.isEmpty { parts.append("has " + extra.map { "'{{ \($0) }}'" }.joined(separator: ", ") + " that the default text does not") }
        return RuleMessage(PlaceholderMismatchRule.descriptor,
                           "the \(MessageText.quoted(locale)) text of \(MessageText.quoted(key)) \(parts.joined(separator: " and "))")
    }
}
