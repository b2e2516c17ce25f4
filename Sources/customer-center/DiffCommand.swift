import CustomerCenterCompiler

struct DiffCommand: Command {
    static let name = "diff"
    static let summary = "List semantic changes between two versions of a config; exit 1 on breaking ones."
    static let usage = "customer-center diff [--format human|json] [--compiled] [--ignore-order] [--oldest-sdk ios=V,android=V] OLD NEW"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--format", valueName: "FORMAT", summary: "human (default) or json."),
        OptionSpec(name: "--color", valueName: "WHEN", summary: "auto, always or never (default: auto; NO_COLOR is honoured)."),
        OptionSpec(name: "--input-format", valueName: "FORMAT", summary: "authoring, response or auto (default: auto)."),
        OptionSpec(name: "--compiled", valueName: nil, summary: "Compare what customers see per platform × locale after compilation."),
        OptionSpec(name: "--platform", valueName: "PLATFORM", summary: "With --compiled: ios, android or all (default: both sides' platforms)."),
        OptionSpec(name: "--ignore-order", valueName: nil, summary: "Do not report paths or survey options in a new order."),
        OptionSpec(name: "--across-platforms", valueName: nil, summary: "Compare an iOS response with an Android one."),
        ReportingOptions.oldestSDK,
    ]

    enum Format: String, CaseIterable { case human, json }

    /// Exit codes for CI (docs/commands.md): 0 nothing breaking, 1 breaking, 2 usage (two formats
    /// or platforms), 3 an input unreadable or with errors that stop the comparison.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 2 else { throw UsageError(message: "'diff' takes two files: OLD NEW ('-' for standard input)") }
        if arguments.positionals.allSatisfy({ $0 == "-" }) { throw UsageError(message: "standard input ('-') can be only one side of 'diff'") }
        let format = try choice(arguments.value("--format") ?? "human", for: "--format", as: Format.self)
        let color = try choice(arguments.value("--color") ?? "auto", for: "--color", as: ColorChoice.self)
        var options = DiffOptions(inputFormat: try ReportingOptions.inputFormat(arguments))
        options.compiled = arguments.has("--compiled")
        options.ignoresOrder = arguments.has("--ignore-order")
        options.acrossPlatforms = arguments.has("--across-platforms")
        options.platforms = try ReportingOptions.platforms(arguments)
        if options.platforms != nil, !options.compiled { throw UsageError(message: "'--platform' applies only with '--compiled'") }
        let job = Diff(old: arguments.positionals[0], new: arguments.positionals[1], options: options,
                       oldestSDK: try ReportingOptions.oldestSDK(arguments))
        let result = Workspace().run(job)
        try RunOutput.refusal(result)
        guard let diff = result.output else {
            return RunOutput.finish(result, format: .human, options: RenderOptions(color: Terminal.colorAllowed(color, stream: 2)), stream: 2,
                                    renderReport: !result.report.files.isEmpty)
        }
        Terminal.out(format == .json ? DiffRenderer.json(diff.changes) : DiffRenderer.human(diff.changes, color: Terminal.colorAllowed(color)))
        return diff.hasBreakingChanges ? .findings : .success
    }
}
