import JSONSyntax

/// How a run ends (docs/commands.md "Exit codes"). The run log computes it once, from
/// everything the run recorded; nothing changes it afterwards.
public enum RunVerdict: Sendable, Equatable {
    /// Nothing fails the gate: exit 0.
    case passed
    /// Findings fail the gate (errors; warnings under `--strict` or over `--max-warnings`), or
    /// the job found what it checks for (a file `format --check` would change, a config that
    /// did not compile): exit 1. The reason when it is not plain errors.
    case failed(reason: String?)
    /// A configuration file or baseline the run cannot follow (unknown rule, level, key,
    /// locale; not a baseline): exit 2, nothing judged under it.
    case invalidConfiguration
    /// An input, configuration file or baseline could not be read, an output could not be
    /// written, the browser could not measure `preview --check`'s page, or `pull` got nothing to save: exit 3.
    case unreadable
    /// Refused before anything was done (an output that is an input, an SDK response given to
    /// `compile`): exit 2.
    case refused(message: String, help: String?)
}

/// Everything a run of a ``Job`` produced: the findings, what it did (events), text for standard
/// output, the verdict, computed once from all of it, and the job's own ``output`` (its members
/// read as the result's own: `compiled.payloads`, `fixed.changed`).
@dynamicMemberLookup
public struct RunResult<Output> {
    /// The findings of every file (shown ones, exact counts), with the run's events.
    public let report: LintReport
    /// Text for standard output before the report (a fixed document read from standard input,
    /// `--fix-dry-run` diffs, a formatted document, a baseline written to `-`).
    public let documents: [String]
    /// The verdict.
    public let verdict: RunVerdict
    /// Every file the run read (inputs, configuration files, the baseline).
    public let readPaths: [String]
    /// What the job gives back besides its report (``Compile``: the payloads; ``Autofix``: the fixed text).
    public let output: Output

    /// What the run did and met besides its findings, in order.
    public var events: [RunEvent] { report.events }

    /// A member of the job's output, read as the result's own.
    public subscript<Value>(dynamicMember member: KeyPath<Output, Value>) -> Value { output[keyPath: member] }

    package init(report: LintReport, documents: [String], verdict: RunVerdict, readPaths: [String], output: Output) {
        self.report = report
        self.documents = documents
        self.verdict = verdict
        self.readPaths = readPaths
        self.output = output
    }
}

extension RunResult: Sendable where Output: Sendable {}
