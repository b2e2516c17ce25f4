import CustomerCenterCompiler
import JSONSyntax

/// Completion: key references (with their default-locale text), offer keys, enum values, locale
/// codes and the format's field names, from a snapshot's analysis (right after an edit, the
/// analysed text's keys, offers and locales).
enum CompletionProvider {
    /// The keys of `localized_strings` a reference can name, each with its text in the default
    /// locale: found once per analysis, kept in `cache`.
    static func stringKeyCandidates(_ analysis: Analysis, _ cache: CompletionCandidates) -> [CompletionCandidates.Key] {
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

    static func completion(at offset: Int, _ snapshot: Snapshot) -> JSON {
        // Where the cursor is, in the current text; what to offer, from the snapshot's analysis.
        guard let slot = CompletionSlot.at(offset, in: snapshot) else { return [] }
        let analysis = snapshot.analysis
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
            if replaced?.0 != range { replaced = (range, snapshot.range(range)) }
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
                for candidate in snapshot.entry.map({ stringKeyCandidates($0.analysis, $0.candidates) }) ?? [] {
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
