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
        OptionSpec(name: "--force", valueName: nil, summary: "Let --out-dir replace files in a folder that has no manifest.json of its own."),
        OptionSpec(name: "--bundle", valueName: "FILE", summary: "Write every payload as one JSON document ('-' for stdout)."),
        OptionSpec(name: "--first-seen", valueName: "AGE", summary: "Evaluate eligibility for a customer first seen AGE ago (30d, 12h, P2W)."),
        OptionSpec(name: "--first-purchase", valueName: "AGE", summary: "…whose first purchase was AGE ago (none given: never purchased)."),
        ReportingOptions.configFile,
        ReportingOptions.rule,
        ReportingOptions.oldestSDK,
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
        var customer: Customer?
        for (flag, keyPath) in [("--first-seen", \Customer.firstSeen), ("--first-purchase", \Customer.firstPurchase)] {
            guard let raw = arguments.value(flag) else { continue }
            guard let seconds = Customer.seconds(fromAge: raw) else {
                throw UsageError(message: "invalid age '\(raw)' for '\(flag)'; write e.g. 30d, 12h, 2w or P14D")
            }
            customer = customer ?? Customer()
            customer?[keyPath: keyPath] = seconds
        }
        let locales = try ReportingOptions.locales(arguments)

        if arguments.value("--out-dir") == "-" { throw UsageError(message: "'--out-dir' needs a directory; '-' (standard output) takes one payload (-o -) or a bundle (--bundle -)") }
        var settings = try ReportingOptions.settings(arguments)
        settings.platforms = nil  // compile's --platform chooses the payloads (CompileOptions)
        let destination: CompileDestination = arguments.value("--out-dir").map { .directory($0) }
            ?? arguments.value("--bundle").map { .bundle($0) } ?? arguments.value("--output").map { .file($0) } ?? .standardOutput
        if arguments.has("--force"), !arguments.has("--out-dir") { throw UsageError(message: "'--force' goes with '--out-dir'") }
        let options = CompileOptions(platforms: try ReportingOptions.platforms(arguments), locales: locales, customer: customer)
        // Every usage error before the run: a bad --format must not leave payloads written.
        let (format, renderOptions) = try ReportingOptions.rendering(arguments, stream: 2)
        var job = Compile(path: path, destination: destination, options: options)
        job.force = arguments.has("--force")
        let result = Workspace(settings: settings).run(job)
        // Diagnostics go to stderr: stdout may be the payload. A machine format always prints
        // (a consumer reads it); a human one only when there is something to say.
        let machine = ![ReportFormat.human, .compact].contains(format)
        let quiet = result.report.counts.total == 0 && result.report.unreadable.isEmpty && !machine
        let status = RunOutput.finish(result, format: format, options: renderOptions, stream: 2, renderReport: !quiet)
        if let output = result.standardOutput, status == .success { Terminal.out(output) }
        return status
    }
}
