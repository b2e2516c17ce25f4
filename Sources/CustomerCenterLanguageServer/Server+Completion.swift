import CustomerCenterCompiler
import JSONSyntax

extension Server {
    /// Where in the document the cursor is, for completion.
    enum Slot {
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
        return JSONParser.parseTape(document.bytes).tape.root.flatMap { Self.slot(at: offset, in: $0) }
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
