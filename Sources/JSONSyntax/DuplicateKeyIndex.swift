/// Finds repeated keys, as Swift compares strings: canonically equivalent keys (NFC `é` and NFD
/// `e` + U+0301, KELVIN SIGN and `K`) are the same key, which is what iOS's decoder sees.
///
/// Up to a few hundred members it compares a 32-bit signature per ASCII key (length, first and
/// last byte) and the strings only on a signature match, much cheaper than hashing for the many
/// small objects of a config; a non-ASCII key is compared with every key, since it may be
/// equivalent to one of another length. Past that it uses a hash table (O(1) per member).
struct DuplicateKeyIndex {
    /// One member of an object being read: its key's signature and tape entry. The parser keeps
    /// the slots of every open object on one stack (an object's start at `base`), so reading an
    /// object allocates nothing for this.
    struct Slot {
        var signature: UInt32
        var entry: UInt32
    }

    /// Where this object's slots start on the parser's stack.
    let base: Int
    /// Past `linearLimit` members: an open-addressing table of the first member of each key
    /// (its tape entry + 1; 0 is empty), at most half full, hashed as Swift hashes the key's
    /// string. Four bytes a slot, where a dictionary of strings took about fifty a key.
    private var table: [UInt32]?
    private var tableCount = 0
    /// One bit per signature seen (a 128-bit filter): a key whose bit is clear has no earlier
    /// key of its signature, and most keys of an object are like that.
    private var seenLow: UInt64 = 0
    private var seenHigh: UInt64 = 0
    private var hasNonASCII = false
    private static let linearLimit = 256
    private static let nonASCIISignature: UInt32 = .max

    init(base: Int) { self.base = base }

    /// Records the key at tape entry `key`; returns the range of an earlier member with the
    /// same key, if any.
    mutating func insert(_ key: Int, tape: TapeBuilder, bytes: UnsafeBufferPointer<UInt8>, slots: inout [Slot]) -> ByteRange? {
        let entry = tape.entries[key]
        let range = tape.range(at: key)
        if table == nil {
            if slots.count - base < Self.linearLimit {
                let signature = entry.flags & JSONTape.Entry.ascii != 0
                    ? Self.asciiSignature(bytes, quoted: range) : Self.signature(tape.text(at: key, in: bytes))
                var match: ByteRange?
                let hash = signature &* 0x9E37_79B9
                let bit = UInt64(1) << UInt64(hash >> 26)
                let high = hash >> 25 & 1 != 0
                let mayRepeat = signature == Self.nonASCIISignature || (high ? seenHigh : seenLow) & bit != 0
                // Keys of the same signature first, then the non-ASCII ones (which may be
                // equivalent to a key of another length); a non-ASCII key is compared with all.
                if mayRepeat {
                    for slot in slots[base...] where slot.signature == signature || signature == Self.nonASCIISignature {
                        if Self.sameKey(key, Int(slot.entry), tape: tape, bytes: bytes) {
                            match = Self.range(of: Int(slot.entry), in: tape)
                            break
                        }
                    }
                }
                if signature == Self.nonASCIISignature {
                    hasNonASCII = true
                } else if high {
                    seenHigh |= bit
                } else {
                    seenLow |= bit
                }
                if match == nil, hasNonASCII, signature != Self.nonASCIISignature {
                    for slot in slots[base...] where slot.signature == Self.nonASCIISignature {
                        if Self.sameKey(key, Int(slot.entry), tape: tape, bytes: bytes) {
                            match = Self.range(of: Int(slot.entry), in: tape)
                            break
                        }
                    }
                }
                // Every member gets its slot, repeated or not, in step with the members.
                slots.append(Slot(signature: signature, entry: UInt32(truncatingIfNeeded: key)))
                return match
            }
            var built = [UInt32](repeating: 0, count: Self.linearLimit * 4)
            tableCount = 0
            for slot in slots[base...] {
                _ = Self.find(Int(slot.entry), in: &built, count: &tableCount, tape: tape, bytes: bytes)
            }
            table = built
        }
        var built = table!
        table = nil  // uniquely referenced while it changes
        defer { table = built }
        if tableCount * 2 >= built.count {
            // Grow: every first member again, into twice the slots.
            var grown = [UInt32](repeating: 0, count: built.count * 2)
            tableCount = 0
            for held in built where held != 0 {
                _ = Self.find(Int(held) - 1, in: &grown, count: &tableCount, tape: tape, bytes: bytes)
            }
            built = grown
        }
        return Self.find(key, in: &built, count: &tableCount, tape: tape, bytes: bytes).map { Self.range(of: $0, in: tape) }
    }

    /// The earlier member with the key of tape entry `key` in `table`, or `nil` after adding it.
    private static func find(_ key: Int, in table: inout [UInt32], count: inout Int, tape: TapeBuilder,
                             bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = table.count - 1
        var slot = tape.text(at: key, in: bytes).hashValue & mask
        while true {
            let held = table[slot]
            if held == 0 {
                table[slot] = UInt32(truncatingIfNeeded: key + 1)
                count += 1
                return nil
            }
            if sameKey(key, Int(held) - 1, tape: tape, bytes: bytes) { return Int(held) - 1 }
            slot = (slot + 1) & mask
        }
    }

    private static func range(of index: Int, in tape: TapeBuilder) -> ByteRange {
        tape.range(at: index)
    }

    /// Whether two keys are the same as Swift compares strings: plain ASCII keys by their bytes.
    private static func sameKey(_ a: Int, _ b: Int, tape: TapeBuilder, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = tape.entries[a], second = tape.entries[b]
        if first.flags & second.flags & JSONTape.Entry.ascii != 0 {
            let p = tape.range(at: a), q = tape.range(at: b)
            return ByteScan.equal(UnsafeBufferPointer(rebasing: bytes[p.start + 1..<p.end - 1]),
                                  UnsafeBufferPointer(rebasing: bytes[q.start + 1..<q.end - 1]))
        }
        return tape.text(at: a, in: bytes) == tape.text(at: b, in: bytes)
    }

    /// The signature of a plain ASCII key from its bytes, quotes included in `quoted`.
    @inline(__always)
    static func asciiSignature(_ bytes: UnsafeBufferPointer<UInt8>, quoted: ByteRange) -> UInt32 {
        let count = quoted.count - 2
        guard count > 0 else { return 0 }
        return UInt32(truncatingIfNeeded: count) << 16 | UInt32(bytes[quoted.start + 1]) << 8 | UInt32(bytes[quoted.end - 2])
    }

    static func signature(_ key: String) -> UInt32 {
        let utf8 = key.utf8
        guard let first = utf8.first, let last = utf8.last else { return 0 }
        if utf8.contains(where: { $0 >= 0x80 }) { return nonASCIISignature }
        return UInt32(truncatingIfNeeded: utf8.count) << 16 | UInt32(first) << 8 | UInt32(last)
    }
}
