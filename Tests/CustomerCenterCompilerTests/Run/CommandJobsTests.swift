import Foundation
import Testing
@testable import CustomerCenterCompiler
import TestSupport

/// `diff`, `strings export` and `init` are jobs like the others (docs/design.md "The top floor"):
/// each reads and writes through its run context and records what stopped it, so the command
/// line only renders the one result and its verdict.
@Suite struct CommandJobsTests {
    static let example = (try? String(contentsOf: TestPaths.examples.appendingPathComponent("customer_center.json"), encoding: .utf8)) ?? ""

    @Test func diffRecordsWhatItCannotCompare() throws {
        let dir = try Scratch.directory("cc-jobs", files: ["c.json": Self.example, "bad.json": #"{"a": 1,"#])
        let same = Workspace().run(Diff(old: dir.path + "/c.json", new: dir.path + "/c.json", options: DiffOptions()))
        #expect(same.verdict == .passed && same.output?.changes.isEmpty == true)
        let broken = Workspace().run(Diff(old: dir.path + "/c.json", new: dir.path + "/bad.json", options: DiffOptions()))
        #expect(broken.output == nil && broken.verdict == .unreadable)
        #expect(broken.events.map(\.kind) == ["not-usable"] && broken.events.first?.message.hasSuffix("is not valid JSON (above)") == true)
        #expect(broken.report.files.count == 1, "the syntax errors that say why")
        let missing = Workspace().run(Diff(old: dir.path + "/missing.json", new: dir.path + "/c.json", options: DiffOptions()))
        #expect(missing.verdict == .unreadable && missing.report.unreadable.count == 1)
    }

    @Test func initWritesThroughTheGuardedWriterAndRefusesAnExistingFile() throws {
        let dir = try Scratch.directory("cc-jobs", files: ["c.json": "{}"])
        let written = Workspace().run(Init(locales: ["en"], output: dir.path + "/new/customer_center.json"))
        #expect(written.verdict == .passed && written.output.first?.hasPrefix("wrote ") == true)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/new/customer_center.json"))
        let refused = Workspace().run(Init(locales: ["en"], output: dir.path + "/c.json"))
        guard case .refused(let message, _) = refused.verdict else {
            Issue.record("an existing file was not refused: \(refused.verdict)")
            return
        }
        let kept = try String(contentsOfFile: dir.path + "/c.json", encoding: .utf8)
        #expect(message.contains("already exists") && kept == "{}")
        let printed = Workspace().run(Init(locales: ["en"]))
        #expect(printed.documents.count == 1 && printed.output.isEmpty)
    }

    @Test func stringsExportRefusesBeforeWritingAndSaysWhatItWrote() throws {
        let dir = try Scratch.directory("cc-jobs", files: ["c.json": Self.example, "bad.json": #"{"a": 1,"#])
        var onto = ExportStrings(config: dir.path + "/c.json", format: .xliff, locales: ["de"])
        onto.output = dir.path + "/c.json"
        guard case .refused = Workspace().run(onto).verdict else {
            Issue.record("wrote onto the config")
            return
        }
        var one = ExportStrings(config: dir.path + "/c.json", format: .po, locales: ["de"])
        one.output = dir.path + "/de.po"
        let exported = Workspace().run(one)
        #expect(exported.verdict == .passed && exported.output.first?.hasPrefix("exported 'de' to \(dir.path)/de.po: ") == true)
        let unusable = Workspace().run(ExportStrings(config: dir.path + "/bad.json", format: .xliff))
        #expect(unusable.verdict == .unreadable && unusable.events.map(\.kind) == ["not-usable"])
    }
}
