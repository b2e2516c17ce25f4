/// Finds repeated keys, as Swift compares strings: canonically equivalent keys (NFC `é` and NFD
/// `e` + U+0301, KELVIN SIGN and `K`) are the same key, which is what iOS's decoder sees.
///
/// Up to a few hundred members it compares a 32-bit signature per ASCII key (length, first and
/// last byte) and the strings only on a signature match, much cheaper than hashing for the many
/// small objects of a config; a non-ASCII key is compared with every key, since it may be
/// equivalent to one of another length. Past that it uses a hash table (O(1) per member).
struct DuplicateKeyIndex {
    private var signatures: [UInt32] = []
    private var nonASCII: [Int] = []
    private var table: [String: ByteRange]?
    private static let linearLimit = 256
    private static let nonASCIISignature: UInt32 = .max

    /// Records `key`; returns the range of an earlier member with the same key, if any.
    /// `signature`, when the parser has it from the source bytes, saves reading the key again.
    mutating func insert(_ key: String, range: ByteRange, members: [JSONMember], signature known: UInt32? = nil) -> ByteRange? {
        if table == nil {
            if members.count < Self.linearLimit {
                let signature = known ?? Self.signature(key)
                var match: ByteRange?
                if signature == Self.nonASCIISignature {
                    match = members.first(where: { $0.key == key })?.keyRange
                    nonASCII.append(members.count)
                } else {
                    for (index, other) in signatures.enumerated() where other == signature && members[index].key == key {
                        match = members[index].keyRange
                        break
                    }
                    if match == nil {
                        for index in nonASCII where members[index].key == key {
                            match = members[index].keyRange
                            break
                        }
                    }
                }
                // Every member gets its signature, repeated or not: the caller appends it either
                // way, and the signatures must stay in step with the members.
                signatures.append(signature)
                return match
            }
            var built: [String: ByteRange] = [:]
            built.reserveCapacity(members.count * 2)
            for member in members where built[member.key] == nil { built[member.key] = member.keyRange }
            table = built
            signatures = []
            nonASCII = []
        }
        if let first = table?[key] { return first }
        table?[key] = range
        return nil
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
