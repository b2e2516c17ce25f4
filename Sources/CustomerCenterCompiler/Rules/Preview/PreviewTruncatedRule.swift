/// `preview.truncated`: text cut off or overflowing at phone width in the rendered preview.
/// Reported by `preview --check` only, from the layout the browser measured.

import JSONSyntax
package enum PreviewTruncatedRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "preview.truncated",
        summary: "Text that overflows or is cut at phone width in the rendered preview (only from 'preview --check').",
        rationale: "A title or button label longer than the screen is cut off or spills over its neighbours: customers cannot read what the button does.",
        defaultSeverity: .warning, formats: [.authoring],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(strings: #""title": {"en": ↓"Kündigungsbestätigungsbenachrichtigungseinstellungsverwaltungsübersicht"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help"}"#))
}

extension RuleMessage {
    /// `preview.truncated`: where the text is cut, and by how much.
    static func truncated(_ text: String, locales: [String], place: String, needs: Int, has: Int, lines: Bool) -> RuleMessage {
        let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
        let amount = lines ? "it needs \(needs) px of height, the box has \(has)" : "it needs \(needs) px, the box has \(has)"
        let which = locales.map { MessageText.quoted($0) }.joined(separator: ", ")
        return RuleMessage(PreviewTruncatedRule.descriptor,
                           "\(MessageText.quoted(shown)) is cut off at phone width (390 px) in \(place) (locale \(which)): \(amount)")
    }
}
