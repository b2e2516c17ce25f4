import CustomerCenterCompiler

struct StringsCommand: Command {
    static let name = "strings"
    static let summary = "Export a config's texts for translators (one XLIFF 1.2 or gettext PO file per locale) and import their translations."
    static let usage = """
        customer-center strings export [--format xliff|po] [--locale L] [-o FILE | --out-dir DIR] CONFIG
               customer-center strings import [--dry-run] [--all-or-nothing] [--format FORMAT] CONFIG FILE...
        """
    static let options: [OptionSpec] = [
        OptionSpec(name: "--format", valueName: "FORMAT", summary: "export: xliff (default) or po. import: the report's format (human, json, sarif, …)."),
        OptionSpec(name: "--locale", valueName: "L", summary: "export: a locale or a comma-separated list (default: every locale but the default one).", repeatable: true),
        OptionSpec(name: "--output", valueName: "FILE", summary: "export: write the one locale's file to FILE (-o; '-' for stdout, the default)."),
        OptionSpec(name: "--out-dir", valueName: "DIR", summary: "export: write <locale>.xlf or <locale>.po per locale into DIR."),
        OptionSpec(name: "--include-unused", valueName: nil, summary: "export: also the keys no screen or SDK label uses."),
        OptionSpec(name: "--dry-run", valueName: nil, summary: "import: print the change to CONFIG as a unified diff; write nothing."),
        OptionSpec(name: "--all-or-nothing", valueName: nil, summary: "import: take no unit when any is refused."),
        OptionSpec(name: "--color", valueName: "WHEN", summary: "import: auto, always or never (default: auto; NO_COLOR is honoured)."),
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        var rest = arguments
        let action = rest.positionals.isEmpty ? "" : rest.positionals.removeFirst()
        switch action {
        case "export": return try export(rest)
        case "import": return try importing(rest)
        default:
            throw UsageError(message: action.isEmpty ? "'strings' needs 'export' or 'import'" : "unknown 'strings' action '\(action)'",
                             help: Suggestion.closest(to: action, among: ["export", "import"]).map { "did you mean '\($0)'?" })
        }
    }

    static func export(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1, let config = arguments.positionals.first, config != "-" else {
            throw UsageError(message: "'strings export' takes one CONFIG file")
        }
        for option in ["--dry-run", "--all-or-nothing", "--color"] where arguments.has(option) {
            throw UsageError(message: "'\(option)' goes with 'strings import'")
        }
        let format = try choice(arguments.value("--format") ?? "xliff", for: "--format", as: StringsFormat.self)
        let locales = arguments.all("--locale").flatMap { $0.split(separator: ",").map(String.init) }
        if arguments.has("--output"), arguments.has("--out-dir") { throw UsageError(message: "choose one of '-o' and '--out-dir'") }
        let source: SourceFile
        do { source = SourceFile(path: config, bytes: try FileSystem.read(config)) } catch {
            Terminal.err("error: \(error.message)\n")
            return .io
        }
        let result = StringsExport.run(source, format: format, locales: locales.isEmpty ? nil : locales, includeUnused: arguments.has("--include-unused"))
        switch result {
        case .unusableConfig(let reason, let report):
            if !report.diagnostics.isEmpty { Terminal.err(ReportRenderer.render(LintReport(files: [report]), format: .human)) }
            Terminal.err("error: \(reason); nothing was exported\n")
            return .io
        case .unknownLocale(let code, let suggestion, let isDefault, let known):
            throw UsageError(message: isDefault ? "'\(code)' is the default locale of \(config): its texts are what translators translate from"
                                 : "\(config) does not translate into '\(code)' (it has \(known.isEmpty ? "no other locale" : known.joined(separator: ", ")))",
                             help: suggestion.map { "did you mean '\($0)'?" })
        case .exported(let files, let unused, let withoutSource, let notRepresentable):
            let output = arguments.value("--output")
            let destination: StringsExport.Destination = arguments.value("--out-dir").map { .directory($0) }
                ?? (output == nil || output == "-" ? .standardOutput : .file(output!))
            if files.count != 1, destination != .directory(arguments.value("--out-dir") ?? "") {
                throw UsageError(message: files.isEmpty ? "\(config) has no locale to translate into besides its default one"
                                     : "\(files.count) locales to export (\(files.map(\.locale).joined(separator: ", "))): one file each",
                                 help: files.isEmpty ? "add locales to 'supported'" : "write them with --out-dir DIR, or choose one with --locale")
            }
            if let refusal = StringsExport.refusal(destination, config: config) { throw UsageError(message: refusal.message, help: refusal.help) }
            let written: (paths: [String], printed: String)
            do { written = try StringsExport.write(files, to: destination, config: config) } catch {
                Terminal.err("error: \(error.message)\n")
                return .io
            }
            Terminal.out(written.printed)
            for (file, path) in zip(files, written.paths.isEmpty ? files.map { _ in "standard output" } : written.paths) {
                Terminal.err("exported '\(file.locale)' to \(path): \(StringsExport.summary(file))\n")
            }
            if !unused.isEmpty { Terminal.err("note: left out \(countText(unused.count, "key")) no screen uses (--include-unused exports them): \(unused.joined(separator: ", "))\n") }
            if !withoutSource.isEmpty { Terminal.err("note: left out \(countText(withoutSource.count, "key")) without a default-locale text: \(withoutSource.joined(separator: ", "))\n") }
            if !notRepresentable.isEmpty { Terminal.err("note: left out \(countText(notRepresentable.count, "key")) whose text has control characters: \(notRepresentable.joined(separator: ", "))\n") }
            return .success
        }
    }

    /// `strings import CONFIG FILE…` (docs/translation.md).
    static func importing(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        for option in ["--locale", "--output", "--out-dir", "--include-unused"] where arguments.has(option) {
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
        let outcome = Workspace().run(job)
        let human = [ReportFormat.human, .compact].contains(format)
        if let plan = outcome.plan, plan.unusable == nil, human || stream == 1 {
            Terminal.err(importSummary(plan, config: config, dryRun: dryRun) + "\n")
        }
        let findings = outcome.result.report.counts.total > 0
        return RunOutput.finish(outcome.result, format: format, options: options, stream: stream, renderReport: findings || !human)
    }

    /// "imported 3 translations into c.json (2 units unchanged; 1 fuzzy and 4 empty not taken; 1 refused)".
    static func importSummary(_ plan: StringsImport.Plan, config: String, dryRun: Bool) -> String {
        let count = countText(plan.changes.count, "translation")
        var text = plan.changes.isEmpty ? "\(config) unchanged: no translation to take" : (dryRun ? "would import " : "imported ") + count + " into \(config)"
        var parts: [String] = []
        if plan.unchanged > 0 { parts.append("\(countText(plan.unchanged, "unit")) as the config has them") }
        if plan.fuzzy > 0 { parts.append("\(countText(plan.fuzzy, "fuzzy unit")) (needing review) not taken") }
        if plan.empty > 0 { parts.append("\(countText(plan.empty, "unit")) without a translation") }
        if plan.refused > 0 { parts.append("\(countText(plan.refused, "unit")) refused (below)") }
        if plan.withheld > 0 { parts.append("\(countText(plan.withheld, "good translation")) withheld by --all-or-nothing") }
        if !parts.isEmpty { text += " (" + parts.joined(separator: "; ") + ")" }
        return text
    }
}
