import JSONSyntax

/// The keys of `localized_strings` in document order (the first of repeated keys), each with its
/// texts, in flat columns: the key's range in the source (8 bytes), the key itself (16 bytes, and
/// its text when longer than 15 bytes of UTF-8: the lookup table decodes every key once, and
/// every rule that walks the table reads them) and its first record in the config's
/// `TranslationTable` (4). A table of a million tiny keys is three arrays and a lookup table
/// instead of a 104-byte `StringEntry` a key; `StringEntry` is a view built when read.
package struct StringEntries: RandomAccessCollection, Sendable {
    final class Storage: Sendable {
        let keyRanges: [ByteRange]
        /// The keys, by position.
        let keys: [String]
        /// Each key's first record; one more at the end (the table's count).
        let firstRecords: [UInt32]
        let table: TranslationTable
        /// The entries' parent, `/localization/localized_strings`.
        let parent: JSONPointer
        /// The lookup table of `StringIndex`, built once with the entries.
        let slots: [UInt32]
        /// The number of keys, each once.
        let uniqueCount: Int

        init(keyRanges: [ByteRange], decodedKeys: [Int: String], firstRecords: [UInt32], table: TranslationTable, parent: JSONPointer,
             prepared: PreparedKeys? = nil) {
            self.keyRanges = keyRanges
            let prepared = prepared ?? PreparedKeys(keyRanges: keyRanges, decodedKeys: decodedKeys, bytes: table.strings.bytes)
            keys = prepared.keys
            self.firstRecords = firstRecords
            self.table = table
            self.parent = parent
            (slots, uniqueCount) = (prepared.slots, prepared.uniqueCount)
        }

        /// Another handle on `other`'s columns, over another handle on its table and a parent
        /// pointer of its own.
        init(handleOn other: Storage) {
            (keyRanges, keys, firstRecords, slots, uniqueCount) = (other.keyRanges, other.keys, other.firstRecords, other.slots, other.uniqueCount)
            table = other.table.forAnotherThread()
            parent = other.parent.forAnotherThread()
        }

        /// The key at `position`.
        @inline(__always)
        func key(at position: Int) -> String { keys[position] }
    }

    let storage: Storage

    /// The keys decoded and their lookup table (`StringIndex`): most of building the entries,
    /// and all of it that needs only the document's bytes (made beside the parse, see
    /// `StringTableCollector.tableEnded`).
    struct PreparedKeys: Sendable {
        let keys: [String]
        let slots: [UInt32]
        let uniqueCount: Int

        init(keyRanges: [ByteRange], decodedKeys: [Int: String], bytes: [UInt8]) {
            // Keys not written as they are (escaped, bare) are given decoded; the others are
            // their bytes between the quotes.
            let keys = bytes.withUnsafeBufferPointer { bytes in
                keyRanges.indices.map { position in
                    (decodedKeys.isEmpty ? nil : decodedKeys[position])
                        ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[keyRanges[position].start + 1..<keyRanges[position].end - 1]), as: UTF8.self)
                }
            }
            self.keys = keys
            (slots, uniqueCount) = StringIndex.slots(count: keyRanges.count) { keys[$0] }
        }
    }

    /// Adds entries one by one, then `build` with the texts' table.
    struct Builder {
        var keyRanges: [ByteRange] = []
        var decodedKeys: [Int: String] = [:]
        var firstRecords: [UInt32] = []

        init(capacity: Int) {
            keyRanges.reserveCapacityInLargePages(capacity)
            firstRecords.reserveCapacityInLargePages(capacity + 1)
        }

        /// The entry whose key is `key` of `strings`, whose texts are the table's records from `firstRecord`.
        mutating func add(key: JSONString, of strings: JSONStrings, firstRecord: Int) {
            if !key.isAsWritten { decodedKeys[keyRanges.count] = strings.text(key) }
            keyRanges.append(key.range)
            firstRecords.append(UInt32(truncatingIfNeeded: firstRecord))
        }

        /// The entry whose key is written as it is at `range`.
        mutating func add(keyAt range: ByteRange, firstRecord: Int) {
            keyRanges.append(range)
            firstRecords.append(UInt32(truncatingIfNeeded: firstRecord))
        }

        /// `other`'s entries after these, their records after `recordOffset` records.
        mutating func append(_ other: Builder, recordOffset: Int) {
            for (position, key) in other.decodedKeys { decodedKeys[keyRanges.count + position] = key }
            keyRanges.append(contentsOf: other.keyRanges)
            let offset = UInt32(truncatingIfNeeded: recordOffset)
            for record in other.firstRecords { firstRecords.append(record &+ offset) }
        }

        mutating func build(table: TranslationTable, recordCount: Int, parent: JSONPointer, prepared: PreparedKeys? = nil) -> StringEntries {
            firstRecords.append(UInt32(truncatingIfNeeded: recordCount))
            return StringEntries(storage: Storage(keyRanges: keyRanges, decodedKeys: decodedKeys, firstRecords: firstRecords, table: table,
                                                  parent: parent, prepared: prepared))
        }
    }

    /// No entries.
    package static let empty = StringEntries(storage: Storage(keyRanges: [], decodedKeys: [:], firstRecords: [0], table: .empty, parent: .root))

    package var startIndex: Int { 0 }
    package var endIndex: Int { storage.keyRanges.count }

    package subscript(position: Int) -> StringEntry {
        let storage = self.storage, key = storage.key(at: position)
        let records = Int(storage.firstRecords[position])..<Int(storage.firstRecords[position + 1])
        return StringEntry(key: Located(key, range: storage.keyRanges[position], in: storage.parent, key: key),
                           translations: Translations(table: storage.table, records: records, in: storage.parent, key: key))
    }

    /// The same entries through handles of their own on the columns, the table and the parent
    /// pointer (nothing is copied): every entry read retains them, and a thread that reads beside
    /// another reads through its own (``JSONSyntax/JSONTape/forAnotherThread()`` says why).
    package func forAnotherThread() -> StringEntries { StringEntries(storage: Storage(handleOn: storage)) }

    /// The key at `position` (no entry built).
    package func key(at position: Int) -> String { storage.key(at: position) }

    /// The key's bytes at `position`.
    package func keyRange(at position: Int) -> ByteRange { storage.keyRanges[position] }

    /// Whether a key repeats an earlier one.
    package var hasRepeatedKeys: Bool { storage.uniqueCount != storage.keyRanges.count }
}

/// `localized_strings` by key, for lookups: an open-addressing table of entry numbers (4 bytes a
/// slot, at most three quarters full) over `StringEntries`, instead of a dictionary of entries.
package struct StringIndex: Sendable {
    /// The entries, in document order.
    package let entries: StringEntries
    /// Entry number + 1 per slot, 0 when empty; the count is a power of two.
    private let slots: [UInt32]
    /// The number of keys (each once).
    package let count: Int

    init(_ entries: StringEntries) {
        self.entries = entries
        slots = entries.storage.slots
        count = entries.storage.uniqueCount
    }

    /// The table of `keys`: entry number + 1 per slot, the first of repeated keys; and the
    /// number of keys, each once.
    static func slots(count keyCount: Int, _ keys: (Int) -> String) -> (slots: [UInt32], count: Int) {
        // Four slots for every three keys (not a power of two: a million keys take 5.3 MB, not 8.4).
        var slots = [UInt32](repeating: 0, count: max(8, keyCount + keyCount / 3 + 1))
        var count = 0
        for position in 0..<keyCount {
            let key = keys(position)
            var slot = home(of: key, among: slots.count)
            while true {
                let held = slots[slot]
                if held == 0 {
                    slots[slot] = UInt32(truncatingIfNeeded: position + 1)
                    count += 1
                    break
                }
                // The first of repeated keys stays.
                if keys(Int(held) - 1) == key { break }
                slot = slot + 1 == slots.count ? 0 : slot + 1
            }
        }
        return (slots, count)
    }

    /// The first slot to look at for `key`: its hash scaled to the slots.
    @inline(__always)
    private static func home(of key: String, among count: Int) -> Int {
        Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: key.hashValue).multipliedFullWidth(by: UInt64(count)).high)
    }

    /// The entry number of `key` (keys are compared as Swift compares strings: KELVIN SIGN is `K`).
    package func position(of key: String) -> Int? {
        var slot = Self.home(of: key, among: slots.count)
        let storage = entries.storage, slots = self.slots
        while true {
            let held = slots[slot]
            if held == 0 { return nil }
            if storage.key(at: Int(held) - 1) == key { return Int(held) - 1 }
            slot = slot + 1 == slots.count ? 0 : slot + 1
        }
    }

    /// The entry of `key`.
    package subscript(key: String) -> StringEntry? { position(of: key).map { entries[$0] } }

    /// The keys, in document order (each once).
    package var keys: [String] {
        entries.indices.compactMap { position(of: entries.key(at: $0)) == $0 ? entries.key(at: $0) : nil }
    }
}
