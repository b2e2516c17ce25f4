/// The bytes of one exported file as they are written (`XLIFFWriter`, `POWriter`): text is
/// appended as UTF-8, escaped byte by byte. Every character the formats escape is ASCII, and no
/// byte of a multi-byte UTF-8 sequence is, so escaping the bytes escapes the characters; a text
/// with nothing to escape (most texts) is copied whole.

import JSONSyntax
struct ExportBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Empty, in the storage of `previous` (taken: `previous` is left empty) when nothing else
    /// holds it, else new; with room for at least `capacity` bytes and for as many as `previous` held.
    init(reusing previous: inout [UInt8], capacity: Int) {
        swap(&bytes, &previous)
        let count = bytes.count
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(Swift.max(capacity, count + count / 8))
    }

    /// The bytes so far, handed over (``ExportPlan/writeEachFile(_:)`` writes them): the
    /// bytes go on empty, in the storage of `spare` (taken: left empty), with room for `capacity`.
    mutating func handOver(continuingIn spare: inout [UInt8], capacity: Int) -> [UInt8] {
        var piece: [UInt8] = []
        swap(&piece, &bytes)
        swap(&bytes, &spare)
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(capacity)
        return piece
    }

    /// How a text is written.
    enum Escape {
        /// XML element content: `&`, `<`, `>` and CR as references (`MarkupText.Escaping.elementText`).
        case elementText
        /// An XML attribute value in double quotes: also `"`, tab and line feed
        /// (`MarkupText.Escaping.attributeValue`).
        case attributeValue
        /// A PO string's C escapes: `\\`, `\"`, `\n`, `\t`, `\r` (`POWriter.escaped`).
        case poString
    }

    /// Going on after the bytes of `previous` (taken: `previous` is left empty).
    init(continuing previous: inout [UInt8]) { swap(&bytes, &previous) }

    /// `text`'s UTF-8, copied whole (a literal's bytes are where the program keeps them; not
    /// read a character at a time, as a `String.UTF8View` is).
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ written: [UInt8]) { bytes.append(contentsOf: written) }

    /// The bytes of `written` in `range`.
    mutating func append(_ written: [UInt8], _ range: Range<Int>) {
        written.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Where what `body` appends lies.
    mutating func span(_ body: (inout ExportBytes) -> Void) -> Range<Int> {
        let start = bytes.count
        body(&self)
        return start..<bytes.count
    }

    mutating func append(_ number: Int) { append(String(number)) }

    /// `text` escaped as `escape` says.
    mutating func append(_ text: String, escaping escape: Escape) {
        var text = text
        text.withUTF8 { append($0, escaping: escape) }
    }

    /// The bytes of a text (a part of one) escaped as `escape` says: eight bytes at a time, a
    /// word with no byte to escape (most) passed over whole.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>, escaping escape: Escape) {
        guard let base = text.baseAddress else { return }
        let count = text.count
        var copied = 0, index = 0
        while index < count {
            if index + 8 <= count, !Self.mayEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), escape) {
                index += 8
                continue
            }
            // This word (or the last bytes), byte by byte.
            let end = Swift.min(index + 8, count)
            while index < end {
                if let replacement = Self.replacement(base[index], escape) {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: index - copied))
                    replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                    copied = index + 1
                }
                index += 1
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: count - copied))
    }

    /// Whether some byte of `word` may be one `escape` replaces (never `false` when one is).
    @inline(__always)
    static func mayEscape(_ word: UInt64, _ escape: Escape) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A byte of `word` equal to `byte` is a zero byte of `word ^ byte…`, which sets its high bit here.
        func has(_ byte: UInt64) -> UInt64 {
            let flipped = word ^ (ones &* byte)
            return (flipped &- ones) & ~flipped & highs
        }
        switch escape {
        case .elementText: return has(0x26) | has(0x3C) | has(0x3E) | has(0x0D) != 0
        case .attributeValue: return has(0x26) | has(0x3C) | has(0x3E) | has(0x0D) | has(0x22) | has(0x09) | has(0x0A) != 0
        case .poString: return has(0x5C) | has(0x22) | has(0x0A) | has(0x09) | has(0x0D) != 0
        }
    }

    /// What `byte` is written as, `nil` when it is written as it is.
    @inline(__always)
    static func replacement(_ byte: UInt8, _ escape: Escape) -> StaticString? {
        switch (byte, escape) {
        case (0x26, .elementText), (0x26, .attributeValue): return "&amp;"
        case (0x3C, .elementText), (0x3C, .attributeValue): return "&lt;"
        case (0x3E, .elementText), (0x3E, .attributeValue): return "&gt;"
        case (0x0D, .elementText), (0x0D, .attributeValue): return "&#13;"
        case (0x22, .attributeValue): return "&quot;"
        case (0x09, .attributeValue): return "&#9;"
        case (0x0A, .attributeValue): return "&#10;"
        case (0x5C, .poString): return "\\\\"
        case (0x22, .poString): return "\\\""
        case (0x0A, .poString): return "\\n"
        case (0x09, .poString): return "\\t"
        case (0x0D, .poString): return "\\r"
        default: return nil
        }
    }
}
