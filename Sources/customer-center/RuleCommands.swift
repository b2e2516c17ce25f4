import CustomerCenterCompiler

struct RulesCommand: Command {
    static let name = "rules"
    static let summary = "List every rule, one line each."
    static let usage = "customer-center rules [--format human|json|markdown]"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--format", valueName: "FORMAT", summary: "human (default), json, or markdown (the table in docs/rules.md)."),
    ]

    enum Format: String, CaseIterable { case human, json, markdown }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first { throw UsageError(message: "'rules' takes no arguments, got '\(extra)'") }
        switch try choice(arguments.value("--format") ?? "human", for: "--format", as: Format.self) {
        case .human: Terminal.out(RuleDocumentation.list())
        case .json: Terminal.out(RuleDocumentation.json())
        case .markdown: Terminal.out(RuleDocumentation.markdownTable())
        }
        return .success
    }
}

struct ExplainCommand: Command {
    static let name = "explain"
    static let summary = "Explain a rule: what it reports, why it matters, a failing and a passing example."
    static let usage = "customer-center explain RULE"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
            throw UsageError(message: "'explain' takes one rule id (see 'customer-center rules')")
        }
        guard let rule = RuleCatalog.descriptor(for: RuleID(rawValue: id)) else {
            throw UsageError(message: "unknown rule '\(id)'",
                             help: Suggestion.closest(to: id, among: RuleCatalog.all.map(\.id.rawValue)).map { "did you mean '\($0)'?" })
        }
        Terminal.out(RuleDocumentation.explain(rule))
        return .success
    }
}
