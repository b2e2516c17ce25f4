import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// The formats CI systems read natively (GitLab Code Quality, Checkstyle XML, reviewdog's rdjson
/// and rdjsonl), each checked by a consumer or the format's published definition, with hostile
/// file names and messages.
@Suite struct CIReportFormatTests {
    /// A file name XML and JSON must carry exactly: quotes, markup, an ampersand, a comma, a
    /// colon, a tab and a line break.
    static let hostileName = "odd/\"a\" & <b>,c:d\te\nf.json"

    /// Examples/broken.json (notes, fixes), the hostile config of the integration tests under two
    /// names, a clean file and an unreadable input.
    static func report() throws -> LintReport {
        var report = try IntegrationFormatTests.report()
        report.files.append(Linter.lint(SourceFile(path: hostileName, text: IntegrationFormatTests.hostile)))
        report.files.append(Linter.lint(SourceFile(path: "clean.json", text: Examples.authoring(strings: #""title": {"en": "Help"}"#,
                                                                                  extra: #""support": {"email": "help@example.com"}"#))))
        report.unreadable = [UnreadableFile(path: "missing <dir>/x.json", reason: "No such file or directory")]
        // A note too (as `--rule screen.missing=note` makes it; the shown finding only, not the counts).
        for index in report.files[0].diagnostics.indices where report.files[0].diagnostics[index].id == "screen.missing" {
            report.files[0].diagnostics[index].severity = .note
        }
        return report
    }

    /// What every format must account for: each finding shown, one entry per file and rule past
    /// the display cap, one per unreadable input.
    static func entries(_ report: LintReport) -> Int {
        report.allDiagnostics.count + report.files.reduce(0) { $0 + $1.omitted.count } + report.unreadable.count
    }

    /// A report whose file has more findings of one rule than the display cap shows.
    static func cappedReport() throws -> LintReport {
        let strings = (0..<600).map { "\"unused_\($0)\": {\"en\": \"x\"}" }.joined(separator: ", ")
        let text = Examples.authoring(strings: #""title": {"en": "Help"}, "# + strings)
        let report = LintReport(files: [Linter.lint(SourceFile(path: "many.json", text: text))])
        #expect(report.files[0].omitted[RuleID("ref.unused-string")] == 100, "the cap applies")
        return report
    }

    func python(_ script: String, _ arguments: [String] = [], stdin: String) throws -> String {
        let result = try Subprocess.run(command: "python3", ["-c", script] + arguments, stdin: Data(stdin.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    // MARK: GitLab Code Quality

    /// GitLab's documented report fields, as a JSON Schema: description, check_name, fingerprint,
    /// severity (its five levels), location.path (relative) and location.lines.begin.
    static let gitlabSchema = #"""
    {"type": "array", "items": {"type": "object", "additionalProperties": false,
      "required": ["description", "check_name", "fingerprint", "severity", "location"],
      "properties": {
        "type": {"const": "issue"},
        "description": {"type": "string", "minLength": 1},
        "check_name": {"type": "string", "minLength": 1},
        "fingerprint": {"type": "string", "pattern": "^[0-9a-f]{32}$"},
        "severity": {"enum": ["info", "minor", "major", "critical", "blocker"]},
        "location": {"type": "object", "additionalProperties": false, "required": ["path", "lines"],
          "properties": {
            "path": {"type": "string", "minLength": 1, "not": {"pattern": "^(/|\\./)"}},
            "lines": {"type": "object", "additionalProperties": false, "required": ["begin"],
              "properties": {"begin": {"type": "integer", "minimum": 1}, "end": {"type": "integer", "minimum": 1}}}}}}}}
    """#

    static let validate = """
    import json, sys, jsonschema
    schema = json.loads(sys.argv[1]); documents = [json.loads(line) for line in sys.stdin.read().splitlines()] if sys.argv[2] == "lines" else [json.loads(sys.stdin.read())]
    errors = [e for d in documents for e in jsonschema.Draft7Validator(schema).iter_errors(d)]
    for e in errors[:5]: print(list(e.path), e.message)
    print("errors", len(errors))
    """

    @Test(.needs(.jsonschema)) func gitlabIsWhatGitLabDocumentsAndCountsEverything() throws {
        let report = try Self.report()
        let output = GitLabRenderer().render(report)
        #expect(try python(Self.validate, [Self.gitlabSchema, "document"], stdin: output).hasSuffix("errors 0\n"))
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(issues.count == Self.entries(report))
        // GitLab keeps one issue per fingerprint.
        #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == issues.count)
        let paths = Set(issues.compactMap { ($0["location"] as? [String: Any])?["path"] as? String })
        #expect(paths.contains(Self.hostileName) && paths.contains("configs/hostile config,1.json") && paths.contains("missing <dir>/x.json"))
        #expect(issues.contains { ($0["description"] as? String)?.contains("'missing%key' is not a key") == true })
        #expect(issues.contains { $0["check_name"] as? String == "unreadable" && $0["severity"] as? String == "blocker" })
        let severities = Set(issues.compactMap { $0["severity"] as? String })
        #expect(severities == ["major", "minor", "info", "blocker"])
    }

    @Test func gitlabCountsPastTheDisplayCap() throws {
        let report = try Self.cappedReport()
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(GitLabRenderer().render(report).utf8)) as? [[String: Any]])
        #expect(issues.count == Self.entries(report))
        #expect(issues.contains { ($0["description"] as? String)?.hasPrefix("… and 100 more findings") == true })
    }

    /// An issue stays the same issue when lines move (rule, file, pointer), and two findings of
    /// one rule on one value stay two issues.
    @Test func gitlabFingerprintsSurviveMovedLinesAndPathsAreRelative() throws {
        let text = Examples.authoring(strings: #""title": {"en": "Help"}, "legacy": {"en": "Old"}"#)
        func fingerprint(_ text: String, path: String = "c.json", workingDirectory: String? = nil) throws -> (String?, String?) {
            let output = GitLabRenderer(workingDirectory: workingDirectory).render(LintReport(files: [Linter.lint(SourceFile(path: path, text: text))]))
            let issues = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
            let issue = issues.first { $0["check_name"] as? String == "ref.unused-string" }
            return (issue?["fingerprint"] as? String, (issue?["location"] as? [String: Any])?["path"] as? String)
        }
        #expect(try fingerprint(text).0 != nil)
        #expect(try fingerprint(text).0 == fingerprint("\n\n" + text).0)
        #expect(try fingerprint(text).0 != fingerprint(text, path: "d.json").0)
        #expect(try fingerprint(text, path: "./c.json").1 == "c.json")
        #expect(try fingerprint(text, path: "/work/repo/sub/c.json", workingDirectory: "/work/repo").1 == "sub/c.json")
        #expect(try fingerprint(text, path: "/elsewhere/c.json", workingDirectory: "/work/repo").1 == "/elsewhere/c.json")
    }

    // MARK: Checkstyle

    /// diff-cover's own Checkstyle XML reader (what diff-quality runs), file by file.
    static let checkstyleReader = """
    import json, sys
    from diff_cover.violationsreporters.java_violations_reporter import CheckstyleXmlDriver
    violations = CheckstyleXmlDriver().parse_reports([sys.stdin.read()])
    print(json.dumps({name: [[v.line, v.message] for v in found] for name, found in violations.items()}))
    """

    @Test(.needs(.diffCover)) func checkstyleIsReadByDiffCoverExactly() throws {
        let report = try Self.report()
        let xml = CheckstyleRenderer().render(report)
        let read = try #require(try JSONSerialization.jsonObject(with: Data(python(Self.checkstyleReader, stdin: xml).utf8)) as? [String: [[Any]]])
        #expect(read.values.reduce(0) { $0 + $1.count } == Self.entries(report))
        // Names and messages come back exactly, line breaks and markup included.
        let hostile = try #require(read[Self.hostileName], "\(read.keys)")
        #expect(hostile.count == report.files.first { $0.source.path == Self.hostileName }?.diagnostics.count)
        #expect(hostile.contains { ($0[1] as? String)?.contains("'missing%key' is not a key") == true })
        #expect(read["configs/hostile config,1.json"] != nil)
        #expect(read["missing <dir>/x.json"]?.first?[1] as? String == "error: cannot read 'missing <dir>/x.json': No such file or directory")
        let broken = try #require(read["Examples/broken.json"])
        #expect(broken.contains { ($0[1] as? String)?.contains("\nnote: Examples/broken.json:") == true })
        #expect(broken.allSatisfy { ($0[0] as? Int ?? 0) >= 1 })
        #expect(Set(broken.compactMap { ($0[1] as? String)?.prefix { $0 != ":" } }) == ["error", "warning", "info"])
        // A clean file is listed, with nothing in it.
        #expect(report.files.first { $0.source.path == "clean.json" }?.diagnostics.isEmpty == true)
        #expect(xml.contains("<file name=\"clean.json\"/>"))
    }

    @Test(.needs(.diffCover)) func checkstyleCountsPastTheDisplayCap() throws {
        let report = try Self.cappedReport()
        let xml = CheckstyleRenderer().render(report)
        let read = try #require(try JSONSerialization.jsonObject(with: Data(python(Self.checkstyleReader, stdin: xml).utf8)) as? [String: [[Any]]])
        #expect(read["many.json"]?.count == Self.entries(report))
        #expect(read["many.json"]?.contains { $0[0] as? Int == 0 && ($0[1] as? String)?.contains("… and 100 more findings") == true } == true)
    }

    // MARK: reviewdog

    /// reviewdog's Diagnostic Format as its protobuf definition has it (proto/rdf/reviewdog.proto),
    /// closed as protobuf's JSON reader is: an unknown field is refused, severities by name.
    static let rdfSchema = #"""
    {"definitions": {
      "Position": {"type": "object", "additionalProperties": false,
        "properties": {"line": {"type": "integer", "minimum": 0, "maximum": 2147483647}, "column": {"type": "integer", "minimum": 0, "maximum": 2147483647}}},
      "Range": {"type": "object", "additionalProperties": false, "required": ["start"],
        "properties": {"start": {"$ref": "#/definitions/Position"}, "end": {"$ref": "#/definitions/Position"}}},
      "Source": {"type": "object", "additionalProperties": false, "required": ["name"],
        "properties": {"name": {"type": "string"}, "url": {"type": "string"}}},
      "Code": {"type": "object", "additionalProperties": false, "required": ["value"],
        "properties": {"value": {"type": "string"}, "url": {"type": "string"}}},
      "Suggestion": {"type": "object", "additionalProperties": false, "required": ["range", "text"],
        "properties": {"range": {"$ref": "#/definitions/Range"}, "text": {"type": "string"}}},
      "Severity": {"enum": ["UNKNOWN_SEVERITY", "ERROR", "WARNING", "INFO", 0, 1, 2, 3]},
      "Diagnostic": {"type": "object", "additionalProperties": false, "required": ["message", "location"],
        "properties": {
          "message": {"type": "string", "minLength": 1},
          "location": {"type": "object", "additionalProperties": false, "required": ["path"],
            "properties": {"path": {"type": "string", "minLength": 1}, "range": {"$ref": "#/definitions/Range"}}},
          "severity": {"$ref": "#/definitions/Severity"}, "source": {"$ref": "#/definitions/Source"},
          "code": {"$ref": "#/definitions/Code"},
          "suggestions": {"type": "array", "items": {"$ref": "#/definitions/Suggestion"}},
          "original_output": {"type": "string"}}},
      "DiagnosticResult": {"type": "object", "additionalProperties": false,
        "properties": {"diagnostics": {"type": "array", "items": {"$ref": "#/definitions/Diagnostic"}},
          "source": {"$ref": "#/definitions/Source"}, "severity": {"$ref": "#/definitions/Severity"}}}},
     "$ref": "#/definitions/%@"}
    """#

    @Test(.needs(.jsonschema), arguments: [false, true])
    func rdjsonFollowsReviewdogsDefinitionAndCountsEverything(_ lines: Bool) throws {
        let report = try Self.report()
        let output = RDJSONRenderer(lines: lines).render(report)
        let schema = Self.rdfSchema.replacingOccurrences(of: "%@", with: lines ? "Diagnostic" : "DiagnosticResult")
        #expect(try python(Self.validate, [schema, lines ? "lines" : "document"], stdin: output).hasSuffix("errors 0\n"))
        let diagnostics: [[String: Any]]
        if lines {
            diagnostics = try output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        } else {
            let result = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            diagnostics = try #require(result["diagnostics"] as? [[String: Any]])
        }
        #expect(diagnostics.count == Self.entries(report))
        let paths = Set(diagnostics.compactMap { ($0["location"] as? [String: Any])?["path"] as? String })
        #expect(paths.isSuperset(of: [Self.hostileName, "configs/hostile config,1.json", "missing <dir>/x.json"]))
        #expect(Set(diagnostics.compactMap { $0["severity"] as? String }) == ["ERROR", "WARNING", "INFO"])
        #expect(diagnostics.contains { $0["suggestions"] != nil })
    }

    @Test func rdjsonCountsPastTheDisplayCap() throws {
        let report = try Self.cappedReport()
        let output = RDJSONRenderer(lines: true).render(report)
        let lines = output.split(separator: "\n")
        #expect(lines.count == Self.entries(report))
        #expect(lines.contains { $0.contains("… and 100 more findings") })
    }

    /// Columns count UTF-8 bytes and the end is exclusive, as the format defines them: each
    /// suggestion, applied by those rules alone, gives what the fix gives.
    @Test func rdjsonSuggestionsApplyAsTheFixesDo() throws {
        let text = "{\n  // größer 𐐀\n  \"localization\": {\"default\": \"en\", \"supported\": [\"en\", \"de\",], \"localized_strings\": {\"tïtle\": {\"en\": \"Größe 𐐀\"},}},\n"
            + "  \"screens\": {\"MANAGEMENT\": {\"type\": \"management\", \"title_key\": \"tïtle\", \"paths\": []}}\n}\n"
        let source = SourceFile(path: "c.json", text: text)
        let file = Linter.lint(source)
        let fixed = file.diagnostics.filter { $0.fix != nil }
        #expect(fixed.count >= 3, "\(file.diagnostics.map(\.id))")
        let output = RDJSONRenderer(lines: true).render(LintReport(files: [file]))
        let lines = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        func offset(_ position: [String: Any]) -> Int {
            let line = position["line"] as? Int ?? 0, column = position["column"] as? Int ?? 0
            return lines[..<(line - 1)].reduce(0) { $0 + $1.count + 1 } + column - 1
        }
        var checked = 0
        for (line, diagnostic) in zip(output.split(separator: "\n"), file.diagnostics) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((object["code"] as? [String: Any])?["value"] as? String == diagnostic.id.rawValue)
            let range = try #require((object["location"] as? [String: Any])?["range"] as? [String: [String: Any]])
            #expect(offset(range["start"] ?? [:]) == diagnostic.range.start)
            #expect(offset(range["end"] ?? [:]) == diagnostic.range.end)
            guard let fix = diagnostic.fix else {
                #expect(object["suggestions"] == nil)
                continue
            }
            let suggestion = try #require((object["suggestions"] as? [[String: Any]])?.first)
            let span = try #require(suggestion["range"] as? [String: [String: Any]])
            var applied = Array(text.utf8)
            applied.replaceSubrange(offset(span["start"] ?? [:])..<offset(span["end"] ?? [:]), with: Array((suggestion["text"] as? String ?? "").utf8))
            #expect(applied == Fixer.apply(fix.edits, to: Array(text.utf8)), "\(diagnostic.id)")
            checked += 1
        }
        #expect(checked == fixed.count)
    }
}
