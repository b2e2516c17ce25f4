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
        OptionSpec(name: "--write-baseline", valueName: "FILE", summary: "Record every current finding in FILE and exit 0."),
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
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        if paths.filter({ $0 == "-" }).count > 1 { throw UsageError(message: "standard input ('-') given more than once") }

        // Read every input, and group the files by the configuration that applies to them.
        var unreadable = false
        var finder = ConfigurationFinder()
        var groups: [(configuration: String?, sources: [SourceFile])] = []
        let explicit = arguments.value("--config").map(FileSystem.absolute)
        for path in paths {
            let display = path == "-" ? (arguments.value("--stdin-filename") ?? "<stdin>") : path
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(path)
            } catch {
                Terminal.err("error: \(error.message)\n")
                unreadable = true
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
        var reports: [FileReport] = []
        for group in groups {
            var configuration: LinterConfiguration?
            if let path = group.configuration {
                do {
                    configuration = LinterConfiguration(source: SourceFile(path: FileSystem.display(path), bytes: try FileSystem.read(path)))
                } catch {
                    Terminal.err("error: \(error.message)\n")
                    unreadable = true
                }
            }
            reports += LintRun.lint(group.sources, configuration: configuration, settings: settings)
        }
        if let path = arguments.value("--write-baseline") {
            do {
                try FileSystem.writeAtomically(Array(Baseline.write(reports).utf8), to: path)
            } catch {
                Terminal.err("error: \(error.message)\n")
                return .io
            }
            Terminal.err("wrote \(path) with \(reports.reduce(0) { $0 + $1.diagnostics.count }) findings\n")
            return unreadable ? .io : .success
        }
        if let path = arguments.value("--baseline") {
            do {
                reports = Baseline(source: SourceFile(path: path, bytes: try FileSystem.read(path))).apply(to: reports)
            } catch {
                Terminal.err("error: \(error.message)\n")
                return .io
            }
        }
        let report = LintReport(files: reports)
        let rendered = ReportRenderer.render(report, format: format, options: RenderOptions(color: Terminal.colorAllowed(color)))
        Terminal.out(rendered)
        if unreadable { return .io }
        return report.failsGate(strict: arguments.has("--strict"), maxWarnings: maxWarnings) ? .findings : .success
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
