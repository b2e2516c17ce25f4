import JSONSyntax

/// Every text of a config's `localized_strings` in flat columns, 4 bytes a text: where the
/// text's literal starts, and its length and locale number in one `Shape`. A large table (tens
/// of thousands of keys in 32 locales) is two allocations instead of one array per key and a
/// reference-counted value per text; `Translations` and `Translation` are views into it.
///
/// A text that is not its bytes as written (an escape), longer than a shape says, in a locale
/// numbered past what it says, or whose locale is not a plain key just before it, is an
/// exception, kept whole in a short side list. The locale key's bytes are found when asked for,
/// from the text backwards (diagnostics only read them).
final class TranslationTable: Sendable {
    /// A text's length (the literal's, quotes included) in the low 10 bits and its locale's
    /// number in the high 6; `exceptional` when the text is in `exceptions`.
    struct Shape: Sendable, Equatable {
        let bits: UInt16

        static let lengthLimit = 1 << 10 - 1
        static let localeLimit = 1 << 6 - 1
        static let exceptional = Shape(bits: .max)

        init(bits: UInt16) { self.bits = bits }

        /// `nil` when `length` or `locale` is too large (an exception).
        init?(length: Int, locale: UInt32) {
            guard length < Self.lengthLimit, locale < UInt32(Self.localeLimit) else { return nil }
            bits = UInt16(truncatingIfNeeded: length) | UInt16(truncatingIfNeeded: locale) << 10
        }

        var length: Int { Int(bits & 0x3FF) }
        var locale: Int { Int(bits >> 10) }
    }

    /// A text kept whole: its string, its locale's number and its locale's bytes.
    struct Exception: Sendable {
        let record: UInt32
        let text: JSONString
        let locale: UInt32
        let localeRange: ByteRange
    }

    /// Where each text's literal starts (its opening quote), and its length and locale.
    let columns: TextColumns
    /// The exceptional texts, by number.
    let exceptions: [Exception]
    /// Locale names as written, by index, each once.
    let locales: [String]
    /// `LocaleCode.normalized` of each of `locales`: lookups compare these, computed once a name.
    let normalizedLocales: [String]
    /// The document's strings.
    let strings: JSONStrings
    /// `strings.bytes`, the same buffer: a text written as it is is read from here, inlined,
    /// instead of through a call into the syntax module for each text (Swift inlines no member
    /// of a `package` type into another module).
    private let bytes: [UInt8]
    /// Whether each locale is the key its text is under (authoring), or the response's `locale`.
    let localeIsKey: Bool
    /// The bytes of the response's `locale`, every text's locale, when it has one.
    let fixedLocaleRange: ByteRange?

    init(columns: TextColumns, exceptions: [Exception], locales: [String], strings: JSONStrings, localeIsKey: Bool,
         fixedLocaleRange: ByteRange?) {
        self.columns = columns
        self.exceptions = exceptions
        self.locales = locales
        self.normalizedLocales = locales.map(LocaleSpelling.normalized)
        self.strings = strings
        self.bytes = strings.bytes
        self.localeIsKey = localeIsKey
        self.fixedLocaleRange = fixedLocaleRange
    }

    /// Another handle on this table: the same columns and texts, a reference count of its own
    /// (``JSONSyntax/JSONTape/forAnotherThread()`` says why).
    func forAnotherThread() -> TranslationTable {
        TranslationTable(columns: columns, exceptions: exceptions, locales: locales, strings: strings.forAnotherThread(),
                         localeIsKey: localeIsKey, fixedLocaleRange: fixedLocaleRange)
    }

    /// The table of a config without texts.
    static let empty = TranslationTable(columns: TextColumns(capacity: 0), exceptions: [], locales: [], strings: JSONStrings.empty,
                                        localeIsKey: true, fixedLocaleRange: nil)

    /// The exceptional record `record`.
    private func exception(_ record: Int) -> Exception {
        var low = 0, high = exceptions.count
        while low < high {
            let middle = (low + high) / 2
            if Int(exceptions[middle].record) < record { low = middle + 1 } else { high = middle }
        }
        return exceptions[low]
    }

    /// Where the text of record `index` is.
    @inline(__always)
    func text(_ index: Int) -> JSONString {
        let shape = columns.shape(index)
        if shape == .exceptional { return exception(index).text }
        let start = Int(columns.start(index))
        return .asWritten(ByteRange(start, start + shape.length))
    }

    /// Calls `body` with the UTF-8 bytes of the text of record `index`, decoding nothing when
    /// the text is its source bytes.
    @inline(__always)
    func withTextUTF8<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let shape = columns.shape(index)
        if shape == .exceptional { return try strings.withUTF8(exception(index).text, body) }
        let start = Int(columns.start(index))
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start + 1..<start + shape.length - 1])) }
    }

    /// The number of the locale name of record `index`.
    @inline(__always)
    func locale(_ index: Int) -> Int {
        let shape = columns.shape(index)
        return shape == .exceptional ? Int(exception(index).locale) : shape.locale
    }

    /// The locale's bytes: the key just before the text (authoring), the response's `locale`.
    func localeRange(_ index: Int) -> ByteRange {
        if let fixedLocaleRange { return fixedLocaleRange }
        if columns.shape(index) == .exceptional { return exception(index).localeRange }
        // The builder checked that a plain double-quoted key and only blanks and a colon come
        // before the text.
        return strings.bytes.withUnsafeBufferPointer { bytes in
            var position = Int(columns.start(index)) - 1
            while TranslationTableBuilder.isGap(bytes[position]) { position -= 1 }
            let end = position + 1
            position -= 1
            while bytes[position] != UInt8(ascii: "\"") { position -= 1 }
            return ByteRange(position, end)
        }
    }
}

/// The texts of one key, per locale in document order: a range of the config's
/// `TranslationTable`. Indexed from 0, like an array; reading a locale or a text through the
/// `…(at:)` methods builds no `Translation`.
package struct Translations: RandomAccessCollection, Sendable {
    let table: TranslationTable
    private let lower: UInt32
    private let upper: UInt32
    /// The entry's pointer (`/localization/localized_strings/<key>`), as the table's pointer
    /// and the key: built when a text is located (a reported finding), not once a key.
    private let parent: JSONPointer
    private let key: String?

    init(table: TranslationTable, records: Range<Int>, in parent: JSONPointer, key: String?) {
        self.table = table
        self.lower = UInt32(truncatingIfNeeded: records.lowerBound)
        self.upper = UInt32(truncatingIfNeeded: records.upperBound)
        self.parent = parent
        self.key = key
    }

    /// No texts.
    package static let empty = Translations(table: .empty, records: 0..<0, in: .root, key: nil)

    package var startIndex: Int { 0 }
    package var endIndex: Int { Int(upper - lower) }

    package subscript(position: Int) -> Translation {
        precondition(position >= 0 && position < endIndex, "Translations: index out of range")
        return Translation(table: table, record: Int(lower) + position, in: parent, key: key)
    }

    /// The table's numbers of these texts (`strings export` reads them through the table).
    var records: Range<Int> { Int(lower)..<Int(upper) }

    /// The table's number of the text at `position`.
    private func record(_ position: Int) -> Int {
        precondition(position >= 0 && position < endIndex, "Translations: index out of range")
        return Int(lower) + position
    }

    /// The number of the locale name of the text at `position` in the table's `locales`.
    func localeIndex(at position: Int) -> Int { table.locale(record(position)) }

    /// The locale code of the text at `position`, as written.
    package func localeCode(at position: Int) -> String { table.locales[table.locale(record(position))] }

    /// `LocaleCode.normalized` of the locale code at `position` (computed once per code).
    package func normalizedLocale(at position: Int) -> String { table.normalizedLocales[table.locale(record(position))] }

    /// Whether the text at `position` is empty (nothing is decoded).
    package func textIsEmpty(at position: Int) -> Bool { table.strings.isEmpty(table.text(record(position))) }

    /// Calls `body` with the UTF-8 bytes of the text at `position`, decoding nothing when the
    /// text is its source bytes.
    package func withTextUTF8<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try table.withTextUTF8(record(position), body)
    }

    /// Where the literal of the text at `position` starts (its opening quote) when the text is
    /// the literal's bytes between its quotes, as they are (no escape); `nil` otherwise. A
    /// rule then maps a span of the text's bytes onto the source by adding, decoding nothing.
    package func asWrittenLiteralStart(at position: Int) -> Int? {
        let string = table.text(record(position))
        return string.isAsWritten ? string.range.start : nil
    }

    /// Whether one of these texts is the literal whose opening quote is at `start`.
    package func containsLiteral(startingAt start: Int) -> Bool {
        (Int(lower)..<Int(upper)).contains { table.text($0).range.start == start }
    }

    /// The position of the first text whose normalized locale is `normalized`.
    package func firstIndex(normalizedLocale normalized: String) -> Int? {
        indices.first { normalizedLocale(at: $0) == normalized }
    }
}

/// One text of a key in one locale: a position in the config's `TranslationTable` and its
/// entry's key (40 bytes). The text stays in the source and is decoded when read; hot loops
/// read its bytes with `withTextUTF8`.
package struct Translation: Sendable {
    private let table: TranslationTable
    private let index: Int
    private let parent: JSONPointer
    private let key: String?

    init(table: TranslationTable, record: Int, in parent: JSONPointer, key: String?) {
        self.table = table
        self.index = record
        self.parent = parent
        self.key = key
    }

    /// The entry's pointer (`/localization/localized_strings/<key>`).
    private var entry: JSONPointer { key.map { parent.appending($0) } ?? parent }

    /// The locale code itself (hot loops read this, not `locale`, which builds a located value).
    package var localeCode: String { table.locales[table.locale(index)] }

    /// The locale code (range: the key's bytes in the table; the response's `locale` otherwise).
    package var locale: Located<String> {
        let code = localeCode, range = table.localeRange(index)
        return table.localeIsKey ? Located(code, range: range, in: entry, key: code)
            : Located(code, range: range, pointer: entry)
    }

    /// The text (decoded now: read it once).
    package var textValue: String { table.strings.text(table.text(index)) }

    /// Whether the text is empty (nothing is decoded).
    package var textIsEmpty: Bool { table.strings.isEmpty(table.text(index)) }

    /// Calls `body` with the text's UTF-8 bytes, without decoding it when it is its source bytes.
    package func withTextUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try table.withTextUTF8(index, body)
    }

    /// The text.
    package var text: Located<String> {
        let string = table.text(index), value = table.strings.text(string)
        return table.localeIsKey ? Located(value, range: string.range, in: entry, key: localeCode)
            : Located(value, range: string.range, pointer: entry)
    }
}

/// The one spelling locale codes are compared in (`LocaleCode.normalized`, which the model's
/// table needs below the resolver): lower case, `_` written `-`.
enum LocaleSpelling {
    static func normalized(_ code: String) -> String {
        if code.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "_") && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) {
            return code
        }
        return String(code.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
