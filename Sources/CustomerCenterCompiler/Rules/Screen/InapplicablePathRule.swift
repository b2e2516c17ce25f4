/// `screen.inapplicable-path`: CANCEL, REFUND_REQUEST or CHANGE_PLANS on NO_ACTIVE.

import JSONSyntax
package enum InapplicablePathRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "screen.inapplicable-path",
        summary: "CANCEL, REFUND_REQUEST or CHANGE_PLANS on the NO_ACTIVE screen (nothing to act on).",
        rationale: "NO_ACTIVE is shown to customers without an active subscription: there is nothing to cancel, refund or change, so the option does nothing or confuses.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "cancel", "type": ↓"CANCEL", "title_key": "title"}]}"#),
        passingExample: Examples.authoring())

    /// The paths that act on an active subscription. A switch, not a `Set<PathType>`: the set's
    /// first use looked up `PathType: Hashable` through every conformance record at each start.
    static func needsSubscription(_ kind: PathType) -> Bool {
        switch kind {
        case .cancel, .refundRequest, .changePlans: true
        default: false
        }
    }

    package static func check(_ context: inout RuleContext) {
        for screen in context.config.screens where screen.key.as(ScreenType.self) == .noActive {
            for path in screen.paths {
                guard let type = path.type, let kind = path.kind, needsSubscription(kind) else { continue }
                context.report(.inapplicablePath(type.value),
                               on: type)
            }
        }
    }
}

extension RuleMessage {
    /// `screen.inapplicable-path`: a path that needs a subscription on NO_ACTIVE.
    static func inapplicablePath(_ type: String) -> RuleMessage {
        RuleMessage(InapplicablePathRule.descriptor, "\(type) on the NO_ACTIVE screen: customers there have no active subscription to act on")
    }
}
