/// `l10n.unknown-placeholder`: a well-formed `{{ name }}` that no SDK replaces.

import JSONSyntax
package enum UnknownPlaceholderRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.unknown-placeholder",
        summary: "A '{{ name }}' that no SDK replaces: customers see the braces.",
        rationale: "The SDKs replace only the variables they know (date, price, duration, count and the promotional-offer prices); any other name reaches customers as literal text in braces.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(strings: #""title": {"en": "Hello ↓{{ customer_name }}"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Renews on {{ date }} for {{ price }}"}"#))

    package static func check(_ context: inout RuleContext) {
        for reference in context.resolved.texts.placeholderSuspects {
            let item = context.resolved.texts.item(reference, in: context.resolved.config)
            for match in Placeholders.scan(item.text.value) where match.isWellFormed && !Placeholders.knownNames.contains(match.name) {
                let suggestion = Suggestion.closest(to: match.name, among: Placeholders.knownNames.sorted())
                context.report(.unknownPlaceholder(match.name, in: item.label, didYouMean: suggestion),
                               at: SourceText.range(of: match.range, in: item.text, source: context.source), pointer: item.text.pointer)
            }
        }
    }
}

extension RuleMessage {
    /// `l10n.unknown-placeholder`: `{{ name }}` in the text named `label`.
    static func unknownPlaceholder(_ name: String, in label: String, didYouMean suggestion: String?) -> RuleMessage {
        let hint = suggestion.map { "; did you mean '{{ \($0) }}'?" } ?? ""
        return RuleMessage(UnknownPlaceholderRule.descriptor, "\(MessageText.quoted("{{ \(name) }}")) in \(label) is replaced by no SDK: customers see it as written\(hint)")
    }
}
