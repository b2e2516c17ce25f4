import CustomerCenterCompiler

struct LintCommand: Command {
    static let name = "lint"
    static let summary = "Report every problem in Customer Center config files."
    static let usage = "customer-center lint [options] [FILE|DIR...]   (no FILE or '-' reads standard input)"
    static let options: [OptionSpec] = ReportingOptions.specs + [
        ReportingOptions.stdinFilename,
        OptionSpec(name: "--input-format", valueName: "FORMAT", summary: "authoring, response or auto (default: auto)."),
        OptionSpec(name: "--platform", valueName: "PLATFORM", summary: "ios, android or all (default: the configuration file's, else inferred)."),
        ReportingOptions.configFile,
        ReportingOptions.forceExclude,
        OptionSpec(name: "--baseline", valueName: "FILE", summary: "Accept the findings recorded in FILE; report only new ones (and entries gone stale)."),
        OptionSpec(name: "--write-baseline", valueName: "FILE", summary: "Record every current finding in FILE ('-' for stdout) and exit 0."),
        OptionSpec(name: "--force", valueName: nil, summary: "Let --write-baseline replace a file that is not a baseline (never an input)."),
        OptionSpec(name: "--fix", valueName: nil, summary: "Apply the safe fixes in place (standard input: print the fixed document), then report what remains."),
        OptionSpec(name: "--unsafe-fixes", valueName: nil, summary: "With --fix or --fix-dry-run: also apply fixes that are guesses (did-you-mean)."),
        OptionSpec(name: "--fix-dry-run", valueName: nil, summary: "Print the fixes as a unified diff; write nothing."),
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        var settings = try ReportingOptions.settings(arguments)
        settings.baselinePath = arguments.value("--baseline")
        let fix: FixMode? = arguments.has("--fix-dry-run") ? .dryRun : (arguments.has("--fix") ? .write : nil)
        if arguments.has("--fix"), arguments.has("--fix-dry-run") { throw UsageError(message: "choose one of '--fix' and '--fix-dry-run'") }
        if arguments.has("--unsafe-fixes"), fix == nil { throw UsageError(message: "'--unsafe-fixes' goes with '--fix' or '--fix-dry-run'") }
        if fix != nil, arguments.has("--write-baseline") { throw UsageError(message: "fix first, then write the baseline: '--fix' and '--write-baseline' do not go together") }
        if arguments.has("--force"), !arguments.has("--write-baseline") { throw UsageError(message: "'--force' goes with '--write-baseline'") }
        let given = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        try ReportingOptions.checkStdinName(arguments, inputs: given)
        if given.filter({ $0 == "-" }).count > 1 { throw UsageError(message: "standard input ('-') given more than once") }
        if given.contains("-"), Terminal.stdinIsTerminal {
            Terminal.err("customer-center lint: reading a config from standard input (end with Ctrl-D; see 'customer-center lint --help')\n")
        }
        let workspace = Workspace(settings: settings)
        if let output = arguments.value("--write-baseline") {
            let (format, options) = try ReportingOptions.rendering(arguments, stream: 1)
            return RunOutput.finish(workspace.run(RecordBaseline(given, to: output, force: arguments.has("--force"))), format: format,
                                    options: options, renderReport: false)
        }
        // `--fix` on standard input prints the fixed document on stdout, and `--fix-dry-run`
        // its diff: the report goes to stderr.
        let stream: Int32 = (fix == .write && given.contains("-")) || fix == .dryRun ? 2 : 1
        let (format, options) = try ReportingOptions.rendering(arguments, stream: stream)
        let job = Lint(given, fix: fix, unsafeFixes: arguments.has("--unsafe-fixes"))
        let result = workspace.run(job)
        // `--force-exclude` left out every file named: nothing was checked, and nothing is said,
        // in any format (docs/commands.md "Directories": pre-commit runs it on every commit).
        if settings.forceExclude, result.report.files.isEmpty, result.report.unreadable.isEmpty, result.events.isEmpty,
           result.documents.isEmpty, case .passed = result.verdict {
            return .success
        }
        return RunOutput.finish(result, format: format, options: options, stream: stream)
    }
}
