// A `schema.*` rule: its check is below; the schema walk (`SchemaWalker`) calls it where a value
// does not fit the definitions in `Schema/`.

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

extension SchemaEnumValueRule {
    /// Reports `text`, the value of `name` at `range`, when it is none of `allowed`: a case
    /// mistake has one repair (safe); a synonym or near miss is a guess (unsafe). The schema walk
    /// calls it for each string with an enum.
    static func check(_ text: String, allowed: [String], name: String, at range: ByteRange, pointer: () -> JSONPointer,
                      into sink: inout DiagnosticSink) {
        guard !allowed.contains(text) else { return }
        let caseOnly = allowed.first { $0.lowercased() == text.lowercased() }
        let suggestion = caseOnly ?? synonyms[text.uppercased()].flatMap { allowed.contains($0) ? $0 : nil }
            ?? Suggestion.closest(to: text, among: allowed)
        sink.emit(.enumValue(text, field: name, allowed: allowed),
                  at: range, pointer: pointer(),
                  fix: suggestion.map { Fix(message: caseOnly != nil ? "write '\($0)'" : "did you mean '\($0)'?",
                                            edits: [TextEdit(range: range, replacement: JSONWriter.quoted($0))],
                                            applicability: caseOnly != nil ? .safe : .unsafe) })
    }

    /// Words people write for an enum value the format spells differently.
    static let synonyms: [String: String] = [
        "LESS": "SMALLER", "LESS_THAN": "SMALLER", "LT": "SMALLER", "BELOW": "SMALLER", "FEWER": "SMALLER",
        "MORE": "GREATER", "MORE_THAN": "GREATER", "GREATER_THAN": "GREATER", "GT": "GREATER", "ABOVE": "GREATER",
        "INAPP": "IN_APP", "IN-APP": "IN_APP", "BROWSER": "EXTERNAL", "SAFARI": "EXTERNAL",
        "REFUND": "REFUND_REQUEST", "CANCELLATION": "CANCEL", "CANCEL_SUBSCRIPTION": "CANCEL", "RESTORE": "MISSING_PURCHASE",
    ]
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
