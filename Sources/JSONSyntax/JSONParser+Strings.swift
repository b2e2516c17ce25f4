extension Parser {
    /// Reads a string starting at its opening quote onto the tape, its range with the quotes.
    /// Issues are recorded for every defect; the text keeps what can be kept (U+FFFD for bytes
    /// that are not UTF-8 and for lone surrogates).
    mutating func parseString(quote: UInt8) throws(IssueLimitReached) {
        let start = pos
        pos += 1
        // Fast path: no escapes, no control characters, valid UTF-8 (any script: the 32-locale
        // tables are mostly non-ASCII), the common case for keys and values. One pass; the text
        // is the bytes as they are, read when someone asks.
        let (scan, ascii) = plainRun(from: pos, quote: quote)
        if scan < bytes.count, bytes[scan] == quote {
            pos = scan + 1
            tape.append(.string, start: start, end: pos, flags: ascii ? JSONTape.Entry.simple | JSONTape.Entry.ascii : JSONTape.Entry.simple)
            return
        }
        let (text, range) = try parseStringSlowly(start: start, quote: quote, resumeAt: scan)
        tape.appendDecoded(text, range)
    }

    /// From `from` (just past a string's opening quote), the first byte that is not plain text:
    /// `quote`, `\`, a control character, an ill-formed UTF-8 sequence or the end; and whether
    /// the bytes before it are all ASCII.
    @inline(__always)
    func plainRun(from: Int, quote: UInt8) -> (stop: Int, ascii: Bool) {
        Self.plainRun(bytes, from: from, quote: quote)
    }

    /// `plainRun(from:quote:)` in `bytes`.
    @inline(__always)
    static func plainRun(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, quote: UInt8) -> (stop: Int, ascii: Bool) {
        var scan = from
        var ascii = true
        while true {
            // Plain ASCII sixteen bytes a step, to the first byte that is not.
            scan = ByteScan.firstSpecialInString(bytes, from: scan, quote: quote)
            guard scan < bytes.count, bytes[scan] >= 0x80 else { break }
            // A run of multi-byte sequences, validated in one tight loop; an ill-formed one is
            // left to the slow path, which reports it.
            ascii = false
            scan = UTF8Validation.endOfValidRun(bytes, from: scan)
            if scan < bytes.count, bytes[scan] >= 0x80 { break }
        }
        return (scan, ascii)
    }

    private mutating func parseStringSlowly(start: Int, quote: UInt8, resumeAt: Int) throws(IssueLimitReached) -> (String, ByteRange) {
        var out: [UInt8] = []
        out.reserveCapacity(resumeAt - pos + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pos..<resumeAt]))
        pos = resumeAt
        while pos < bytes.count {
            let b = bytes[pos]
            if b == quote {
                pos += 1
                return (String(decoding: out, as: UTF8.self), ByteRange(start, pos))
            }
            if b == UInt8(ascii: "\\") {
                try readEscape(into: &out)
                continue
            }
            if b < 0x20 {
                if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") {
                    // A raw line break almost always means a missing closing quote: end the
                    // string here so the next line parses normally.
                    try report(.unterminatedString, ByteRange(start, pos))
                    return (String(decoding: out, as: UTF8.self), ByteRange(start, pos))
                }
                try report(.controlCharacterInString(b), ByteRange(pos, pos + 1))
                out.append(b)
                pos += 1
                continue
            }
            if b < 0x80 {
                out.append(b)
                pos += 1
                continue
            }
            let length = UTF8Validation.validSequenceLength(bytes, at: pos)
            if length > 0 {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pos..<pos + length]))
                pos += length
            } else {
                let bad = UTF8Validation.invalidRunLength(bytes, at: pos)
                try report(.invalidUTF8, ByteRange(pos, pos + bad))
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                pos += bad
            }
        }
        try report(.unterminatedString, ByteRange(start, pos))
        return (String(decoding: out, as: UTF8.self), ByteRange(start, pos))
    }

    private mutating func readEscape(into out: inout [UInt8]) throws(IssueLimitReached) {
        let escapeStart = pos
        pos += 1
        guard let e = byte(at: pos) else { return }
        pos += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = readHex4() else {
                try report(.invalidEscape("\\u"), ByteRange(escapeStart, pos))
                return
            }
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate needs a low one right after it.
                if byte(at: pos) == UInt8(ascii: "\\"), byte(at: pos + 1) == UInt8(ascii: "u") {
                    let save = pos
                    pos += 2
                    if let low = readHex4(), (0xDC00...0xDFFF).contains(low) {
                        let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        appendScalar(scalar, to: &out)
                        return
                    }
                    pos = save
                }
                try report(.loneSurrogate(unit), ByteRange(escapeStart, pos))
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else if (0xDC00...0xDFFF).contains(unit) {
                try report(.loneSurrogate(unit), ByteRange(escapeStart, pos))
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else {
                appendScalar(UInt32(unit), to: &out)
            }
        default:
            if e < 0x80 {
                try report(.invalidEscape("\\" + String(UnicodeScalar(e))), ByteRange(escapeStart, pos))
                out.append(e)
            } else {
                // Keep the multi-byte character after the stray backslash whole.
                pos -= 1
                let length = max(1, UTF8Validation.validSequenceLength(bytes, at: pos))
                try report(.invalidEscape("\\"), ByteRange(escapeStart, pos + length))
            }
        }
    }

    private mutating func readHex4() -> UInt16? {
        guard pos + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for i in 0..<4 {
            guard let digit = hexValue(bytes[pos + i]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        pos += 4
        return value
    }

    private func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(value) else {
            out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            return
        }
        out.append(contentsOf: UTF8.encode(scalar)!)
    }
}

/// UTF-8 well-formedness per Unicode Table 3-7 (no overlongs, no surrogates, nothing past U+10FFFF).
enum UTF8Validation {
    /// The length of the well-formed sequence starting at `i`, or 0 when it is ill-formed.
    static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b0 = bytes[i]
        func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < bytes.count && bytes[i + k] >= lo && bytes[i + k] <= hi
        }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0, 0xBF) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90, 0xBF) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    /// From `from`, the index just past the run of well-formed multi-byte sequences starting
    /// there: the first ASCII byte, the first ill-formed or cut-off sequence, or the end.
    ///
    /// Two three-byte sequences a step while the text is CJK, kana, Thai, Devanagari… (leads
    /// E1–EC and EE–EF, whose second byte has no narrower range), and three two-byte sequences a
    /// step while it is Cyrillic, Greek, Arabic, Hebrew… (leads C2–DF): one masked compare of
    /// eight bytes says lead, continuation, continuation… Anything else goes one sequence a
    /// step, the rare leads checked by `validSequenceLength`.
    @inline(__always)
    static func endOfValidRun(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var i = from
        let n = bytes.count
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return from }
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 { return i }
            if i + 8 <= n {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                // Bytes 0 and 3 are E_ leads, 1, 2, 4 and 5 continuations (6 and 7 are left
                // for the next step); neither lead E0 nor ED.
                if word & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0 {
                    let first = word & 0x0F, second = (word >> 24) & 0x0F
                    if first != 0, first != 0x0D, second != 0, second != 0x0D {
                        i += 6
                        continue
                    }
                }
                // Bytes 0, 2 and 4 are 110xxxxx leads, 1, 3 and 5 continuations; no lead C0 or C1.
                if word & 0x0000_C0E0_C0E0_C0E0 == 0x0000_80C0_80C0_80C0,
                   word & 0x1E != 0, (word >> 16) & 0x1E != 0, (word >> 32) & 0x1E != 0 {
                    i += 6
                    continue
                }
            }
            if b0 &- 0xE1 < 0x0F && b0 != 0xED {
                // Both continuation bytes in one two-byte load: each is 10xxxxxx.
                guard i + 2 < n, UInt16(littleEndian: base.loadUnaligned(fromByteOffset: i + 1, as: UInt16.self)) & 0xC0C0 == 0x8080 else { return i }
                i += 3
            } else if b0 &- 0xC2 < 0x1E {
                guard i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return i }
                i += 2
            } else {
                let length = validSequenceLength(bytes, at: i)
                if length == 0 { return i }
                i += length
            }
        }
        return n
    }

    /// How many bytes from `i` to report as one invalid run: up to the next ASCII byte or valid
    /// lead byte, so one bad sequence gives one issue.
    static func invalidRunLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        var j = i + 1
        while j < bytes.count, bytes[j] >= 0x80, validSequenceLength(bytes, at: j) == 0, j - i < 16 {
            j += 1
        }
        return j - i
    }
}

/// UTF-8 decoding for display code outside the parser.
package enum UTF8Scalars {
    /// Each scalar of `bytes` with its byte length; an ill-formed run comes back as `nil` with
    /// its length, so callers can show the raw bytes.
    package static func decode(_ bytes: ArraySlice<UInt8>) -> [(scalar: Unicode.Scalar?, length: Int)] {
        var result: [(scalar: Unicode.Scalar?, length: Int)] = []
        result.reserveCapacity(bytes.count)
        Array(bytes).withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                let length = UTF8Validation.validSequenceLength(buffer, at: i)
                if length == 0 {
                    let bad = UTF8Validation.invalidRunLength(buffer, at: i)
                    result.append((nil, bad))
                    i += bad
                    continue
                }
                var value = UInt32(buffer[i])
                switch length {
                case 2: value = (value & 0x1F) << 6 | UInt32(buffer[i + 1] & 0x3F)
                case 3: value = (value & 0x0F) << 12 | UInt32(buffer[i + 1] & 0x3F) << 6 | UInt32(buffer[i + 2] & 0x3F)
                case 4: value = (value & 0x07) << 18 | UInt32(buffer[i + 1] & 0x3F) << 12 | UInt32(buffer[i + 2] & 0x3F) << 6 | UInt32(buffer[i + 3] & 0x3F)
                default: break
                }
                result.append((Unicode.Scalar(value), length))
                i += length
            }
        }
        return result
    }
}
