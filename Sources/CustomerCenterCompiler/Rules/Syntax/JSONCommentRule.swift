// A `json.*` rule. The parser finds the problem; `SyntaxDiagnostics` turns it into a diagnostic.
// The rule is still its own type so `rules`, `explain` and the generic example test treat it
// like every other rule.

import JSONSyntax

/// `json.comment`: a `//` or `/* */` comment.
package enum JSONCommentRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "json.comment",
        summary: "A comment: JSON has none.",
        rationale: "Comments are not JSON: the dashboard refuses the paste and strict decoders (both SDKs) fail on them, so the Customer Center would not load.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe], isSyntax: true,
        failingExample: "{\n  ↓// the management screen\n  \"screens\": {}\n}",
        passingExample: "{\n  \"screens\": {}\n}",
        moreFailingExamples: [#"{ "a": 1 ↓/* old */ }"#, "{\"a\": 1, ↓// x\n\"b\": 2}"],
        morePassingExamples: [#"{ "url": "https://example.com//path/*x*/" }"#])
}
