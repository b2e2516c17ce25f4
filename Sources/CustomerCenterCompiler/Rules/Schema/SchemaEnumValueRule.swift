// A `schema.*` rule, reported by `SchemaWalker` from the definitions in `Schema/`.

import JSONSyntax

/// `schema.enum-value`: a value outside its enum.
package enum SchemaEnumValueRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.enum-value",
        summary: "A value outside its enum; case mistakes and near misses get a fix.",
        rationale: "Enum values match exactly and case-sensitively: 'cancel' is not CANCEL. iOS hides such a path and Android drops it, so users would not see the option.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe, .unsafe],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": ↓"cancel", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title"}]}"#))
}

extension RuleMessage {
    /// `schema.enum-value`.
    static func enumValue(_ text: String, field: String, allowed: [String]) -> RuleMessage {
        RuleMessage(SchemaEnumValueRule.descriptor,
                    "\(MessageText.quoted(text)) is not a valid \(MessageText.quoted(field)); expected \(MessageText.alternatives(allowed))")
    }

    /// `schema.enum-value` in a configuration file's `ignore`.
    static func unknownRuleValue(_ id: String) -> RuleMessage {
        RuleMessage(SchemaEnumValueRule.descriptor, "unknown rule \(MessageText.quoted(id))")
    }
}
