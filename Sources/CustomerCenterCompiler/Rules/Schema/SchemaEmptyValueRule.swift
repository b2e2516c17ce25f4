// A `schema.*` rule: its check is below; the schema walk (`SchemaWalker`) calls it where a value
// does not fit the definitions in `Schema/`.

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

extension SchemaEmptyValueRule {
    /// Reports `text`, the value of `name` at `range`, when it is empty; whether it did (an
    /// empty value has nothing else to check). The schema walk calls it for each string that
    /// must not be empty.
    static func check(_ text: String, name: String, at range: ByteRange, pointer: () -> JSONPointer,
                      into sink: inout DiagnosticSink) -> Bool {
        guard text.isEmpty else { return false }
        sink.emit(.emptyValue(name), at: range, pointer: pointer())
        return true
    }
}

extension RuleMessage {
    /// `schema.empty-value`.
    static func emptyValue(_ name: String) -> RuleMessage {
        RuleMessage(SchemaEmptyValueRule.descriptor, "\(MessageText.quoted(name)) is empty")
    }
}
