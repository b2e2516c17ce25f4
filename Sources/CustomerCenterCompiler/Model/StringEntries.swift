import JSONSyntax

/// The keys of `localized_strings` in document order (the first of repeated keys), each with its
/// texts, in flat columns: the key (16 bytes; the bytes of a key of up to 15 are inline), its
/// range (8) and its first record in the config's `TranslationTable` (4). A table of a million
/// tiny keys is three allocations instead of a 104-byte `StringEntry` a key; `StringEntry` is a
/// view built when read.
package struct StringEntries: RandomAccessCollection, Sendable {
    final class Storage: Sendable {
        let keys: [String]
        let keyRanges: [ByteRange]
        /// Each key's first record; one more at the end (the table's count).
        let firstRecords: [UInt32]
        let table: TranslationTable
        /// The entries' parent, `/localization/localized_strings`.
        let parent: JSONPointer

        init(keys: [String], keyRanges: [ByteRange], firstRecords: [UInt32], table: TranslationTable, parent: JSONPointer) {
            self.keys = keys
            self.keyRanges = keyRanges
            self.firstRecords = firstRecords
            self.table = table
            self.parent = parent
        }
    }

    let storage: Storage

    /// Adds entries one by one, then `build` with the texts' table.
    struct Builder {
        var keys: [String] = []
        var keyRanges: [ByteRange] = []
        var firstRecords: [UInt32] = []

        init(capacity: Int) {
            keys.reserveCapacity(capacity)
            keyRanges.reserveCapacity(capacity)
            firstRecords.reserveCapacity(capacity + 1)
        }

        /// The entry `key` (at `range`), whose texts are the table's records from `firstRecord`.
        mutating func add(key: String, range: ByteRange, firstRecord: Int) {
            keys.append(key)
            keyRanges.append(range)
            firstRecords.append(UInt32(truncatingIfNeeded: firstRecord))
        }

        mutating func build(table: TranslationTable, recordCount: Int, parent: JSONPointer) -> StringEntries {
            firstRecords.append(UInt32(truncatingIfNeeded: recordCount))
            return StringEntries(storage: Storage(keys: keys, keyRanges: keyRanges, firstRecords: firstRecords, table: table, parent: parent))
        }
    }

    /// No entries.
    package static let empty = StringEntries(storage: Storage(keys: [], keyRanges: [], firstRecords: [0], table: .empty, parent: .root))

    package var startIndex: Int { 0 }
    package var endIndex: Int { storage.keys.count }

    package subscript(position: Int) -> StringEntry {
        let storage = self.storage, key = storage.keys[position]
        let records = Int(storage.firstRecords[position])..<Int(storage.firstRecords[position + 1])
        return StringEntry(key: Located(key, range: storage.keyRanges[position], in: storage.parent, key: key),
                           translations: Translations(table: storage.table, records: records, in: storage.parent, key: key))
    }

    /// The key at `position` (no entry built).
    package func key(at position: Int) -> String { storage.keys[position] }

    /// The key's bytes at `position`.
    package func keyRange(at position: Int) -> ByteRange { storage.keyRanges[position] }
}

/// `localized_strings` by key, for lookups: an open-addressing table of entry numbers (4 bytes a
/// slot, at most half full) over `StringEntries`, instead of a dictionary of entries.
package struct StringIndex: Sendable {
    /// The entries, in document order.
    package let entries: StringEntries
    /// Entry number + 1 per slot, 0 when empty; the count is a power of two.
    private let slots: [UInt32]
    /// The number of keys (each once).
    package let count: Int

    init(_ entries: StringEntries) {
        self.entries = entries
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        var slots = [UInt32](repeating: 0, count: capacity)
        var count = 0
        let mask = capacity - 1
        for position in entries.indices {
            let key = entries.key(at: position)
            var slot = key.hashValue & mask
            while true {
                let held = slots[slot]
                if held == 0 {
                    slots[slot] = UInt32(truncatingIfNeeded: position + 1)
                    count += 1
                    break
                }
                // The first of repeated keys stays.
                if entries.key(at: Int(held) - 1) == key { break }
                slot = (slot + 1) & mask
            }
        }
        self.slots = slots
        self.count = count
    }

    /// The entry number of `key`.
    package func position(of key: String) -> Int? {
        let mask = slots.count - 1
        var slot = key.hashValue & mask
        while true {
            let held = slots[slot]
            if held == 0 { return nil }
            if entries.key(at: Int(held) - 1) == key { return Int(held) - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// The entry of `key`.
    package subscript(key: String) -> StringEntry? { position(of: key).map { entries[$0] } }

    /// The keys, in document order (each once).
    package var keys: [String] {
        entries.indices.compactMap { position(of: entries.key(at: $0)) == $0 ? entries.key(at: $0) : nil }
    }
}
