import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler

/// `format` as a job of the library (`Reformat`): the same inputs as lint, writes through
/// the guarded writer; the command only prints the result.
@Suite struct FormatRunTests {
    static let messy = "{\"screens\": {}, \"localization\": {\"localized_strings\": {}, \"default\": \"en\"}}"
    static let canonical = "{\n  \"localization\": {\n    \"default\": \"en\",\n    \"localized_strings\": {}\n  },\n  \"screens\": {}\n}\n"

    func folder() throws -> URL {
        try Scratch.directory("cc-format", files: [
            "customer_center.json": Self.messy,
            "customer-center.clean.json": Self.canonical,
            "customer-center.schema.json": #"{"$schema": "x", "type": "object"}"#,
            "customer-center.broken.json": "{\"screens\": {},}",
        ])
    }

    /// `--check`: the files that would change are listed, JSON that is not a config is skipped,
    /// a file with a syntax error is the report; nothing is written.
    @Test func checkListsSkipsAndRefuses() throws {
        let dir = try folder()
        let result = Workspace(settings: RunSettings()).run(Reformat([dir.path], mode: .check))
        #expect(result.documents.isEmpty)
        #expect(result.events.contains(.wouldReformat(path: "\(dir.path)/customer_center.json")))
        #expect(result.report.skipped.map(\.path) == ["\(dir.path)/customer-center.schema.json"])
        #expect(result.report.files.map(\.source.path) == ["\(dir.path)/customer-center.broken.json"])
        #expect(result.report.counts.errors > 0)
        #expect(result.events.filter { $0.severity == .error } == [.notFormatted(path: "\(dir.path)/customer-center.broken.json")])
        #expect(result.verdict == .failed(reason: nil))
        #expect(try String(contentsOf: dir.appendingPathComponent("customer_center.json"), encoding: .utf8) == Self.messy)
        // A file that would change fails `--check` (exit 1); one that would not passes.
        let messy = Workspace(settings: RunSettings()).run(Reformat([dir.appendingPathComponent("customer_center.json").path], mode: .check))
        #expect(messy.verdict == .failed(reason: nil) && messy.report.counts.total == 0)
        let clean = Workspace(settings: RunSettings()).run(Reformat([dir.appendingPathComponent("customer-center.clean.json").path], mode: .check))
        #expect(clean.events.isEmpty && clean.verdict == .passed)
    }

    /// `--write` rewrites the changed file only, and a refused write (read-only) leaves it as it
    /// was and makes the run unreadable (exit 3).
    @Test func writeRewritesOnlyWhatChanges() throws {
        let dir = try folder()
        let messy = dir.appendingPathComponent("customer_center.json").path
        let clean = dir.appendingPathComponent("customer-center.clean.json").path
        let result = Workspace(settings: RunSettings()).run(Reformat([messy, clean], mode: .write))
        #expect(result.events == [.formatted(path: messy)])
        #expect(result.verdict == .passed)
        #expect(result.readPaths == [messy, clean])
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == Self.canonical)

        try Self.messy.write(toFile: messy, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: messy)
        let refused = Workspace(settings: RunSettings()).run(Reformat([messy], mode: .write))
        #expect(refused.verdict == .unreadable)
        #expect(refused.report.unreadable.isEmpty, "a failed write is not a file that was not read")
        #expect(refused.events.map(\.kind) == ["write-failed"] && refused.report.summary.unwritten == 1)
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == Self.messy)
    }

    /// The default prints each canonical form, in the order found.
    @Test func printGivesEachCanonicalForm() throws {
        let dir = try folder()
        let result = Workspace(settings: RunSettings()).run(Reformat([dir.appendingPathComponent("customer_center.json").path], mode: .print))
        #expect(result.documents == [Self.canonical])
        #expect(result.verdict == .passed)
    }
}
