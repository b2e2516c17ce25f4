// A `compat.*` rule: the tool's prediction of what a real SDK does with a response, and nothing
// else (docs/rules.md). Reported by `SchemaWalker` in response mode.

import JSONSyntax

/// `compat.ios-crash`: iOS would crash at run time.
package enum CompatIOSCrashRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.ios-crash",
        summary: "iOS would crash at run time (two or more unknown screen keys).",
        rationale: "purchases-ios maps every unknown screen key to the same value and builds a dictionary that traps on duplicates: the app crashes when the Customer Center opens.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": []}, "EXTRA": {"type": "MANAGEMENT", "title": "A", "paths": []}, ↓"OTHER": {"type": "MANAGEMENT", "title": "B", "paths": []}"#),
        passingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": []}, "EXTRA": {"type": "MANAGEMENT", "title": "A", "paths": []}"#),
        exampleFormat: .response)
}

extension RuleMessage {
    /// `compat.ios-crash`: two or more unknown screen keys.
    static func iosCrashOnScreenKeys(_ keys: [String]) -> RuleMessage {
        RuleMessage(CompatIOSCrashRule.descriptor,
                    "iOS crashes when it loads this config: \(keys.count) screen keys (\(MessageText.alternatives(keys))) are not MANAGEMENT or NO_ACTIVE, and iOS maps them all to one key")
    }

    /// `compat.ios-crash`: a version part `UInt(_:)` cannot read.
    static func iosCrashOnAppVersion(part: String) -> RuleMessage {
        RuleMessage(CompatIOSCrashRule.descriptor,
                    "iOS crashes when the Customer Center loads: 'last_published_app_version' part \(MessageText.quoted(part)) is not a whole number Swift's UInt can read (ASCII digits, at most 18446744073709551615)")
    }

    /// `compat.ios-crash`: a refund window whose arithmetic overflows.
    static func iosCrashOnRefundWindow(_ text: String) -> RuleMessage {
        RuleMessage(CompatIOSCrashRule.descriptor, "iOS crashes when it decodes this config: 'refund_window' \(MessageText.quoted(text)) makes it negate Int.min")
    }
}
