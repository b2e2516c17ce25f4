import CustomerCenterCompiler

struct InitCommand: Command {
    static let name = "init"
    static let summary = "Print the default config: every string in 32 locales, lint-clean, compiles for iOS and Android."
    static let usage = "customer-center init [--locales all|en,de,…] [-o FILE [--force]]"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--locales", valueName: "LIST", summary: "all (default) or a comma-separated list (any case; BCP 47 tags such as pt-BR)."),
        OptionSpec(name: "--output", valueName: "FILE", summary: "Write the config to FILE (-o; '-' for stdout); an existing file needs --force."),
        OptionSpec(name: "--force", valueName: nil, summary: "Let -o replace an existing file."),
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first { throw UsageError(message: "'init' takes no arguments, got '\(extra)'", help: "write to a file with -o \(extra)") }
        var locales = DefaultConfig.locales
        if let raw = arguments.value("--locales"), raw.filter({ !$0.isWhitespace }).lowercased() != "all" {
            switch DefaultConfig.parseLocales(raw) {
            case .success(let parsed):
                locales = parsed
            case .failure(let error):
                throw UsageError(message: error.message, help: error.help)
            }
            if locales.isEmpty { throw UsageError(message: "'--locales' needs at least one locale") }
        }
        if arguments.has("--force"), !arguments.has("--output") { throw UsageError(message: "'--force' goes with -o FILE") }
        let result = Workspace().run(Init(locales: locales, output: arguments.value("--output"), force: arguments.has("--force")))
        try RunOutput.refusal(result)
        let status = RunOutput.finish(result, format: .human, options: RenderOptions(), stream: 2, renderReport: false)
        RunOutput.say(result.output)
        return status
    }
}
