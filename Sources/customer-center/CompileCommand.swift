import CustomerCenterCompiler

struct CompileCommand: Command {
    static let name = "compile"
    static let summary = "Compile an authoring config into the payloads the iOS and Android SDKs download."
    static let usage = "customer-center compile [options] FILE   (one payload to stdout or -o; several need --out-dir or --bundle)"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--platform", valueName: "PLATFORM", summary: "ios, android or all (default: the config's target platforms)."),
        OptionSpec(name: "--locale", valueName: "L", summary: "A locale, a comma-separated list, or all (default: every supported locale)."),
        OptionSpec(name: "--output", valueName: "FILE", summary: "Write the one payload to FILE (-o; '-' for stdout)."),
        OptionSpec(name: "--out-dir", valueName: "DIR", summary: "Write DIR/<platform>/<locale>.json and DIR/manifest.json."),
        OptionSpec(name: "--bundle", valueName: "FILE", summary: "Write every payload as one JSON document ('-' for stdout)."),
        OptionSpec(name: "--first-seen", valueName: "AGE", summary: "Evaluate eligibility for a customer first seen AGE ago (30d, 12h, P2W)."),
        OptionSpec(name: "--first-purchase", valueName: "AGE", summary: "…whose first purchase was AGE ago (none given: never purchased)."),
        ReportingOptions.configFile,
        OptionSpec(name: "--rule", valueName: "ID=SEVERITY", summary: "Set a rule to off, note, warning or error (repeatable).", repeatable: true),
        OptionSpec(name: "--format", valueName: "FORMAT", summary: "Format of diagnostics on stderr (default: human)."),
        OptionSpec(name: "--color", valueName: "WHEN", summary: "auto, always or never."),
        ReportingOptions.stdinFilename,
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(message: "'compile' takes exactly one FILE ('-' for standard input)")
        }
        let destinations = ["--output", "--out-dir", "--bundle"].filter { arguments.has($0) }
        if destinations.count > 1 { throw UsageError(message: "choose one of \(destinations.joined(separator: ", "))") }
        let format = try choice(arguments.value("--format") ?? "human", for: "--format", as: ReportFormat.self)
        let color = try choice(arguments.value("--color") ?? "auto", for: "--color", as: ColorChoice.self)
        var customer: Customer?
        for (flag, keyPath) in [("--first-seen", \Customer.firstSeen), ("--first-purchase", \Customer.firstPurchase)] {
            guard let raw = arguments.value(flag) else { continue }
            guard let seconds = Customer.seconds(fromAge: raw) else {
                throw UsageError(message: "invalid age '\(raw)' for '\(flag)'; write e.g. 30d, 12h, 2w or P14D")
            }
            customer = customer ?? Customer()
            customer?[keyPath: keyPath] = seconds
        }
        var locales: [String]?
        if let raw = arguments.value("--locale"), raw != "all" {
            locales = raw.split(separator: ",").map { String($0) }
            if locales?.isEmpty ?? true { throw UsageError(message: "'--locale' needs a locale, a list or 'all'") }
        }

        let display = path == "-" ? (arguments.value("--stdin-filename") ?? "<stdin>") : path
        let machine = ![ReportFormat.human, .compact].contains(format)
        let renderOptions = RenderOptions(color: Terminal.colorAllowed(color, stream: 2), workingDirectory: FileSystem.currentDirectory())
        func fail(_ unreadable: UnreadableFile, _ message: String) -> ExitStatus {
            if machine {
                Terminal.err(ReportRenderer.render(LintReport(files: [], unreadable: [unreadable]), format: format, options: renderOptions))
            } else {
                Terminal.err("error: \(message)\n")
            }
            return .io
        }
        if arguments.value("--out-dir") == "-" { throw UsageError(message: "'--out-dir' needs a directory; '-' (standard output) takes one payload (-o -) or a bundle (--bundle -)") }
        var finder = ConfigurationFinder()
        let configPath = arguments.value("--config").map(FileSystem.absolute)
            ?? finder.configuration(forFileIn: FileSystem.directory(of: FileSystem.absolute(path == "-" ? display : path)))
        let inputs = (path == "-" ? [] : [path]) + (configPath.map { [$0] } ?? [])
        for option in ["--output", "--bundle"] {
            if let output = arguments.value(option), output != "-" { try FileSystem.refuseOverwriting(inputs: inputs, with: output, option: option == "--output" ? "-o" : option) }
        }
        let source: SourceFile
        do {
            source = SourceFile(path: display, bytes: try FileSystem.read(path))
        } catch {
            return fail(UnreadableFile(path: display, reason: error.reason), error.message)
        }
        var configuration: LinterConfiguration?
        if let configPath {
            do {
                configuration = LinterConfiguration(source: SourceFile(path: FileSystem.display(configPath), bytes: try FileSystem.read(configPath)))
            } catch {
                return fail(UnreadableFile(path: FileSystem.display(configPath), reason: error.reason), error.message)
            }
        }
        let settings = CommandLineSettings(platforms: try ReportingOptions.platforms(arguments), rules: try ReportingOptions.severityOverrides(arguments))
        let (result, configurationReports) = LintRun.compile(source, configuration: configuration, settings: settings,
                                                             options: CompileOptions(locales: locales, customer: customer))
        // Diagnostics go to stderr: stdout may be the payload.
        let report = LintReport(files: [result.report] + configurationReports)
        if report.summary.errors + report.summary.warnings + report.summary.notes > 0 || machine {
            Terminal.err(ReportRenderer.render(report, format: format, options: renderOptions))
        }
        guard let payloads = result.payloads else {
            if !machine { Terminal.err("error: \(display) has errors; nothing was compiled\n") }
            return .findings
        }
        return try write(payloads, source: source, arguments: arguments, inputs: inputs)
    }

    static func write(_ payloads: [CompiledPayload], source: SourceFile, arguments: ParsedArguments, inputs: [String]) throws(UsageError) -> ExitStatus {
        let written = payloads.map(Compiler.relativePath(of:)) + ["manifest.json"]
        if let directory = arguments.value("--out-dir") {
            if let bad = payloads.first(where: { !Compiler.isSafeFileName($0.locale) }) {
                Terminal.err("error: locale '\(bad.locale)' cannot be a file name; use letters, digits, '-' and '_'\n")
                return .findings
            }
            for relative in written {
                try FileSystem.refuseOverwriting(inputs: inputs, with: directory + "/" + relative, option: "--out-dir")
            }
        }
        do {
            if let directory = arguments.value("--out-dir") {
                let previous = previousManifestEntries(in: directory)
                for platform in Set(payloads.map(\.platform)) { try FileSystem.makeDirectories(directory + "/" + platform.rawValue) }
                for payload in payloads {
                    try FileSystem.writeAtomically(Array(payload.text.utf8), to: directory + "/" + Compiler.relativePath(of: payload))
                }
                try FileSystem.writeAtomically(Array(Compiler.manifest(payloads, source: source).utf8), to: directory + "/manifest.json")
                // Payloads the previous manifest listed and this one does not are stale: remove
                // exactly those (and nothing else, ever), and say so.
                for stale in previous.subtracting(written).sorted() {
                    let stalePath = directory + "/" + stale
                    guard FileSystem.exists(stalePath) else { continue }
                    if FileSystem.remove(stalePath) {
                        Terminal.err("removed \(stalePath): the previous manifest listed it, this compile does not\n")
                    } else {
                        Terminal.err("warning: could not remove stale \(stalePath): \(FileSystem.errorText())\n")
                    }
                }
                return .success
            }
            if let bundlePath = arguments.value("--bundle") {
                try FileSystem.writeOutput(Array(Compiler.bundle(payloads, source: source).utf8), to: bundlePath)
                return .success
            }
        } catch {
            Terminal.err("error: \(error.message)\n")
            return .io
        }
        guard payloads.count == 1, let payload = payloads.first else {
            let kinds = "\(Set(payloads.map(\.platform)).count) platform(s) × \(Set(payloads.map(\.locale)).count) locale(s)"
            Terminal.err("error: \(payloads.count) payloads (\(kinds)); use --out-dir DIR or --bundle FILE, or choose one --platform and --locale\n")
            return .usage
        }
        do {
            try FileSystem.writeOutput(Array(payload.text.utf8), to: arguments.value("--output") ?? "-")
        } catch {
            Terminal.err("error: \(error.message)\n")
            return .io
        }
        return .success
    }

    /// The payload paths a previous `manifest.json` in `directory` lists, keeping only names this
    /// command writes (`<platform>/<locale>.json`): a manifest edited by hand cannot point it
    /// at any other file.
    static func previousManifestEntries(in directory: String) -> Set<String> {
        guard let bytes = try? FileSystem.read(directory + "/manifest.json") else { return [] }
        return Set(Compiler.manifestPayloadPaths(SourceFile(path: "manifest.json", bytes: bytes)))
    }
}
