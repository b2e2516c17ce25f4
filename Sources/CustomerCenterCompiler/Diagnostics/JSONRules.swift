// The `json.*` rules. The parser finds these problems; `SyntaxDiagnostics` turns them into
// diagnostics. Each rule is still its own type so `rules`, `explain` and the generic example
// test treat it like every other rule.

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
