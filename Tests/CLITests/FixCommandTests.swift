import Foundation
import Testing

/// `lint --fix` as a user runs it: writes like `format --write`, standard input to stdout,
/// a dry run that writes nothing, directories.
@Suite struct FixCommandTests {
    static let broken = CLI.packageRoot.appendingPathComponent("Examples/broken.json")

    func copyOfBroken(_ name: String = "customer_center.json", crlf: Bool = false, mode: Int = 0o640) throws -> URL {
        let dir = try CLI.temporaryDirectory()
        var text = try String(contentsOf: Self.broken, encoding: .utf8)
        if crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    @Test func fixWritesInPlaceKeepingPermissionsAndLineEndings() throws {
        let url = try copyOfBroken(crlf: true)
        let result = try CLI.run(["lint", "--fix", "--format", "compact", url.lastPathComponent], in: url.deletingLastPathComponent())
        #expect(result.status == 1, "an error no fix repairs remains")
        #expect(result.stderr.contains("fixed 3 problems in customer_center.json"), "\(result.stderr)")
        #expect(!result.stdout.contains("json.comment") && !result.stdout.contains("json.trailing-comma"))
        #expect(result.stdout.contains("[json.duplicate-key]"))
        let fixed = try String(contentsOf: url, encoding: .utf8)
        #expect(!fixed.contains("// pasted"))
        #expect(!fixed.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "line endings kept")
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // A second run changes nothing.
        let again = try CLI.run(["lint", "--fix", "--format", "compact", url.lastPathComponent], in: url.deletingLastPathComponent())
        #expect(!again.stderr.contains("fixed"))
        #expect(try String(contentsOf: url, encoding: .utf8) == fixed)
    }

    @Test func dryRunPrintsADiffAndWritesNothing() throws {
        let url = try copyOfBroken()
        let before = try Data(contentsOf: url)
        let result = try CLI.run(["lint", "--fix-dry-run", "--format", "compact", "customer_center.json"], in: url.deletingLastPathComponent())
        #expect(result.stdout.hasPrefix("--- a/customer_center.json\n+++ b/customer_center.json\n@@ -1,"), "\(result.stdout)")
        #expect(result.stdout.contains("-  // pasted from the dashboard\n"))
        #expect(!result.stdout.contains("[json."), "the report goes to stderr")
        #expect(result.stderr.contains("would fix 3 problems"))
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func standardInputPrintsTheFixedDocument() throws {
        let input = try Data(contentsOf: Self.broken)
        let result = try CLI.run(["lint", "--fix", "--format", "compact", "-"], stdin: input)
        #expect(result.stdout.hasPrefix("{\n  \"localization\""), "\(result.stdout)")
        #expect(!result.stdout.contains("//"))
        #expect(result.stderr.contains("[json.duplicate-key]"))
    }

    @Test func symbolicLinksAreNotReplaced() throws {
        let url = try copyOfBroken("target.json")
        let link = url.deletingLastPathComponent().appendingPathComponent("customer_center.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        let before = try Data(contentsOf: url)
        let result = try CLI.run(["lint", "--fix", "customer_center.json"], in: url.deletingLastPathComponent())
        #expect(result.status == 3)
        #expect(result.stderr.contains("symbolic link"))
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func directoriesAndUnsafeFixes() throws {
        let url = try copyOfBroken()
        let dir = url.deletingLastPathComponent()
        let typo = #"{"localization": {"default": "en", "localized_strings": {"title": {"en": "Help"}}}, "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "subtitel_key": "title", "paths": [{"id": "r", "type": "MISSING_PURCHASE", "title_key": "title"}]}}}"#
        try typo.write(to: dir.appendingPathComponent("customer-center.typo.json"), atomically: true, encoding: .utf8)
        let safe = try CLI.run(["lint", "--fix", "--format", "compact", "."], in: dir)
        #expect(safe.stderr.contains("fixed 3 problems in ./customer_center.json"), "\(safe.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("customer-center.typo.json"), encoding: .utf8) == typo)
        let unsafe = try CLI.run(["lint", "--fix", "--unsafe-fixes", "--format", "compact", "customer-center.typo.json"], in: dir)
        #expect(unsafe.stderr.contains("fixed 1 problem in customer-center.typo.json"), "\(unsafe.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("customer-center.typo.json"), encoding: .utf8).contains("\"subtitle_key\""))
    }

    @Test func fixOptionsGoTogetherSensibly() throws {
        #expect(try CLI.run(["lint", "--unsafe-fixes", "x.json"]).status == 2)
        #expect(try CLI.run(["lint", "--fix", "--fix-dry-run", "x.json"]).status == 2)
        #expect(try CLI.run(["lint", "--fix", "--write-baseline", "b.json", "x.json"]).status == 2)
    }

    /// A table of `members` strings, each after a comment and with a trailing comma: twice as many
    /// safe syntax fixes.
    static func configWithSyntaxFixes(members: Int) -> String {
        var table: [String] = []
        for index in 0..<members { table.append("      // string \(index)\n      \"s\(index)\": {\"en\": \"Text \(index)\",}") }
        return """
            {
              "localization": {
                "default": "en",
                "localized_strings": {
            \(table.joined(separator: ",\n"))
                }
              },
              "screens": {}
            }
            """
    }

    /// Issue 52: the parse stopped after 200 issues and the fixer after 10 rounds, so `--fix`
    /// fixed 2,000 syntax problems and had to be run again. Now one run fixes all 5,000.
    @Test func oneRunFixesEverySyntaxProblemHoweverMany() throws {
        let directory = try CLI.temporaryDirectory()
        let url = directory.appendingPathComponent("customer_center.json")
        try Self.configWithSyntaxFixes(members: 2_500).write(to: url, atomically: true, encoding: .utf8)
        let result = try CLI.run(["lint", "--fix", "--format", "compact", "customer_center.json"], in: directory)
        #expect(result.stderr.contains("fixed 5000 problems in customer_center.json"), "\(result.stderr.prefix(300))")
        #expect(!result.stdout.contains("[json."), "\(result.stdout.prefix(300))")
        let fixed = try String(contentsOf: url, encoding: .utf8)
        #expect(!fixed.contains("//") && !fixed.contains(",}"))
        #expect((try? JSONSerialization.jsonObject(with: Data(fixed.utf8))) != nil, "the fixed file is JSON")
        let again = try CLI.run(["lint", "--fix", "--format", "compact", "customer_center.json"], in: directory)
        #expect(!again.stderr.contains("fixed"), "nothing left to fix: \(again.stderr.prefix(300))")
        #expect(again.status == result.status)
    }
}
