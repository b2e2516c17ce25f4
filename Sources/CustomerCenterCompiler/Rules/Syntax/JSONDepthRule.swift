// A `json.*` rule. The parser finds the problem; `SyntaxDiagnostics` turns it into a diagnostic.
// The rule is still its own type so `rules`, `explain` and the generic example test treat it
// like every other rule.

import JSONSyntax

/// `json.depth`: nesting deeper than 512.
package enum JSONDepthRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "json.depth",
        summary: "Nesting deeper than 512 levels.",
        rationale: "Decoders limit nesting (Foundation's JSON reader stops at 512): such a document fails to load, and no real config is nearly this deep.",
        defaultSeverity: .error, formats: [.authoring, .response],
        isSyntax: true,
        failingExample: "{ \"a\": " + String(repeating: "[", count: 511) + "↓[]" + String(repeating: "]", count: 511) + " }",
        passingExample: "{ \"a\": " + String(repeating: "[", count: 510) + "[]" + String(repeating: "]", count: 510) + " }",
        moreFailingExamples: ["{ \"a\": " + String(repeating: "{\"a\": ", count: 511) + "↓{}" + String(repeating: "}", count: 511) + " }"],
        morePassingExamples: ["{ \"a\": " + String(repeating: "{\"a\": ", count: 510) + "{}" + String(repeating: "}", count: 510) + " }"])
}
