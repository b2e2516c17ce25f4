import JSONSyntax

/// Typed, tolerant access to one object of the document: a value of the wrong type reads as
/// absent (the `SchemaWalker` has already reported it).
struct ObjectReader: Sendable {
    let node: JSONNode
    let members: JSONNode.Members
    let pointer: JSONPointer
    let format: InputFormat
    /// Byte offsets of keys that repeat an earlier key of their object (from the parser).
    let repeatedKeyOffsets: [Int]

    init?(_ node: JSONNode, pointer: JSONPointer, format: InputFormat, repeatedKeyOffsets: [Int] = []) {
        guard let members = node.objectMembers else { return nil }
        self.node = node
        self.members = members
        self.pointer = pointer
        self.format = format
        self.repeatedKeyOffsets = repeatedKeyOffsets
    }

    /// The same object read through another handle on its document, with a pointer of its own
    /// (``JSONTape/forAnotherThread()``): for a thread that reads beside another.
    func forAnotherThread() -> ObjectReader {
        ObjectReader(node.tape.forAnotherThread().node(at: node.index), pointer: pointer.forAnotherThread(), format: format,
                     repeatedKeyOffsets: repeatedKeyOffsets)!
    }

    /// The member for field `name`: the exact key, or in a response also the spelling iOS
    /// accepts (`localizedStrings`). The first of repeated keys wins.
    func member(_ name: String) -> JSONNode.Member? { field(name)?.member }

    /// The member for field `name`, with its key as written: `name` itself when the key is
    /// written with `name`'s bytes (the common case: no key is decoded then).
    private func field(_ name: String) -> (member: JSONNode.Member, key: String)? {
        if let exact = members.first(named: name) { return (exact.member, exact.sameBytes ? name : exact.member.key) }
        guard format == .response else { return nil }
        let camel = KeyConversion.camelCase(name)
        return members.first { KeyConversion.convertFromSnakeCase($0.key) == camel }.map { ($0, $0.key) }
    }

    func string(_ name: String) -> Located<String>? {
        guard let (member, key) = field(name), let text = member.value.stringValue else { return nil }
        return Located(text, range: member.value.range, in: pointer, key: key)
    }

    func bool(_ name: String) -> Located<Bool>? {
        guard let (member, key) = field(name), let flag = member.value.boolValue else { return nil }
        return Located(flag, range: member.value.range, in: pointer, key: key)
    }

    func number(_ name: String) -> Located<JSONNumber>? {
        guard let (member, key) = field(name), let number = member.value.numberValue else { return nil }
        return Located(number, range: member.value.range, in: pointer, key: key)
    }

    func object(_ name: String) -> (reader: ObjectReader, keyRange: ByteRange)? {
        guard let (member, key) = field(name),
              let reader = ObjectReader(member.value, pointer: pointer.appending(key), format: format, repeatedKeyOffsets: repeatedKeyOffsets) else { return nil }
        return (reader, member.keyRange)
    }

    func array(_ name: String) -> [(node: JSONNode, pointer: JSONPointer)]? {
        guard let (member, key) = field(name), let elements = member.value.arrayElements else { return nil }
        let base = pointer.appending(key)
        return elements.enumerated().map { ($1, base.appending($0)) }
    }

    /// Calls `body` with each member of `object` but later repeats of a key (json.duplicate-key
    /// reports those; the first is the one decoded). Repeats are rare, so the common case does
    /// no hashing.
    func forFirstOfEachKey(in object: JSONNode, _ body: (JSONNode.Member) -> Void) {
        guard let members = object.objectMembers else { return }
        guard hasRepeatedKeys(in: object) else {
            for member in members { body(member) }
            return
        }
        var seen = Set<String>()
        for member in members where seen.insert(member.key).inserted { body(member) }
    }

    /// Whether a key of `object` repeats an earlier one of the same object (json.duplicate-key).
    func hasRepeatedKeys(in object: JSONNode) -> Bool {
        guard let members = object.objectMembers, members.hasSeveral else { return false }
        let range = object.range
        return repeatedKeyOffsets.contains { range.start <= $0 && $0 < range.end }
    }

    /// The elements of array `name` (nothing built for each).
    func elements(_ name: String) -> JSONNode.Elements? { field(name)?.member.value.arrayElements }

    /// The objects among the elements of array `name`: each one's position in the array and its
    /// index on the tape (nothing built for each), and the array's pointer.
    func objectElements(_ name: String) -> (elements: [(position: Int, index: Int)], pointer: JSONPointer)? {
        guard let (member, key) = field(name), let elements = member.value.arrayElements else { return nil }
        var found: [(position: Int, index: Int)] = []
        for (position, index) in elements.indices.enumerated() where elements[index].kind == .object { found.append((position, index)) }
        return (found, pointer.appending(key))
    }

    /// The object at `index` of the tape (`objectElements`), element `position` of the array at `pointer`.
    func element(at index: Int, position: Int, of pointer: JSONPointer) -> ObjectReader {
        ObjectReader(node.tape.node(at: index), pointer: pointer.appending(position), format: format, repeatedKeyOffsets: repeatedKeyOffsets)!
    }

    /// Objects among the elements of array `name`.
    func objects(_ name: String) -> [ObjectReader] {
        guard let (elements, pointer) = objectElements(name) else { return [] }
        return elements.map { element(at: $0.index, position: $0.position, of: pointer) }
    }

    /// Text by key (`<base>_key`, authoring) or written out (`<base>`, response).
    func text(_ base: String) -> TextSource? {
        switch format {
        case .authoring: return string(base + "_key").map(TextSource.key)
        case .response: return string(base).map(TextSource.literal)
        }
    }

    /// Calls `body` with each member of object `name` (the first of repeated keys), without
    /// collecting them; returns the object's pointer and its member count, or `nil` when `name`
    /// is not an object.
    func forEachEntry(_ name: String, _ body: (JSONNode.Member) -> Void) -> (pointer: JSONPointer, count: Int)? {
        guard let (member, key) = field(name), let mapMembers = member.value.objectMembers else { return nil }
        forFirstOfEachKey(in: member.value, body)
        return (pointer.appending(key), mapMembers.count)
    }

    /// Map entries `(key, keyRange, value)` of object `name`.
    func entries(_ name: String) -> [(key: Located<String>, value: JSONNode)]? {
        guard let (member, key) = field(name), let mapMembers = member.value.objectMembers else { return nil }
        let base = pointer.appending(key)
        var result: [(key: Located<String>, value: JSONNode)] = []
        result.reserveCapacity(mapMembers.count)
        forFirstOfEachKey(in: member.value) { entry in
            let key = entry.key
            result.append((Located(key, range: entry.keyRange, in: base, key: key), entry.value))
        }
        return result
    }
}
