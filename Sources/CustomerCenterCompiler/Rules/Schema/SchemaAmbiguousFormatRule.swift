// A `schema.*` rule, checked below when the linter detects a document's format (docs/formats.md
// "Format detection").

import JSONSyntax

/// `schema.ambiguous-format`: a document with an SDK response's `customer_center` and an authoring
/// config's root members at once, read as a response without `--input-format` saying so.
package enum SchemaAmbiguousFormatRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.ambiguous-format",
        summary: "A document with both an SDK response's 'customer_center' and an authoring config's root members.",
        rationale: "Read as a response, an authoring config's 'screens' and 'localization' are never checked: a stray 'customer_center' would turn every finding of the real config into silence. Remove the stray member, or say which format it is with --input-format.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response().replacingOccurrences("{\n  \"customer_center\"", with: "{\n  ↓\"localization\": {},\n  \"customer_center\""),
        passingExample: Examples.response(), exampleFormat: .response, examplesDetectTheFormat: true)
}

extension SchemaAmbiguousFormatRule {
    /// Reports each member of `root`, a document read as a response because its format was
    /// detected, that is one of an authoring config's root members (`authoringKeys`).
    static func check(_ root: JSONNode, authoringKeys: Set<String>, into sink: inout DiagnosticSink) {
        guard let members = root.objectMembers else { return }
        for member in members where authoringKeys.contains(member.key) {
            sink.emit(.ambiguousFormat(member.key), at: member.keyRange, pointer: JSONPointer.root.appending(member.key))
        }
    }
}

extension RuleMessage {
    /// `schema.ambiguous-format`.
    static func ambiguousFormat(_ key: String) -> RuleMessage {
        RuleMessage(SchemaAmbiguousFormatRule.descriptor,
                    "\(MessageText.quoted(key)) is an authoring config's member, but 'customer_center' at the root made this document "
                        + "read as an SDK response, where \(MessageText.quoted(key)) is not checked; remove the stray member, "
                        + "or pass --input-format authoring or --input-format response to say which it is")
    }
}
