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
    public static func lint(_ sources: [SourceFile], configuration: LinterConfiguration?, settings: CommandLineSettings) -> [FileReport] {
        let options = self.options(configuration: configuration, settings: settings)
        var reports = sources.map { Linter.lint($0, options: options) }
        guard let configuration else { return reports }
        var used = Set<Int>()
        for index in reports.indices {
            reports[index].diagnostics.removeAll { diagnostic in
                guard let entry = configuration.ignores.firstIndex(where: { $0.matches(diagnostic) }) else { return false }
                used.insert(entry)
                return true
            }
        }
        var configSink = DiagnosticSink(file: configuration.source.path)
        for diagnostic in configuration.diagnostics { configSink.append(diagnostic) }
        for (index, entry) in configuration.ignores.enumerated() where !used.contains(index) {
            configSink.emit(ConfigStaleIgnoreRule.descriptor,
                            "this ignore entry matched nothing: no \(MessageText.quoted(entry.rule.rawValue)) finding at \(MessageText.quoted(entry.pointer.description))"
                                + (entry.file.map { " in \(MessageText.quoted($0))" } ?? ""),
                            at: ByteRange(entry.range.start, entry.range.start + 1), pointer: entry.location)
        }
        let configDiagnostics = options.applyPolicy(to: configSink.diagnostics)
        if !configDiagnostics.isEmpty {
            reports.append(FileReport(source: configuration.source, diagnostics: configDiagnostics))
        }
        return reports
    }

    /// Merges defaults, the configuration file and the command line.
    public static func options(configuration: LinterConfiguration?, settings: CommandLineSettings) -> LintOptions {
        var rules = configuration?.rules ?? [:]
        for (id, level) in settings.rules { rules[id] = level }
        return LintOptions(inputFormat: settings.inputFormat, platforms: settings.platforms ?? configuration?.platforms,
                           severityOverrides: rules, quiet: settings.quiet, requiredLocales: configuration?.requiredLocales ?? [])
    }
}
