// A `json.*` rule. The parser finds the problem; `SyntaxDiagnostics` turns it into a diagnostic.
// The rule is still its own type so `rules`, `explain` and the generic example test treat it
// like every other rule.

import JSONSyntax

/// `json.trailing-comma`: a comma before `}` or `]`.
package enum JSONTrailingCommaRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "json.trailing-comma",
        summary: "A trailing comma before '}' or ']'.",
        rationale: "Trailing commas are not JSON: the dashboard and both SDK decoders reject the whole document, so users would see an error screen.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe], isSyntax: true,
        failingExample: #"{ "supported": ["en", "de"↓,] }"#,
        passingExample: #"{ "supported": ["en", "de"] }"#,
        moreFailingExamples: [#"{ "a": {"b": 1↓, } }"#],
        morePassingExamples: [#"{ "a": [1, 2], "b": {} }"#])
}
