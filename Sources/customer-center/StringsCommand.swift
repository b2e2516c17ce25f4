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
            let verbose = arguments.has("--verbose")
            if !unused.isEmpty { Terminal.err("note: left out \(countText(unused.count, "key")) no screen uses (--include-unused exports them): \(listed(unused, verbose: verbose))\n") }
            if !withoutSource.isEmpty { Terminal.err("note: left out \(countText(withoutSource.count, "key")) without a default-locale text: \(listed(withoutSource, verbose: verbose))\n") }
            if !notRepresentable.isEmpty { Terminal.err("note: left out \(countText(notRepresentable.count, "key")) whose text has control characters: \(listed(notRepresentable, verbose: verbose))\n") }
            return .success
        }
    }

    /// How many keys a note lists before "… and N more (--verbose lists them all)".
    static let listedKeys = 10

    /// `keys` for a note: all of them with `--verbose`, else the first ``listedKeys``.
    static func listed(_ keys: [String], verbose: Bool) -> String {
        guard !verbose, keys.count > listedKeys else { return keys.joined(separator: ", ") }
        return keys.prefix(listedKeys).joined(separator: ", ") + " … and \(keys.count - listedKeys) more (--verbose lists them all)"
    }
}
