/// `path.custom-action-missing-identifier`: CUSTOM_ACTION without `action_identifier`.

import JSONSyntax
package enum CustomActionMissingIdentifierRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "path.custom-action-missing-identifier",
        summary: "CUSTOM_ACTION without 'action_identifier'.",
        rationale: "Both SDKs pass the identifier to your app's handler; without it, tapping the row does nothing.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "rate", "type": ↓"CUSTOM_ACTION", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "rate", "type": "CUSTOM_ACTION", "title_key": "title", "action_identifier": "rate_app"}]}"#))

    package static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths where path.kind == .customAction && path.actionIdentifier == nil {
            guard let type = path.type else { continue }
            context.report(.customActionWithoutIdentifier(path: path.id?.value ?? ""),
                           at: type.range, pointer: path.pointer)
        }
    }
}

extension RuleMessage {
    /// `path.custom-action-missing-identifier`.
    static func customActionWithoutIdentifier(path id: String) -> RuleMessage {
        RuleMessage(CustomActionMissingIdentifierRule.descriptor, "CUSTOM_ACTION path \(MessageText.quoted(id)) has no 'action_identifier': tapping it does nothing")
    }
}
