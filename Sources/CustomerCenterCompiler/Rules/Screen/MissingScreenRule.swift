/// `screen.missing`: no MANAGEMENT or no NO_ACTIVE screen.

import JSONSyntax
package enum MissingScreenRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "screen.missing",
        summary: "No MANAGEMENT or no NO_ACTIVE screen.",
        rationale: "MANAGEMENT is shown to customers with an active purchase and NO_ACTIVE to everyone else: without one of them, those customers get an empty fallback screen.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#)
            .replacingOccurrences(#""screens""#, with: #"↓"screens""#),
        passingExample: Examples.authoring())

    package static func check(_ context: inout RuleContext) {
        let config = context.config
        let keys = Set(config.screens.map(\.key.value))
        let missing = SharedSchema.screenKeys.filter { !keys.contains($0) }
        guard !missing.isEmpty else { return }
        let anchor = screensKeyRange(context)
        for key in missing {
            context.report(.missingScreen(key),
                           at: anchor, pointer: config.basePointer.appending("screens"))
        }
    }

    /// The `"screens"` key, or the document's first byte.
    static func screensKeyRange(_ context: RuleContext) -> ByteRange {
        context.config.screensKeyRange ?? ByteRange(0, min(1, context.source.bytes.count))
    }
}

extension RuleMessage {
    /// `screen.missing`: `key` is MANAGEMENT or NO_ACTIVE.
    static func missingScreen(_ key: String) -> RuleMessage {
        let who = key == ScreenType.management.rawValue ? "customers with an active subscription" : "customers without an active subscription"
        return RuleMessage(MissingScreenRule.descriptor, "there is no \(key) screen: \(who) see an empty fallback screen")
    }
}
