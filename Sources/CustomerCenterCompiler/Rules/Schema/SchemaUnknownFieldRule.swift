// A `schema.*` rule: its check is below; the schema walk (`SchemaWalker`) calls it where a value
// does not fit the definitions in `Schema/`.

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

extension SchemaUnknownFieldRule {
    /// Reports `member`, a key the object (`noun`) does not have, with the nearest of `known`
    /// as a fix. The schema walk calls it for each member no field matches.
    static func report(_ member: JSONNode.Member, known: [String], in noun: String, pointer: JSONPointer,
                       into sink: inout DiagnosticSink) {
        let key = member.key
        let suggestion = Suggestion.closest(to: key, among: known)
        sink.emit(.unknownField(key, in: noun),
                  at: member.keyRange, pointer: pointer,
                  fix: suggestion.map { Fix(message: "did you mean '\($0)'?", edits: [TextEdit(range: member.keyRange, replacement: JSONWriter.quoted($0))]) })
    }
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
