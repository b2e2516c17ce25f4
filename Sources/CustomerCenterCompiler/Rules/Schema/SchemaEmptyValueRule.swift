// A `schema.*` rule, reported by `SchemaWalker` from the definitions in `Schema/`.

import JSONSyntax

/// `schema.empty-value`: an empty id, key, title or url.
package enum SchemaEmptyValueRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.empty-value",
        summary: "An empty id, key, title or url.",
        rationale: "An empty id breaks analytics and events, an empty key refers to nothing, an empty title shows a blank row.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": ↓"", "type": "CANCEL", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title"}]}"#))
}

extension RuleMessage {
    /// `schema.empty-value`.
    static func emptyValue(_ name: String) -> RuleMessage {
        RuleMessage(SchemaEmptyValueRule.descriptor, "\(MessageText.quoted(name)) is empty")
    }
}
