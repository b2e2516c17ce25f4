// A `json.*` rule. The parser finds the problem; `SyntaxDiagnostics` turns it into a diagnostic.
// The rule is still its own type so `rules`, `explain` and the generic example test treat it
// like every other rule.

import JSONSyntax

/// `json.invalid-utf8`: bytes that are not UTF-8, lone surrogates, UTF-16/32 files.
package enum JSONInvalidUTF8Rule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "json.invalid-utf8",
        summary: "Bytes that are not UTF-8, a lone surrogate escape, or a file in UTF-16/32.",
        rationale: "JSON is UTF-8: invalid bytes become '�' or make the decoder fail, so users would see garbled text or an error screen.",
        defaultSeverity: .error, formats: [.authoring, .response],
        isSyntax: true,
        failingExample: #"{ "title": "caf↓\udce9" }"#,
        passingExample: #"{ "title": "caf\u00e9" }"#,
        moreFailingExamples: [#"{ "title": "↓\ud83d!" }"#],
        morePassingExamples: [#"{ "title": "\ud83d\ude00 café" }"#])
}
