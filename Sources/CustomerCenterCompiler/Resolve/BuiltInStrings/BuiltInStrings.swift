/// The SDKs' built-in labels (section titles, "Contact support", purchase details, the promo
/// button) in the 32 locales `init` writes, translated for this tool. The SDKs ship only English
/// defaults and the backend merges its own translations into `localized_strings`; `compile` does
/// the same with this table, so a payload shows these labels in its locale. A config's own text
/// for a key always wins.
///
/// Each locale lists its texts in `SDKStrings.orderedKeys` order. A locale's array is built the
/// first time it is used: `lint` never touches the table.

import JSONSyntax
package enum BuiltInStrings {
    /// The table's version, recorded in `manifest.json` and the bundle: it changes whenever a text does.
    package static let version = "2026.11.2"

    /// The locales the table has, as `init` writes them.
    package static let locales = ["ar", "ca", "cs", "da", "de", "el", "en", "es", "fi", "fr", "he", "hi", "hr", "hu", "id", "it",
                                 "ja", "ko", "ms", "nl", "no", "pl", "pt", "ro", "ru", "sk", "sv", "th", "tr", "uk", "vi", "zh"]

    /// Codes that name a language of the table under another tag.
    static let aliases = ["nb": "no", "nn": "no", "iw": "he", "in": "id"]

    /// The texts of one table locale (or `zh-Hant`, Traditional Chinese beside Simplified `zh`), in
    /// key order; `nil` for a locale the table does not have.
    static func texts(_ code: String) -> [String]? {
        switch code {
        case "ar": return ar
        case "ca": return ca
        case "cs": return cs
        case "da": return da
        case "de": return de
        case "el": return el
        case "en": return SDKStrings.table.map(\.english)
        case "es": return es
        case "fi": return fi
        case "fr": return fr
        case "he": return he
        case "hi": return hi
        case "hr": return hr
        case "hu": return hu
        case "id": return id
        case "it": return it
        case "ja": return ja
        case "ko": return ko
        case "ms": return ms
        case "nl": return nl
        case "no": return no
        case "pl": return pl
        case "pt": return pt
        case "ro": return ro
        case "ru": return ru
        case "sk": return sk
        case "sv": return sv
        case "th": return th
        case "tr": return tr
        case "uk": return uk
        case "vi": return vi
        case "zh": return zh
        case "zh-Hant": return zhHant
        default: return nil
        }
    }

    /// The table locale `locale` gets, with the fallback the config's own texts have: the locale,
    /// its language (`pt-BR` → `pt`, or its alias), then English. Traditional Chinese (`zh-Hant`,
    /// `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant-TW`) gets the `zh-Hant` table, not Simplified `zh`.
    package static func tableLocale(for locale: String) -> String {
        let normalized = LocaleCode.normalized(locale)
        if LocaleCode.chineseScript(normalized) == .traditional { return "zh-Hant" }
        let language = LocaleCode.language(normalized)
        return [normalized, language, aliases[language]].compactMap { $0 }.first { locales.contains($0) } ?? "en"
    }

    /// The texts for `locale` (fallback as `tableLocale(for:)`) in `SDKStrings.orderedKeys` order:
    /// ``strings(for:)`` without the dictionary (`compile` reads them by position).
    static func orderedTexts(for locale: String) -> [String] {
        guard let texts = texts(tableLocale(for: locale)), texts.count == SDKStrings.orderedKeys.count else { return SDKStrings.table.map(\.english) }
        return texts
    }

    /// Key → text for `locale` (fallback as `tableLocale(for:)`), with the table locale used.
    package static func strings(for locale: String) -> (locale: String, strings: [String: String]) {
        let table = tableLocale(for: locale)
        guard let texts = texts(table), texts.count == SDKStrings.orderedKeys.count else { return ("en", SDKStrings.english) }
        return (table, Dictionary(uniqueKeysWithValues: zip(SDKStrings.orderedKeys, texts)))
    }
}

extension BuiltInStrings {
    /// The keys the SDKs read for their own labels, in table order.
    package static var keys: [String] { SDKStrings.orderedKeys }

    /// Whether the SDKs read `key` for one of their own labels.
    package static func isBuiltIn(_ key: String) -> Bool { SDKStrings.keys.contains(key) }

    /// The English text of a built-in key.
    package static func english(_ key: String) -> String? { SDKStrings.english[key] }
}
