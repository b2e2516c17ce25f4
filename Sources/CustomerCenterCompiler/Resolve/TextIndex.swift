import JSONSyntax

/// What the text rules need, found in one pass over every visible text, so that each rule looks
/// only at its few candidates instead of walking every text of every locale again.
package struct TextIndex: Sendable {
    /// Texts with a placeholder-like span that is not written `{{ name }}` or names no variable
    /// the SDKs replace: the candidates of the malformed- and unknown-placeholder rules (texts
    /// are scanned for spans here, once, and only these are built and scanned again).
    var placeholderSuspects: [TextReference] = []
    /// Texts with leading, trailing or doubled whitespace (the rule finds which and where).
    var badWhitespace = TextGroups()
    /// Texts with a byte that may start a control character `l10n.control-character` reports
    /// (`ControlBytes.mayHaveControl`): the rule reads only these, not every text again.
    /// An authoring config's table only (the rule's format).
    var controlSuspects = TextGroups()
    /// An authoring config's empty texts (`l10n.empty-translation` reads only these; a
    /// response's texts are not indexed by position, and the rule reads them all).
    var emptyTexts = TextGroups()
    /// Keys with a braced text in some locale, first use first.
    var keysWithBraces: [String] = []
    /// The texts a reference `.item` names (a response's candidates; none in an authoring config).
    private(set) var items: [VisibleTexts.Item] = []
    /// Every locale code written in the config, first use first, with how often it is written.
    var localeCodes: [(code: Located<String>, uses: Int)] = []

    /// An empty index.
    init() {}

    init(_ config: CustomerCenterConfig) {
        guard config.format == .authoring else {
            self.init()
            VisibleTexts.forEach(config) { add($0) }
            collectLocaleCodes(config, tableUses: nil)
            return
        }
        let entries = config.localization?.entries ?? .empty
        self.init(authoring: config, parts: [Part(config, entries: entries.indices)])
    }

    /// The index of an authoring config from the parts of its table read apart, in the order of
    /// their entries (``Parts``, two threads; one part is the whole table read in one pass).
    init(authoring config: CustomerCenterConfig, parts: [Part]) {
        self.init()
        // Each list once at its size: a file full of findings would otherwise copy them as they grow.
        placeholderSuspects.reserveCapacity(parts.reduce(0) { $0 + $1.placeholderSuspects.count })
        badWhitespace.reserveCapacity(groups: parts.reduce(0) { $0 + $1.badWhitespace.groupCount })
        for part in parts {
            placeholderSuspects += part.placeholderSuspects
            badWhitespace.append(part.badWhitespace)
            controlSuspects.append(part.controlSuspects)
            emptyTexts.append(part.emptyTexts)
            keysWithBraces += part.keysWithBraces
        }
        var uses = parts.first?.localeUses ?? []
        var firstUse = parts.first?.firstUse ?? []
        for part in parts.dropFirst() {
            for name in part.localeUses.indices where part.localeUses[name] > 0 {
                if uses[name] == 0 { firstUse[name] = part.firstUse[name] }
                uses[name] += part.localeUses[name]
            }
        }
        collectLocaleCodes(config, tableUses: (uses, firstUse))
    }

    /// What one range of an authoring config's entries adds to the index: its candidates, in
    /// entry order, and how often it writes each of the table's locale names (with the first).
    struct Part: Sendable {
        var placeholderSuspects: [TextReference] = []
        var badWhitespace = TextGroups()
        var controlSuspects = TextGroups()
        var emptyTexts = TextGroups()
        var keysWithBraces: [String] = []
        /// Per locale name of the table (`TranslationTable.locales`): texts written in it.
        var localeUses: [Int] = []
        /// Per locale name: its first use in these entries.
        var firstUse: [Located<String>?] = []

        /// Every visible text of an authoring config is a translation: read them directly and
        /// build an item only for the few texts a rule will look at.
        init(_ config: CustomerCenterConfig, entries range: Range<Int>) {
            let entries = config.localization?.entries ?? .empty
            let localeCount = entries.first?.translations.table.locales.count ?? 0
            localeUses = [Int](repeating: 0, count: localeCount)
            firstUse = [Located<String>?](repeating: nil, count: localeCount)
            // Positions, not `for … in`: the scan reads each text's bytes in the table without
            // building a translation (two retains and releases per text).
            for entryIndex in range {
                var bracedHere = false
                let translations = entries[entryIndex].translations
                for index in translations.indices {
                    // A table writes a few dozen codes many thousand times, and names each code
                    // once (per position it is at): count the uses of each name.
                    let name = translations.localeIndex(at: index)
                    if localeUses[name] == 0 { firstUse[name] = translations[index].locale }
                    localeUses[name] += 1
                    let (hasBrace, problem, suspect, control, empty) = translations.withTextUTF8(at: index) { TextIndex.classify($0) }
                    if hasBrace { bracedHere = true }
                    if control { controlSuspects.add(entry: entryIndex, position: index) }
                    if empty { emptyTexts.add(entry: entryIndex, position: index) }
                    // By position: a file full of findings would otherwise hold every such text
                    // decoded until the rules end.
                    if suspect {
                        placeholderSuspects.append(.translation(entry: UInt32(truncatingIfNeeded: entryIndex), index: UInt32(truncatingIfNeeded: index)))
                    }
                    if problem != nil { badWhitespace.add(entry: entryIndex, position: index) }
                }
                if bracedHere { keysWithBraces.append(entries[entryIndex].key.value) }
            }
        }
    }

    private mutating func add(_ item: VisibleTexts.Item) {
        var text = item.text.value
        let (hasBrace, problem, suspect, _, _) = text.withUTF8 { Self.classify($0) }
        if hasBrace, case .translation(let key, _) = item.context, keysWithBraces.last != key { keysWithBraces.append(key) }
        guard suspect || problem != nil else { return }
        let reference = TextReference.item(items.count)
        items.append(item)
        if suspect { placeholderSuspects.append(reference) }
        if problem != nil { badWhitespace.items.append(reference) }
    }

    /// A visible text a rule will read: a translation of the table by position (an authoring
    /// config's texts), or an item already built (a response's, by its place in `items`).
    /// Nine bytes and nothing to retain: a file full of findings holds one for each of its
    /// hundreds of thousands of faulty texts.
    enum TextReference: Sendable, Equatable {
        case translation(entry: UInt32, index: UInt32)
        case item(Int)
    }

    /// The text `reference` names, located, with what it is.
    func item(_ reference: TextReference, in config: CustomerCenterConfig) -> VisibleTexts.Item {
        switch reference {
        case .item(let position): return items[position]
        case .translation(let entryIndex, let index):
            let entry = config.localization!.entries[Int(entryIndex)]
            let translation = entry.translations[Int(index)]
            return VisibleTexts.Item(text: translation.text, context: .translation(key: entry.key.value, locale: translation.localeCode))
        }
    }

    /// Every locale code written in the config: the declared ones, then the table's names
    /// (`tableUses`: how often each name is written, and its first use; authoring configs).
    private mutating func collectLocaleCodes(_ config: CustomerCenterConfig, tableUses: (uses: [Int], firstUse: [Located<String>?])?) {
        guard let localization = config.localization else { return }
        // Codes are compared as strings: try the position after the last hit, then a short
        // list, then a hash table; a located value is built only for a new code.
        var position: [String: Int] = [:]
        var guess = 0
        func visit(_ code: String, uses: Int = 1, _ located: () -> Located<String>) {
            if guess < localeCodes.count, localeCodes[guess].code.value == code {
                localeCodes[guess].uses += uses
                guess += 1
                return
            }
            if let index = localeCodes.count <= 64 ? localeCodes.firstIndex(where: { $0.code.value == code }) : position[code] {
                localeCodes[index].uses += uses
                guess = index + 1
                return
            }
            position[code] = localeCodes.count
            localeCodes.append((located(), uses))
            guess = localeCodes.count
            if localeCodes.count == 65 { for (index, entry) in localeCodes.enumerated() { position[entry.code.value] = index } }
        }
        for code in [localization.defaultLocale, localization.responseLocale].compactMap({ $0 }) + (localization.supported ?? []) {
            visit(code.value) { code }
        }
        // Each name once, with its count, in the order of the table's names.
        if config.format == .authoring, let table = localization.entries.first?.translations.table, let tableUses {
            for name in tableUses.uses.indices {
                guard let located = tableUses.firstUse[name] else { continue }
                visit(table.locales[name], uses: tableUses.uses[name]) { located }
            }
        }
    }

    /// What the index keeps of a text: whether it has a brace, its whitespace problem, whether
    /// a placeholder rule will report it (spans are walked only in braced texts), and whether
    /// `l10n.control-character` is to read it (the rule's own test, `mayHaveControl`, for the
    /// few texts with a byte below 0x20, DEL or 0xC2: a tab or a line feed is no control), and
    /// whether it is empty.
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>)
        -> (hasBrace: Bool, whitespace: String?, placeholderSuspect: Bool, control: Bool, empty: Bool) {
        let (hasBrace, problem, mayHaveControl) = scan(bytes)
        return (hasBrace, problem, hasBrace && Placeholders.hasSuspectSpan(inUTF8: bytes),
                mayHaveControl && ControlBytes.mayHaveControl(bytes), bytes.isEmpty)
    }

    /// One byte pass: does the text have a brace, what whitespace problem, if any, and a byte
    /// below 0x20 (a control, a tab or a line feed), DEL or 0xC2 (the lead byte of U+0080–U+00BF,
    /// C1 controls among them).
    static func scan(_ text: String) -> (hasBrace: Bool, whitespace: String?, mayHaveControl: Bool) {
        var copy = text
        return copy.withUTF8 { bytes in scan(bytes) }
    }

    /// The same, over the text's UTF-8 bytes.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (hasBrace: Bool, whitespace: String?, mayHaveControl: Bool) {
        guard !bytes.isEmpty else { return (false, nil, false) }
        var hasBrace = false, doubled = false, previousSpace = false, control = false
        /// Whether every answer is known (the rest of the text can change none).
        var done: Bool { hasBrace && doubled && control }
        var i = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            // Sixteen bytes a step, and the sixteen after each byte: a space before a space is
            // a doubled space, across steps too (the pairs up to the byte after the last step's).
            let open = SIMD16<UInt8>(repeating: 0x7B), close = SIMD16<UInt8>(repeating: 0x7D), space = SIMD16<UInt8>(repeating: 0x20)
            let delete = SIMD16<UInt8>(repeating: 0x7F), c1Lead = SIMD16<UInt8>(repeating: 0xC2)
            let top3 = SIMD16<UInt8>(repeating: 0xE0)
            func step(_ at: Int) {
                let v = base.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self)
                let next = base.loadUnaligned(fromByteOffset: at + 1, as: SIMD16<UInt8>.self)
                let braces = (v .== open) .| (v .== close)
                let pairs = (v .== space) .& (next .== space)
                // Below 0x20 (the top three bits clear), DEL, or a C1 lead byte.
                let controls = ((v & top3) .== .zero) .| (v .== delete) .| (v .== c1Lead)
                // Most steps find none of the three: one test for them all.
                let any = ByteScan.lanes(braces .| pairs .| controls)
                guard any.low | any.high != 0 else { return }
                let found = (ByteScan.lanes(braces), ByteScan.lanes(pairs), ByteScan.lanes(controls))
                if found.0.low | found.0.high != 0 { hasBrace = true }
                if found.1.low | found.1.high != 0 { doubled = true }
                if found.2.low | found.2.high != 0 { control = true }
            }
            while i + 17 <= bytes.count, !done {
                step(i)
                i += 16
            }
            if bytes.count >= 17, i < bytes.count {
                // The rest as one more step ending at the last byte pair, over bytes read
                // already in part (a brace or a pair found twice is still one), and the last
                // byte, which only a pair's second half reads.
                if !done { step(bytes.count - 17) }
                if let last = bytes.last {
                    if last == 0x7B || last == 0x7D { hasBrace = true }
                    if last < 0x20 || last == 0x7F || last == 0xC2 { control = true }
                }
                i = bytes.count
            }
            // (Otherwise the pair ending at `i` is read; the words below start with the pair after it.)
        }
        // Eight bytes a step: exact per-byte flags for braces and spaces; a space whose next
        // byte is a space is a doubled space (across words through `previousSpace`).
        while i + 8 <= bytes.count, !done {
            let word = ByteScan.word(bytes, at: i)
            if ByteScan.matches(0x7B, in: word) | ByteScan.matches(0x7D, in: word) != 0 { hasBrace = true }
            if Self.controlLike(word) { control = true }
            let spaces = ByteScan.matches(0x20, in: word)
            if spaces & (spaces >> 8) != 0 || (previousSpace && spaces & 0x80 != 0) { doubled = true }
            previousSpace = spaces >> 63 != 0
            i += 8
        }
        if i < bytes.count, bytes.count >= 8, !done {
            // The rest as the last eight bytes, read again in part: a brace or a pair of spaces
            // found twice is still one, and a pair across this word's first byte lies within
            // the words already read.
            let word = ByteScan.word(bytes, at: bytes.count - 8)
            if ByteScan.matches(0x7B, in: word) | ByteScan.matches(0x7D, in: word) != 0 { hasBrace = true }
            let spaces = ByteScan.matches(0x20, in: word)
            if spaces & (spaces >> 8) != 0 { doubled = true }
            if Self.controlLike(word) { control = true }
            i = bytes.count
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x7B || byte == 0x7D { hasBrace = true }
            if byte < 0x20 || byte == 0x7F || byte == 0xC2 { control = true }
            let space = byte == 0x20
            if space && previousSpace { doubled = true }
            previousSpace = space
            i += 1
        }
        if startsWithSpace(bytes) { return (hasBrace, "leading whitespace", control) }
        if endsWithSpace(bytes) { return (hasBrace, "trailing whitespace", control) }
        return (hasBrace, doubled ? "doubled spaces" : nil, control)
    }

    /// Whether some byte of `word` is below 0x20, DEL or 0xC2 (exact as a yes/no answer).
    @inline(__always)
    private static func controlLike(_ word: UInt64) -> Bool {
        let below = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
        return below | ByteScan.matches(0x7F, in: word) | ByteScan.matches(0xC2, in: word) != 0
    }

    /// Whether the first scalar of `bytes` (valid UTF-8) is one `l10n.whitespace` takes for
    /// whitespace at an edge (`WhitespaceRule.forEachDefect`): space, tab, LF, VT, FF, CR,
    /// U+0085, U+00A0, U+2028, U+2029.
    @inline(__always)
    static func startsWithSpace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        if first == 0x20 || (first >= 0x09 && first <= 0x0D) { return true }
        if first == 0xC2, bytes.count > 1 { return bytes[1] == 0xA0 || bytes[1] == 0x85 }
        if first == 0xE2, bytes.count > 2 { return bytes[1] == 0x80 && (bytes[2] == 0xA8 || bytes[2] == 0xA9) }
        return false
    }

    /// Whether its last scalar is one of those: its last byte, and the lead bytes before it
    /// (which no continuation byte equals), tell.
    @inline(__always)
    static func endsWithSpace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let last = bytes.last else { return false }
        let count = bytes.count
        if last == 0x20 || (last >= 0x09 && last <= 0x0D) { return true }
        if last == 0xA0 || last == 0x85 { return count > 1 && bytes[count - 2] == 0xC2 }
        if last == 0xA8 || last == 0xA9 { return count > 2 && bytes[count - 2] == 0x80 && bytes[count - 3] == 0xE2 }
        return false
    }
}
