import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// Whole-pipeline output pinned by golden files (`RECORD_GOLDEN=1 swift test` rewrites them).
@Suite struct RenderGoldenTests {
    static let broken = """
    {
      // the management screen
      "screens": {
        "MANAGEMENT": { "title": "Help", "title": "Support", },
        "list": [1, 2 3, 01]
      },
      "name": "日本語\tand more"

    """

    static func report() -> LintReport {
        LintReport(files: [
            Linter.lint(SourceFile(path: "Examples/broken.json", text: broken)),
            Linter.lint(SourceFile(path: "clean.json", text: "{}\n")),
        ])
    }

    @Test func human() throws {
        try assertGolden(HumanRenderer(color: false).render(Self.report()), "broken.human.txt")
    }

    @Test func humanWithColor() throws {
        try assertGolden(HumanRenderer(color: true).render(Self.report()), "broken.human-color.txt")
    }

    @Test func compact() throws {
        try assertGolden(CompactRenderer().render(Self.report()), "broken.compact.txt")
    }

    @Test func json() throws {
        try assertGolden(JSONReportRenderer().render(Self.report()), "broken.json.txt")
    }

    @Test func controlCharactersFromTheFileAreEscaped() {
        let text = "{\"a\u{1B}[31m\": 1, \"a\u{1B}[31m\": 2, \"b\": \"\u{202E}x\u{7}\"}"
        let report = LintReport(files: [Linter.lint(SourceFile(path: "evil\u{1B}.json", text: text))])
        for output in [HumanRenderer(color: false).render(report), CompactRenderer().render(report)] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        }
    }

    @Test func longLinesAreWindowedAroundTheRange() {
        let text = "[" + String(repeating: "1, ", count: 300) + "01]"
        let output = HumanRenderer(color: false).render(LintReport(files: [Linter.lint(SourceFile(path: "min.json", text: text))]))
        let lines = output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count < 200 })
        #expect(output.contains("01]"))
    }

    @Test func caretsAlignUnderWideCharactersAndTabs() {
        let text = "{\"日本\":\t1,}"
        var file = Linter.lint(SourceFile(path: "w.json", text: text))
        file.diagnostics = file.diagnostics.filter { $0.id == "json.trailing-comma" }
        let output = HumanRenderer(color: false).render(LintReport(files: [file]))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let sourceLine = lines.first { $0.hasPrefix("1 |") } ?? ""
        let caretLine = lines.first { $0.hasPrefix("  |") && $0.contains("^") } ?? ""
        // The comma is at display column 12 of the source text (日本 are two columns each; the tab reaches column 8).
        let commaDisplay = displayColumn(of: ",", in: sourceLine)
        #expect(commaDisplay != nil)
        #expect(caretLine.firstIndex(of: "^").map { caretLine.distance(from: caretLine.startIndex, to: $0) } == commaDisplay)
    }

    private func displayColumn(of character: Character, in line: String) -> Int? {
        var column = 0
        for c in line {
            if c == character { return column }
            column += c.unicodeScalars.first.map { TerminalText.width(of: $0) } ?? 1
        }
        return nil
    }
}
