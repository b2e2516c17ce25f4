/// The explicit registry of every rule (SPEC §5). Order here is the order `rules` prints.
public enum RuleCatalog {
    /// Every rule type.
    public static let ruleTypes: [any Rule.Type] = [
        JSONSyntaxRule.self, JSONCommentRule.self, JSONTrailingCommaRule.self, JSONDuplicateKeyRule.self,
        JSONInvalidUTF8Rule.self, JSONByteOrderMarkRule.self, JSONDepthRule.self,
    ]

    /// Every rule's descriptor.
    public static let all: [RuleDescriptor] = ruleTypes.map { $0.descriptor }

    private static let byID: [RuleID: RuleDescriptor] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The descriptor of `id`, if the rule exists.
    public static func descriptor(for id: RuleID) -> RuleDescriptor? { byID[id] }
}
