// The lint that gates `compile` lives with the lint run: `Compile/` builds payloads from a
// resolved config and knows nothing of rules.
extension Compiler {
    /// Lints `source` and, when it has no errors, compiles it. `suppressed` removes findings the
    /// configuration file ignores (`LintRun.compile` passes its `ignore` entries); findings of
    /// `blockingRules` refuse the compile even when suppressed or switched off.
    public static func compile(_ source: SourceFile, lintOptions: LintOptions = LintOptions(), options: CompileOptions = CompileOptions(),
                               suppressed: (Diagnostic) -> Bool = { _ in false }) -> CompileResult {
        var lint = lintOptions
        lint.inputFormat = .authoring
        if let platforms = options.platforms { lint.platforms = platforms }
        var unfilteredOptions = lint
        unfilteredOptions.severityOverrides = lint.severityOverrides.filter { !blockingRules.contains($0.key) }
        var analysis = Linter.analyzeUnfiltered(source, options: unfilteredOptions)
        let raw = analysis.report.diagnostics
        var shown = lint.applyPolicy(to: raw).filter { !suppressed($0) }
        let blockers = raw.filter { $0.severity == .error && blockingRules.contains($0.id) }
        for blocker in blockers where !shown.contains(where: { $0.id == blocker.id && $0.range == blocker.range && $0.message == blocker.message }) {
            var forced = blocker
            forced.message += " (compile refuses this whatever the configuration says)"
            shown.append(forced)
        }
        analysis.report = FileReport(source: source, diagnostics: Linter.capPerRule(shown))
        guard let config = analysis.config, analysis.format == .authoring, blockers.isEmpty,
              !analysis.report.diagnostics.contains(where: { $0.severity == .error }) else {
            return CompileResult(report: analysis.report, payloads: nil)
        }
        // Resolved once, by the lint that gated it.
        let resolved = analysis.resolved ?? ResolvedConfig(config)
        let payloads = payloads(resolved, platforms: analysis.platforms, locales: options.locales ?? resolved.targetLocaleCodes,
                                customer: options.customer)
        return CompileResult(report: analysis.report, payloads: payloads)
    }
}
