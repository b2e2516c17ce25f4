import JSONSyntax

/// Options of one lint run (docs/commands.md, docs/configuration.md), already merged from flags and configuration.
package struct LintOptions: Sendable {
    /// The format to read the input as; `nil` = detect (docs/commands.md, `--input-format`).
    package var inputFormat: InputFormat?
    /// Target platforms; `nil` = infer from the config (docs/commands.md, "Target platforms").
    package var platforms: Set<Platform>?
    /// Per-rule levels from configuration and `--rule`.
    package var severityOverrides: [RuleID: RuleLevel]
    /// Report errors only.
    package var quiet: Bool
    /// Locales every key must be translated into (configuration `locales.required`).
    package var requiredLocales: [String]
    /// The oldest SDK versions in the field (`oldest_sdk`, `--oldest-sdk`); empty: today's only.
    package var oldestSDK = OldestSDK()
    /// Keep the syntax tape in the analysis (`Analysis.tape`): the language server reads the
    /// cursor's place on it after an edit. Off for runs: the tape would stay beside the model.
    package var keepsTape = false
    /// Stop at a document whose own members say it is another kind of JSON (`Analysis.otherKind`):
    /// a file found by name in a directory walk is skipped, not reported, when it is one.
    package var sniffsOtherKinds = false
    /// How the check spends its threads (``ExecutionPlan``): the findings are the same
    /// whatever it says. The run gives each file its share of `--jobs`.
    package var plan = ExecutionPlan()
    /// Syntax issues read before the parser gives up on a file. `lint --fix` lifts it, so that
    /// one pass finds every syntax fix, however many (docs/commands.md, "Fixes").
    package var syntaxIssueLimit = JSONParser.defaultIssueLimit

    /// Creates options.
    package init(inputFormat: InputFormat? = nil, platforms: Set<Platform>? = nil,
                severityOverrides: [RuleID: RuleLevel] = [:], quiet: Bool = false, requiredLocales: [String] = []) {
        self.inputFormat = inputFormat
        self.platforms = platforms
        self.severityOverrides = severityOverrides
        self.quiet = quiet
        self.requiredLocales = requiredLocales
    }

    /// The gate of these options alone (levels and `quiet`; no ignores, no baseline).
    var gate: FindingGate {
        var gate = FindingGate()
        gate.levels = severityOverrides.mapValues(\.severity)
        gate.quiet = quiet
        return gate
    }

    /// Applies overrides and `quiet` to diagnostics (the configuration file's own findings).
    func applyPolicy(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        var gate = self.gate
        return diagnostics.compactMap { gate.admit($0) }
    }
}

/// A configured rule level: a severity, or off (docs/configuration.md `rules`, `--rule`).
package enum RuleLevel: String, Sendable, CaseIterable {
    case off, note, warning, error

    /// The severity, or `nil` for off.
    package var severity: Severity? {
        switch self {
        case .off: return nil
        case .note: return .note
        case .warning: return .warning
        case .error: return .error
        }
    }
}

/// Everything one file's analysis produced: the report, and the model for later stages.
package struct Analysis: Sendable {
    /// Diagnostics with their source.
    package var report: FileReport
    /// The decoded config, when the file was a JSON object of a known format.
    package var config: CustomerCenterConfig?
    /// The format the file was read as.
    package var format: InputFormat?
    /// The platforms it was checked for.
    package var platforms: Set<Platform>
    /// The config with its references bound, when the rules ran (the compiler and the language
    /// server reuse it).
    package internal(set) var resolved: ResolvedConfig?
    /// The parsed text, when the options asked to keep it (`LintOptions.keepsTape`).
    package internal(set) var tape: JSONTape?
    /// What other kind of JSON the document is, when the options sniff and its members say so:
    /// then nothing else was checked.
    package internal(set) var otherKind: String?
}

/// The lint pipeline: bytes → tree → model → diagnostics. One screen, every stage a plain call.
package enum Linter {
    /// Lints one file.
    package static func lint(_ source: SourceFile, options: LintOptions = LintOptions()) -> FileReport {
        analyze(source, options: options).report
    }

    /// Reads one file into the model without running a rule (for `diff`): the syntax findings,
    /// and the config when the file is a JSON object of a known format.
    package static func decode(_ source: SourceFile, inputFormat: InputFormat? = nil) -> Analysis {
        let document = DocumentReader.read(source, inputFormat: inputFormat)
        var sink = DiagnosticSink(file: source.path)
        DocumentReader.emitSyntax(of: document, into: &sink)
        var analysis = Analysis(report: FileReport(source: source, diagnostics: sink.diagnostics), config: nil, format: nil, platforms: Set(Platform.allCases))
        guard document.parsed.root != nil, let format = document.format else { return analysis }
        analysis.format = format
        analysis.config = document.config
        return analysis
    }

    /// Lints one file and keeps the decoded model: findings at the options' levels, counted
    /// exactly, at most `findingsPerRuleLimit` of one rule shown.
    package static func analyze(_ source: SourceFile, options: LintOptions = LintOptions()) -> Analysis {
        analyze(source, options: options, gate: options.gate, displayCap: findingsPerRuleLimit).analysis
    }

    /// The pipeline of one file under the run's `gate` (levels, ignores, baseline, counts):
    /// parse, decode, resolve, rules; then the display cap (`nil`: show every finding). Returns
    /// the gate as the file left it (ignores used, baseline entries matched, blockers seen).
    static func analyze(_ source: SourceFile, options: LintOptions, gate: FindingGate,
                        displayCap: Int?) -> (analysis: Analysis, gate: FindingGate) {
        var none: FixCandidates?
        return analyze(source, options: options, gate: gate, displayCap: displayCap, fixes: &none)
    }

    /// ``analyze(_:options:gate:displayCap:)``. With `fixes`, the findings that pass give their fixes to it and are not kept
    /// (``FixCandidates``, `lint --fix`), and the report has none.
    static func analyze(_ source: SourceFile, options: LintOptions, gate: FindingGate,
                        displayCap: Int?, fixes: inout FixCandidates?) -> (analysis: Analysis, gate: FindingGate) {
        // The sink keeps the first findings of each rule in report order (at least the cap, at
        // most twice as many) and only counts the rest. It keeps at least one: a cap of 0 (or
        // less) is applied below, as every cap is.
        var sink = DiagnosticSink(file: source.path, keepPerRule: displayCap.map { max($0, 1) }, gate: gate)
        sink.fixes = fixes
        defer { fixes = sink.fixes }
        var analysis = Analysis(report: FileReport(source: source, diagnostics: []), config: nil, format: nil,
                                platforms: options.platforms ?? Set(Platform.allCases))
        // The syntax tape lives only inside `decode`: resolving and the rules read the model, and
        // the tape would otherwise stay in memory beside it.
        decode(source, options: options, into: &analysis, sink: &sink)
        if let config = analysis.config {
            // (Resolved already when it was bound on a thread beside the schema walk.)
            let resolved = analysis.resolved ?? ResolvedConfig(config)
            analysis.resolved = resolved
            runRules(on: resolved, source: source, platforms: analysis.platforms, options: options, into: &sink)
        }
        let counts = sink.gate.counts
        let shown = sink.gate.showsEverything ? sink.diagnostics : firstFindings(sink.diagnostics, perRule: displayCap)
        var omitted = counts.byRule
        for diagnostic in shown { omitted[diagnostic.id, default: 0] -= 1 }
        analysis.report = FileReport(source: source, shown: shown, counts: counts, omitted: omitted)
        analysis.report.disabledRules = Set(options.severityOverrides.filter { $0.value == .off }.keys)
        return (analysis, sink.gate)
    }

    /// Reads and decodes (``DocumentReader``): syntax and schema findings, the format, the
    /// model and the platforms. A document whose own members say it is another kind of JSON is
    /// only marked (`Analysis.otherKind`) when the options sniff.
    private static func decode(_ source: SourceFile, options: LintOptions, into analysis: inout Analysis, sink: inout DiagnosticSink) {
        // `localized_strings` goes straight into its columns, not onto the tape (a million tiny
        // keys are 40 bytes of tape each), unless the caller keeps the tape.
        let document = DocumentReader.read(source, inputFormat: options.inputFormat, collectingTable: !options.keepsTape,
                                           plan: options.plan, issueLimit: options.syntaxIssueLimit)
        let parsed = document.parsed
        if options.sniffsOtherKinds, let kind = document.otherKind {
            analysis.otherKind = kind
            return
        }
        if options.keepsTape { analysis.tape = parsed.tape }
        DocumentReader.emitSyntax(of: document, into: &sink)
        // UTF-16 and UTF-32 are text iOS reads (Linter+WideText): its findings are those of the same text in UTF-8.
        let wide = parsed.root == nil ? iosReadingOfWideText(source, issues: parsed.issues, options: options) : nil
        // A response with no value at all (an empty file) is one neither SDK decodes either.
        analysis.format = document.format ?? wide?.format
        // What iOS makes of each syntax error (IOSDeferredSyntax), for responses only.
        let iosVerdicts = analysis.format == .response
            ? parsed.issues.map { wide != nil ? .accepted : IOSDeferredSyntax.verdict($0, bytes: source.bytes, root: parsed.root) } : []
        if analysis.format == .response {
            let platforms = options.platforms ?? Set(Platform.allCases)
            reportUndecodable(parsed.issues, iosVerdicts: iosVerdicts, platforms: platforms, into: &sink)
            if platforms.contains(.ios) { for diagnostic in wide?.diagnostics ?? [] { sink.append(diagnostic) } }
        }
        guard let root = parsed.root else { return }
        guard let format = analysis.format else {
            SchemaValidation.reportUnknownFormat(root, into: &sink)
            return
        }
        // A response detected beside an authoring config's members: the choice is said, as an error.
        if options.inputFormat == nil, format == .response {
            if let members = root.objectMembers {
                for member in members where FormatDetection.authoringRootKeys.contains(member.key) {
                    sink.emit(.ambiguousFormat(member.key), at: member.keyRange, pointer: JSONPointer.root.appending(member.key))
                }
            }
        }
        analysis.config = document.config
        if options.platforms == nil, let config = analysis.config { analysis.platforms = PlatformInference.infer(config) }
        let platforms = analysis.platforms, repeatedKeyOffsets = document.repeatedKeyOffsets
        let iosDeferredOffsets = zip(parsed.issues, iosVerdicts).compactMap { $1 == .deferred ? $0.range.start : nil }.sorted()
        let validate: @Sendable (inout DiagnosticSink) -> Void = { sink in
            SchemaValidation.validate(root, format: format, source: source, platforms: platforms, repeatedKeyOffsets: repeatedKeyOffsets,
                                      iosDeferredOffsets: iosDeferredOffsets, into: &sink)
        }
        if let config = analysis.config, runsOnThreads(source, options: options) {
            analysis.resolved = validateBesideResolving(config, sink: &sink, validate: validate)
        } else {
            validate(&sink)
        }
    }

    /// A response with a JSON syntax error is one neither SDK can decode (docs/formats.md, "JSON syntax policy"): one
    /// `compat.*-decode-failure` per target platform, at the first such error. A duplicate key or a
    /// byte-order mark is not one: both decoders read past them.
    /// iOS accepts some errors and reads past others until a field it reads holds one
    /// (`iosVerdicts`, one per issue; the schema walk reports those).
    static func reportUndecodable(_ issues: [JSONSyntaxIssue], iosVerdicts: [IOSDeferredSyntax.Verdict] = [],
                                  platforms: Set<Platform>, into sink: inout DiagnosticSink) {
        func first(ios: Bool) -> ByteRange? {
            guard let first = issues.indices.first(where: { index in
                switch issues[index].kind {
                case .duplicateKey, .byteOrderMark, .tooManyIssues: return false
                default: return !ios || index >= iosVerdicts.count || iosVerdicts[index] == .fails
                }
            }).map({ issues[$0] }) else { return nil }
            return first.range.count == 0 ? first.range : ByteRange(first.range.start, first.range.start + 1)
        }
        if platforms.contains(.ios), let range = first(ios: true) {
            sink.emit(.iosCannotParse, at: range)
        }
        if platforms.contains(.android), let range = first(ios: false) {
            sink.emit(.androidCannotParse, at: range)
        }
    }

    /// Findings of one rule in one file shown before the rest are only counted ("… and 1,204
    /// more [ref.unused-string]"): a file with a million unknown keys gets a readable report and
    /// bounded memory, and still fails the same gate (the counts are exact).
    package static let findingsPerRuleLimit = 500

    /// The first `perRule` findings of each rule in report order (ties in emission order).
    static func firstFindings(_ diagnostics: [Diagnostic], perRule: Int?) -> [Diagnostic] {
        guard let perRule else { return diagnostics }
        var counts: [RuleID: Int] = [:]
        for diagnostic in diagnostics { counts[diagnostic.id, default: 0] += 1 }
        guard counts.values.contains(where: { $0 > perRule }) else { return diagnostics }
        var kept: [Diagnostic] = []
        var seen: [RuleID: Int] = [:]
        // Sort positions, not the diagnostics themselves (each move of one is many retains).
        let order = diagnostics.indices.sorted { a, b in
            if Diagnostic.reportOrder(diagnostics[a], diagnostics[b]) { return true }
            if Diagnostic.reportOrder(diagnostics[b], diagnostics[a]) { return false }
            return a < b
        }
        for diagnostic in order.lazy.map({ diagnostics[$0] }) {
            let index = seen[diagnostic.id, default: 0]
            seen[diagnostic.id] = index + 1
            if index < perRule { kept.append(diagnostic) }
        }
        return kept
    }

    /// Runs every model rule that applies to the format and is not switched off.
    static func runRules(on resolved: ResolvedConfig, source: SourceFile, platforms: Set<Platform>, options: LintOptions,
                         into sink: inout DiagnosticSink) {
        var context = RuleContext(resolved: resolved, platforms: platforms, requiredLocales: options.requiredLocales,
                                  source: source, sink: sink)
        context.platformsInferred = options.platforms == nil
        context.oldestSDK = options.oldestSDK
        let rules = RuleCatalog.modelRules.indices.filter { index in
            let descriptor = RuleCatalog.modelRules[index].descriptor
            guard descriptor.formats.contains(resolved.config.format) else { return false }
            // A rule switched off does not run, unless compile needs its findings to refuse.
            return options.severityOverrides[descriptor.id] != .off || (sink.gate.compileGate && descriptor.blocksCompile)
        }
        if runsOnThreads(source, options: options) {
            runRulesOnThreads(rules, threads: options.plan.threadsPerFile, context: context, into: &sink)
            return
        }
        for rule in rules { RuleCatalog.modelRules[rule].check(&context) }
        sink = context.sink
    }
}
