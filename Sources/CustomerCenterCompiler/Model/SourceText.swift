import JSONSyntax

/// Maps spans of a decoded string back to its source bytes.
enum SourceText {
    /// The source bytes of scalars `scalars` of the string literal at `located.range`, mapped
    /// through escapes (`\"`, `\u201c`, surrogate pairs); the whole literal when the literal
    /// cannot be mapped (it is not the string's source).
    static func range(of scalars: Range<Int>, in located: Located<String>, source: SourceFile) -> ByteRange {
        if let plain = plainRange(of: scalars, in: located, source: source) { return plain }
        guard let starts = scalarStarts(of: located, source: source),
              scalars.lowerBound >= 0, scalars.upperBound < starts.count, scalars.lowerBound <= scalars.upperBound else { return located.range }
        return ByteRange(starts[scalars.lowerBound], starts[scalars.upperBound])
    }

    /// The common case, without building a table: a literal written without escapes, whose bytes
    /// are the string's own bytes, so scalar `k` starts at its `k`-th lead byte. `nil` otherwise.
    static func plainRange(of scalars: Range<Int>, in located: Located<String>, source: SourceFile) -> ByteRange? {
        let start = located.range.start + 1, end = located.range.end - 1
        guard scalars.lowerBound >= 0, start > 0, start <= end, end < source.bytes.count,
              source.bytes[start - 1] == UInt8(ascii: "\""), source.bytes[end] == UInt8(ascii: "\"") else { return nil }
        var value = located.value
        return value.withUTF8 { text -> ByteRange? in
            source.bytes.withUnsafeBufferPointer { bytes -> ByteRange? in
                guard text.count == end - start, ByteScan.equal(UnsafeBufferPointer(rebasing: bytes[start..<end]), text) else { return nil }
                // The bytes are the text: count lead bytes up to the span's bounds.
                var lower: Int?, upper: Int?
                var scalar = 0, i = start
                while i <= end {
                    if i == end || bytes[i] & 0xC0 != 0x80 {
                        if scalar == scalars.lowerBound { lower = i }
                        if scalar == scalars.upperBound { upper = i; break }
                        scalar += 1
                    }
                    i += 1
                }
                // Past the end: the whole literal, as when no mapping exists.
                guard let lower, let upper else { return located.range }
                return ByteRange(lower, upper)
            }
        }
    }

    /// The source offset where each decoded scalar of the literal starts, plus one entry for the
    /// closing quote; `nil` when the literal does not decode to `located.value`.
    static func scalarStarts(of located: Located<String>, source: SourceFile) -> [Int]? {
        let start = located.range.start + 1, end = located.range.end - 1
        guard start <= end, end <= source.bytes.count, start > 0, source.bytes[start - 1] == UInt8(ascii: "\"") else { return nil }
        let bytes = source.bytes
        var starts: [Int] = []
        starts.reserveCapacity(end - start + 1)
        var i = start
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= end else { return nil }
            var value: UInt32 = 0
            for byte in bytes[at..<at + 4] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value * 16 + UInt32(digit)
            }
            return value
        }
        while i < end {
            starts.append(i)
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\") {
                guard i + 1 < end else { return nil }
                if bytes[i + 1] == UInt8(ascii: "u") {
                    guard let unit = hex4(i + 2) else { return nil }
                    // A high surrogate followed by a low one is one scalar written in 12 bytes.
                    if (0xD800...0xDBFF).contains(unit), i + 7 < end, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
                       let low = hex4(i + 8), (0xDC00...0xDFFF).contains(low) {
                        i += 12
                    } else {
                        i += 6
                    }
                } else {
                    i += 2
                }
            } else if byte < 0x80 {
                i += 1
            } else {
                // Valid UTF-8 only (the parser reported anything else): lead byte, then continuations.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
                guard length > 0, i + length <= end, bytes[i + 1..<i + length].allSatisfy({ $0 & 0xC0 == 0x80 }) else { return nil }
                i += length
            }
        }
        starts.append(end)
        // The mapping is right only if it saw exactly the decoded string's scalars.
        guard starts.count == located.value.unicodeScalars.count + 1 else { return nil }
        return starts
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

            /// "the 'de' text of 'path_cancel'", "the title of path 'cancel'".
            var label: String {
                switch self {
                case .translation(let key, let locale?): return "the \(MessageText.quoted(locale)) text of \(MessageText.quoted(key))"
                case .translation(let key, nil): return "the text of \(MessageText.quoted(key))"
                case .described(let describe): return describe()
                }
            }
        }

        /// "the 'de' text of 'path_cancel'", "the title of path 'cancel'".
        var label: String { context.label }
    }

    /// Calls `body` with every visible text, building nothing up front.
    static func forEach(_ config: CustomerCenterConfig, _ body: (Item) -> Void) {
        for entry in config.localization?.entries ?? .empty {
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
