/// `l10n.whitespace`: leading, trailing or doubled whitespace.

import JSONSyntax
package enum WhitespaceRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.whitespace",
        summary: "Leading, trailing or doubled whitespace in a text.",
        rationale: "Stray spaces misalign titles and buttons and usually mean a word was deleted or text was pasted with its surroundings.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        fixes: [.safe],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(strings: #""title": {"en": "Cancel↓  my subscription↓ "}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help me"}"#))

    package static func check(_ context: inout RuleContext) {
        for (reference, _) in context.resolved.texts.badWhitespace {
            let item = reference.item(in: context.resolved.config)
            for span in Self.spans(of: item.text.value) {
                let range = SourceText.range(of: span.range, in: item.text, source: context.source)
                // The words and the fix are built only for a finding that is shown (or fixed).
                context.report(descriptor, at: range, pointer: item.text.pointer, message: { .whitespace(span.problem, in: item.label) }, fix: {
                    // An edit of just those characters when they map onto the source; else the whole text.
                    range != item.text.range
                        ? Fix(message: span.replacement.isEmpty ? "remove the \(span.problem)" : "write one space",
                              edits: [TextEdit(range: range, replacement: span.replacement)], applicability: .safe)
                        : RuleContext.replace(item.text, with: normalized(item.text.value), "remove the extra whitespace", applicability: .safe)
                })
            }
        }
    }

    /// Each defect of `text` in scalar offsets, with its problem and replacement: the leading
    /// run, every run of two or more spaces between, the trailing run.
    static func spans(of text: String) -> [(range: Range<Int>, problem: String, replacement: String)] {
        var copy = text
        return copy.withUTF8 { spans(ofUTF8: $0) }
    }

    /// The same over the text's UTF-8 (valid, as a String's is), one pass: where the text
    /// starts and stops being whitespace, and each run of two or more spaces. A scalar is
    /// decoded only as far as telling whether it is one of `isSpace`'s (all of them ASCII or
    /// U+0085, U+00A0, U+2028, U+2029); the others are counted by their lead bytes.
    static func spans(ofUTF8 b: UnsafeBufferPointer<UInt8>) -> [(range: Range<Int>, problem: String, replacement: String)] {
        var count = 0, firstNonSpace: Int?, lastNonSpace = -1, runStart = -1
        var runs: [Range<Int>] = []
        var i = 0
        while i < b.count {
            let byte = b[i]
            let space: Bool, length: Int
            if byte < 0x80 {
                space = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
                length = 1
            } else if byte < 0xE0 {
                space = byte == 0xC2 && i + 1 < b.count && (b[i + 1] == 0xA0 || b[i + 1] == 0x85)
                length = 2
            } else if byte < 0xF0 {
                space = byte == 0xE2 && i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9)
                length = 3
            } else {
                space = false
                length = 4
            }
            if !space {
                if firstNonSpace == nil { firstNonSpace = count }
                lastNonSpace = count
            }
            if byte == 0x20 {
                if runStart < 0 { runStart = count }
            } else if runStart >= 0 {
                if count - runStart >= 2 { runs.append(runStart..<count) }
                runStart = -1
            }
            count += 1
            i += length
        }
        if runStart >= 0, count - runStart >= 2 { runs.append(runStart..<count) }
        // One finding per defect, at its own characters: a text can have all three.
        let lead = firstNonSpace ?? count
        // (An all-whitespace text is one leading run: `trail` stops at `lead`, the end.)
        let trail = firstNonSpace == nil ? lead : lastNonSpace + 1
        var spans: [(range: Range<Int>, problem: String, replacement: String)] = []
        if lead > 0 { spans.append((0..<lead, "leading whitespace", "")) }
        for run in runs where run.lowerBound >= lead && run.upperBound <= trail {
            spans.append((run, "doubled spaces", " "))
        }
        if trail < count { spans.append((trail..<count, "trailing whitespace", "")) }
        return spans
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
