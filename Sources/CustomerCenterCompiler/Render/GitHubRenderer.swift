/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=ID::message`.
///
/// Every value is escaped as `@actions/core` does (`%`, CR, LF; and `:` `,` in properties), so text
/// from a config can never end the command early or start a new one.

import JSONSyntax
package struct GitHubRenderer {
    /// Creates a renderer.
    package init() {}

    /// One command per diagnostic and per note.
    package func render(_ report: LintReport) -> String {
        var out = ""
        for diagnostic in report.allDiagnostics {
            guard let source = report.source(named: diagnostic.file) else { continue }
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var message = diagnostic.message
            if let fix = diagnostic.fix { message += "\nhelp: " + fix.message }
            for note in diagnostic.notes {
                let at = (report.source(named: note.file) ?? source).location(of: note.range.start)
                message += "\nnote: \(note.file):\(at.line):\(at.column): \(note.message)"
            }
            out += "::\(command) " + properties(diagnostic.file, diagnostic.range, source, title: diagnostic.id.rawValue) + "::" + Self.escapeData(message) + "\n"
        }
        for file in report.files {
            for (rule, count) in file.omitted.sorted(by: { $0.key < $1.key }) {
                let worst = report.allDiagnostics.last { $0.id == rule && $0.file == file.source.path }?.severity ?? .warning
                let command = worst == .error ? "error" : worst == .warning ? "warning" : "notice"
                out += "::\(command) file=\(Self.escapeProperty(file.source.path)),title=\(Self.escapeProperty(rule.rawValue))::"
                    + Self.escapeData("… and \(MessageText.count(count, "more finding", "more findings")) of this rule in this file (not listed)") + "\n"
            }
        }
        for failure in report.failures {
            let file = failure.path.map { "file=\(Self.escapeProperty($0))," } ?? ""
            out += "::error \(file)title=\(Self.escapeProperty(failure.kind))::" + Self.escapeData(failure.message) + "\n"
        }
        return out
    }

    func properties(_ file: String, _ range: ByteRange, _ source: SourceFile, title: String) -> String {
        let start = source.location(of: range.start), end = source.location(of: max(range.start, range.end))
        return [("file", file), ("line", "\(start.line)"), ("col", "\(start.column)"), ("endLine", "\(end.line)"),
                ("endColumn", "\(max(end.column, start.line == end.line ? start.column : 1))"), ("title", title)]
            .map { "\($0)=\(Self.escapeProperty($1))" }.joined(separator: ",")
    }

    /// Message escaping: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    package static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default:
                // Other controls could still confuse a log viewer: show them, never send them raw.
                if MessageText.isUnsafeForDisplay(scalar) { out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// Property escaping: the data escapes plus `:` → `%3A` and `,` → `%2C`.
    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(":", with: "%3A").replacingOccurrences(",", with: "%2C")
    }
}
