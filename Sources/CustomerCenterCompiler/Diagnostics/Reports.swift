import JSONSyntax

/// The diagnostics of one file, with the source needed to display them.
public struct FileReport: Sendable {
    /// The file.
    public let source: SourceFile
    /// The diagnostics shown, in report order (docs/formats.md): at most a display cap of one rule per
    /// file unless a baseline is in use (`omitted` says how many more).
    public var diagnostics: [Diagnostic] {
        didSet { if !exactCounts { counts = FindingCounts(diagnostics) } }
    }
    /// Every finding of the file, counted (shown or not). The gate and the summary use these.
    public private(set) var counts: FindingCounts
    /// Findings per rule that are counted but not shown (the display cap).
    public private(set) var omitted: [RuleID: Int] = [:]
    /// Rules switched off for this file (JUnit does not list them as passed).
    package var disabledRules: Set<RuleID> = []
    /// Whether `counts` came from the run (every finding) rather than from `diagnostics`.
    private var exactCounts = false

    /// Creates a report; diagnostics are sorted into report order and counted.
    package init(source: SourceFile, diagnostics: [Diagnostic]) {
        self.source = source
        self.diagnostics = diagnostics.sorted(by: Diagnostic.reportOrder)
        self.counts = FindingCounts(diagnostics)
    }

    /// A report whose shown diagnostics are a part of what `counts` counted.
    init(source: SourceFile, shown: [Diagnostic], counts: FindingCounts, omitted: [RuleID: Int]) {
        self.source = source
        self.diagnostics = shown.sorted(by: Diagnostic.reportOrder)
        self.counts = counts
        self.omitted = omitted.filter { $0.value > 0 }
        self.exactCounts = true
    }

    /// The same report without the file's text when it shows nothing (no line of it is ever
    /// printed): a run over many files then holds the text only of files with findings to show,
    /// not of every file (docs/performance.md "Many files").
    package func droppingUnshownText() -> FileReport {
        guard diagnostics.isEmpty, !source.bytes.isEmpty || source.excerpt != nil else { return self }
        return replacingSource(SourceFile(path: source.path, bytes: [], location: source.location))
    }

    /// The same report over `source` (the same file, less of its text).
    package func replacingSource(_ source: SourceFile) -> FileReport {
        var slim = FileReport(source: source, shown: [], counts: counts, omitted: omitted)
        slim.diagnostics = diagnostics  // already in report order; counted (`exactCounts` is set)
        slim.disabledRules = disabledRules
        slim.exactCounts = exactCounts
        return slim
    }
}

/// Counts over a set of diagnostics.
package struct DiagnosticSummary: Sendable, Equatable {
    /// Files checked.
    package var files: Int
    /// Diagnostics at error severity.
    package var errors: Int
    /// Diagnostics at warning severity.
    package var warnings: Int
    /// Diagnostics at note severity.
    package var notes: Int
    /// Inputs that could not be read.
    package var unreadable: Int = 0
    /// Outputs that could not be written.
    package var unwritten: Int = 0
    /// Other failures of the run (a fetch that got nothing, a page not measured, a baseline not written).
    package var otherFailures: Int = 0
}

/// An input that could not be read (a directory, a missing file, a bad `--config`): the run
/// cannot vouch for it, and every format says so (docs/formats.md).
public struct UnreadableFile: Sendable, Equatable {
    /// The path as given.
    public var path: String
    /// Why, in words (`it is a directory`, `No such file or directory`).
    public var reason: String

    /// Creates an entry.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// A file a directory held that is not a Customer Center config (a JSON Schema, a problem
/// matcher): skipped with a note, never reported as broken, never rewritten.
public struct SkippedFile: Sendable, Equatable {
    /// The path as found.
    public var path: String
    /// Why it was skipped.
    public var reason: String

    /// Creates an entry.
    package init(path: String, reason: String) {
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
    package init(files: [FileReport], unreadable: [UnreadableFile] = []) {
        self.files = files
        self.unreadable = unreadable
    }

    /// Every diagnostic, sorted by file, offset, id.
    public var allDiagnostics: [Diagnostic] {
        files.flatMap(\.diagnostics).sorted(by: Diagnostic.reportOrder)
    }

    /// Files found in a directory and skipped: they are other kinds of JSON (docs/commands.md
    /// "Directories"). Not failures.
    public var skipped: [SkippedFile] = []

    /// What the run did and met besides its findings (``RunEvent``), in order.
    public internal(set) var events: [RunEvent] = []

    /// How many of `files` (the first ones) are inputs; the rest are a configuration file's or
    /// a baseline's own reports, which the summary does not count as checked files.
    package var inputCount: Int?

    /// Whether the run's warnings fail its gate (`--strict`, or more than `--max-warnings`):
    /// the JUnit report then fails a rule for a warning, else only for an error.
    package var warningsFailGate = false

    /// Counts for the summary line and the JSON `summary`: every finding of the run, shown or not.
    package var summary: DiagnosticSummary {
        let counts = self.counts
        let unwritten = events.filter { if case .writeFailed = $0 { return true } else { return false } }.count
        return DiagnosticSummary(files: inputCount ?? files.count, errors: counts.errors, warnings: counts.warnings, notes: counts.notes,
                                 unreadable: unreadable.count, unwritten: unwritten,
                                 otherFailures: events.filter { $0.failsRun }.count - unwritten)
    }

    /// What failed the run besides its findings, in the order met: inputs that could not be read,
    /// then the other events that end a run with exit 2 or 3 (a write that failed, a fetch that got
    /// nothing, a page the browser did not measure, a baseline not written). Every format renders
    /// each of these as a failure (docs/formats.md "A failed run"), so no report of a failed run
    /// reads as a clean one.
    package var failures: [RunFailure] {
        unreadable.map { RunFailure(kind: "unreadable", path: $0.path, message: "cannot read '\($0.path)': \($0.reason)") }
            + events.compactMap { event in
                guard event.failsRun else { return nil }
                return RunFailure(kind: event.kind, path: event.path, message: event.message)
            }
    }

    /// Every finding of the run, counted.
    public var counts: FindingCounts {
        var counts = FindingCounts()
        for file in files { counts.add(file.counts) }
        return counts
    }

    /// The source of a file named in a diagnostic or note.
    public func source(named path: String) -> SourceFile? {
        files.first { $0.source.path == path }?.source
    }

    /// Whether the findings fail the gate (docs/commands.md "Exit codes"): any error; any warning under `strict`;
    /// more warnings than `maxWarnings`.
    public func failsGate(strict: Bool, maxWarnings: Int?) -> Bool {
        let summary = summary
        if summary.errors > 0 { return true }
        if strict, summary.warnings > 0 { return true }
        if let maxWarnings, summary.warnings > maxWarnings { return true }
        return false
    }
}

/// One thing that failed a run besides its findings (``LintReport/failures``).
package struct RunFailure: Sendable, Equatable {
    /// The event's kind (`unreadable`, `not-pulled`, `write-failed`, …), as `--format json` names it.
    package let kind: String
    /// The file it is about, if it is about one.
    package let path: String?
    /// What happened, in words, with the path.
    package let message: String

    /// What a format that needs a file names when the failure is about none (a fetch).
    package static let runName = "customer-center"
}
