import CustomerCenterCompiler

/// Options shared by commands that report diagnostics.
enum ReportingOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "--format", valueName: "FORMAT", summary: "human, compact, json, sarif, github or junit (default: human)."),
        OptionSpec(name: "--color", valueName: "WHEN", summary: "auto, always or never (default: auto; NO_COLOR is honoured)."),
        OptionSpec(name: "--rule", valueName: "ID=SEVERITY", summary: "Set a rule to off, note, warning or error (repeatable).", repeatable: true),
        OptionSpec(name: "--strict", valueName: nil, summary: "Warnings fail the run too."),
        OptionSpec(name: "--max-warnings", valueName: "N", summary: "Fail when there are more than N warnings."),
        OptionSpec(name: "--quiet", valueName: nil, summary: "Report errors only."),
    ]
    static let stdinFilename = OptionSpec(name: "--stdin-filename", valueName: "NAME", summary: "The name to report for standard input.")
    static let configFile = OptionSpec(name: "--config", valueName: "FILE", summary: "Use this configuration file instead of finding .customer-center.json.")

    /// `--input-format`; `nil` for auto.
    static func inputFormat(_ arguments: ParsedArguments) throws(UsageError) -> InputFormat? {
        guard let raw = arguments.value("--input-format"), raw != "auto" else { return nil }
        return try choice(raw, for: "--input-format", as: InputFormatChoice.self).format
    }

    /// `--platform`; `nil` to infer.
    static func platforms(_ arguments: ParsedArguments) throws(UsageError) -> Set<Platform>? {
        guard let raw = arguments.value("--platform") else { return nil }
        return try choice(raw, for: "--platform", as: PlatformChoice.self).platforms
    }

    /// `--rule ID=SEVERITY` pairs, validated against the catalog.
    static func severityOverrides(_ arguments: ParsedArguments) throws(UsageError) -> [RuleID: RuleLevel] {
        var overrides: [RuleID: RuleLevel] = [:]
        for entry in arguments.all("--rule") {
            guard let eq = entry.firstIndex(of: "=") else {
                throw UsageError(message: "invalid '--rule \(entry)'; expected ID=off|note|warning|error")
            }
            let id = String(entry[..<eq])
            let level = String(entry[entry.index(after: eq)...])
            guard RuleCatalog.descriptor(for: RuleID(rawValue: id)) != nil else {
                throw UsageError(message: "unknown rule '\(id)'",
                                 help: Suggestion.closest(to: id, among: RuleCatalog.all.map(\.id.rawValue)).map { "did you mean '\($0)'?" })
            }
            overrides[RuleID(rawValue: id)] = try choice(level, for: "--rule", as: RuleLevel.self)
        }
        return overrides
    }
}

struct LintCommand: Command {
    static let name = "lint"
    static let summary = "Report every problem in Customer Center config files."
    static let usage = "customer-center lint [options] [FILE...]   (no FILE or '-' reads standard input)"
    static let options: [OptionSpec] = ReportingOptions.specs + [
        ReportingOptions.stdinFilename,
        OptionSpec(name: "--input-format", valueName: "FORMAT", summary: "authoring, response or auto (default: auto)."),
        OptionSpec(name: "--platform", valueName: "PLATFORM", summary: "ios, android or all (default: the configuration file's, else inferred)."),
        ReportingOptions.configFile,
        OptionSpec(name: "--baseline", valueName: "FILE", summary: "Accept the findings recorded in FILE; report only new ones (and entries gone stale)."),
        OptionSpec(name: "--write-baseline", valueName: "FILE", summary: "Record every current finding in FILE ('-' for stdout) and exit 0."),
        OptionSpec(name: "--force", valueName: nil, summary: "Let --write-baseline replace a file that is not a baseline (never an input)."),
        OptionSpec(name: "--fix", valueName: nil, summary: "Apply the safe fixes in place (standard input: print the fixed document), then report what remains."),
        OptionSpec(name: "--unsafe-fixes", valueName: nil, summary: "With --fix or --fix-dry-run: also apply fixes that are guesses (did-you-mean)."),
        OptionSpec(name: "--fix-dry-run", valueName: nil, summary: "Print the fixes as a unified diff; write nothing."),
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        let format = try choice(arguments.value("--format") ?? "human", for: "--format", as: ReportFormat.self)
        let color = try choice(arguments.value("--color") ?? "auto", for: "--color", as: ColorChoice.self)
        var maxWarnings: Int?
        if let raw = arguments.value("--max-warnings") {
            guard let n = Int(raw), n >= 0 else { throw UsageError(message: "'--max-warnings' needs a whole number, got '\(raw)'") }
            maxWarnings = n
        }
        let settings = CommandLineSettings(
            inputFormat: try ReportingOptions.inputFormat(arguments),
            platforms: try ReportingOptions.platforms(arguments),
            rules: try ReportingOptions.severityOverrides(arguments),
            quiet: arguments.has("--quiet"))
        if arguments.positionals.isEmpty, Terminal.stdinIsTerminal {
            Terminal.err("customer-center lint: reading a config from standard input (end with Ctrl-D; see 'customer-center lint --help')\n")
        }
        let fixMode: FixMode? = arguments.has("--fix-dry-run") ? .dryRun : (arguments.has("--fix") ? .write : nil)
        if arguments.has("--fix"), arguments.has("--fix-dry-run") { throw UsageError(message: "choose one of '--fix' and '--fix-dry-run'") }
        if arguments.has("--unsafe-fixes"), fixMode == nil { throw UsageError(message: "'--unsafe-fixes' goes with '--fix' or '--fix-dry-run'") }
        if fixMode != nil, arguments.has("--write-baseline") { throw UsageError(message: "fix first, then write the baseline: '--fix' and '--write-baseline' do not go together") }
        let given = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        if given.filter({ $0 == "-" }).count > 1 { throw UsageError(message: "standard input ('-') given more than once") }
        let paths = FileSystem.expandInputs(given)
        let explicit = arguments.value("--config").map(FileSystem.absolute)
        let baselinePath = arguments.value("--baseline")

        // Read every input, and group the files by the configuration that applies to them.
        var unreadable: [UnreadableFile] = []
        for directory in given where directory != "-" && FileSystem.isDirectory(directory) && !FileSystem.expansion(of: directory, contains: paths) {
            unreadable.append(UnreadableFile(path: directory, reason: "no customer_center*.json or customer-center*.json file below it"))
        }
        var finder = ConfigurationFinder()
        var groups: [(configuration: String?, sources: [SourceFile])] = []
        var pathsByDisplay: [String: String] = [:]
        for path in paths {
            let display = path == "-" ? (arguments.value("--stdin-filename") ?? "<stdin>") : path
            pathsByDisplay[display] = path
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(path)
            } catch {
                unreadable.append(UnreadableFile(path: display, reason: error.reason))
                continue
            }
            let location = FileSystem.absolute(path == "-" ? display : path)
            let configuration = explicit ?? finder.configuration(forFileIn: FileSystem.directory(of: location))
            let source = SourceFile(path: display, bytes: bytes)
            if let index = groups.firstIndex(where: { $0.configuration == configuration }) {
                groups[index].sources.append(source)
            } else {
                groups.append((configuration, [source]))
            }
        }
        if let output = arguments.value("--write-baseline") {
            // Inputs: the files, the configuration files that apply to them (as grouped above),
            // the baseline read. Nothing has been written yet.
            try checkBaselineDestination(output, inputs: paths.filter { $0 != "-" } + groups.compactMap(\.configuration) + (baselinePath.map { [$0] } ?? []),
                                         force: arguments.has("--force"))
        }
        if let explicit, groups.isEmpty, !FileSystem.exists(explicit) {
            unreadable.append(UnreadableFile(path: arguments.value("--config") ?? explicit, reason: "no such configuration file"))
        }
        var baseline: Baseline?
        if let baselinePath {
            do {
                let key = baselinePathKey(for: baselinePath)
                baseline = Baseline(source: SourceFile(path: baselinePath, bytes: try FileSystem.read(baselinePath)), pathKey: key)
            } catch {
                unreadable.append(UnreadableFile(path: baselinePath, reason: error.reason))
            }
        }
        var reports: [FileReport] = []
        for group in groups {
            var configuration: LinterConfiguration?
            if let path = group.configuration {
                do {
                    configuration = LinterConfiguration(source: SourceFile(path: FileSystem.display(path), bytes: try FileSystem.read(path)))
                } catch {
                    // A configuration that cannot be read: its files are not linted as if it did not exist.
                    unreadable.append(UnreadableFile(path: FileSystem.display(path), reason: error.reason))
                    continue
                }
            }
            guard let fixMode else {
                reports += LintRun.lint(group.sources, configuration: configuration, settings: settings)
                continue
            }
            let fixed = LintRun.fix(group.sources, configuration: configuration, settings: settings, unsafe: arguments.has("--unsafe-fixes"))
            for (result, original) in zip(fixed.results, group.sources) {
                if !finishFix(result, original: original, mode: fixMode, path: pathsByDisplay[original.path] ?? original.path) {
                    unreadable.append(UnreadableFile(path: original.path, reason: "could not be written"))
                }
            }
            reports += fixed.reports
        }
        for file in unreadable { Terminal.err("error: cannot read '\(file.path)': \(file.reason)\n") }
        if let path = arguments.value("--write-baseline") {
            let findings = reports.reduce(0) { $0 + $1.diagnostics.count }
            do {
                try FileSystem.writeOutput(Array(Baseline.write(reports, pathKey: baselinePathKey(for: path)).utf8), to: path)
            } catch {
                Terminal.err("error: \(error.message)\n")
                return .io
            }
            Terminal.err("wrote \(path == "-" ? "the baseline to standard output" : path) with \(countText(findings, "finding"))\n")
            return unreadable.isEmpty ? .success : .io
        }
        if let baseline { reports = baseline.apply(to: reports) }
        let report = LintReport(files: reports, unreadable: unreadable)
        // `--fix` on standard input prints the fixed document on stdout: the report goes to stderr.
        // `--fix-dry-run` keeps stdout for the diff alone.
        let reportToStderr = (fixMode == .write && paths.contains("-")) || fixMode == .dryRun
        let options = RenderOptions(color: Terminal.colorAllowed(color, stream: reportToStderr ? 2 : 1), workingDirectory: FileSystem.currentDirectory())
        let rendered = ReportRenderer.render(report, format: format, options: options)
        if reportToStderr { Terminal.err(rendered) } else { Terminal.out(rendered) }
        if !unreadable.isEmpty { return .io }
        let summary = report.summary
        if summary.errors == 0, arguments.has("--strict"), summary.warnings > 0 {
            Terminal.err("failing: \(countText(summary.warnings, "warning")) under --strict\n")
        } else if summary.errors == 0, let maxWarnings, summary.warnings > maxWarnings {
            Terminal.err("failing: \(countText(summary.warnings, "warning")), more than --max-warnings \(maxWarnings) allows\n")
        }
        return report.failsGate(strict: arguments.has("--strict"), maxWarnings: maxWarnings) ? .findings : .success
    }

    enum FixMode { case write, dryRun }

    /// Writes (or shows) one fixed file; says what was done on stderr. `false` when the write failed.
    static func finishFix(_ result: Fixer.Result, original: SourceFile, mode: FixMode, path: String) -> Bool {
        let fixed = String(decoding: result.source.bytes, as: UTF8.self)
        switch mode {
        case .dryRun:
            if result.changed {
                Terminal.out(UnifiedDiff.make(old: String(decoding: original.bytes, as: UTF8.self), new: fixed,
                                              oldName: original.path.hasPrefix("/") ? original.path : "a/" + original.path,
                                              newName: original.path.hasPrefix("/") ? original.path : "b/" + original.path))
                Terminal.err("would fix \(countText(result.applied, "problem")) in \(original.path)\n")
            }
        case .write:
            if path == "-" {
                Terminal.out(fixed)
                if result.applied > 0 { Terminal.err("fixed \(countText(result.applied, "problem")) in \(original.path)\n") }
                return true
            }
            guard result.changed else { return true }
            do {
                // Atomic, permissions kept, symbolic links refused, a file edited meanwhile left alone.
                try FileSystem.writeAtomically(result.source.bytes, to: path, expectedOriginal: original.bytes)
                Terminal.err("fixed \(countText(result.applied, "problem")) in \(original.path)\n")
            } catch {
                Terminal.err("error: \(error.message)\n")
                return false
            }
        }
        return true
    }

    /// `--write-baseline` writes only where nothing is, or where a baseline is (SPEC §2): never
    /// over an input, never over another file unless `--force`.
    static func checkBaselineDestination(_ output: String, inputs: [String], force: Bool) throws(UsageError) {
        guard output != "-" else { return }
        try FileSystem.refuseOverwriting(inputs: inputs, with: output, option: "--write-baseline")
        guard FileSystem.exists(output), !force else { return }
        let isBaseline: Bool
        if let bytes = try? FileSystem.read(output) {
            let existing = Baseline(source: SourceFile(path: output, bytes: bytes))
            // Reading it checks its shape (an object with `version` and `findings`): no findings, a baseline.
            isBaseline = existing.diagnostics.isEmpty
        } else {
            isBaseline = false
        }
        if !isBaseline {
            throw UsageError(message: "'\(output)' exists and is not a baseline; nothing was written",
                             help: "choose another path, or add --force to replace it")
        }
    }

    /// Baseline paths are relative to the baseline file's folder, so the same file matches
    /// however it was named on the command line.
    static func baselinePathKey(for baselinePath: String) -> @Sendable (String) -> String {
        let folder = baselinePath == "-" ? FileSystem.currentDirectory() : FileSystem.directory(of: FileSystem.absolute(baselinePath))
        let cwd = FileSystem.currentDirectory()
        return { path in
            if path.hasPrefix("<") { return path }
            let absolute = path.hasPrefix("/") ? path : FileSystem.absolute(cwd + "/" + path)
            return FileSystem.relative(absolute, to: folder)
        }
    }
}

enum InputFormatChoice: String, CaseIterable {
    case authoring, response, auto

    var format: InputFormat? {
        switch self {
        case .authoring: return .authoring
        case .response: return .response
        case .auto: return nil
        }
    }
}

enum PlatformChoice: String, CaseIterable {
    case ios, android, all

    var platforms: Set<Platform> {
        switch self {
        case .ios: return [.ios]
        case .android: return [.android]
        case .all: return Set(Platform.allCases)
        }
    }
}

/// `1 finding`, `2 findings`.
func countText(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
