import CustomerCenterCompiler

struct InitCommand: Command {
    static let name = "init"
    static let summary = "Print the default config: every string in 32 locales, lint-clean, compiles for iOS and Android."
    static let usage = "customer-center init [--locales all|en,de,…] > customer_center.json"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--locales", valueName: "LIST", summary: "all (default) or a comma-separated list of the 32 locales."),
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first { throw UsageError(message: "'init' takes no arguments, got '\(extra)'") }
        var locales = DefaultConfig.locales
        if let raw = arguments.value("--locales"), raw != "all" {
            locales = []
            for code in raw.split(separator: ",").map(String.init) {
                guard DefaultConfig.locales.contains(code) else {
                    throw UsageError(message: "'\(code)' is not one of the default config's locales (\(DefaultConfig.locales.joined(separator: " ")))",
                                     help: Suggestion.closest(to: code, among: DefaultConfig.locales).map { "did you mean '\($0)'?" })
                }
                if !locales.contains(code) { locales.append(code) }
            }
            if locales.isEmpty { throw UsageError(message: "'--locales' needs at least one locale") }
        }
        Terminal.out(DefaultConfig.json(locales: locales))
        return .success
    }
}
