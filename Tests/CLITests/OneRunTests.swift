import Foundation
import Testing
import TestSupport

/// The run that joins the parts (docs/commands.md: "Counts are exact", "Directories", "Exit codes";
/// docs/configuration.md): each case is one a new user hit where policy spread over several
/// layers composed wrongly.
@Suite struct OneRunTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")

    /// The example with `count` unused strings added (in the default locale only, so each is one
    /// `ref.unused-string` and, with other locales supported, one `l10n.missing-translation`).
    static func withUnusedStrings(_ count: Int, from start: Int = 0) throws -> String {
        var text = try String(contentsOf: example, encoding: .utf8)
        let marker = "\"localized_strings\": {"
        guard let range = text.range(of: marker) else { throw CocoaError(.fileReadCorruptFile) }
        let added = (start..<(start + count)).map { "\"unused_\($0)\": {\"en\": \"x\"}," }.joined()
        text.replaceSubrange(range, with: marker + added)
        return text
    }

    func write(_ files: [String: String]) throws -> URL {
        try Scratch.directory("cc-cli", files: files)
    }

    func summary(_ result: CLIResult) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["summary"] as? [String: Any])
    }

    // MARK: Gates are exact

    /// 600 unused strings: the summary counts 600 (not the 500 shown plus one), and
    /// `--max-warnings 550` fails.
    @Test func countsAndGatesUseEveryFinding() throws {
        let dir = try write(["customer_center.json": try Self.withUnusedStrings(600)])
        let off = ["--rule", "l10n.missing-translation=off"]
        let gated = try CLI.run(["lint", "--max-warnings", "550"] + off + ["customer_center.json"], in: dir)
        #expect(gated.status == 1, "\(gated.stderr)")
        #expect(gated.stdout.contains("found 600 warnings in 1 file"), "\(gated.stdout.suffix(300))")
        #expect(gated.stdout.contains("… and 100 more findings [ref.unused-string]"))
        #expect(gated.stderr.contains("600 warnings, more than --max-warnings 550"))
        #expect(try CLI.run(["lint", "--max-warnings", "600"] + off + ["customer_center.json"], in: dir).status == 0)
        let json = try CLI.run(["lint", "--format", "json"] + off + ["customer_center.json"], in: dir)
        let counts = try summary(json)
        #expect(counts["warnings"] as? Int == 600)
        #expect((counts["rules"] as? [String: Int])?["ref.unused-string"] == 600)
        let omitted = try #require(counts["omitted"] as? [[String: Any]])
        #expect(omitted.first?["count"] as? Int == 100)
        // SARIF and JUnit count every finding too.
        // (Warnings fail a JUnit case only when they fail the gate: here --strict.)
        let junit = try CLI.run(["lint", "--format", "junit", "--strict"] + off + ["customer_center.json"], in: dir)
        #expect(junit.stdout.contains("message=\"600 findings\""))
        let passing = try CLI.run(["lint", "--format", "junit"] + off + ["customer_center.json"], in: dir)
        #expect(passing.status == 0 && passing.stdout.contains("failures=\"0\"") && passing.stdout.contains("… and 100 more findings (not listed)"))
        let sarif = try CLI.run(["lint", "--format", "sarif"] + off + ["customer_center.json"], in: dir)
        #expect(sarif.stdout.contains("\"warnings\": 600"))
        #expect(sarif.stdout.contains("… and 100 more findings of 'ref.unused-string'"))
    }

    /// A finding the baseline lacks is shown and fails the gate, even past the display cap.
    @Test func aNewFindingPastTheCapIsShownUnderABaseline() throws {
        let dir = try write(["customer_center.json": try Self.withUnusedStrings(600)])
        let off = ["--rule", "l10n.missing-translation=off"]
        let recorded = try CLI.run(["lint", "--write-baseline", "baseline.json"] + off + ["customer_center.json"], in: dir)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stderr.contains("with 600 findings"))
        // One more unused string, last in the file (past the first 500 of its rule).
        var text = try Self.withUnusedStrings(600)
        text = text.replacingOccurrences(of: "\"unused_599\": {\"en\": \"x\"},", with: "\"unused_599\": {\"en\": \"x\"},\"brand_new\": {\"en\": \"x\"},")
        try text.write(to: dir.appendingPathComponent("customer_center.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["lint", "--baseline", "baseline.json", "--strict", "--format", "compact"] + off + ["customer_center.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("string 'brand_new' is never used"), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    // MARK: Syntax rules

    @Test func syntaxRulesCannotBeSwitchedOffAnywhere() throws {
        let dir = try write(["customer_center.json": "\u{7}\u{1}garbage"])
        let line = try CLI.run(["lint", "--rule", "json.syntax=off", "customer_center.json"], in: dir)
        #expect(line.status == 2)
        #expect(line.stderr.contains("cannot be set to 'off'"))
        try #"{"rules": {"json.syntax": "off"}}"#.write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        let file = try CLI.run(["lint", "--format", "compact", "customer_center.json"], in: dir)
        #expect(file.status == 2)
        #expect(file.stdout.contains(".customer-center.json:1:27: error: 'json.syntax' reports a file that is not valid JSON"))
        try #"{"rules": {"json.syntax": "warning"}}"#.write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["lint", "customer_center.json"], in: dir).status == 2)
        try "{}".write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["lint", "customer_center.json"], in: dir).status == 1, "random bytes are never clean")
    }

    // MARK: The configuration file is as strict as the command line

    /// Under a configuration it cannot follow, or with an input it cannot read, no baseline is
    /// written (it would accept less than the files hold).
    @Test func noBaselineIsWrittenFromAnIncompleteRun() throws {
        let dir = try write([
            "customer_center.json": try String(contentsOf: Self.example, encoding: .utf8),
            ".customer-center.json": #"{"rules": {"no.such-rule": "off"}}"#,
        ])
        let invalid = try CLI.run(["lint", "--write-baseline", "baseline.json", "customer_center.json"], in: dir)
        #expect(invalid.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("baseline.json").path))
        try "{}".write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        let missing = try CLI.run(["lint", "--write-baseline", "baseline.json", "customer_center.json", "missing.json"], in: dir)
        #expect(missing.status == 3)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("baseline.json").path))
    }

    @Test func configurationFileIsStrictWithSuggestions() throws {
        let dir = try write([
            "customer_center.json": try String(contentsOf: Self.example, encoding: .utf8),
            ".customer-center.json": #"{"rules": {"l10n.missing-translaton": "error", "appearance.*": "warnng"}, "locales": {"required": ["jp"]}, "platforms": ["iso"]}"#,
        ])
        let result = try CLI.run(["lint", "customer_center.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout.contains("unknown rule 'l10n.missing-translaton'"))
        #expect(result.stdout.contains("help: did you mean 'l10n.missing-translation'?"))
        #expect(result.stdout.contains("'jp' is not a locale code; did you mean 'ja'?"))
        #expect(result.stdout.contains("'warnng'"))
        #expect(result.stdout.contains("'iso'"))
        #expect(!result.stdout.contains("customer_center.json:"), "nothing is linted under it")
    }

    /// `appearance.*` selects the group in the file and on the command line; a single rule wins
    /// over its group.
    @Test func ruleGroupsWorkInBothPlaces() throws {
        let broken = try String(contentsOf: Self.example, encoding: .utf8).replacingOccurrences(of: "\"accent_color\": \"#", with: "\"accent_color\": \"#Z")
        let dir = try write(["customer_center.json": broken])
        #expect(try CLI.run(["lint", "customer_center.json"], in: dir).status == 1)
        #expect(try CLI.run(["lint", "--rule", "appearance.*=off", "customer_center.json"], in: dir).status == 0)
        #expect(try CLI.run(["lint", "--rule", "appearanc.*=off", "customer_center.json"], in: dir).stderr.contains("did you mean 'appearance.*'?"))
        try #"{"rules": {"appearance.*": "off", "appearance.invalid-color": "error"}}"#
            .write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["lint", "customer_center.json"], in: dir).status == 1, "the single rule wins over its group")
        try #"{"rules": {"appearance.*": "off"}}"#.write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["lint", "customer_center.json"], in: dir).status == 0)
    }

    // MARK: Writes and deletes

    /// `compile --out-dir out out/ios/ja.json` never deletes its own input, and a payload edited
    /// by hand is kept; an unchanged stale payload is removed.
    @Test func compileDeletesOnlyUnchangedStalePayloads() throws {
        let dir = try CLI.temporaryDirectory()
        #expect(try CLI.run(["init", "--locales", "en,de,ja", "-o", "cc.json"], in: dir).status == 0)
        #expect(try CLI.run(["compile", "--platform", "ios", "--out-dir", "out", "cc.json"], in: dir).status == 0)
        let ja = dir.appendingPathComponent("out/ios/ja.json")
        // The config itself moved into the output folder, named like a stale payload.
        try FileManager.default.removeItem(at: ja)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("cc.json"), to: ja)
        let own = try CLI.run(["compile", "--platform", "ios", "--locale", "en,de", "--out-dir", "out", "out/ios/ja.json"], in: dir)
        #expect(own.status == 0, "\(own.stderr)")
        #expect(FileManager.default.fileExists(atPath: ja.path), "the input was deleted")
        #expect(own.stderr.contains("kept out/ios/ja.json"))
        // Edited by hand: kept and named.
        #expect(try CLI.run(["compile", "--platform", "ios", "--out-dir", "out", "cc.json"], in: dir).status == 0)
        try (try String(contentsOf: ja, encoding: .utf8) + " ").write(to: ja, atomically: true, encoding: .utf8)
        let edited = try CLI.run(["compile", "--platform", "ios", "--locale", "en,de", "--out-dir", "out", "cc.json"], in: dir)
        #expect(FileManager.default.fileExists(atPath: ja.path))
        #expect(edited.stderr.contains("changed since"))
        // Unchanged: removed.
        #expect(try CLI.run(["compile", "--platform", "ios", "--out-dir", "out", "cc.json"], in: dir).status == 0)
        let clean = try CLI.run(["compile", "--platform", "ios", "--locale", "en,de", "--out-dir", "out", "cc.json"], in: dir)
        #expect(!FileManager.default.fileExists(atPath: ja.path))
        #expect(clean.stderr.contains("removed out/ios/ja.json"))
    }

    /// A refused `--fix` reports the file as it is on disk, not the text it could not write.
    @Test func aRefusedFixReportsTheFileOnDisk() throws {
        let text = "{\n  // a comment\n  \"screens\": {}, \"localization\": {\"default\": \"en\", \"localized_strings\": {}}\n}\n"
        let dir = try write(["customer_center.json": text])
        let url = dir.appendingPathComponent("customer_center.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path) }
        let result = try CLI.run(["lint", "--fix", "--format", "compact", "customer_center.json"], in: dir)
        #expect(result.status == 3)
        #expect(result.stderr.contains("read-only"))
        #expect(!result.stderr.contains("fixed"))
        #expect(result.stdout.contains("customer_center.json:2:3: error: comments are not allowed in JSON [json.comment]"), "\(result.stdout)")
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
    }

    /// The same file named twice is read, reported and written once.
    @Test func theSameFileTwiceIsOneFile() throws {
        let text = "{\"screens\": {}, \"localization\": {\"default\": \"en\", \"localized_strings\": {}},}\n"
        let dir = try write(["a.json": text])
        let result = try CLI.run(["lint", "--fix", "--format", "compact", "a.json", "./a.json", "../\(dir.lastPathComponent)/a.json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "fixed ").count == 2, "\(result.stderr)")
        let lint = try CLI.run(["lint", "--format", "json", "a.json", "./a.json"], in: dir)
        #expect(try summary(lint)["files"] as? Int == 1)
    }

    /// `--fix` repairs every finding, not only the 500 a display shows.
    @Test func fixRepairsPastTheDisplayCap() throws {
        var text = try String(contentsOf: Self.example, encoding: .utf8)
        let marker = "\"localized_strings\": {"
        let added = (0..<600).map { "\"unused_\($0)\": {\"en\": \"x \"}," }.joined()
        text = text.replacingOccurrences(of: marker, with: marker + added)
        let dir = try write(["customer_center.json": text])
        let off = ["--rule", "ref.unused-string=off", "--rule", "l10n.missing-translation=off"]
        let before = try CLI.run(["lint", "--format", "json"] + off + ["customer_center.json"], in: dir)
        #expect((try summary(before)["rules"] as? [String: Int])?["l10n.whitespace"] == 600)
        let fixed = try CLI.run(["lint", "--fix", "--format", "compact"] + off + ["customer_center.json"], in: dir)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(fixed.stderr.contains("fixed 600 problems"), "\(fixed.stderr)")
        #expect(fixed.stdout.isEmpty)
    }

    /// SIGTERM between the write and the rename leaves the original and no temporary file.
    @Test func anInterruptedWriteLeavesNothingBehind() throws {
        let text = "{\"screens\": {}, \"localization\": {\"default\": \"en\", \"localized_strings\": {}},}\n"
        let dir = try write(["customer_center.json": text])
        let result = try CLI.run(["lint", "--fix", "customer_center.json"], in: dir, environment: ["CUSTOMER_CENTER_TEST_FAULT": "interrupt-before-rename"])
        #expect(result.status == 15, "killed by SIGTERM")
        #expect(try String(contentsOf: dir.appendingPathComponent("customer_center.json"), encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["customer_center.json"])
    }

    /// The file-size limit (`ulimit -f`, SIGXFSZ) makes the write fail like a full disk: the
    /// original is kept, nothing is left behind, exit 3.
    @Test func theFileSizeLimitFailsTheWriteCleanly() throws {
        let padding = (0..<600).map { "\"k\($0)\": {\"en\": \"a text long enough to need several blocks\"}" }.joined(separator: ",")
        let text = "{\"screens\": {}, \"localization\": {\"default\": \"en\", \"localized_strings\": {\(padding)}},}\n"
        let dir = try write(["customer_center.json": text])
        let script = "ulimit -f 16; exec \"$0\" lint --fix --format compact customer_center.json"
        let result = try Subprocess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, CLI.binary.path], in: dir)
        let stderr = result.stderr
        #expect(result.exited)
        #expect(result.status == 3, "\(stderr)")
        #expect(stderr.contains("cannot write"))
        #expect(try String(contentsOf: dir.appendingPathComponent("customer_center.json"), encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["customer_center.json"])
    }

    // MARK: Directories hold configs only

    @Test func directoriesSkipJSONThatIsNotAConfig() throws {
        let schema = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Schemas/customer-center.schema.json"), encoding: .utf8)
        let matcher = #"{"problemMatcher": [{"owner": "customer-center", "pattern": [{"regexp": "^(.*):(\\d+):(\\d+): (error|warning): (.*)$"}]}]}"#
        let matcherText = "{\n  \"problemMatcher\": [ {\"owner\": \"x\"} ],\n  \"b\": 1, \"a\": 2\n}\n"
        let dir = try write([
            "customer_center.json": try String(contentsOf: Self.example, encoding: .utf8),
            "customer-center.schema.json": schema,
            ".github/customer-center-matcher.json": matcher,
            "tools/customer-center-matcher.json": matcherText,
        ])
        let lint = try CLI.run(["lint", "--format", "compact", "."], in: dir)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.isEmpty)
        #expect(lint.stderr.contains("note: skipped './customer-center.schema.json'"))
        #expect(lint.stderr.contains("note: skipped './tools/customer-center-matcher.json'"))
        let format = try CLI.run(["format", "--write", "."], in: dir)
        #expect(format.status == 0, "\(format.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("tools/customer-center-matcher.json"), encoding: .utf8) == matcherText)
        // Named explicitly, it is checked.
        #expect(try CLI.run(["lint", "tools/customer-center-matcher.json"], in: dir).status == 1)
    }

    /// Text that is not JSON, found by its name, is a broken config unless what could be read of it
    /// says it is something else: `{,}` or `[1,` fail the gate; a cut-off schema is skipped.
    @Test func brokenTextInADirectoryIsCheckedUnlessItSaysItIsSomethingElse() throws {
        let dir = try write([
            "customer_center.json": "{,}",
            "customer-center.v2.json": "[1,",
            "customer-center.schema.json": #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "#,
        ])
        let lint = try CLI.run(["lint", "--format", "compact", "."], in: dir)
        #expect(lint.status == 1, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("./customer_center.json:1:2: error:"), "\(lint.stdout)")
        #expect(lint.stdout.contains("./customer-center.v2.json:1:"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("schema.json"), "\(lint.stdout)")
        #expect(lint.stderr.contains("note: skipped './customer-center.schema.json'"), "\(lint.stderr)")
        let format = try CLI.run(["format", "--write", "."], in: dir)
        #expect(format.status != 0, "\(format.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("customer_center.json"), encoding: .utf8) == "{,}")
    }

    @Test func includeAndExcludeDecideWhatADirectoryHolds() throws {
        let config = try String(contentsOf: Self.example, encoding: .utf8)
        let dir = try write([
            "configs/support.json": config,
            "configs/legacy/old.json": "{,}",
            "customer_center.json": "{,}",
            ".customer-center.json": #"{"include": ["configs/**/*.json"], "exclude": ["**/legacy/**"]}"#,
        ])
        let lint = try CLI.run(["lint", "--format", "json", "."], in: dir)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(try summary(lint)["files"] as? Int == 1)
        let format = try CLI.run(["format", "--check", "."], in: dir)
        #expect(!format.stdout.contains("old.json") && !format.stderr.contains("old.json"))
    }

    // MARK: Reading

    @Test func devicesAndFIFOsAreRefusedUnread() throws {
        let zero = try CLI.run(["lint", "/dev/zero"])
        #expect(zero.status == 3)
        #expect(zero.stderr.contains("cannot read '/dev/zero': it is a device or socket, not a file"))
        let dir = try CLI.temporaryDirectory()
        let fifo = dir.appendingPathComponent("customer_center.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try CLI.run(["lint", fifo])
        #expect(result.status == 3)
        #expect(result.stderr.contains("it is a FIFO, not a file"))
    }
}
