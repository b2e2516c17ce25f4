import CustomerCenterCompiler

/// `strings import`: the translators' files merged into the config by the `ImportStrings` job.
extension StringsCommand {
    /// `strings import CONFIG FILE…` (docs/translation.md).
    static func importing(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        for option in ["--locale", "--output", "--out-dir", "--include-unused", "--verbose"] where arguments.has(option) {
            throw UsageError(message: "'\(option == "--output" ? "-o" : option)' goes with 'strings export'",
                             help: "import reads each file's locale from the file")
        }
        guard arguments.positionals.count >= 2 else {
            throw UsageError(message: "'strings import' takes a CONFIG and the translation files to merge into it",
                             help: "customer-center strings import customer_center.json de.xlf fr.po")
        }
        guard !arguments.positionals.contains("-") else {
            throw UsageError(message: "'strings import' reads files, not standard input ('-')")
        }
        let config = arguments.positionals[0]
        let dryRun = arguments.has("--dry-run")
        // The diff of --dry-run is standard output's: the report goes to standard error then.
        let stream: Int32 = dryRun ? 2 : 1
        let (format, options) = try ReportingOptions.rendering(arguments, stream: stream)
        let job = ImportStrings(config: config, files: Array(arguments.positionals.dropFirst()), dryRun: dryRun,
                                allOrNothing: arguments.has("--all-or-nothing"))
        let result = Workspace().run(job)
        let human = [ReportFormat.human, .compact].contains(format)
        if let summary = result.summary, human || stream == 1 { Terminal.err(summary + "\n") }
        let findings = result.report.counts.total > 0
        return RunOutput.finish(result, format: format, options: options, stream: stream, renderReport: findings || !human)
    }
}
