import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// A recorded report keeps only the text its formats print (`FileReport.keepingShownText`):
/// every format renders it byte for byte as it renders the whole file.
@Suite struct ShownTextTests {
    /// Files with findings of many kinds: every rule's failing examples (notes, fixes, multi-line
    /// ranges), a minified file with a line longer than a snippet's window and non-ASCII text, a
    /// file with a byte-order mark and CRLF line breaks, and bytes that are not UTF-8.
    static func sources() -> [(SourceFile, LintOptions)] {
        var sources: [(SourceFile, LintOptions)] = []
        for rule in RuleCatalog.all where !rule.formats.isEmpty {
            for (index, example) in rule.failingExamples.enumerated() {
                let text = example.filter { $0 != RuleDescriptor.marker }
                sources.append((SourceFile(path: "\(rule.id)-\(index).json", text: text), rule.exampleOptions))
            }
        }
        let screen = #"{"type": "MANAGEMENT", "title": "Gérer l’abonnement 日本語", "paths": [{"id": "a", "title": "x", "type": "CANCEL"}, {"id": "a", "title": "y", "type": "NOPE"}]}"#
        let filler = String(repeating: "é日 ", count: 2_000)
        let minified = #"{"customer_center": {"appearance": {"mode": "SYSTEM"}, "screens": {"#
            + (0..<3).map { #""S\#($0)": "# + screen }.joined(separator: ", ") + #", "NO_ACTIVE": {"type": "NO_ACTIVE", "title": ""#
            + filler + #""}, "MANAGEMENT": "# + screen + "}}}"
        sources.append((SourceFile(path: "minified.json", text: minified), LintOptions()))
        let pretty = Array("{\r\n  \"customer_center\": {\r\n    \"screens\": {\r\n      \"MANAGEMENT\": {\"type\": \"MANAGEMENT\", \"title\": \"é\", \"paths\": [1, 2,]}\r\n    },\r\n  }\r\n}\r\n".utf8)
        sources.append((SourceFile(path: "bom-crlf.json", bytes: [0xEF, 0xBB, 0xBF] + pretty), LintOptions()))
        let broken = Array("{\"customer_center\": {\"screens\": {\"MANAGEMENT\": {\"title\": \"".utf8)
            + [UInt8](repeating: 0x80, count: 700) + [0xC3] + Array("\", \"type\": 7}}}}".utf8)
        sources.append((SourceFile(path: "not-utf8.json", bytes: broken), LintOptions()))
        return sources
    }

    /// Made by hand: a finding over 56 short lines (the snippet shows the first and the last), a
    /// note on line 56, a fix whose edits are 45 lines apart (rdjson's suggestion copies the lines
    /// between; none of the others'), and an empty range at the end of the file.
    static func farApart() -> FileReport {
        let text = "{\n" + (1...60).map { "  \"k\($0)\": \"value \($0) é\"," }.joined(separator: "\n") + "\n  \"end\": 1\n}\n"
        let source = SourceFile(path: "far-apart.json", text: text)
        let starts = source.lineStarts
        let spread = Diagnostic(
            id: "schema.unknown-key", severity: .warning, message: "spread", file: source.path,
            range: ByteRange(starts[3] + 4, starts[58] + 9), pointer: .root,
            notes: [DiagnosticNote(message: "far note", file: source.path, range: ByteRange(starts[55] + 2, starts[55] + 6))],
            fix: Fix(message: "two edits", edits: [TextEdit(range: ByteRange(starts[5] + 2, starts[5] + 4), replacement: "x"),
                                                    TextEdit(range: ByteRange(starts[50] + 2, starts[50] + 4), replacement: "y")]))
        let end = Diagnostic(id: "json.syntax", severity: .error, message: "at the end", file: source.path,
                             range: ByteRange(source.bytes.count, source.bytes.count))
        return FileReport(source: source, diagnostics: [spread, end])
    }

    @Test func everyFormatRendersTheExcerptAsTheWholeFile() {
        let reports = Self.sources().map { Linter.lint($0.0, options: $0.1) } + [Self.farApart()]
        #expect(reports.filter { !$0.diagnostics.isEmpty }.count == reports.count)
        let whole = LintReport(files: reports)
        let kept = LintReport(files: reports.map { $0.keepingShownText() })
        #expect(kept.files.allSatisfy { $0.source.excerpt != nil && $0.source.bytes.isEmpty })
        for format in ReportFormat.allCases {
            for color in [false, true] where format == .human || !color {
                let options = RenderOptions(color: color)
                let expected = ReportRenderer.render(whole, format: format, options: options)
                let actual = ReportRenderer.render(kept, format: format, options: options)
                #expect(actual == expected, "\(format) color \(color):\n\(lineDiff(expected, actual))")
            }
        }
    }

    /// The minified file is one long line: its excerpt is windows of it, not the line.
    @Test func aLongLineKeepsWindowsNotTheLine() throws {
        let (source, options) = try #require(Self.sources().first { $0.0.path == "minified.json" })
        let report = Linter.lint(source, options: options)
        let excerpt = try #require(report.keepingShownText().source.excerpt)
        let kept = excerpt.pieces.reduce(0) { $0 + $1.bytes.count }
        #expect(report.diagnostics.count > 2)
        #expect(kept > 0 && kept < source.bytes.count / 2, "kept \(kept) of \(source.bytes.count) bytes")
    }

    /// Positions and texts asked of the excerpt are the whole file's.
    @Test func positionsAndTextAreTheWholeFiles() {
        for report in Self.sources().map({ Linter.lint($0.0, options: $0.1) }) + [Self.farApart()] {
            let source = report.source
            let kept = report.keepingShownText().source
            for diagnostic in report.diagnostics {
                for offset in [diagnostic.range.start, diagnostic.range.end] + diagnostic.notes.map(\.range.start) {
                    #expect(kept.location(of: offset) == source.location(of: offset), "\(source.path) @\(offset)")
                }
                #expect(kept.byteCount == source.bytes.count)
            }
        }
    }
}
