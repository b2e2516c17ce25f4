// A `compat.*` rule: the tool's prediction of what a real SDK does with a response, and nothing
// else (docs/rules.md). Checked by `ResponseDecoders` (this folder), which the schema walk of a
// response calls.

import JSONSyntax

/// `compat.ios-decode-failure`: iOS would reject the whole payload.
package enum CompatIOSDecodeFailureRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.ios-decode-failure",
        summary: "iOS would reject the whole payload (a required key or a type): says which.",
        rationale: "purchases-ios decodes the response with no lossy parts: one missing key or wrong type and every iOS user sees the Customer Center's error screen.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(changePlans: "").replacingOccurrences(#""customer_center""#, with: #"↓"customer_center""#),
        passingExample: Examples.response(),
        exampleFormat: .response)
}

extension RuleMessage {
    /// `compat.ios-decode-failure`: what makes the decoder throw.
    static func iosRejects(because reason: String) -> RuleMessage {
        RuleMessage(CompatIOSDecodeFailureRule.descriptor, "iOS rejects the whole config: \(reason)")
    }

    /// `compat.ios-decode-failure` for a payload that is not JSON.
    static let iosCannotParse = RuleMessage(CompatIOSDecodeFailureRule.descriptor,
        "iOS cannot decode this payload: it is not valid JSON (the first syntax error is here)")
}
