import JSONSyntax

/// What ``LintRun/compile(_:configuration:settings:options:)`` produced: the lint of the config
/// and, when nothing blocked it, its payloads.
public struct CompileResult: Sendable {
    /// The lint under the run: the config's findings and the configuration file's, exact
    /// counts, and the verdict (failed when the compile was refused).
    public var lint: RunResult
    /// The payloads in platform, then locale order; `nil` when the config did not compile.
    public var payloads: [CompiledPayload]?
    /// The config's own findings (none when the configuration file could not be followed:
    /// then `lint` holds its findings and the verdict is `.invalidConfiguration`).
    public var report: FileReport

    /// Every payload in one document, as `compile --bundle` writes it (SPEC §4.1): the source's
    /// sha256, the built-in strings' version, `payloads.<platform>.<locale>`. `nil` when the config
    /// did not compile.
    public var bundle: String? { payloads.map { Compiler.bundle($0, source: report.source) } }
}

extension LintRun {
    /// Lints sources already in memory under one configuration (an app's unit test, a server
    /// validating an upload): the same pipeline, gate and verdict as files on disk. Rule
    /// levels, platforms, required locales and ignores come from `configuration` (the text of a
    /// `.customer-center.json`), the gate's options from `settings`.
    ///
    /// ```swift
    /// let config = SourceFile(path: "customer_center.json", text: json)
    /// let result = LintRun.lint([config])
    /// for diagnostic in result.report.allDiagnostics {
    ///     let at = config.location(of: diagnostic.range.start)
    ///     print("\(at.line):\(at.column) \(diagnostic.severity) \(diagnostic.id): \(diagnostic.message)")
    /// }
    /// let passed = result.verdict == .passed
    /// ```
    public static func lint(_ sources: [SourceFile], configuration: LinterConfiguration? = nil, settings: RunSettings = RunSettings()) -> RunResult {
        lint(sources, configuration: configuration, settings: settings, baseline: nil)
    }

    /// The same with a `baseline` in memory: the findings it records are accepted (its paths
    /// compared with each source's name by `baseline.pathKey`) and its stale entries reported.
    /// (A library user names a baseline file with `RunSettings.baselinePath`.)
    package static func lint(_ sources: [SourceFile], configuration: LinterConfiguration?, settings: RunSettings = RunSettings(),
                             baseline: Baseline?) -> RunResult {
        let run = LintRun(settings: settings)
        var state = RunState()
        if let configuration, !configuration.isValid {
            state.reports.append(RunState.Entry(report: FileReport(source: configuration.source, diagnostics: configuration.diagnostics),
                                                isConfigurationReport: true))
            state.invalidConfiguration = true
            return state.finish(settings)
        }
        let options = run.options(for: configuration)
        var used = Set<Int>()
        var ledger = baseline.map { BaselineLedger($0, pathKey: $0.pathKey) }
        for source in sources {
            var gate = options.gate
            gate.ignores = ignores(of: configuration, for: source)
            gate.baseline = ledger?.take(for: source.path)
            let (analysis, after) = Linter.analyze(source, options: options, gate: gate, displayCap: settings.displayCap)
            used.formUnion(after.usedIgnores)
            if let remaining = after.baseline { ledger?.give(back: remaining, for: source.path) }
            state.reports.append(RunState.Entry(report: analysis.report, isConfigurationReport: false))
        }
        if let configuration {
            state.reports += configurationReport(configuration, used: used, options: options).map { RunState.Entry(report: $0, isConfigurationReport: true) }
        }
        if let ledger { state.reports += ledger.staleReport(gate: run.options(for: nil).gate) }
        return state.finish(settings)
    }
}

extension LintRun {
    /// Compiles a config in memory (SPEC §4.1): lints it under `configuration` and `settings`
    /// exactly as ``lint(_:configuration:settings:)`` does and, when nothing blocks it,
    /// builds one payload per platform and locale from the lint's resolved model. An error, or
    /// a finding of a rule that blocks compile (``RuleDescriptor/blocksCompile``, whatever the
    /// configuration says of it), refuses the compile: `payloads` is `nil` and the verdict fails.
    ///
    /// ```swift
    /// let config = SourceFile(path: "customer_center.json", text: json)
    /// let result = LintRun.compile(config, options: CompileOptions(platforms: [.ios], locales: ["en"]))
    /// guard let payloads = result.payloads else {
    ///     print(ReportRenderer.render(result.lint.report, format: .human))
    ///     return
    /// }
    /// for payload in payloads { print(payload.platform, payload.locale, payload.text.utf8.count) }
    /// ```
    public static func compile(_ source: SourceFile, configuration: LinterConfiguration? = nil, settings: RunSettings = RunSettings(),
                               options: CompileOptions = CompileOptions()) -> CompileResult {
        let run = LintRun(settings: settings)
        if let configuration, !configuration.isValid {
            var state = RunState()
            state.reports.append(RunState.Entry(report: FileReport(source: configuration.source, diagnostics: configuration.diagnostics),
                                                isConfigurationReport: true))
            state.invalidConfiguration = true
            return CompileResult(lint: state.finish(settings), payloads: nil, report: FileReport(source: source, diagnostics: []))
        }
        return run.compile(source, lintOptions: run.options(for: configuration), configuration: configuration, options: options)
    }

    /// The same with the lint's options given whole (tests vary one at a time).
    package static func compile(_ source: SourceFile, lintOptions: LintOptions, options: CompileOptions = CompileOptions(),
                                configuration: LinterConfiguration? = nil) -> CompileResult {
        LintRun(settings: RunSettings()).compile(source, lintOptions: lintOptions, configuration: configuration, options: options)
    }

    private func compile(_ source: SourceFile, lintOptions: LintOptions, configuration: LinterConfiguration?, options: CompileOptions) -> CompileResult {
        var state = RunState()
        let (analysis, gate) = analyze(source, lintOptions: lintOptions, configuration: configuration, inputFormat: .authoring,
                                       platforms: options.platforms, compileGate: true, into: &state)
        let payloads = Compiler.payloads(of: analysis, gate: gate, options: options)
        var lint = state.finish(settings)
        if payloads == nil { lint.verdict = .failed(reason: nil) }
        return CompileResult(lint: lint, payloads: payloads, report: analysis.report)
    }
}

extension Compiler {
    /// The payloads of an analysis under the compile gate, or `nil` when it refuses them: the
    /// config is not an authoring config, did not resolve, has an error, or a finding of a rule
    /// that blocks compile (counted by `gate` even when its level is off or it is ignored).
    static func payloads(of analysis: Analysis, gate: FindingGate, options: CompileOptions) -> [CompiledPayload]? {
        guard let resolved = analysis.resolved, analysis.format == .authoring, gate.blockers == 0,
              analysis.report.counts.errors == 0 else { return nil }
        return payloads(resolved, platforms: analysis.platforms, locales: options.locales ?? resolved.targetLocaleCodes, customer: options.customer)
    }
}
