/// `l10n.whitespace`: leading, trailing or doubled whitespace.
public enum WhitespaceRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "l10n.whitespace",
        summary: "Leading, trailing or doubled whitespace in a text.",
        rationale: "Stray spaces misalign titles and buttons and usually mean a word was deleted or text was pasted with its surroundings.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(strings: #""title": {"en": ↓"Help "}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help me"}"#))

    public static func check(_ context: inout RuleContext) {
        for (item, problem) in context.resolved.texts.badWhitespace {
            let text = item.text.value
            context.report(descriptor, "\(item.label) has \(problem)", at: item.text.range, pointer: item.text.pointer,
                           fix: RuleContext.replace(item.text, with: normalized(text), "remove the extra whitespace"))
        }
    }

    static func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\u{A0}" || c.isNewline }

    static func normalized(_ text: String) -> String {
        var result = String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        while result.contains("  ") { result = result.replacingOccurrences("  ", with: " ") }
        return result
    }
}
