import JSONSyntax

/// What the command line says, which wins over the configuration file (SPEC §6 precedence:
/// built-in default < configuration file < command line).
public struct CommandLineSettings: Sendable {
    /// `--input-format`.
    public var inputFormat: InputFormat?
    /// `--platform`.
    public var platforms: Set<Platform>?
    /// `--rule` levels.
    public var rules: [RuleID: RuleLevel]
    /// `--quiet`.
    public var quiet: Bool

    /// Creates settings.
    public init(inputFormat: InputFormat? = nil, platforms: Set<Platform>? = nil, rules: [RuleID: RuleLevel] = [:], quiet: Bool = false) {
        self.inputFormat = inputFormat
        self.platforms = platforms
        self.rules = rules
        self.quiet = quiet
    }
}

/// Lints a group of files that share one configuration (or none), applies its ignores, and
/// reports the configuration's own findings, stale ignores included.
public enum LintRun {
    /// The reports of `sources`, then the configuration file's report when it has findings.
    /// (A baseline, which spans every configuration group of a run, is applied after: `Baseline.apply`.)
    public static func lint(_ sources: [SourceFile], configuration: LinterConfiguration?, settings: CommandLineSettings) -> [FileReport] {
        let options = self.options(configuration: configuration, settings: settings)
        let off = Set(options.severityOverrides.filter { $0.value == .off }.keys)
        var reports = sources.map { source in
            var report = Linter.lint(source, options: options)
            report.disabledRules = off
            return report
        }
        var used = Set<Int>()
        if let configuration {
            for index in reports.indices {
                reports[index].diagnostics.removeAll { isIgnored($0, by: configuration, used: &used) }
            }
            reports += configurationReport(configuration, used: used, options: options)
        }
        return reports
    }

    /// One file under the run, with its decoded and resolved model: what an editor shows. The
    /// configuration's levels and `ignore` entries apply, as for `lint`.
    public static func analyze(_ source: SourceFile, configuration: LinterConfiguration?, settings: CommandLineSettings) -> Analysis {
        let options = self.options(configuration: configuration, settings: settings)
        var analysis = Linter.analyze(source, options: options)
        analysis.report.disabledRules = Set(options.severityOverrides.filter { $0.value == .off }.keys)
        if let configuration {
            var used = Set<Int>()
            analysis.report.diagnostics.removeAll { isIgnored($0, by: configuration, used: &used) }
        }
        return analysis
    }

    /// `lint --fix` under the same run: each file fixed against the findings this run reports
    /// (levels and `ignore` entries applied), then the reports of the fixed files, the
    /// configuration file's included.
    public static func fix(_ sources: [SourceFile], configuration: LinterConfiguration?, settings: CommandLineSettings,
                           unsafe: Bool) -> (results: [Fixer.Result], reports: [FileReport]) {
        let results = sources.map { source in
            Fixer.fix(source, unsafe: unsafe) { file in lint([file], configuration: configuration, settings: settings)[0] }
        }
        return (results, lint(results.map(\.source), configuration: configuration, settings: settings))
    }

    /// `compile` under the same run: the configuration's levels and `ignore` entries apply to
    /// what is reported, but `Compiler.blockingRules` refuse the compile whatever they say.
    public static func compile(_ source: SourceFile, configuration: LinterConfiguration?, settings: CommandLineSettings,
                               options compileOptions: CompileOptions) -> (result: CompileResult, configurationReport: [FileReport]) {
        let options = self.options(configuration: configuration, settings: settings)
        var used = Set<Int>()
        let result = Compiler.compile(source, lintOptions: options, options: compileOptions) { diagnostic in
            configuration.map { isIgnored(diagnostic, by: $0, used: &used) } ?? false
        }
        return (result, configuration.map { configurationReport($0, used: used, options: options) } ?? [])
    }

    /// Whether an `ignore` entry suppresses `diagnostic`; the entry is recorded as used (an
    /// entry never used is reported stale).
    static func isIgnored(_ diagnostic: Diagnostic, by configuration: LinterConfiguration, used: inout Set<Int>) -> Bool {
        guard let entry = configuration.ignores.firstIndex(where: { $0.matches(diagnostic) }) else { return false }
        used.insert(entry)
        return true
    }

    /// The configuration file's own findings and its stale `ignore` entries.
    static func configurationReport(_ configuration: LinterConfiguration, used: Set<Int>, options: LintOptions) -> [FileReport] {
        var configSink = DiagnosticSink(file: configuration.source.path)
        for diagnostic in configuration.diagnostics { configSink.append(diagnostic) }
        for (index, entry) in configuration.ignores.enumerated() where !used.contains(index) {
            configSink.emit(.staleIgnore(entry.rule, at: entry.pointer.description, file: entry.file),
                            at: ByteRange(entry.range.start, entry.range.start + 1), pointer: entry.location)
        }
        let configDiagnostics = options.applyPolicy(to: configSink.diagnostics)
        return configDiagnostics.isEmpty ? [] : [FileReport(source: configuration.source, diagnostics: configDiagnostics)]
    }

    /// Merges defaults, the configuration file and the command line.
    public static func options(configuration: LinterConfiguration?, settings: CommandLineSettings) -> LintOptions {
        var rules = configuration?.rules ?? [:]
        for (id, level) in settings.rules { rules[id] = level }
        return LintOptions(inputFormat: settings.inputFormat, platforms: settings.platforms ?? configuration?.platforms,
                           severityOverrides: rules, quiet: settings.quiet, requiredLocales: configuration?.requiredLocales ?? [])
    }
}
