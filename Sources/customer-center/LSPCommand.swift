import CustomerCenterLanguageServer

struct LSPCommand: Command {
    static let name = "lsp"
    static let summary = "Run the language server on stdin/stdout (for editors)."
    static let usage = "customer-center lsp [--stdio]"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--stdio", valueName: nil, summary: "Talk LSP over stdin and stdout (the default and only transport; editors often pass it)."),
    ]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first { throw UsageError(message: "'lsp' takes no arguments, got '\(extra)'") }
        let status = StdioLoop.run()
        return status == 0 ? .success : .findings
    }
}
