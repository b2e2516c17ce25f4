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
    struct Item: Sendable {
        var text: Located<String>
        /// What the text is, built only when a finding needs it.
        var context: Context

        enum Context: Sendable {
            case translation(key: String, locale: String?)
            case described(@Sendable () -> String)
        }

        /// "the 'de' text of 'path_cancel'", "the title of path 'cancel'".
        var label: String {
            switch context {
            case .translation(let key, let locale?): return "the \(MessageText.quoted(locale)) text of \(MessageText.quoted(key))"
            case .translation(let key, nil): return "the text of \(MessageText.quoted(key))"
            case .described(let describe): return describe()
            }
        }
    }

    /// Calls `body` with every visible text, building nothing up front.
    static func forEach(_ config: CustomerCenterConfig, _ body: (Item) -> Void) {
        for entry in config.localization?.entries ?? [] {
            for translation in entry.translations {
                let locale = config.format == .authoring ? translation.locale.value : nil
                body(Item(text: translation.text, context: .translation(key: entry.key.value, locale: locale)))
            }
        }
        guard config.format == .response else { return }
        func add(_ text: TextSource?, _ label: @escaping @Sendable @autoclosure () -> String) {
            if case .literal(let literal)? = text { body(Item(text: literal, context: .described(label))) }
        }
        func addOffer(_ reference: OfferReference?, _ owner: @escaping @Sendable @autoclosure () -> String) {
            if case .inline(let offer)? = reference {
                add(offer.title, "the offer title of \(owner())")
                add(offer.subtitle, "the offer subtitle of \(owner())")
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
    }
}
