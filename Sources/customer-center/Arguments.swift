import CustomerCenterCompiler

/// A usage error: exit 2, message and hint on standard error.
struct UsageError: Error {
    let message: String
    var help: String?
}

/// One option a command accepts.
struct OptionSpec {
    let name: String
    let valueName: String?
    let summary: String
    var repeatable = false

    var takesValue: Bool { valueName != nil }
}

/// The parsed command line of one command: options by name, positional arguments in order.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// Splits `argv` against `specs`: `--name value`, `--name=value`, `--` ends options, `-` is positional.
    static func parse(_ argv: [String], specs: [OptionSpec], command: String) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < argv.count {
            let arg = argv[index]
            index += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            var name = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            if name == "-o" { name = "--output" }
            if name == "-h" { name = "--help" }
            guard let spec = specs.first(where: { $0.name == name }) else {
                let suggestion = Suggestion.closest(to: name, among: specs.map(\.name))
                // A file whose name starts with '-' reads as an option: say how to name it.
                let looksLikeFile = arg.contains(".") || arg.contains("/") || Workspace.exists(arg)
                let fileHelp = "to name the file '\(arg)', write './\(arg)' or put it after '--'"
                throw UsageError(message: "unknown option '\(name)' for '\(command)'",
                                 help: suggestion.map { "did you mean '\($0)'?" + (looksLikeFile ? " (\(fileHelp))" : "") } ?? (looksLikeFile ? fileHelp : nil))
            }
            if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < argv.count {
                    value = argv[index]
                    index += 1
                } else {
                    throw UsageError(message: "option '\(name)' needs a value (\(spec.valueName ?? "VALUE"))")
                }
                if value.isEmpty {
                    throw UsageError(message: "option '\(name)' needs a value (\(spec.valueName ?? "VALUE")), got an empty one")
                }
                if !spec.repeatable, result.values[name] != nil {
                    throw UsageError(message: "option '\(name)' given more than once")
                }
                result.values[name, default: []].append(value)
            } else {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                result.flags.insert(name)
            }
        }
        return result
    }
}

/// Reads an enum-valued option with a "did you mean" on a bad value.
func choice<T: RawRepresentable & CaseIterable>(_ raw: String, for option: String, as type: T.Type) throws(UsageError) -> T where T.RawValue == String {
    if let value = T(rawValue: raw) { return value }
    let names = T.allCases.map(\.rawValue)
    throw UsageError(message: "invalid value '\(raw)' for '\(option)'; expected one of \(names.joined(separator: ", "))",
                     help: Suggestion.closest(to: raw, among: names).map { "did you mean '\($0)'?" })
}
