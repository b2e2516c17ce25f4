/// The diagnostics of one file, with the source needed to display them.
public struct FileReport: Sendable {
    /// The file.
    public let source: SourceFile
    /// Its diagnostics in report order (SPEC §3).
    public var diagnostics: [Diagnostic]
    /// Rules switched off for this file (JUnit does not list them as passed).
    public var disabledRules: Set<RuleID> = []

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
    /// Inputs that could not be read.
    public var unreadable: Int = 0
}

/// An input that could not be read (a directory, a missing file, a bad `--config`): the run
/// cannot vouch for it, and every format says so (SPEC §3).
public struct UnreadableFile: Sendable, Equatable {
    /// The path as given.
    public var path: String
    /// Why, in words (`it is a directory`, `No such file or directory`).
    public var reason: String

    /// Creates an entry.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// Everything one `lint` run found, over all its files.
public struct LintReport: Sendable {
    /// One entry per input file, in the order given. Extra sources (a configuration file with
    /// findings) come after the inputs.
    public var files: [FileReport]
    /// Inputs that could not be read; they fail the run (exit 3).
    public var unreadable: [UnreadableFile]

    /// Creates a report.
    public init(files: [FileReport], unreadable: [UnreadableFile] = []) {
        self.files = files
        self.unreadable = unreadable
    }

    /// Every diagnostic, sorted by file, offset, id.
    public var allDiagnostics: [Diagnostic] {
        files.flatMap(\.diagnostics).sorted(by: Diagnostic.reportOrder)
    }

    /// Counts for the summary line and the JSON `summary`.
    public var summary: DiagnosticSummary {
        var summary = DiagnosticSummary(files: files.count, errors: 0, warnings: 0, notes: 0, unreadable: unreadable.count)
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
