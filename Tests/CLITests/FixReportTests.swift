import Foundation
import Testing

/// `lint --fix` reports the file it wrote as `lint` of that file reports it: the fixer's last
/// lint gives the report when it read the text as `lint` does, and a file `lint` reads
/// differently (past the syntax-issue limit) is linted again (docs/commands.md, "Fixes").
@Suite struct FixReportTests {
    /// The default config with a trailing double space in `count` more strings, and the ignore
    /// entries of its configuration file: one the fixed file still uses, one it never did.
    static func whitespaceCase(count: Int, duplicates: Int = 0) throws -> (config: String, settings: String) {
        var config = try CLI.run(["init"]).stdout
        guard let table = config.range(of: "\"localized_strings\": {") else { throw CocoaError(.fileReadCorruptFile) }
        var extra = ""
        for index in 0..<count { extra += "\n      \"extra_\(index)\": {\"en\": \"Extra \(index)  \", \"de\": \"Mehr  \(index) \"}," }
        // Duplicate keys: a syntax issue each, which no fix removes.
        for index in 0..<duplicates { extra += "\n      \"twice_\(index)\": {\"en\": \"A\"}, \"twice_\(index)\": {\"en\": \"B\"}," }
        config.insert(contentsOf: extra, at: table.upperBound)
        let settings = #"{"ignore": [{"rule": "ref.unused-string", "pointer": "/localization/localized_strings/extra_1"}, "#
            + #"{"rule": "l10n.empty-translation", "pointer": "/localization/localized_strings/nothing"}]}"#
        return (config, settings)
    }

    /// The report of a run's output: the JSON report without its run events (a fix is one), or
    /// the human report as it is (the events go to standard error).
    static func report(_ output: String, _ format: String) throws -> String {
        guard format == "json" else { return output }
        var object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        object["events"] = nil
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test(arguments: [(20, 0), (30, 260)])
    func theReportOfAFixIsTheLintOfTheWrittenFile(strings: Int, duplicates: Int) throws {
        let dir = try CLI.temporaryDirectory()
        let (config, settings) = try Self.whitespaceCase(count: strings, duplicates: duplicates)
        try config.write(to: dir.appendingPathComponent("customer_center.json"), atomically: true, encoding: .utf8)
        try settings.write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        for format in ["json", "human"] {
            try config.write(to: dir.appendingPathComponent("customer_center.json"), atomically: true, encoding: .utf8)
            let fixed = try CLI.run(["lint", "--fix", "--color", "never", "--format", format, "customer_center.json"], in: dir)
            #expect(fixed.stderr.contains("fixed \(strings * 3) problems"), "\(fixed.stderr)")
            let after = try CLI.run(["lint", "--color", "never", "--format", format, "customer_center.json"], in: dir)
            #expect(try Self.report(fixed.stdout, format) == Self.report(after.stdout, format), "\(format), \(duplicates) duplicates")
            #expect(fixed.status == after.status)
            #expect(after.stdout.contains("stale-ignore"), "the entry that matches nothing is reported")
            #expect(after.stdout.contains("duplicate-key") == (duplicates > 0))
        }
    }

    /// A file with a syntax error no fix repairs: the same report after the fix as from `lint`.
    @Test func aFileThatStillDoesNotParseIsReportedAsLintReportsIt() throws {
        let dir = try CLI.temporaryDirectory()
        let broken = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/broken.json"), encoding: .utf8)
        try broken.write(to: dir.appendingPathComponent("customer_center.json"), atomically: true, encoding: .utf8)
        let fixed = try CLI.run(["lint", "--fix", "--format", "json", "customer_center.json"], in: dir)
        let after = try CLI.run(["lint", "--format", "json", "customer_center.json"], in: dir)
        #expect(fixed.stderr.contains("fixed 3 problems"))
        #expect(try Self.report(fixed.stdout, "json") == Self.report(after.stdout, "json"))
        #expect(fixed.status == after.status && after.status == 1)
    }
}
