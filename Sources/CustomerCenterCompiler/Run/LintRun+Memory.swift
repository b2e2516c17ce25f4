import JSONSyntax

extension LintRun {
    /// Lints sources already in memory under one configuration (an app's unit test, a server
    /// validating an upload): the same pipeline, gate and verdict as files on disk.
    /// With a `baseline`, the findings it records are accepted (its paths compared with each
    /// source's name by `baseline.pathKey`) and its stale entries reported.
    public static func lint(_ sources: [SourceFile], configuration: LinterConfiguration?, settings: RunSettings = RunSettings(),
                            baseline: Baseline? = nil) -> RunResult {
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
        if let ledger { state.reports += ledger.staleReport() }
        return state.finish(settings)
    }
}

extension Compiler {
    /// Lints `source` under `lintOptions` (and a configuration's levels and `ignore` entries)
    /// and, when nothing blocks it, builds one payload per platform and locale: one pass over
    /// the config, the lint's resolved model reused. Findings of rules that block compile
    /// (`RuleDescriptor.blocksCompile`) refuse it whatever the configuration says.
    package static func compile(_ source: SourceFile, lintOptions: LintOptions = LintOptions(), options: CompileOptions = CompileOptions(),
                               configuration: LinterConfiguration? = nil) -> CompileResult {
        var lint = lintOptions
        lint.inputFormat = .authoring
        if let platforms = options.platforms { lint.platforms = platforms }
        var gate = lint.gate
        gate.ignores = LintRun.ignores(of: configuration, for: source)
        gate.compileBlocking = RuleCatalog.compileBlockingRules
        let (analysis, after) = Linter.analyze(source, options: lint, gate: gate, displayCap: Linter.findingsPerRuleLimit)
        guard let resolved = analysis.resolved, analysis.format == .authoring, after.blockers == 0, analysis.report.counts.errors == 0 else {
            return CompileResult(report: analysis.report, payloads: nil)
        }
        let payloads = payloads(resolved, platforms: analysis.platforms, locales: options.locales ?? resolved.targetLocaleCodes, customer: options.customer)
        return CompileResult(report: analysis.report, payloads: payloads)
    }
}
