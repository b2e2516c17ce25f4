import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// Members the parser hands over without the tape (`StringTableTexts.isPlain`) go into the
/// table's columns through `LocaleKeyReader.addPlain`: the collected table (keys, text starts and
/// shapes, locales, exceptions) is the one decoded from the tape, also for texts too long for a
/// shape and locales past the shapes' limit.
@Suite struct PlainMemberCollectTests {
    /// The table collected beside the parse, and the one decoded from the tape.
    static func tables(_ text: String) -> (collected: [String]?, decoded: [String]?) {
        let source = SourceFile(path: "c.json", text: text)
        let collected = DocumentReader.read(source, collectingTable: true)
        let decoded = DocumentReader.read(source, collectingTable: false)
        #expect(collected.parsed.hasElidedTable, "the table went to the collector")
        return (collected.config?.localization.map { TableSplitTests.describe($0.entries) },
                decoded.config?.localization.map { TableSplitTests.describe($0.entries) })
    }

    @Test func plainMembersCollectAsTheTapeDecodes() {
        let long = String(repeating: "long text ", count: 120)
        let members = (0..<6).map { index in
            TableSplitTests.member("k\(index)", [("en", "Text \(index)"), ("fr", index == 2 ? long : "Texte \u{E9}"), ("de", "")])
        }
        let (collected, decoded) = Self.tables(TableSplitTests.config(members))
        #expect(collected != nil && collected == decoded)
        #expect(collected?.contains { $0.hasPrefix("exception 7 ") } == true, "the long text is an exception")
    }

    @Test func localesPastTheShapesLimitCollectAsTheTapeDecodes() {
        let locales = (0..<70).map { "l\($0)" }
        let members = (0..<3).map { index in TableSplitTests.member("k\(index)", locales.map { ($0, "T \(index)") }) }
        let (collected, decoded) = Self.tables(TableSplitTests.config(members))
        #expect(collected != nil && collected == decoded)
        #expect(collected?.contains { $0.hasPrefix("exception 209 ") } == true, "the last locale's text is an exception")
    }
}
