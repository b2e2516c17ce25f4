/// reviewdog's Diagnostic Format: `rdjson` is one `DiagnosticResult` document, `rdjsonl` one
/// `Diagnostic` per line (`reviewdog -f=rdjson` / `-f=rdjsonl`).
///
/// Fields are the format's own (reviewdog reads it with protobuf's JSON mapping, which refuses
/// unknown ones): `message`, `location.path`, `location.range` (lines 1-based, columns counted in
/// UTF-8 bytes from 1, the end exclusive), `severity` (`ERROR`, `WARNING`, `INFO` for a note),
/// `code.value` (the rule id) and `source.name`. A finding with a fix carries it as one
/// suggestion: the span from its first edit to its last, with the edits applied, so reviewdog
/// can offer it in a review. Findings past the display cap are one diagnostic per file and rule
/// (a path, no range) that says how many; an input that could not be read is an `ERROR` on it.

import JSONSyntax
package struct RDJSONRenderer {
    /// One document (`rdjson`) or one diagnostic per line (`rdjsonl`).
    let lines: Bool

    /// Creates a renderer; `lines` for `rdjsonl`.
    package init(lines: Bool = false) { self.lines = lines }

    static let source = JSONValue.record([("name", .text("customer-center"))])

    /// The report, with a trailing newline.
    package func render(_ report: LintReport) -> String {
        var diagnostics: [JSONValue] = []
        for diagnostic in report.allDiagnostics {
            guard let source = report.source(named: diagnostic.file) else { continue }
            var message = diagnostic.message
            if let fix = diagnostic.fix { message += "\nhelp: " + fix.message }
            for note in diagnostic.notes {
                let at = (report.source(named: note.file) ?? source).location(of: note.range.start)
                message += "\nnote: \(note.file):\(at.line):\(at.column): \(note.message)"
            }
            var members: [(String, JSONValue)] = [
                ("message", .text(message)),
                ("location", .record([("path", .text(diagnostic.file)), ("range", Self.range(diagnostic.range, in: source))])),
                ("severity", .text(Self.severity(diagnostic.severity))),
                ("source", Self.source),
                ("code", .record([("value", .text(diagnostic.id.rawValue))])),
            ]
            if let fix = diagnostic.fix, let suggestion = Self.suggestion(fix, in: source) {
                members.append(("suggestions", .list([suggestion])))
            }
            diagnostics.append(.record(members))
        }
        for file in report.files {
            for (rule, count) in file.omitted.sorted(by: { $0.key < $1.key }) {
                let worst = file.diagnostics.filter { $0.id == rule }.map(\.severity).max() ?? .warning
                diagnostics.append(.record([
                    ("message", .text("… and \(MessageText.count(count, "more finding", "more findings")) of this rule in this file (not listed)")),
                    ("location", .record([("path", .text(file.source.path))])),
                    ("severity", .text(Self.severity(worst))),
                    ("source", Self.source),
                    ("code", .record([("value", .text(rule.rawValue))])),
                ]))
            }
        }
        for failure in report.failures {
            diagnostics.append(.record([
                ("message", .text(failure.message)),
                ("location", .record([("path", .text(failure.path ?? RunFailure.runName))])),
                ("severity", .text("ERROR")),
                ("source", Self.source),
                ("code", .record([("value", .text(failure.kind))])),
            ]))
        }
        let writer = JSONWriter(sortKeys: false)
        guard lines else { return writer.write(.record([("source", Self.source), ("diagnostics", .list(diagnostics))])) }
        return diagnostics.map { Self.oneLine(writer.write($0)) + "\n" }.joined()
    }

    /// reviewdog's severities.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "ERROR"
        case .warning: return "WARNING"
        case .note: return "INFO"
        }
    }

    /// A line and a column in UTF-8 bytes, both from 1.
    static func position(_ offset: Int, in source: SourceFile) -> JSONValue {
        let clamped = max(0, min(offset, source.byteCount))
        let line = source.lineIndex(of: clamped)
        return .record([("line", .integer(line + 1)), ("column", .integer(clamped - source.lineStart(line) + 1))])
    }

    /// Start and exclusive end.
    static func range(_ range: ByteRange, in source: SourceFile) -> JSONValue {
        .record([("start", position(range.start, in: source)), ("end", position(max(range.start, range.end), in: source))])
    }

    /// The fix as one replacement: from its first edit's start to its last edit's end, the text
    /// between with every edit applied. `nil` for a fix with no edits.
    static func suggestion(_ fix: Fix, in source: SourceFile) -> JSONValue? {
        guard let kept = suggestionSpans(fix, in: source) else { return nil }
        var text: [UInt8] = []
        for (span, replacement) in kept.edits {
            text += source.slice(span)
            text += Array(replacement.utf8)
        }
        return .record([
            ("range", range(ByteRange(kept.range.lowerBound, kept.range.upperBound), in: source)),
            ("text", .text(String(decoding: text, as: UTF8.self))),
        ])
    }

    /// What a suggestion replaces, and for each edit the unchanged bytes before it (`SourceExcerpt`
    /// keeps them) and its replacement. `nil` for a fix with no edits.
    static func suggestionSpans(_ fix: Fix, in source: SourceFile) -> (range: Range<Int>, edits: [(Range<Int>, String)])? {
        let edits = fix.edits.sorted { $0.range.start < $1.range.start }
        guard let first = edits.first else { return nil }
        let lower = max(0, min(first.range.start, source.byteCount))
        var kept: [(Range<Int>, String)] = []
        var cursor = lower
        for edit in edits {
            let start = max(cursor, min(edit.range.start, source.byteCount))
            kept.append((cursor..<start, edit.replacement))
            cursor = max(start, min(edit.range.end, source.byteCount))
        }
        return (lower..<cursor, kept)
    }

    /// A document written by `JSONWriter` on one line: every raw line break in it is layout (a
    /// break inside a string is written `\n`), so it goes, with the indentation after it.
    static func oneLine(_ text: String) -> String {
        var out: [UInt8] = []
        var skippingIndent = false
        for byte in text.utf8 {
            if byte == 0x0A { skippingIndent = true; continue }
            if skippingIndent, byte == 0x20 { continue }
            skippingIndent = false
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
