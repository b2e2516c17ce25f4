/// What the text rules need, found in one pass over every visible text, so that each rule looks
/// only at its few candidates instead of walking every text of every locale again.
public struct TextIndex: Sendable {
    /// Texts containing `{` or `}` (placeholder checks).
    var braced: [VisibleTexts.Item] = []
    /// Texts with leading, trailing or doubled whitespace, with the problem.
    var badWhitespace: [(item: VisibleTexts.Item, problem: String)] = []
    /// Keys with a braced text in some locale, first use first.
    var keysWithBraces: [String] = []
    /// Every locale code written in the config, first use first, with how often it is written.
    var localeCodes: [(code: Located<String>, uses: Int)] = []

    init(_ config: CustomerCenterConfig) {
        guard config.format == .authoring else {
            VisibleTexts.forEach(config) { add($0) }
            collectLocaleCodes(config)
            return
        }
        // Authoring: every visible text is a translation; read them directly and build an item
        // only for the few texts a rule will look at.
        for entry in config.localization?.entries ?? [] {
            var bracedHere = false
            for translation in entry.translations {
                let (hasBrace, problem) = Self.scan(translation.textValue)
                guard hasBrace || problem != nil else { continue }
                let item = VisibleTexts.Item(text: translation.text, context: .translation(key: entry.key.value, locale: translation.localeCode))
                if hasBrace { braced.append(item); bracedHere = true }
                if let problem { badWhitespace.append((item, problem)) }
            }
            if bracedHere { keysWithBraces.append(entry.key.value) }
        }
        collectLocaleCodes(config)
    }

    private mutating func add(_ item: VisibleTexts.Item) {
        let (hasBrace, problem) = Self.scan(item.text.value)
        if hasBrace {
            braced.append(item)
            if case .translation(let key, _) = item.context, keysWithBraces.last != key { keysWithBraces.append(key) }
        }
        if let problem { badWhitespace.append((item, problem)) }
    }

    private mutating func collectLocaleCodes(_ config: CustomerCenterConfig) {
        guard let localization = config.localization else { return }
        // Configs write a few dozen codes many thousand times, each key's locales usually in the
        // same order: try the position after the last hit, then a short list, then a hash table.
        // Codes are compared as strings; a located value is built only for a new code.
        var position: [String: Int] = [:]
        var guess = 0
        func visit(_ code: String, _ located: () -> Located<String>) {
            if guess < localeCodes.count, localeCodes[guess].code.value == code {
                localeCodes[guess].uses += 1
                guess += 1
                return
            }
            if let index = localeCodes.count <= 64 ? localeCodes.firstIndex(where: { $0.code.value == code }) : position[code] {
                localeCodes[index].uses += 1
                guess = index + 1
                return
            }
            position[code] = localeCodes.count
            localeCodes.append((located(), 1))
            guess = localeCodes.count
            if localeCodes.count == 65 { for (index, entry) in localeCodes.enumerated() { position[entry.code.value] = index } }
        }
        for code in [localization.defaultLocale, localization.responseLocale].compactMap({ $0 }) + (localization.supported ?? []) {
            visit(code.value) { code }
        }
        if config.format == .authoring {
            for entry in localization.entries {
                guess = 0
                for translation in entry.translations { visit(translation.localeCode) { translation.locale } }
            }
        }
    }

    /// One byte pass: does the text have a brace, and what whitespace problem, if any.
    static func scan(_ text: String) -> (hasBrace: Bool, whitespace: String?) {
        var copy = text
        return copy.withUTF8 { bytes -> (Bool, String?) in
            guard let first = bytes.first, let last = bytes.last else { return (false, nil) }
            var hasBrace = false, doubled = false, previousSpace = false
            for byte in bytes {
                if byte == 0x7B || byte == 0x7D { hasBrace = true }
                let space = byte == 0x20
                if space && previousSpace { doubled = true }
                previousSpace = space
            }
            func isEdgeSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            if isEdgeSpace(first) || (first == 0xC2 && bytes.count > 1 && bytes[1] == 0xA0) { return (hasBrace, "leading whitespace") }
            if isEdgeSpace(last) || (last == 0xA0 && bytes.count > 1 && bytes[bytes.count - 2] == 0xC2) { return (hasBrace, "trailing whitespace") }
            return (hasBrace, doubled ? "doubled spaces" : nil)
        }
    }
}
