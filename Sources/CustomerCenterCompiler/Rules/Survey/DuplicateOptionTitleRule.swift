import JSONSyntax

/// `survey.duplicate-option-title`: two options with the same text in one locale.
package enum DuplicateOptionTitleRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "survey.duplicate-option-title",
        summary: "Two options of one survey with the same text in a locale.",
        rationale: "Customers see two identical answers and cannot tell them apart, usually because a translation was copied from the wrong key.",
        defaultSeverity: .warning, formats: [.authoring],
        reads: [.structure, .textsOfSeveralKeys],
        failingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "opt_a"}, {"id": "b", "title_key": ↓"opt_b"}]}}]}"#,
            strings: #""title": {"en": "Help"}, "opt_a": {"en": "Too expensive"}, "opt_b": {"en": "Too expensive"}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "opt_a"}, {"id": "b", "title_key": "opt_b"}]}}]}"#,
            strings: #""title": {"en": "Help"}, "opt_a": {"en": "Too expensive"}, "opt_b": {"en": "Bought by mistake"}"#))

    /// Equal ignoring case: equal, or equal lower-cased when of one length. Read from the bytes:
    /// two ASCII texts eight bytes a step (no `==`, which costs a call per pair of the many pairs
    /// a large survey has), texts in the common scripts scalar by scalar (`CaselessText`), and
    /// only other texts decoded and lower-cased (which allocates).
    static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        var (x, y) = (a, b)
        if let verdict = x.withUTF8({ p in y.withUTF8 { q in bytesVerdict(p, q) } }) { return verdict }
        return sameDecoded(a, b)
    }

    /// The same for the texts at `i` of `a` and `j` of `b`, read from their bytes: a text is
    /// decoded only when the bytes cannot decide.
    static func sameIgnoringCase(_ a: Translations, _ i: Int, _ b: Translations, _ j: Int) -> Bool {
        if let verdict = a.withTextUTF8(at: i, { p in b.withTextUTF8(at: j) { q in bytesVerdict(p, q) } }) { return verdict }
        return sameDecoded(a[i].textValue, b[j].textValue)
    }

    private static func bytesVerdict(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>) -> Bool? {
        asciiVerdict(p, q) ?? CaselessText.verdict(p, q)
    }

    /// Whether two UTF-8 texts are equal ignoring ASCII case when both are all ASCII; `nil`
    /// when either is not. Eight bytes a step.
    private static func asciiVerdict(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard ByteScan.isASCII(p), ByteScan.isASCII(q) else { return nil }
        guard p.count == q.count else { return false }
        var i = 0
        while i + 8 <= p.count {
            if lowercased(ByteScan.word(p, at: i)) != lowercased(ByteScan.word(q, at: i)) { return false }
            i += 8
        }
        while i < p.count {
            if lowercased(UInt64(p[i])) != lowercased(UInt64(q[i])) { return false }
            i += 1
        }
        return true
    }

    /// A hash of an ASCII text lowered, never 0; 0 for any other text (compared in full). Two
    /// ASCII texts equal ignoring case have one signature.
    static func signature(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard ByteScan.isASCII(bytes) else { return 0 }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var i = 0
        while i + 8 <= bytes.count {
            hash = (hash ^ lowercased(ByteScan.word(bytes, at: i))) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            i += 8
        }
        while i < bytes.count {
            hash = (hash ^ lowercased(UInt64(bytes[i]))) &* 0x0000_0100_0000_01B3
            i += 1
        }
        return hash | 1
    }

    /// Eight ASCII bytes with `A`–`Z` lowered: a byte `b` below 0x80 is upper case when
    /// `b + 0x3F` reaches 0x80 (b ≥ 0x41) and `b + 0x25` does not (b < 0x5B); no sum carries
    /// into the next byte.
    private static func lowercased(_ word: UInt64) -> UInt64 {
        let upper = (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525) & 0x8080_8080_8080_8080
        return word | (upper >> 2)
    }

    private static func sameDecoded(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        return a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }

    /// The keys survey options name: their texts are compared with one another.
    package static func keysWhoseTextsAreCompared(in resolved: ResolvedConfig) -> Set<String> {
        // The role is read without building the use (`StringReferences`).
        let references = resolved.stringReferences
        return Set(references.indices.lazy.filter { references.role(at: $0) == .surveyOption }.map { references.key(at: $0).value })
    }

    package static func check(_ context: inout RuleContext) {
        let resolved = context.resolved
        for path in context.resolved.allPaths {
            let options = (path.survey?.options ?? []).compactMap { option in option.title?.key }
            guard options.count > 1 else { continue }
            // Two options with one key show the same text in every locale.
            var firstUse: [String: Located<String>] = [:]
            for key in options {
                if let first = firstUse[key.value] {
                    context.report(.optionsShareKey(key.value), on: key, notes: [context.note("the other option", at: first.range)])
                } else {
                    firstUse[key.value] = key
                }
            }
            let entries = options.map { resolved.strings[$0.value]?.translations ?? .empty }
            // Each text's caseless signature, read once: pairs of ASCII texts with other
            // signatures differ, and are not read again for each pair.
            let signatures = entries.map { translations in translations.indices.map { translations.withTextUTF8(at: $0, Self.signature) } }
            /// The locales (as written) where option `a` and option `b` have the same text, with that text.
            func clashes(_ a: Int, _ b: Int) -> [(locale: String, text: String)] {
                var result: [(locale: String, text: String)] = []
                let (first, second) = (entries[a], entries[b])
                // Positions, not `for … in`: locales are read from the table, a translation is
                // built only to compare texts.
                for position in first.indices {
                    // Tables list locales in the same order almost always: try the same position first.
                    // (One name number is one name; two numbers can still be one name.)
                    let sameLocale = position < second.count
                        && (second.localeIndex(at: position) == first.localeIndex(at: position)
                            || second.localeCode(at: position) == first.localeCode(at: position))
                    let other = sameLocale ? position : second.firstIndex(normalizedLocale: first.normalizedLocale(at: position))
                    guard let other else { continue }
                    let (p, q) = (signatures[a][position], signatures[b][other])
                    guard p == 0 || q == 0 || p == q, Self.sameIgnoringCase(second, other, first, position) else { continue }
                    if resolved.targetLocales.contains(first.normalizedLocale(at: position)) {
                        result.append((first.localeCode(at: position), first[position].textValue))
                    }
                }
                return result
            }
            // Every pair of options that clash, each with its own locales and texts.
            for index in options.indices {
                for earlier in 0..<index where options[earlier].value != options[index].value {
                    let clashes = clashes(index, earlier)
                    guard !clashes.isEmpty else { continue }
                    var byText: [(text: String, locales: [String])] = []
                    for clash in clashes {
                        if let slot = byText.firstIndex(where: { $0.text == clash.text }) {
                            byText[slot].locales.append(clash.locale)
                        } else {
                            byText.append((clash.text, [clash.locale]))
                        }
                    }
                    context.report(.duplicateOptionTitle(byText),
                                   on: options[index],
                                   notes: [context.note("the other option", at: options[earlier].range)])
                }
            }
        }
    }
}

extension RuleMessage {
    /// `survey.duplicate-option-title`: two options of one survey with the same key.
    static func optionsShareKey(_ key: String) -> RuleMessage {
        RuleMessage(DuplicateOptionTitleRule.descriptor,
                    "two options of this survey use the key \(MessageText.quoted(key)): customers see the same answer twice, in every language")
    }

    /// `survey.duplicate-option-title`: each shared text with the locales (as written) it is in; four shown.
    static func duplicateOptionTitle(_ byText: [(text: String, locales: [String])]) -> RuleMessage {
        let shown = byText.prefix(4).map { "\(MessageText.quoted($0.text)) in \($0.locales.map { MessageText.quoted($0) }.joined(separator: ", "))" }
        let more = byText.count > 4 ? " and in \(byText.count - 4) more languages" : ""
        return RuleMessage(DuplicateOptionTitleRule.descriptor, "two options of this survey read \(shown.joined(separator: "; "))\(more)")
    }
}
