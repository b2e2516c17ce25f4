/// Writes JSON text deterministically: the canonical form `format` writes (docs/commands.md) and the tool's own outputs.
///
/// Rules: object keys sorted by UTF-8 bytes (optionally), 2-space indent, `": "` after keys,
/// arrays of scalars on one line when short, non-ASCII kept as UTF-8 (only `"`, `\` and control
/// characters escaped), numbers written exactly as their source text, one trailing newline.
package struct JSONWriter {
    /// Whether object members are sorted by key (canonical form) or kept in source order.
    package var sortKeys: Bool
    /// Arrays whose elements are all scalars stay on one line up to this many characters.
    package var inlineArrayLimit: Int

    /// Creates a writer.
    package init(sortKeys: Bool = true, inlineArrayLimit: Int = 80) {
        self.sortKeys = sortKeys
        self.inlineArrayLimit = inlineArrayLimit
    }

    /// The document as text, with a trailing newline.
    package func write(_ value: JSONValue) -> String { document(value) }

    /// The document on a tape as text, with a trailing newline: strings are copied from the
    /// source (escaped as needed), never decoded.
    package func write(_ node: JSONNode) -> String { document(node) }

    private func document<Node: WritableJSON>(_ root: Node) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(node: root, indent: 0, into: &out)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` at nesting level `indent`. Output is built as UTF-8 bytes in one buffer:
    /// appending to a `String` piece by piece can copy the whole text again and again.
    package func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        write(node: value, indent: indent, into: &out)
    }

    private func write<Node: WritableJSON>(node value: Node, indent: Int, into out: inout [UInt8]) {
        if let members = value.writableMembers {
            if members.isEmpty { out += [0x7B, 0x7D]; return }
            let ordered = sortKeys ? members.sorted(by: Node.keyPrecedes) : Array(members)
            out += [0x7B, 0x0A]
            for (i, member) in ordered.enumerated() {
                Self.appendIndent(indent + 1, to: &out)
                Node.appendKey(of: member, to: &out)
                out += [0x3A, 0x20]
                write(node: Node.value(of: member), indent: indent + 1, into: &out)
                if i < ordered.count - 1 { out.append(0x2C) }
                out.append(0x0A)
            }
            Self.appendIndent(indent, to: &out)
            out.append(0x7D)
        } else if let elements = value.writableElements {
            if elements.isEmpty { out += [0x5B, 0x5D]; return }
            if appendInline(elements, indent: indent, into: &out) { return }
            out += [0x5B, 0x0A]
            let count = elements.count
            for (i, element) in elements.enumerated() {
                Self.appendIndent(indent + 1, to: &out)
                write(node: element, indent: indent + 1, into: &out)
                if i < count - 1 { out.append(0x2C) }
                out.append(0x0A)
            }
            Self.appendIndent(indent, to: &out)
            out.append(0x5D)
        } else {
            value.appendScalar(to: &out)
        }
    }

    /// Writes an array of scalars on one line when it fits; leaves `out` unchanged otherwise.
    private func appendInline<Elements: Collection>(_ elements: Elements, indent: Int, into out: inout [UInt8]) -> Bool
    where Elements.Element: WritableJSON {
        if elements.contains(where: \.isContainer) { return false }
        let start = out.count
        out.append(0x5B)
        for (i, element) in elements.enumerated() {
            if i > 0 { out += [0x2C, 0x20] }
            element.appendScalar(to: &out)
            if out.count - start + indent * 2 > inlineArrayLimit {
                out.removeSubrange(start...)
                return false
            }
        }
        out.append(0x5D)
        return true
    }

    /// Sort order for keys: by Unicode scalar values (equal to UTF-8 byte order), locale-free.
    package static func keyOrder(_ a: String, _ b: String) -> Bool {
        // Native strings' bytes compared where they lie (the generic walk over `UTF8View` costs
        // several times as much: a payload's 170 keys are compared on every write).
        let inPlace = a.utf8.withContiguousStorageIfAvailable { first in
            b.utf8.withContiguousStorageIfAvailable { second in first.lexicographicallyPrecedes(second) }
        }
        return (inPlace ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    static func appendIndent(_ level: Int, to out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(0x20, count: level * 2))
    }

    /// Appends `text` as a JSON string literal: `"`, `\` and C0 controls (and DEL) escaped, the
    /// rest raw UTF-8.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0, to: &out) }
    }

    /// Appends UTF-8 text as a JSON string literal.
    static func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        var start = 0
        while start < bytes.count {
            // The run up to the next byte to escape is copied whole.
            let special = ByteScan.firstNeedingEscape(bytes, from: start)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<special]))
            guard special < bytes.count else { break }
            appendEscaped(bytes[special], to: &out)
            start = special + 1
        }
        out.append(0x22)
    }

    /// One byte that JSON needs escaped (or any other byte, as it is).
    @inline(__always)
    static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case 0x22: out += [0x5C, 0x22]
        case 0x5C: out += [0x5C, 0x5C]
        case 0x0A: out += [0x5C, 0x6E]
        case 0x0D: out += [0x5C, 0x72]
        case 0x09: out += [0x5C, 0x74]
        case 0x08: out += [0x5C, 0x62]
        case 0x0C: out += [0x5C, 0x66]
        case 0x00..<0x20, 0x7F:
            let hex = Array("0123456789abcdef".utf8)
            out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        default: out.append(byte)
        }
    }

    /// Appends `text` as a JSON string literal to a `String`.
    package static func appendQuoted(_ text: String, to out: inout String) {
        out += quoted(text)
    }

    /// Returns `text` as a JSON string literal.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What the writer needs of a value: a tree node or a tape node.
protocol WritableJSON {
    associatedtype Member
    associatedtype Members: Collection where Members.Element == Member
    associatedtype Elements: Collection where Elements.Element == Self
    /// The members, when the value is an object.
    var writableMembers: Members? { get }
    /// The elements, when the value is an array.
    var writableElements: Elements? { get }
    /// Whether the value is an object or an array.
    var isContainer: Bool { get }
    /// Appends a value that is not a container (an unreadable one as `null`).
    func appendScalar(to out: inout [UInt8])
    static func value(of member: Member) -> Self
    /// The canonical key order: by UTF-8 bytes.
    static func keyPrecedes(_ a: Member, _ b: Member) -> Bool
    static func appendKey(of member: Member, to out: inout [UInt8])
}

extension JSONValue: WritableJSON {
    var writableMembers: [JSONMember]? { objectMembers }
    var writableElements: [JSONValue]? { arrayElements }
    var isContainer: Bool { shape == .object || shape == .array }

    func appendScalar(to out: inout [UInt8]) {
        switch kind {
        case .string(let text): JSONWriter.appendQuoted(text, to: &out)
        case .number(let number): out += number.text.utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .null, .invalid, .object, .array: out += "null".utf8
        }
    }

    static func value(of member: JSONMember) -> JSONValue { member.value }
    static func keyPrecedes(_ a: JSONMember, _ b: JSONMember) -> Bool { JSONWriter.keyOrder(a.key, b.key) }
    static func appendKey(of member: JSONMember, to out: inout [UInt8]) { JSONWriter.appendQuoted(member.key, to: &out) }
}

extension JSONNode: WritableJSON {
    var writableMembers: Members? { objectMembers }
    var writableElements: Elements? { arrayElements }
    var isContainer: Bool { kind == .object || kind == .array }

    func appendScalar(to out: inout [UInt8]) {
        let entry = entry
        switch entry.kind {
        case .string:
            if entry.flags & JSONTape.Entry.simple != 0 {
                tape.bytes.withUnsafeBufferPointer { bytes in
                    JSONWriter.appendQuoted(utf8: UnsafeBufferPointer(rebasing: bytes[Int(entry.start) + 1..<entry.end(tape.spills) - 1]), to: &out)
                }
            } else {
                JSONWriter.appendQuoted(tape.texts[Int(tape.spills[entry.payload].link)], to: &out)
            }
        case .number:
            tape.bytes.withUnsafeBufferPointer { bytes in
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<entry.end(tape.spills)]))
            }
        case .bool: out += (entry.flags & JSONTape.Entry.simple != 0 ? "true" : "false").utf8
        case .null, .invalid, .object, .array: out += "null".utf8
        }
    }

    static func value(of member: Member) -> JSONNode { member.value }

    static func keyPrecedes(_ a: Member, _ b: Member) -> Bool {
        let first = a.keyNode.entry, second = b.keyNode.entry
        if first.flags & second.flags & JSONTape.Entry.simple != 0 {
            // A plain key's bytes are its text's UTF-8.
            let p = a.keyRange, q = b.keyRange
            return a.keyNode.tape.bytes.withUnsafeBufferPointer { bytes in
                UnsafeBufferPointer(rebasing: bytes[p.start + 1..<p.end - 1])
                    .lexicographicallyPrecedes(UnsafeBufferPointer(rebasing: bytes[q.start + 1..<q.end - 1]))
            }
        }
        return JSONWriter.keyOrder(a.key, b.key)
    }

    static func appendKey(of member: Member, to out: inout [UInt8]) { member.keyNode.appendScalar(to: &out) }
}
