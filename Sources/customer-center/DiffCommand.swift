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

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 2 else { throw UsageError(message: "'diff' takes two files: OLD NEW") }
        let format = try choice(arguments.value("--format") ?? "human", for: "--format", as: Format.self)
        let inputFormat = try ReportingOptions.inputFormat(arguments)
        var configs: [CustomerCenterConfig] = []
        for path in arguments.positionals {
            let analysis: Analysis
            do {
                analysis = Linter.decode(SourceFile(path: path, bytes: try FileSystem.read(path)), inputFormat: inputFormat)
            } catch {
                Terminal.err("error: \(error.message)\n")
                return .io
            }
            let syntax = analysis.report.diagnostics.filter { $0.id.rawValue.hasPrefix("json.") && $0.severity == .error }
            guard let config = analysis.config, syntax.isEmpty else {
                var report = analysis.report
                report.diagnostics = syntax
                Terminal.err(ReportRenderer.render(LintReport(files: [report]), format: .human))
                Terminal.err("error: cannot compare: \(path) is not a readable config\n")
                return .findings
            }
            configs.append(config)
        }
        let changes = ConfigDiff.changes(from: configs[0], to: configs[1])
        Terminal.out(format == .json ? DiffRenderer.json(changes) : DiffRenderer.human(changes))
        return changes.contains(where: \.breaking) ? .findings : .success
    }
}
