// A `json.*` rule. The parser finds the problem; `SyntaxDiagnostics` turns it into a diagnostic.
// The rule is still its own type so `rules`, `explain` and the generic example test treat it
// like every other rule.

import JSONSyntax

/// `json.bom`: a UTF-8 byte-order mark.
package enum JSONByteOrderMarkRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "json.bom",
        summary: "A UTF-8 byte-order mark at the start of the file.",
        rationale: "RFC 8259 forbids the BOM in JSON text; some parsers accept it and others reject the whole document.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        fixes: [.safe],
        failingExample: "↓\u{FEFF}{}",
        passingExample: "{}",
        morePassingExamples: ["{\"a\": \"x\u{FEFF}\"}"])
}
