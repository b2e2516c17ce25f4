// A `compat.*` rule: the tool's prediction of what a real SDK does with a response, and nothing
// else (docs/rules.md). Checked by `ResponseDecoders` (this folder), which the schema walk of a
// response calls.

import JSONSyntax

/// `compat.android-dropped`: Android would silently drop a screen or path.
package enum CompatAndroidDroppedRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.android-dropped",
        summary: "Android would silently drop this screen or path: says why.",
        rationale: "purchases-android decodes each screen and path on its own and drops one that fails, logging only at debug level: Android users would simply not see that option.",
        defaultSeverity: .warning, formats: [.response],
        failingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "x", "title": "X", "type": ↓"UNKNOWN_PATH_TYPE"}]}"#),
        passingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "x", "title": "X", "type": "MISSING_PURCHASE"}]}"#),
        exampleFormat: .response)
}

extension RuleMessage {
    /// `compat.android-dropped`: `what` is "screen" or "path".
    static func androidDrops(_ what: String, because reason: String) -> RuleMessage {
        RuleMessage(CompatAndroidDroppedRule.descriptor, "Android drops this \(what): \(reason)")
    }
}
