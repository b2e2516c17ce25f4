/// `screen.type-mismatch`: a screen's `type` differs from its key.

import JSONSyntax
package enum ScreenTypeMismatchRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "screen.type-mismatch",
        summary: "A screen's 'type' differs from its key.",
        rationale: "The SDKs pick screens by key and ignore 'type', so a screen keyed MANAGEMENT with type NO_ACTIVE is shown to subscribers: the mismatch is almost always a copy-paste slip.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": ↓"NO_ACTIVE", "title_key": "title", "paths": []}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": []}"#))

    package static func check(_ context: inout RuleContext) {
        for screen in context.config.screens {
            guard let type = screen.type, SharedSchema.screenKeys.contains(type.value),
                  SharedSchema.screenKeys.contains(screen.key.value), type.value != screen.key.value else { continue }
            context.report(.screenTypeMismatch(key: screen.key.value, type: type.value),
                           on: type,
                           notes: [context.note("the screen's key", at: screen.key.range)],
                           fix: RuleContext.replace(type, with: screen.key.value, "write '\(screen.key.value)'"))
        }
    }
}

extension RuleMessage {
    /// `screen.type-mismatch`: the key decides.
    static func screenTypeMismatch(key: String, type: String) -> RuleMessage {
        RuleMessage(ScreenTypeMismatchRule.descriptor,
                    "screen \(MessageText.quoted(key)) has type \(MessageText.quoted(type)); the SDKs use the key, so this is the \(key) screen")
    }
}
