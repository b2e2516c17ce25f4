/// Word-at-a-time byte scans (eight bytes per step, "SIMD within a register").
///
/// Each function returns the index of the first byte at or after `from` that is interesting, or
/// `bytes.count`. The word tests only say "some byte in these eight may be interesting"; the bytes
/// of such a word are then looked at one by one, so a false alarm costs a few steps and never a
/// wrong answer.
/// Public only so that its `package` members inline into the other modules of the package: Swift 6.3
/// inlines no member of a `package` type across modules, even an `@inlinable` one (measured: every
/// word of `TextIndex.scan` was a call). It has no public members.
public enum ByteScan {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Non-zero when some byte of `word` is below `limit` (limit <= 0x80; exact as a yes/no answer,
    /// the flagged positions past the first may be wrong).
    @inlinable @inline(__always)
    static func bytesBelow(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Non-zero when some byte of `word` equals `byte` (exact as a yes/no answer).
    @inlinable @inline(__always)
    static func bytesEqual(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// The high bit of each byte of `word` that equals `byte`, exactly (no false positives).
    @inlinable @inline(__always)
    package static func matches(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        let nonZero = ((x & ~highs) &+ ~highs) | x
        return ~nonZero & highs
    }

    /// Eight bytes from `offset` as a little-endian word (byte `offset` in the low bits).
    @inlinable @inline(__always)
    package static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether every byte is ASCII (below 0x80), eight at a time.
    @inlinable
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var seen: UInt64 = 0
        var i = 0
        while i + 8 <= bytes.count {
            seen |= word(bytes, at: i)
            i += 8
        }
        while i < bytes.count {
            seen |= UInt64(bytes[i])
            i += 1
        }
        return seen & highs == 0
    }

    /// Whether the two buffers hold the same bytes, compared eight at a time.
    @inlinable
    package static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var i = 0
        while i + 8 <= a.count {
            if word(a, at: i) != word(b, at: i) { return false }
            i += 8
        }
        while i < a.count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }

    /// The index of the first byte from `from` for which `isMatch` holds, looking at eight bytes
    /// at a time: `mayMatch` must be non-zero for a word holding a matching byte (it may also be
    /// non-zero for a word without one: the bytes are then checked one by one and the scan goes on).
    @inlinable @inline(__always)
    static func first(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, mayMatch: (UInt64) -> UInt64, isMatch: (UInt8) -> Bool) -> Int {
        var i = max(0, from)
        let n = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while i + 8 <= n {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if mayMatch(word) != 0 {
                    for k in i..<i + 8 where isMatch(bytes[k]) { return k }
                }
                i += 8
            }
        }
        while i < n {
            if isMatch(bytes[i]) { return i }
            i += 1
        }
        return n
    }

    /// The first byte that ends a plain string run: `quote`, `\`, a control character (< 0x20)
    /// or any byte >= 0x80 (the caller validates UTF-8 sequences itself). Strings are short, so
    /// the word holding the end is not looked at byte by byte: its flags are exact, and the first
    /// one is counted.
    @inlinable
    package static func firstSpecialInString(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, quote: UInt8) -> Int {
        var i = max(0, from)
        let n = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            // Sixteen bytes a step: one compare each for the quote and `\`, and one signed compare
            // for control bytes and bytes from 0x80 (the compiler folds the two masks into it).
            let quotes = SIMD16<UInt8>(repeating: quote), backslashes = SIMD16<UInt8>(repeating: 0x5C)
            let top3 = SIMD16<UInt8>(repeating: 0xE0), top1 = SIMD16<UInt8>(repeating: 0x80)
            while i + 16 <= n {
                let v = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let halves = lanes((v .== quotes) .| (v .== backslashes) .| ((v & top3) .== .zero) .| ((v & top1) .== top1))
                if halves.low != 0 { return i + halves.low.trailingZeroBitCount >> 3 }
                if halves.high != 0 { return i + 8 + halves.high.trailingZeroBitCount >> 3 }
                i += 16
            }
            while i + 8 <= n {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let special = specialsInString(word, quote: quote)
                if special != 0 { return i + special.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < n {
            let b = bytes[i]
            if b == quote || b == 0x5C || b < 0x20 || b >= 0x80 { return i }
            i += 1
        }
        return n
    }

    /// A sixteen-lane mask as two words of eight byte flags (0x00 or 0xFF) in memory order, the
    /// first byte in the lowest bits: the first flagged byte is the lowest set bit over 8.
    /// (Reading the mask this way compiles to two moves; `any(mask)` did not always compile to
    /// one instruction, and gives no position.)
    @inlinable @inline(__always)
    package static func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> (low: UInt64, high: UInt64) {
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return (UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1]))
    }

    /// Flags (high bits) whose lowest is the first byte of `word` that ends a plain string run:
    /// `quote`, `\`, below 0x20, or 0x80 and above; zero when there is none. Each test is the
    /// subtract-and-mask one, exact at its lowest flag (a borrow can only flag bytes above a true
    /// one), so the lowest flag of their union is a true one and the first; the flags above it
    /// may be wrong. Four operations a test instead of six for exact flags.
    @inlinable @inline(__always)
    static func specialsInString(_ word: UInt64, quote: UInt8) -> UInt64 {
        let q = word ^ (ones &* UInt64(quote)), b = word ^ (ones &* 0x5C)
        return ((q &- ones) & ~q | (b &- ones) & ~b | (word &- ones &* 0x20) & ~word | word) & highs
    }

    /// The first byte a JSON string literal escapes: `"`, `\`, a control character or DEL.
    @inlinable
    package static func firstNeedingEscape(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        first(bytes, from: from, mayMatch: { word in
            bytesBelow(0x20, in: word) | bytesEqual(0x22, in: word) | bytesEqual(0x5C, in: word) | bytesEqual(0x7F, in: word)
        }, isMatch: { b in b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F })
    }

    /// The first `\n` or `\r`, thirty-two bytes a step (a whole file is scanned for its line
    /// index, and its lines can be long).
    @inlinable
    package static func firstLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var i = max(0, from)
        let n = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let lineFeed = SIMD16<UInt8>(repeating: 0x0A), carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
            // Thirty-two bytes a step to the chunk holding the break, then sixteen.
            while i + 32 <= n {
                let low = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let high = base.loadUnaligned(fromByteOffset: i + 16, as: SIMD16<UInt8>.self)
                if any((low .== lineFeed) .| (low .== carriageReturn) .| (high .== lineFeed) .| (high .== carriageReturn)) { break }
                i += 32
            }
            while i + 16 <= n {
                let chunk = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                if any((chunk .== lineFeed) .| (chunk .== carriageReturn)) { break }
                i += 16
            }
        }
        while i < n {
            if bytes[i] == 0x0A || bytes[i] == 0x0D { return i }
            i += 1
        }
        return n
    }
}
