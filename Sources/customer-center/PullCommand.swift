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

    /// RevenueCat's API as the job's source of bodies.
    struct API: PulledConfigSource {
        let client: CustomerCenterClient, project: String, customer: String
        var origin: String { client.endpoint.hostDescription }
        func redact(_ text: String) -> String { client.redact(text) }
        func body(platform: Platform?, locale: String?) throws(PullFailure) -> [UInt8] {
            do { return try client.customerCenter(project: project, customer: customer, platform: platform?.rawValue, locale: locale) } catch {
                throw PullFailure(message: error.message)
            }
        }
    }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        let job = try PullArguments.job(arguments)  // every usage error, the key's first; the job once the source is known
        var policy: CustomerCenterClient.RetryPolicy
        do { policy = try CustomerCenterClient.RetryPolicy(environment: Terminal.environment) } catch { throw UsageError(message: error.message) }
        if let raw = arguments.value("--timeout"), !policy.setTimeout(raw) { throw UsageError(message: "'--timeout' needs seconds between 0 and 3600, got '\(raw)'") }
        var settings = try ReportingOptions.settings(arguments)
        settings.baselinePath = arguments.value("--baseline")
        let rendering = try ReportingOptions.rendering(arguments, stream: 1)
        let rawURL = arguments.value("--api-url") ?? Terminal.environment("REVENUECAT_API_URL").flatMap { $0.isEmpty ? nil : $0 } ?? Endpoint.defaultBase
        var reason = ""
        guard let endpoint = Endpoint(base: rawURL, reason: &reason) else { throw UsageError(message: "invalid API URL '\(rawURL)': \(reason)") }
        guard let key = Terminal.environment("REVENUECAT_API_KEY"), !key.isEmpty else {
            throw UsageError(message: "set REVENUECAT_API_KEY to a secret API key (v2) with the permission customer_information:customers:read")
        }
        var client: CustomerCenterClient
        do {
            client = try CustomerCenterClient(endpoint: endpoint, apiKey: key, userAgent: "customer-center/\(CustomerCenter.version)",
                                              path: Terminal.environment("PATH"), policy: policy)
        } catch {
            Terminal.err("error: \(error.message)\n")
            return .io
        }
        client.onRetry = { Terminal.err("note: \($0)\n") }
        let api = API(client: client, project: arguments.value("--project") ?? "", customer: arguments.value("--customer") ?? "")
        let result = Workspace(settings: settings).run(job(api))
        if result.output.count > 1 { Terminal.err("pulled \(countText(result.output.count, "config")) into \(arguments.value("--out-dir") ?? ".")\n") }
        return RunOutput.finish(result, format: rendering.format, options: rendering.options, renderReport: arguments.has("--lint"))
    }
}
