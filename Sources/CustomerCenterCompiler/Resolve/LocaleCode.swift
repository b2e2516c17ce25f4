/// Locale codes as the tool compares them (docs/rules.md, "Checks worth knowing"): case-insensitively, `_` and `-` alike.

import JSONSyntax
package enum LocaleCode {
    /// `pt_BR` → `pt-br`. Codes already in that form (the common case) are returned as they are.
    package static func normalized(_ code: String) -> String {
        LocaleSpelling.normalized(code)
    }

    /// BCP 47's conventional case: `PT_br` → `pt-BR`, `zh-hant` → `zh-Hant` (language lower,
    /// script title, region upper), `_` written `-`.
    package static func canonicalCase(_ code: String) -> String {
        let parts = normalized(code).split(separator: "-", omittingEmptySubsequences: false)
        return parts.enumerated().map { index, part -> String in
            if index == 0 { return String(part) }
            if part.count == 4, part.allSatisfy(\.isLetter) { return part.prefix(1).uppercased() + part.dropFirst() }
            if part.count == 2 { return part.uppercased() }
            return String(part)
        }.joined(separator: "-")
    }

    /// The language subtag: `pt-BR` → `pt`.
    package static func language(_ code: String) -> String {
        let normalized = normalized(code)
        // What comes before the first `-` (all of a bare language), found without splitting.
        guard let dash = normalized.utf8.firstIndex(of: UInt8(ascii: "-")) else { return normalized }
        return String(normalized[..<dash])
    }

    /// The did-you-mean for a locale the config does not have: a close spelling of the same
    /// language (`pt-BT` → `pt-BR`), else the locale of `known` (as written there) that `code`
    /// would fall back to (`de-DE` → `de`, `zh-Hant-TW` → `zh-Hant`, as the lookup in
    /// docs/rules.md goes), else the closest spelling.
    package static func suggestion(for code: String, among known: [String]) -> String? {
        let wanted = normalized(code), language = language(code)
        let closest = Suggestion.closest(to: code, among: known)
        if let closest, Self.language(closest) == language { return closest }
        var fallbacks: [String] = []
        if language == "zh", let script = chineseScript(wanted) { fallbacks.append(script == .traditional ? "zh-hant" : "zh-hans") }
        fallbacks.append(language)
        for fallback in fallbacks where fallback != wanted {
            if let match = known.first(where: { normalized($0) == fallback }) { return match }
        }
        return closest
    }

    /// The two ways of writing Chinese.
    enum ChineseScript: Sendable {
        case simplified, traditional
    }

    /// The Chinese script a tag names or implies: `Hant`, or a region that writes Traditional
    /// (TW, HK, MO); `Hans`, or a region that writes Simplified (CN, SG, MY). `nil` for `zh`
    /// alone (which this project reads as Simplified) and for every other language.
    static func chineseScript(_ code: String) -> ChineseScript? {
        let normalized = normalized(code)
        // A bare language (most codes) names no script, whichever it is: nothing to split.
        guard normalized.utf8.contains(UInt8(ascii: "-")) else { return nil }
        let parts = normalized.split(separator: "-")
        guard parts.first == "zh" else { return nil }
        for part in parts.dropFirst() {
            switch part {
            case "hant", "tw", "hk", "mo": return .traditional
            case "hans", "cn", "sg", "my": return .simplified
            default: continue
            }
        }
        return nil
    }

    /// Whether `code` is a well-formed BCP 47 tag whose language is a real ISO 639 code:
    /// language (2–3 letters; 2-letter ones must be ISO 639-1), then optional script (4 letters),
    /// region (2 letters or 3 digits) and variants; `_` is accepted for `-`.
    package static func isWellFormed(_ code: String) -> Bool {
        let normalized = normalized(code)
        // A bare two-letter language (most codes): the list decides, without splitting the code
        // into strings and asking each character its Unicode properties.
        if let verdict = twoLetterVerdict(normalized) { return verdict }
        return isWellFormedBySplitting(normalized)
    }

    /// `isWellFormed` of a normalized code, by splitting it into its subtags (every code; the
    /// two-letter shortcut answers what this does, `LocaleCodeShortcutTests`).
    static func isWellFormedBySplitting(_ normalized: String) -> Bool {
        let parts = normalized.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let language = parts.first, language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        switch language.count {
        case 2: guard isISO639_1(language) else { return false }
        case 3: break
        default: return false
        }
        var index = 1
        if index < parts.count, parts[index].count == 4, parts[index].allSatisfy({ $0.isASCII && $0.isLetter }) { index += 1 }
        if index < parts.count, (parts[index].count == 2 && parts[index].allSatisfy({ $0.isASCII && $0.isLetter }))
            || (parts[index].count == 3 && parts[index].allSatisfy({ $0.isASCII && $0.isNumber })) { index += 1 }
        while index < parts.count {
            let variant = parts[index]
            guard (5...8).contains(variant.count) || (variant.count == 4 && variant.first?.isNumber == true),
                  variant.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
            index += 1
        }
        return true
    }

    /// For a code of exactly two ASCII letters, whether it is an ISO 639-1 language (what
    /// `isWellFormed` finds for it); `nil` for any other code.
    private static func twoLetterVerdict(_ normalized: String) -> Bool? {
        var bytes = normalized.utf8.makeIterator()
        func isLetter(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        guard isLetter(bytes.next()), isLetter(bytes.next()), bytes.next() == nil else { return nil }
        return isISO639_1(normalized)
    }

    /// Country codes and old codes people write for a language, with the code they mean.
    package static let knownMistakes: [String: String] = [
        "jp": "ja", "cn": "zh", "kr": "ko", "dk": "da", "gr": "el", "cz": "cs", "ua": "uk", "vn": "vi",
        "se": "sv", "in": "id", "iw": "he", "ji": "yi", "no-nb": "nb",
    ]

    /// ISO 639-1 two-letter codes, one space apart. A scan of these bytes, not a set: a
    /// set of strings is built (split, hashed) on first use, which cost a `lint` more than all
    /// its lookups together (docs/performance.md "The start").
    // the standard's own name.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static let iso639_1Codes: StaticString = """
    aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu \
    fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko \
    kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi \
    pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk \
    ur uz ve vi vo wa wo xh yi yo za zh zu
    """

    /// Whether `language` is an ISO 639-1 code (two lower-case letters of the list).
    // the standard's own name.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    static func isISO639_1(_ language: String) -> Bool {
        var letters = language.utf8.makeIterator()
        guard let first = letters.next(), let second = letters.next(), letters.next() == nil else { return false }
        return iso639_1Codes.withUTF8Buffer { codes in
            stride(from: 0, to: codes.count - 1, by: 3).contains { codes[$0] == first && codes[$0 + 1] == second }
        }
    }
}
