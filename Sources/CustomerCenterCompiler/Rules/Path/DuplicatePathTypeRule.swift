/// `path.duplicate-type`: the same built-in path type twice on one screen.

import JSONSyntax
package enum DuplicatePathTypeRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "path.duplicate-type",
        summary: "The same built-in path type twice on one screen.",
        rationale: "Two 'Cancel subscription' rows do the same thing: customers wonder which one to tap, and your analytics split between them.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "a", "type": "CANCEL", "title_key": "title"}, {"id": "b", "type": ↓"CANCEL", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "a", "type": "CUSTOM_URL", "title_key": "title", "url": "https://example.com/a", "open_method": "EXTERNAL"}, {"id": "b", "type": "CUSTOM_URL", "title_key": "title", "url": "https://example.com/b", "open_method": "EXTERNAL"}]}"#))

    package static let builtIn: Set<String> = Set([PathType.missingPurchase, .refundRequest, .changePlans, .cancel].map(\.rawValue))

    package static func check(_ context: inout RuleContext) {
        for screen in context.config.screens {
            let types = screen.paths.compactMap { path in path.type.flatMap { builtIn.contains($0.value) ? $0 : nil } }
            Repeats.forEach(types) { type, earlier in
                context.report(.duplicatePathType(type.value, screen: screen.key.value),
                               on: type, notes: [context.note("first \(type.value) here", at: earlier.range)])
            }
        }
    }
}

extension RuleMessage {
    /// `path.duplicate-type`: a built-in path type twice on one screen.
    static func duplicatePathType(_ type: String, screen: String) -> RuleMessage {
        RuleMessage(DuplicatePathTypeRule.descriptor, "\(type) appears twice on screen \(MessageText.quoted(screen))")
    }
}
