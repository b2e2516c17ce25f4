import JSONSyntax

/// `l10n.missing-translation`: a key with no text in a supported locale.
package enum MissingTranslationRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.missing-translation",
        summary: "A key with no text in a supported locale (the default locale's text would show).",
        rationale: "Customers using that language see this one text in the default language in the middle of a translated screen.",
        defaultSeverity: .warning, formats: [.authoring],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(strings: #"↓"title": {"en": "Help"}"#).replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en", "de"]"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help", "de": "Hilfe"}"#).replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en", "de"]"#),
        editorAddition: .addMissingTranslations)

    package static func check(_ context: inout RuleContext) {
        let resolved = context.resolved
        let required = context.requiredLocales.map(LocaleCode.normalized)
        // Required locales have their own rule (`l10n.missing-required-translation`), whose
        // severity does not follow this one's.
        let targets = resolved.targetLocales.filter { $0 != resolved.defaultLocale && !required.contains($0) }
        // (Read once: each use of the static value would copy it.)
        let rule = descriptor
        let defaultLocale = resolved.defaultLocale
        for entry in context.config.localization?.entries ?? .empty {
            let gaps = gaps(of: entry, in: targets)
            if !gaps.isEmpty {
                // A table of thousands of untranslated keys reports each, but shows 500: the words
                // (the gaps quoted, the default text decoded) are made only for a finding kept.
                context.report(rule, at: entry.key.range, pointer: { entry.key.pointer },
                               message: { .missingTranslation(entry, gaps, defaultLocale: defaultLocale) })
            }
        }
    }

    /// The locales of `locales` (normalized) that `entry` has no text for: neither its own nor
    /// its language's (the fallback in docs/rules.md, "Checks worth knowing").
    static func gaps(of entry: StringEntry, in locales: [String]) -> [String] {
        let translations = entry.translations
        var gaps: [String] = []
        var next = 0
        // Keys list locales in the same order almost always: check the next position first.
        for locale in locales {
            if next < translations.count, translations.normalizedLocale(at: next) == locale { next += 1; continue }
            if let index = translations.firstIndex(normalizedLocale: locale) { next = index + 1; continue }
            // Chinese by script first (`zh-TW` shows `zh-Hant`), as export and the lookup go.
            if LocaleCode.language(locale) == "zh", let script = LocaleCode.chineseScript(locale) {
                let scriptCode = script == .traditional ? "zh-hant" : "zh-hans"
                if scriptCode != locale, translations.firstIndex(normalizedLocale: scriptCode) != nil { continue }
            }
            let language = LocaleCode.language(locale)
            if language != locale, translations.firstIndex(normalizedLocale: language) != nil { continue }
            gaps.append(locale)
        }
        return gaps
    }

    /// No fix (a translation needs a translator): the message says what to add instead.
    static func whatToWrite(_ entry: StringEntry, _ locales: [String], _ defaultLocale: String?) -> String {
        guard let defaultLocale,
              let index = entry.translations.firstIndex(normalizedLocale: defaultLocale) else { return "" }
        let reference = entry.translations[index]
        let shown = reference.textValue.count > 60 ? String(reference.textValue.prefix(57)) + "…" : reference.textValue
        let first = locales.first.map { "\"\($0)\"" } ?? ""
        return locales.count == 1
            ? "; add \(first): a translation of \(MessageText.quoted(shown))"
            : "; add a translation of \(MessageText.quoted(shown)) for each of them"
    }

    static func gapText(_ key: String, _ locales: [String], _ defaultLocale: String?) -> String {
        let shown = locales.prefix(6).map { MessageText.quoted($0) }.joined(separator: ", ")
        let more = locales.count > 6 ? " and \(locales.count - 6) more" : ""
        let fallback = defaultLocale.map { "; the \(MessageText.quoted($0)) text shows instead" } ?? ""
        return "\(MessageText.quoted(key)) has no text in \(shown)\(more)\(fallback)"
    }
}

extension RuleMessage {
    /// `l10n.missing-translation`: the gaps (six shown), what shows instead, and what to add.
    static func missingTranslation(_ entry: StringEntry, _ gaps: [String], defaultLocale: String?) -> RuleMessage {
        RuleMessage(MissingTranslationRule.descriptor, MissingTranslationRule.gapText(entry.key.value, gaps, defaultLocale)
            + MissingTranslationRule.whatToWrite(entry, gaps, defaultLocale),
                    parts: gaps)
    }
}
