import CustomerCenterCompiler

struct FormatCommand: Command {
    static let name = "format"
    static let summary = "Rewrite configs in the canonical form (sorted keys, 2-space indent); refuses on syntax errors."
    static let usage = "customer-center format [--check | --write] [FILE...]   (default: print to stdout)"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--check", valueName: nil, summary: "Exit 1 and list the files that would change; change nothing."),
        OptionSpec(name: "--write", valueName: nil, summary: "Rewrite changed files in place, atomically, keeping permissions."),
        OptionSpec(name: "--color", valueName: "WHEN", summary: "auto, always or never (diagnostics on stderr)."),
        ReportingOptions.stdinFilename,
        ReportingOptions.forceExclude,
        ReportingOptions.jobs,
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        let check = arguments.has("--check"), write = arguments.has("--write")
        if check && write { throw UsageError(message: "choose one of '--check' and '--write'") }
        let given = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        try ReportingOptions.checkStdinName(arguments, inputs: given)
        if write, given.contains("-") { throw UsageError(message: "'--write' needs files, not standard input") }
        let (_, options) = try ReportingOptions.rendering(arguments, stream: 2)
        var settings = RunSettings()
        settings.stdinName = arguments.value("--stdin-filename")
        settings.forceExclude = arguments.has("--force-exclude")
        settings.jobs = try ReportingOptions.jobs(arguments)
        // The same inputs as lint; the refused files' syntax errors are the report, on stderr.
        let result = Workspace(settings: settings).run(Reformat(given, mode: check ? .check : (write ? .write : .print)))
        return RunOutput.finish(result, format: .human, options: options, stream: 2, renderReport: result.report.counts.total > 0)
    }
}
