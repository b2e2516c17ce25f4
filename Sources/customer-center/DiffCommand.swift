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

    /// Exit codes for CI (docs/commands.md "diff"): 0 nothing breaking, 1 breaking, 2 usage (two formats),
    /// 3 an input unreadable or with errors that stop the comparison.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 2 else { throw UsageError(message: "'diff' takes two files: OLD NEW ('-' for standard input)") }
        if arguments.positionals.allSatisfy({ $0 == "-" }) { throw UsageError(message: "standard input ('-') can be only one side of 'diff'") }
        let format = try choice(arguments.value("--format") ?? "human", for: "--format", as: Format.self)
        let inputFormat = try ReportingOptions.inputFormat(arguments)
        var sources: [SourceFile] = []
        for path in arguments.positionals {
            do {
                sources.append(SourceFile(path: path == "-" ? "<stdin>" : path, bytes: try FileSystem.read(path)))
            } catch {
                Terminal.err("error: \(error.message)\n")
                return .io
            }
        }
        let diff = ConfigDiff.compare(sources[0], sources[1], inputFormat: inputFormat)
        guard let problem = diff.problem else {
            Terminal.out(format == .json ? DiffRenderer.json(diff.changes) : DiffRenderer.human(diff.changes))
            return diff.hasBreakingChanges ? .findings : .success
        }
        switch problem {
        case .invalidJSON(let report):
            Terminal.err(ReportRenderer.render(LintReport(files: [report]), format: .human))
            Terminal.err("error: \(problem.message) (above)\n")
            return .io
        case .notAConfig:
            Terminal.err("error: \(problem.message)\n")
            return .io
        case .mismatchedFormats:
            throw UsageError(message: problem.message, help: problem.help)
        }
    }
}
