import JSONSyntax
import PlatformLayer

/// The `lint` job (docs/commands.md "lint"): files, directories or standard input, or sources
/// already in memory, each under the configuration file that applies; with `fix`, each file is
/// fixed first (written in place, or shown as a diff). Run it in a ``Workspace``.
///
/// ```swift
/// var settings = RunSettings()
/// settings.strict = true
/// let result = Workspace(settings: settings).run(Lint(["Resources/customer_center.json"], fix: .write))
/// print(ReportRenderer.render(result.report, format: .human), terminator: "")
/// if result.verdict != .passed { print("lint failed") }
/// ```
public struct Lint: Sendable {
    enum Input: Sendable {
        case paths([String])
        case sources([SourceFile], configuration: LinterConfiguration?, baseline: Baseline?)
    }

    let input: Input
    /// `--fix` (`.write`) or `--fix-dry-run` (`.dryRun`); `nil`: report only.
    public var fix: FixMode?
    /// From this size on, a file read has freed blocks returned (`OS.returnLargeBlocksWhenFreed`).
    static let largeFile = 4 << 20
    /// Apply fixes that are guesses too (`--unsafe-fixes`).
    public var unsafeFixes: Bool

    /// Lints files, directories (every config below) and `-` (standard input).
    public init(_ paths: [String], fix: FixMode? = nil, unsafeFixes: Bool = false) {
        self.input = .paths(paths)
        self.fix = fix
        self.unsafeFixes = unsafeFixes
    }

    /// Lints sources already in memory (an app's unit test, a server validating an upload)
    /// under one configuration (the text of a `.customer-center.json`): the same pipeline, gate
    /// and verdict as files on disk.
    ///
    /// ```swift
    /// let config = SourceFile(path: "customer_center.json", text: json)
    /// let result = Workspace().run(Lint(sources: [config]))
    /// for diagnostic in result.report.allDiagnostics {
    ///     let at = config.location(of: diagnostic.range.start)
    ///     print("\(at.line):\(at.column) \(diagnostic.severity) \(diagnostic.id): \(diagnostic.message)")
    /// }
    /// let passed = result.verdict == .passed
    /// ```
    public init(sources: [SourceFile], configuration: LinterConfiguration? = nil) {
        self.input = .sources(sources, configuration: configuration, baseline: nil)
        self.fix = nil
        self.unsafeFixes = false
    }

    /// The same with a `baseline` in memory: the findings it records are accepted (its paths
    /// compared with each source's name) and its stale entries reported.
    package init(sources: [SourceFile], configuration: LinterConfiguration?, baseline: Baseline?) {
        self.input = .sources(sources, configuration: configuration, baseline: baseline)
        self.fix = nil
        self.unsafeFixes = false
    }
}

extension Lint: Job {
    /// Runs the lint: exact counts and the gate's verdict are the run's; it gives back nothing else.
    public func run(in context: inout RunContext) {
        switch input {
        case .paths(let paths): lint(paths, in: &context)
        case .sources(let sources, let configuration, let baseline): lint(sources, configuration: configuration, baseline: baseline, in: &context)
        }
    }

    /// Every group's files through the pipeline, the configuration files' and the baseline's
    /// own findings after them.
    func lint(_ paths: [String], in context: inout RunContext) {
        let groups = context.select(paths)
        var ledger: BaselineLedger?
        switch context.baseline() {
        case .none: ledger = nil
        case .ledger(let found): ledger = found
        case .unusable: return
        }
        check(groups, ledger: &ledger, in: &context)
        if let stale = ledger?.staleReport(gate: Policy(settings: context.settings, configuration: nil).commandLineGate) {
            context.log.recordOwn(stale)
        }
    }

    /// Selected groups through the pipeline, each group's configuration file's findings after
    /// its files. The files are checked side by side (`settings.jobs`), and each one's log joins
    /// the run's log in the inputs' order: the output is the same as one file after another.
    func check(_ groups: [ConfigurationGroup], ledger: inout BaselineLedger?, in context: inout RunContext) {
        var probe = context.forOneInput()
        let policies = groups.map { probe.policy(of: $0) }
        var work: [(input: RunInput, policy: Policy)] = []
        for (group, policy) in zip(groups, policies) {
            guard let policy else { continue }
            for input in group.inputs {
                context.writer.noteRead(input.path)
                work.append((input, policy))
            }
        }
        let settings = context.settings
        for index in work.indices { work[index].policy.plan = settings.plan.forEach(ofFiles: work.count) }
        let shared = context
        let snapshot = ledger
        let outcomes = Parallel.map(work, jobs: settings.jobs) { item in
            lintOne(item.input, policy: item.policy, ledger: snapshot, in: shared.forOneInput())
        }
        var next = outcomes.makeIterator()
        for (group, policy) in zip(groups, policies) {
            guard let policy else {
                _ = context.policy(of: group)
                continue
            }
            var used = Set<Int>()
            var checked: [SourceFile] = []
            for _ in group.inputs {
                guard let outcome = next.next() else { break }
                context.log.append(outcome.log)
                if let copy = outcome.ledger, let snapshot { ledger?.absorb(copy, since: snapshot) }
                used.formUnion(outcome.usedIgnores)
                if let source = outcome.checked { checked.append(source) }
            }
            if let report = policy.configurationReport(used: used, checked: checked) { context.log.recordOwn(report) }
        }
    }

    /// What checking one input left: its own log, its copy of the baseline, the ignore entries
    /// it used and the text it was checked in (`nil` when it was not checked).
    struct InputOutcome: Sendable {
        var log = RunLog()
        var ledger: BaselineLedger?
        var usedIgnores = Set<Int>()
        var checked: SourceFile?
    }

    /// One input: read, fixed if asked, checked under `policy`, in a context of its own.
    func lintOne(_ input: RunInput, policy: Policy, ledger: BaselineLedger?, in start: RunContext) -> InputOutcome {
        var context = start
        var outcome = InputOutcome(ledger: ledger)
        lintOne(input, policy: policy, into: &outcome, in: &context)
        outcome.log = context.log
        return outcome
    }

    private func lintOne(_ input: RunInput, policy: Policy, into outcome: inout InputOutcome, in context: inout RunContext) {
        guard var source = context.read(input, plan: policy.plan) else { return }
        // A large file's stages free buffers of megabytes as they go (the parse's, the text
        // index's, a rule's): let them go back to the system, not stay in the allocator's heap
        // below the model while the next stage runs (docs/performance.md "One big file").
        if source.bytes.count >= Self.largeFile { OS.returnLargeBlocksWhenFreed() }
        var fixedCheck: FixCandidates.Check?
        if let mode = fix {
            // A file found by name that says it is another kind of JSON is never rewritten.
            if !input.explicit, let kind = Pipeline.read(source).otherKind {
                context.log.record(.skipped(path: input.display, reason: Self.otherKindReason(kind)))
                return
            }
            (source, fixedCheck) = Autofix.fix(source, input: input, mode: mode, unsafe: unsafeFixes, policy: policy, in: &context)
        }
        // The fixer's last scan linted this very text as the request below would (without a
        // baseline, whose entries a lint takes): its report stands for that lint.
        if let check = fixedCheck, outcome.ledger == nil {
            outcome.usedIgnores = check.usedIgnores
            outcome.checked = SourceFile(path: source.path, bytes: [], location: source.location)
            let report = fix == .dryRun ? Autofix.dryRunReport(check.report, of: source, input: input, policy: policy) : check.report
            context.log.record(report.keepingShownText())
            return
        }
        var request = policy.request(for: source)
        request.sniffsOtherKinds = !input.explicit && fix == nil
        let (analysis, after) = policy.check(request, baseline: &outcome.ledger)
        if let kind = analysis.otherKind {
            context.log.record(.skipped(path: input.display, reason: Self.otherKindReason(kind)))
            return
        }
        outcome.usedIgnores = after.usedIgnores
        // Only the name is needed later (file-scoped ignore entries); a report keeps only the
        // text it prints, so memory follows the largest file, not the total.
        outcome.checked = SourceFile(path: source.path, bytes: [], location: source.location)
        let report = fix == .dryRun ? Autofix.dryRunReport(analysis.report, of: source, input: input, policy: policy) : analysis.report
        context.log.record(report.keepingShownText())
        // A large file checked on several threads: its model is freed beside the rest of the run.
        if policy.plan.threadsWithinFile(bytes: source.bytes.count) { Parallel.release(consume analysis) }
    }

    /// In-memory sources under one configuration.
    func lint(_ sources: [SourceFile], configuration: LinterConfiguration?, baseline: Baseline?, in context: inout RunContext) {
        if let configuration, !configuration.isValid {
            context.log.recordInvalid(FileReport(source: configuration.source, diagnostics: configuration.diagnostics))
            return
        }
        let policy = Policy(settings: context.settings, configuration: configuration)
        var ledger = baseline.map { BaselineLedger($0, pathKey: $0.pathKey) }
        var used = Set<Int>()
        for source in sources {
            let (analysis, after) = policy.check(policy.request(for: source), baseline: &ledger)
            used.formUnion(after.usedIgnores)
            context.log.record(analysis.report)
        }
        if let report = policy.configurationReport(used: used, checked: sources) { context.log.recordOwn(report) }
        if let stale = ledger?.staleReport(gate: policy.commandLineGate) { context.log.recordOwn(stale) }
    }

    /// Why a found file was skipped.
    static func otherKindReason(_ kind: String) -> String {
        "its members say it is \(kind), not a Customer Center config"
    }
}
