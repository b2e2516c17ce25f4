/// Checkstyle XML (`<checkstyle><file name=…><error line column severity message source/>`), read
/// by Jenkins (Warnings Next Generation), Bitbucket and GitLab converters, Danger, reviewdog
/// (`-f=checkstyle`) and diff-quality.
///
/// Every file checked has a `<file>` element, clean ones empty; each finding is an `<error>`
/// with its severity (`error`, `warning`, `info` for a note) and the rule id as `source`.
/// Findings past the display cap are one element per file and rule that says how many, and an
/// input that could not be read is an `error` on that file: both at `line="0"`, as Checkstyle
/// itself writes what concerns a whole file.

import JSONSyntax
package struct CheckstyleRenderer {
    /// Creates a renderer.
    package init() {}

    /// The XML document.
    package func render(_ report: LintReport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in report.allDiagnostics { byFile[diagnostic.file, default: []].append(diagnostic) }
        var written = Set<String>()
        for file in report.files where written.insert(file.source.path).inserted {
            let diagnostics = byFile[file.source.path] ?? []
            let omitted = file.omitted.sorted { $0.key < $1.key }
            if diagnostics.isEmpty && omitted.isEmpty {
                out += "  <file name=\"\(Self.attribute(file.source.path))\"/>\n"
                continue
            }
            out += "  <file name=\"\(Self.attribute(file.source.path))\">\n"
            for diagnostic in diagnostics {
                let at = file.source.location(of: diagnostic.range.start)
                var message = diagnostic.message
                if let fix = diagnostic.fix { message += "\nhelp: " + fix.message }
                for note in diagnostic.notes {
                    let noteAt = (report.source(named: note.file) ?? file.source).location(of: note.range.start)
                    message += "\nnote: \(note.file):\(noteAt.line):\(noteAt.column): \(note.message)"
                }
                out += "    <error line=\"\(at.line)\" column=\"\(at.column)\" severity=\"\(Self.severity(diagnostic.severity))\""
                out += " message=\"\(Self.attribute(message))\" source=\"\(Self.attribute(diagnostic.id.rawValue))\"/>\n"
            }
            for (rule, count) in omitted {
                let worst = diagnostics.filter { $0.id == rule }.map(\.severity).max() ?? .warning
                let message = "… and \(MessageText.count(count, "more finding", "more findings")) of this rule in this file (not listed)"
                out += "    <error line=\"0\" severity=\"\(Self.severity(worst))\" message=\"\(Self.attribute(message))\" source=\"\(Self.attribute(rule.rawValue))\"/>\n"
            }
            out += "  </file>\n"
        }
        // What failed the run besides its findings: an error each (docs/formats.md "A failed run").
        for failure in report.failures {
            out += "  <file name=\"\(Self.attribute(failure.path ?? RunFailure.runName))\">\n"
            out += "    <error line=\"0\" severity=\"error\" message=\"\(Self.attribute(failure.message))\" source=\"\(Self.attribute(failure.kind))\"/>\n"
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }

    /// Checkstyle's levels: error, warning, info (a note).
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "info"
        }
    }

    /// An XML attribute value: escaped as for anywhere, with line breaks and tabs as character
    /// references (a parser turns raw ones in an attribute into spaces).
    static func attribute(_ text: String) -> String {
        MarkupText.escaped(text, MarkupText.Escaping.anywhere.union(.whitespaceReferences))
    }
}
