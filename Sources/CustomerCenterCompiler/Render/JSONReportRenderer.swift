import JSONSyntax

/// The `json` format (docs/formats.md, "Output formats"): one document, diagnostics sorted, absent optionals omitted.
package struct JSONReportRenderer {
    /// Creates a renderer.
    package init() {}

    /// The document, with a trailing newline.
    package func render(_ report: LintReport) -> String {
        let summary = report.summary
        var diagnostics: [JSONValue] = []
        for diagnostic in report.allDiagnostics {
            guard let source = report.source(named: diagnostic.file) else { continue }
            var members: [(String, JSONValue)] = [
                ("id", .text(diagnostic.id.rawValue)),
                ("severity", .text(diagnostic.severity.rawValue)),
                ("message", .text(diagnostic.message)),
                ("file", .text(diagnostic.file)),
                ("pointer", .text(diagnostic.pointer.description)),
                ("range", Self.range(diagnostic.range, in: source)),
            ]
            if !diagnostic.notes.isEmpty {
                members.append(("notes", .list(diagnostic.notes.map { note in
                    let noteSource = report.source(named: note.file) ?? source
                    return .record([("message", .text(note.message)), ("file", .text(note.file)),
                                    ("range", Self.range(note.range, in: noteSource))])
                })))
            }
            if let fix = diagnostic.fix {
                members.append(("fix", .record([
                    ("message", .text(fix.message)),
                    ("applicability", .text(fix.applicability.rawValue)),
                    ("edits", .list(fix.edits.map { .record([("range", Self.range($0.range, in: source)), ("replacement", .text($0.replacement))]) })),
                ])))
            }
            diagnostics.append(.record(members))
        }
        var summaryMembers: [(String, JSONValue)] = [
            ("files", .integer(summary.files)), ("errors", .integer(summary.errors)),
            ("warnings", .integer(summary.warnings)), ("notes", .integer(summary.notes)),
        ]
        // Exact counts per rule, shown or not; what the display cap left out, per file.
        let counts = report.counts
        summaryMembers.append(("rules", .record(counts.byRule.sorted { $0.key < $1.key }.map { ($0.key.rawValue, JSONValue.integer($0.value)) })))
        let omitted = report.files.flatMap { file in
            file.omitted.sorted { $0.key < $1.key }.map { JSONValue.record([("file", .text(file.source.path)), ("rule", .text($0.key.rawValue)), ("count", .integer($0.value))]) }
        }
        if !omitted.isEmpty { summaryMembers.append(("omitted", .list(omitted))) }
        if !report.skipped.isEmpty {
            summaryMembers.append(("skipped", .list(report.skipped.map { .record([("path", .text($0.path)), ("reason", .text($0.reason))]) })))
        }
        if !report.unreadable.isEmpty {
            summaryMembers.append(("unreadable", .list(report.unreadable.map {
                .record([("path", .text($0.path)), ("reason", .text($0.reason))])
            })))
        }
        if summary.unwritten > 0 { summaryMembers.append(("unwritten", .integer(summary.unwritten))) }
        var members: [(String, JSONValue)] = [("version", .integer(1)), ("diagnostics", .list(diagnostics)), ("summary", .record(summaryMembers))]
        // What the run did and met besides its findings (fixed, would reformat, write failed, …).
        if !report.events.isEmpty { members.append(("events", .list(report.events.map(Self.event)))) }
        let document = JSONValue.record(members)
        return JSONWriter(sortKeys: false).write(document)
    }

    /// One event: its kind, severity, message, and the file it is about.
    static func event(_ event: RunEvent) -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", .text(event.kind)), ("severity", .text(event.severity.rawValue)),
                                              ("message", .text(event.message))]
        if let path = event.path { members.append(("file", .text(path))) }
        switch event {
        case .fixed(_, let count), .wouldFix(_, let count): members.append(("count", .integer(count)))
        case .wroteBaseline(_, let findings): members.append(("count", .integer(findings)))
        case .refused(_, let help?): members.append(("help", .text(help)))
        default: break
        }
        return .record(members)
    }

    static func range(_ range: ByteRange, in source: SourceFile) -> JSONValue {
        .record([("start", location(source.location(of: range.start))), ("end", location(source.location(of: range.end)))])
    }

    static func location(_ location: SourceLocation) -> JSONValue {
        .record([("line", .integer(location.line)), ("column", .integer(location.column)), ("offset", .integer(location.offset))])
    }
}
