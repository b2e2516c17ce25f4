import JSONSyntax

/// One merge of what decides how a file is judged (docs/configuration.md "Precedence"):
/// built-in defaults < the configuration file < the command line. It gives each file its
/// options (levels, platforms, required locales), its gate and the `ignore` entries that can
/// apply to it.
package struct Policy: Sendable {
    /// The command line.
    package let settings: RunSettings
    /// The configuration file that applies, when there is one the run can follow.
    package let configuration: LinterConfiguration?
    /// The lint options, merged once: levels of the configuration file, then `--rule` in the
    /// order given (or options given whole: tests vary one at a time).
    package let options: LintOptions
    /// How each file's check spends its threads: the run's plan (`--jobs`: one file alone gets
    /// every thread), or each file's share of it when a job checks files side by side.
    package var plan: ExecutionPlan

    /// The policy of files under `configuration` (which must be valid, or `nil`).
    package init(settings: RunSettings, configuration: LinterConfiguration?) {
        self.settings = settings
        self.configuration = configuration?.isValid == true ? configuration : nil
        options = Self.merged(settings, self.configuration)
        plan = settings.plan
    }

    /// A policy whose lint options are `options`, whatever the command line says of levels.
    package init(options: LintOptions, settings: RunSettings) {
        self.settings = settings
        self.configuration = nil
        self.options = options
        plan = settings.plan
    }

    /// Built-in defaults < the configuration file < the command line.
    private static func merged(_ settings: RunSettings, _ configuration: LinterConfiguration?) -> LintOptions {
        var levels = configuration?.rules ?? [:]
        for (id, level) in RuleSelection.levels(settings.rules) { levels[id] = level }
        var options = LintOptions(inputFormat: settings.inputFormat, platforms: settings.platforms ?? configuration?.platforms,
                                  severityOverrides: levels, quiet: settings.quiet, requiredLocales: configuration?.requiredLocales ?? [])
        options.oldestSDK = (configuration?.oldestSDK ?? OldestSDK()).overridden(by: settings.oldestSDK)
        return options
    }

    /// How `source` is judged: the options, and their gate with the `ignore` entries that name
    /// it (or no file). Made once per file.
    package func filePolicy(for source: SourceFile) -> FilePolicy {
        FilePolicy(options: options, ignores: ignores(for: source))
    }

    /// The gate of the command line alone (a baseline's own findings).
    package var commandLineGate: FindingGate {
        Policy(settings: settings, configuration: nil).options.gate
    }

    /// The `ignore` entries that can apply to `source`, with their index in the file: those
    /// naming no file, and those naming this one (relative to the configuration file's folder,
    /// or as the run names it).
    package func ignores(for source: SourceFile) -> [(index: Int, rule: RuleID, pointer: JSONPointer)] {
        guard let configuration else { return [] }
        return configuration.ignores.enumerated().compactMap { index, entry in
            guard entry.file != nil else { return (index, entry.rule, entry.pointer) }
            return Self.names(source, entry: entry, configuration: configuration) ? (index, entry.rule, entry.pointer) : nil
        }
    }

    /// Whether a file-scoped `ignore` entry names `source`.
    private static func names(_ source: SourceFile, entry: LinterConfiguration.IgnoreEntry, configuration: LinterConfiguration) -> Bool {
        guard let file = entry.file else { return true }
        let normalized = PathText.normalized(file)
        let folder = configuration.source.location.map(FileSystem.directory(of:))
        let names = [source.path, PathText.normalized(source.path)]
            + [source.location.flatMap { location in folder.map { FileSystem.relative(location, to: $0) } }].compactMap { $0 }
        return names.contains { $0 == normalized || $0.hasSuffix("/" + normalized) }
    }

    /// The configuration file's own findings and its stale `ignore` entries, given the entries
    /// the run's files used. An entry about a file that is not among `checked` is neither matched
    /// nor stale: this run cannot say (docs/configuration.md "ignore").
    package func configurationReport(used: Set<Int>, checked: [SourceFile]) -> FileReport? {
        guard let configuration else { return nil }
        var sink = DiagnosticSink(file: configuration.source.path, keepPerRule: nil, gate: options.gate)
        for diagnostic in configuration.diagnostics { sink.append(diagnostic) }
        for (index, entry) in configuration.ignores.enumerated() {
            ConfigStaleIgnoreRule.check(entry.rule, at: entry.pointer, file: entry.file, matched: used.contains(index),
                                        fileChecked: { checked.contains { Self.names($0, entry: entry, configuration: configuration) } },
                                        writtenAt: entry.range, location: entry.location, into: &sink)
        }
        guard !sink.diagnostics.isEmpty else { return nil }
        return FileReport(source: configuration.source, diagnostics: sink.diagnostics)
    }
}
