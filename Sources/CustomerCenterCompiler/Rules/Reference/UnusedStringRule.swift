/// `ref.unused-string`: a string nothing references and the SDKs do not know.

import JSONSyntax
package enum UnusedStringRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "ref.unused-string",
        summary: "A string that nothing references and the SDKs do not know.",
        rationale: "Dead text still has to be translated into every locale, and it often means a reference has a typo: some screen shows a different key than the one you translated.",
        defaultSeverity: .warning, formats: [.authoring],
        marksUnnecessaryCode: true,
        failingExample: Examples.authoring(strings: #""title": {"en": "Help"}, ↓"legacy_title": {"en": "Old help"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help"}, "contact_support": {"en": "Write to us"}"#))

    package static func check(_ context: inout RuleContext) {
        let entries = context.resolved.strings.entries
        // (Read once: each use of the static value would copy it.)
        let rule = descriptor
        for position in entries.indices where !context.resolved.isReferenced(entryAt: position) {
            let key = entries.key(at: position)
            guard !SDKStrings.keys.contains(key), context.resolved.driftingKeys[key] == nil else { continue }
            // A table of thousands of dead keys reports each, but shows 500: the entry (for the
            // pointer) and the words are made only for a finding kept and shown.
            context.report(rule, at: entries.keyRange(at: position), pointer: { entries[position].key.pointer },
                           message: { .unusedString(key) })
        }
    }
}

extension RuleMessage {
    /// `ref.unused-string`.
    static func unusedString(_ key: String) -> RuleMessage {
        RuleMessage(UnusedStringRule.descriptor, "string \(MessageText.quoted(key)) is never used: no '*_key' names it and it is not an SDK string")
    }
}
