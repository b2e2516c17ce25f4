import CustomerCenterCompiler

/// Process exit codes (docs/commands.md "Exit codes").
enum ExitStatus: Int32 {
    case success = 0
    case findings = 1
    case usage = 2
    case io = 3
}

/// A subcommand: its options, help, and what it does.
protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus
}

enum CommandLineTool {
    static let commands: [any Command.Type] = [LintCommand.self, CompileCommand.self, FormatCommand.self, InitCommand.self, DiffCommand.self, PullCommand.self, ExplainCommand.self, RulesCommand.self, SchemaCommand.self, PreviewCommand.self, StringsCommand.self, LSPCommand.self]

    static func run(_ argv: [String]) -> ExitStatus {
        guard let first = argv.first else {
            Terminal.err(topLevelHelp())
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            // `help lint` is `lint --help`, as git and cargo do it.
            if argv.count > 1, let command = commands.first(where: { $0.name == argv[1] }) {
                Terminal.out(help(for: command))
                return .success
            }
            if argv.count > 1 {
                let suggestion = Suggestion.closest(to: argv[1], among: commands.map { $0.name })
                return usageFailure(UsageError(message: "no help for unknown command '\(argv[1])'", help: suggestion.map { "did you mean '\($0)'?" }),
                                    usage: "customer-center help <command>", command: nil)
            }
            Terminal.out(topLevelHelp())
            return .success
        case "--version":
            Terminal.out("customer-center \(CustomerCenter.version)\n")
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let names = commands.map { $0.name }
            let suggestion = Suggestion.closest(to: first, among: names + ["--help", "--version"])
            return usageFailure(UsageError(
                message: first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'",
                help: suggestion.map { "did you mean '\($0)'?" }), usage: "customer-center <command> [options]", command: nil)
        }
        let specs = command.options + [
            OptionSpec(name: "--help", valueName: nil, summary: "Show this help."),
            OptionSpec(name: "--version", valueName: nil, summary: "Print the version."),
        ]
        do {
            let parsed = try ParsedArguments.parse(Array(argv.dropFirst()), specs: specs, command: command.name)
            if parsed.has("--help") {
                Terminal.out(help(for: command))
                return .success
            }
            if parsed.has("--version") {
                Terminal.out("customer-center \(CustomerCenter.version)\n")
                return .success
            }
            return try command.run(parsed)
        } catch {
            return usageFailure(error, usage: command.usage, command: command.name)
        }
    }

    static func usageFailure(_ error: UsageError, usage: String, command: String?) -> ExitStatus {
        var text = "error: \(error.message)\n"
        if let help = error.help { text += "help: \(help)\n" }
        text += "usage: \(usage)\n"
        text += "See 'customer-center \(command.map { $0 + " " } ?? "")--help'.\n"
        Terminal.err(text)
        return .usage
    }
}
