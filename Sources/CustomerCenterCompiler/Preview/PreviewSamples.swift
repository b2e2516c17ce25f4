/// What the preview puts where the SDKs fill in a value, and the pseudo-locales.

import JSONSyntax
enum PreviewSamples {
    /// A sample for each placeholder, as the platform formatters would write it in `locale`
    /// (prices keep the no-break space between amount and currency that they use).
    /// Traditional Chinese gets Taiwan's (Hong Kong's for `zh-HK`) dollars and its own
    /// characters, Brazilian Portuguese reais: a sample is in the locale's script and currency.
    static func value(_ name: String, locale: String) -> String {
        let language = LocaleCode.language(locale), normalized = LocaleCode.normalized(locale)
        let traditional = LocaleCode.chineseScript(locale) == .traditional
        switch name {
        case "price", "sub_offer_price", "sub_offer_price_2", "discounted_recurring_payment_price_per_period":
            if traditional { return normalized.hasSuffix("-hk") ? "HK$68.00" : "NT$68.00" }
            if normalized == "pt-br" { return "R$\u{00A0}9,99" }
            switch language {
            case "en": return "$9.99"
            case "ja": return "¥1,200"
            case "zh": return "¥68.00"
            case "ko": return "₩12,000"
            case "hi": return "₹799.00"
            default: return "9,99\u{00A0}€"
            }
        case "date":
            switch language {
            case "en": return "Dec 31, 2026"
            case "ja", "zh": return "2026/12/31"
            case "ko": return "2026. 12. 31."
            default: return "31.12.2026"
            }
        case "duration", "sub_offer_duration", "sub_offer_duration_2": return traditional ? "1個月" : months[language] ?? months["en"]!
        case "count", "discounted_recurring_payment_cycles": return "3"
        default: return "{{ \(name) }}"
        }
    }

    /// "1 month" in each language of the built-in table.
    static let months: [String: String] = [
        "ar": "شهر واحد", "ca": "1 mes", "cs": "1 měsíc", "da": "1 måned", "de": "1 Monat", "el": "1 μήνας", "en": "1 month",
        "es": "1 mes", "fi": "1 kuukausi", "fr": "1 mois", "he": "חודש אחד", "hi": "1 महीना", "hr": "1 mjesec", "hu": "1 hónap",
        "id": "1 bulan", "it": "1 mese", "ja": "1か月", "ko": "1개월", "ms": "1 bulan", "nl": "1 maand", "no": "1 måned",
        "pl": "1 miesiąc", "pt": "1 mês", "ro": "1 lună", "ru": "1 месяц", "sk": "1 mesiac", "sv": "1 månad", "th": "1 เดือน",
        "tr": "1 ay", "uk": "1 місяць", "vi": "1 tháng", "zh": "1个月",
    ]

    /// `text` with every well-formed placeholder replaced by its sample.
    static func filled(_ text: String, locale: String) -> String {
        let matches = Placeholders.scan(text).filter(\.isWellFormed)
        guard !matches.isEmpty else { return text }
        var scalars = Array(text.unicodeScalars)
        for match in matches.reversed() {
            scalars.replaceSubrange(match.range, with: value(match.name, locale: locale).unicodeScalars)
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The pseudo-locales of `--pseudo`: accented and about 40% longer, and right-to-left.
    static let pseudoLocales = ["en-XA", "ar-XB"]

    static let accents: [Character: Character] = [
        "a": "å", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ", "l": "ļ",
        "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "w": "ŵ", "y": "ý", "z": "ž",
        "A": "Å", "C": "Ç", "E": "É", "I": "Î", "N": "Ñ", "O": "Ö", "S": "Š", "U": "Û", "Y": "Ý",
    ]

    static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]

    /// `en-XA` of a text: letters accented (placeholders kept), words added for ~40% more length, in brackets.
    static func accented(_ text: String) -> String {
        let matches = Placeholders.scan(text).filter(\.isWellFormed)
        let scalars = Array(text.unicodeScalars)
        var out = ""
        var index = 0
        for match in matches {
            out += String(String.UnicodeScalarView(scalars[index..<match.range.lowerBound])).map { String(accents[$0] ?? $0) }.joined()
            out += String(String.UnicodeScalarView(scalars[match.range]))
            index = match.range.upperBound
        }
        out += String(String.UnicodeScalarView(scalars[index...])).map { String(accents[$0] ?? $0) }.joined()
        var extra = ""
        var word = 0
        while extra.count < max(3, text.count * 2 / 5) {
            extra += (extra.isEmpty ? "" : " ") + padding[word % padding.count]
            word += 1
        }
        return "[" + out + " " + extra + "]"
    }

    /// `ar-XB` of a text: shown right to left (right-to-left override around it).
    static func mirrored(_ text: String) -> String { "\u{202E}" + text + "\u{202C}" }
}
