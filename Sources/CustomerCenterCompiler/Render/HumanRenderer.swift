import JSONSyntax

/// The default terminal format: a compiler-style header, the source line with a gutter and an
/// underline, notes with their own snippets, `help:` for fixes, and a summary line.
public struct HumanRenderer {
    /// Emit ANSI colour.
    public var color: Bool
    /// Longest line shown whole; longer ones are windowed around the range.
    static let maxLineWidth = 120

    /// Creates a renderer.
    public init(color: Bool) { self.color = color }

    /// The whole report.
    public func render(_ report: LintReport) -> String {
        var out = ""
        for file in report.files {
            for diagnostic in file.diagnostics {
                renderDiagnostic(diagnostic, in: report, source: file.source, into: &out)
                out += "\n"
            }
        }
        out += summaryLine(report.summary) + "\n"
        return out
    }

    func renderDiagnostic(_ diagnostic: Diagnostic, in report: LintReport, source: SourceFile, into out: inout String) {
        let start = source.location(of: diagnostic.range.start)
        out += paint("\(TerminalText.safePath(diagnostic.file)):\(start.line):\(start.column):", Style.bold) + " "
        out += paint(diagnostic.severity.rawValue + ":", style(for: diagnostic.severity)) + " "
        out += paint(TerminalText.safeLine(diagnostic.message), Style.bold) + " [\(diagnostic.id)]\n"
        snippet(source: source, range: diagnostic.range, underline: style(for: diagnostic.severity), into: &out)
        for note in diagnostic.notes {
            let noteSource = report.source(named: note.file) ?? source
            let at = noteSource.location(of: note.range.start)
            out += paint("\(TerminalText.safePath(note.file)):\(at.line):\(at.column):", Style.bold) + " "
            out += paint("note:", Style.note) + " " + TerminalText.safeLine(note.message) + "\n"
            snippet(source: noteSource, range: note.range, underline: Style.note, into: &out)
        }
        if let fix = diagnostic.fix {
            out += paint("help:", Style.help) + " " + TerminalText.safeLine(fix.message) + "\n"
        }
    }

    /// The range's first line (and last, for multi-line ranges) with a gutter and `^~~~` under the range.
    func snippet(source: SourceFile, range: ByteRange, underline: String, into out: inout String) {
        guard !source.bytes.isEmpty || range.start == 0 else { return }
        let first = source.lineIndex(of: range.start)
        let last = range.count > 0 ? source.lineIndex(of: max(range.start, range.end - 1)) : first
        let gutterWidth = String(last + 1).count
        let pad = String(repeating: " ", count: gutterWidth)
        out += paint(pad + " |", Style.gutter) + "\n"
        let startLocation = source.location(of: range.start)
        let endLocation = source.location(of: range.end)
        func line(_ index: Int, from: Int?, to: Int?) {
            let display = TerminalText.DisplayLine(source.lineBytes(index))
            let lineEnd = display.columns.last ?? 0
            var caretStart = from.map { display.displayColumn(ofScalarColumn: $0) } ?? 0
            var caretEnd = to.map { display.displayColumn(ofScalarColumn: $0) } ?? lineEnd
            caretEnd = max(caretEnd, caretStart + 1)
            var text = display.text
            // Window long lines (minified JSON) around the range.
            var offset = 0
            let scalarsText = Array(text.unicodeScalars)
            if lineEnd > Self.maxLineWidth, scalarsText.count == lineEnd {
                let windowStart = max(0, min(caretStart - 40, lineEnd - Self.maxLineWidth))
                let windowEnd = min(lineEnd, windowStart + Self.maxLineWidth)
                var windowed = String(String.UnicodeScalarView(scalarsText[windowStart..<windowEnd]))
                if windowStart > 0 { windowed = "…" + windowed; offset = windowStart - 1 }
                if windowEnd < lineEnd { windowed += "…" }
                text = windowed
                caretStart -= offset
                caretEnd = min(caretEnd - offset, windowEnd - offset + 1)
            }
            let number = String(index + 1)
            out += paint(String(repeating: " ", count: gutterWidth - number.count) + number + " |", Style.gutter) + " " + text + "\n"
            let marks = "^" + String(repeating: "~", count: max(0, caretEnd - caretStart - 1))
            out += paint(pad + " |", Style.gutter) + " " + String(repeating: " ", count: max(0, caretStart)) + paint(marks, underline) + "\n"
        }
        if first == last {
            line(first, from: startLocation.column, to: range.count > 0 ? endLocation.column : nil)
            if range.count == 0 { return }
        } else {
            line(first, from: startLocation.column, to: nil)
            if last > first + 1 { out += paint(pad + " :", Style.gutter) + "\n" }
            line(last, from: 1, to: endLocation.column)
        }
    }

    func summaryLine(_ summary: DiagnosticSummary) -> String {
        let files = MessageText.count(summary.files, "file")
        if summary.errors + summary.warnings + summary.notes == 0 { return "no problems found in \(files)" }
        var parts = [String]()
        if summary.errors > 0 { parts.append(paint(MessageText.count(summary.errors, "error"), Style.error)) }
        if summary.warnings > 0 { parts.append(paint(MessageText.count(summary.warnings, "warning"), Style.warning)) }
        if summary.notes > 0 { parts.append(paint(MessageText.count(summary.notes, "note"), Style.note)) }
        return "found " + parts.joined(separator: ", ") + " in \(files)"
    }

    func style(for severity: Severity) -> String {
        switch severity {
        case .error: return Style.error
        case .warning: return Style.warning
        case .note: return Style.note
        }
    }

    func paint(_ text: String, _ style: String) -> String {
        color ? style + text + Style.reset : text
    }

    enum Style {
        static let bold = "\u{1B}[1m"
        static let error = "\u{1B}[1;31m"
        static let warning = "\u{1B}[1;33m"
        static let note = "\u{1B}[1;36m"
        static let help = "\u{1B}[1;32m"
        static let gutter = "\u{1B}[1;34m"
        static let reset = "\u{1B}[0m"
    }
}
