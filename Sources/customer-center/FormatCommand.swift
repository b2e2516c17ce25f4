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
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        var status = ExitStatus.success
        func worsen(_ next: ExitStatus) { if next.rawValue > status.rawValue { status = next } }
        let check = arguments.has("--check"), write = arguments.has("--write")
        if check && write { throw UsageError(message: "choose one of '--check' and '--write'") }
        let given = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        if write, given.contains("-") { throw UsageError(message: "'--write' needs files, not standard input") }
        let color = try choice(arguments.value("--color") ?? "auto", for: "--color", as: ColorChoice.self)
        // The same inputs as lint: directories expanded (include/exclude), each file once.
        var discovery = InputDiscovery()
        let inputs = discovery.inputs(given, stdinName: arguments.value("--stdin-filename"),
                                      forceExclude: arguments.has("--force-exclude"))
        for directory in discovery.empty {
            Terminal.err("error: cannot read '\(directory.path)': \(directory.reason)\n")
            worsen(.io)
        }

        for input in inputs {
            let path = input.path, display = input.display
            let bytes: [UInt8]
            do { bytes = try FileSystem.read(path) } catch {
                Terminal.err("error: \(error.message)\n")
                worsen(.io)
                continue
            }
            // A JSON file a directory holds that is not a config (a schema, a problem matcher)
            // is never rewritten (SPEC §2 "Directories").
            if !input.explicit, !InputDiscovery.isCustomerCenterConfig(bytes) {
                Terminal.err("note: skipped '\(display)': not a Customer Center config\n")
                continue
            }
            let result = Formatter.format(SourceFile(path: display, bytes: bytes))
            guard let formatted = result.formatted else {
                Terminal.err(ReportRenderer.render(LintReport(files: [result.report]), format: .human,
                                                   options: RenderOptions(color: color == .always)))
                Terminal.err("error: \(display) has syntax errors; it was not formatted\n")
                worsen(.findings)
                continue
            }
            if check {
                if result.changesFile {
                    Terminal.out("would reformat \(display)\n")
                    worsen(.findings)
                }
            } else if write {
                guard result.changesFile else { continue }
                do {
                    try FileSystem.writeAtomically(Array(formatted.utf8), to: path, expectedOriginal: bytes)
                    Terminal.err("formatted \(display)\n")
                } catch {
                    Terminal.err("error: \(error.message)\n")
                    worsen(.io)
                }
            } else {
                Terminal.out(formatted)
            }
        }
        return status
    }
}
