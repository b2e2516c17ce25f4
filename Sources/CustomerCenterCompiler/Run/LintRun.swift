import JSONSyntax

/// What the command line says for a run (SPEC §2). The configuration file that applies to a
/// file adds to it (precedence: built-in default < configuration file < command line).
public struct RunSettings: Sendable {
    /// `--input-format`; `nil` = detect.
    public var inputFormat: InputFormat?
    /// `--platform`; `nil` = the configuration file's, else inferred per file.
    public var platforms: Set<Platform>?
    /// `--rule` levels, in the order given (a library user sets levels with a configuration:
    /// `LinterConfiguration(source:)` of a `.customer-center.json` text).
    package var rules: [RuleSelection] = []
    /// `--quiet`: errors only.
    public var quiet = false
    /// `--strict`: any warning fails the gate.
    public var strict = false
    /// `--max-warnings`: more warnings than this fail the gate.
    public var maxWarnings: Int?
    /// `--config`: this configuration file for every input instead of the nearest one.
    public var configurationPath: String?
    /// `--baseline`: findings it records are accepted; only new ones are shown and fail.
    public var baselinePath: String?
    /// `--stdin-filename`: the name standard input is reported under.
    public var stdinName: String?
    /// `--force-exclude`: files named on the command line follow the configuration file's
    /// `include` / `exclude` too (those it leaves out are skipped silently), as pre-commit needs.
    package var forceExclude = false
    /// Findings of one rule shown per file before the rest are only counted; `nil`: all.
    public var displayCap: Int? = Linter.findingsPerRuleLimit

    /// Settings with nothing said.
    public init() {}
}

/// What `lint --fix` does with the fixed text.
public enum FixMode: Sendable, Equatable {
    /// Write each fixed file in place (standard input: print the fixed document).
    case write
    /// Print each change as a unified diff; write nothing.
    case dryRun
}

/// How a run ends (SPEC §2 exit codes).
public enum RunVerdict: Sendable, Equatable {
    /// Nothing fails the gate: exit 0.
    case passed
    /// Findings fail the gate (errors; warnings under `--strict` or over `--max-warnings`):
    /// exit 1. The reason when it is not plain errors.
    case failed(reason: String?)
    /// A configuration file the run cannot follow (unknown rule, level, key, locale): exit 2.
    case invalidConfiguration
    /// An input, configuration file or baseline could not be read, or a write failed: exit 3.
    case unreadable
    /// Refused before anything was done (an output that is an input): exit 2.
    case refused(message: String, help: String?)
}

/// Everything a run produced.
public struct RunResult: Sendable {
    /// The findings of every file (shown ones, exact counts), unreadable and skipped inputs.
    public var report: LintReport
    /// Lines for standard error, in order ("fixed 3 problems in a.json").
    public var messages: [String] = []
    /// Text for standard output before the report (a fixed document read from standard input,
    /// `--fix-dry-run` diffs).
    public var documents: [String] = []
    /// The verdict.
    public var verdict: RunVerdict = .passed
    /// Every file the run read (inputs, configuration files, the baseline).
    public var readPaths: [String] = []
}

/// One invocation of `lint`, `lint --fix`, `compile`, `preview` or the language server, from
/// its inputs to a verdict (DESIGN "The run"):
///
/// ```
/// inputs ─▶ expand (directories, include/exclude, one file once) ─▶ group by configuration file
///        ─▶ per file: [fix ─▶ guarded write] ─▶ parse ─▶ decode ─▶ resolve ─▶ rules
///                     ─▶ level ─▶ ignores ─▶ baseline ─▶ exact counts ─▶ display cap
///        ─▶ stale ignores and baseline entries ─▶ gate verdict (every finding)
/// ```
///
/// ```swift
/// var settings = RunSettings()
/// settings.maxWarnings = 10
/// let result = LintRun(settings: settings).lint(["Configs/"])
/// print(result.report.summary.warnings, result.verdict)
/// ```
public struct LintRun: Sendable {
    /// The command line's settings.
    public let settings: RunSettings

    /// A run with `settings`.
    public init(settings: RunSettings) {
        self.settings = settings
    }

    /// Lints `arguments` (files, directories, `-` for standard input) as `customer-center lint`
    /// does (SPEC §2): each file under its nearest `.customer-center.json` (or
    /// `settings.configurationPath`), exact counts, the gate's verdict. With `fix`, each file is
    /// fixed first (written in place, or shown as a diff with `.dryRun`); safe fixes only unless
    /// `unsafeFixes`.
    ///
    /// ```swift
    /// var settings = RunSettings()
    /// settings.strict = true
    /// let result = LintRun(settings: settings).lint(["Resources/customer_center.json"], fix: .write)
    /// print(ReportRenderer.render(result.report, format: .human), terminator: "")
    /// if result.verdict != .passed { print("lint failed") }
    /// ```
    public func lint(_ arguments: [String], fix: FixMode? = nil, unsafeFixes: Bool = false) -> RunResult {
        var state = RunState()
        let groups = expandAndGroup(arguments, into: &state)
        var baseline = readBaseline(into: &state)
        for group in groups {
            lint(group, fix: fix, unsafeFixes: unsafeFixes, baseline: &baseline, into: &state)
        }
        if let baseline { state.reports += baseline.staleReport(gate: options(for: nil).gate) }
        return state.finish(settings)
    }

    /// `lint --write-baseline FILE`: records every finding of `arguments` in a baseline at
    /// `path` (`-`: the text goes to `documents`). Refused before anything is written when
    /// `path` is an input of the run, or an existing file that is not a baseline (unless `force`).
    public func writeBaseline(of arguments: [String], to path: String, force: Bool) -> RunResult {
        var settings = self.settings
        settings.displayCap = nil
        settings.baselinePath = nil
        // `--quiet` hides warnings from a report; a baseline records every finding, or the next
        // run with it would show the warnings it was written to accept as new.
        settings.quiet = false
        let run = LintRun(settings: settings)
        var state = RunState()
        let groups = run.expandAndGroup(arguments, into: &state)
        for group in groups {
            for input in group.inputs { state.writer.noteRead(input.path) }
        }
        if let baselinePath = self.settings.baselinePath { state.writer.noteRead(baselinePath) }
        if path != "-" {
            do {
                try state.writer.refuseInput(path, option: "--write-baseline")
            } catch {
                return RunResult(report: LintReport(files: []), verdict: .refused(message: error.message, help: error.help))
            }
            if FileSystem.exists(path), !force {
                let existing = (try? FileSystem.read(path)).map { Baseline(source: SourceFile(path: path, bytes: $0)) }
                if existing?.diagnostics.isEmpty != true {
                    return RunResult(report: LintReport(files: []), verdict: .refused(
                        message: "'\(path)' exists and is not a baseline; nothing was written", help: "choose another path, or add --force to replace it"))
                }
            }
        }
        var none: BaselineLedger?
        for group in groups { run.lint(group, fix: nil, unsafeFixes: false, baseline: &none, into: &state) }
        // A configuration the run cannot follow, or an input it could not read: a baseline
        // recorded now would accept less than the files hold. Nothing is written.
        guard !state.invalidConfiguration, state.unreadable.isEmpty else {
            state.messages.append("error: the baseline was not written")
            return state.finish(settings)
        }
        let key = BaselineLedger.pathKey(relativeTo: path)
        let inputs = state.reports.filter { !$0.isConfigurationReport }.map(\.report)
        let text = Baseline.write(inputs, pathKey: { name in key(state.location(of: name)) })
        let findings = inputs.reduce(0) { $0 + $1.counts.total }
        if path == "-" {
            state.documents.append(text)
        } else {
            do {
                try state.writer.write(Array(text.utf8), to: path, option: "--write-baseline")
            } catch {
                state.messages.append("error: \(error.message)")
                state.unreadable.append(UnreadableFile(path: path, reason: "could not be written: \(error.reason)"))
                return state.finish(settings)
            }
        }
        state.messages.append("wrote \(path == "-" ? "the baseline to standard output" : path) with \(MessageText.count(findings, "finding"))")
        var result = state.finish(settings)
        // Recording findings is the job: they do not fail it.
        if case .failed = result.verdict { result.verdict = .passed }
        return result
    }

    // MARK: The stages

    /// Inputs to groups: directories expanded, each file once, each with the configuration
    /// file that applies to it (read and checked once per group).
    func expandAndGroup(_ arguments: [String], into state: inout RunState) -> [FileGroup] {
        // `--config` also decides what a directory holds (its include / exclude), as the nearest
        // configuration file would.
        let explicit = settings.configurationPath.map(FileSystem.absolute)
        var discovery = InputDiscovery(finder: ConfigurationFinder(explicit: explicit))
        let inputs = discovery.inputs(arguments.isEmpty ? ["-"] : arguments, stdinName: settings.stdinName,
                                      forceExclude: settings.forceExclude)
        state.unreadable += discovery.empty
        var groups: [FileGroup] = []
        if let explicit, !FileSystem.exists(explicit) {
            state.unreadable.append(UnreadableFile(path: settings.configurationPath ?? explicit, reason: "no such configuration file"))
            return []
        }
        for input in inputs {
            let location = FileSystem.absolute(input.path == "-" ? input.display : input.path)
            let path = explicit ?? discovery.configurationPath(forFileIn: FileSystem.directory(of: location))
            if let index = groups.firstIndex(where: { $0.configurationPath == path }) {
                groups[index].inputs.append(input)
            } else {
                groups.append(FileGroup(configurationPath: path, inputs: [input]))
            }
        }
        for index in groups.indices {
            guard let path = groups[index].configurationPath else { continue }
            // Files whose configuration cannot be read are not linted as if it did not exist.
            groups[index].configuration = Self.readConfiguration(path, into: &state)
            groups[index].unusable = groups[index].configuration == nil
        }
        return groups
    }

    /// Reads a configuration file (remembered as read); `nil`, with the reason in `state`, when
    /// it cannot be read.
    static func readConfiguration(_ path: String, into state: inout RunState) -> LinterConfiguration? {
        state.writer.noteRead(path)
        do {
            let bytes = try FileSystem.read(path)
            return LinterConfiguration(source: SourceFile(path: FileSystem.display(path), bytes: bytes, location: path))
        } catch {
            state.unreadable.append(UnreadableFile(path: FileSystem.display(path), reason: error.reason))
            return nil
        }
    }

    /// The baseline of `--baseline`, read and remembered as an input.
    func readBaseline(into state: inout RunState) -> BaselineLedger? {
        guard let path = settings.baselinePath else { return nil }
        state.writer.noteRead(path)
        do {
            let source = SourceFile(path: path, bytes: try FileSystem.read(path), location: FileSystem.absolute(path))
            return BaselineLedger(Baseline(source: source), pathKey: BaselineLedger.pathKey(relativeTo: path))
        } catch {
            state.unreadable.append(UnreadableFile(path: path, reason: error.reason))
            return nil
        }
    }

    /// One configuration group: each file read, fixed (and written) when asked, analysed under
    /// the gate; then the configuration file's own findings and stale `ignore` entries.
    func lint(_ group: FileGroup, fix: FixMode?, unsafeFixes: Bool, baseline: inout BaselineLedger?, into state: inout RunState) {
        guard !group.unusable else { return }
        if let configuration = group.configuration, !configuration.isValid {
            // A setting the run cannot follow stops it (exit 2): linting these files under the
            // rest of the file would report what the user did not ask for.
            state.reports.append(RunState.Entry(report: FileReport(source: configuration.source, diagnostics: configuration.diagnostics),
                                                isConfigurationReport: true))
            state.invalidConfiguration = true
            return
        }
        let options = self.options(for: group.configuration)
        var usedIgnores = Set<Int>()
        for input in group.inputs {
            guard let bytes = state.readConfig(input, notAConfig: "not a Customer Center config (its root is neither an authoring config nor an SDK response)") else { continue }
            let location = input.path == "-" ? input.display : FileSystem.absolute(input.path)
            var source = SourceFile(path: input.display, bytes: bytes, location: location)
            if let fix {
                source = self.fix(source, input: input, mode: fix, unsafe: unsafeFixes, configuration: group.configuration, into: &state)
            }
            var gate = options.gate
            gate.ignores = Self.ignores(of: group.configuration, for: source)
            gate.baseline = baseline?.take(for: location)
            let (analysis, after) = Linter.analyze(source, options: options, gate: gate, displayCap: settings.displayCap)
            usedIgnores.formUnion(after.usedIgnores)
            if let remaining = after.baseline { baseline?.give(back: remaining, for: location) }
            state.reports.append(RunState.Entry(report: analysis.report, isConfigurationReport: false))
        }
        if let configuration = group.configuration {
            state.reports += Self.configurationReport(configuration, used: usedIgnores, options: options)
                .map { RunState.Entry(report: $0, isConfigurationReport: true) }
        }
    }

    /// `--fix` of one file: the fixes of what this run reports, then the write; the source to
    /// report is the file as it is on disk afterwards (SPEC §2: a refused write reports the
    /// file as it is, not the text that could not be written).
    func fix(_ source: SourceFile, input: RunInput, mode: FixMode, unsafe: Bool, configuration: LinterConfiguration?,
             into state: inout RunState) -> SourceFile {
        let result = Self.fix(source, configuration: configuration, settings: settings, unsafe: unsafe)
        let fixed = String(decoding: result.source.bytes, as: UTF8.self)
        switch mode {
        case .dryRun:
            guard result.changed else { return source }
            let name = source.path.hasPrefix("/") ? source.path : "a/" + source.path
            let newName = source.path.hasPrefix("/") ? source.path : "b/" + source.path
            state.documents.append(UnifiedDiff.make(old: String(decoding: source.bytes, as: UTF8.self), new: fixed, oldName: name, newName: newName))
            state.messages.append("would fix \(MessageText.count(result.applied, "problem")) in \(source.path)")
            return result.source
        case .write:
            if input.path == "-" {
                state.documents.append(fixed)
                if result.applied > 0 { state.messages.append("fixed \(MessageText.count(result.applied, "problem")) in \(source.path)") }
                return result.source
            }
            guard result.changed else { return source }
            do {
                try state.writer.rewrite(input.path, with: result.source.bytes, original: source.bytes)
                state.messages.append("fixed \(MessageText.count(result.applied, "problem")) in \(source.path)")
                return result.source
            } catch {
                state.messages.append("error: \(error.message)")
                state.unreadable.append(UnreadableFile(path: source.path, reason: "could not be written: \(error.reason)"))
                // Report what the disk holds now (the write changed nothing; someone else may have).
                let current = (try? FileSystem.read(input.path)) ?? source.bytes
                return SourceFile(path: source.path, bytes: current, location: source.location)
            }
        }
    }

    // MARK: One file, for callers that do their own I/O (the language server)

    /// One file under a configuration, with its decoded and resolved model: what an editor
    /// shows. Levels and `ignore` entries apply; counts are exact, at most `settings.displayCap`
    /// findings of a rule are kept (an editor shows no more). `keepingTape`: the analysis keeps
    /// the parsed text too (`Analysis.tape`).
    package static func analyze(_ source: SourceFile, configuration: LinterConfiguration?, settings: RunSettings = RunSettings(),
                                keepingTape: Bool = false) -> Analysis {
        let run = LintRun(settings: settings)
        var options = run.options(for: configuration?.isValid == true ? configuration : nil)
        options.keepsTape = keepingTape
        var gate = options.gate
        gate.ignores = ignores(of: configuration?.isValid == true ? configuration : nil, for: source)
        return Linter.analyze(source, options: options, gate: gate, displayCap: settings.displayCap).analysis
    }

    /// Fixes one file in memory under a configuration (`--fix`, the editor's "fix all"): every
    /// finding's fix, round after round, never two overlapping edits, never a round that makes
    /// the file worse. Safe fixes only unless `unsafe`; a file that does not parse gets only the
    /// safe syntax fixes that make it parse.
    ///
    /// ```swift
    /// let result = LintRun.fix(SourceFile(path: "customer_center.json", text: json), unsafe: false)
    /// if result.changed {
    ///     let fixed = String(decoding: result.source.bytes, as: UTF8.self)
    ///     print("applied \(result.applied) fixes; \(result.report.counts.total) findings remain")
    /// }
    /// ```
    public static func fix(_ source: SourceFile, configuration: LinterConfiguration? = nil, settings: RunSettings = RunSettings(),
                           unsafe: Bool) -> FixResult {
        // Every finding's fix, not only those a display would show.
        var uncapped = settings
        uncapped.displayCap = nil
        return Fixer.fix(source, unsafe: unsafe) { file in analyze(file, configuration: configuration, settings: uncapped).report }
    }

    // MARK: Policy

    /// Options for files under `configuration` (built-in < configuration file < command line).
    func options(for configuration: LinterConfiguration?) -> LintOptions {
        var levels = configuration?.rules ?? [:]
        for (id, level) in RuleSelection.levels(settings.rules) { levels[id] = level }
        return LintOptions(inputFormat: settings.inputFormat, platforms: settings.platforms ?? configuration?.platforms,
                           severityOverrides: levels, quiet: settings.quiet, requiredLocales: configuration?.requiredLocales ?? [])
    }

    /// The `ignore` entries that can apply to `source`, with their index in the file.
    static func ignores(of configuration: LinterConfiguration?, for source: SourceFile) -> [(index: Int, rule: RuleID, pointer: JSONPointer)] {
        guard let configuration else { return [] }
        let folder = configuration.source.location.map(FileSystem.directory(of:))
        return configuration.ignores.enumerated().compactMap { index, entry in
            guard let file = entry.file else { return (index, entry.rule, entry.pointer) }
            let normalized = PathText.normalized(file)
            let names = [source.path, PathText.normalized(source.path)]
                + [source.location.flatMap { location in folder.map { FileSystem.relative(location, to: $0) } }].compactMap { $0 }
            return names.contains { $0 == normalized || $0.hasSuffix("/" + normalized) } ? (index, entry.rule, entry.pointer) : nil
        }
    }

    /// The configuration file's own findings and its stale `ignore` entries.
    static func configurationReport(_ configuration: LinterConfiguration, used: Set<Int>, options: LintOptions) -> [FileReport] {
        var sink = DiagnosticSink(file: configuration.source.path, keepPerRule: nil, gate: options.gate)
        for diagnostic in configuration.diagnostics { sink.append(diagnostic) }
        for (index, entry) in configuration.ignores.enumerated() where !used.contains(index) {
            sink.emit(.staleIgnore(entry.rule, at: entry.pointer.description, file: entry.file),
                      at: ByteRange(entry.range.start, entry.range.start + 1), pointer: entry.location)
        }
        guard !sink.diagnostics.isEmpty else { return [] }
        return [FileReport(source: configuration.source, diagnostics: sink.diagnostics)]
    }
}
