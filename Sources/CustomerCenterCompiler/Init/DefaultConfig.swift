import JSONSyntax

/// The default config `init` writes (docs/commands.md, `init`), built from typed pieces and written canonically.
package enum DefaultConfig {
    /// The 32 locales, alphabetical, as docs/commands.md (`init`) lists them.
    package static let locales = ["ar", "ca", "cs", "da", "de", "el", "en", "es", "fi", "fr", "he", "hi", "hr", "hu", "id", "it",
                                 "ja", "ko", "ms", "nl", "no", "pl", "pt", "ro", "ru", "sk", "sv", "th", "tr", "uk", "vi", "zh"]

    /// The localization keys, in the order `DefaultTranslations` lists texts.
    static let keys = ["management_title", "no_active_title", "no_active_subtitle", "path_missing_purchase", "path_refund",
                       "path_change_plans", "path_cancel", "cancel_survey_title", "survey_too_expensive", "survey_not_using",
                       "survey_mistake", "promo_offer_title", "promo_offer_subtitle"]

    /// The texts of a locale: its own, else its language's (`pt-BR` takes `pt`'s), else those of
    /// the language `compile`'s table gives it (`nb` and `nn` take `no`'s); Traditional Chinese
    /// (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`) takes `zh-Hant`'s, not Simplified `zh`'s.
    static func translations(for locale: String) -> [String]? {
        if LocaleCode.chineseScript(locale) == .traditional { return DefaultTranslations.traditionalChinese }
        let language = LocaleCode.language(locale)
        return DefaultTranslations.all[locale] ?? DefaultTranslations.all[language] ?? BuiltInStrings.aliases[language].flatMap { DefaultTranslations.all[$0] }
    }

    /// `--locales` entries as the default config writes them: any case, `_` or `-`, surrounding
    /// spaces, and BCP 47 tags whose language is one of the 32 (`pt-BR` gets `pt`'s texts).
    /// Returns the canonical codes, or the entry that is none of these.
    package static func parseLocales(_ list: String) -> Result<[String], LocaleListError> {
        var result: [String] = []
        for raw in list.split(separator: ",") {
            let trimmed = raw.filter { !$0.isWhitespace }
            guard !trimmed.isEmpty else { continue }
            let code = LocaleCode.canonicalCase(String(trimmed))
            // A code people write for another language is refused as lint and compile refuse it
            // (`iw` → `he`, `no-NB` → `nb`); another, with the locale it would fall back to.
            if let meant = LocaleCode.knownMistakes[LocaleCode.normalized(code)] {
                return .failure(LocaleListError(entry: String(trimmed), suggestion: meant))
            }
            guard LocaleCode.isWellFormed(code), translations(for: code) != nil else {
                return .failure(LocaleListError(entry: String(trimmed), suggestion: LocaleCode.suggestion(for: code, among: locales)))
            }
            if !result.contains(code) { result.append(code) }
        }
        return .success(result)
    }

    /// A `--locales` entry that names none of the 32 languages.
    package struct LocaleListError: Error, Sendable {
        /// The entry as written.
        package var entry: String
        /// The closest of the 32 codes.
        package var suggestion: String?

        /// One line, lower-case start.
        package var message: String { "'\(entry)' is not a language of the default config (\(DefaultConfig.locales.joined(separator: " ")))" }
        /// The did-you-mean, when there is one.
        package var help: String? { suggestion.map { "did you mean '\($0)'?" } }
    }

    /// The default config in `locales` (all 32 by default); the default locale is `en` when
    /// included, else the first one. Canonical JSON (sorted keys, 2-space indent).
    package static func json(locales: [String] = locales) -> String {
        let defaultLocale = locales.contains("en") ? "en" : (locales.first ?? "en")
        let strings: [(String, JSONValue)] = keys.enumerated().map { index, key in
            (key, .record(locales.compactMap { locale in translations(for: locale).map { (locale, .text($0[index])) } }))
        }
        func path(_ id: String, _ type: String, _ title: String, extra: [(String, JSONValue)] = []) -> JSONValue {
            .record([("id", .text(id)), ("type", .text(type)), ("title_key", .text(title))] + extra)
        }
        func option(_ id: String, _ title: String, offer: Bool) -> JSONValue {
            .record([("id", .text(id)), ("title_key", .text(title))] + (offer ? [("promotional_offer_key", .text("rc-cancel-offer"))] : []))
        }
        func offer(_ id: String) -> JSONValue {
            .record([
                ("ios_offer_id", .text(id)), ("android_offer_id", .text(id)),
                ("title_key", .text("promo_offer_title")), ("subtitle_key", .text("promo_offer_subtitle")),
                // Eligible once the customer was first seen more than 14 days ago.
                ("eligibility", .list([.record([("condition_type", .text("FIRST_SEEN")), ("comparison", .text("GREATER")),
                                                ("amount_in_seconds", .integer(1_209_600))])])),
            ])
        }
        let config = JSONValue.record([
            ("localization", .record([
                ("default", .text(defaultLocale)),
                ("supported", .list(locales.map(JSONValue.text))),
                ("localized_strings", .record(strings)),
            ])),
            ("screens", .record([
                ("MANAGEMENT", .record([
                    ("type", .text("MANAGEMENT")), ("title_key", .text("management_title")),
                    ("paths", .list([
                        path("management_missing_purchase", "MISSING_PURCHASE", "path_missing_purchase"),
                        path("management_refund_request", "REFUND_REQUEST", "path_refund", extra: [("promotional_offer_key", .text("rc-refund-offer"))]),
                        path("management_change_plans", "CHANGE_PLANS", "path_change_plans"),
                        path("management_cancel", "CANCEL", "path_cancel", extra: [("feedback_survey", .record([
                            ("title_key", .text("cancel_survey_title")),
                            ("options", .list([
                                option("too_expensive", "survey_too_expensive", offer: true),
                                option("not_using", "survey_not_using", offer: true),
                                option("bought_by_mistake", "survey_mistake", offer: false),
                            ])),
                        ]))]),
                    ])),
                ])),
                ("NO_ACTIVE", .record([
                    ("type", .text("NO_ACTIVE")), ("title_key", .text("no_active_title")), ("subtitle_key", .text("no_active_subtitle")),
                    ("paths", .list([path("no_active_missing_purchase", "MISSING_PURCHASE", "path_missing_purchase")])),
                ])),
            ])),
            ("promotional_offers", .record([("rc-refund-offer", offer("rc-refund-offer")), ("rc-cancel-offer", offer("rc-cancel-offer"))])),
            ("support", .record([("email", .text("support@example.com"))])),
        ])
        return JSONWriter(sortKeys: true).write(config)
    }
}
