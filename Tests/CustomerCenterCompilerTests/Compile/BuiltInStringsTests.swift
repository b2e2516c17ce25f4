import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// The SDKs' built-in labels in every locale: the table is complete, keeps every placeholder,
/// is really translated (in the locale's script), and `compile` puts it into every payload.
@Suite struct BuiltInStringsTests {
    /// Store and payment brands: the same word in every language.
    static let brands: Set<String> = ["app_store", "mac_app_store", "google_play_store", "galaxy_store", "stripe", "amazon_store", "store_paddle"]

    /// Every other text that is the English one, because the word is the same in that language.
    static let sameAsEnglish: [String: Set<String>] = [
        "ca": ["no", "store_web", "web_store"],
        "cs": ["store_web", "web_store"],
        "da": ["ios_promo_offer_button_upfront_payment"],
        "de": ["status", "sandbox", "store_web", "Debug", "web_store", "debug"],
        "el": ["email"],
        "es": ["no", "store_web", "web_store"],
        "fr": ["store_web", "actions_section_title", "description", "web_store"],
        "hr": ["store_web", "web_store"],
        "hu": ["store_web", "web_store"],
        "id": ["store_web", "Debug", "email", "web_store", "debug"],
        "it": ["no", "store_web", "Debug", "email", "web_store", "debug"],
        "ms": ["store_web", "web_store"],
        "nl": ["status", "store_web", "web_store"],
        "no": ["ios_promo_offer_button_upfront_payment"],
        "pt": ["store_web", "web_store"],
        "ro": ["store_web", "web_store"],
        "sk": ["store_web", "web_store"],
        "sv": ["status"],
        "tr": ["store_web", "web_store"],
        "vi": ["store_web", "email", "web_store"],
    ]

    static let translated = BuiltInStrings.locales.filter { $0 != "en" }

    @Test func everyLocaleHasEveryKeyAndNoEmptyText() throws {
        #expect(BuiltInStrings.locales.count == 32)
        #expect(SDKStrings.orderedKeys.count == 144)
        for locale in BuiltInStrings.locales {
            let texts = try #require(BuiltInStrings.texts(locale), "\(locale)")
            #expect(texts.count == SDKStrings.orderedKeys.count, "\(locale)")
            for (key, text) in zip(SDKStrings.orderedKeys, texts) {
                #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(locale) \(key)")
            }
        }
    }

    /// The table as a config: one key per built-in string, a text per locale. The project's own
    /// localization rules must find nothing in it.
    static func tableAsConfig() -> String {
        let strings = SDKStrings.orderedKeys.enumerated().map { index, key in
            let texts = BuiltInStrings.locales.map { "\(JSONWriter.quoted($0)): \(JSONWriter.quoted(BuiltInStrings.texts($0)![index]))" }
            return "\(JSONWriter.quoted(key)): {\(texts.joined(separator: ", "))}"
        }
        let supported = BuiltInStrings.locales.map(JSONWriter.quoted).joined(separator: ", ")
        return """
        {"localization": {"default": "en", "supported": [\(supported)], "localized_strings": {\(strings.joined(separator: ",\n"))}},
         "screens": {}}
        """
    }

    @Test func theLocalizationRulesFindNothingInTheTable() {
        let report = Linter.lint(SourceFile(path: "table.json", text: Self.tableAsConfig()), options: LintOptions(platforms: [.ios, .android]))
        let checked: Set<String> = ["l10n.placeholder-mismatch", "l10n.malformed-placeholder", "l10n.unknown-placeholder",
                                    "l10n.whitespace", "l10n.empty-translation", "l10n.missing-translation", "json.syntax"]
        let findings = report.diagnostics.filter { checked.contains($0.id.rawValue) }
        #expect(findings.isEmpty, "\(findings.prefix(5).map(\.message))")
        // The check can fail: a dropped placeholder in one text is found.
        var broken = Self.tableAsConfig()
        let german = BuiltInStrings.de[SDKStrings.orderedKeys.firstIndex(of: "price_paid")!]
        broken = broken.replacingOccurrences(JSONWriter.quoted(german), with: JSONWriter.quoted("Bezahlt"))
        let brokenReport = Linter.lint(SourceFile(path: "table.json", text: broken), options: LintOptions(platforms: [.ios, .android]))
        #expect(brokenReport.diagnostics.contains { $0.id.rawValue == "l10n.placeholder-mismatch" && $0.message.contains("'price_paid'") })
    }

    @Test(arguments: translated)
    func everyTextIsTranslatedUnlessTheWordIsTheSame(_ locale: String) throws {
        let texts = try #require(BuiltInStrings.texts(locale))
        var same: Set<String> = []
        for (index, key) in SDKStrings.orderedKeys.enumerated() where texts[index] == SDKStrings.table[index].english {
            if !Self.brands.contains(key) { same.insert(key) }
        }
        #expect(same == Self.sameAsEnglish[locale] ?? [], "\(locale)")
    }

    /// The script a locale's texts are written in; brands and placeholders aside.
    static func script(of locale: String) -> (name: String, contains: (Unicode.Scalar) -> Bool) {
        func within(_ ranges: ClosedRange<UInt32>...) -> (Unicode.Scalar) -> Bool { { scalar in ranges.contains { $0.contains(scalar.value) } } }
        switch locale {
        case "ar": return ("Arabic", within(0x0600...0x06FF))
        case "he": return ("Hebrew", within(0x0590...0x05FF))
        case "hi": return ("Devanagari", within(0x0900...0x097F))
        case "th": return ("Thai", within(0x0E00...0x0E7F))
        case "el": return ("Greek", within(0x0370...0x03FF))
        case "ru", "uk": return ("Cyrillic", within(0x0400...0x04FF))
        case "ja": return ("Japanese", within(0x3040...0x30FF, 0x4E00...0x9FFF))
        case "ko": return ("Hangul", within(0xAC00...0xD7AF))
        case "zh": return ("Han", within(0x4E00...0x9FFF))
        default: return ("Latin", { $0.properties.isAlphabetic && ($0.value < 0x0250 || (0x1E00...0x1EFF).contains($0.value)) })
        }
    }

    /// The letters of a text outside its placeholders.
    static func letters(_ text: String) -> [Unicode.Scalar] {
        var scalars = Array(text.unicodeScalars)
        for match in Placeholders.scan(text).reversed() { scalars.removeSubrange(match.range) }
        return scalars.filter(\.properties.isAlphabetic)
    }

    @Test(arguments: BuiltInStrings.locales)
    func everyPayloadIsInItsLocalesScript(_ locale: String) throws {
        let payload = try #require(Self.compiled(locale: locale, platform: .ios))
        let strings = try Self.localizedStrings(payload)
        let script = Self.script(of: locale)
        for key in SDKStrings.orderedKeys where !Self.brands.contains(key) && !(Self.sameAsEnglish[locale] ?? []).contains(key) {
            let text = try #require(strings[key], "\(locale) has no \(key)")
            let letters = Self.letters(text)
            // Names kept in Latin letters (Apple, iOS, App Store) may appear; the text is in the script.
            #expect(letters.contains(where: script.contains), "\(locale) \(key): \(text) has no \(script.name) letter")
            if script.name == "Latin" {
                #expect(letters.allSatisfy(script.contains), "\(locale) \(key): \(text)")
            }
        }
        if locale == "ja" {
            let kana = SDKStrings.orderedKeys.filter { key in strings[key]!.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } }
            #expect(kana.count > 100, "Japanese, not Chinese: \(kana.count) texts with kana")
        }
        if locale == "zh" {
            #expect(!strings.values.contains { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } }, "no kana in Chinese")
        }
    }

    static let defaultConfig = SourceFile(path: "default.json", text: DefaultConfig.json())

    static func compiled(locale: String, platform: Platform, source: SourceFile = defaultConfig) -> CompiledPayload? {
        Workspace().run(Compile(source, lintOptions: LintOptions(platforms: [platform]), options: CompileOptions(locales: [locale]))).payloads?.first
    }

    static func localizedStrings(_ payload: CompiledPayload) throws -> [String: String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(payload.text.utf8)) as? [String: Any])
        let center = try #require(root["customer_center"] as? [String: Any])
        let localization = try #require(center["localization"] as? [String: Any])
        return try #require(localization["localized_strings"] as? [String: String])
    }

    @Test func aGermanPayloadSpeaksGerman() throws {
        let strings = try Self.localizedStrings(try #require(Self.compiled(locale: "de", platform: .ios)))
        let expected = [
            "contact_support": "Support kontaktieren", "restore_purchases": "Käufe wiederherstellen",
            "actions_section_title": "Aktionen", "subscriptions_section_title": "Abos", "purchases_section_title": "Käufe",
            "renews_on_date_for_price": "Deine nächste Zahlung: {{ price }} am {{ date }}.",
            "purchase_info_renews_on_date": "Verlängert sich am {{ date }}", "next_billing_date": "Nächstes Abrechnungsdatum",
            "ios_promo_offer_button_regular_price": "danach {{ price }}", "ios_promo_offer_button_free_trial": "{{ duration }} kostenlos",
            "manage_subscription": "Abo verwalten", "purchases_not_found": "Keine früheren Käufe", "free": "Kostenlos",
            "you_may_have_duplicated_subscriptions_title": "Du hast möglicherweise doppelte Abos",
        ]
        for (key, text) in expected { #expect(strings[key] == text, "\(key)") }
        // The config's own texts are there too, in German.
        #expect(strings["cancel_survey_title"] == "Warum kündigst du?")
    }

    @Test func everyPayloadOfEveryLocaleCarriesEveryBuiltInKey() throws {
        let result = Workspace().run(Compile(Self.defaultConfig, lintOptions: LintOptions(platforms: [.ios, .android])))
        let payloads = try #require(result.payloads)
        #expect(payloads.count == 64)
        for payload in payloads {
            let strings = try Self.localizedStrings(payload)
            #expect(SDKStrings.keys.isSubset(of: Set(strings.keys)), "\(payload.platform) \(payload.locale)")
            let table = BuiltInStrings.strings(for: payload.locale)
            #expect(table.locale == payload.locale)
            #expect(strings["contact_support"] == table.strings["contact_support"])
        }
    }

    @Test func theConfigsTextWinsAndFallsBackLikeItsOtherTexts() throws {
        let config = """
        {"localization": {"default": "en", "supported": ["en", "de", "fr"], "localized_strings": {
           "title": {"en": "Help", "de": "Hilfe", "fr": "Aide"},
           "contact_support": {"en": "Write to us", "de": "Schreib uns"}}},
         "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "r", "type": "MISSING_PURCHASE", "title_key": "title"}]},
                     "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "s", "type": "MISSING_PURCHASE", "title_key": "title"}]}},
         "support": {"email": "help@example.com"}}
        """
        let source = SourceFile(path: "own.json", text: config)
        let german = try Self.localizedStrings(try #require(Self.compiled(locale: "de", platform: .ios, source: source)))
        #expect(german["contact_support"] == "Schreib uns")
        #expect(german["restore_purchases"] == "Käufe wiederherstellen")
        let french = try Self.localizedStrings(try #require(Self.compiled(locale: "fr", platform: .ios, source: source)))
        #expect(french["contact_support"] == "Write to us", "the config's key, with its own fallback to the default locale")
        #expect(french["restore_purchases"] == "Restaurer les achats")
    }

    @Test(arguments: [("pt-BR", "pt"), ("pt_br", "pt"), ("zh-Hans", "zh"), ("nb", "no"), ("de-AT", "de"), ("eo", "en"), ("EN-gb", "en")])
    func aLocaleFallsBackToItsLanguageThenEnglish(_ locale: String, _ table: String) {
        let resolved = BuiltInStrings.strings(for: locale)
        #expect(resolved.locale == table)
        #expect(resolved.strings.count == 144)
    }

    @Test func manifestAndBundleNameTheTable() throws {
        let payloads = try #require(Workspace().run(Compile(Self.defaultConfig, options: CompileOptions(platforms: [.ios], locales: ["de"]))).payloads)
        for document in [Compiler.manifest(payloads, source: Self.defaultConfig), Compiler.bundle(payloads, source: Self.defaultConfig)] {
            let root = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
            let table = try #require(root["builtInStrings"] as? [String: Any])
            #expect(table["version"] as? String == BuiltInStrings.version)
            #expect(table["keys"] as? Int == 144)
        }
    }

    @Test func initFormatAndDiffLeaveTheTableOut() throws {
        let initial = DefaultConfig.json()
        #expect(!initial.contains("\"restore_purchases\""))
        let formatted = try #require(CustomerCenterCompiler.Formatter.format(Self.defaultConfig).formatted)
        #expect(!formatted.contains("\"restore_purchases\""))
        #expect(formatted.components(separatedBy: "\"en\":").count == initial.components(separatedBy: "\"en\":").count)
        // diff compares configs: the table is in neither, so overriding one built-in label is one change.
        let old = try #require(Pipeline.decode(Self.defaultConfig).config)
        #expect(ConfigDiff.changes(from: old, to: old).isEmpty)
        let overridden = initial.replacingOccurrences(of: "\"localized_strings\": {", with: "\"localized_strings\": {\n      \"contact_support\": {\"en\": \"Write to us\"},")
        let new = try #require(Pipeline.decode(SourceFile(path: "b.json", text: overridden)).config)
        let changes = ConfigDiff.changes(from: old, to: new)
        #expect(changes.count == 1)
        #expect(changes.first?.message.contains("contact_support") == true)
    }

    @Test func aBuiltInLabelsTextMustKeepWhatTheSDKsFillIn() {
        let config = """
        {"localization": {"default": "en", "supported": ["en", "de"], "localized_strings": {
           "renews_on_date": {"en": "Renews soon", "de": "Verlängert sich am {{ date }}"},
           "price_paid": {"en": "Paid {{ price }}", "de": "Bezahlt"},
           "free": {"en": "Free", "de": "Gratis"}}},
         "screens": {}}
        """
        let report = Linter.lint(SourceFile(path: "c.json", text: config), options: LintOptions(platforms: [.ios]))
        let messages = report.diagnostics.filter { $0.id.rawValue == "l10n.placeholder-mismatch" }.map(\.message)
        #expect(messages == [
            "the 'en' text of the built-in label 'renews_on_date' lacks '{{ date }}', which the SDKs fill in (their text: 'Renews on {{ date }}')",
            "the 'de' text of the built-in label 'price_paid' lacks '{{ price }}', which the SDKs fill in (their text: 'Paid {{ price }}')",
        ])
    }
}
