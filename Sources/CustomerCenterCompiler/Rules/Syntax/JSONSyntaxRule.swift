// A `json.*` rule. The parser finds the problem; `SyntaxDiagnostics` turns it into a diagnostic.
// The rule is still its own type so `rules`, `explain` and the generic example test treat it
// like every other rule.

import JSONSyntax

/// `json.syntax`: malformed JSON.
package enum JSONSyntaxRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "json.syntax",
        summary: "Malformed JSON: says what was expected and what was found.",
        rationale: "The dashboard rejects the file and neither SDK can decode it: every user would see the Customer Center's error screen instead of their options.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe, .unsafe], isSyntax: true,
        failingExample: #"{ "screens": { ↓1 } }"#,
        passingExample: #"{ "screens": {} }"#,
        moreFailingExamples: [#"{"a": 1 ↓"b": 2}"#, #"{"a": ↓True}"#, #"{"a" ↓1}"#],
        morePassingExamples: [#"{"a": [1, -2.5e3, true, false, null, "x"]}"#, "[]"])
}
