import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// What translation management systems and translate-toolkit deliver is accepted
/// (docs/translation.md "What it reads"): units named by a place instead of a key, deliveries
/// split into batches, files that carry nothing.
@Suite struct TMSDeliveryTests {
    typealias Base = StringsImportTests

    /// Two keys with one English text (lines 6 and 7), as xliff2po meets them.
    static let config = """
    {
      "localization": {
        "default": "en",
        "supported": ["en", "de"],
        "localized_strings": {
          "option_a": {"en": "Too expensive", "de": "Zu teuer"},
          "option_b": {"en": "Too expensive", "de": "Teuer"}
        }
      },
      "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "option_a", "paths": [{"id": "c", "type": "CANCEL", "title_key": "option_b"}]}}
    }

    """

    /// A German PO entry as xliff2po writes it for a unit that shares its source: msgctxt and
    /// reference are the place.
    static func placed(_ line: Int, _ target: String, reference: Bool = true) -> String {
        (reference ? "#: c.json:\(line)\n" : "") + "msgctxt \"c.json:\(line)\"\nmsgid \"Too expensive\"\nmsgstr \"\(target)\"\n\n"
    }

    static let header = "msgid \"\"\nmsgstr \"Language: de\\n\"\n\n"

    @Test func aPlaceInMsgctxtIsMatchedByItsLineAmongTheKeysWithItsSource() {
        for reference in [true, false] {
            let file = SourceFile(path: "de.po", text: Self.header + Self.placed(6, "Viel zu teuer", reference: reference) + Self.placed(7, "Zu teuer!", reference: reference))
            let plan = Base.plan([file], config: Self.config)
            #expect(plan.refused == 0, "\(plan.reports.flatMap(\.diagnostics).map(\.message))")
            #expect(plan.changes == [StringsImport.Change(key: "option_a", locale: "de", old: "Zu teuer", new: "Viel zu teuer"),
                                     StringsImport.Change(key: "option_b", locale: "de", old: "Teuer", new: "Zu teuer!")])
        }
    }

    @Test func anAmbiguousUnitIsRefusedNamingTheCandidates() throws {
        // (Each file has a unit that is a key too: a file none of whose units is one belongs to another config.)
        let file = SourceFile(path: "de.po", text: Self.header + Self.placed(9, "Viel zu teuer") + "msgctxt \"option_b\"\nmsgid \"Too expensive\"\nmsgstr \"Teuer\"\n")
        let found = try #require(Base.refusal(Base.plan([file], config: Self.config), config: Self.config))
        #expect(found.id == "strings.unknown-key" && found.message.contains("2 keys (option_a, option_b)") && found.message.contains("none of them at line 9"), "\(found.message)")
        // A name that is not a place stays a key the config lacks (a typo or another config's key).
        let typo = SourceFile(path: "de.po", text: Self.header + "msgctxt \"option_c\"\nmsgid \"Too expensive\"\nmsgstr \"X\"\n\n"
            + "msgctxt \"option_a\"\nmsgid \"Too expensive\"\nmsgstr \"Zu teuer\"\n")
        let named = try #require(Base.refusal(Base.plan([typo, file], config: Self.config).withoutReport(1), config: Self.config))
        #expect(named.message.contains("'option_c' is not a key") && named.message.contains("did you mean"))
    }

    @Test func anEmptyOrFuzzyUnitNeverBlocksATranslationInAnotherFile() {
        let empty = Base.po("de", [("title", "Help", "")]), fuzzy = Base.po("de", [("title", "Help", "Hilfe?")], fuzzy: ["title"])
        let translated = Base.po("de", [("title", "Help", "Hilfe!")])
        let plan = Base.plan([empty, translated, fuzzy])
        #expect(plan.changes == [StringsImport.Change(key: "title", locale: "de", old: "Hilfe", new: "Hilfe!")])
        #expect(plan.empty == 1 && plan.fuzzy == 1 && plan.refused == 0)
        // Two translations still conflict; the same translation twice (overlapping batches) is taken once.
        let two = Base.plan([translated, Base.po("de", [("title", "Help", "Hilfe.")]), empty])
        #expect(two.changes.isEmpty && two.refused == 2 && two.empty == 1)
        let same = Base.plan([translated, empty, translated])
        #expect(same.changes.count == 1 && same.repeated == 1 && same.refused == 0)
    }

    @Test func aFileWithoutUnitsIsAWarningAndRefusedUnderAllOrNothing() {
        let translated = Base.po("de", [("title", "Help", "Hilfe!")])
        for carrier in ["", "msgid \"\"\nmsgstr \"Language: de\\n\"\n", "<xliff version=\"1.2\"><file target-language=\"de\"><body/></file></xliff>"] {
            let nothing = SourceFile(path: "fr.po", text: carrier)
            let plan = Base.plan([translated, nothing])
            #expect(plan.changes.count == 1 && plan.refusedFiles == 0)
            let finding = plan.reports[1].diagnostics.map { ($0.id.rawValue, $0.severity) }
            #expect(finding.count == 1 && finding.first?.0 == "strings.empty-file" && finding.first?.1 == .warning, "\(carrier)")
            let strict = Base.plan([translated, nothing], allOrNothing: true)
            #expect(strict.changes.isEmpty && strict.withheld == 1 && strict.refusedFiles == 1)
            #expect(strict.reports[1].diagnostics.first?.severity == .error)
        }
    }
}

extension StringsImport.Plan {
    /// The plan with the findings of file `index` dropped (to look at one file's refusal).
    func withoutReport(_ index: Int) -> StringsImport.Plan {
        var plan = self
        plan.reports[index].diagnostics = []
        return plan
    }
}
