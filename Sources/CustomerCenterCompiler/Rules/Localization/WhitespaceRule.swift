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
        let candidates = context.resolved.texts.badWhitespace
        guard !candidates.isEmpty else { return }
        let config = context.resolved.config
        let entries = config.localization?.entries ?? .empty
        // (Read once: each use of the static value would copy it.)
        let rule = descriptor
        // What a taken fix asks of its text: only `lint --fix` takes fixes.
        let scope = context.sink.fixes == nil ? nil : FixScope(resolved: context.resolved)
        var position = 0
        let groups = candidates.groups
        while position < groups.count {
            // An entry's texts are read through one entry, lent to the reports of them all.
            let entryNumber = groups[position].entry
            var end = position + 1
            while end < groups.count, groups[end].entry == entryNumber { end += 1 }
            reportTexts(of: entries[Int(entryNumber)], number: Int(entryNumber), groups[position..<end], rule: rule, scope: scope, into: &context)
            position = end
        }
        for reference in candidates.items { report(context.resolved.texts.item(reference, in: config), into: &context) }
    }

    /// The findings of texts of `entry` (number `number`).
    private static func reportTexts(of entry: StringEntry, number: Int, _ groups: ArraySlice<TextGroups.Group>,
                                    rule: RuleDescriptor, scope: FixScope?, into context: inout RuleContext) {
        for group in groups {
            group.forEachPosition { index in
                if let start = entry.translations.asWrittenLiteralStart(at: index) {
                    reportAsWritten(entry, number: number, index, literalStart: start, rule: rule, scope: scope, into: &context)
                } else {
                    let reference = TextIndex.TextReference.translation(entry: UInt32(truncatingIfNeeded: number), index: UInt32(truncatingIfNeeded: index))
                    report(context.resolved.texts.item(reference, in: context.resolved.config), into: &context)
                }
            }
        }
    }

    /// The findings of a text written as it is (no escape), the common case: each defect's
    /// bytes are the source's, so its range is an addition; the pointer, the label and the
    /// words are built only for a finding the gate asks about or keeps.
    private static func reportAsWritten(_ entry: StringEntry, number: Int, _ index: Int, literalStart: Int, rule: RuleDescriptor,
                                        scope: FixScope?, into context: inout RuleContext) {
        entry.translations.withTextUTF8(at: index) { bytes in
            // Whether another rule could tell the text from its fixed one: asked once a text,
            // and only when a fix is taken (`lint --fix`).
            var plain: Bool?
            forEachDefect(inUTF8: bytes) { span, defect in
                let range = ByteRange(literalStart + 1 + span.lowerBound, literalStart + 1 + span.upperBound)
                context.report(rule, at: range, pointer: { entry.translations[index].text.pointer },
                               message: { .whitespace(defect.problem, in: label(entry, index)) },
                               edit: {
                                   var fix = defect.edit(at: range)
                                   if plain == nil { plain = scope?.isPlain(bytes, entry: number) ?? false }
                                   fix.changesNoOtherFinding = plain == true && FixScope.removesOnlySpaces(span, of: bytes)
                                   return fix
                               })
            }
        }
    }

    /// What tells whether fixing a text's defects can change another rule's finding
    /// (``OneEditFix/changesNoOtherFinding``). A fix changes none when it removes only spaces
    /// (U+0020) from a text of an authoring config's table that keeps a character that is no
    /// space, has no brace (no placeholder, well formed or not, before or after) and whose key
    /// no rule compares with other keys' texts: the rules that read texts (`RuleReads.texts`)
    /// then see the same emptiness, placeholders, control characters, scripts and locales in
    /// both, and the others do not read texts. Their words can still quote the text: the fixer
    /// derives the report only when no such rule has a finding (`FixCandidates`'s derived scan).
    struct FixScope {
        private let authoring: Bool
        /// The numbers of the table's entries whose texts a rule compares with other keys' texts.
        private let compared: [Int]

        init(resolved: ResolvedConfig) {
            authoring = resolved.config.format == .authoring
            let keys = authoring ? RuleCatalog.keysWhoseTextsAreCompared(in: resolved) : []
            let entries = resolved.config.localization?.entries ?? .empty
            compared = keys.isEmpty ? [] : entries.indices.filter { keys.contains(entries[$0].key.value) }
        }

        /// Whether the text whose UTF-8 is `bytes`, of the table's entry `entry`, is one another
        /// rule cannot tell from itself with spaces removed (but not all of its characters).
        func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, entry: Int) -> Bool {
            guard authoring, !compared.contains(entry) else { return false }
            for byte in bytes where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { return false }
            return true
        }

        /// Whether the defect `span` is spaces alone and not the whole text (`bytes`).
        static func removesOnlySpaces(_ span: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            span.count < bytes.count && bytes[span].allSatisfy { $0 == 0x20 }
        }
    }

    /// "the 'de' text of 'path_cancel'".
    private static func label(_ entry: StringEntry, _ index: Int) -> String {
        VisibleTexts.Item.Context.translation(key: entry.key.value, locale: entry.translations.localeCode(at: index)).label
    }

    /// The findings of any other text (escaped, or a response's): its defects' scalars mapped
    /// onto the literal through its escapes.
    private static func report(_ item: VisibleTexts.Item, into context: inout RuleContext) {
        for span in Self.defects(of: item.text.value) {
            let range = SourceText.range(of: span.range, in: item.text, source: context.source)
            // The words and the fix are built only for a finding that is shown (or fixed).
            context.report(descriptor, at: range, pointer: item.text.pointer, message: { .whitespace(span.defect.problem, in: item.label) }, fix: {
                // An edit of just those characters when they map onto the source; else the whole text.
                range != item.text.range
                    ? span.defect.fix(at: range)
                    : RuleContext.replace(item.text, with: normalized(item.text.value), "remove the extra whitespace", applicability: .safe)
            })
        }
    }

    /// A defect of a text's whitespace.
    enum Defect: Sendable, Equatable {
        /// The leading run of whitespace.
        case leading
        /// A run of two or more spaces between words.
        case doubled
        /// The trailing run.
        case trailing

        /// The finding's words: "leading whitespace", "doubled spaces", "trailing whitespace".
        var problem: String {
            switch self {
            case .leading: return "leading whitespace"
            case .doubled: return "doubled spaces"
            case .trailing: return "trailing whitespace"
            }
        }

        /// What the defect's characters become.
        var replacement: String { self == .doubled ? " " : "" }

        /// The fix of the defect whose characters are the source's bytes `range`.
        func fix(at range: ByteRange) -> Fix { edit(at: range).fix }

        /// The same fix as the one edit it is (`lint --fix` records it without a ``Fix``).
        func edit(at range: ByteRange) -> OneEditFix {
            let message: String
            switch self {
            case .leading: message = "remove the leading whitespace"
            case .doubled: message = "write one space"
            case .trailing: message = "remove the trailing whitespace"
            }
            return OneEditFix(message: message, range: range, replacement: replacement, applicability: .safe)
        }
    }

    /// Each defect of `text` in scalar offsets, with its problem and replacement: the leading
    /// run, every run of two or more spaces between, the trailing run.
    static func spans(of text: String) -> [(range: Range<Int>, problem: String, replacement: String)] {
        defects(of: text).map { ($0.range, $0.defect.problem, $0.defect.replacement) }
    }

    /// Each defect of `text` in scalar offsets.
    static func defects(of text: String) -> [(range: Range<Int>, defect: Defect)] {
        var copy = text
        return copy.withUTF8 { bytes in
            var defects: [(range: Range<Int>, defect: Defect)] = []
            forEachDefect(inUTF8: bytes) { span, defect in defects.append((span, defect)) }
            guard !defects.isEmpty, bytes.contains(where: { $0 >= 0x80 }) else { return defects }
            // Byte offsets to scalar offsets: the scalars that start before each bound.
            func scalars(before offset: Int) -> Int { bytes[..<offset].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } }
            return defects.map { (scalars(before: $0.range.lowerBound)..<scalars(before: $0.range.upperBound), $0.defect) }
        }
    }

    /// Calls `body` with each defect of the text whose (valid) UTF-8 is `b`, in order, in byte
    /// offsets: the leading run, every run of two or more spaces between, the trailing run. A
    /// text can have all three. Nothing allocated, and the words of the text are read once:
    /// where it starts being whitespace-free from the front, where it stops from the back, and
    /// the runs of spaces between. A scalar is decoded only as far as telling whether it is one
    /// of `isSpace`'s (all of them ASCII or U+0085, U+00A0, U+2028, U+2029).
    @inline(__always)
    static func forEachDefect(inUTF8 b: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Defect) -> Void) {
        // The first byte of the first non-space scalar.
        var lead = 0
        while lead < b.count {
            let byte = b[lead]
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                lead += 1
            } else if byte == 0xC2, lead + 1 < b.count, b[lead + 1] == 0xA0 || b[lead + 1] == 0x85 {
                lead += 2
            } else if byte == 0xE2, lead + 2 < b.count, b[lead + 1] == 0x80, b[lead + 2] == 0xA8 || b[lead + 2] == 0xA9 {
                lead += 3
            } else {
                break
            }
        }
        // (An all-whitespace text is one leading run.)
        guard lead < b.count else {
            if lead > 0 { body(0..<lead, .leading) }
            return
        }
        // The end of the last non-space scalar, read from the back: a space's last byte, and
        // the lead bytes before it (which no continuation byte equals), tell where it starts.
        var trail = b.count
        while trail > lead {
            let byte = b[trail - 1]
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                trail -= 1
            } else if byte == 0xA0 || byte == 0x85, trail - 2 >= lead, b[trail - 2] == 0xC2 {
                trail -= 2
            } else if byte == 0xA8 || byte == 0xA9, trail - 3 >= lead, b[trail - 2] == 0x80, b[trail - 3] == 0xE2 {
                trail -= 3
            } else {
                break
            }
        }
        if lead > 0 { body(0..<lead, .leading) }
        // Runs of two or more spaces between: a run inside `lead..<trail` starts and ends
        // beside non-space bytes of the text, so the bytes alone tell where it is.
        var runStart = -1
        var i = lead
        while i < trail {
            if b[i] == 0x20 {
                if runStart < 0 { runStart = i }
            } else if runStart >= 0 {
                if i - runStart >= 2 { body(runStart..<i, .doubled) }
                runStart = -1
            }
            i += 1
        }
        if trail < b.count { body(trail..<b.count, .trailing) }
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
