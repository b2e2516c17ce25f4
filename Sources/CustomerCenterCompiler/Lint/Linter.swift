import JSONSyntax

/// Options of one lint run (SPEC §2, §6), already merged from flags and configuration.
public struct LintOptions: Sendable {
    /// The format to read the input as; `nil` = detect (SPEC §1).
    public var inputFormat: InputFormat?
    /// Target platforms; `nil` = infer from the config (SPEC §2).
    public var platforms: Set<Platform>?
    /// Per-rule levels from configuration and `--rule`.
    public var severityOverrides: [RuleID: RuleLevel]
    /// Report errors only.
    public var quiet: Bool
    /// Locales every key must be translated into (configuration `locales.required`).
    public var requiredLocales: [String]

    /// Creates options.
    public init(inputFormat: InputFormat? = nil, platforms: Set<Platform>? = nil,
                severityOverrides: [RuleID: RuleLevel] = [:], quiet: Bool = false, requiredLocales: [String] = []) {
        self.inputFormat = inputFormat
        self.platforms = platforms
        self.severityOverrides = severityOverrides
        self.quiet = quiet
        self.requiredLocales = requiredLocales
    }

    /// Applies overrides and `quiet` to emitted diagnostics.
    func applyPolicy(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            var result = diagnostic
            if let level = severityOverrides[diagnostic.id] {
                guard let severity = level.severity else { return nil }
                result.severity = severity
            }
            if quiet, result.severity != .error { return nil }
            return result
        }
    }
}

/// A configured rule level: a severity, or off (SPEC §6, `--rule`).
public enum RuleLevel: String, Sendable, CaseIterable {
    case off, note, warning, error

    /// The severity, or `nil` for off.
    public var severity: Severity? {
        switch self {
        case .off: return nil
        case .note: return .note
        case .warning: return .warning
        case .error: return .error
        }
    }
}

/// Everything one file's analysis produced: the report, and the model for later stages.
public struct Analysis: Sendable {
    /// Diagnostics with their source.
    public var report: FileReport
    /// The decoded config, when the file was a JSON object of a known format.
    public var config: CustomerCenterConfig?
    /// The format the file was read as.
    public var format: InputFormat?
    /// The platforms it was checked for.
    public var platforms: Set<Platform>
    /// The config with its references bound, when the rules ran (the compiler and the language
    /// server reuse it).
    public internal(set) var resolved: ResolvedConfig?
}

/// The lint pipeline: bytes → tree → model → diagnostics. One screen, every stage a plain call.
public enum Linter {
    /// Lints one file.
    public static func lint(_ source: SourceFile, options: LintOptions = LintOptions()) -> FileReport {
        analyze(source, options: options).report
    }

    /// Reads one file into the model without running a rule (for `diff`): the syntax findings,
    /// and the config when the file is a JSON object of a known format.
    public static func decode(_ source: SourceFile, inputFormat: InputFormat? = nil) -> Analysis {
        var sink = DiagnosticSink(file: source.path)
        let parsed = JSONParser.parseTape(source.bytes)
        SyntaxDiagnostics.emit(parsed.issues, source: source, root: parsed.root, into: &sink)
        var analysis = Analysis(report: FileReport(source: source, diagnostics: sink.diagnostics), config: nil, format: nil, platforms: Set(Platform.allCases))
        guard let root = parsed.root, let format = inputFormat ?? FormatDetection.detect(root) else { return analysis }
        analysis.format = format
        let repeated = parsed.issues.compactMap { issue -> Int? in
            if case .duplicateKey = issue.kind { return issue.range.start }
            return nil
        }
        analysis.config = ConfigDecoder.decode(root, format: format, repeatedKeyOffsets: repeated)
        return analysis
    }

    /// Lints one file and keeps the decoded model.
    public static func analyze(_ source: SourceFile, options: LintOptions = LintOptions()) -> Analysis {
        // Only the first findings of a rule are reported: the sink keeps those (and one more,
        // which the summary stands at) and counts the rest.
        var emitted: [RuleID: Int] = [:]
        var analysis = analyzeUnfiltered(source, options: options, keepPerRule: findingsPerRuleLimit + 1, emitted: &emitted)
        analysis.report = FileReport(source: source, diagnostics: capPerRule(options.applyPolicy(to: analysis.report.diagnostics), emitted: emitted))
        return analysis
    }

    /// `analyze` before the policy: every rule that is not off runs, and its findings keep their
    /// default severities (the compiler's gate needs them whatever the configuration says).
    static func analyzeUnfiltered(_ source: SourceFile, options: LintOptions) -> Analysis {
        var emitted: [RuleID: Int] = [:]
        return analyzeUnfiltered(source, options: options, keepPerRule: nil, emitted: &emitted)
    }

    /// The same, keeping only the first `keepPerRule` findings of each rule in report order (at
    /// least; up to twice as many), with how many each rule emitted in `emitted`.
    private static func analyzeUnfiltered(_ source: SourceFile, options: LintOptions, keepPerRule: Int?,
                                          emitted: inout [RuleID: Int]) -> Analysis {
        var sink = DiagnosticSink(file: source.path, keepPerRule: keepPerRule)
        defer { emitted = sink.emitted }
        var analysis = Analysis(report: FileReport(source: source, diagnostics: []), config: nil, format: nil,
                                platforms: options.platforms ?? Set(Platform.allCases))
        // The syntax tape lives only inside `decode`: resolving and the rules read the model, and
        // the tape would otherwise stay in memory beside it.
        decode(source, options: options, into: &analysis, sink: &sink)
        if let config = analysis.config {
            let resolved = ResolvedConfig(config)
            analysis.resolved = resolved
            runRules(on: resolved, source: source, platforms: analysis.platforms, options: options, into: &sink)
        }
        analysis.report = FileReport(source: source, diagnostics: sink.diagnostics)
        return analysis
    }

    /// Parses and decodes: syntax and schema findings, the format, the model and the platforms.
    private static func decode(_ source: SourceFile, options: LintOptions, into analysis: inout Analysis, sink: inout DiagnosticSink) {
        let parsed = JSONParser.parseTape(source.bytes)
        SyntaxDiagnostics.emit(parsed.issues, source: source, root: parsed.root, into: &sink)
        guard let root = parsed.root else { return }
        analysis.format = options.inputFormat ?? FormatDetection.detect(root)
        if analysis.format == .response {
            reportUndecodable(parsed.issues, platforms: options.platforms ?? Set(Platform.allCases), into: &sink)
        }
        guard let format = analysis.format else {
            SchemaValidation.reportUnknownFormat(root, into: &sink)
            return
        }
        let repeated = parsed.issues.compactMap { issue -> Int? in
            if case .duplicateKey = issue.kind { return issue.range.start }
            return nil
        }
        analysis.config = ConfigDecoder.decode(root, format: format, repeatedKeyOffsets: repeated)
        if options.platforms == nil, let config = analysis.config { analysis.platforms = PlatformInference.infer(config) }
        SchemaValidation.validate(root, format: format, source: source, platforms: analysis.platforms,
                                  repeatedKeyOffsets: repeated, into: &sink)
    }

    /// A response with a JSON syntax error is one neither SDK can decode (SPEC §5): one
    /// `compat.*-decode-failure` per target platform, at the first such error. A duplicate key or a
    /// byte-order mark is not one: both decoders read past them.
    static func reportUndecodable(_ issues: [JSONSyntaxIssue], platforms: Set<Platform>, into sink: inout DiagnosticSink) {
        guard let first = issues.first(where: { issue in
            switch issue.kind {
            case .duplicateKey, .byteOrderMark, .tooManyIssues: return false
            default: return true
            }
        }) else { return }
        let range = first.range.count == 0 ? first.range : ByteRange(first.range.start, first.range.start + 1)
        if platforms.contains(.ios) {
            sink.emit(.iosCannotParse, at: range)
        }
        if platforms.contains(.android) {
            sink.emit(.androidCannotParse, at: range)
        }
    }

    /// Findings of one rule in one file past which the rest are summarized in one finding.
    public static let findingsPerRuleLimit = 500

    /// Keeps the first `findingsPerRuleLimit` findings of each rule; the rest become one finding of
    /// the same rule and severity saying how many more there are (a file with a million unknown
    /// keys gets a readable report, bounded memory, and still fails the same gate).
    /// `emitted` counts findings a bounded sink dropped (a rule's count is the larger of it and
    /// the findings present).
    static func capPerRule(_ diagnostics: [Diagnostic], emitted: [RuleID: Int] = [:]) -> [Diagnostic] {
        var counts: [RuleID: Int] = [:]
        for diagnostic in diagnostics { counts[diagnostic.id, default: 0] += 1 }
        for (rule, count) in counts { counts[rule] = max(count, emitted[rule] ?? 0) }
        guard counts.values.contains(where: { $0 > findingsPerRuleLimit }) else { return diagnostics }
        var kept: [Diagnostic] = []
        var seen: [RuleID: Int] = [:]
        // Sort positions, not the diagnostics themselves (each move of one is many retains).
        let order = diagnostics.indices.sorted { Diagnostic.reportOrder(diagnostics[$0], diagnostics[$1]) }
        for diagnostic in order.lazy.map({ diagnostics[$0] }) {
            let index = seen[diagnostic.id, default: 0]
            seen[diagnostic.id] = index + 1
            if index < findingsPerRuleLimit {
                kept.append(diagnostic)
            } else if index == findingsPerRuleLimit {
                var summary = diagnostic
                let more = (counts[diagnostic.id] ?? 0) - findingsPerRuleLimit
                summary.message = "… and \(more) more '\(diagnostic.id)' findings in this file (the first \(findingsPerRuleLimit) are listed)"
                summary.notes = []
                summary.fix = nil
                kept.append(summary)
            }
        }
        return kept
    }

    /// Runs every model rule that applies to the format and is not switched off.
    static func runRules(on resolved: ResolvedConfig, source: SourceFile, platforms: Set<Platform>, options: LintOptions,
                         into sink: inout DiagnosticSink) {
        var context = RuleContext(resolved: resolved, platforms: platforms, requiredLocales: options.requiredLocales,
                                  source: source, sink: sink)
        for rule in RuleCatalog.modelRules {
            let descriptor = rule.descriptor
            guard descriptor.formats.contains(resolved.config.format), options.severityOverrides[descriptor.id] != .off else { continue }
            rule.check(&context)
        }
        sink = context.sink
    }
}
