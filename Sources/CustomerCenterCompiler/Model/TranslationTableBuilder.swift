import JSONSyntax

/// Builds a `TranslationTable` while the decoder reads `localized_strings`.
struct TranslationTableBuilder {
    private let columns: TextColumns
    /// The number of each name in `locales`.
    private var localeNumbers: [String: UInt32] = [:]
    private var exceptions: [TranslationTable.Exception] = []
    private var locales: [String] = []
    private let strings: JSONStrings
    private let localeIsKey: Bool
    private let fixedLocaleRange: ByteRange?

    /// `fixedLocaleRange`: the bytes of every text's locale (a response's `locale`), or `nil`
    /// when each text's locale is the key just before it.
    init(strings: JSONStrings, localeIsKey: Bool, fixedLocaleRange: ByteRange?, capacity: Int) {
        self.strings = strings
        self.localeIsKey = localeIsKey
        self.fixedLocaleRange = fixedLocaleRange
        columns = TextColumns(capacity: capacity)
    }

    /// How many texts so far.
    var count: Int { columns.count }

    /// The number of a locale name, added when new.
    mutating func addLocale(_ name: String) -> UInt32 {
        if let number = localeNumbers[name] { return number }
        locales.append(name)
        let number = UInt32(truncatingIfNeeded: locales.count - 1)
        localeNumbers[name] = number
        return number
    }

    /// The number each of `other`'s locales would have here, had its texts been added after
    /// these: a name this builder has keeps its number, the others follow in `other`'s order
    /// (the order it met them). `nil` when a number is on the other side of the shapes' limit
    /// than in `other` (a text with a shape would be an exception, or the reverse).
    func numbers(of other: TranslationTableBuilder) -> [UInt32]? {
        let limit = UInt32(TranslationTable.Shape.localeLimit)
        var next = UInt32(truncatingIfNeeded: locales.count)
        var numbers: [UInt32] = []
        numbers.reserveCapacity(other.locales.count)
        for (index, name) in other.locales.enumerated() {
            let number: UInt32
            if let known = localeNumbers[name] {
                number = known
            } else {
                number = next
                next += 1
            }
            guard (UInt32(index) < limit) == (number < limit) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// `other`'s texts after these, its locales numbered as `numbers` (from `numbers(of:)`) says.
    mutating func append(_ other: TranslationTableBuilder, numbers: [UInt32]) {
        let offset = UInt32(truncatingIfNeeded: columns.count)
        for name in other.locales { _ = addLocale(name) }
        columns.append(contentsOf: other.columns, numbers: numbers)
        exceptions.reserveCapacity(exceptions.count + other.exceptions.count)
        for exception in other.exceptions {
            exceptions.append(TranslationTable.Exception(record: exception.record + offset, text: exception.text,
                                                         locale: numbers[Int(exception.locale)], localeRange: exception.localeRange))
        }
    }

    /// A byte between a key and its value.
    @inline(__always)
    static func isGap(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == UInt8(ascii: ":")
    }

    /// Adds `text` in the locale at `locale`, named by `key`: the member's key just before it.
    /// `bytes` are the document's.
    @inline(__always)
    mutating func add(text: JSONString, locale: UInt32, key: JSONString, bytes: UnsafeBufferPointer<UInt8>) {
        let keyRange = key.range
        if fixedLocaleRange == nil, key.isAsWritten, let shape = shape(of: text, locale, bytes), Self.isPlainKey(keyRange, before: text.range, in: bytes) {
            append(text, shape)
        } else {
            appendException(text, locale, localeRange: keyRange)
        }
    }

    /// Adds the text at `text`, written as it is, in the locale at `locale`, named by the key at
    /// `keyRange`: double-quoted, written as it is, and followed by blanks, one colon and blanks
    /// before the text (a member the parser read without the tape, `StringTableTexts.isPlain`).
    @inline(__always)
    mutating func addPlain(text: ByteRange, locale: UInt32, keyRange: ByteRange) {
        if fixedLocaleRange == nil, let shape = TranslationTable.Shape(length: text.count, locale: locale) {
            columns.append(UInt32(truncatingIfNeeded: text.start), shape)
        } else {
            appendException(JSONString.asWritten(text), locale, localeRange: keyRange)
        }
    }

    /// Adds `text` in the locale at `locale`, whose name is at `localeRange`.
    mutating func add(text: JSONString, locale: UInt32, localeRange: ByteRange) {
        if localeRange == fixedLocaleRange, let shape = strings.bytes.withUnsafeBufferPointer({ shape(of: text, locale, $0) }) {
            append(text, shape)
        } else {
            appendException(text, locale, localeRange: localeRange)
        }
    }

    /// The text's shape, when it has one: a double-quoted literal as written, not too long, in
    /// a locale of a small number.
    @inline(__always)
    private func shape(of text: JSONString, _ locale: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> TranslationTable.Shape? {
        guard text.isAsWritten, bytes[text.range.start] == UInt8(ascii: "\"") else { return nil }
        return TranslationTable.Shape(length: text.range.count, locale: locale)
    }

    /// Whether the key at `key` (as written: the caller checks) is double-quoted, and only
    /// blanks and one colon come between it and the text at `text`: what
    /// `TranslationTable.localeRange` reads back.
    @inline(__always)
    static func isPlainKey(_ key: ByteRange, before text: ByteRange, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes[key.start] == UInt8(ascii: "\""), key.end <= text.start else { return false }
        var colons = 0
        for position in key.end..<text.start {
            guard isGap(bytes[position]) else { return false }
            if bytes[position] == UInt8(ascii: ":") { colons += 1 }
        }
        return colons == 1
    }

    @inline(__always)
    private mutating func append(_ text: JSONString, _ shape: TranslationTable.Shape) {
        columns.append(UInt32(truncatingIfNeeded: text.range.start), shape)
    }

    @inline(never)
    private mutating func appendException(_ text: JSONString, _ locale: UInt32, localeRange: ByteRange) {
        exceptions.append(TranslationTable.Exception(record: UInt32(truncatingIfNeeded: columns.count), text: text, locale: locale,
                                                     localeRange: localeRange))
        append(text, .exceptional)
    }

    /// The table, its texts read from `strings` (the document's, when the builder was given
    /// only the strings written as they are).
    func build(strings: JSONStrings? = nil) -> TranslationTable {
        TranslationTable(columns: columns, exceptions: exceptions, locales: locales, strings: strings ?? self.strings, localeIsKey: localeIsKey,
                         fixedLocaleRange: fixedLocaleRange)
    }
}
