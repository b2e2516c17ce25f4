import JSONSyntax

/// The locale keys of a table's entries, read by position: entries list the same locales in the
/// same order, so a key that is the one at its position in the entry before names the same
/// locale, and a locale's name is read (and stored) only when it is not.
struct LocaleKeyReader {
    let strings: JSONStrings
    /// The key at each position of the entry before, with its locale's number.
    var locales: [(key: JSONString, index: UInt32)] = []
    /// The position in the entry being read.
    var position = 0

    init(strings: JSONStrings) { self.strings = strings }

    /// Adds the text of the member at the next position, when it is a string. `bytes` are the
    /// document's.
    @inline(__always)
    mutating func add(key: JSONString, text: JSONString?, to table: inout TranslationTableBuilder, bytes: UnsafeBufferPointer<UInt8>) {
        defer { position += 1 }
        guard let text else { return }
        let locale: UInt32
        if position < locales.count, Self.sameBytes(key, locales[position].key, bytes) || strings.sameText(key, locales[position].key) {
            locale = locales[position].index
        } else {
            locale = table.addLocale(strings.text(key))
            if position < locales.count { locales[position] = (key, locale) } else { locales.append((key, locale)) }
        }
        table.add(text: text, locale: locale, key: key, bytes: bytes)
    }

    /// Adds the text at `text` of a member read without the tape (`StringTableTexts.isPlain`),
    /// under the key at `key`: both written as they are, the key double-quoted and followed by
    /// blanks, one colon and blanks.
    @inline(__always)
    mutating func addPlain(key: ByteRange, text: ByteRange, to table: inout TranslationTableBuilder, bytes: UnsafeBufferPointer<UInt8>) {
        defer { position += 1 }
        let locale: UInt32
        if position < locales.count, Self.sameBytes(key, locales[position].key.range, bytes) {
            locale = locales[position].index
        } else {
            locale = newLocale(JSONString.asWritten(key), to: &table)
        }
        table.addPlain(text: text, locale: locale, keyRange: key)
    }

    /// The number of the locale named by `key`, which is not the one at this position in the
    /// member before by its bytes: it may still be that one's text written otherwise.
    @inline(never)
    private mutating func newLocale(_ key: JSONString, to table: inout TranslationTableBuilder) -> UInt32 {
        if position < locales.count, strings.sameText(key, locales[position].key) { return locales[position].index }
        let locale = table.addLocale(strings.text(key))
        if position < locales.count { locales[position] = (key, locale) } else { locales.append((key, locale)) }
        return locale
    }

    /// Two ranges of the document holding the same bytes; as one word each when they fit one.
    @inline(__always)
    static func sameBytes(_ a: ByteRange, _ b: ByteRange, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        if count <= 8, a.start + 8 <= bytes.count, b.start + 8 <= bytes.count {
            let mask: UInt64 = count == 8 ? .max : (1 << UInt64(count * 8)) &- 1
            return (ByteScan.word(bytes, at: a.start) ^ ByteScan.word(bytes, at: b.start)) & mask == 0
        }
        for offset in 0..<count where bytes[a.start + offset] != bytes[b.start + offset] { return false }
        return true
    }

    /// Two literals written with the same bytes (the same text whatever they escape), compared
    /// here: a locale key is a few bytes, and `JSONStrings.sameText` is a call into the syntax
    /// module for each text of the table.
    @inline(__always)
    static func sameBytes(_ a: JSONString, _ b: JSONString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (start, other, count) = (a.range.start, b.range.start, a.range.count)
        guard count == b.range.count else { return false }
        for offset in 0..<count where bytes[start + offset] != bytes[other + offset] { return false }
        return true
    }
}

/// The members of an authoring config's `localized_strings` as the parser reads them
/// (`StringTableSink`): the table's columns are built as in `ConfigDecoder.localization`, without
/// the tape ever holding the table. With more than one thread in its plan and a large table, a partner collects
/// the members a second thread reads from near the middle, and this one takes them in order
/// (JSONSyntax's StringTableSplit.swift).
final class StringTableCollector: StringTableSink {
    /// Where an authoring config keeps the table the parser hands over (JSONSyntax is told, it
    /// knows no config).
    static let tablePointer = JSONPointer(tokens: ["localization", "localized_strings"])
    private let bytes: [UInt8]
    /// How many threads reading the table may use, and from what sizes (``ExecutionPlan``: the
    /// table's split and the keys prepared beside the parse).
    let plan: ExecutionPlan
    private var entries = StringEntries.Builder(capacity: 0)
    private var table: TranslationTableBuilder
    private var reading: LocaleKeyReader
    /// Room for this many keys and texts at first.
    private let capacity: Int
    /// The keys taken from a partner.
    private(set) var keysTaken = 0
    /// The keys decoded and indexed on a thread of their own since the table was read
    /// (`tableEnded`), while the parser reads what follows it; `build` takes them.
    private var preparation: KeyPreparation?
    /// Whether `build` took keys prepared beside the parse (tests).
    private(set) var preparedKeysUsed = false

    /// `capacity`: room for as many keys and texts as the bytes can hold (a member takes eight
    /// bytes at least) unless told: what is never written is never resident, and nothing is
    /// copied as it grows.
    init(bytes: [UInt8], plan: ExecutionPlan = .oneThread, capacity: Int? = nil) {
        self.bytes = bytes
        var plan = plan
        plan.threadsPerFile = max(1, plan.threadsPerFile)
        self.plan = plan
        self.capacity = capacity ?? bytes.count / 8
        let strings = JSONStrings.asWritten(in: bytes)
        table = TranslationTableBuilder(strings: strings, localeIsKey: true, fixedLocaleRange: nil, capacity: 0)
        reading = LocaleKeyReader(strings: strings)
        reset()
    }

    func reset() {
        preparation = nil
        let strings = JSONStrings.asWritten(in: bytes)
        entries = StringEntries.Builder(capacity: capacity)
        table = TranslationTableBuilder(strings: strings, localeIsKey: true, fixedLocaleRange: nil, capacity: capacity)
        reading = LocaleKeyReader(strings: strings)
    }

    func add(key: JSONString, texts: StringTableTexts) {
        bytes.withUnsafeBufferPointer { bytes in
            // One access to each of the collector's stored values for the key, not two a text (a
            // class's stored values are checked for exclusive access at each access).
            Self.add(key: key, texts: texts, bytes: bytes, entries: &entries, table: &table, reading: &reading)
        }
    }

    private static func add(key: JSONString, texts: StringTableTexts, bytes: UnsafeBufferPointer<UInt8>, entries: inout StringEntries.Builder,
                            table: inout TranslationTableBuilder, reading: inout LocaleKeyReader) {
        entries.add(keyAt: key.range, firstRecord: table.count)
        reading.position = 0
        if texts.isPlain {
            let literals = texts.plainLiterals
            var index = 0
            while index + 1 < literals.count {
                reading.addPlain(key: literals[index], text: literals[index + 1], to: &table, bytes: bytes)
                index += 2
            }
        } else {
            texts.forEach { key, text in reading.add(key: key, text: text, to: &table, bytes: bytes) }
        }
    }

    /// The second reader starts a little before the middle of the table (as `likelyTableEnd`
    /// guesses its end): the first thread reads what follows the table only once the second is
    /// done, so the two should end the table together, and one that reaches the second's start
    /// first splits what is left again (StringTableSplit.swift), which a second thread ending
    /// first cannot.
    func partner(from start: Int, tableEnd: Int, to end: Int) -> (sink: any StringTableSink, near: Int)? {
        guard plan.threadsPerFile > 1, tableEnd - start >= plan.tableSplitFromBytes else { return nil }
        let near = plan.tableSplitNear ?? start + Int(Double(tableEnd - start) * Self.firstShare)
        return (StringTableCollector(bytes: bytes, capacity: max(0, end - near) / 8 + 1), near)
    }

    /// What `partner` asks of a table (a lint of a small file guesses no table end).
    var partnerFromBytes: Int { plan.threadsPerFile > 1 ? plan.tableSplitFromBytes : .max }

    /// The first thread's share of the table before the second's start.
    static let firstShare = 0.45

    var waitsForPartner: Bool { plan.tableSplitNear != nil }

    /// The partner's keys and texts after these, its locales numbered as one collector reading
    /// them after these numbers them (a name this one has keeps its number; the others follow
    /// in the order the partner met them); `false` when a number would change a text's shape.
    func absorb(_ partner: any StringTableSink) -> Bool {
        guard let partner = partner as? StringTableCollector, let numbers = table.numbers(of: partner.table) else { return false }
        keysTaken += partner.entries.keyRanges.count
        entries.append(partner.entries, recordOffset: table.count)
        table.append(partner.table, numbers: numbers)
        // What reading those members would leave: at each of their positions, the locale read last.
        for (position, locale) in partner.reading.locales.enumerated() {
            let mapped = (key: locale.key, index: numbers[Int(locale.index)])
            if position < reading.locales.count { reading.locales[position] = mapped } else { reading.locales.append(mapped) }
        }
        return true
    }

    /// The table is read and nothing more is added: its keys are decoded and indexed on a
    /// thread of their own (a large table, more than one thread) while the first thread reads
    /// what follows the table; at 44 MB that was 20-30 ms of the decode.
    func tableEnded() {
        guard plan.threadsPerFile > 1, entries.keyRanges.count >= plan.prepareKeysFrom else { return }
        preparation = KeyPreparation(keyRanges: entries.keyRanges, decodedKeys: entries.decodedKeys, bytes: bytes)
    }

    /// The entries, their texts read from the document's `strings`.
    func build(strings: JSONStrings, parent: JSONPointer) -> StringEntries {
        let count = table.count
        let prepared = preparation?.take(count: entries.keyRanges.count)
        preparation = nil
        preparedKeysUsed = prepared != nil
        return entries.build(table: table.build(strings: strings), recordCount: count, parent: parent, prepared: prepared)
    }
}

/// `StringEntries.PreparedKeys` made on a thread of their own; `take` waits for them. The thread
/// is joined there or when this is freed: none outlives it.
final class KeyPreparation: @unchecked Sendable {
    private let result = LockedValue<StringEntries.PreparedKeys?>(nil)
    private var thread: Parallel.Thread?
    /// How many keys it prepares.
    private let count: Int

    init(keyRanges: [ByteRange], decodedKeys: [Int: String], bytes: [UInt8]) {
        count = keyRanges.count
        let result = self.result
        thread = Parallel.start(Parallel.Work {
            let prepared = StringEntries.PreparedKeys(keyRanges: keyRanges, decodedKeys: decodedKeys, bytes: bytes)
            result.withLock { $0 = prepared }
        })
    }

    /// The prepared keys when they are `count` keys (`nil` otherwise, or when no thread could be
    /// started: the entries then prepare their own).
    func take(count: Int) -> StringEntries.PreparedKeys? {
        join()
        return count == self.count ? result.withLock { $0 } : nil
    }

    private func join() {
        guard let thread else { return }
        self.thread = nil
        Parallel.join(thread)
    }

    deinit { join() }
}
