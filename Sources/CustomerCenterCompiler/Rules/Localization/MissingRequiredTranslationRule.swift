import JSONSyntax

/// `l10n.missing-required-translation`: a key with no text in a locale the configuration file
/// requires (`locales.required`). Its own id, so that relaxing `l10n.missing-translation`
/// (the general, warning-level gap) never relaxes a requirement the team wrote down.
package enum MissingRequiredTranslationRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.missing-required-translation",
        summary: "A key with no text in a locale that the configuration file's `locales.required` lists.",
        rationale: "The team decided these languages must be complete; customers in them would see the default language's text.",
        defaultSeverity: .error, formats: [.authoring],
        // The same gap as l10n.missing-translation's examples, with German required.
        reads: [.structure, .texts],
        failingExample: MissingTranslationRule.descriptor.failingExample,
        passingExample: MissingTranslationRule.descriptor.passingExample,
        exampleConfiguration: RuleExampleConfiguration(requiredLocales: ["de"]),
        editorAddition: .addMissingTranslations)

    package static func check(_ context: inout RuleContext) {
        let required = context.requiredLocales.map(LocaleCode.normalized)
        guard !required.isEmpty else { return }
        for entry in context.config.localization?.entries ?? .empty {
            let gaps = MissingTranslationRule.gaps(of: entry, in: required)
            if !gaps.isEmpty {
                context.report(.missingRequiredTranslation(entry, gaps, defaultLocale: context.resolved.defaultLocale), on: entry.key)
            }
        }
    }
}

extension RuleMessage {
    /// `l10n.missing-required-translation`: the gaps, and what to add.
    static func missingRequiredTranslation(_ entry: StringEntry, _ gaps: [String], defaultLocale: String?) -> RuleMessage {
        RuleMessage(MissingRequiredTranslationRule.descriptor, MissingTranslationRule.gapText(entry.key.value, gaps, defaultLocale)
            + "; the configuration requires these locales" + MissingTranslationRule.whatToWrite(entry, gaps, defaultLocale),
                    parts: gaps)
    }
}
