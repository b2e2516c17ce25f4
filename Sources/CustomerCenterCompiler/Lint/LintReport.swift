/// The diagnostics of one file, with the source needed to display them.
public struct FileReport: Sendable {
    /// The file.
    public let source: SourceFile
    /// Its diagnostics in report order (SPEC §3).
    public var diagnostics: [Diagnostic]

    /// Creates a report; diagnostics are sorted into report order.
    public init(source: SourceFile, diagnostics: [Diagnostic]) {
        self.source = source
        self.diagnostics = diagnostics.sorted(by: Diagnostic.reportOrder)
    }
}

/// Counts over a set of diagnostics.
public struct DiagnosticSummary: Sendable, Equatable {
    /// Files checked.
    public var files: Int
    /// Diagnostics at error severity.
    public var errors: Int
    /// Diagnostics at warning severity.
    public var warnings: Int
    /// Diagnostics at note severity.
    public var notes: Int
}

/// Everything one `lint` run found, over all its files.
public struct LintReport: Sendable {
    /// One entry per input file, in the order given. Extra sources (a configuration file with
    /// findings) come after the inputs.
    public var files: [FileReport]

    /// Creates a report.
    public init(files: [FileReport]) { self.files = files }

    /// Every diagnostic, sorted by file, offset, id.
    public var allDiagnostics: [Diagnostic] {
        files.flatMap(\.diagnostics).sorted(by: Diagnostic.reportOrder)
    }

    /// Counts for the summary line and the JSON `summary`.
    public var summary: DiagnosticSummary {
        var summary = DiagnosticSummary(files: files.count, errors: 0, warnings: 0, notes: 0)
        for diagnostic in files.lazy.flatMap(\.diagnostics) {
            switch diagnostic.severity {
            case .error: summary.errors += 1
            case .warning: summary.warnings += 1
            case .note: summary.notes += 1
            }
        }
        return summary
    }

    /// The source of a file named in a diagnostic or note.
    public func source(named path: String) -> SourceFile? {
        files.first { $0.source.path == path }?.source
    }

    /// Whether the findings fail the gate of SPEC §2: any error; any warning under `strict`;
    /// more warnings than `maxWarnings`.
    public func failsGate(strict: Bool, maxWarnings: Int?) -> Bool {
        let summary = summary
        if summary.errors > 0 { return true }
        if strict, summary.warnings > 0 { return true }
        if let maxWarnings, summary.warnings > maxWarnings { return true }
        return false
    }
}
