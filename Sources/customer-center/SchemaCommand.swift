import CustomerCenterCompiler

struct SchemaCommand: Command {
    static let name = "schema"
    static let summary = "Print the JSON Schema of the authoring format (for editor completion)."
    static let usage = "customer-center schema"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first { throw UsageError(message: "'schema' takes no arguments, got '\(extra)'") }
        Terminal.out(JSONSchemaGenerator.authoringSchema())
        return .success
    }
}
