import CustomerCenterCompiler
import JSONSyntax

extension Server {
    /// Where in the document the cursor is, for completion.
    enum Slot: Equatable {
        /// A member name: `range` is the key being typed, if any; `existing` the object's other keys.
        case key(tokens: [String], range: ByteRange?, existing: Set<String>)
        /// A value: of member `key` (or an array element of it), at `tokens`.
        case value(tokens: [String], key: String, range: ByteRange)

        /// The same slot in the text after `changes`; `nil` when they touch its span.
        func moved(_ changes: ChangeMap) -> Slot? {
            switch self {
            case .key(let tokens, let range?, let existing):
                return changes.current(range).map { .key(tokens: tokens, range: $0, existing: existing) }
            case .key:
                return self
            case .value(let tokens, let key, let range):
                return changes.current(range).map { .value(tokens: tokens, key: key, range: $0) }
            }
        }
    }

    /// The slot at `offset` of the parsed document (read on its tape: no tree is built).
    static func slot(at offset: Int, in value: JSONNode, tokens: [String] = [], key: String = "") -> Slot? {
        switch value.kind {
        case .object:
            let members = value.objectMembers!
            for member in members {
                if touches(member.keyRange, offset) {
                    let name = member.key
                    return .key(tokens: tokens, range: member.keyRange, existing: Set(members.map(\.key)).subtracting([name]))
                }
                let child = member.value, childRange = child.range
                if childRange.count > 0, touches(childRange, offset) {
                    switch child.kind {
                    case .object, .array:
                        if offset > childRange.start, offset < childRange.end {
                            let name = member.key
                            return slot(at: offset, in: child, tokens: tokens + [name], key: name)
                        }
                    default:
                        let name = member.key
                        return .value(tokens: tokens + [name], key: name, range: childRange)
                    }
                }
            }
            guard offset > value.range.start, offset < value.range.end || value.range.count == 0 else { return nil }
            return .key(tokens: tokens, range: nil, existing: Set(members.map(\.key)))
        case .array:
            var count = 0
            for element in value.arrayElements! {
                defer { count += 1 }
                guard touches(element.range, offset) else { continue }
                switch element.kind {
                case .object, .array:
                    return slot(at: offset, in: element, tokens: tokens + [String(count)], key: key)
                default:
                    return .value(tokens: tokens + [String(count)], key: key, range: element.range)
                }
            }
            return offset > value.range.start ? .value(tokens: tokens + [String(count)], key: key, range: .at(offset)) : nil
        default:
            return nil
        }
    }

    /// The slot at the current text's `offset`. Read on the last analysis' tape, its ranges
    /// moved, when the edits since cannot have changed it: they only added or removed blanks or
    /// changed one text of `localized_strings`, and neither the cursor nor the slot's span is in
    /// changed text. Otherwise read on the current text, parsed again.
    func slot(at offset: Int, in document: TextDocument, _ recent: RecentAnalysis?) -> Slot? {
        if let (analysis, changes, lexical, _) = recent, let root = analysis.tape?.root, let analysed = changes.analysed(offset) {
            // No change since: the analysed text is the current one.
            if changes.isEmpty { return Self.slot(at: offset, in: root) }
            if let resolved = analysis.resolved,
               EditFootprint(analysed: analysis.report.source.bytes, current: document.bytes, changes: changes.changes,
                             lexical: lexical, resolved: resolved).kind != .other,
               let slot = Self.slot(at: analysed, in: root), let moved = slot.moved(changes) {
                return moved
            }
        }
        if let (analysis, changes, _, _) = recent, !changes.isEmpty, let root = analysis.tape?.root,
           let found = Self.slotInChangedContainer(at: offset, current: document.bytes, analysedRoot: root, changes: changes) {
            return found
        }
        return JSONParser.parseTape(document.bytes).tape.root.flatMap { Self.slot(at: offset, in: $0) }
    }

    /// The slot at the current text's `offset` when it and every change since the analysis lie
    /// inside one container of the analysed text whose brackets did not change: that container
    /// alone is parsed again from the current text (the parser reads the bytes before it, and so
    /// the path to it, as before; a container that still closes on its own bracket is parsed as
    /// the whole text would be). `nil` when that cannot be told: parse the whole text.
    static func slotInChangedContainer(at offset: Int, current: [UInt8], analysedRoot: JSONNode, changes: ChangeMap) -> Slot?? {
        let region = EditFootprint.region(of: changes.changes)
        let delta = region.currentEnd - region.analysedEnd
        let analysed = analysedRoot.tape.bytes
        // Whether `node` is a container whose brackets are outside the region, with the cursor inside it.
        func encloses(_ node: JSONNode) -> Bool {
            guard node.kind == .object || node.kind == .array else { return false }
            let range = node.range, closer = UInt8(ascii: node.kind == .object ? "}" : "]")
            return range.start < region.start && region.analysedEnd <= range.end - 1 && range.end <= analysed.count
                && analysed[range.end - 1] == closer && range.start < offset && offset < range.end + delta - 1
        }
        guard encloses(analysedRoot) else { return nil }
        var (container, tokens, key, depth) = (analysedRoot, [String](), "", 0)
        descent: while true {
            if container.kind == .object {
                for member in container.objectMembers! where encloses(member.value) {
                    (container, tokens, key, depth) = (member.value, tokens + [member.key], member.key, depth + 1)
                    continue descent
                }
            } else {
                for (index, element) in container.arrayElements!.enumerated() where encloses(element) {
                    (container, tokens, depth) = (element, tokens + [String(index)], depth + 1)
                    continue descent
                }
            }
            break
        }
        // The root would be parsed again whole: no gain.
        guard depth > 0, depth < JSONParser.defaultMaxDepth else { return nil }
        let start = container.range.start
        let slice = Array(current[start..<(container.range.end + delta)])
        guard closesOnItsOwnBracket(slice) else { return nil }
        let parsed = JSONParser.parseTape(slice, maxDepth: JSONParser.defaultMaxDepth - depth)
        guard let root = parsed.tape.root, root.kind == container.kind, root.range == ByteRange(0, slice.count) else { return nil }
        guard let slot = slot(at: offset - start, in: root, tokens: tokens, key: key) else { return .some(nil) }
        switch slot {
        case .key(let tokens, let range, let existing):
            return .key(tokens: tokens, range: range.map { ByteRange($0.start + start, $0.end + start) }, existing: existing)
        case .value(let tokens, let key, let range):
            return .value(tokens: tokens, key: key, range: ByteRange(range.start + start, range.end + start))
        }
    }

    /// Whether the brackets of `bytes` (outside strings and comments) nest, each closed by its
    /// own kind, and the first one is closed by the last byte and not before; no string holds a
    /// control byte (where the parser's recovery could end it).
    static func closesOnItsOwnBracket(_ bytes: [UInt8]) -> Bool {
        var open: [UInt8] = []
        var quote: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == quote { quote = 0 }
                // The parser may end a string at a line break or control byte: unknown here.
                if byte < 0x20 { return false }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
                let block = bytes[index + 1] == UInt8(ascii: "*")
                var position = index + 2
                while position < bytes.count, block ? !(bytes[position] == UInt8(ascii: "*") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/")) : bytes[position] != 0x0A {
                    position += 1
                }
                guard position < bytes.count else { return false }
                index = block ? position + 2 : position
                continue
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                open.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                guard open.popLast() == byte else { return false }
                if open.isEmpty { return index == bytes.count - 1 }
            }
            index += 1
        }
        return false
    }

    /// The keys of `localized_strings` a reference can name, each with its text in the default
    /// locale: found once per analysis, kept in `cache`.
    func stringKeyCandidates(_ analysis: Analysis, _ cache: CompletionCandidates) -> [CompletionCandidates.Key] {
        if let keys = cache.keys { return keys }
        var keys: [CompletionCandidates.Key] = []
        // Unwrapped once: a closure over the optional would copy the resolved config per key.
        if let resolved = analysis.resolved {
            let locale = resolved.defaultLocale ?? "en"
            for entry in resolved.config.localization?.entries ?? .empty {
                let name = entry.key.value
                keys.append(.init(name: name, quoted: JSONWriter.quoted(name), detail: resolved.text(name, locale: locale)?.translation.textValue))
            }
        }
        cache.keys = keys
        return keys
    }

    mutating func completion(_ params: JSON) -> JSON {
        guard let (uri, document, offset) = target(params), Self.kind(of: uri) == .config else { return [] }
        // Where the cursor is, in the current text; what to offer, from the last analysis (right
        // after an edit, the analysed text's keys, offers and locales: see recentAnalysis).
        let recent = recentAnalysis(of: uri)
        guard let slot = slot(at: offset, in: document, recent) else { return [] }
        let analysis = recent?.analysis
        let resolved = analysis?.resolved
        let format = analysis?.format ?? .authoring
        var items: [JSON] = []
        // Every item replaces the same span: its protocol range is found once.
        var replaced: (ByteRange, JSON)?
        func item(_ label: String, kind: Int, detail: String?, range: ByteRange?, text: String? = nil, quoted: String? = nil) {
            let quoted = quoted ?? JSONWriter.quoted(label)
            let newText = text ?? quoted
            // Each member list written out whole: one allocation, no growth.
            let head: (String, JSON) = ("label", .string(label)), kind: (String, JSON) = ("kind", .int(kind))
            guard let range else {
                let insert: (String, JSON) = ("insertText", .string(newText))
                items.append(.object(detail.map { [head, kind, ("detail", .string($0)), insert] } ?? [head, kind, insert]))
                return
            }
            if replaced?.0 != range { replaced = (range, self.range(range, in: document)) }
            let edit: (String, JSON) = ("textEdit", ["range": replaced!.1, "newText": .string(newText)]), filter: (String, JSON) = ("filterText", .string(quoted))
            items.append(.object(detail.map { [head, kind, ("detail", .string($0)), edit, filter] } ?? [head, kind, edit, filter]))
        }
        let localeCodes = (resolved?.targetLocaleCodes ?? []) + BuiltInStrings.locales.filter { !(resolved?.targetLocales ?? []).contains($0) }
        switch slot {
        case .value(let tokens, let key, let range):
            if key == "promotional_offer_key" {
                for offer in (resolved?.config.offers ?? []).compactMap(\.key) {
                    let detail = resolved?.offers[offer.value]?.iosOfferID?.value ?? resolved?.offers[offer.value]?.androidOfferID?.value
                    item(offer.value, kind: 18, detail: detail.map { "offer \($0)" }, range: range)
                }
            } else if key.hasSuffix("_key") {
                for candidate in recent.map({ stringKeyCandidates($0.analysis, $0.candidates) }) ?? [] {
                    item(candidate.name, kind: 18, detail: candidate.detail, range: range, quoted: candidate.quoted)
                }
            } else if key == "default" || key == "supported" {
                for code in localeCodes { item(code, kind: 21, detail: nil, range: range) }
            } else if case .string(let schema)? = SchemaType.root(of: format).descendant(tokens), !schema.enumValues.isEmpty {
                for value in schema.enumValues { item(value, kind: 20, detail: nil, range: range) }
            }
        case .key(let tokens, let range, let existing):
            let insert = { (name: String) in range == nil ? JSONWriter.quoted(name) + ": " : JSONWriter.quoted(name) }
            if format == .authoring, tokens.count == 3, tokens[0] == "localization", tokens[1] == "localized_strings" {
                let english = resolved.flatMap { $0.text(tokens[2], locale: $0.defaultLocale ?? "en")?.translation.textValue }
                for code in localeCodes where !existing.contains(code) {
                    item(code, kind: 21, detail: english.map { "translate: \($0)" }, range: range, text: insert(code))
                }
            } else if format == .authoring, tokens == ["localization", "localized_strings"] {
                for key in BuiltInStrings.keys where !existing.contains(key) {
                    item(key, kind: 10, detail: BuiltInStrings.english(key).map { "SDK label: \($0)" }, range: range, text: insert(key))
                }
            } else {
                switch SchemaType.root(of: format).descendant(tokens) {
                case .object(let schema)?:
                    for field in schema.fields where !existing.contains(field.name) {
                        item(field.name, kind: 5, detail: field.description, range: range, text: insert(field.name))
                    }
                case .map(let map)? where !map.keyEnum.isEmpty:
                    for name in map.keyEnum where !existing.contains(name) {
                        item(name, kind: 20, detail: map.keyDescription, range: range, text: insert(name))
                    }
                default: break
                }
            }
        }
        return ["isIncomplete": false, "items": .array(items)]
    }
}

/// What completion offers from one analysis whatever the cursor, found the first time it is asked for.
final class CompletionCandidates {
    struct Key {
        var name: String
        /// `name` as a JSON string.
        var quoted: String
        /// Its text in the default locale.
        var detail: String?
    }

    var keys: [Key]?
}
