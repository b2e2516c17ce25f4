import CustomerCenterCompiler

/// `pull`'s flags as a ``SavePulled`` job: every combination that cannot work is a usage error
/// before anything is fetched.
enum PullArguments {
    static func job(_ arguments: ParsedArguments) throws(UsageError) -> (any PulledConfigSource) -> SavePulled {
        // First, before anything could echo it: the value itself is never repeated.
        if arguments.has("--api-key") {
            throw UsageError(message: "'--api-key' is not accepted: a key on the command line is readable by every user of the machine (ps, /proc) and lands in shell history",
                             help: "export REVENUECAT_API_KEY instead (in CI, from a secret)")
        }
        guard arguments.positionals.isEmpty else { throw UsageError(message: "'pull' takes no file arguments (got '\(arguments.positionals[0])'); use -o FILE") }
        guard let project = arguments.value("--project"), !project.isEmpty else { throw UsageError(message: "'pull' needs --project ID") }
        guard let customer = arguments.value("--customer"), !customer.isEmpty else { throw UsageError(message: "'pull' needs --customer ID") }
        let platform = try arguments.value("--platform").map { raw throws(UsageError) in try choice(raw, for: "--platform", as: PullPlatform.self).platform }
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
        let destination: SavePulled.Destination = outDir.map { .everyLocale(directory: $0) }
            ?? (output.flatMap { $0 == "-" ? nil : SavePulled.Destination.file($0) } ?? .standardOutput)
        let lint = arguments.has("--lint")
        return { SavePulled(platform: platform, locale: locale == "all" ? nil : locale, destination: destination, lint: lint, from: $0) }
    }

    enum PullPlatform: String, CaseIterable {
        case ios, android

        var platform: Platform { self == .ios ? .ios : .android }
    }
}
