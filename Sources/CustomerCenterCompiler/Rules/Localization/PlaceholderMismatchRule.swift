/// `l10n.placeholder-mismatch`: a translation's `{{ … }}` set differs from the default locale's,
/// or a text for one of the SDKs' built-in labels drops a placeholder the SDKs fill in.

import JSONSyntax
package enum PlaceholderMismatchRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.placeholder-mismatch",
        summary: "A translation's '{{ … }}' set differs from the default locale's, or a built-in label's text drops one the SDKs fill in.",
        rationale: "A dropped '{{ price }}' hides the price from customers in that language; a renamed one ('{{ preis }}') is shown to them literally, braces and all. A text you write for one of the SDKs' built-in labels (say 'renews_on_date') replaces compile's own translation of it in every locale, so it must keep what the SDKs fill in.",
        defaultSeverity: .error, formats: [.authoring],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(strings: #""title": {"en": "Stay for {{ price }}", "de": ↓"Bleib für {{ preis }}"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Stay for {{ price }}", "de": "Bleib für {{ price }}"}"#))

    /// Built-in key → the placeholders the SDKs fill into its text.
    static let builtIn = Dictionary(uniqueKeysWithValues: SDKStrings.placeholders.map { ($0.key, $0.names) })

    package static func check(_ context: inout RuleContext) {
        // A config's text for a built-in label replaces the SDKs' own: in every locale, the
        // default one included, it must keep what the SDKs fill in, or customers lose the date or price.
        // The SDKs' texts are read for the keys the config has (few or none), not all at every
        // start (docs/performance.md, "The start"); in table order, as `SDKStrings.placeholders`.
        for (key, english) in SDKStrings.table {
            guard let entry = context.resolved.strings[key] else { continue }
            let names = Placeholders.mentionedNames(in: english)
            guard !names.isEmpty else { continue }
            for translation in entry.translations {
                let missing = names.subtracting(translation.withTextUTF8 { Placeholders.mentionedNames(inUTF8: $0) })
                guard !missing.isEmpty else { continue }
                context.report(.builtInPlaceholderDropped(key, locale: translation.locale.value, lacks: missing.sorted(),
                                                          sdkText: SDKStrings.english[key] ?? ""),
                               on: translation.text)
            }
        }
        guard let defaultLocale = context.resolved.defaultLocale else { return }
        // Only keys with a brace in some text can have placeholders to disagree on.
        for entry in context.resolved.texts.keysWithBraces.compactMap({ context.resolved.strings[$0] }) {
            let translations = entry.translations
            guard let referenceIndex = translations.firstIndex(normalizedLocale: defaultLocale) else { continue }
            // Spelling is l10n.malformed-placeholder's finding: here `{{price}}` counts as `price`,
            // so one defect gets one finding. Names are read from the texts' bytes; a located
            // text is built only for a finding.
            let expected = translations.withTextUTF8(at: referenceIndex) { Placeholders.mentionedNames(inUTF8: $0) }
            // Most texts mention exactly the default's names: that is checked on the bytes, and
            // the sets are built only for a text that does not.
            let expectedUTF8 = expected.map { Array($0.utf8) }
            // For a built-in label the SDKs' own placeholders are checked above, once: neither
            // lacking one nor having one the default text dropped is this comparison's finding.
            let sdkNames = builtIn[entry.key.value] ?? []
            for index in translations.indices where translations.normalizedLocale(at: index) != defaultLocale {
                guard !translations.withTextUTF8(at: index, { Placeholders.mentionsExactly(expectedUTF8, inUTF8: $0) }) else { continue }
                let actual = translations.withTextUTF8(at: index) { Placeholders.mentionedNames(inUTF8: $0) }
                guard actual != expected else { continue }
                let missing = expected.subtracting(actual).subtracting(sdkNames)
                let extra = actual.subtracting(expected).subtracting(sdkNames)
                guard !missing.isEmpty || !extra.isEmpty else { continue }
                let translation = translations[index], reference = translations[referenceIndex]
                context.report(.placeholderMismatch(entry.key.value, locale: translation.locale.value,
                                                    lacks: missing.sorted(), extra: extra.sorted()),
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

    /// `l10n.placeholder-mismatch`: a text for a built-in label without what the SDKs fill in.
    static func builtInPlaceholderDropped(_ key: String, locale: String, lacks missing: [String], sdkText: String) -> RuleMessage {
        RuleMessage(PlaceholderMismatchRule.descriptor,
                    "the \(MessageText.quoted(locale)) text of the built-in label \(MessageText.quoted(key)) lacks "
                        + missing.map { "'{{ \($0) }}'" }.joined(separator: ", ")
                        + ", which the SDKs fill in (their text: \(MessageText.quoted(sdkText)))")
    }
}
