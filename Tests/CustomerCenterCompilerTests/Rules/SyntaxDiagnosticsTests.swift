import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

@Suite struct SyntaxDiagnosticsTests {
    /// The JSON syntax policy (docs/formats.md), one case each: the rule id and the line:column it points at.
    static let cases: [(String, [String])] = [
        ("{\n  // c\n  \"a\": 1\n}", ["2:3 json.comment"]),
        ("{\n  /* c */ \"a\": 1\n}", ["2:3 json.comment"]),
        ("{\n  \"a\": 1,\n}", ["2:9 json.trailing-comma"]),
        ("{\n  \"a\": 1,\n  \"a\": 2\n}", ["3:3 json.duplicate-key"]),
        ("\u{FEFF}{}", ["1:1 json.bom"]),
        ("{\"a\": \"\\ud800\"}", ["1:8 json.invalid-utf8"]),
        ("{\"a\": \"x\ty\"}", ["1:9 json.syntax"]),
        ("{\"a\": 1\n \"b\": 2}", ["2:2 json.syntax"]),
        ("{\"a\": [1 2]}", ["1:10 json.syntax"]),
        ("{} {}", ["1:4 json.syntax"]),
        ("", ["1:1 json.syntax"]),
        (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), ["1:513 json.depth"]),
    ]

    @Test(arguments: cases)
    func specSyntaxCases(_ input: String, _ expected: [String]) {
        #expect(positions(input, prefix: "json.") == expected)
    }

    @Test func invalidUTF8BytesAreReportedAtTheirColumn() {
        let bytes = Array("{\"t\": \"é".utf8) + [0xFF] + Array("\"}".utf8)
        let report = Linter.lint(SourceFile(path: "f.json", bytes: bytes))
        let syntax = report.diagnostics.filter { $0.id.rawValue.hasPrefix("json.") }
        #expect(syntax.map(\.id) == ["json.invalid-utf8"])
        #expect(syntax.first.map { report.source.location(of: $0.range.start).column } == 9)
    }

    @Test func utf16FileGetsOneErrorNamingTheEncoding() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("{}".utf8).flatMap { [$0, 0] }
        let report = Linter.lint(SourceFile(path: "f.json", bytes: bytes))
        #expect(report.diagnostics.count == 1)
        #expect(report.diagnostics[0].id == "json.invalid-utf8")
        #expect(report.diagnostics[0].message.contains("UTF-16LE"))
    }

    @Test func duplicateKeyNotePointsAtFirstDefinition() throws {
        let report = Linter.lint(SourceFile(path: "f.json", text: "{\"t\": 1,\n \"t\": 2}"))
        let diagnostic = try #require(report.diagnostics.first { $0.id == "json.duplicate-key" })
        #expect(diagnostic.notes.count == 1)
        #expect(report.source.location(of: diagnostic.notes[0].range.start).line == 1)
        #expect(diagnostic.pointer.description == "/t")
    }

    @Test func fixesProduceValidJSON() {
        let broken = [
            "{\"a\": 1,}", "[1, 2,]", "{\n  // x\n  \"a\": 1\n}", "\u{FEFF}{}", "{\"a\": True}", "[01, +2, .5, 0x10]",
            "{\"a\": 1 \"b\": 2}", "{\"a\" 1}", "{a: 1}", "[\"x\ty\"]",
        ]
        for text in broken {
            let source = SourceFile(path: "f", text: text)
            let syntax = Linter.lint(source).diagnostics.filter { $0.id.rawValue.hasPrefix("json.") }
            #expect(!syntax.isEmpty)
            let fixed = apply(syntax.compactMap(\.fix).flatMap(\.edits), to: source.bytes)
            let remaining = Linter.lint(SourceFile(path: "f", bytes: fixed)).diagnostics.filter { $0.id.rawValue.hasPrefix("json.") }
            #expect(remaining.isEmpty, "\(text) → \(String(decoding: fixed, as: UTF8.self))")
        }
    }

    /// The dashboard docs' eligibility sample (`../shared`), and a comment-laden config of our own.
    static let commentedSamples: [String] = {
        let url = TestPaths.fixtures.appendingPathComponent("dashboard-docs/docs__dashboard-format__customer-center-eligibility-conditions.jsonc")
        let shared = (try? String(contentsOf: url, encoding: .utf8)).map { [$0] } ?? []
        let own = """
        {
          // eligibility conditions are ANDed
          "promotional_offers": {
            "offer": { // an offer
              "ios_offer_id": "a", "title_key": "t", "subtitle_key": "t",
              "eligibility": [{"condition_type": "TIME_SINCE_FIRST_PURCHASE", "comparison": "SMALLER", "amount_in_seconds": 604800}] // 7 days
            }
          }, "url": "https://example.com/not-a-comment"
        }
        """
        return shared + [own]
    }()

    @Test(arguments: commentedSamples)
    func sampleWithCommentsYieldsJSONCommentAtEachComment(_ text: String) throws {
        let data = Data(text.utf8)
        // Every `//` outside a string starts a comment in this file.
        var expectedLines: [Int] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.replacingOccurrences(of: "https://", with: "").contains("//") {
            expectedLines.append(index + 1)
        }
        #expect(!expectedLines.isEmpty)
        let report = Linter.lint(SourceFile(path: "sample.jsonc", bytes: Array(data)))
        let comments = report.diagnostics.filter { $0.id == "json.comment" }
        #expect(comments.map { report.source.location(of: $0.range.start).line } == expectedLines)
        #expect(report.diagnostics.filter { $0.id.rawValue.hasPrefix("json.") && $0.id != "json.comment" }.isEmpty)
    }
}

/// Applies non-overlapping edits (any order) to bytes, as `lint --fix` does.
func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
    Fixer.apply(edits, to: bytes)
}

/// Each kind of syntax error, with its message at its column (FindingSpec style): the messages
/// are what a user reads, so a lost branch of `SyntaxDiagnostics` fails here.
@Suite struct SyntaxMessageTests {
    static let cases: [(String, [String])] = [
        ("[1, 2}", ["1:6 expected ']' to close the array, found '}'"]),
        (#"{"a": "x"#, ["1:7 unterminated string: the closing '\"' is missing", "1:9 expected '}' to close the object, found end of file"]),
        (#"{"a": "\q"}"#, [#"1:8 invalid escape '\q' in string; JSON has \" \\ \/ \b \f \n \r \t and \uXXXX"#]),
        ("{'a': 1}", [#"1:2 strings must be in double quotes, found "'""#]),
        ("{\"a\":\u{A0}1}", ["1:6 unexpected U+00A0 (no-break space); JSON allows only space, tab, line feed and carriage return"]),
        (#"{"a": 01}"#, ["1:7 invalid number '01': leading zeros are not allowed"]),
        (#"{"a": +1}"#, ["1:7 invalid number '+1': a leading '+' is not allowed"]),
        (#"{"a": .5}"#, ["1:7 invalid number '.5': a digit is needed before '.'"]),
        (#"{"a": 0x1F}"#, ["1:7 invalid number '0x1F': hexadecimal numbers are not JSON"]),
        (#"{"a": NaN}"#, ["1:7 'NaN' is not a JSON number"]),
        ("{a: 1}", ["1:2 object keys must be strings in double quotes, found 'a'"]),
        ("{\"a\": \"x\u{1}\"}", ["1:9 control character U+0001 must be escaped inside a string"]),
        (#"{"a": 1} x"#, ["1:10 unexpected 'x' after the top-level value"]),
        (#"{"a": True}"#, ["1:7 expected a value, found 'True'"]),
    ]

    @Test(arguments: cases.indices)
    func message(_ index: Int) {
        let (text, expected) = Self.cases[index]
        let report = Linter.lint(SourceFile(path: "s.json", text: text), options: LintOptions(inputFormat: .authoring))
        let found = report.diagnostics.filter { $0.id == "json.syntax" }.map { diagnostic -> String in
            let at = report.source.location(of: diagnostic.range.start)
            return "\(at.line):\(at.column) \(diagnostic.message)"
        }
        #expect(found == expected, "\(text)")
    }
}
