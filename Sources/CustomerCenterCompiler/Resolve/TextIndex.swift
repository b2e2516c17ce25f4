/// What the text rules need, found in one pass over every visible text, so that each rule looks
/// only at its few candidates instead of walking every text of every locale again.
public struct TextIndex: Sendable {
    /// Texts containing `{` or `}` (placeholder checks).
    var braced: [VisibleTexts.Item] = []
    /// Texts with leading, trailing or doubled whitespace, with the problem.
    var badWhitespace: [(item: VisibleTexts.Item, problem: String)] = []
    /// Indices into `localization.entries` of keys with a braced text in some locale.
    var entriesWithBraces: [Int] = []
    /// Every locale code written in the config, first use first, with how often it is written.
    var localeCodes: [(code: Located<String>, uses: Int)] = []

    init(_ config: CustomerCenterConfig) {
        VisibleTexts.forEach(config) { item in
            let (hasBrace, problem) = Self.scan(item.text.value)
            if hasBrace { braced.append(item) }
            if let problem { badWhitespace.append((item, problem)) }
        }
        guard let localization = config.localization else { return }
        for (index, entry) in localization.entries.enumerated()
        where entry.translations.contains(where: { Self.scan($0.text.value).hasBrace }) {
            entriesWithBraces.append(index)
        }
        var position: [String: Int] = [:]
        func visit(_ code: Located<String>) {
            if let index = position[code.value] {
                localeCodes[index].uses += 1
            } else {
                position[code.value] = localeCodes.count
                localeCodes.append((code, 1))
            }
        }
        localization.defaultLocale.map(visit)
        localization.responseLocale.map(visit)
        localization.supported?.forEach(visit)
        if config.format == .authoring {
            for entry in localization.entries { entry.translations.forEach { visit($0.locale) } }
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
            let edge: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
            if edge.contains(first) || (first == 0xC2 && bytes.count > 1 && bytes[1] == 0xA0) { return (hasBrace, "leading whitespace") }
            if edge.contains(last) || (last == 0xA0 && bytes.count > 1 && bytes[bytes.count - 2] == 0xC2) { return (hasBrace, "trailing whitespace") }
            return (hasBrace, doubled ? "doubled spaces" : nil)
        }
    }
}
