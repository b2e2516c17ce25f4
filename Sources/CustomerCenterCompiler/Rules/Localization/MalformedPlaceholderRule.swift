/// `l10n.malformed-placeholder`: `{{price}}`, `{{ price}`, `{ price }`: spacing or braces the SDKs do not replace.

import JSONSyntax
package enum MalformedPlaceholderRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.malformed-placeholder",
        summary: "'{{price}}', '{{ price}', '{ price }': spacing or braces the SDKs do not replace.",
        rationale: "The SDKs replace exactly '{{ price }}' with one space inside each brace: any other spelling is shown to customers as is, braces and all.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help"}, "price_afterwards": {"en": "Then ↓{{price}}"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help"}, "price_afterwards": {"en": "Then {{ price }} {not a placeholder}"}"#))

    package static func check(_ context: inout RuleContext) {
        for reference in context.resolved.texts.placeholderSuspects {
            let item = context.resolved.texts.item(reference, in: context.resolved.config)
            let matches = Placeholders.scan(item.text.value).filter { !$0.isWellFormed }
            guard !matches.isEmpty else { continue }
            var fixed = Array(item.text.value.unicodeScalars)
            for match in matches.reversed() {
                if let canonical = match.canonical { fixed.replaceSubrange(match.range, with: canonical.unicodeScalars) }
            }
            let fixedText = String(String.UnicodeScalarView(fixed))
            for match in matches {
                let written = String(String.UnicodeScalarView(Array(item.text.value.unicodeScalars)[match.range]))
                let canonical = match.canonical ?? "{{ name }}"
                let range = SourceText.range(of: match.range, in: item.text, source: context.source)
                // The token alone when it maps onto the source (edits of several findings in one
                // text then never overlap); else the whole text, every placeholder corrected.
                let fix = range != item.text.range && match.canonical != nil
                    ? Fix(message: "write '\(canonical)'", edits: [TextEdit(range: range, replacement: canonical)], applicability: .safe)
                    : RuleContext.replace(item.text, with: fixedText, "write '\(canonical)'", applicability: .safe)
                context.report(.malformedPlaceholder(written, in: item.label, write: canonical),
                               at: range, pointer: item.text.pointer, fix: fix)
            }
        }
    }
}

extension RuleMessage {
    /// `l10n.malformed-placeholder`: `written` as found in the text named `label`.
    static func malformedPlaceholder(_ written: String, in label: String, write canonical: String) -> RuleMessage {
        RuleMessage(MalformedPlaceholderRule.descriptor, "\(MessageText.quoted(written)) in \(label) is not replaced by the SDKs; write \(MessageText.quoted(canonical))")
    }
}
