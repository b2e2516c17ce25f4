import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// The translation commands hold one file at a time (docs/performance.md "strings"): `strings
/// export` hands each file to its writer before building the next, and `strings import` reads
/// each file once, in turn, keeping of it only what its findings show (reading a file again only
/// for a finding it got after it was let go), and takes units out of an XLIFF file as they are read.
@Suite struct TranslationStreamingTests {
    static func po(_ locale: String, _ units: [(String, String, String)], path: String? = nil) -> SourceFile {
        var file = StringsImportTests.po(locale, units)
        if let path { file = SourceFile(path: path, bytes: file.bytes) }
        return file
    }

    /// Plans an import of `files`, recording which file was read when.
    static func plan(_ files: [SourceFile], reread: ((Int) -> SourceFile)? = nil) -> (plan: StringsImport.Plan, reads: [Int]) {
        var reads: [Int] = []
        let plan = StringsImport.plan(config: StringsImportTests.source(), paths: files.map(\.path)) { index in
            defer { reads.append(index) }
            return reads.contains(index) ? (reread?(index) ?? files[index]) : files[index]
        }
        return (plan, reads)
    }

    @Test func exportHandsEachFileToItsWriterBeforeBuildingTheNext() throws {
        guard case .success(var plan) = StringsExport.prepare(StringsImportTests.source(), format: .xliff) else {
            Issue.record("not prepared")
            return
        }
        #expect(plan.built == 0 && plan.locales == ["de", "ja", "zh-Hant"])
        var handed: [(locale: String, built: Int)] = []
        plan.forEachFile { file, built in handed.append((file.locale, built)) }
        #expect(handed.map(\.locale) == plan.locales)
        #expect(handed.map(\.built) == [1, 2, 3], "each file is handed over as soon as it is built")
        // What is handed over is what the library's `run` returns for it, byte for byte.
        let all = StringsExport.run(StringsImportTests.source(), format: .xliff).files
        var again = try #require(try? StringsExport.prepare(StringsImportTests.source(), format: .xliff).get())
        var bytes: [[UInt8]] = []
        again.forEachFile { file, _ in bytes.append(file.bytes) }
        #expect(bytes == all.map(\.bytes) && !bytes.contains { $0.isEmpty })
    }

    /// A file is built from each key's parts written once around what the locale has: the same
    /// bytes as the writers write unit by unit, on every shipped example and init's 32 locales.
    @Test(arguments: StringsFormat.allCases) func aFileBuiltFromKeyPartsIsTheFileWrittenUnitByUnit(format: StringsFormat) throws {
        var configs = [SourceFile(path: "init.json", text: DefaultConfig.json()), StringsImportTests.source()]
        for url in TestPaths.files(in: TestPaths.examples, extensions: ["json"]) {
            configs.append(SourceFile(path: "Examples/" + url.lastPathComponent, text: try String(contentsOf: url, encoding: .utf8)))
        }
        var files = 0
        for config in configs {
            guard case .success(var plan) = StringsExport.prepare(config, format: format, includeUnused: true) else { continue }
            for locale in plan.locales {
                let file = plan.file(locale, keepingUnits: true)
                let written = format == .xliff
                    ? XLIFFWriter.document(file.units, original: config.path, sourceLocale: plan.defaultCode, targetLocale: locale)
                    : POWriter.document(file.units, original: config.path, sourceLocale: plan.defaultCode, targetLocale: locale)
                #expect(file.bytes == written, "\(config.path) \(locale)")
                #expect(file.unitCount == file.units.count && !file.units.isEmpty)
                files += 1
            }
        }
        #expect(files > 40)
    }

    @Test func importReadsEachFileOnceInTurnAndKeepsNoTextOfACleanFile() throws {
        let clean = Self.po("de", [("title", "Help", "Hilfe")])
        let refused = Self.po("ja", [("title", "Help", "ヘルプ"), ("titel", "Help", "ヘルプ")])
        let (plan, reads) = Self.plan([clean, refused])
        #expect(reads == [0, 1])
        #expect(plan.reports.map(\.source.path) == ["de.po", "ja.po"])
        // The clean file's report holds none of its text; the other keeps what its finding shows.
        #expect(plan.reports[0].diagnostics.isEmpty && plan.reports[0].source.bytes.isEmpty)
        let report = plan.reports[1]
        #expect(report.source.bytes.isEmpty && report.source.excerpt != nil)
        let finding = try #require(report.diagnostics.first)
        #expect(finding.id.rawValue == "strings.unknown-key")
        let location = report.source.location(of: finding.range.start)
        #expect(location.line == refused.location(of: finding.range.start).line && location.line == 9)
        #expect(plan.changes.map(\.key) == ["title"] && plan.unchanged == 1)
    }

    @Test func aFileThatGetsAFindingAfterItWasLetGoIsReadAgain() throws {
        let first = Self.po("de", [("title", "Help", "Hilfe!")], path: "de-1.po")
        let second = Self.po("de", [("path_cancel", "Cancel for {{ price }}", "Kündigen für {{ price }}"), ("title", "Help", "Hilfe?")], path: "de-2.po")
        let (plan, reads) = Self.plan([first, second])
        #expect(reads == [0, 1, 0], "the first file is read again for its duplicate finding")
        #expect(plan.refused == 2 && plan.changes.isEmpty && plan.changedWhileRead.isEmpty)
        for (index, file) in [first, second].enumerated() {
            let finding = try #require(plan.reports[index].diagnostics.first { $0.id.rawValue == "strings.duplicate-unit" })
            let shown = plan.reports[index].source.location(of: finding.range.start)
            #expect(shown.line == file.location(of: finding.range.start).line && shown.line == (index == 0 ? 5 : 9))
        }
        // Not what was read the first time: its findings cannot be placed, and nothing is taken.
        let (changed, _) = Self.plan([first, second]) { _ in Self.po("de", [("title", "Help", "Hilfe!!")], path: "de-1.po") }
        #expect(changed.changedWhileRead == ["de-1.po"])
    }

    @Test func xliffUnitsAreTakenOutOfTheTreeAsTheyAreRead() throws {
        let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2"><file target-language="de"><header><trans-unit id="not-a-unit"><source>x</source></trans-unit></header>
        <body><group><trans-unit id="title"><source>Help</source><target>Hilfe</target></trans-unit></group>
        <trans-unit id="path_cancel"><source>a</source></trans-unit></body></file></xliff>
        """
        var offered: [(name: String, open: [String])] = []
        let root = try XMLReader.parse(Array(xliff.utf8)) { element, open in
            offered.append((element.name, open.map { String($0.localName) }))
            return element.name == "trans-unit"
        }
        // Each element is offered as it is read, with the elements around it; taken ones are not kept.
        #expect(offered.first { $0.name == "group" }?.open == ["xliff", "file", "body"])
        #expect(offered.filter { $0.name == "trans-unit" }.map(\.open) == [["xliff", "file", "header"], ["xliff", "file", "body", "group"], ["xliff", "file", "body"]])
        func units(_ element: XMLElement) -> Int { element.elements.reduce(element.name == "trans-unit" ? 1 : 0) { $0 + units($1) } }
        #expect(units(root) == 0)
        // XLIFFReader takes only a body's units (groups included), with the file's locale.
        let contents = XLIFFReader.read(Array(xliff.utf8))
        #expect(contents.problem == nil)
        #expect(contents.units.map(\.key.name) == ["title", "path_cancel"] && contents.units.allSatisfy { $0.locale == "de" })
    }
}
