/// `l10n.malformed-placeholder`: `{{price}}`, `{{ price}`, `{ price }`: spacing or braces the SDKs do not replace.
public enum MalformedPlaceholderRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "l10n.malformed-placeholder",
        summary: "'{{price}}', '{{ price}', '{ price }': spacing or braces the SDKs do not replace.",
        rationale: "The SDKs replace exactly '{{ price }}' with one space inside each brace: any other spelling is shown to customers as is, braces and all.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(strings: #""title": {"en": "Stay for ↓{{price}}"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Stay for {{ price }} {not a placeholder}"}"#))

    public static func check(_ context: inout RuleContext) {
        for item in context.resolved.texts.braced {
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
                context.report(descriptor, "\(MessageText.quoted(written)) in \(item.label) is not replaced by the SDKs; write \(MessageText.quoted(canonical))",
                               at: SourceText.range(of: match.range, in: item.text, source: context.source), pointer: item.text.pointer,
                               fix: RuleContext.replace(item.text, with: fixedText, "write '\(canonical)'"))
            }
        }
    }
}
