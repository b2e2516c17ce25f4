import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler

/// `format` as a run of the library (`LintRun.format`): the same inputs as lint, writes through
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
        let result = LintRun(settings: RunSettings()).format([dir.path], mode: .check)
        #expect(result.documents == ["would reformat \(dir.path)/customer_center.json\n"])
        #expect(result.report.skipped.map(\.path) == ["\(dir.path)/customer-center.schema.json"])
        #expect(result.report.files.map(\.source.path) == ["\(dir.path)/customer-center.broken.json"])
        #expect(result.report.counts.errors > 0)
        #expect(result.messages == ["error: \(dir.path)/customer-center.broken.json has syntax errors (below); it was not formatted"])
        #expect(result.verdict == .failed(reason: nil))
        #expect(try String(contentsOf: dir.appendingPathComponent("customer_center.json"), encoding: .utf8) == Self.messy)
        // A file that would change fails `--check` (exit 1); one that would not passes.
        let messy = LintRun(settings: RunSettings()).format([dir.appendingPathComponent("customer_center.json").path], mode: .check)
        #expect(messy.verdict == .failed(reason: nil) && messy.report.counts.total == 0)
        let clean = LintRun(settings: RunSettings()).format([dir.appendingPathComponent("customer-center.clean.json").path], mode: .check)
        #expect(clean.documents.isEmpty && clean.verdict == .passed)
    }

    /// `--write` rewrites the changed file only, and a refused write (read-only) leaves it as it
    /// was and makes the run unreadable (exit 3).
    @Test func writeRewritesOnlyWhatChanges() throws {
        let dir = try folder()
        let messy = dir.appendingPathComponent("customer_center.json").path
        let clean = dir.appendingPathComponent("customer-center.clean.json").path
        let result = LintRun(settings: RunSettings()).format([messy, clean], mode: .write)
        #expect(result.messages == ["formatted \(messy)"])
        #expect(result.verdict == .passed)
        #expect(result.readPaths == [messy, clean])
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == Self.canonical)

        try Self.messy.write(toFile: messy, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: messy)
        let refused = LintRun(settings: RunSettings()).format([messy], mode: .write)
        #expect(refused.verdict == .unreadable)
        #expect(refused.report.unreadable.map(\.path) == [messy])
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == Self.messy)
    }

    /// The default prints each canonical form, in the order found.
    @Test func printGivesEachCanonicalForm() throws {
        let dir = try folder()
        let result = LintRun(settings: RunSettings()).format([dir.appendingPathComponent("customer_center.json").path], mode: .print)
        #expect(result.documents == [Self.canonical])
        #expect(result.verdict == .passed)
    }
}
