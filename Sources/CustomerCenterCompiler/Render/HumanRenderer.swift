import JSONSyntax

/// The default terminal format: a compiler-style header, the source line with a gutter and an
/// underline, notes with their own snippets, `help:` for fixes, and a summary line.
package struct HumanRenderer {
    /// Emit ANSI colour.
    package var color: Bool
    /// Longest line shown whole; longer ones are windowed around the range.
    static let maxLineWidth = 120

    /// Creates a renderer.
    package init(color: Bool) { self.color = color }

    /// The whole report.
    package func render(_ report: LintReport) -> String {
        var out = ""
        for file in report.files {
            for diagnostic in file.diagnostics {
                renderDiagnostic(diagnostic, in: report, source: file.source, into: &out)
                out += "\n"
            }
            for (rule, count) in file.omitted.sorted(by: { $0.key < $1.key }) {
                out += paint("\(TerminalText.safePath(file.source.path)):", Style.bold) + " … and "
                    + MessageText.count(count, "more finding", "more findings") + " [\(rule)] (not listed; counted)\n\n"
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

    /// The range's first line (and last, for multi-line ranges) with a gutter and `^~~~` under
    /// the range. A long line (minified JSON) is cut to a byte window around the range before
    /// anything is decoded, then to `maxLineWidth` display columns, whatever its characters: the
    /// cost is bounded per diagnostic, never the line's length.
    func snippet(source: SourceFile, range: ByteRange, underline: String, into out: inout String) {
        guard source.byteCount > 0 || range.start == 0 else { return }
        let (first, last) = Self.snippetLines(range, in: source)
        let gutterWidth = String(last + 1).count
        let pad = String(repeating: " ", count: gutterWidth)
        out += paint(pad + " |", Style.gutter) + "\n"
        func line(_ index: Int, from: Int, to: Int?) {
            let (whole, window) = Self.window(of: index, from: from, in: source)
            let (lower, upper) = (window.lowerBound, window.upperBound)
            let display = TerminalText.DisplayLine(source.slice(window), at: lower)
            var caretStart = display.column(atOffset: from)
            var caretEnd = to.map { display.column(atOffset: $0) } ?? display.endColumn
            caretEnd = max(caretEnd, caretStart + 1)
            let cutBefore = lower > whole.lowerBound
            let cutAfter = upper < whole.upperBound
            var text = ""
            if !cutBefore, !cutAfter, display.endColumn <= Self.maxLineWidth {
                for cell in display.cells { cell.append(to: &text) }
            } else {
                let windowStart = max(0, min(caretStart - 40, display.endColumn - Self.maxLineWidth))
                let windowEnd = windowStart + Self.maxLineWidth
                var shownFirst = true, shownLast = true
                var firstShownColumn: Int?
                var body = ""
                for cell in display.cells {
                    if cell.column < windowStart { shownFirst = false; continue }
                    if cell.column + cell.width > windowEnd { shownLast = false; break }
                    if firstShownColumn == nil { firstShownColumn = cell.column }
                    cell.append(to: &body)
                }
                let ellipsisBefore = cutBefore || !shownFirst
                text = (ellipsisBefore ? "…" : "") + body + (cutAfter || !shownLast ? "…" : "")
                // A wide character across the window's edge is left out whole: count from the
                // first character shown.
                let shift = (firstShownColumn ?? windowStart) - (ellipsisBefore ? 1 : 0)
                caretStart -= shift
                caretEnd = min(caretEnd - shift, Self.maxLineWidth + (ellipsisBefore ? 2 : 1))
            }
            let number = String(index + 1)
            out += paint(String(repeating: " ", count: gutterWidth - number.count) + number + " |", Style.gutter) + " " + text + "\n"
            let marks = "^" + String(repeating: "~", count: max(0, caretEnd - caretStart - 1))
            out += paint(pad + " |", Style.gutter) + " " + String(repeating: " ", count: max(0, caretStart)) + paint(marks, underline) + "\n"
        }
        let lineStart = source.lineSpan(last).lowerBound
        if first == last {
            line(first, from: range.start, to: range.count > 0 ? range.end : nil)
        } else {
            line(first, from: range.start, to: nil)
            if last > first + 1 { out += paint(pad + " :", Style.gutter) + "\n" }
            line(last, from: lineStart, to: range.end)
        }
    }

    /// The first and last line a snippet of `range` shows.
    static func snippetLines(_ range: ByteRange, in source: SourceFile) -> (first: Int, last: Int) {
        let first = source.lineIndex(of: range.start)
        return (first, range.count > 0 ? source.lineIndex(of: max(range.start, range.end - 1)) : first)
    }

    /// Line `index`'s span and the bytes of it a snippet decodes around `from`: at most 4 bytes
    /// a column (and a few more for escapes) either side always fill the window, widened to whole
    /// characters. Reads the bytes at the window's edges (`SourceExcerpt` keeps them).
    static func window(of index: Int, from: Int, in source: SourceFile) -> (line: Range<Int>, window: Range<Int>) {
        let whole = source.lineSpan(index)
        let reach = maxLineWidth * 4
        var lower = max(whole.lowerBound, from - reach)
        var upper = min(whole.upperBound, from + reach)
        while lower > whole.lowerBound, lower < whole.upperBound, source.byte(at: lower) & 0xC0 == 0x80 { lower -= 1 }
        while upper < whole.upperBound, source.byte(at: upper) & 0xC0 == 0x80 { upper += 1 }
        return (whole, lower..<upper)
    }

    func summaryLine(_ summary: DiagnosticSummary) -> String {
        let files = MessageText.count(summary.files, "file")
        var unread = summary.unreadable == 0 ? ""
            : "; " + paint(MessageText.count(summary.unreadable, "file") + (summary.unreadable == 1 ? " was" : " were") + " not read", Style.error)
        if summary.unwritten > 0 {
            unread += "; " + paint(MessageText.count(summary.unwritten, "output") + " could not be written", Style.error)
        }
        if summary.otherFailures > 0 {
            unread += "; " + paint("the run failed (\(MessageText.count(summary.otherFailures, "error")) above)", Style.error)
        }
        if summary.errors + summary.warnings + summary.notes == 0 {
            // Never "no problems found" for a run that failed.
            if summary.files == 0, summary.unreadable + summary.otherFailures > 0 { return paint("nothing was checked", Style.error) + unread }
            return (unread.isEmpty ? "no problems found in \(files)" : "checked \(files), no findings") + unread
        }
        var parts = [String]()
        if summary.errors > 0 { parts.append(paint(MessageText.count(summary.errors, "error"), Style.error)) }
        if summary.warnings > 0 { parts.append(paint(MessageText.count(summary.warnings, "warning"), Style.warning)) }
        if summary.notes > 0 { parts.append(paint(MessageText.count(summary.notes, "note"), Style.note)) }
        return "found " + parts.joined(separator: ", ") + " in \(files)" + unread
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
