import JSONSyntax

/// Maps spans of a decoded string back to its source bytes.
enum SourceText {
    /// The bytes of scalars `scalars` of the string literal at `located.range`, when the literal is
    /// written without escapes (so text and source line up); otherwise the whole literal.
    static func range(of scalars: Range<Int>, in located: Located<String>, source: SourceFile) -> ByteRange {
        let start = located.range.start + 1, end = located.range.end - 1
        guard start <= end, end <= source.bytes.count else { return located.range }
        let raw = source.bytes[start..<end]
        guard !raw.contains(UInt8(ascii: "\\")), String(decoding: raw, as: UTF8.self) == located.value else { return located.range }
        var offset = start
        var scalarIndex = 0
        var lower = start
        for scalar in located.value.unicodeScalars {
            if scalarIndex == scalars.lowerBound { lower = offset }
            if scalarIndex == scalars.upperBound { return ByteRange(lower, offset) }
            offset += UTF8.width(scalar)
            scalarIndex += 1
        }
        if scalarIndex == scalars.lowerBound { lower = offset }
        return ByteRange(lower, offset)
    }
}

/// Every user-visible text of a config with where it is: the table's translations (authoring)
/// or the literal texts and `localized_strings` values (response).
enum VisibleTexts {
    struct Item {
        var text: Located<String>
        /// "'de' text of 'path_cancel'", "title of path 'cancel'".
        var label: String
    }

    static func all(_ config: CustomerCenterConfig) -> [Item] {
        var items: [Item] = []
        for entry in config.localization?.entries ?? [] {
            for translation in entry.translations {
                let label = config.format == .authoring
                    ? "the \(MessageText.quoted(translation.locale.value)) text of \(MessageText.quoted(entry.key.value))"
                    : "the text of \(MessageText.quoted(entry.key.value))"
                items.append(Item(text: translation.text, label: label))
            }
        }
        guard config.format == .response else { return items }
        func add(_ text: TextSource?, _ label: String) {
            if case .literal(let literal)? = text { items.append(Item(text: literal, label: label)) }
        }
        func addOffer(_ reference: OfferReference?, _ owner: String) {
            if case .inline(let offer)? = reference {
                add(offer.title, "the offer title of \(owner)")
                add(offer.subtitle, "the offer subtitle of \(owner)")
            }
        }
        for screen in config.screens {
            add(screen.title, "the title of screen '\(screen.key.value)'")
            add(screen.subtitle, "the subtitle of screen '\(screen.key.value)'")
            add(screen.offering?.buttonText, "the offering button of screen '\(screen.key.value)'")
            for path in screen.paths {
                let name = "path '\(path.id?.value ?? "?")'"
                add(path.title, "the title of \(name)")
                addOffer(path.offer, name)
                add(path.survey?.title, "the survey question of \(name)")
                for option in path.survey?.options ?? [] {
                    add(option.title, "survey option '\(option.id?.value ?? "?")'")
                    addOffer(option.offer, "survey option '\(option.id?.value ?? "?")'")
                }
            }
        }
        return items
    }
}
