import CustomerCenterCompiler
import RevenueCatAPI

/// `customer-center pull`: the live config from RevenueCat's REST API v2 (docs/pull.md).
struct PullCommand: Command {
    static let name = "pull"
    static let summary = "Fetch the live Customer Center config of a project from RevenueCat (key: REVENUECAT_API_KEY)."
    static let usage = "customer-center pull --project ID --customer ID [--platform ios|android] [--locale L|all] [-o FILE | --out-dir DIR] [--lint]"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--project", valueName: "ID", summary: "The RevenueCat project id (required)."),
        OptionSpec(name: "--customer", valueName: "ID", summary: "The customer (app user) id whose config to fetch (required)."),
        OptionSpec(name: "--platform", valueName: "PLATFORM", summary: "ios or android: the config that platform's SDK gets (default: the unprocessed config)."),
        OptionSpec(name: "--locale", valueName: "L|all", summary: "A locale (e.g. de_DE) with --platform, or 'all' for every supported locale (with --out-dir)."),
        OptionSpec(name: "--output", valueName: "FILE", summary: "-o: write the body to FILE (default: standard output)."),
        OptionSpec(name: "--out-dir", valueName: "DIR", summary: "With --locale all: write DIR/<platform>/<locale>.json."),
        OptionSpec(name: "--lint", valueName: nil, summary: "Lint what was saved, as 'lint' does (same formats, gates and exit codes)."),
        OptionSpec(name: "--api-url", valueName: "URL", summary: "The API's base URL (default: REVENUECAT_API_URL, else https://api.revenuecat.com)."),
        OptionSpec(name: "--timeout", valueName: "SECONDS", summary: "Time limit per request (default: 30)."),
        OptionSpec(name: "--api-key", valueName: "KEY", summary: "Refused: a key in argv is readable by every user of the machine; set REVENUECAT_API_KEY."),
    ] + ReportingOptions.specs + [ReportingOptions.configFile,
                                  OptionSpec(name: "--baseline", valueName: "FILE", summary: "With --lint: accept the findings recorded in FILE.")]

    enum PullPlatform: String, CaseIterable {
        case ios, android
    }

    /// One body to save, and under which platform it was fetched.
    struct Pulled {
        var path: String
        var bytes: [UInt8]
        var platform: PullPlatform?
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        // First, before anything could echo it: the value itself is never repeated.
        if arguments.has("--api-key") {
            throw UsageError(message: "'--api-key' is not accepted: a key on the command line is readable by every user of the machine (ps, /proc) and lands in shell history",
                             help: "export REVENUECAT_API_KEY instead (in CI, from a secret)")
        }
        guard arguments.positionals.isEmpty else { throw UsageError(message: "'pull' takes no file arguments (got '\(arguments.positionals[0])'); use -o FILE") }
        guard let project = arguments.value("--project"), !project.isEmpty else { throw UsageError(message: "'pull' needs --project ID") }
        guard let customer = arguments.value("--customer"), !customer.isEmpty else { throw UsageError(message: "'pull' needs --customer ID") }
        let platform = try arguments.value("--platform").map { raw throws(UsageError) in try choice(raw, for: "--platform", as: PullPlatform.self) }
        let locale = arguments.value("--locale")
        let output = arguments.value("--output"), outDir = arguments.value("--out-dir")
        if output != nil, outDir != nil { throw UsageError(message: "choose one of '-o' and '--out-dir'") }
        if locale == "all" {
            guard outDir != nil else { throw UsageError(message: "'--locale all' writes one file per platform and locale: give --out-dir DIR") }
        } else {
            if outDir != nil { throw UsageError(message: "'--out-dir' goes with '--locale all'; for one config use -o FILE") }
            if locale != nil, platform == nil {
                throw UsageError(message: "'--locale' needs '--platform': without a platform the API returns the unprocessed config, all locales")
            }
        }
        if arguments.has("--lint"), output == nil || output == "-", outDir == nil {
            throw UsageError(message: "'--lint' lints the saved file: give -o FILE (or --out-dir DIR)")
        }
        let lintOnly = ["--format", "--color", "--rule", "--strict", "--max-warnings", "--quiet", "--config", "--baseline"]
        if !arguments.has("--lint"), let flag = lintOnly.first(where: arguments.has) { throw UsageError(message: "'\(flag)' goes with '--lint'") }
        var policy = CustomerCenterClient.RetryPolicy()
        if let raw = arguments.value("--timeout") {
            guard let seconds = Double(raw), seconds > 0, seconds <= 3600 else { throw UsageError(message: "'--timeout' needs seconds between 0 and 3600, got '\(raw)'") }
            policy.timeout = seconds
        }
        try environmentPolicy(&policy)
        var settings = try ReportingOptions.settings(arguments)
        settings.baselinePath = arguments.value("--baseline")
        let rendering = try ReportingOptions.rendering(arguments, stream: 1)

        let rawURL = arguments.value("--api-url") ?? Terminal.environment("REVENUECAT_API_URL").flatMap { $0.isEmpty ? nil : $0 } ?? Endpoint.defaultBase
        var reason = ""
        guard let endpoint = Endpoint(base: rawURL, reason: &reason) else { throw UsageError(message: "invalid API URL '\(rawURL)': \(reason)") }
        guard let key = Terminal.environment("REVENUECAT_API_KEY"), !key.isEmpty else {
            throw UsageError(message: "set REVENUECAT_API_KEY to a secret API key (v2) with the permission customer_information:customers:read")
        }
        // Outputs never land on the run's own inputs (the configuration file, the baseline).
        var writer = GuardedWriter()
        for input in [settings.configurationPath, settings.baselinePath].compactMap({ $0 }) { writer.noteRead(input) }
        for target in [output, outDir].compactMap({ $0 }) {
            do { try writer.refuseInput(target, option: target == output ? "-o" : "--out-dir") } catch {
                throw UsageError(message: error.message, help: error.help)
            }
        }

        var client: CustomerCenterClient
        do {
            client = try CustomerCenterClient(endpoint: endpoint, apiKey: key, userAgent: "customer-center/\(CustomerCenter.version)",
                                              path: Terminal.environment("PATH"), policy: policy)
        } catch {
            return failure(error.message)
        }
        client.onRetry = { Terminal.err("note: \($0)\n") }

        let pulled: [Pulled]
        do {
            if locale == "all", let outDir {
                pulled = try pullAllLocales(client, project: project, customer: customer, platforms: platform.map { [$0] } ?? PullPlatform.allCases, into: outDir)
            } else {
                let body = try fetch(client, project: project, customer: customer, platform: platform, locale: locale)
                pulled = [Pulled(path: output ?? "-", bytes: body, platform: platform)]
            }
        } catch {
            return failure(error.message)
        }
        // Every body arrived whole and parsed: only now is anything written.
        for item in pulled {
            do {
                if item.path == "-" {
                    Terminal.out(String(decoding: item.bytes, as: UTF8.self))
                } else {
                    try FileSystem.makeDirectories(FileSystem.directory(of: FileSystem.absolute(item.path)))
                    try writer.write(item.bytes, to: item.path, option: outDir == nil ? "-o" : "--out-dir")
                }
            } catch {
                return failure(error.message)
            }
        }
        if pulled.count > 1 { Terminal.err("pulled \(countText(pulled.count, "config")) into \(outDir ?? ".")\n") }
        guard arguments.has("--lint") else { return .success }
        // The saved files, linted exactly as `lint FILE…` would (one run per pulled platform,
        // so a response is checked for the SDK that gets it).
        var status = ExitStatus.success
        for group in Dictionary(grouping: pulled, by: { $0.platform?.rawValue ?? "" }).sorted(by: { $0.key < $1.key }) {
            var groupSettings = settings
            if let platform = group.value.first?.platform { groupSettings.platforms = [platform == .ios ? .ios : .android] }
            let result = Workspace(settings: groupSettings).run(Lint(group.value.map(\.path)))
            status = worse(status, RunOutput.finish(result, format: rendering.format, options: rendering.options))
        }
        return status
    }

    /// The unprocessed config's locales, then every platform × locale, all in memory.
    static func pullAllLocales(_ client: CustomerCenterClient, project: String, customer: String, platforms: [PullPlatform],
                               into directory: String) throws(CustomerCenterClient.Failure) -> [Pulled] {
        let unprocessed = try fetch(client, project: project, customer: customer, platform: nil, locale: nil)
        let analysis = Linter.decode(SourceFile(path: "unprocessed config", bytes: unprocessed))
        guard let config = analysis.config else {
            throw CustomerCenterClient.Failure(message: "the unprocessed config is not a Customer Center config; cannot learn its locales")
        }
        let locales = ResolvedConfig(config).targetLocaleCodes
        guard !locales.isEmpty else { throw CustomerCenterClient.Failure(message: "the unprocessed config names no locale (localization.supported or default)") }
        for locale in locales where !isFileName(locale) {
            throw CustomerCenterClient.Failure(message: "the locale '\(client.redact(locale))' cannot be a file name; nothing was written")
        }
        var pulled: [Pulled] = []
        for platform in platforms {
            for locale in locales {
                let body = try fetch(client, project: project, customer: customer, platform: platform, locale: locale)
                pulled.append(Pulled(path: directory + "/" + platform.rawValue + "/" + locale + ".json", bytes: body, platform: platform))
            }
        }
        return pulled
    }

    /// One body, refused unless it is whole, well-formed JSON with an object at its root.
    static func fetch(_ client: CustomerCenterClient, project: String, customer: String, platform: PullPlatform?,
                      locale: String?) throws(CustomerCenterClient.Failure) -> [UInt8] {
        let body = try client.customerCenter(project: project, customer: customer, platform: platform?.rawValue, locale: locale)
        let what = platform.map { "the \($0.rawValue) config" + (locale.map { " for '\(client.redact($0))'" } ?? "") } ?? "the unprocessed config"
        let source = SourceFile(path: "body", bytes: body)
        if let syntax = DocumentReader.syntaxErrors(of: DocumentReader.read(source, decoding: false)).first {
            let place = source.location(of: syntax.range.start)
            throw CustomerCenterClient.Failure(message: "\(what) from \(client.endpoint.hostDescription) is not whole JSON (truncated or not JSON): "
                + "\(client.redact(syntax.message)) at byte \(syntax.range.start) (line \(place.line)); nothing was written")
        }
        guard body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else {
            throw CustomerCenterClient.Failure(message: "\(what) from \(client.endpoint.hostDescription) is JSON but not an object; nothing was written")
        }
        return body
    }

    /// Retry limits from the environment, for tests and impatient CI jobs.
    static func environmentPolicy(_ policy: inout CustomerCenterClient.RetryPolicy) throws(UsageError) {
        for (name, range) in [("CUSTOMER_CENTER_PULL_RETRIES", 0.0...10), ("CUSTOMER_CENTER_PULL_BACKOFF", 0.0...60), ("CUSTOMER_CENTER_PULL_MAX_WAIT", 0.0...3600)] {
            guard let raw = Terminal.environment(name), !raw.isEmpty else { continue }
            guard let value = Double(raw), range.contains(value) else {
                throw UsageError(message: "\(name) must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got '\(raw)'")
            }
            switch name {
            case "CUSTOMER_CENTER_PULL_RETRIES": policy.retries = Int(value)
            case "CUSTOMER_CENTER_PULL_BACKOFF": policy.backoff = value
            default: policy.maxWait = value
            }
        }
    }

    static func isFileName(_ locale: String) -> Bool {
        !locale.isEmpty && locale.count <= 35 && locale.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    static func failure(_ message: String) -> ExitStatus {
        Terminal.err("error: \(message)\n")
        return .io
    }

    /// The exit code that says more: unreadable over usage over findings over success.
    static func worse(_ a: ExitStatus, _ b: ExitStatus) -> ExitStatus {
        let rank: [ExitStatus: Int] = [.success: 0, .findings: 1, .usage: 2, .io: 3]
        return (rank[a] ?? 0) >= (rank[b] ?? 0) ? a : b
    }
}
