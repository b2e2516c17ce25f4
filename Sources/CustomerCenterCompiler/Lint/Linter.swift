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
        // Nothing to map without levels: mapping an empty dictionary makes a new one, and the first
        // dictionary keyed by `RuleID` in a process costs a scan of every protocol conformance.
        if !severityOverrides.isEmpty { gate.levels = severityOverrides.mapValues(\.severity) }
        gate.quiet = quiet
        return gate
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
    /// The config with its references bound, when the rules ran or the request stopped after
    /// resolving (the compiler and the language server reuse it).
    package internal(set) var resolved: ResolvedConfig?
    /// The parsed text, when the request asked to keep it (`PipelineRequest.keepsTape`).
    package internal(set) var tape: JSONTape?
    /// What other kind of JSON the document is, when the options sniff and its members say so:
    /// then nothing else was checked.
    package internal(set) var otherKind: String?
    /// The syntax issues the parse read (the reader stops at the request's limit).
    package internal(set) var syntaxIssueCount = 0
}

/// The lint stages of one file, and its conveniences; ``Pipeline`` composes them.
package enum Linter {
    /// Lints one file.
    package static func lint(_ source: SourceFile, options: LintOptions = LintOptions()) -> FileReport {
        analyze(source, options: options).report
    }

    /// Lints one file and keeps the decoded model: findings at the options' levels, counted
    /// exactly, at most `findingsPerRuleLimit` of one rule shown.
    package static func analyze(_ source: SourceFile, options: LintOptions = LintOptions()) -> Analysis {
        Pipeline.run(PipelineRequest(source, options: options)).analysis
    }

    /// The decode stage of a document read (``DocumentReader``): syntax and schema findings, the
    /// format, the model and the platforms; the config resolved too when `plan` binds it on a
    /// thread beside the schema walk.
    static func decode(_ document: Document, request: PipelineRequest, into analysis: inout Analysis, sink: inout DiagnosticSink) {
        let (source, parsed, options) = (document.source, document.parsed, request.policy.options)
        DocumentReader.emitSyntax(of: document, into: &sink)
        // UTF-16 and UTF-32 are text iOS reads (Linter+WideText): its findings are those of the same text in UTF-8.
        let wide = parsed.root == nil ? iosReadingOfWideText(request, issues: parsed.issues) : nil
        // A response with no value at all (an empty file) is one neither SDK decodes either.
        analysis.format = document.format ?? wide?.format
        // What iOS makes of each syntax error (IOSDeferredSyntax), for responses only.
        let iosVerdicts = analysis.format == .response
            ? parsed.issues.map { wide != nil ? .accepted : IOSDeferredSyntax.verdict($0, bytes: source.bytes, root: parsed.root) } : []
        if analysis.format == .response {
            let platforms = options.platforms ?? Set(Platform.allCases)
            ResponseDecoders.reportUndecodable(parsed.issues, iosVerdicts: iosVerdicts, platforms: platforms, into: &sink)
            if platforms.contains(.ios) { for diagnostic in wide?.diagnostics ?? [] { sink.append(diagnostic) } }
        }
        guard let root = parsed.root else { return }
        guard let format = analysis.format else {
            SchemaValidation.reportUnknownFormat(root, into: &sink)
            return
        }
        // A response detected beside an authoring config's members: the choice is said, as an error.
        if options.inputFormat == nil, format == .response {
            SchemaAmbiguousFormatRule.check(root, authoringKeys: FormatDetection.authoringRootKeys, into: &sink)
        }
        analysis.config = document.config
        if options.platforms == nil, let config = analysis.config { analysis.platforms = PlatformInference.infer(config) }
        let platforms = analysis.platforms, repeatedKeyOffsets = document.repeatedKeyOffsets
        let iosDeferredOffsets = zip(parsed.issues, iosVerdicts).compactMap { $1 == .deferred ? $0.range.start : nil }.sorted()
        let validate: @Sendable (inout DiagnosticSink) -> Void = { sink in
            SchemaValidation.validate(root, format: format, source: source, platforms: platforms, repeatedKeyOffsets: repeatedKeyOffsets,
                                      iosDeferredOffsets: iosDeferredOffsets, into: &sink)
        }
        if let config = analysis.config, request.plan.threadsWithinFile(bytes: source.bytes.count) {
            analysis.resolved = validateBesideResolving(config, sink: &sink, validate: validate)
        } else {
            validate(&sink)
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
        let order = Diagnostic.displayOrder(of: diagnostics.indices, in: diagnostics)
        for diagnostic in order.lazy.map({ diagnostics[$0] }) {
            let index = seen[diagnostic.id, default: 0]
            seen[diagnostic.id] = index + 1
            if index < perRule { kept.append(diagnostic) }
        }
        return kept
    }

    /// Runs every model rule that applies to the format and is not switched off.
    static func runRules(on resolved: ResolvedConfig, source: SourceFile, platforms: Set<Platform>, options: LintOptions,
                         plan: ExecutionPlan = .oneThread, suggests: Bool = true, into sink: inout DiagnosticSink) {
        var context = RuleContext(resolved: resolved, platforms: platforms, requiredLocales: options.requiredLocales,
                                  source: source, sink: sink)
        if !suggests { context.suggestionBudget = 0 }
        context.platformsInferred = options.platforms == nil
        context.oldestSDK = options.oldestSDK
        let rules = RuleCatalog.modelRules.indices.filter { index in
            let descriptor = RuleCatalog.modelRules[index].descriptor
            guard descriptor.formatCases.contains(resolved.config.format) else { return false }
            // A rule switched off does not run, unless compile needs its findings to refuse.
            return options.severityOverrides[descriptor.id] != .off || (sink.gate.compileGate && descriptor.blocksCompile)
        }
        if plan.threadsWithinFile(bytes: source.bytes.count) {
            runRulesOnThreads(rules, threads: plan.threadsPerFile, context: context, into: &sink)
            return
        }
        for rule in rules { RuleCatalog.modelRules[rule].check(&context) }
        sink = context.sink
    }
}
