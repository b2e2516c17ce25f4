/// `screen.empty-paths`: a screen with no paths.

import JSONSyntax
package enum EmptyPathsRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "screen.empty-paths",
        summary: "A screen with no paths.",
        rationale: "Customers reach this screen and find nothing to do: no restore, no cancel, no contact.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #"↓"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": []}"#),
        passingExample: Examples.authoring())

    package static func check(_ context: inout RuleContext) {
        for screen in context.config.screens where screen.hasEmptyPathsArray {
            context.report(.emptyPaths(screen: screen.key.value),
                           at: screen.key.range, pointer: screen.pointer.appending("paths"))
        }
    }
}

extension RuleMessage {
    /// `screen.empty-paths`.
    static func emptyPaths(screen: String) -> RuleMessage {
        RuleMessage(EmptyPathsRule.descriptor, "screen \(MessageText.quoted(screen)) has no paths: customers would have nothing to tap")
    }
}
