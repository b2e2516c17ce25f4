// A `json.*` rule. The parser finds the problem; `SyntaxDiagnostics` turns it into a diagnostic.
// The rule is still its own type so `rules`, `explain` and the generic example test treat it
// like every other rule.

import JSONSyntax

/// `json.duplicate-key`: a key given twice in one object.
package enum JSONDuplicateKeyRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "json.duplicate-key",
        summary: "A key given twice in one object.",
        rationale: "Every JSON parser keeps a different one of the two values (the first, the last, or an error), so the dashboard, iOS and Android may each show different text or behaviour.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe], blocksCompile: true,
        failingExample: #"{ "title": "Help", ↓"title": "Support" }"#,
        passingExample: #"{ "title": "Help", "subtitle": "Support" }"#,
        moreFailingExamples: [#"{"a": {"x": 1, ↓"x": 1}}"#],
        morePassingExamples: [#"{"a": {"x": 1}, "b": {"x": 1}}"#])
}
