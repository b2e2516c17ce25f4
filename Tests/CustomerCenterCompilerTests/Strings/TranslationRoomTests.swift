import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// The room each unit gets (docs/translation.md "Room"): a character count of the locale's script
/// for every text the preview measures, and `strings import`'s warning for a translation that
/// will not fit, judged by the preview's width model.
@Suite struct TranslationRoomTests {
    /// Every kind of box the preview measures: titles, rows, a subtitle, an offer's heading and
    /// text, a survey, and the config's own text for SDK labels the page draws.
    static let config = """
    {
      "localization": {
        "default": "en",
        "supported": ["en", "de", "ja", "th"],
        "localized_strings": {
          "title": {"en": "Help", "de": "Hilfe", "ja": "ヘルプ", "th": "ช่วยเหลือ"},
          "subtitle": {"en": "We are here", "de": "Wir sind da"},
          "path_cancel": {"en": "Cancel", "de": "Kündigen"},
          "survey_title": {"en": "Why?", "de": "Warum?"},
          "option_price": {"en": "Too expensive", "de": "Zu teuer"},
          "offer_title": {"en": "Wait!", "de": "Warte!"},
          "offer_subtitle": {"en": "Half price for {{ sub_offer_duration }}", "de": "Halber Preis für {{ sub_offer_duration }}"},
          "contact_support": {"en": "Write to us", "de": "Schreib uns"},
          "no_thanks": {"en": "No, thanks", "de": "Nein, danke"},
          "renews_on_date_for_price": {"en": "Renews on {{ date }} for {{ price }}", "de": "Verlängert am {{ date }} für {{ price }}"},
          "unused": {"en": "Never shown", "de": "Nie gezeigt"}
        }
      },
      "promotional_offers": {"stay": {"ios_offer_id": "stay", "android_offer_id": "stay", "title_key": "offer_title", "subtitle_key": "offer_subtitle"}},
      "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "subtitle_key": "subtitle", "paths": [
        {"id": "cancel", "type": "CANCEL", "title_key": "path_cancel", "feedback_survey": {"title_key": "survey_title", "options": [
          {"id": "price", "title_key": "option_price", "promotional_offer_key": "stay"}]}}]}},
      "support": {"email": "help@example.com"}
    }
    """

    static func units(_ locale: String, text: String = config) throws -> [TranslationUnit] {
        let exported = StringsExport.run(SourceFile(path: "c.json", text: text), format: .xliff, locales: [locale], includeUnused: true)
        return try #require(exported.files.first).units
    }

    /// The keys whose text the preview measures (a box that can be cut), from the page itself.
    static func measuredKeys(_ text: String) throws -> Set<String> {
        let source = SourceFile(path: "c.json", text: text)
        let resolved = try #require(Linter.analyze(source).resolved)
        let page = Preview.render(resolved, options: PreviewOptions(locales: ["de"], themes: ["light"], platform: .ios))
        let table = try #require(JSONParser.parse(source.bytes).root?.member("localization")?.value.member("localized_strings")?.value.objectMembers)
        var keys = Set<String>()
        for box in page.texts {
            guard let located = box.source else { continue }
            if let member = table.first(where: { $0.value.objectMembers?.contains { $0.value.range == located.range } == true }) { keys.insert(member.key) }
        }
        return keys
    }

    @Test func everyTextThePreviewMeasuresHasARoomAndNoOtherDoes() throws {
        let measured = try Self.measuredKeys(Self.config)
        // Subtitles, the offer's text and the SDK labels the page draws are measured too.
        #expect(measured.isSuperset(of: ["subtitle", "offer_subtitle", "offer_title", "contact_support", "no_thanks", "option_price"]))
        let units = try Self.units("de")
        let withRoom = Set(units.filter { $0.maxCharacters != nil }.map(\.key))
        #expect(withRoom == measured, "room: \(withRoom.sorted()), measured: \(measured.sorted())")
        #expect(!withRoom.contains("unused") && !withRoom.contains("renews_on_date_for_price"))
        for unit in units {
            let notes = unit.notes.filter { $0.hasPrefix("Room at phone width:") }
            if let count = unit.maxCharacters {
                #expect(notes.count == 1 && notes[0].hasPrefix("Room at phone width: at most \(count) characters of 'de' text ("), "\(unit.key): \(notes)")
            } else {
                #expect(notes.isEmpty, "\(unit.key): \(notes)")
            }
        }
    }

    @Test func theRoomIsCountedInTheLocalesScript() throws {
        func room(_ key: String, _ locale: String) throws -> Int { try #require(try Self.units(locale).first { $0.key == key }?.maxCharacters) }
        let (de, ja, th) = (try room("title", "de"), try room("title", "ja"), try room("title", "th"))
        // A title holds about twice as many German characters as Japanese ones (one em each), and
        // more Thai ones (whose vowel and tone marks count as characters but take no width).
        #expect(de == 32 && ja == 16 && th == 38, "de \(de), ja \(ja), th \(th)")
        #expect(try room("path_cancel", "de") == TextLimit.row.characters(locale: "de"))
        #expect(TextLimit.row.characters(locale: "de") == 2 * TextLimit.row.charactersPerLine(locale: "de"))
        // A locale init does not write is counted as English; Traditional Chinese as its own texts.
        #expect(TextLimit.navigationTitle.characters(locale: "sr") == TextLimit.navigationTitle.characters(locale: "en"))
        #expect(TextLimit.navigationTitle.characters(locale: "zh-TW") == TextLimit.navigationTitle.characters(locale: "zh-Hant"))
        #expect(TextLimit.navigationTitle.characters(locale: "zh-Hant") < 18)
        // The XLIFF says it as a character count a CAT tool checks.
        let exported = StringsExport.run(SourceFile(path: "c.json", text: Self.config), format: .xliff, locales: ["ja"])
        let xliff = String(decoding: try #require(exported.files.first).bytes, as: UTF8.self)
        #expect(xliff.contains(#"<trans-unit id="title" resname="title" approved="yes" xml:space="preserve" maxwidth="16" size-unit="char">"#))
        #expect(!xliff.contains("pixel"))
    }

    @Test func theWidthModelMeasuresEachCharacter() {
        // Noto Sans: 'm' is more than three 'i's; a CJK character is one em, bold or not.
        #expect(TextWidth.pixels("mmmm", fontSize: 10) > 3 * TextWidth.pixels("iiii", fontSize: 10))
        #expect(TextWidth.pixels("設定", fontSize: 17, bold: true) == 34)
        #expect(TextWidth.pixels("Abo", fontSize: 17, bold: true) > TextWidth.pixels("Abo", fontSize: 17))
        // Combining marks take no width.
        #expect(TextWidth.pixels("e\u{0301}", fontSize: 17) == TextWidth.pixels("e", fontSize: 17))
        // One line by width; several by lines broken at spaces, or between CJK characters.
        #expect(TextLimit.navigationTitle.overflow(of: "Wie können wir helfen?") == nil)
        let cut = TextLimit.navigationTitle.overflow(of: "Verwaltung Ihrer Abonnements und Kündigungen")
        #expect(cut?.lines == false && cut?.has == 286 && (400...450).contains(cut?.needs ?? 0), "\(String(describing: cut))")
        #expect(TextLimit.row.wrappedLines("Abonnement kündigen", limit: 312) == 1)
        #expect(TextLimit.row.wrappedLines(String(repeating: "Kündigen ", count: 6), limit: 312) == 2)
        #expect(TextLimit.row.wrappedLines(String(repeating: "取消", count: 20), limit: 312) == 3)
        #expect(TextLimit.row.overflow(of: String(repeating: "取消", count: 20)) == TextLimit.Overflow(needs: 66, has: 44, lines: true))
    }

    @Test func importWarnsOfATranslationThatWillNotFitAndTakesIt() throws {
        let config = SourceFile(path: "c.json", text: Self.config)
        func po(_ locale: String, _ entries: [(String, String, String)]) -> SourceFile {
            var text = "msgid \"\"\nmsgstr \"Language: \(locale)\\n\"\n"
            for (key, source, target) in entries { text += "\nmsgctxt \"\(key)\"\nmsgid \"\(source)\"\nmsgstr \"\(target)\"\n" }
            return SourceFile(path: "\(locale).po", text: text)
        }
        // 20 Japanese characters fill more than a title's 286 px; 20 Latin ones do not.
        let japanese = String(repeating: "サブスクリプション", count: 2) + "管理"
        let plan = StringsImport.plan(config: config, files: [
            po("de", [("title", "Help", "Verwaltung Ihrer Abonnements und Kündigungen"), ("path_cancel", "Cancel", "Abo kündigen"),
                      ("subtitle", "We are here", String(repeating: "Wir sind immer für dich da. ", count: 6) + "Wirklich.")]),
            po("ja", [("title", "Help", japanese)]),
            po("th", [("title", "Help", "ช่วยเหลือและการสนับสนุน")]),
        ])
        let warnings = plan.reports.flatMap(\.diagnostics)
        #expect(warnings.allSatisfy { $0.id.rawValue == "strings.too-long" && $0.severity == .warning }, "\(warnings.map(\.message))")
        #expect(warnings.map { "\($0.file):\($0.message.prefix(40))" }.sorted() == [
            "de.po:the 'de' text of 'subtitle' will not fit", "de.po:the 'de' text of 'title' will not fit: '",
            "ja.po:the 'ja' text of 'title' will not fit: '",
        ].sorted(), "\(warnings.map(\.message))")
        let title = try #require(warnings.first { $0.message.hasPrefix("the 'de' text of 'title'") })
        #expect(title.message.contains("in the title of the MANAGEMENT screen (locale 'de'): it needs 4") && title.message.contains("px, the box has 286"))
        let subtitle = try #require(warnings.first { $0.message.hasPrefix("the 'de' text of 'subtitle'") })
        #expect(subtitle.message.contains("px of height, the box has 66"), "\(subtitle.message)")
        // Taken all the same: a warning, not a refusal.
        #expect(plan.changes.count == 5 && plan.refused == 0)
        let allOrNothing = StringsImport.plan(config: config, files: [po("ja", [("title", "Help", japanese)])], allOrNothing: true)
        #expect(allOrNothing.changes.count == 1 && allOrNothing.withheld == 0)
    }

    @Test func placeholdersAreMeasuredFilledAsThePreviewFillsThem() throws {
        let config = SourceFile(path: "c.json", text: Self.config)
        // '{{ sub_offer_duration }}' is 24 characters written, '1 Monat' filled: a text that fits
        // only filled is not warned about.
        let repeats = try #require((1...30).first { count in
            let text = "Halber Preis für {{ sub_offer_duration }}" + String(repeating: " und mehr", count: count)
            return TextLimit.subtitle.overflow(of: text) != nil && TextLimit.subtitle.overflow(of: PreviewSamples.filled(text, locale: "de")) == nil
        })
        let target = "Halber Preis für {{ sub_offer_duration }}" + String(repeating: " und mehr", count: repeats)
        let po = "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgctxt \"offer_subtitle\"\nmsgid \"Half price for {{ sub_offer_duration }}\"\nmsgstr \"\(target)\"\n"
        let plan = StringsImport.plan(config: config, files: [SourceFile(path: "de.po", text: po)])
        #expect(plan.changes.count == 1 && plan.reports[0].diagnostics.isEmpty, "\(plan.reports[0].diagnostics.map(\.message))")
    }
}
