/// A parsed document as one flat array: an entry per value in document order, an object's
/// members as key, value, key, value…, each container knowing where its subtree ends.
///
/// Nothing is decoded up front: a string is its byte range in the source, with a bit saying the
/// bytes between its quotes are its text as they are (no escape, nothing repaired), so reading a
/// document costs one entry per value and no allocation per string, key or container. Strings
/// that needed decoding keep their text in a side table. `JSONNode` reads it; `JSONNode.value`
/// builds the `JSONValue` tree of a subtree for the code that wants one.
package final class JSONTape: Sendable {
    /// One value: 8 bytes. A container, and a string whose text had to be decoded, keep the
    /// rest in a `Spill`.
    @usableFromInline
    struct Entry: Sendable {
        /// The value's first byte.
        @usableFromInline var start: UInt32
        /// Bits 0–2: the kind. Bit 3: `simple` (a boolean: true). Bit 4: `ascii`. Bit 5: the
        /// rest is in a spill. Bits 6–31: the length in bytes, or the spill's index.
        @usableFromInline var info: UInt32

        @inlinable
        init(kind: JSONKind, flags: UInt8, start: UInt32, payload: UInt32, spilled: Bool) {
            self.start = start
            self.info = UInt32(kind.rawValue) | UInt32(flags) << 3 | (spilled ? Self.spilledBit : 0) | payload << 6
        }

        @inlinable var kind: JSONKind { unsafeBitCast(UInt8(truncatingIfNeeded: info) & 7, to: JSONKind.self) }
        /// `simple` and `ascii`.
        @inlinable var flags: UInt8 { UInt8(truncatingIfNeeded: info >> 3) & 3 }
        @inlinable var isSpilled: Bool { info & Self.spilledBit != 0 }
        /// The length, or the spill's index.
        @inlinable var payload: Int { Int(info >> 6) }

        /// Whether the value has children (is an object or an array).
        @inlinable var isContainer: Bool { kind.rawValue <= JSONKind.array.rawValue }

        /// The index just past the subtree of this entry, which is at `index`.
        @inlinable func next(at index: Int, _ spills: [Spill]) -> Int { isContainer ? Int(spills[payload].link) : index + 1 }

        /// The byte just past the value.
        @inlinable func end(_ spills: [Spill]) -> Int { isSpilled ? Int(spills[payload].end) : Int(start) + payload }

        /// The bytes of the value.
        @inlinable func range(_ spills: [Spill]) -> ByteRange { ByteRange(Int(start), end(spills)) }

        /// The bytes between the quotes are the text as it is. (A boolean: it is true.)
        @usableFromInline static let simple: UInt8 = 1
        /// … and they are all ASCII.
        @usableFromInline static let ascii: UInt8 = 2
        @usableFromInline static let spilledBit: UInt32 = 0x20
        /// The longest length kept in the entry itself.
        @usableFromInline static let inlineLengthLimit = 1 << 26 - 1
        /// How many spills a tape may hold: their numbers fit the same 26 bits (the parser stops
        /// there, reporting it: some 67 million objects, arrays and escaped strings, which a file
        /// under the reader's 1 GiB cap can hold).
        static let spillLimit = 1 << 26 - 1
    }

    /// The rest of a container's entry, or of a decoded string's.
    @usableFromInline
    struct Spill: Sendable {
        /// The byte just past the value.
        @usableFromInline var end: UInt32
        /// A container's `next`: the index just past its subtree. A decoded string: the index
        /// of its text in `texts`.
        @usableFromInline var link: UInt32

        @inlinable
        init(end: UInt32, link: UInt32) {
            self.end = end
            self.link = link
        }
    }

    /// The source.
    package let bytes: [UInt8]
    @usableFromInline let entries: [Entry]
    @usableFromInline let spills: [Spill]
    @usableFromInline let texts: [String]
    /// The index of the top-level value, if the document has one.
    let rootIndex: Int?
    /// The strings, to be kept without the tape (the same arrays, shared).
    package let strings: JSONStrings

    init(bytes: [UInt8], entries: [Entry], spills: [Spill], texts: [String], rootIndex: Int?) {
        self.bytes = bytes
        self.entries = entries
        self.spills = spills
        self.texts = texts
        self.rootIndex = rootIndex
        self.strings = JSONStrings(bytes: bytes, texts: texts)
    }

    /// Another handle on this document: the same storage (nothing is copied), a reference count
    /// of its own. Every node a thread reads retains its tape; two threads retaining one tape
    /// side by side take turns owning the cache line of its count, which made the paths a
    /// second thread decodes cost as much again (docs/performance.md, "One big file: the
    /// reader"). A thread that reads beside another reads through a handle of its own.
    package func forAnotherThread() -> JSONTape {
        JSONTape(bytes: bytes, entries: entries, spills: spills, texts: texts, rootIndex: rootIndex)
    }

    /// The value at `index` of this tape (an index a node of this document, or of another
    /// handle on it, gave).
    package func node(at index: Int) -> JSONNode {
        precondition(index >= 0 && index < entries.count, "JSONTape: index out of range")
        return JSONNode(tape: self, index: index)
    }

    /// The top-level value; `nil` when the file holds none.
    package var root: JSONNode? { rootIndex.map { JSONNode(tape: self, index: $0) } }

    /// How many values the document holds (keys included).
    package var count: Int { entries.count }

    /// The bytes of the value at `index`.
    @inlinable
    func range(at index: Int) -> ByteRange { entries[index].range(spills) }

    /// The index just past the subtree of the value at `index`.
    @inlinable
    func next(at index: Int) -> Int { entries[index].next(at: index, spills) }
}

/// What a value is, without its content.
package enum JSONKind: UInt8, Sendable {
    case object, array, string, number, bool, null
    /// A value the parser could not read; a syntax issue has been recorded for it.
    case invalid

    /// The JSON type's name as users know it: "object", "array", "string", "number", "boolean", "null".
    package var typeName: String {
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
package struct JSONNode: Sendable {
    /// The document.
    package let tape: JSONTape
    /// The value's entry.
    package let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    @inlinable var entry: JSONTape.Entry { tape.entries[index] }

    /// What the value is.
    @inlinable package var kind: JSONKind { entry.kind }

    /// The bytes the value spans, brackets and quotes included.
    @inlinable
    package var range: ByteRange { tape.range(at: index) }

    /// Whether the value is `null`.
    @inlinable package var isNull: Bool { entry.kind == .null }

    /// The flag, when the value is a boolean.
    @inlinable
    package var boolValue: Bool? {
        let entry = entry
        return entry.kind == .bool ? entry.flags & JSONTape.Entry.simple != 0 : nil
    }

    /// The text, when the value is a string (decoded now: read it once).
    package var stringValue: String? {
        stringReference.map { tape.strings.text($0) }
    }

    /// Whether the value is a string equal to `text` as Swift compares strings, without
    /// decoding it when its bytes decide.
    package func stringEquals(_ text: String) -> Bool {
        let entry = entry
        guard entry.kind == .string else { return false }
        if entry.flags & JSONTape.Entry.ascii != 0 {
            // The same bytes are the same text; plain ASCII against plain ASCII is equal only
            // then. Non-ASCII text can still be equivalent (KELVIN SIGN is `K`).
            var text = text
            let decided: Bool? = text.withUTF8 { utf8 in
                let same = tape.bytes.withUnsafeBufferPointer { bytes in
                    ByteScan.equal(UnsafeBufferPointer(rebasing: bytes[Int(entry.start) + 1..<entry.end(tape.spills) - 1]), utf8)
                }
                return same || utf8.allSatisfy { $0 < 0x80 } ? same : nil
            }
            if let decided { return decided }
        }
        return stringValue == text
    }

    /// Whether both values are strings with the same text, as Swift compares strings, without
    /// decoding them when their bytes decide.
    package func stringEquals(_ other: JSONNode) -> Bool {
        guard let a = stringReference, let b = other.stringReference else { return false }
        return JSONStrings.sameText(a, in: tape.strings, b, in: other.tape.strings)
    }

    /// The number, when the value is one.
    package var numberValue: JSONNumber? {
        let entry = entry
        guard entry.kind == .number else { return nil }
        return tape.bytes.withUnsafeBufferPointer { bytes in
            JSONNumber(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<entry.end(tape.spills)]), as: UTF8.self))
        }
    }

    /// The members, when the value is an object.
    @inlinable
    package var objectMembers: Members? { kind == .object ? Members(tape: tape, container: index) : nil }

    /// The elements, when the value is an array.
    @inlinable
    package var arrayElements: Elements? { kind == .array ? Elements(tape: tape, container: index) : nil }

    /// The first member whose key is `key`, when the value is an object.
    package func member(_ key: String) -> Member? {
        objectMembers?.first(named: key)?.member
    }

    /// The JSON type's name as users know it: "object", "array", "string", "number", "boolean", "null".
    package var typeName: String { kind.typeName }

    /// The subtree as a `JSONValue` tree.
    package var value: JSONValue {
        let entry = entry
        let range = entry.range(tape.spills)
        switch entry.kind {
        case .object:
            var members: [JSONMember] = []
            members.reserveCapacity(Members(tape: tape, container: index).count)
            for member in Members(tape: tape, container: index) {
                members.append(JSONMember(key: member.key, keyRange: member.keyRange, value: member.value.value))
            }
            return JSONValue(.object(members), range: range)
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Elements(tape: tape, container: index).count)
            for element in Elements(tape: tape, container: index) { elements.append(element.value) }
            return JSONValue(.array(elements), range: range)
        case .string: return JSONValue(.string(stringValue ?? ""), range: range)
        case .number: return JSONValue(.number(numberValue ?? JSONNumber(text: "0")), range: range)
        case .bool: return JSONValue(.bool(entry.flags & JSONTape.Entry.simple != 0), range: range)
        case .null: return JSONValue(.null, range: range)
        case .invalid: return JSONValue(.invalid, range: range)
        }
    }

    /// A `"key": value` pair of an object.
    package struct Member: Sendable {
        /// The key, a string value.
        package let keyNode: JSONNode

        @inlinable
        init(keyNode: JSONNode) { self.keyNode = keyNode }

        /// The member's value.
        @inlinable package var value: JSONNode { JSONNode(tape: keyNode.tape, index: keyNode.index + 1) }
        /// The decoded key (decoded now: read it once).
        package var key: String { keyNode.stringValue ?? "" }
        /// The key's bytes, quotes included.
        @inlinable package var keyRange: ByteRange { keyNode.range }
        /// From the key's first byte to the value's last.
        @inlinable package var range: ByteRange { keyRange.union(value.range) }
        /// Whether the key is `text`, as Swift compares strings.
        @inlinable package func keyEquals(_ text: String) -> Bool { keyNode.stringEquals(text) }
    }

    /// An object's members in source order.
    package struct Members: Collection, Sendable {
        @usableFromInline let tape: JSONTape
        @usableFromInline let container: Int

        @inlinable
        init(tape: JSONTape, container: Int) {
            self.tape = tape
            self.container = container
        }

        /// The first member whose key is `name` as Swift compares strings, and whether the key
        /// is written as `name`'s very bytes (no escape), so that `name` can stand for it.
        ///
        /// Keys are matched by their bytes: `name` is read as UTF-8 once, not once per key. A key
        /// that differs in its bytes is decoded and compared as a Swift string only when it or
        /// `name` is not plain ASCII (KELVIN SIGN is `K`; an escape can spell anything).
        package func first(named name: String) -> (member: Member, sameBytes: Bool)? {
            var utf8Name = name
            let found: (position: Int, sameBytes: Bool)? = utf8Name.withUTF8 { utf8 in
                let nameIsASCII = ByteScan.isASCII(utf8)
                return tape.entries.withUnsafeBufferPointer { entries in
                    tape.bytes.withUnsafeBufferPointer { bytes in
                        // Positions, not members: a member (a reference to the tape) is built
                        // only for the one found, and keys of another length are passed over
                        // without reading their bytes.
                        var position = startIndex
                        let spills = tape.spills
                        let end = entries[container].next(at: container, spills)
                        while position < end {
                            let entry = entries[position]
                            let value = entries[position + 1]
                            defer { position = value.next(at: position + 1, spills) }
                            if entry.kind == .string, entry.flags & JSONTape.Entry.simple != 0 {
                                let end = entry.end(spills)
                                if end - Int(entry.start) - 2 == utf8.count,
                                   ByteScan.equal(UnsafeBufferPointer(rebasing: bytes[Int(entry.start) + 1..<end - 1]), utf8) {
                                    return (position, true)
                                }
                                // Plain ASCII against plain ASCII: other bytes, other text.
                                if nameIsASCII, entry.flags & JSONTape.Entry.ascii != 0 { continue }
                            }
                            if JSONNode(tape: tape, index: position).stringEquals(name) { return (position, false) }
                        }
                        return nil
                    }
                }
            }
            return found.map { (Member(keyNode: JSONNode(tape: tape, index: $0.position)), $0.sameBytes) }
        }

        @inlinable package var startIndex: Int { container + 1 }
        @inlinable package var endIndex: Int { tape.next(at: container) }
        @inlinable package var isEmpty: Bool { endIndex == container + 1 }
        /// A key's value is at the next index; the member ends where the value does.
        @inlinable package func index(after i: Int) -> Int { tape.next(at: i + 1) }
        @inlinable package subscript(position: Int) -> Member { Member(keyNode: JSONNode(tape: tape, index: position)) }
        /// Whether there are two members or more (without counting them all).
        @inlinable package var hasSeveral: Bool { !isEmpty && index(after: startIndex) != endIndex }
    }

    /// An array's elements in order.
    package struct Elements: Collection, Sendable {
        @usableFromInline let tape: JSONTape
        @usableFromInline let container: Int

        @inlinable
        init(tape: JSONTape, container: Int) {
            self.tape = tape
            self.container = container
        }

        @inlinable package var startIndex: Int { container + 1 }
        @inlinable package var endIndex: Int { tape.next(at: container) }
        @inlinable package var isEmpty: Bool { endIndex == container + 1 }
        @inlinable package func index(after i: Int) -> Int { tape.next(at: i) }
        @inlinable package subscript(position: Int) -> JSONNode { JSONNode(tape: tape, index: position) }
    }
}

/// What `JSONParser.parseTape` read.
package struct JSONTapeResult: Sendable {
    /// The values.
    package let tape: JSONTape
    /// Issues in the order found.
    package let issues: [JSONSyntaxIssue]

    /// The top-level value; `nil` when the file holds none (empty, or not UTF-8).
    package var root: JSONNode? { tape.root }

    /// Whether the members of a string table went to a `StringTableSink` instead of the tape.
    package let hasElidedTable: Bool

    init(tape: JSONTape, issues: [JSONSyntaxIssue], hasElidedTable: Bool = false) {
        self.tape = tape
        self.issues = issues
        self.hasElidedTable = hasElidedTable
    }
}
