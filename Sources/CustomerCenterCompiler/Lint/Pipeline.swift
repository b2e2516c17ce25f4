import JSONSyntax

/// One file through the pipeline (docs/design.md "The pipeline"), every stage a plain call:
///
///     SourceFile ─read─▶ Document ─decode─▶ CustomerCenterConfig ─resolve─▶ ResolvedConfig ─rules─▶ [Diagnostic]
///
/// Everything that reads a config enters here, with one ``PipelineRequest``: `lint`, `--fix`,
/// `compile`, `preview`, `diff`, the strings commands, `pull` and the language server (through
/// the run's policy, `Policy.request(for:)`), and `format` and the sniff of a file found by name
/// (``read(_:)``). Findings pass the request's gate as they are made; counting comes before the
/// display cap.
package enum Pipeline {
    /// The text's parse and format, nothing decoded or reported: the sniff of a file found by
    /// name (`Document.otherKind`), `format`, and a pulled config's syntax check.
    package static func read(_ source: SourceFile) -> Document {
        DocumentReader.read(source, decoding: false)
    }

    /// Runs `request`: the file's analysis, and its gate as the file left it (ignores used,
    /// baseline entries matched, blockers seen).
    package static func run(_ request: PipelineRequest) -> (analysis: Analysis, gate: FindingGate) {
        var none: FixCandidates?
        return run(request, fixes: &none)
    }

    /// ``run(_:)``. With `fixes`, the findings that pass give their fixes to it and are not kept
    /// (``FixCandidates``, `lint --fix`), and the report has none.
    package static func run(_ request: PipelineRequest, fixes: inout FixCandidates?) -> (analysis: Analysis, gate: FindingGate) {
        if request.stopAfter != .rules { return decoded(request) }
        let (source, options) = (request.source, request.policy.options)
        var gate = request.policy.gate
        if request.compileGate { gate.compileBlocking = RuleCatalog.compileBlockingRules }
        // The sink keeps the first findings of each rule in report order (at least the cap, at
        // most twice as many) and only counts the rest. It keeps at least one: a cap of 0 (or
        // less) is applied below, as every cap is.
        var sink = DiagnosticSink(file: source.path, keepPerRule: request.displayCap.map { max($0, 1) }, gate: gate)
        sink.fixes = fixes
        defer { fixes = sink.fixes }
        var analysis = Analysis(report: FileReport(source: source, diagnostics: []), config: nil, format: nil,
                                platforms: options.platforms ?? Set(Platform.allCases))
        // read, decode: the syntax tape lives only inside this call (resolving and the rules
        // read the model, and the tape would otherwise stay in memory beside it).
        readAndDecode(request, into: &analysis, sink: &sink)
        if let config = analysis.config {
            // resolve (done already when it was bound on a thread beside the schema walk)
            let resolved = analysis.resolved ?? ResolvedConfig(config)
            analysis.resolved = resolved
            // rules
            Linter.runRules(on: resolved, source: source, platforms: analysis.platforms, options: options, plan: request.plan,
                                suggests: request.suggests, into: &sink)
        }
        // counts, then the display cap
        let counts = sink.gate.counts
        let shown = sink.gate.showsEverything ? sink.diagnostics : Linter.firstFindings(sink.diagnostics, perRule: request.displayCap)
        var omitted = counts.byRule
        for diagnostic in shown { omitted[diagnostic.id, default: 0] -= 1 }
        analysis.report = FileReport(source: source, shown: shown, counts: counts, omitted: omitted)
        analysis.report.disabledRules = Set(options.severityOverrides.filter { $0.value == .off }.keys)
        return (analysis, sink.gate)
    }

    /// Reads and decodes. A document whose own members say it is another kind of JSON is only
    /// marked (`Analysis.otherKind`) when the request sniffs.
    private static func readAndDecode(_ request: PipelineRequest, into analysis: inout Analysis, sink: inout DiagnosticSink) {
        // The string table goes straight into its columns, not onto the tape (a million tiny
        // keys are 40 bytes of tape each), unless the request keeps the tape.
        let document = DocumentReader.read(request.source, inputFormat: request.policy.options.inputFormat, collectingTable: !request.keepsTape,
                                           plan: request.plan, issueLimit: request.syntaxIssueLimit)
        if request.sniffsOtherKinds, let kind = document.otherKind {
            analysis.otherKind = kind
            return
        }
        if request.keepsTape { analysis.tape = document.parsed.tape }
        analysis.syntaxIssueCount = document.parsed.issues.count
        Linter.decode(document, request: request, into: &analysis, sink: &sink)
    }

    /// The request stopped after the decode (or the resolution): the syntax findings,
    /// unfiltered, and the config (resolved) when the file is a JSON object of a known format;
    /// no schema walk, no rule.
    private static func decoded(_ request: PipelineRequest) -> (analysis: Analysis, gate: FindingGate) {
        let source = request.source
        let document = DocumentReader.read(source, inputFormat: request.policy.options.inputFormat, collectingTable: request.collectsTable,
                                           plan: request.plan, issueLimit: request.syntaxIssueLimit)
        var sink = DiagnosticSink(file: source.path)
        DocumentReader.emitSyntax(of: document, into: &sink)
        var analysis = Analysis(report: FileReport(source: source, diagnostics: sink.diagnostics), config: nil, format: nil,
                                platforms: Set(Platform.allCases))
        guard document.parsed.root != nil, let format = document.format else { return (analysis, sink.gate) }
        analysis.format = format
        analysis.config = document.config
        if request.stopAfter == .resolve, let config = document.config {
            analysis.resolved = ResolvedConfig(config, indexingTexts: request.indexesTexts)
        }
        return (analysis, sink.gate)
    }

    /// The syntax findings and the config of `source` read as `inputFormat` (detected when
    /// `nil`), without a rule: a request stopped after the decode (or, with `.resolve`, the
    /// config resolved too), on the calling thread (on `plan`'s threads, reading the string
    /// table as `lint` reads it, with `likeLint`: `strings export` and `import`). Without
    /// `indexingTexts`, the resolved config's `texts`, which only rules read, are left empty.
    package static func decode(_ source: SourceFile, inputFormat: InputFormat? = nil,
                               stopAfter stage: PipelineRequest.Stage = .decode, likeLint: Bool = false, indexingTexts: Bool = true) -> Analysis {
        var request = PipelineRequest(source, options: LintOptions(inputFormat: inputFormat))
        (request.stopAfter, request.plan, request.collectsTable) = likeLint ? (stage, ExecutionPlan(), true) : (stage, .oneThread, false)
        request.indexesTexts = indexingTexts
        return run(request).analysis
    }
}

/// What to run one file through, and how far: one value, so that every entrance asks the
/// pipeline the same way (``Pipeline/run(_:)``).
package struct PipelineRequest: Sendable {
    /// The stage a request stops after.
    package enum Stage: Sendable {
        /// The syntax findings and the decoded config; no schema walk, resolution or rule (`diff`).
        case decode
        /// The same, and the config resolved (the strings commands, a pulled config's locales).
        case resolve
        /// Every stage.
        case rules
    }

    /// The text.
    package var source: SourceFile
    /// How it is judged: its options and its gate.
    package var policy: FilePolicy
    /// The stage it stops after.
    package var stopAfter = Stage.rules
    /// How its stages spend their threads (the findings are the same whatever it says).
    package var plan = ExecutionPlan()
    /// Findings of one rule shown before the rest are only counted (counts stay exact); `nil`:
    /// every finding (fixes, preview, a baseline).
    package var displayCap: Int? = Linter.findingsPerRuleLimit
    /// Keep the syntax tape in the analysis (`Analysis.tape`): the language server reads the
    /// cursor's place on it after an edit. Off for runs: the tape would stay beside the model.
    package var keepsTape = false
    /// A request stopped before the rules reads the string table into its columns, not onto the
    /// tape, as `lint` does (``DocumentReader/read(_:inputFormat:decoding:collectingTable:plan:issueLimit:)``).
    package var collectsTable = false
    /// A request stopped after the resolution indexes the texts the rules read (`ResolvedConfig.texts`).
    package var indexesTexts = true
    /// Stop at a document whose own members say it is another kind of JSON (`Analysis.otherKind`):
    /// a file found by name in a directory walk is skipped, not reported, when it is one.
    package var sniffsOtherKinds = false
    /// Count the findings of the rules that block compile, whatever their level (compile's gate).
    package var compileGate = false
    /// Whether the unresolved-reference rules suggest the nearest key or offer ("did you mean",
    /// while `RuleContext.suggestionLimit` lasts). Off for the language server's reduced copies
    /// of a document when their suggestions cannot be shown (a copy suggests among its own keys).
    package var suggests = true
    /// Syntax issues read before the parser gives up on a file. `lint --fix` lifts it, so that
    /// one pass finds every syntax fix, however many (docs/commands.md, "Fixes").
    package var syntaxIssueLimit = JSONParser.defaultIssueLimit

    /// `source` under `policy`, through every stage.
    package init(_ source: SourceFile, policy: FilePolicy) {
        self.source = source
        self.policy = policy
    }

    /// `source` under `options` alone (their levels; no ignores, no baseline).
    package init(_ source: SourceFile, options: LintOptions = LintOptions()) {
        self.init(source, policy: FilePolicy(options: options))
    }
}

/// How one file is judged, made once for it: the merged options and the gate they give, with
/// the `ignore` entries that can apply to it (docs/configuration.md "Precedence").
package struct FilePolicy: Sendable {
    /// Levels, platforms, required locales, the oldest SDKs, the input format.
    package var options: LintOptions
    /// The options' levels and `quiet`, the file's `ignore` entries and baseline entries.
    package var gate: FindingGate

    /// The policy of `options`, with `ignores` (their index in the configuration file).
    init(options: LintOptions, ignores: [(index: Int, rule: RuleID, pointer: JSONPointer)] = []) {
        self.options = options
        gate = options.gate
        gate.ignores = ignores
    }

    /// This policy with only `rules` reported: every other rule off (its own levels and ignores
    /// still apply to those).
    package func reporting(only rules: Set<RuleID>) -> FilePolicy {
        var options = options
        for descriptor in RuleCatalog.all where !rules.contains(descriptor.id) { options.severityOverrides[descriptor.id] = .off }
        return FilePolicy(options: options, ignores: gate.ignores)
    }
}
