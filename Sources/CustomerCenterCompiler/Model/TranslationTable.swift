import JSONSyntax

/// Every text of a config's `localized_strings` in one flat array, 24 bytes a text: where the
/// text is in the source, where its locale is, and the locale's name by index. A large table
/// (tens of thousands of keys in 32 locales) is one allocation instead of one array per key and
/// a reference-counted value per text; `Translations` and `Translation` are views into it.
final class TranslationTable: Sendable {
    struct Record: Sendable {
        /// The text, in `strings`.
        let text: JSONString
        /// The locale's bytes: the key in the table (authoring), the response's `locale` otherwise.
        let localeRange: ByteRange
        /// The locale's name, in `locales`.
        let locale: UInt32
    }

    let records: [Record]
    /// Locale names as written, by index (a name may be listed more than once).
    let locales: [String]
    /// `LocaleCode.normalized` of each of `locales`: lookups compare these, computed once a name.
    let normalizedLocales: [String]
    /// The document's strings.
    let strings: JSONStrings
    /// Whether each locale is the key its text is under (authoring), or the response's `locale`.
    let localeIsKey: Bool

    init(records: [Record], locales: [String], strings: JSONStrings, localeIsKey: Bool) {
        self.records = records
        self.locales = locales
        self.normalizedLocales = locales.map(LocaleSpelling.normalized)
        self.strings = strings
        self.localeIsKey = localeIsKey
    }

    /// The table of a config without texts.
    static let empty = TranslationTable(records: [], locales: [], strings: JSONStrings.empty, localeIsKey: true)
}

/// The texts of one key, per locale in document order: a range of the config's
/// `TranslationTable`. Indexed from 0, like an array; reading a locale or a text through the
/// `…(at:)` methods builds no `Translation`.
public struct Translations: RandomAccessCollection, Sendable {
    let table: TranslationTable
    private let lower: UInt32
    private let upper: UInt32
    /// The entry's pointer (`/localization/localized_strings/<key>`).
    let entry: JSONPointer

    init(table: TranslationTable, records: Range<Int>, entry: JSONPointer) {
        self.table = table
        self.lower = UInt32(truncatingIfNeeded: records.lowerBound)
        self.upper = UInt32(truncatingIfNeeded: records.upperBound)
        self.entry = entry
    }

    /// No texts.
    public static let empty = Translations(table: .empty, records: 0..<0, entry: .root)

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(upper - lower) }

    public subscript(position: Int) -> Translation {
        precondition(position >= 0 && position < endIndex, "Translations: index out of range")
        return Translation(table: table, record: Int(lower) + position, entry: entry)
    }

    private func record(_ position: Int) -> TranslationTable.Record {
        precondition(position >= 0 && position < endIndex, "Translations: index out of range")
        return table.records[Int(lower) + position]
    }

    /// The number of the locale name of the text at `position` in the table's `locales`.
    func localeIndex(at position: Int) -> Int { Int(record(position).locale) }

    /// The locale code of the text at `position`, as written.
    public func localeCode(at position: Int) -> String { table.locales[Int(record(position).locale)] }

    /// `LocaleCode.normalized` of the locale code at `position` (computed once per code).
    public func normalizedLocale(at position: Int) -> String { table.normalizedLocales[Int(record(position).locale)] }

    /// Whether the text at `position` is empty (nothing is decoded).
    public func textIsEmpty(at position: Int) -> Bool { table.strings.isEmpty(record(position).text) }

    /// Calls `body` with the UTF-8 bytes of the text at `position`, decoding nothing when the
    /// text is its source bytes.
    public func withTextUTF8<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try table.strings.withUTF8(record(position).text, body)
    }

    /// The position of the first text whose normalized locale is `normalized`.
    public func firstIndex(normalizedLocale normalized: String) -> Int? {
        indices.first { normalizedLocale(at: $0) == normalized }
    }
}

/// One text of a key in one locale: a position in the config's `TranslationTable` (24 bytes).
/// The text stays in the source and is decoded when read; hot loops read its bytes with
/// `withTextUTF8`.
public struct Translation: Sendable {
    private let table: TranslationTable
    private let index: Int
    private let entry: JSONPointer

    init(table: TranslationTable, record: Int, entry: JSONPointer) {
        self.table = table
        self.index = record
        self.entry = entry
    }

    private var record: TranslationTable.Record { table.records[index] }

    /// The locale code itself (hot loops read this, not `locale`, which builds a located value).
    public var localeCode: String { table.locales[Int(record.locale)] }

    /// The locale code (range: the key's bytes in the table; the response's `locale` otherwise).
    public var locale: Located<String> {
        let record = record, code = table.locales[Int(record.locale)]
        return table.localeIsKey ? Located(code, range: record.localeRange, in: entry, key: code)
            : Located(code, range: record.localeRange, pointer: entry)
    }

    /// The text (decoded now: read it once).
    public var textValue: String { table.strings.text(record.text) }

    /// Whether the text is empty (nothing is decoded).
    public var textIsEmpty: Bool { table.strings.isEmpty(record.text) }

    /// Calls `body` with the text's UTF-8 bytes, without decoding it when it is its source bytes.
    public func withTextUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try table.strings.withUTF8(record.text, body)
    }

    /// The text.
    public var text: Located<String> {
        let record = record, value = table.strings.text(record.text)
        return table.localeIsKey ? Located(value, range: record.text.range, in: entry, key: table.locales[Int(record.locale)])
            : Located(value, range: record.text.range, pointer: entry)
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

/// Builds a `TranslationTable` while the decoder reads `localized_strings`.
struct TranslationTableBuilder {
    private var records: [TranslationTable.Record] = []
    private var locales: [String] = []
    private let strings: JSONStrings
    private let localeIsKey: Bool

    init(strings: JSONStrings, localeIsKey: Bool, capacity: Int) {
        self.strings = strings
        self.localeIsKey = localeIsKey
        records.reserveCapacity(capacity)
    }

    /// How many texts so far.
    var count: Int { records.count }

    /// Adds a locale name; returns its index.
    mutating func addLocale(_ name: String) -> UInt32 {
        locales.append(name)
        return UInt32(truncatingIfNeeded: locales.count - 1)
    }

    /// Adds a text in the locale at `locale`.
    mutating func add(text: JSONString, locale: UInt32, localeRange: ByteRange) {
        records.append(TranslationTable.Record(text: text, localeRange: localeRange, locale: locale))
    }

    func build() -> TranslationTable {
        TranslationTable(records: records, locales: locales, strings: strings, localeIsKey: localeIsKey)
    }
}
