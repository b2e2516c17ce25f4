import JSONSyntax

/// The keys of `localized_strings` in document order (the first of repeated keys), each with its
/// texts, in flat columns: the key's range in the source (8 bytes; the key is read from there,
/// and kept decoded only when it is not written as it is) and its first record in the config's
/// `TranslationTable` (4). A table of a million tiny keys is two allocations and a lookup table
/// instead of a 104-byte `StringEntry` a key; `StringEntry` is a view built when read.
package struct StringEntries: RandomAccessCollection, Sendable {
    final class Storage: Sendable {
        let keyRanges: [ByteRange]
        /// The keys not written as they are (escaped, bare), by position; usually none.
        let decodedKeys: [Int: String]
        /// Each key's first record; one more at the end (the table's count).
        let firstRecords: [UInt32]
        let table: TranslationTable
        /// The entries' parent, `/localization/localized_strings`.
        let parent: JSONPointer
        /// The lookup table of `StringIndex`, built once with the entries.
        let slots: [UInt32]
        /// The number of keys, each once.
        let uniqueCount: Int

        init(keyRanges: [ByteRange], decodedKeys: [Int: String], firstRecords: [UInt32], table: TranslationTable, parent: JSONPointer) {
            self.keyRanges = keyRanges
            self.decodedKeys = decodedKeys
            self.firstRecords = firstRecords
            self.table = table
            self.parent = parent
            (slots, uniqueCount) = StringIndex.slots(count: keyRanges.count) { Self.key(at: $0, keyRanges, decodedKeys, table.strings.bytes) }
        }

        /// The key at `position`.
        @inline(__always)
        static func key(at position: Int, _ keyRanges: [ByteRange], _ decodedKeys: [Int: String], _ bytes: [UInt8]) -> String {
            if !decodedKeys.isEmpty, let decoded = decodedKeys[position] { return decoded }
            let range = keyRanges[position]
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range.start + 1..<range.end - 1]), as: UTF8.self) }
        }

        @inline(__always)
        func key(at position: Int) -> String { Self.key(at: position, keyRanges, decodedKeys, table.strings.bytes) }
    }

    let storage: Storage

    /// Adds entries one by one, then `build` with the texts' table.
    struct Builder {
        var keyRanges: [ByteRange] = []
        var decodedKeys: [Int: String] = [:]
        var firstRecords: [UInt32] = []

        init(capacity: Int) {
            keyRanges.reserveCapacity(capacity)
            firstRecords.reserveCapacity(capacity + 1)
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

        mutating func build(table: TranslationTable, recordCount: Int, parent: JSONPointer) -> StringEntries {
            firstRecords.append(UInt32(truncatingIfNeeded: recordCount))
            return StringEntries(storage: Storage(keyRanges: keyRanges, decodedKeys: decodedKeys, firstRecords: firstRecords, table: table, parent: parent))
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

    /// The entry number of `key`. Keys are compared by their bytes in the source, without
    /// making a string of each key met; a key with other bytes is compared as Swift compares
    /// strings only when it or `key` is not plain ASCII (KELVIN SIGN is `K`).
    package func position(of key: String) -> Int? {
        var slot = Self.home(of: key, among: slots.count)
        let storage = entries.storage, slots = self.slots
        var text = key
        return text.withUTF8 { utf8 in
            let isASCII = ByteScan.isASCII(utf8)
            return storage.table.strings.bytes.withUnsafeBufferPointer { bytes in
                while true {
                    let held = slots[slot]
                    if held == 0 { return nil }
                    let position = Int(held) - 1
                    if storage.decodedKeys.isEmpty || storage.decodedKeys[position] == nil {
                        let range = storage.keyRanges[position]
                        let written = UnsafeBufferPointer(rebasing: bytes[range.start + 1..<range.end - 1])
                        if ByteScan.equal(written, utf8) { return position }
                        if !(isASCII && ByteScan.isASCII(written)), storage.key(at: position) == key { return position }
                    } else if storage.key(at: position) == key {
                        return position
                    }
                    slot = slot + 1 == slots.count ? 0 : slot + 1
                }
            }
        }
    }

    /// The entry of `key`.
    package subscript(key: String) -> StringEntry? { position(of: key).map { entries[$0] } }

    /// The keys, in document order (each once).
    package var keys: [String] {
        entries.indices.compactMap { position(of: entries.key(at: $0)) == $0 ? entries.key(at: $0) : nil }
    }
}
