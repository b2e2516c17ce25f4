import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// `preview`: every screen in every locale and theme, texts from the compiled payload, right to
/// left where it must be, fallbacks marked, built-in labels' placeholders filled; and the check's findings mapped
/// back to the translations in the file.
@Suite struct PreviewTests {
    static func resolved(_ text: String) throws -> ResolvedConfig {
        try #require(Linter.analyze(SourceFile(path: "c.json", text: text)).resolved)
    }

    static func example(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.examples.appendingPathComponent(name), encoding: .utf8)
    }

    /// The HTML of one section (`de-light`).
    static func section(_ html: String, _ id: String) -> String {
        guard let start = html.range(of: "<section class=\"locale\" id=\"\(id)\"") else { return "" }
        let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)?.upperBound ?? html.endIndex
        return String(html[start.lowerBound..<end])
    }

    @Test func everyScreenKindInEveryLocaleAndBothThemes() throws {
        let resolved = try Self.resolved(DefaultConfig.json())
        let page = Preview.render(resolved, options: PreviewOptions())
        #expect(page.sections.count == 32 * 2)
        let offers = Set(resolved.offerReferences.map(\.value)).count
        let surveys = resolved.allPaths.filter { $0.survey != nil }.count
        #expect(offers == 2 && surveys == 1)
        for locale in DefaultConfig.locales {
            for theme in ["light", "dark"] {
                let section = Self.section(page.html, "\(locale)-\(theme)")
                // MANAGEMENT, NO_ACTIVE, the survey and the two offer screens.
                let screens = section.components(separatedBy: "<div class=\"screen\">").count - 1
                let offerScreens = section.components(separatedBy: "<div class=\"screen offer\">").count - 1
                #expect(screens == 2 + surveys && offerScreens == offers, "\(locale) \(theme)")
                let title = try #require(resolved.text("management_title", locale: locale)?.translation.textValue)
                #expect(section.contains(PreviewBuilder.escape(title)), "\(locale): \(title)")
                #expect(!section.contains("class=\"fallback\""), "\(locale): every text of init's config is translated")
            }
        }
        #expect(Self.section(page.html, "ar-dark").contains("dir=\"rtl\""))
        #expect(Self.section(page.html, "he-light").contains("dir=\"rtl\""))
        #expect(Self.section(page.html, "de-light").contains("dir=\"ltr\""))
    }

    @Test func textsAreThePayloadsWithPlaceholdersFilled() throws {
        let page = Preview.render(try Self.resolved(try Self.example("customer_center.json")), options: PreviewOptions(locales: ["de"]))
        let german = Self.section(page.html, "de-light")
        // The config's text, its price filled with a no-break space, and built-in labels in German.
        #expect(german.contains("Bleib noch einen Monat zum halben Preis."))
        #expect(german.contains(">Aktionen<") && german.contains(">Abos<") && german.contains(">Nein, danke<"))
        #expect(german.contains("Deine nächste Zahlung: 9,99\u{00A0}€ am 31.12.2026."))
        #expect(!page.html.contains("{{"), "every placeholder of a built-in label is filled (the config's texts have none)")
    }

    /// The SDKs fill placeholders only in their own built-in labels (a config text's reach
    /// customers as written: `l10n.literal-placeholder`): the page shows a config text's braces,
    /// and fills a built-in label's, the config's override of one too.
    @Test func placeholdersAreFilledOnlyInBuiltInLabels() throws {
        let resolved = try Self.resolved("""
        {"localization": {"default": "en", "localized_strings": {
           "t": {"en": "Help"}, "cancel": {"en": "Cancel"}, "stay": {"en": "Stay"},
           "sub": {"en": "Keep it for {{ price }} a month"},
           "free_trial_then_price": {"en": "Free, then {{ price }}!"}}},
         "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "t", "paths": [
           {"id": "c", "type": "CANCEL", "title_key": "cancel", "promotional_offer_key": "o"}]}},
         "promotional_offers": {"o": {"ios_offer_id": "i", "android_offer_id": "a", "title_key": "stay", "subtitle_key": "sub"}}}
        """)
        for platform in [Platform.ios, .android] {
            let page = Preview.render(resolved, options: PreviewOptions(locales: ["en"], platform: platform))
            #expect(page.html.contains(">Keep it for {{ price }} a month<"), "\(platform): the config's subtitle as customers see it")
            let pseudo = Preview.render(resolved, options: PreviewOptions(locales: ["en"], platform: platform, pseudo: true))
            #expect(pseudo.html.contains("{{ price }}"), "\(platform): the pseudo-locales keep a config text's braces")
        }
        let android = Preview.render(resolved, options: PreviewOptions(locales: ["en"], platform: .android))
        #expect(android.html.contains(">Free, then "), "the config's override of a built-in label")
        #expect(!android.html.contains("Free, then {{"), "a built-in label's placeholders are filled, overridden or not")
        let ios = Preview.render(resolved, options: PreviewOptions(locales: ["en"], themes: ["light"], platform: .ios))
        #expect(ios.html.components(separatedBy: "{{").count == 2, "only the config's own text keeps braces")
    }

    @Test func fallbacksAreMarkedAndColoursFollowTheTheme() throws {
        let page = Preview.render(try Self.resolved(try Self.example("customer_center.json")), options: PreviewOptions(locales: ["fr"]))
        let french = Self.section(page.html, "fr-dark")
        #expect(french.contains("<span class=\"fallback\" title=\"falls back to en\">↩ en</span>"))
        #expect(french.contains(">Actions<"), "built-in labels come in French from the table")
        // Colours: the config's dark accent; the light theme's system colours where the config has none.
        #expect(french.contains("--accent-color:#F4A900"))
        let bare = try Self.resolved("""
        {"localization": {"default": "en", "localized_strings": {"t": {"en": "Help"}}},
         "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "t", "paths": []}}}
        """)
        let system = Preview.render(bare, options: PreviewOptions(themes: ["dark"]))
        #expect(system.html.contains("--background-color:#000000;--text-color:#FFFFFF"))
    }

    @Test func pseudoLocalesStretchAndMirror() throws {
        let page = Preview.render(try Self.resolved(try Self.example("customer_center.json")), options: PreviewOptions(locales: ["en"], pseudo: true))
        #expect(page.sections.map(\.locale) == ["en", "en", "en-XA", "en-XA", "ar-XB", "ar-XB"])
        let stretched = Self.section(page.html, "en-XA-light")
        #expect(stretched.contains("[Höŵ çåñ ŵé ĥéļþ? one two"))
        #expect(Self.section(page.html, "ar-XB-light").contains("dir=\"rtl\""))
        #expect(PreviewSamples.accented("Stay for {{ price }}").contains("{{ price }}"), "placeholders survive the accents")
    }

    @Test func thePageNeedsNoScriptAndNoNetwork() throws {
        let page = Preview.render(try Self.resolved(try Self.example("customer_center.json")), options: PreviewOptions(pseudo: true))
        #expect(!page.html.contains("<script") && !page.html.contains("src=") && !page.html.contains("href=") && !page.html.contains("url("))
        #expect(Preview.measuringPage(page).contains("<script>"))
        let again = Preview.render(try Self.resolved(try Self.example("customer_center.json")), options: PreviewOptions(pseudo: true))
        #expect(again.html == page.html, "deterministic")
        try assertGolden(page.html, "preview/customer_center.html")
    }

    @Test func measuredOverflowIsReportedAtTheTranslationOncePerText() throws {
        let text = try Self.example("long_title.json")
        let source = SourceFile(path: "Examples/long_title.json", text: text)
        let resolved = try #require(Linter.analyze(source).resolved)
        let page = Preview.render(resolved, options: PreviewOptions(locales: ["de", "en"]))
        let title = try #require(page.texts.first { $0.locale == "de" && $0.place == "the MANAGEMENT screen's title" && $0.theme == "light" })
        let dark = try #require(page.texts.first { $0.locale == "de" && $0.place == "the MANAGEMENT screen's title" && $0.theme == "dark" })
        let button = try #require(page.texts.first { $0.locale == "en" && $0.place.hasPrefix("the button of offer") })
        let dom = "<body data-overflow=\"[[&quot;\(title.id)&quot;,426,286,0],[&quot;\(dark.id)&quot;,426,286,0],[&quot;\(button.id)&quot;,400,300,0]]\">"
        let findings = Preview.findings(measured: dom, page: page, source: source, localizationKey: resolved.config.localization?.keyRange)
        #expect(findings.count == 2)
        let cut = try #require(findings.first)
        #expect(cut.id.rawValue == "preview.truncated" && cut.severity == .warning)
        #expect(source.location(of: cut.range.start).line == 38)
        #expect(source.text(in: cut.range) == "\"Verwaltung Ihrer Abonnements und Kündigungen\"")
        #expect(cut.message.contains("the MANAGEMENT screen's title (locale 'de'): it needs 426 px, the box has 286"))
        // A built-in label has no translation in the file: reported at "localization", saying so.
        #expect(findings[1].message.hasSuffix("(a built-in label: override its key in 'localized_strings')"))
        #expect(Preview.findings(measured: "<body>", page: page, source: source, localizationKey: nil).isEmpty)
    }
}
