import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// `lint` and `strings export|import` agree on the locale model (docs/rules.md "Checks worth
/// knowing"): `zh-TW` falls back to `zh-Hant`, and a region form the config lacks is pointed at
/// the locale it would fall back to (`de-DE` → `de`).
@Suite struct LocaleAgreementTests {
    static let config = """
    {
      "localization": {
        "default": "en",
        "supported": ["en", "de", "zh-Hant", "zh-TW"],
        "localized_strings": {
          "title": {"en": "Help", "de": "Hilfe", "zh-Hant": "說明", "zh-TW": "說明"},
          "path_cancel": {"en": "Cancel", "de": "Kündigen", "zh-Hant": "取消"}
        }
      },
      "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "c", "type": "CANCEL", "title_key": "path_cancel"}]}}
    }
    """

    @Test func zhTWFallsBackToZhHantInLintAsInExport() throws {
        let source = SourceFile(path: "c.json", text: Self.config)
        let findings = Linter.lint(source, options: LintOptions()).diagnostics.filter { $0.id.rawValue.hasPrefix("l10n.") }
        #expect(findings.isEmpty, "\(findings.map { "\($0.id.rawValue): \($0.message)" })")
        guard case .exported(let files, _, _, _) = StringsExport.run(source, format: .po, locales: ["zh-TW"]) else {
            Issue.record("not exported")
            return
        }
        let unit = try #require(files.first?.units.first { $0.key == "path_cancel" })
        #expect(unit.state == .fallingBack(locale: "zh-Hant") && unit.target == "取消")
        // Without zh-Hant's text, both say zh-TW customers see the default.
        let bare = Linter.lint(SourceFile(path: "c.json", text: Self.config.replacingOccurrences(of: #", "zh-Hant": "取消""#, with: "")), options: LintOptions())
        #expect(bare.diagnostics.contains { $0.id.rawValue == "l10n.missing-translation" && $0.message.lowercased().contains("'zh-tw'") })
    }

    /// The notes' samples are written in the locale's own script and currency: what the import
    /// would refuse under zh-Hant (Simplified `个`, mainland `¥`) is not offered as an example.
    @Test func samplesAreInTheLocalesScriptAndCurrency() {
        for locale in ["zh-Hant", "zh-TW", "zh-HK"] {
            let samples = ["price", "sub_offer_duration"].map { PreviewSamples.value($0, locale: locale) }
            var joined = samples.joined()
            #expect(joined.withUTF8 { ChineseScriptCharacters.sample(in: $0, foreignTo: .traditional) }.isEmpty, "\(locale): \(samples)")
            #expect(!joined.contains("¥") && samples[1] == "1個月", "\(locale): \(samples)")
        }
        #expect(PreviewSamples.value("price", locale: "zh-HK") == "HK$68.00" && PreviewSamples.value("price", locale: "zh-TW") == "NT$68.00")
        #expect(PreviewSamples.value("price", locale: "pt-BR") == "R$\u{00A0}9,99" && PreviewSamples.value("price", locale: "pt") == "9,99\u{00A0}€")
        #expect(PreviewSamples.value("price", locale: "zh-Hans") == "¥68.00" && PreviewSamples.value("duration", locale: "zh") == "1个月")
        let notes = TranslatorNotes.meaning(of: "price", locale: "pt-BR")
        #expect(notes.contains("R$"), "\(notes)")
    }

    @Test func aRegionFormIsPointedAtItsLanguage() {
        let source = SourceFile(path: "c.json", text: Self.config)
        guard case .unknownLocale(_, let suggestion, _, _) = StringsExport.run(source, format: .po, locales: ["de-DE"]) else {
            Issue.record("de-DE exported")
            return
        }
        #expect(suggestion == "de")
        #expect(LocaleCode.suggestion(for: "zh-Hant-HK", among: ["de", "zh-Hant"]) == "zh-Hant")
        #expect(LocaleCode.suggestion(for: "pt-BT", among: ["de", "pt-BR"]) == "pt-BR")
        let po = SourceFile(path: "x.po", text: "msgid \"\"\nmsgstr \"Language: de-DE\\n\"\n\nmsgctxt \"title\"\nmsgid \"Help\"\nmsgstr \"Hilfe!\"\n")
        let plan = StringsImport.plan(config: source, files: [po])
        #expect(plan.reports[0].diagnostics.first?.message.contains("did you mean 'de'?") == true, "\(plan.reports[0].diagnostics.map(\.message))")
    }

    /// `init` refuses what `lint` and `compile` call another language's code, naming the code meant,
    /// and gives a locale the texts `compile`'s table gives it; `compile` shows `zh-TW` customers the
    /// `zh-Hant` texts and `de-DE` customers the `de` ones, as `lint` and `strings export` say.
    @Test func initAndCompileUseTheOneLocaleModel() throws {
        for (entry, meant) in [("iw", "he"), ("in", "id"), ("jp", "ja"), ("no-NB", "nb"), ("en,cn", "zh")] {
            guard case .failure(let error) = DefaultConfig.parseLocales(entry) else {
                Issue.record("init took '\(entry)'")
                continue
            }
            #expect(error.suggestion == meant, "\(entry): \(String(describing: error.suggestion))")
            #expect(LocaleCode.knownMistakes[LocaleCode.normalized(error.entry)] == meant)
        }
        // Norwegian Bokmål and Nynorsk get Norwegian, as compile's built-in labels do.
        #expect(try DefaultConfig.parseLocales("en,nb,nn").get() == ["en", "nb", "nn"])
        #expect(DefaultConfig.translations(for: "nb") == DefaultConfig.translations(for: "no") && DefaultConfig.translations(for: "no") != nil)
        #expect(BuiltInStrings.tableLocale(for: "nb") == "no")
        // A region form gets its language's texts; a Traditional one the Traditional texts.
        #expect(try DefaultConfig.parseLocales("de-DE,zh-TW").get() == ["de-DE", "zh-TW"])
        #expect(DefaultConfig.translations(for: "zh-TW") == DefaultTranslations.traditionalChinese)
        let initialized = Linter.lint(SourceFile(path: "i.json", text: DefaultConfig.json(locales: ["en", "nb", "de-DE", "zh-TW"])), options: LintOptions())
        #expect(initialized.diagnostics.isEmpty, "\(initialized.diagnostics.map(\.message))")

        let resolved = try #require(Linter.analyze(SourceFile(path: "c.json", text: Self.config)).resolved)
        let payloads = Compiler.payloads(resolved, platforms: [.ios], locales: ["zh-TW", "de-DE", "zh-HK"])
        func text(_ locale: String, _ key: String) -> String? {
            payloads.first { $0.locale == locale }?.tree.member("customer_center")?.value.member("localization")?.value
                .member("localized_strings")?.value.member(key)?.value.stringValue
        }
        #expect(text("zh-TW", "path_cancel") == "取消" && text("zh-HK", "path_cancel") == "取消" && text("de-DE", "path_cancel") == "Kündigen")
        // The SDKs' labels in the same script.
        #expect(text("zh-TW", "contact_support") == BuiltInStrings.strings(for: "zh-Hant").strings["contact_support"])
    }
}
