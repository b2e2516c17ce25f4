// A string table's member in its common shape, read without the tape (docs/performance.md, "One
// big file: the reader").
//
// Almost every member of a large table writes the locales of the member before it, in the same
// order, each text written as it is: `"key": {"ar": "…", "ca": "…", …}`. `readMember` puts such
// a member onto the tape (its key, its object, each locale and text), checks it and hands it over,
// then drops it again: at 44 MB that was about 550 instructions a text. `readPlainMember` reads the
// same member straight from the bytes: each locale key is compared with the one at its position in
// the member before (as `readTexts` does first), each text is scanned to its closing quote, and
// the member goes to the sink as a list of the literals' ranges. Anything else (a new or missing
// locale, an escape, a comment, another value, an issue) leaves `pos` where it was and the member
// to `readMember`'s usual path, which reads it exactly as before: the fast path only takes members
// that path would read without an issue, and hands the sink the same keys and texts.

extension Parser {
    /// Whether `byte` is a blank JSON allows between tokens (what `skipTrivia` passes over
    /// without an issue).
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The first byte of `bytes` from `from` that is not a blank.
    @inline(__always)
    static func blanksEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var at = from
        while at < bytes.count, isBlank(bytes[at]) { at += 1 }
        return at
    }

    /// Whether the bytes from `at` are those of `known` (a range of the same bytes), compared
    /// as one word when both have eight bytes to load.
    @inline(__always)
    static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, equal known: ByteRange) -> Bool {
        let count = known.count
        guard at + count <= bytes.count else { return false }
        if count <= 8, at + 8 <= bytes.count, known.start + 8 <= bytes.count {
            let mask: UInt64 = count == 8 ? .max : (1 << UInt64(count * 8)) &- 1
            return (ByteScan.word(bytes, at: at) ^ ByteScan.word(bytes, at: known.start)) & mask == 0
        }
        return ByteScan.equal(UnsafeBufferPointer(rebasing: bytes[at..<at + count]), UnsafeBufferPointer(rebasing: bytes[known.start..<known.end]))
    }

    /// The table member at `pos` (its key's `"`) handed to `sink` without the tape, when it is a
    /// key written as it is whose object's keys are, in order, the first keys of the member read
    /// before (`previousTextKeys`, all different) and whose texts are written as they are, with
    /// only blanks between the tokens. Then `pos` is just past its object and `previousTextKeys`
    /// are its keys, as `readMember` leaves them; otherwise nothing changed and it returns `false`.
    mutating func readPlainMember(into sink: any StringTableSink) -> Bool {
        let knownKeys = previousTextKeys.count
        // The usual path adds a spill or two a text to the tape before dropping them, and stops
        // at the spill limit: members near it are left to that path.
        guard knownKeys > 0, tape.spills.count + 2 + 2 * knownKeys < spillLimit else { return false }
        let bytes = self.bytes, start = pos, n = bytes.count
        guard start < n, bytes[start] == UInt8(ascii: "\"") else { return false }
        let (keyStop, _) = Self.plainRun(bytes, from: start + 1, quote: UInt8(ascii: "\""))
        guard keyStop < n, bytes[keyStop] == UInt8(ascii: "\""), keyStop + 1 - start <= JSONTape.Entry.inlineLengthLimit else { return false }
        let keyEnd = keyStop + 1
        var at = Self.blanksEnd(bytes, from: keyEnd)
        guard at < n, bytes[at] == UInt8(ascii: ":") else { return false }
        at = Self.blanksEnd(bytes, from: at + 1)
        guard at < n, bytes[at] == UInt8(ascii: "{") else { return false }
        // Room for every text this member may have, written in place.
        if plainTexts.count < 2 * knownKeys { plainTexts += repeatElement(ByteRange.at(0), count: 2 * knownKeys - plainTexts.count) }
        let read = previousTextKeys.withUnsafeBufferPointer { known in
            plainTexts.withUnsafeMutableBufferPointer { out in Self.readLikeTexts(bytes, from: at + 1, known: known, into: out) }
        }
        guard let (end, count) = read else { return false }
        // The keys are the first `count` of the member before, byte for byte.
        previousTextKeys.removeSubrange(count...)
        pos = end
        plainTexts.withUnsafeBufferPointer { texts in
            sink.add(key: JSONString.asWritten(ByteRange(start, keyEnd)),
                     texts: StringTableTexts(plain: UnsafeBufferPointer(rebasing: texts[..<(2 * count)])))
        }
        return true
    }

    /// A member's object of texts from `from` (just past its `{`) to just past its `}`, when
    /// its keys are the first of `known`, in order, and its texts are written as they are, with
    /// only blanks between the tokens: where it ends and how many texts it has, their keys' and
    /// texts' literals in turn in `out` (room for all of `known`); `nil` otherwise.
    @inline(__always)
    static func readLikeTexts(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, known: UnsafeBufferPointer<ByteRange>,
                              into out: UnsafeMutableBufferPointer<ByteRange>) -> (end: Int, count: Int)? {
        let n = bytes.count
        var at = blanksEnd(bytes, from: from)
        guard at < n else { return nil }
        if bytes[at] == UInt8(ascii: "}") { return (at + 1, 0) }
        var count = 0
        while true {
            // The key at this position in the member before, byte for byte: a plain literal, so
            // the same bytes are the whole literal here too.
            guard count < known.count, at < n, bytes[at] == UInt8(ascii: "\""), Self.bytes(bytes, at: at, equal: known[count]) else { return nil }
            let key = ByteRange(at, at + known[count].count)
            at = blanksEnd(bytes, from: key.end)
            guard at < n, bytes[at] == UInt8(ascii: ":") else { return nil }
            at = blanksEnd(bytes, from: at + 1)
            guard at < n, bytes[at] == UInt8(ascii: "\"") else { return nil }
            let (textStop, _) = plainRun(bytes, from: at + 1, quote: UInt8(ascii: "\""))
            guard textStop < n, bytes[textStop] == UInt8(ascii: "\"") else { return nil }
            out[2 * count] = key
            out[2 * count + 1] = ByteRange(at, textStop + 1)
            count += 1
            at = blanksEnd(bytes, from: textStop + 1)
            guard at < n else { return nil }
            let next = bytes[at]
            if next == UInt8(ascii: "}") { return (at + 1, count) }
            guard next == UInt8(ascii: ",") else { return nil }
            at = blanksEnd(bytes, from: at + 1)
        }
    }
}
