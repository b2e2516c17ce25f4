/// A parsed document as one flat array: an entry per value in document order, an object's
/// members as key, value, key, value…, each container knowing where its subtree ends.
///
/// Nothing is decoded up front: a string is its byte range in the source, with a bit saying the
/// bytes between its quotes are its text as they are (no escape, nothing repaired), so reading a
/// document costs one entry per value and no allocation per string, key or container. Strings
/// that needed decoding keep their text in a side table. `JSONNode` reads it; `JSONNode.value`
/// builds the `JSONValue` tree of a subtree for the code that wants one.
public final class JSONTape: Sendable {
    /// One value: 20 bytes.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var kind: JSONKind
        @usableFromInline var flags: UInt8
        @usableFromInline var start: UInt32
        @usableFromInline var end: UInt32
        /// The index just past this value's subtree.
        @usableFromInline var next: UInt32
        /// A container's child count (members for an object), a boolean's value (0 or 1), or
        /// the index of a decoded string's text in `texts`.
        @usableFromInline var payload: UInt32

        /// The bytes between the quotes are the text as it is.
        @usableFromInline static let simple: UInt8 = 1
        /// … and they are all ASCII.
        @usableFromInline static let ascii: UInt8 = 2
    }

    /// The source.
    public let bytes: [UInt8]
    @usableFromInline let entries: [Entry]
    @usableFromInline let texts: [String]
    /// The index of the top-level value, if the document has one.
    let rootIndex: Int?
    /// The strings, to be kept without the tape (the same arrays, shared).
    public let strings: JSONStrings

    init(bytes: [UInt8], entries: [Entry], texts: [String], rootIndex: Int?) {
        self.bytes = bytes
        self.entries = entries
        self.texts = texts
        self.rootIndex = rootIndex
        self.strings = JSONStrings(bytes: bytes, texts: texts)
    }

    /// The top-level value; `nil` when the file holds none.
    public var root: JSONNode? { rootIndex.map { JSONNode(tape: self, index: $0) } }

    /// How many values the document holds (keys included).
    public var count: Int { entries.count }
}

/// What a value is, without its content.
public enum JSONKind: UInt8, Sendable {
    case object, array, string, number, bool, null
    /// A value the parser could not read; a syntax issue has been recorded for it.
    case invalid

    /// The JSON type's name as users know it: "object", "array", "string", "number", "boolean", "null".
    public var typeName: String {
        switch self {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .invalid: return "invalid value"
        }
    }
}

/// One value of a `JSONTape`: a position in it. Copying one is a reference and an index.
public struct JSONNode: Sendable {
    /// The document.
    public let tape: JSONTape
    /// The value's entry.
    public let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    @inlinable var entry: JSONTape.Entry { tape.entries[index] }

    /// What the value is.
    @inlinable public var kind: JSONKind { entry.kind }

    /// The bytes the value spans, brackets and quotes included.
    @inlinable
    public var range: ByteRange {
        let entry = entry
        return ByteRange(Int(entry.start), Int(entry.end))
    }

    /// Whether the value is `null`.
    @inlinable public var isNull: Bool { entry.kind == .null }

    /// The flag, when the value is a boolean.
    @inlinable
    public var boolValue: Bool? {
        let entry = entry
        return entry.kind == .bool ? entry.payload != 0 : nil
    }

    /// The text, when the value is a string (decoded now: read it once).
    public var stringValue: String? {
        stringReference.map { tape.strings.text($0) }
    }

    /// Whether the value is a string equal to `text` as Swift compares strings, without
    /// decoding it when its bytes decide.
    public func stringEquals(_ text: String) -> Bool {
        let entry = entry
        guard entry.kind == .string else { return false }
        if entry.flags & JSONTape.Entry.ascii != 0 {
            // The same bytes are the same text; plain ASCII against plain ASCII is equal only
            // then. Non-ASCII text can still be equivalent (KELVIN SIGN is `K`).
            var text = text
            let decided: Bool? = text.withUTF8 { utf8 in
                let same = tape.bytes.withUnsafeBufferPointer { bytes in
                    ByteScan.equal(UnsafeBufferPointer(rebasing: bytes[Int(entry.start) + 1..<Int(entry.end) - 1]), utf8)
                }
                return same || utf8.allSatisfy { $0 < 0x80 } ? same : nil
            }
            if let decided { return decided }
        }
        return stringValue == text
    }

    /// Whether both values are strings with the same text, as Swift compares strings, without
    /// decoding them when their bytes decide.
    public func stringEquals(_ other: JSONNode) -> Bool {
        let entry = entry, otherEntry = other.entry
        guard entry.kind == .string, otherEntry.kind == .string else { return false }
        if entry.flags & otherEntry.flags & JSONTape.Entry.ascii != 0 {
            return tape.bytes.withUnsafeBufferPointer { bytes in
                other.tape.bytes.withUnsafeBufferPointer { otherBytes in
                    ByteScan.equal(UnsafeBufferPointer(rebasing: bytes[Int(entry.start) + 1..<Int(entry.end) - 1]),
                                   UnsafeBufferPointer(rebasing: otherBytes[Int(otherEntry.start) + 1..<Int(otherEntry.end) - 1]))
                }
            }
        }
        return stringValue == other.stringValue
    }

    /// The number, when the value is one.
    public var numberValue: JSONNumber? {
        let entry = entry
        guard entry.kind == .number else { return nil }
        return tape.bytes.withUnsafeBufferPointer { bytes in
            JSONNumber(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)]), as: UTF8.self))
        }
    }

    /// The members, when the value is an object.
    @inlinable
    public var objectMembers: Members? { kind == .object ? Members(tape: tape, container: index) : nil }

    /// The elements, when the value is an array.
    @inlinable
    public var arrayElements: Elements? { kind == .array ? Elements(tape: tape, container: index) : nil }

    /// The first member whose key is `key`, when the value is an object.
    public func member(_ key: String) -> Member? {
        objectMembers?.first { $0.keyEquals(key) }
    }

    /// The JSON type's name as users know it: "object", "array", "string", "number", "boolean", "null".
    public var typeName: String { kind.typeName }

    /// The subtree as a `JSONValue` tree.
    public var value: JSONValue {
        let entry = entry
        let range = ByteRange(Int(entry.start), Int(entry.end))
        switch entry.kind {
        case .object:
            var members: [JSONMember] = []
            members.reserveCapacity(Int(entry.payload))
            for member in Members(tape: tape, container: index) {
                members.append(JSONMember(key: member.key, keyRange: member.keyRange, value: member.value.value))
            }
            return JSONValue(.object(members), range: range)
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(entry.payload))
            for element in Elements(tape: tape, container: index) { elements.append(element.value) }
            return JSONValue(.array(elements), range: range)
        case .string: return JSONValue(.string(stringValue ?? ""), range: range)
        case .number: return JSONValue(.number(numberValue ?? JSONNumber(text: "0")), range: range)
        case .bool: return JSONValue(.bool(entry.payload != 0), range: range)
        case .null: return JSONValue(.null, range: range)
        case .invalid: return JSONValue(.invalid, range: range)
        }
    }

    /// A `"key": value` pair of an object.
    public struct Member: Sendable {
        /// The key, a string value.
        public let keyNode: JSONNode

        @inlinable
        init(keyNode: JSONNode) { self.keyNode = keyNode }

        /// The member's value.
        @inlinable public var value: JSONNode { JSONNode(tape: keyNode.tape, index: keyNode.index + 1) }
        /// The decoded key (decoded now: read it once).
        public var key: String { keyNode.stringValue ?? "" }
        /// The key's bytes, quotes included.
        @inlinable public var keyRange: ByteRange { keyNode.range }
        /// From the key's first byte to the value's last.
        @inlinable public var range: ByteRange { keyRange.union(value.range) }
        /// Whether the key is `text`, as Swift compares strings.
        @inlinable public func keyEquals(_ text: String) -> Bool { keyNode.stringEquals(text) }
    }

    /// An object's members in source order.
    public struct Members: Collection, Sendable {
        @usableFromInline let tape: JSONTape
        @usableFromInline let container: Int

        @inlinable
        init(tape: JSONTape, container: Int) {
            self.tape = tape
            self.container = container
        }

        @inlinable public var startIndex: Int { container + 1 }
        @inlinable public var endIndex: Int { Int(tape.entries[container].next) }
        @inlinable public var count: Int { Int(tape.entries[container].payload) }
        @inlinable public var isEmpty: Bool { tape.entries[container].payload == 0 }
        @inlinable public func index(after i: Int) -> Int { Int(tape.entries[i + 1].next) }
        @inlinable public subscript(position: Int) -> Member { Member(keyNode: JSONNode(tape: tape, index: position)) }
    }

    /// An array's elements in order.
    public struct Elements: Collection, Sendable {
        @usableFromInline let tape: JSONTape
        @usableFromInline let container: Int

        @inlinable
        init(tape: JSONTape, container: Int) {
            self.tape = tape
            self.container = container
        }

        @inlinable public var startIndex: Int { container + 1 }
        @inlinable public var endIndex: Int { Int(tape.entries[container].next) }
        @inlinable public var count: Int { Int(tape.entries[container].payload) }
        @inlinable public var isEmpty: Bool { tape.entries[container].payload == 0 }
        @inlinable public func index(after i: Int) -> Int { Int(tape.entries[i].next) }
        @inlinable public subscript(position: Int) -> JSONNode { JSONNode(tape: tape, index: position) }
    }
}

/// The parser's output as it is written.
struct TapeBuilder {
    var entries: [JSONTape.Entry] = []
    var texts: [String] = []

    /// Appends a value without children; returns its index.
    @inline(__always)
    @discardableResult
    mutating func append(_ kind: JSONKind, _ range: ByteRange, flags: UInt8 = 0, payload: UInt32 = 0) -> Int {
        let index = entries.count
        entries.append(JSONTape.Entry(kind: kind, flags: flags, start: range.startStorage, end: range.endStorage,
                                      next: UInt32(truncatingIfNeeded: index + 1), payload: payload))
        return index
    }

    /// Appends a string whose text had to be decoded.
    @inline(__always)
    mutating func appendDecoded(_ text: String, _ range: ByteRange) {
        texts.append(text)
        append(.string, range, payload: UInt32(truncatingIfNeeded: texts.count - 1))
    }

    /// Closes the container opened at `index` with `count` children, ending at `end`.
    @inline(__always)
    mutating func close(_ index: Int, end: Int, count: Int) {
        entries[index].end = UInt32(truncatingIfNeeded: end)
        entries[index].next = UInt32(truncatingIfNeeded: entries.count)
        entries[index].payload = UInt32(truncatingIfNeeded: count)
    }

    /// The decoded text of the string at `index`.
    func text(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let entry = entries[index]
        if entry.flags & JSONTape.Entry.simple != 0 {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.start) + 1..<Int(entry.end) - 1]), as: UTF8.self)
        }
        return texts[Int(entry.payload)]
    }
}
