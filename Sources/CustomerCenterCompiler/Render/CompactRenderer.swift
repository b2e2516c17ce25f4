/// `path:line:col: severity: message [id]`, exactly one line per diagnostic (gcc, Xcode, problem matchers).

import JSONSyntax
package struct CompactRenderer {
    /// Creates a renderer.
    package init() {}

    /// One line per diagnostic; nothing else.
    package func render(_ report: LintReport) -> String {
        var out = ""
        for file in report.files {
            for diagnostic in file.diagnostics {
                let start = file.source.location(of: diagnostic.range.start)
                out += "\(TerminalText.safePath(diagnostic.file)):\(start.line):\(start.column): \(diagnostic.severity.rawValue): "
                out += TerminalText.safeLine(diagnostic.message) + " [\(diagnostic.id)]\n"
            }
            // No line and column: problem matchers skip it; a person reads it.
            for (rule, count) in file.omitted.sorted(by: { $0.key < $1.key }) {
                out += "\(TerminalText.safePath(file.source.path)): … and \(MessageText.count(count, "more finding", "more findings")) [\(rule)]\n"
            }
        }
        return out
    }
}
