/// The config's texts as `strings import` checks units against them: each key's texts as
/// written (positions in the parse's tape, so edits can replace exactly their bytes; nothing is
/// built as a tree), the default locale, the locales it translates into.

import JSONSyntax
struct ConfigTable {
    let source: SourceFile
    /// Each key's member (the first of repeated keys) whose value is an object of texts.
    let entries: [String: JSONNode.Member]
    /// The keys, in document order.
    let keys: [String]
    /// Each key's index in `keys`.
    let keyIndex: [String: Int]
    /// The default locale, normalized, and as written.
    let defaultLocale: String
    let defaultCode: String
    /// The locales to translate into as the config writes them (not the default one).
    let known: [String]
    /// The keys of each default text.
    let keysBySource: [String: [String]]
    /// `LocaleCode.normalized` of each locale key met, worked out once a spelling.
    private let normalizedLocales = NormalizedLocales()

    init(_ source: SourceFile, resolved: ResolvedConfig) {
        self.source = source
        // The pipeline's read of the text.
        let root = Pipeline.read(source).parsed.root
        let strings = root?.member("localization")?.value.member("localized_strings")?.value
        defaultLocale = resolved.defaultLocale ?? ""
        defaultCode = resolved.targetLocaleCodes.first { LocaleCode.normalized($0) == resolved.defaultLocale } ?? defaultLocale
        known = resolved.targetLocaleCodes.filter { LocaleCode.normalized($0) != resolved.defaultLocale }
        var entries: [String: JSONNode.Member] = [:], keys: [String] = []
        for member in strings?.objectMembers.map(Array.init) ?? [] {
            let key = member.key
            guard entries[key] == nil, member.value.objectMembers != nil else { continue }
            entries[key] = member
            keys.append(key)
        }
        self.entries = entries
        self.keys = keys
        keyIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        var bySource: [String: [String]] = [:]
        for key in keys {
            if let entry = entries[key], let text = normalizedLocales.member(in: entry, locale: defaultLocale)?.value.stringValue {
                bySource[text, default: []].append(key)
            }
        }
        keysBySource = bySource
    }

    /// The member of `locale` in a key's object (locales compared normalized).
    func member(in entry: JSONNode.Member, locale: String) -> JSONNode.Member? { normalizedLocales.member(in: entry, locale: locale) }

    /// The text of `key` in `locale`, when it has one.
    func text(_ key: String, locale: String) -> String? {
        entries[key].flatMap { member(in: $0, locale: locale)?.value.stringValue }
    }
}

/// `LocaleCode.normalized` of locale keys, each spelling worked out once (a table of thousands
/// of keys repeats a few dozen), and the lookup of a locale's member in a key's object.
final class NormalizedLocales {
    private var normalized: [String: String] = [:]

    func callAsFunction(_ code: String) -> String {
        if let known = normalized[code] { return known }
        let value = LocaleCode.normalized(code)
        normalized[code] = value
        return value
    }

    /// The first member of `entry`'s object whose key is `locale` normalized.
    func member(in entry: JSONNode.Member, locale: String) -> JSONNode.Member? {
        let target = self(locale)
        return entry.value.objectMembers?.first { self($0.key) == target }
    }
}
