/// `screen.unknown-type`: a screen key other than MANAGEMENT / NO_ACTIVE.

import JSONSyntax
package enum UnknownScreenTypeRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "screen.unknown-type",
        summary: "A screen key other than MANAGEMENT or NO_ACTIVE (iOS crashes on two such keys).",
        rationale: "No SDK shows such a screen: Android drops it, iOS keeps it as 'unknown', and iOS crashes when the Customer Center opens if there are two of them.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe, .unsafe],
        failingExample: Examples.authoring(screens: #"↓"MANAGMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": []}"#))

    package static func check(_ context: inout RuleContext) {
        let unknown = context.config.screens.filter { !SharedSchema.screenKeys.contains($0.key.value) }
        // Distinct keys as Swift's String compares them: that is what iOS's dictionary holds.
        let distinct = Set(unknown.map(\.key.value)).count
        for screen in unknown {
            let key = screen.key
            let suggestion = SharedSchema.screenKeys.first { $0 == key.value.uppercased() } ?? Suggestion.closest(to: key.value, among: SharedSchema.screenKeys)
            let iosCrashes = distinct >= 2 && context.platforms.contains(.ios)
            context.report(.unknownScreenType(key.value, iosCrashesWith: iosCrashes ? distinct : nil), on: key,
                           fix: suggestion.map { RuleContext.replace(key, with: $0, applicability: $0 == key.value.uppercased() ? .safe : .unsafe) })
        }
    }
}

extension RuleMessage {
    /// `screen.unknown-type`; `iosCrashesWith` is the number of distinct unknown keys when iOS crashes.
    static func unknownScreenType(_ key: String, iosCrashesWith distinct: Int?) -> RuleMessage {
        RuleMessage(UnknownScreenTypeRule.descriptor, "\(MessageText.quoted(key)) is not a screen type; expected 'MANAGEMENT' or 'NO_ACTIVE'"
            + (distinct.map { " (with \($0) unknown screen keys, iOS crashes when the Customer Center opens)" } ?? ""))
    }
}
