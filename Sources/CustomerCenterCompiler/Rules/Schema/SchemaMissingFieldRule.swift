// A `schema.*` rule, reported by `SchemaWalker` from the definitions in `Schema/`.

import JSONSyntax

/// `schema.missing-field`: a required key is absent.
package enum SchemaMissingFieldRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.missing-field",
        summary: "A required key is absent.",
        rationale: "Without it the config cannot be compiled into what the SDKs require: the screen, path or offer would be missing or fail to load for every user.",
        defaultSeverity: .error, formats: [.authoring, .response],
        blocksCompile: true,
        failingExample: Examples.authoring(screens: #"↓"MANAGEMENT": {"type": "MANAGEMENT", "paths": []}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": []}"#))
}

extension RuleMessage {
    /// `schema.missing-field`.
    static func missingField(_ name: String, in noun: String) -> RuleMessage {
        RuleMessage(SchemaMissingFieldRule.descriptor, "missing required field \(MessageText.quoted(name)) in \(noun)")
    }

    /// `schema.missing-field`: a JSON object of neither format.
    static let neitherFormat = RuleMessage(SchemaMissingFieldRule.descriptor,
        "not a Customer Center config: an authoring config has 'screens' and 'localization', an SDK response has 'customer_center'")
}
