// A `compat.*` rule: the tool's prediction of what a real SDK does with a response, and nothing
// else (docs/rules.md). Checked by `ResponseDecoders` (this folder), which the schema walk of a
// response calls.

import JSONSyntax

/// `compat.android-decode-failure`: Android would reject the whole payload.
package enum CompatAndroidDecodeFailureRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.android-decode-failure",
        summary: "Android would reject the whole payload: says which.",
        rationale: "purchases-android fails the whole config on errors outside screens and paths (colours, localization, support): every Android user sees the error screen.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(appearance: ##""light": {"accent_color": ↓"#FFF"}, "dark": {}"##),
        passingExample: Examples.response(appearance: ##""light": {"accent_color": "#FFFFFF"}, "dark": {}"##),
        exampleFormat: .response)
}

extension RuleMessage {
    /// `compat.android-decode-failure`: what makes the decoder throw.
    static func androidRejects(because reason: String) -> RuleMessage {
        RuleMessage(CompatAndroidDecodeFailureRule.descriptor, "Android rejects the whole config: \(reason)")
    }

    /// `compat.android-decode-failure` for a payload that is not JSON.
    static let androidCannotParse = RuleMessage(CompatAndroidDecodeFailureRule.descriptor,
        "Android cannot decode this payload: it is not valid JSON (the first syntax error is here)")
}
