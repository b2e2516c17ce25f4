/// `path.platform-unsupported`: a path type a target platform never shows.

import JSONSyntax
package enum PlatformUnsupportedRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "path.platform-unsupported",
        summary: "A path type no target platform shows (Android never shows REFUND_REQUEST or CHANGE_PLANS).",
        rationale: "Android never shows refund requests or plan changes (Google Play handles both): Android customers will not see this option.",
        defaultSeverity: .note, formats: [.authoring, .response],
        failingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "refund", "type": ↓"REFUND_REQUEST", "title_key": "title", "promotional_offer_key": "stay"}]}"#,
            extra: #""promotional_offers": {"stay": {"android_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "refund", "type": "REFUND_REQUEST", "title_key": "title", "promotional_offer_key": "stay"}]}"#,
            extra: #""promotional_offers": {"stay": {"ios_offer_id": "stay", "android_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}}"#))

    static let hiddenOnAndroid: Set<String> = Set([PathType.refundRequest, .changePlans].map(\.rawValue))

    /// Only when no target platform shows the path: with iOS targeted too, an iOS-only path is
    /// normal (RevenueCat's default config has refund and plan-change paths for both platforms).
    package static func check(_ context: inout RuleContext) {
        // Android alone, asked without a set literal (a `Set<Platform>` made here would be the
        // lint's first, and the first costs a conformance scan: docs/performance.md "The start").
        guard context.platforms.count == 1, context.platforms.contains(.android) else { return }
        for path in context.resolved.allPaths {
            guard let type = path.type, hiddenOnAndroid.contains(type.value) else { continue }
            context.report(.hiddenOnAndroid(type.value),
                           on: type)
        }
    }
}

extension RuleMessage {
    /// `path.platform-unsupported`: an Android-only config with a path Android never shows.
    static func hiddenOnAndroid(_ type: String) -> RuleMessage {
        RuleMessage(PlatformUnsupportedRule.descriptor,
                    "Android never shows \(type) paths (Google Play handles them): customers of this Android config will not see this one")
    }
}
