// A `schema.*` rule, reported by `SchemaWalker` from the definitions in `Schema/`.

import JSONSyntax

/// `schema.unknown-field`: a key the format does not have.
package enum SchemaUnknownFieldRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.unknown-field",
        summary: "A key the format does not have (with the nearest known key).",
        rationale: "The SDKs ignore keys they do not know, so a misspelt key (say 'subtitel_key') silently does nothing: users would not see the subtitle you wrote.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(extra: #"↓"apperance": {}"#),
        passingExample: Examples.authoring(extra: #""appearance": {}"#))
}

extension RuleMessage {
    /// `schema.unknown-field`.
    static func unknownField(_ key: String, in noun: String) -> RuleMessage {
        RuleMessage(SchemaUnknownFieldRule.descriptor, "unknown field \(MessageText.quoted(key)) in \(noun)")
    }

    /// `schema.unknown-field` in a configuration file's `rules`.
    static func unknownRuleKey(_ id: String) -> RuleMessage {
        RuleMessage(SchemaUnknownFieldRule.descriptor, "unknown rule \(MessageText.quoted(id))")
    }
}
