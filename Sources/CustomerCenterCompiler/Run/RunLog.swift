import JSONSyntax

/// Everything one run records, in order: each input's report, the configuration files' and the
/// baseline's own reports, events, and text for standard output. ``finish(_:readPaths:output:)``
/// computes the counts and the verdict once, from all of it (docs/design.md "The top floor").
package struct RunLog: Sendable {
    private var inputs: [FileReport] = []
    private var own: [FileReport] = []
    private var events: [RunEvent] = []
    private var documents: [String] = []
    private var invalidConfiguration = false
    /// Whether findings count against the gate (not when the job records them in a baseline).
    package var findingsFail = true

    /// An empty log.
    package init() {}

    /// An input's report.
    package mutating func record(_ report: FileReport) { inputs.append(report) }

    /// A configuration file's or baseline's own findings (stale entries, its problems).
    package mutating func recordOwn(_ report: FileReport) { own.append(report) }

    /// A configuration file or baseline the run cannot follow: its findings, and nothing is
    /// judged under it (exit 2).
    package mutating func recordInvalid(_ report: FileReport) {
        own.append(report)
        invalidConfiguration = true
    }

    /// Something the run did or met.
    package mutating func record(_ event: RunEvent) { events.append(event) }

    /// Text for standard output (a document, a diff).
    package mutating func print(_ document: String) { documents.append(document) }

    /// Everything `other` recorded, after what this log holds: one input's log, computed on
    /// another core, joins the run's log in the inputs' order (`--jobs`).
    package mutating func append(_ other: RunLog) {
        inputs += other.inputs
        own += other.own
        events += other.events
        documents += other.documents
        invalidConfiguration = invalidConfiguration || other.invalidConfiguration
    }

    /// Whether the run can no longer vouch for every file (something unreadable, or a
    /// configuration it cannot follow): a baseline recorded now would accept less than the files hold.
    package var cannotVouch: Bool { invalidConfiguration || events.contains { $0.unreadableFile != nil } }

    /// The reports recorded for inputs so far.
    package var inputReports: [FileReport] { inputs }

    /// The result: exact counts from every finding, then the verdict, once.
    package func finish<Output>(_ settings: RunSettings, readPaths: [String], output: Output) -> RunResult<Output> {
        var report = LintReport(files: inputs + own, unreadable: events.compactMap(\.unreadableFile))
        report.skipped = events.compactMap(\.skippedFile)
        report.events = events
        report.inputCount = inputs.count
        let warnings = report.summary.warnings
        report.warningsFailGate = findingsFail && ((settings.strict && warnings > 0) || settings.maxWarnings.map { warnings > $0 } == true)
        return RunResult(report: report, documents: documents, verdict: verdict(report, settings), readPaths: readPaths, output: output)
    }

    /// Each event carries its own effect on the verdict: the strongest one recorded decides
    /// before the findings (a refusal, then exit 3) or after them (what the job checks for).
    private func verdict(_ report: LintReport, _ settings: RunSettings) -> RunVerdict {
        let effect = events.map(\.effect).max() ?? .none
        if effect == .refuses, let refusal = events.first(where: { $0.effect == .refuses }) {
            return .refused(message: refusal.message, help: refusal.help)
        }
        if invalidConfiguration { return .invalidConfiguration }
        if effect == .cannotFinish { return .unreadable }
        let summary = report.summary
        if findingsFail {
            if summary.errors > 0 { return .failed(reason: nil) }
            if settings.strict, summary.warnings > 0 {
                return .failed(reason: "\(MessageText.count(summary.warnings, "warning")) under --strict")
            }
            if let maximum = settings.maxWarnings, summary.warnings > maximum {
                return .failed(reason: "\(MessageText.count(summary.warnings, "warning")), more than --max-warnings \(maximum) allows")
            }
        }
        return effect == .failsJob ? .failed(reason: nil) : .passed
    }
}
