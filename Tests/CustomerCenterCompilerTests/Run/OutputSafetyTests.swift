import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// Text from a config (keys, values, file names) never reaches a terminal as raw control
/// characters, never breaks out of its structure in JSON, SARIF, XML or GitHub commands.
@Suite struct OutputSafetyTests {
    /// Keys and values with ESC sequences, BEL, NUL, DEL, C1 controls, bidi overrides, quotes, markup.
    static let hostile = """
    {"localization": {"default": "en", "localized_strings": {
      "t\\u001b[2J": {"en": "x\\u0007\\u0000\\u007f\\u0085 \\u202e</failure>\\"&"},
      "title": {"en": "  {{price}} "}}},
     "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "ti\\u001btle\\u009b", "paths": [{"id": "p\\u001b]0;owned\\u0007", "type": "CANCEL", "title_key": "title"}]}}}
    """

    static let report = LintReport(files: [Linter.lint(SourceFile(path: "bad\u{1B}[31mname\u{7}.json", text: hostile))])

    static let unsafe: Set<UInt32> = Set(Array(0x00...0x08) + [0x0B, 0x0C] + Array(0x0E...0x1F) + [0x7F] + Array(0x80...0x9F) + Array(0x202A...0x202E) + Array(0x2066...0x2069))

    @Test func findingsQuoteTheHostileText() {
        #expect(Self.report.allDiagnostics.count >= 3)
    }

    @Test(arguments: [ReportFormat.human, .compact, .github])
    func terminalFormatsCarryNoRawControls(_ format: ReportFormat) {
        for color in [false, true] {
            let output = ReportRenderer.render(Self.report, format: format, options: RenderOptions(color: color))
            let bad = output.unicodeScalars.filter { Self.unsafe.contains($0.value) && !(color && $0.value == 0x1B) }
            #expect(bad.isEmpty, "\(format): \(bad.map { String($0.value, radix: 16) })")
            if color {
                // Our own colour codes only: every ESC starts one of our SGR sequences.
                let escapes = output.components(separatedBy: "\u{1B}").dropFirst()
                #expect(escapes.allSatisfy { $0.hasPrefix("[0m") || $0.hasPrefix("[1m") || $0.hasPrefix("[1;3") })
            }
        }
    }

    @Test(arguments: [ReportFormat.json, .sarif])
    func jsonFormatsParseAndRoundTripTheText(_ format: ReportFormat) throws {
        let output = ReportRenderer.render(Self.report, format: format)
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
        #expect(object is [String: Any])
        // The hostile file name survives as data, exactly.
        #expect(output.contains("bad\\u001b[31mname\\u0007.json") || output.contains("bad%1B%5B31mname%07.json"))
    }

    @Test func junitIsWellFormedXML() {
        let xml = ReportRenderer.render(Self.report, format: .junit)
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(!xml.contains("</failure>\"&"))
    }

    @Test func githubCommandsStayOneLineEach() {
        let output = ReportRenderer.render(Self.report, format: .github)
        let lines = output.split(separator: "\n")
        #expect(lines.count == Self.report.allDiagnostics.count)
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") })
    }
}
