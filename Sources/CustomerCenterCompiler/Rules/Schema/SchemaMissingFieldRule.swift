// A `schema.*` rule: its check is below; the schema walk (`SchemaWalker`) calls it where a value
// does not fit the definitions in `Schema/`.

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

extension SchemaMissingFieldRule {
    /// Reports the required field `name` (described by `description`) absent from the object
    /// (`noun`) whose finding points at `anchor`. The schema walk calls it for each.
    static func report(_ name: String, description: String, in noun: String, at anchor: ByteRange, pointer: JSONPointer,
                       into sink: inout DiagnosticSink) {
        sink.emit(.missingField(name, in: noun),
                  at: anchor, pointer: pointer,
                  notes: [sink.note("\(name): \(description)", at: anchor)])
    }

    /// Reports a JSON object that has the members of neither format, at `root`'s first byte.
    static func reportNeitherFormat(_ root: JSONNode, into sink: inout DiagnosticSink) {
        sink.emit(.neitherFormat,
                  at: ByteRange(root.range.start, min(root.range.end, root.range.start + 1)))
    }
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
