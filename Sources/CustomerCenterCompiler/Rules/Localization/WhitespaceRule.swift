/// `l10n.whitespace`: leading, trailing or doubled whitespace.
public enum WhitespaceRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "l10n.whitespace",
        summary: "Leading, trailing or doubled whitespace in a text.",
        rationale: "Stray spaces misalign titles and buttons and usually mean a word was deleted or text was pasted with its surroundings.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(strings: #""title": {"en": "Cancel↓  my subscription↓ "}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help me"}"#))

    public static func check(_ context: inout RuleContext) {
        for (item, _) in context.resolved.texts.badWhitespace {
            let scalars = Array(item.text.value.unicodeScalars)
            // One finding per defect, at its own characters: a text can have all three.
            var lead = 0
            while lead < scalars.count, isSpace(Character(scalars[lead])) { lead += 1 }
            var trail = scalars.count
            while trail > lead, isSpace(Character(scalars[trail - 1])) { trail -= 1 }
            var spans: [(range: Range<Int>, problem: String, replacement: String)] = []
            if lead > 0 { spans.append((0..<lead, "leading whitespace", "")) }
            var index = lead
            while index < trail {
                guard scalars[index] == " " else { index += 1; continue }
                var end = index
                while end < trail, scalars[end] == " " { end += 1 }
                if end - index >= 2 { spans.append((index..<end, "doubled spaces", " ")) }
                index = end
            }
            // (An all-whitespace text is one leading run: `trail` stopped at `lead`, the end.)
            if trail < scalars.count { spans.append((trail..<scalars.count, "trailing whitespace", "")) }
            for span in spans {
                let range = SourceText.range(of: span.range, in: item.text, source: context.source)
                // An edit of just those characters when they map onto the source; else the whole text.
                let fix = range != item.text.range
                    ? Fix(message: span.replacement.isEmpty ? "remove the \(span.problem)" : "write one space",
                          edits: [TextEdit(range: range, replacement: span.replacement)], applicability: .safe)
                    : RuleContext.replace(item.text, with: normalized(item.text.value), "remove the extra whitespace", applicability: .safe)
                context.report(.whitespace(span.problem, in: item.label), at: range, pointer: item.text.pointer, fix: fix)
            }
        }
    }

    static func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\u{A0}" || c.isNewline }

    static func normalized(_ text: String) -> String {
        var result = String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        while result.contains("  ") { result = result.replacingOccurrences("  ", with: " ") }
        return result
    }
}

extension RuleMessage {
    /// `l10n.whitespace`: `problem` is "leading whitespace", "doubled spaces" or "trailing whitespace".
    static func whitespace(_ problem: String, in label: String) -> RuleMessage {
        RuleMessage(WhitespaceRule.descriptor, "\(label) has \(problem)")
    }
}
