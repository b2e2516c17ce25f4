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
        if let plan = result.plan, plan.unusable == nil, human || stream == 1 {
            Terminal.err(importSummary(plan, config: config, dryRun: dryRun, wrote: result.wrote) + "\n")
        }
        let findings = result.report.counts.total > 0
        return RunOutput.finish(result, format: format, options: options, stream: stream, renderReport: findings || !human)
    }

    /// "imported 3 translations into c.json (2 units unchanged; 1 fuzzy and 4 empty not taken; 1 refused)".
    /// Never "imported" when the config could not be written (`wrote` false): then it says so.
    static func importSummary(_ plan: StringsImport.Plan, config: String, dryRun: Bool, wrote: Bool) -> String {
        let count = countText(plan.changes.count, "translation")
        var text: String
        if plan.changes.isEmpty {
            text = "\(config) unchanged: no translation to take"
        } else if dryRun {
            text = "would import \(count) into \(config)"
        } else if wrote {
            text = "imported \(count) into \(config)"
        } else {
            text = "\(config) unchanged: it could not be written (below); \(count) not imported"
        }
        var parts: [String] = []
        if plan.unchanged > 0 { parts.append("\(countText(plan.unchanged, "unit")) as the config has them") }
        if plan.fuzzy > 0 { parts.append("\(countText(plan.fuzzy, "fuzzy unit")) (needing review) not taken") }
        if plan.repeated > 0 { parts.append("\(countText(plan.repeated, "unit")) repeating another's translation") }
        if plan.empty > 0 { parts.append("\(countText(plan.empty, "unit")) without a translation") }
        if plan.refused > 0 { parts.append("\(countText(plan.refused, "unit")) refused (below)") }
        if plan.refusedFiles > 0 { parts.append("\(countText(plan.refusedFiles, "file")) refused as a whole (below)") }
        if plan.withheld > 0 { parts.append("\(countText(plan.withheld, "good translation")) withheld by --all-or-nothing") }
        if !parts.isEmpty { text += " (" + parts.joined(separator: "; ") + ")" }
        return text
    }
}
