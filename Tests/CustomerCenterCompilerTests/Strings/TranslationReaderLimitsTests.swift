import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// The translation readers against input no tool would write (docs/robustness.md): nesting past
/// the reader's limit, UTF-16, long strings, every line end, control characters.
@Suite struct TranslationReaderLimitsTests {
    typealias Base = StringsImportTests

    /// An XLIFF file translating `title` into German, its body wrapped in `depth` groups.
    static func nested(groups depth: Int, target: String = "Hilfe!") -> String {
        "<xliff version=\"1.2\"><file target-language=\"de\"><body>\n" + String(repeating: "<group>", count: depth)
            + "<trans-unit id=\"title\"><source>Help</source><target>\(target)</target></trans-unit>"
            + String(repeating: "</group>", count: depth) + "\n</body></file></xliff>\n"
    }

    @Test func nestingPastTheLimitIsMalformedAtTheElementNotACrash() throws {
        // Within the limit: read.
        #expect(Base.plan([SourceFile(path: "de.xlf", text: Self.nested(groups: 200))]).changes.count == 1)
        for text in [Self.nested(groups: 50_000), Self.nested(groups: 1, target: String(repeating: "<g id=\"1\">", count: 100_000) + "x" + String(repeating: "</g>", count: 100_000))] {
            let found = try #require(Base.refusal(Base.plan([SourceFile(path: "de.xlf", text: text)])))
            #expect(found.id == "strings.malformed" && found.message.contains("nest more than 256 levels"), "\(found.message)")
            #expect(found.at.hasPrefix("2:"))
        }
        // The 257th element: its column in line 2 (each '<group>' is 7 bytes; the body is level 3).
        let deep = try #require(Base.refusal(Base.plan([SourceFile(path: "de.xlf", text: Self.nested(groups: 300))])))
        #expect(deep.at == "2:\(7 * (256 - 3) + 1)")
    }

    @Test func utf16XLIFFIsReadWithOrWithoutAByteOrderMark() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + Self.nested(groups: 1, target: "Hilfe – jetzt")
        let littleWithMark: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigWithout: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [littleWithMark, bigWithout] {
            let plan = Base.plan([SourceFile(path: "de.xlf", bytes: bytes)])
            #expect(plan.changes == [StringsImport.Change(key: "title", locale: "de", old: "Hilfe", new: "Hilfe – jetzt")], "\(plan.reports.flatMap(\.diagnostics).map(\.message))")
        }
        // A finding in a UTF-16 file is at its line and column.
        let bad = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + Self.nested(groups: 1, target: "Hilfe &nbsp;")
        let found = try #require(Base.refusal(Base.plan([SourceFile(path: "de.xlf", bytes: [0xFF, 0xFE] + bad.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })])))
        #expect(found.id == "strings.malformed" && found.at == "3:66", "\(found)")
        // A PO file must be UTF-8: said so, not read as nothing.
        let po = "msgid \"\"\nmsgstr \"Language: de\\n\"\n"
        let utf16PO = try #require(Base.refusal(Base.plan([SourceFile(path: "de.po", bytes: [0xFF, 0xFE] + po.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })])))
        #expect(utf16PO.id == "strings.malformed" && utf16PO.message.contains("UTF-16"))
    }

    @Test func poLineEndsLFCRLFAndCRReadTheSame() {
        let text = "msgid \"\"\nmsgstr \"\"\n\"Language: de\\n\"\n\n#, fuzzy\nmsgctxt \"path_cancel\"\nmsgid \"Cancel for {{ price }}\"\nmsgstr \"Weg\"\n\n"
            + "msgctxt \"title\"\nmsgid \"Help\"\nmsgstr \"\"\n\"Hil\"\n\"fe!\"\n"
        for ending in ["\n", "\r\n", "\r"] {
            let plan = Base.plan([SourceFile(path: "x.po", text: text.replacingOccurrences(of: "\n", with: ending))])
            #expect(plan.changes == [StringsImport.Change(key: "title", locale: "de", old: "Hilfe", new: "Hilfe!")], "\(ending.debugDescription)")
            #expect(plan.fuzzy == 1 && plan.refused == 0)
        }
    }

    /// Linear in the lines of one msgstr: four times the lines takes about four times as long
    /// (appending each line to a copy of the text so far took sixteen times as long).
    @Test func poReadingIsLinearInTheLinesOfOneString() {
        func seconds(_ lines: Int) -> Double {
            let text = "msgctxt \"title\"\nmsgid \"Help\"\nmsgstr \"\"\n" + String(repeating: "\"abcd\"\n", count: lines)
            let bytes = Array(text.utf8)
            let start = DispatchTime.now().uptimeNanoseconds
            let contents = POReader.read(bytes)
            #expect(contents.units.first?.target.utf8.count == 4 * lines)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        _ = seconds(10_000)
        let small = (0..<3).map { _ in seconds(50_000) }.min() ?? 0, large = (0..<3).map { _ in seconds(200_000) }.min() ?? 0
        #expect(large < small * 9, "50k lines \(small) s, 200k lines \(large) s")
    }

    @Test func controlCharactersAreRefusedInBothFormats() throws {
        for escape in ["\\x1b[31m", "\\0", "\\r", "\\a"] {
            let po = SourceFile(path: "de.po", text: "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgctxt \"title\"\nmsgid \"Help\"\nmsgstr \"Hilfe\(escape)!\"\n")
            let found = try #require(Base.refusal(Base.plan([po])))
            #expect(found.id == "l10n.control-character" && found.at == "6:1", "\(escape): \(found)")
        }
        let xliff = try #require(Base.refusal(Base.plan([SourceFile(path: "de.xlf", text: Self.nested(groups: 0, target: "Hilfe&#x1B;[31m"))])))
        #expect(xliff.id == "strings.malformed")
        let c1 = try #require(Base.refusal(Base.plan([SourceFile(path: "de.xlf", text: Self.nested(groups: 0, target: "Hilfe\u{85}"))])))
        #expect(c1.id == "l10n.control-character" && c1.message.contains("U+0085"))
        // Tab and line feed are text.
        let tab = Base.plan([Base.po("de", [("title", "Help", "Hil\tfe\nnow")])])
        #expect(tab.changes.count == 1 && tab.refused == 0)
    }
}
