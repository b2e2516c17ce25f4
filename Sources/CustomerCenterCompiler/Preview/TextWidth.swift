/// The preview's width model: how wide a text is drawn, estimated from each character's advance.
/// `strings export` turns a box's room into a character count for a locale's script with it,
/// and `strings import` judges whether a translation fits its box (docs/translation.md);
/// `preview --check` measures the same boxes in a browser.
///
/// The advances are the preview's font stack as Chromium draws it with Debian's Noto fonts
/// (Noto Sans for Latin, Greek and Cyrillic; Noto Sans CJK; Noto Sans Thai, Arabic, Hebrew,
/// Devanagari), in em: Latin per character (an `i` is a third of an `m`), other scripts by the
/// average of a run of ordinary text (which counts their combining marks as characters, as a
/// translator's tool counts them).

import JSONSyntax
package enum TextWidth {
    /// The width of `text` in px at `fontSize`, bold (600 or 700) or not.
    package static func pixels(_ text: String, fontSize: Int, bold: Bool = false) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars { ems += advance(scalar, bold: bold) }
        return ems * Double(fontSize)
    }

    /// The advance in em of `scalar` drawn bold or not: semibold and bold run about 7% wider than
    /// regular, but for CJK and Hangul, whose fonts keep every character one em (or nearly) wide.
    static func advance(_ scalar: Unicode.Scalar, bold: Bool) -> Double {
        let regular = advance(scalar)
        return bold && regular < 0.9 ? regular * boldFactor : regular
    }

    static let boldFactor = 1.07

    /// The advance of one character in em (regular weight).
    static func advance(_ scalar: Unicode.Scalar) -> Double {
        let value = scalar.value
        if value < 0x80 {
            guard value >= 0x20 else { return 0 }
            return Double(asciiAdvances[Int(value) - 0x20]) / 100
        }
        switch value {
        case 0xA0: return 0.26  // no-break space (prices)
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0  // combining marks, zero-width characters
        case 0x00A1...0x024F, 0x1E00...0x1EFF: return 0.56  // accented Latin
        case 0x0370...0x03FF, 0x1F00...0x1FFF: return 0.57  // Greek
        case 0x0400...0x052F: return 0.59  // Cyrillic
        case 0x0590...0x05FF: return 0.5  // Hebrew
        case 0x0600...0x06FF, 0x0750...0x077F: return 0.45  // Arabic
        case 0x0900...0x097F: return 0.42  // Devanagari
        case 0x0E00...0x0E7F: return 0.41  // Thai
        case 0x1100...0x11FF, 0xAC00...0xD7AF: return 0.92  // Hangul
        case 0x2000...0x206F: return 0.5  // general punctuation (dashes, quotes, …)
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x2FFFF: return 1  // CJK, kana, full-width forms
        default: return value >= 0x1F000 ? 1.2 : 0.6  // emoji; anything else as a wide Latin letter
        }
    }

    /// Noto Sans Regular's advances of ' ' … '~' in hundredths of an em.
    static let asciiAdvances: [UInt8] = [
        26, 27, 41, 65, 57, 83, 73, 22, 30, 30, 55, 57, 27, 32, 27, 37,  // space ! " # $ % & ' ( ) * + , - . /
        57, 57, 57, 57, 57, 57, 57, 57, 57, 57, 27, 27, 57, 57, 57, 43,  // 0-9 : ; < = > ?
        90, 64, 65, 63, 73, 56, 52, 73, 74, 34, 27, 62, 52, 91, 76, 78,  // @ A-O
        60, 78, 62, 55, 56, 73, 60, 93, 59, 57, 57, 33, 37, 33, 57, 44,  // P-Z [ \ ] ^ _
        28, 56, 62, 48, 62, 56, 34, 62, 62, 26, 26, 53, 26, 94, 62, 60,  // ` a-o
        62, 62, 41, 48, 36, 62, 51, 79, 53, 51, 47, 38, 55, 38, 57,  // p-z { | } ~
    ]

    /// The average advance in em of a character of `locale`'s ordinary text: of the texts `init`
    /// writes in its language (its script: 1 em for Japanese and Chinese, 0.41 for Thai, about
    /// 0.5 for a Latin script with its spaces); Latin (English's) for a language `init` does not write.
    package static func typicalAdvance(locale: String, bold: Bool = false) -> Double {
        let table = LocaleCode.chineseScript(locale) == .traditional ? "zh-hant" : LocaleCode.language(locale)
        let found = typicalAdvances[table] ?? typicalAdvances["en"] ?? (0.55, 0.59)
        return bold ? found.bold : found.regular
    }

    /// `typicalAdvance` of each language `init` writes (and Traditional Chinese): the mean advance
    /// of `init`'s texts in it, measured once and written out here because the preview sits below
    /// `init` (TextWidthTests re-measures them and fails when a text changes the mean).
    static let typicalAdvances: [String: (regular: Double, bold: Double)] = [
        "ar": (0.4238, 0.4534),
        "ca": (0.4879, 0.5193),
        "cs": (0.5099, 0.5429),
        "da": (0.4916, 0.5241),
        "de": (0.4919, 0.5246),
        "el": (0.5326, 0.5699),
        "en": (0.4877, 0.5207),
        "es": (0.4979, 0.5307),
        "fi": (0.4690, 0.5000),
        "fr": (0.4919, 0.5246),
        "he": (0.4648, 0.4973),
        "hi": (0.3928, 0.4203),
        "hr": (0.4960, 0.5282),
        "hu": (0.4930, 0.5243),
        "id": (0.5178, 0.5505),
        "it": (0.4954, 0.5282),
        "ja": (1.0000, 1.0000),
        "ko": (0.7769, 0.7812),
        "ms": (0.5117, 0.5450),
        "nl": (0.5162, 0.5502),
        "no": (0.4854, 0.5178),
        "pl": (0.5041, 0.5373),
        "pt": (0.5088, 0.5414),
        "ro": (0.4881, 0.5198),
        "ru": (0.5511, 0.5896),
        "sk": (0.5135, 0.5471),
        "sv": (0.4829, 0.5156),
        "th": (0.4085, 0.4371),
        "tr": (0.4719, 0.5032),
        "uk": (0.5543, 0.5931),
        "vi": (0.4904, 0.5233),
        "zh": (1.0000, 1.0000),
        "zh-hant": (0.9819, 0.9834),
    ]
}
