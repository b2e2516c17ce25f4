import CustomerCenterCompiler

struct DiffCommand: Command {
    static let name = "diff"
    static let summary = "List semantic changes between two versions of a config; exit 1 on breaking ones."
    static let usage = "customer-center diff [--format human|json] OLD NEW"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--format", valueName: "FORMAT", summary: "human (default) or json."),
        OptionSpec(name: "--input-format", valueName: "FORMAT", summary: "authoring, response or auto (default: auto)."),
    ]

    enum Format: String, CaseIterable { case human, json }

    /// Exit codes for CI (SPEC §4.5): 0 nothing breaking, 1 breaking, 2 usage (two formats),
    /// 3 an input unreadable or with errors that stop the comparison.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 2 else { throw UsageError(message: "'diff' takes two files: OLD NEW ('-' for standard input)") }
        if arguments.positionals.allSatisfy({ $0 == "-" }) { throw UsageError(message: "standard input ('-') can be only one side of 'diff'") }
        let format = try choice(arguments.value("--format") ?? "human", for: "--format", as: Format.self)
        let inputFormat = try ReportingOptions.inputFormat(arguments)
        var sides: [(path: String, config: CustomerCenterConfig, format: InputFormat?)] = []
        for path in arguments.positionals {
            let name = path == "-" ? "<stdin>" : path
            let analysis: Analysis
            do {
                analysis = Linter.decode(SourceFile(path: name, bytes: try FileSystem.read(path)), inputFormat: inputFormat)
            } catch {
                Terminal.err("error: \(error.message)\n")
                return .io
            }
            let syntax = analysis.report.diagnostics.filter { $0.id.rawValue.hasPrefix("json.") && $0.severity == .error }
            guard let config = analysis.config, syntax.isEmpty else {
                var report = analysis.report
                report.diagnostics = syntax
                if !syntax.isEmpty { Terminal.err(ReportRenderer.render(LintReport(files: [report]), format: .human)) }
                let why = syntax.isEmpty ? "it is not a Customer Center config (neither format)" : "it is not valid JSON (above)"
                Terminal.err("error: cannot compare: '\(name)' \(why)\n")
                return .io
            }
            sides.append((name, config, analysis.format))
        }
        // A response holds resolved texts for one locale and platform; an authoring config holds
        // keys: compared, every text would look changed.
        if let a = sides[0].format, let b = sides[1].format, a != b {
            throw UsageError(message: "'\(sides[0].path)' is \(describe(a)) and '\(sides[1].path)' is \(describe(b)): they cannot be compared",
                             help: "compare two authoring configs (e.g. the committed export and 'pull' without --platform), or two responses")
        }
        let changes = ConfigDiff.changes(from: sides[0].config, to: sides[1].config)
        Terminal.out(format == .json ? DiffRenderer.json(changes) : DiffRenderer.human(changes))
        return changes.contains(where: \.breaking) ? .findings : .success
    }

    static func describe(_ format: InputFormat) -> String {
        format == .authoring ? "an authoring config" : "a response (what one SDK receives)"
    }
}
