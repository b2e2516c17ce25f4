// A `schema.*` rule: its check is below; the schema walk (`SchemaWalker`) calls it where a value
// does not fit the definitions in `Schema/`.

import JSONSyntax

/// `schema.type-mismatch`: a value of the wrong JSON type, `null`, a fraction, or out of range.
package enum SchemaTypeMismatchRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.type-mismatch",
        summary: "A value of the wrong JSON type: includes null where a value is required, fractions and out-of-range numbers.",
        rationale: "Both SDKs decode strictly: a number where text belongs, or \"true\" in quotes, makes the whole config fail on iOS and the screen or config fail on Android.",
        defaultSeverity: .error, formats: [.authoring, .response],
        blocksCompile: true,
        failingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓"14 days"}]}}"#),
        passingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}]}}"#))
}

extension SchemaTypeMismatchRule {
    /// What `node` is, as a finding says it ("null", "the number 3", "the string 'x'", "an object").
    static func found(_ node: JSONNode) -> String {
        switch node.kind {
        case .null: return "null"
        case .number: return "the number \(node.numberValue?.text ?? "")"
        case .string: return "the string \(MessageText.quoted(node.stringValue ?? "", limit: 30))"
        case .bool: return node.boolValue == true ? "true" : "false"
        default: return node.typeName == "object" ? "an object" : "an array"
        }
    }

    /// Reports a value of an authoring config that does not fit its type, at `range`, in the
    /// walk's `sentence` ("'id' must be a string, found the number 3"). The schema walk calls it.
    static func report(_ sentence: String, at range: ByteRange, pointer: JSONPointer, into sink: inout DiagnosticSink) {
        sink.emit(.wrongType(sentence), at: range, pointer: pointer)
    }

    /// Reports `null` at `range` where `name` requires a value (`expected`). The schema walk calls it.
    static func reportNull(_ name: String, expected: String, at range: ByteRange, pointer: JSONPointer, into sink: inout DiagnosticSink) {
        sink.emit(.wrongType(name, expected: expected, found: "null"), at: range, pointer: pointer)
    }

    /// Reports a document that is not a JSON object, at its first byte.
    static func reportNotAnObject(_ root: JSONNode, into sink: inout DiagnosticSink) {
        let name = root.typeName
        sink.emit(.notAnObject(found: root.kind == .null ? "null" : (name.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + name),
                  at: ByteRange(root.range.start, min(root.range.end, root.range.start + 1)))
    }
}

extension RuleMessage {
    /// `schema.type-mismatch`: `found` describes the value ("null", "the number 3").
    static func wrongType(_ name: String, expected: String, found: String) -> RuleMessage {
        RuleMessage(SchemaTypeMismatchRule.descriptor, "\(MessageText.quoted(name)) must be \(expected), found \(found)")
    }

    /// `schema.type-mismatch` with a sentence built by the schema (ranges, whole numbers).
    static func wrongType(_ sentence: String) -> RuleMessage {
        RuleMessage(SchemaTypeMismatchRule.descriptor, sentence)
    }

    /// `schema.type-mismatch`: the document is not an object.
    static func notAnObject(found: String) -> RuleMessage {
        RuleMessage(SchemaTypeMismatchRule.descriptor, "a Customer Center config must be a JSON object, found \(found)")
    }

    /// `schema.type-mismatch` in a configuration file's `ignore`.
    static func notAPointer(_ text: String) -> RuleMessage {
        RuleMessage(SchemaTypeMismatchRule.descriptor, "\(MessageText.quoted(text)) is not a JSON pointer: it must be empty or start with '/'")
    }
}
