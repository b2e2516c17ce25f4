/// A document's strings as the parser left them: the source bytes and the few texts that
/// decoding changed. A model holds one of these (two shared arrays, nothing copied) and a
/// `JSONString` per text, and decodes a text only when something reads it, without keeping the
/// tape's entries alive.
package final class JSONStrings: Sendable {
    /// The source.
    package let bytes: [UInt8]
    @usableFromInline let texts: [String]

    @usableFromInline
    init(bytes: [UInt8], texts: [String]) {
        self.bytes = bytes
        self.texts = texts
    }

    /// Another handle on these strings, with a reference count of its own
    /// (``JSONTape/forAnotherThread()`` says why).
    package func forAnotherThread() -> JSONStrings { JSONStrings(bytes: bytes, texts: texts) }

    /// No document.
    package static let empty = JSONStrings(bytes: [], texts: [])

    /// The strings of `bytes` written as they are (a text that had to be decoded is not here).
    package static func asWritten(in bytes: [UInt8]) -> JSONStrings { JSONStrings(bytes: bytes, texts: []) }

    /// The text of `string` (decoded now: read it once).
    @inlinable
    package func text(_ string: JSONString) -> String {
        if let decoded = string.decodedIndex { return texts[decoded] }
        return withUTF8(string) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of the text of `string`, without making a `String`
    /// when the text is its source bytes.
    @inlinable
    package func withUTF8<Result>(_ string: JSONString, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let decoded = string.decodedIndex {
            var text = texts[decoded]
            return try text.withUTF8(body)
        }
        return try bytes.withUnsafeBufferPointer { bytes in
            try body(UnsafeBufferPointer(rebasing: bytes[string.range.start + 1..<string.range.end - 1]))
        }
    }

    /// Whether two strings of the document have the same text as Swift compares strings,
    /// without decoding them when their bytes decide (one buffer: tables compare many keys).
    package func sameText(_ a: JSONString, _ b: JSONString) -> Bool {
        if a.decodedIndex == nil, b.decodedIndex == nil,
           let verdict = bytes.withUnsafeBufferPointer({ Self.byteVerdict(Self.between(a, $0), Self.between(b, $0)) }) {
            return verdict
        }
        return text(a) == text(b)
    }

    /// Whether string `a` of `x` and string `b` of `y` have the same text, as `sameText(_:_:)`.
    static func sameText(_ a: JSONString, in x: JSONStrings, _ b: JSONString, in y: JSONStrings) -> Bool {
        if a.decodedIndex == nil, b.decodedIndex == nil,
           let verdict = x.bytes.withUnsafeBufferPointer({ xBytes in
               y.bytes.withUnsafeBufferPointer { Self.byteVerdict(Self.between(a, xBytes), Self.between(b, $0)) }
           }) {
            return verdict
        }
        return x.text(a) == y.text(b)
    }

    /// The bytes between a literal's quotes.
    @inline(__always)
    private static func between(_ string: JSONString, _ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[string.range.start + 1..<string.range.end - 1])
    }

    /// Two texts written as they are: the same bytes are the same text, and two plain ASCII
    /// texts with other bytes are other texts; anything else (non-ASCII that could be written
    /// otherwise) is left to comparing the decoded strings (`nil`).
    @inline(__always)
    private static func byteVerdict(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>) -> Bool? {
        if ByteScan.equal(p, q) { return true }
        return ByteScan.isASCII(p) && ByteScan.isASCII(q) ? false : nil
    }

    /// Whether the text of `string` is empty.
    @inlinable
    package func isEmpty(_ string: JSONString) -> Bool {
        if let decoded = string.decodedIndex { return texts[decoded].isEmpty }
        return string.range.count == 2
    }
}

/// Where a string value's text is: its literal in the source (quotes included) and, when the
/// bytes between the quotes are not the text as they are (escapes, repairs), its decoded copy
/// in `JSONStrings`. Twelve bytes; read it through the document's `JSONStrings`.
package struct JSONString: Sendable, Hashable {
    /// The literal's bytes, quotes included.
    package let range: ByteRange
    @usableFromInline let decoded: UInt32

    @usableFromInline static let asWritten = UInt32.max

    @inlinable
    init(range: ByteRange, decoded: UInt32) {
        self.range = range
        self.decoded = decoded
    }

    @usableFromInline var decodedIndex: Int? { decoded == Self.asWritten ? nil : Int(decoded) }

    /// Whether the text is the literal's bytes between its quotes, as they are.
    @inlinable package var isAsWritten: Bool { decoded == Self.asWritten }

    /// The string whose literal is at `range` and whose text is its bytes between the quotes,
    /// as they are: what `isAsWritten` says of a string kept in a more compact form.
    @inlinable
    package static func asWritten(_ range: ByteRange) -> JSONString { JSONString(range: range, decoded: asWritten) }
}

extension JSONNode {
    /// Where the text is, when the value is a string: keep this and the tape's `strings`
    /// instead of the decoded text to decode it only when read.
    @inlinable
    package var stringReference: JSONString? { JSONString(entry, tape.spills) }
}

extension JSONString {
    /// Where the text of the string at a tape entry is; `nil` for any other value.
    @inlinable
    init?(_ entry: JSONTape.Entry, _ spills: [JSONTape.Spill]) {
        guard entry.kind == .string else { return nil }
        let decoded = entry.flags & JSONTape.Entry.simple != 0 ? JSONString.asWritten : spills[entry.payload].link
        self.init(range: entry.range(spills), decoded: decoded)
    }
}

extension JSONNode.Members {
    /// Calls `body` with each member's key and, when its value is a string, where that text
    /// is; in order, repeated keys included. Reads the tape by position: a table of strings is
    /// read without building a node (a reference to the tape) per member.
    package func forEachKeyAndString(_ body: (_ key: JSONString, _ value: JSONString?) -> Void) {
        tape.entries.withUnsafeBufferPointer { entries in
            var position = startIndex
            let spills = tape.spills
            let end = entries[container].next(at: container, spills)
            while position < end {
                let key = entries[position], value = entries[position + 1]
                // A key is always a string on the tape (a stray value in its place is dropped).
                if let keyString = JSONString(key, spills) { body(keyString, JSONString(value, spills)) }
                position = value.next(at: position + 1, spills)
            }
        }
    }
}
