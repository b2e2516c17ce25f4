/// Some texts of a config, as few bytes as the texts are many (`TextIndex.badWhitespace`): an
/// authoring config's by entry, the positions of an entry's texts 64 to a word; a response's
/// by reference. A file where every key has a faulty text in each of 32 locales holds 16 bytes
/// a key, not a reference a text.
struct TextGroups: Sendable {
    /// Texts of entry `entry` at positions `base + k` for each bit `k` of `bits`.
    struct Group: Sendable {
        let entry: UInt32
        let base: UInt32
        var bits: UInt64
    }

    /// The table's texts, in entry order and by position within an entry.
    private(set) var groups: [Group] = []
    /// A response's texts (`TextIndex.TextReference.item`), in order.
    var items: [TextIndex.TextReference] = []

    /// Whether it holds no text.
    var isEmpty: Bool { groups.isEmpty && items.isEmpty }

    /// Adds the text at `position` of entry `entry`, after every text added before it.
    mutating func add(entry: Int, position: Int) {
        let entryNumber = UInt32(truncatingIfNeeded: entry), base = UInt32(truncatingIfNeeded: position & ~63)
        let bit = UInt64(1) << UInt64(position & 63)
        if let last = groups.last, last.entry == entryNumber, last.base == base {
            groups[groups.count - 1].bits |= bit
        } else {
            groups.append(Group(entry: entryNumber, base: base, bits: bit))
        }
    }

    /// Adds another set's texts after these (the next entries').
    mutating func append(_ other: TextGroups) {
        groups += other.groups
        items += other.items
    }

    /// Room for `count` groups.
    mutating func reserveCapacity(groups count: Int) { groups.reserveCapacity(count) }

    /// The number of groups.
    var groupCount: Int { groups.count }
}

extension TextGroups.Group {
    /// Calls `body` with each position, in order.
    @inline(__always)
    func forEachPosition(_ body: (Int) -> Void) {
        var rest = bits
        while rest != 0 {
            body(Int(base) + rest.trailingZeroBitCount)
            rest &= rest - 1
        }
    }
}
