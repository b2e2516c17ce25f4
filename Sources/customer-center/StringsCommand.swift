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
        OptionSpec(name: "--verbose", valueName: nil, summary: "export: list every key left out (by default the count and the first 10)."),
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
        var job = ExportStrings(config: config, format: format, locales: locales.isEmpty ? nil : locales)
        job.includeUnused = arguments.has("--include-unused")
        job.output = arguments.value("--output")
        job.directory = arguments.value("--out-dir")
        job.verbose = arguments.has("--verbose")
        let result = Workspace().run(job)
        try RunOutput.refusal(result)
        let status = RunOutput.finish(result, format: .human, options: RenderOptions(), stream: 2, renderReport: !result.report.files.isEmpty)
        RunOutput.say(result.output)
        return status
    }
}
