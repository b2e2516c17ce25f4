import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// The CI formats, each checked by an independent consumer.
@Suite struct IntegrationFormatTests {
    /// A config whose strings try to break out of every output format.
    static let hostile = """
    {
      "localization": {"default": "en", "localized_strings": {
        "title": {"en": "100% off\\n::error file=x::pwned, really"},
        "evil\\n::warning::x": {"en": "a,b:c%0A\\u001b[31m<script>&amp;</script>"}}},
      "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "p, x:y", "type": "CANCEL", "title_key": "missing%key"}]}}
    }
    """

    static func report() throws -> LintReport {
        let broken = try String(contentsOf: TestPaths.examples.appendingPathComponent("broken.json"), encoding: .utf8)
        return LintReport(files: [
            Linter.lint(SourceFile(path: "Examples/broken.json", text: broken)),
            Linter.lint(SourceFile(path: "configs/hostile config,1.json", text: hostile)),
        ])
    }

    @Test(.needs(.jsonschema)) func sarifIsValidAgainstTheOfficialSchema() throws {
        let sarif = SARIFRenderer(rules: RuleCatalog.all, toolVersion: "1.2.3").render(try Self.report())
        let dir = try Scratch.directory("cc-sarif")
        let file = dir.appendingPathComponent("out.sarif")
        try sarif.write(to: file, atomically: true, encoding: .utf8)
        let schema = TestPaths.packageRoot.appendingPathComponent("Tests/CustomerCenterCompilerTests/Resources/sarif-schema-2.1.0.json")
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
        errors = list(jsonschema.Draft7Validator(schema).iter_errors(log))
        for e in errors[:5]: print(list(e.path), e.message)
        print("errors", len(errors))
        """
        let output = try runPython(script, [schema.path, file.path])
        #expect(output.hasSuffix("errors 0\n"), "\(output)")
    }

    @Test func sarifHasWhatGitHubRequires() throws {
        let report = try Self.report()
        let data = Data(SARIFRenderer(rules: RuleCatalog.all).render(report).utf8)
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == RuleCatalog.all.count)
        for rule in rules {
            for key in ["id", "shortDescription", "fullDescription", "help", "defaultConfiguration"] { #expect(rule[key] != nil, "\(key)") }
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == report.summary.errors + report.summary.warnings + report.summary.notes)
        var fingerprints = Set<String>()
        for result in results {
            #expect((result["message"] as? [String: Any])?["text"] as? String != nil)
            let region = try #require((((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]) as? [String: Int])
            for key in ["startLine", "startColumn", "endLine", "endColumn"] { #expect((region[key] ?? 0) >= 1, "\(key)") }
            let fingerprint = try #require((result["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"])
            #expect(fingerprints.insert(fingerprint).inserted, "fingerprints are unique within a run")
            // Every ruleIndex points at its rule.
            if let index = result["ruleIndex"] as? Int { #expect(rules[index]["id"] as? String == result["ruleId"] as? String) }
        }
        let uris = results.compactMap { ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String }
        #expect(uris.contains("configs/hostile%20config%2C1.json"))
    }

    @Test func sarifFingerprintsSurviveMovedLines() throws {
        let text = Examples.authoring(strings: #""title": {"en": "Help"}, "legacy": {"en": "Old"}"#)
        func fingerprint(_ text: String) throws -> String? {
            let sarif = SARIFRenderer(rules: RuleCatalog.all).render(LintReport(files: [Linter.lint(SourceFile(path: "c.json", text: text))]))
            let log = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any]
            let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
            return (results.first { $0["ruleId"] as? String == "ref.unused-string" }?["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"]
        }
        #expect(try fingerprint(text) != nil)
        #expect(try fingerprint(text) == fingerprint("\n\n" + text))
    }

    @Test func githubCommandsCannotBeInjected() throws {
        let output = GitHubRenderer().render(try Self.report())
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            // Every line is one command, and the only '::' pairs are the command's own two.
            #expect(line.hasPrefix("::error ") || line.hasPrefix("::warning ") || line.hasPrefix("::notice "), "\(line)")
            let afterCommand = line.drop { $0 != " " }
            let parts = afterCommand.components(separatedBy: "::")
            #expect(parts.count >= 2)
            let properties = parts[0]
            #expect(!properties.contains("\r") && !properties.unicodeScalars.contains { $0.value == 0x1B })
            // Properties: comma-separated key=value pairs with no raw ':' or ','.
            for pair in properties.trimmingCharacters(in: .whitespaces).split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                #expect(["file", "line", "col", "endLine", "endColumn", "title"].contains(String(keyValue[0])), "\(pair)")
                #expect(!keyValue[1].contains(":"))
            }
        }
        #expect(output.contains("file=configs/hostile config%2C1.json"))
        #expect(output.contains("%25"))
        #expect(!output.contains("\u{1B}"))
    }

    @Test func junitParsesAndCountsMatch() throws {
        let report = try Self.report()
        let xml = JUnitRenderer(rules: RuleCatalog.all).render(report)
        let parser = XMLParser(data: Data(xml.utf8))
        let counter = JUnitCounter()
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.suites == report.files.count)
        // Only errors fail: a passing gate's warnings stay passed cases, listed in system-out.
        let failingPairs = report.files.reduce(0) { $0 + Set($1.diagnostics.filter { $0.severity == .error }.map(\.id)).count }
        let allPairs = report.files.reduce(0) { $0 + Set($1.diagnostics.map(\.id)).count }
        #expect(failingPairs > 0 && failingPairs < allPairs)
        #expect(counter.failures == failingPairs)
        #expect(counter.declaredFailures == failingPairs)
        #expect(counter.testcases == counter.declaredTests)
        #expect(counter.failureText.contains("'missing%key' is not a key"))
        #expect(xml.contains("<system-out>") && xml.contains(": warning: "))
        // Warnings that fail the gate (--strict, --max-warnings) fail their rule's case too.
        var strict = report
        strict.warningsFailGate = true
        let strictCounter = JUnitCounter()
        let strictParser = XMLParser(data: Data(JUnitRenderer(rules: RuleCatalog.all).render(strict).utf8))
        strictParser.delegate = strictCounter
        #expect(strictParser.parse())
        let failingWithWarnings = report.files.reduce(0) { $0 + Set($1.diagnostics.filter { $0.severity >= .warning }.map(\.id)).count }
        #expect(strictCounter.failures == failingWithWarnings && failingWithWarnings > failingPairs)
        #expect(strictCounter.failureText.contains("'p, x:y'"))
    }

    @Test func baselineAcceptsKnownFindingsAndReportsStaleOnes() throws {
        let text = Examples.authoring(strings: #""title": {"en": "Help"}, "legacy_a": {"en": "Old"}, "legacy_b": {"en": "Older"}"#,
                                      extra: #""support": {"email": "help@example.com"}"#)
        let reports = [Linter.lint(SourceFile(path: "c.json", text: text))]
        #expect(reports[0].diagnostics.map(\.id) == ["ref.unused-string", "ref.unused-string"])
        let baseline = Baseline(source: SourceFile(path: "baseline.json", text: Baseline.write(reports)))
        #expect(baseline.diagnostics.isEmpty)
        #expect(Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: text)], configuration: nil, baseline: baseline)).report.files.flatMap(\.diagnostics).isEmpty)
        // A new finding is reported; a fixed one makes its entry stale.
        let edited = text.replacingOccurrences(#", "legacy_b": {"en": "Older"}"#, with: #", "legacy_c": {"en": "New"}"#)
        let after = Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: edited)], configuration: nil, baseline: baseline)).report.files
        #expect(after.flatMap(\.diagnostics).map(\.id) == ["ref.unused-string", "config.stale-ignore"])
        #expect(after.last?.source.path == "baseline.json")
    }

    func runPython(_ script: String, _ arguments: [String]) throws -> String {
        let result = try Subprocess.run(command: "python3", ["-c", script] + arguments)
        return result.stdout + result.stderr
    }
}

final class JUnitCounter: NSObject, XMLParserDelegate {
    var suites = 0, testcases = 0, failures = 0, declaredTests = 0, declaredFailures = 0
    var failureText = ""
    private var inFailure = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        switch name {
        case "testsuites":
            declaredTests = Int(attributes["tests"] ?? "") ?? -1
            declaredFailures = Int(attributes["failures"] ?? "") ?? -1
        case "testsuite": suites += 1
        case "testcase": testcases += 1
        case "failure": failures += 1; inFailure = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { inFailure = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure { failureText += string }
    }
}
