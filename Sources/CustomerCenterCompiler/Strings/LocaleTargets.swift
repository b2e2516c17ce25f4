/// What each unit of one locale's file offers (docs/translation.md): the locale's own text when
/// it has one, else the text customers see instead (the language's, offered for review) or
/// nothing. Read from the config's translation table by the locales' numbers, decided once a
/// file (the resolver's fallbacks, `ResolvedConfig.lookup`), so a key's texts are compared as
/// numbers, not as locale names.

import JSONSyntax
struct LocaleTargets {
    /// What a unit offers: a record of the table (`nil`: nothing), its state, and which note
    /// says why it is not the locale's own text (``Note``).
    struct Target {
        var record: Int?
        var state: UnitState
        var note: Note
        /// The note when the text of `record` is empty.
        var ifEmptyNote: Note

        /// What the unit offers when the text of `record` is empty: nothing.
        var ifEmpty: Target { Target(record: nil, state: .missing, note: ifEmptyNote, ifEmptyNote: ifEmptyNote) }
    }

    enum Note: Hashable {
        case none
        /// The locale's own text is empty.
        case empty
        /// The text customers see instead, of the table's locale number `locale`.
        case fallingBack(locale: Int)
    }

    let table: TranslationTable
    /// Per locale number of the table: 0 the locale itself, 1 its script's Chinese, 2 its
    /// language, 3 the default locale, 4 none (the order `ResolvedConfig.lookup` tries them in).
    private let ranks: [UInt8]

    init(table: TranslationTable, locale: String, defaultLocale: String?) {
        self.table = table
        let wanted = LocaleCode.normalized(locale), language = LocaleCode.language(wanted)
        var script: String?
        if language == "zh", let chinese = LocaleCode.chineseScript(wanted) {
            let code = chinese == .traditional ? "zh-hant" : "zh-hans"
            if code != wanted { script = code }
        }
        ranks = table.normalizedLocales.map { code in
            if code == wanted { return 0 }
            if code == script { return 1 }
            if code == language { return 2 }
            if code == defaultLocale { return 3 }
            return 4
        }
    }

    /// The target of the key whose texts are `records`: the first text of the locale, else the
    /// first of the closest fallback when it is the language's (or the script's). An empty text
    /// offers nothing: the caller, which reads the text, takes ``Target/ifEmpty`` then.
    @inline(__always)
    func target(_ records: Range<Int>) -> Target {
        var first = (4, -1)
        for record in records {
            let rank = Int(ranks[table.locale(record)])
            if rank < first.0 {
                first = (rank, record)
                if rank == 0 { break }
            }
        }
        switch first.0 {
        case 0:
            return Target(record: first.1, state: .translated, note: .none, ifEmptyNote: .empty)
        case 1, 2:
            let locale = table.locale(first.1)
            return Target(record: first.1, state: .fallingBack(locale: table.locales[locale]), note: .fallingBack(locale: locale), ifEmptyNote: .none)
        default:
            return Target(record: nil, state: .missing, note: .none, ifEmptyNote: .none)
        }
    }

    /// ``target(_:)``, looked for first where the last key's target was (`position`, a position
    /// among the key's records, updated): the key's only text in the locale when it is there
    /// and the key has no two texts in one locale (`distinct`, ``hasDistinctLocales(_:table:sameAs:)``),
    /// so no other text of the locale comes before it. Keys mostly list their locales in the
    /// same order: one record is read, not the ones before it.
    @inline(__always)
    func target(_ records: Range<Int>, distinct: Bool, position: inout Int) -> Target {
        if distinct, position < records.count {
            let record = records.lowerBound + position
            if ranks[table.locale(record)] == 0 { return Target(record: record, state: .translated, note: .none, ifEmptyNote: .empty) }
        }
        let found = target(records)
        if let record = found.record { position = record - records.lowerBound }
        return found
    }

    /// Per locale number of `table`, the first number whose locale is the same once normalized
    /// (`TranslationTable.normalizedLocales`).
    static func sameLocales(_ table: TranslationTable) -> [Int] {
        var first: [String: Int] = [:]
        return table.normalizedLocales.enumerated().map { number, code in
            if let known = first[code] { return known }
            first[code] = number
            return number
        }
    }

    /// Whether no two of the texts `records` are in the same locale once normalized (`sameAs`:
    /// ``sameLocales(_:)`` of `table`); `false` too when a locale's number is past 63.
    static func hasDistinctLocales(_ records: Range<Int>, table: TranslationTable, sameAs: [Int]) -> Bool {
        var seen: UInt64 = 0
        for record in records {
            let number = sameAs[table.locale(record)]
            guard number < 64 else { return false }
            let bit: UInt64 = 1 << UInt64(number)
            if seen & bit != 0 { return false }
            seen |= bit
        }
        return true
    }

    /// The note a target's ``Note`` stands for, in words, for a file of `locale`.
    func words(_ note: Note, locale: String) -> String? {
        switch note {
        case .none: return nil
        case .empty: return "The config has an empty '\(locale)' text: customers see a blank label until it is translated."
        case .fallingBack(let number):
            return "Until this is translated customers see the '\(table.locales[number])' text, offered here to review: confirm or change it."
        }
    }
}
