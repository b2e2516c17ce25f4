import Foundation
import Testing
import TestSupport

/// One verdict, computed once (docs/design.md "The top floor"): each case is one where a verdict
/// used to be computed, then overwritten or guessed from text, and a gate went the wrong way.
@Suite struct TopFloorTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")

    func write(_ files: [String: String]) throws -> URL {
        try Scratch.directory("cc-floor", files: files)
    }

    /// A file selected by its name is always checked: `{}`, a syntax error, trailing text and a
    /// real config with its keys in the wrong case fail a directory lint, `--force-exclude` and
    /// the default names alike (never "0 files").
    @Test(arguments: [
        "{}", "{\"a\": 1,}", "{\"a\":1} trailing", "[]",
        "{\"Screens\": {}, \"Localization\": {\"default_locale\": \"en\", \"localized_strings\": {}}}",
    ])
    func aConfigNamedFileIsAlwaysChecked(_ text: String) throws {
        let dir = try write(["customer_center.json": text])
        for arguments in [["lint", "."], ["lint", "--force-exclude", "customer_center.json"], ["lint", "customer_center.json"]] {
            let result = try CLI.run(arguments + ["--format", "compact"], in: dir)
            #expect(result.status == 1, "\(arguments) \(text): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("customer_center.json:1:"), "\(arguments) \(text): \(result.stdout)")
            #expect(!result.stderr.contains("skipped"), "\(result.stderr)")
        }
    }

    /// Only a file whose own members say it is another kind of JSON is skipped, with a note.
    @Test(arguments: [
        (#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}"#, "a JSON Schema"),
        (#"{"problemMatcher": [{"owner": "x", "pattern": []}]}"#, "a problem matcher"),
        (#"{"name": "app", "version": "1.0.0", "scripts": {}}"#, "a package manifest"),
    ])
    func anotherKindOfJSONIsSkipped(_ text: String, _ kind: String) throws {
        let dir = try write(["customer_center.json": text])
        let result = try CLI.run(["lint", "."], in: dir)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("note: skipped './customer_center.json': its members say it is \(kind)"), "\(result.stderr)")
    }

    /// Baseline entries and file-scoped `ignore` entries about files this run did not check are
    /// neither matched nor stale (a pre-commit run lints only the staged file), and the baseline
    /// is not counted as a checked file.
    @Test func entriesAboutOtherFilesAreNotStale() throws {
        let broken = #"{"screens": {}, "localization": {"default_locale": "en", "localized_strings": {"unused": {"en": "x"}}}}"#
        let dir = try write([
            "a/customer_center.json": broken, "b/customer_center.json": broken,
            ".customer-center.json": #"{"ignore": [{"rule": "ref.unused-string", "pointer": "/localization/localized_strings/unused", "file": "b/customer_center.json"}]}"#,
        ])
        let written = try CLI.run(["lint", "--write-baseline", "baseline.json", "a/customer_center.json", "b/customer_center.json"], in: dir)
        #expect(written.status == 0, "\(written.stderr)")
        let one = try CLI.run(["lint", "--strict", "--baseline", "baseline.json", "a/customer_center.json"], in: dir)
        #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
        #expect(one.stdout.contains("no problems found in 1 file"), "\(one.stdout)")
        #expect(!one.stdout.contains("stale"), "\(one.stdout)")
        // Linted, the file the ignore entry names uses it; the entry is stale only when its file
        // is checked and nothing matched.
        try #"{"screens": {}, "localization": {"default_locale": "en", "localized_strings": {}}}"#
            .write(to: dir.appendingPathComponent("b/customer_center.json"), atomically: true, encoding: .utf8)
        let stale = try CLI.run(["lint", "--strict", "b/customer_center.json"], in: dir)
        #expect(stale.status == 1 && stale.stdout.contains("config.stale-ignore"), "\(stale.stdout)")
    }

    /// A `--baseline` that is not a baseline is exit 2 and nothing is judged; one that cannot be
    /// read is exit 3.
    @Test func aBaselineThatCannotBeUsedStopsTheRun() throws {
        let dir = try write(["customer_center.json": "{}", "notes.json": #"{"version": 1, "findings": "all"}"#])
        let malformed = try CLI.run(["lint", "--baseline", "notes.json", "customer_center.json"], in: dir)
        #expect(malformed.status == 2, "\(malformed.stdout)\(malformed.stderr)")
        #expect(!malformed.stdout.contains("customer_center.json:"), "nothing judged: \(malformed.stdout)")
        let missing = try CLI.run(["lint", "--baseline", "missing.json", "customer_center.json"], in: dir)
        #expect(missing.status == 3, "\(missing.stdout)\(missing.stderr)")
    }

    /// A failed write is a failed write: "1 output could not be written", exit 3, never "not read".
    @Test func aFailedWriteHasItsOwnPlaceInTheSummary() throws {
        let dir = try write(["customer_center.json": #"{"screens": {}, "localization": {"default_locale": "en", "localized_strings": {}},}"#,
                             "customer-center.messy.json": #"{"screens": {}, "localization": {"default_locale": "en", "localized_strings": {}}}"#])
        for name in ["customer_center.json", "customer-center.messy.json"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: dir.appendingPathComponent(name).path)
        }
        let format = try CLI.run(["format", "--write", "customer-center.messy.json"], in: dir)
        #expect(format.status == 3, "\(format.stderr)")
        #expect(!format.stderr.contains("not read") && format.stderr.contains("error: "), "\(format.stderr)")
        let json = try CLI.run(["lint", "--format", "json", "--fix", "customer_center.json"], in: dir)
        #expect(json.status == 3, "\(json.stdout)\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["unwritten"] as? Int == 1 && summary["unreadable"] == nil, "\(json.stdout)")
        let events = try #require(report["events"] as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String } == ["write-failed"], "\(json.stdout)")
        let human = try CLI.run(["lint", "--fix", "customer_center.json"], in: dir)
        #expect(human.status == 3 && human.stdout.contains("1 output could not be written"), "\(human.stdout)")
    }

    /// `--fix-dry-run` reports what would remain at its place in the file as it is on disk.
    @Test(arguments: ["compact", "json"])
    func aDryRunReportsPositionsOnDisk(_ format: String) throws {
        // Lines 2-3 are a comment (the fix removes it, and a line with it); line 8 an unused string (remains).
        let text = "{\n  /* a comment\n     on two lines */\n  \"screens\": {},\n  \"localization\": {\n    \"default_locale\": \"en\",\n    \"localized_strings\": {\n      \"unused\": {\"en\": \"x\"}\n    }\n  }\n}\n"
        let dir = try write(["customer_center.json": text])
        let result = try CLI.run(["lint", "--fix-dry-run", "--format", format, "customer_center.json"], in: dir)
        let report = result.stderr
        if format == "compact" {
            #expect(report.contains("customer_center.json:8:7: warning:"), "\(report)")
        } else {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
            let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
            let unused = try #require(diagnostics.first { $0["id"] as? String == "ref.unused-string" })
            let start = (unused["range"] as? [String: Any])?["start"] as? [String: Any]
            #expect(start?["line"] as? Int == 8, "\(unused)")
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("customer_center.json"), encoding: .utf8) == text)
    }

    /// An SDK response given to `compile` is a usage error that says what it is.
    @Test func aResponseGivenToCompileIsAUsageError() throws {
        let response = CLI.packageRoot.appendingPathComponent("Examples/response.json").path
        let result = try CLI.run(["compile", "--platform", "ios", "--locale", "en", response])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("is an SDK response"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
