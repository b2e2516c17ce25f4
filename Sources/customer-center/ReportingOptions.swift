import CustomerCenterCompiler

/// Options shared by commands that report diagnostics, read into the run's settings.
enum ReportingOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "--format", valueName: "FORMAT", summary: "human, compact, json, sarif, github, junit, gitlab, checkstyle, rdjson or rdjsonl (default: human)."),
        OptionSpec(name: "--color", valueName: "WHEN", summary: "auto, always or never (default: auto; NO_COLOR is honoured)."),
        OptionSpec(name: "--rule", valueName: "ID=LEVEL", summary: "Set a rule (or a group: 'l10n.*') to off, note, warning or error (repeatable).", repeatable: true),
        OptionSpec(name: "--strict", valueName: nil, summary: "Warnings fail the run too."),
        OptionSpec(name: "--max-warnings", valueName: "N", summary: "Fail when there are more than N warnings."),
        OptionSpec(name: "--quiet", valueName: nil, summary: "Report errors only."),
        oldestSDK,
        jobs,
    ]
    static let jobs = OptionSpec(name: "--jobs", valueName: "N", summary: "Use N threads: N files at once, or one large file on N (default: every core; the output is the same).")
    static let oldestSDK = OptionSpec(name: "--oldest-sdk", valueName: "PLATFORM=VERSION,…",
                                      summary: "The oldest SDKs in the field, e.g. ios=5.20.0,android=8.10.0: also report what they do not handle (docs/sdk-compatibility.md).")
    static let stdinFilename = OptionSpec(name: "--stdin-filename", valueName: "NAME", summary: "The name to report for standard input.")
    static let forceExclude = OptionSpec(name: "--force-exclude", valueName: nil,
                                         summary: "Files named here follow the configuration file's include/exclude too (pre-commit); the rest are skipped silently.")
    static let configFile = OptionSpec(name: "--config", valueName: "FILE", summary: "Use this configuration file instead of finding .customer-center.json.")
    static let rule = OptionSpec(name: "--rule", valueName: "ID=LEVEL", summary: "Set a rule (or a group: 'l10n.*') to off, note, warning or error (repeatable).", repeatable: true)

    /// The run's settings from the options a command has.
    static func settings(_ arguments: ParsedArguments) throws(UsageError) -> RunSettings {
        var settings = RunSettings()
        settings.inputFormat = try inputFormat(arguments)
        // Only when given: even a `nil` set of platforms put in place is destroyed through its
        // type's metadata, and the first `Set<Platform>` metadata of a process scans every
        // protocol conformance loaded (docs/performance.md "The start").
        if arguments.has("--platform") { settings.platforms = try platforms(arguments) }
        for pair in arguments.all("--rule") {
            do {
                settings.rules.append(try RuleSelection.parse(pair))
            } catch {
                throw UsageError(message: error.message, help: error.help)
            }
        }
        settings.oldestSDK = try oldestSDK(arguments)
        settings.quiet = arguments.has("--quiet")
        settings.strict = arguments.has("--strict")
        if let raw = arguments.value("--max-warnings") {
            guard let n = Int(raw), n >= 0 else { throw UsageError(message: "'--max-warnings' needs a whole number, got '\(raw)'") }
            settings.maxWarnings = n
        }
        settings.jobs = try jobs(arguments)
        settings.configurationPath = arguments.value("--config")
        settings.stdinName = arguments.value("--stdin-filename")
        settings.forceExclude = arguments.has("--force-exclude")
        return settings
    }

    /// `--stdin-filename` names standard input: with no `-` among the inputs it would name
    /// nothing, which is almost always a mistake (a hook passing files and the name).
    static func checkStdinName(_ arguments: ParsedArguments, inputs: [String]) throws(UsageError) {
        guard let name = arguments.value("--stdin-filename"), !inputs.contains("-") else { return }
        throw UsageError(message: "'--stdin-filename \(name)' names standard input, but no '-' is among the files",
                         help: "add '-' to read standard input, or leave out '--stdin-filename'")
    }

    /// `--jobs N` (a whole number, at least 1); `nil`: one per core.
    static func jobs(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
        guard let raw = arguments.value("--jobs") else { return nil }
        guard let n = Int(raw), n >= 1 else {
            throw UsageError(message: "'--jobs' needs a whole number of at least 1, got '\(raw)'", help: "'--jobs 1' checks one file at a time")
        }
        return n
    }

    /// `--oldest-sdk ios=5.20.0,android=8.10.0`; `nil` when not given.
    static func oldestSDK(_ arguments: ParsedArguments) throws(UsageError) -> OldestSDK? {
        guard let raw = arguments.value("--oldest-sdk") else { return nil }
        switch OldestSDK.parse(raw) {
        case .success(let versions): return versions
        case .failure(let error): throw UsageError(message: "invalid value for '--oldest-sdk': \(error.message)", help: error.help)
        }
    }

    /// `--input-format`; `nil` for auto.
    static func inputFormat(_ arguments: ParsedArguments) throws(UsageError) -> InputFormat? {
        guard let raw = arguments.value("--input-format"), raw != "auto" else { return nil }
        return try choice(raw, for: "--input-format", as: InputFormatChoice.self).format
    }

    /// `--platform`; `nil` to infer.
    static func platforms(_ arguments: ParsedArguments) throws(UsageError) -> Set<Platform>? {
        guard let raw = arguments.value("--platform") else { return nil }
        return try choice(raw, for: "--platform", as: PlatformChoice.self).platforms
    }

    /// `--locale` of `compile` and `preview`: `nil` for all, else the codes given. A code that
    /// is not a locale code is a usage error with "did you mean" (`jp` → `ja`), as it is in the
    /// configuration file: it would otherwise compile a payload named 'jp' in the fallback's text.
    static func locales(_ arguments: ParsedArguments) throws(UsageError) -> [String]? {
        guard let raw = arguments.value("--locale"), raw != "all" else { return nil }
        let locales = raw.split(separator: ",").map { String($0) }
        if locales.isEmpty { throw UsageError(message: "'--locale' needs a locale, a list or 'all'") }
        for code in locales {
            if let meant = LocaleCode.knownMistakes[LocaleCode.normalized(code)] {
                throw UsageError(message: "'\(code)' is not a locale code for '--locale'", help: "did you mean '\(meant)'?")
            }
            if !LocaleCode.isWellFormed(code) {
                throw UsageError(message: "'\(code)' is not a locale code for '--locale' (BCP 47, e.g. 'de', 'pt-BR', 'zh-Hant')")
            }
        }
        // Canonical BCP 47 case, each locale once (`de,DE,de_DE` → `de`, `de-DE`): no two
        // outputs may differ only in case (a case-insensitive file system would merge them).
        var seen = Set<String>()
        return locales.map(LocaleCode.canonicalCase).filter { seen.insert(LocaleCode.normalized($0)).inserted }
    }

    /// `--format` and `--color` as render options for a stream.
    static func rendering(_ arguments: ParsedArguments, stream: Int32) throws(UsageError) -> (format: ReportFormat, options: RenderOptions) {
        let format = try choice(arguments.value("--format") ?? "human", for: "--format", as: ReportFormat.self)
        let color = try choice(arguments.value("--color") ?? "auto", for: "--color", as: ColorChoice.self)
        return (format, Workspace.renderOptions(color: Terminal.colorAllowed(color, stream: stream)))
    }
}
