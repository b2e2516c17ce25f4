/// GitLab Code Quality: a JSON array of issues (`description`, `check_name`, `fingerprint`,
/// `severity`, `location.path` and `location.lines`), the report `artifacts:reports:codequality`
/// reads into the merge request.
///
/// GitLab keeps one issue per fingerprint, so each is unique within a report: rule, file and
/// JSON pointer (plus an occurrence count for repeats), which also keeps an issue the same issue
/// when lines move. Findings past the display cap are one issue per file and rule that says how
/// many; an input that could not be read is an issue too.

import JSONSyntax
package struct GitLabRenderer {
    /// The absolute working directory: an absolute path under it is written relative to it
    /// (GitLab wants paths from the repository root, where CI jobs start). `nil`: paths as given.
    let workingDirectory: String?

    /// Creates a renderer.
    package init(workingDirectory: String? = nil) { self.workingDirectory = workingDirectory }

    /// The report, with a trailing newline.
    package func render(_ report: LintReport) -> String {
        var occurrences: [String: Int] = [:]
        var issues: [JSONValue] = []
        for diagnostic in report.allDiagnostics {
            guard let source = report.source(named: diagnostic.file) else { continue }
            var description = diagnostic.message
            if let fix = diagnostic.fix { description += " (help: \(fix.message))" }
            for note in diagnostic.notes {
                let at = (report.source(named: note.file) ?? source).location(of: note.range.start)
                description += " (note: \(path(note.file)):\(at.line):\(at.column): \(note.message))"
            }
            let start = source.location(of: diagnostic.range.start)
            let end = source.location(of: max(diagnostic.range.start, diagnostic.range.end))
            let key = "\(diagnostic.id)\u{0}\(path(diagnostic.file))\u{0}\(diagnostic.pointer)"
            occurrences[key, default: 0] += 1
            issues.append(issue(description: description, check: diagnostic.id.rawValue, key: key + "\u{0}\(occurrences[key] ?? 1)",
                                severity: Self.severity(diagnostic.severity), file: diagnostic.file, lines: (start.line, end.line)))
        }
        for file in report.files {
            for (rule, count) in file.omitted.sorted(by: { $0.key < $1.key }) {
                let worst = file.diagnostics.filter { $0.id == rule }.map(\.severity).max() ?? .warning
                issues.append(issue(description: "… and \(MessageText.count(count, "more finding", "more findings")) of this rule in this file (not listed)",
                                    check: rule.rawValue, key: "\(rule)\u{0}\(path(file.source.path))\u{0}omitted",
                                    severity: Self.severity(worst), file: file.source.path, lines: (1, 1)))
            }
        }
        for failure in report.failures {
            let file = failure.path ?? RunFailure.runName
            issues.append(issue(description: failure.message, check: failure.kind,
                                key: "\(failure.kind)\u{0}\(path(file))", severity: "blocker", file: file, lines: (1, 1)))
        }
        return JSONWriter(sortKeys: false).write(.list(issues))
    }

    func issue(description: String, check: String, key: String, severity: String, file: String, lines: (Int, Int)) -> JSONValue {
        .record([
            ("type", .text("issue")),
            ("description", .text(description)),
            ("check_name", .text(check)),
            ("fingerprint", .text(String(SHA256.hex(Array(key.utf8)).prefix(32)))),
            ("severity", .text(severity)),
            ("location", .record([
                ("path", .text(path(file))),
                ("lines", .record([("begin", .integer(lines.0)), ("end", .integer(lines.1))])),
            ])),
        ])
    }

    /// GitLab's scale is info, minor, major, critical, blocker: an error is `major`, a warning
    /// `minor`, a note `info`; what failed the run (an unreadable input, a failed fetch) `blocker`.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .note: return "info"
        }
    }

    /// The path GitLab matches against the repository: `./` and doubled slashes removed, an
    /// absolute path under the working directory made relative to it.
    func path(_ file: String) -> String {
        let normalized = PathText.normalized(file)
        if let workingDirectory, normalized.hasPrefix("/") {
            let base = PathText.normalized(workingDirectory)
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if normalized.hasPrefix(prefix), normalized.count > prefix.count { return String(normalized.dropFirst(prefix.count)) }
        }
        return normalized
    }
}
