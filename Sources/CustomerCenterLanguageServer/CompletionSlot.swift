import CustomerCenterCompiler
import JSONSyntax

/// Where in the document the cursor is, for completion.
enum CompletionSlot: Equatable {
    /// A member name: `range` is the key being typed, if any; `existing` the object's other keys.
    case key(tokens: [String], range: ByteRange?, existing: Set<String>)
    /// A value: of member `key` (or an array element of it), at `tokens`.
    case value(tokens: [String], key: String, range: ByteRange)

    /// The same slot in the text after `changes`; `nil` when they touch its span.
    func moved(_ changes: ChangeMap) -> CompletionSlot? {
        switch self {
        case .key(let tokens, let range?, let existing):
            return changes.current(range).map { .key(tokens: tokens, range: $0, existing: existing) }
        case .key:
            return self
        case .value(let tokens, let key, let range):
            return changes.current(range).map { .value(tokens: tokens, key: key, range: $0) }
        }
    }
}

extension CompletionSlot {
    /// The slot at `offset` of the parsed document (read on its tape: no tree is built).
    static func at(_ offset: Int, in value: JSONNode, tokens: [String] = [], key: String = "") -> CompletionSlot? {
        switch value.kind {
        case .object:
            let members = value.objectMembers!
            for member in members {
                if member.keyRange.touches(offset) {
                    let name = member.key
                    return .key(tokens: tokens, range: member.keyRange, existing: Set(members.map(\.key)).subtracting([name]))
                }
                let child = member.value, childRange = child.range
                if childRange.count > 0, childRange.touches(offset) {
                    switch child.kind {
                    case .object, .array:
                        if offset > childRange.start, offset < childRange.end {
                            let name = member.key
                            return at(offset, in: child, tokens: tokens + [name], key: name)
                        }
                    default:
                        let name = member.key
                        return .value(tokens: tokens + [name], key: name, range: childRange)
                    }
                }
            }
            guard offset > value.range.start, offset < value.range.end || value.range.count == 0 else { return nil }
            return .key(tokens: tokens, range: nil, existing: Set(members.map(\.key)))
        case .array:
            var count = 0
            for element in value.arrayElements! {
                defer { count += 1 }
                guard element.range.touches(offset) else { continue }
                switch element.kind {
                case .object, .array:
                    return at(offset, in: element, tokens: tokens + [String(count)], key: key)
                default:
                    return .value(tokens: tokens + [String(count)], key: key, range: element.range)
                }
            }
            return offset > value.range.start ? .value(tokens: tokens + [String(count)], key: key, range: .at(offset)) : nil
        default:
            return nil
        }
    }

    /// The slot at the current text's `offset`. Read on the last analysis' tape, its ranges
    /// moved, when the edits since cannot have changed it: they only added or removed blanks or
    /// changed one text of `localized_strings`, and neither the cursor nor the slot's span is in
    /// changed text. Otherwise read on the current text, parsed again.
    static func at(_ offset: Int, in snapshot: Snapshot) -> CompletionSlot? {
        let document = snapshot.document, changes = snapshot.changes
        if let entry = snapshot.entry, let root = entry.analysis.tape?.root, let analysed = changes.analysed(offset) {
            // No change since: the analysed text is the current one.
            if changes.isEmpty { return at(offset, in: root) }
            if let resolved = entry.analysis.resolved,
               EditFootprint(analysed: entry.analysis.report.source.bytes, current: document.bytes, changes: changes.changes,
                             lexical: entry.lexical, resolved: resolved, tape: root.tape).kind != .other,
               let slot = at(analysed, in: root), let moved = slot.moved(changes) {
                return moved
            }
        }
        if let entry = snapshot.entry, !changes.isEmpty, let root = entry.analysis.tape?.root,
           let found = inChangedContainer(at: offset, current: document.bytes, analysedRoot: root, changes: changes) {
            return found
        }
        return Pipeline.read(SourceFile(path: "", bytes: document.bytes)).parsed.tape.root.flatMap { at(offset, in: $0) }
    }

    /// The slot at the current text's `offset` when it and every change since the analysis lie
    /// inside one container of the analysed text whose brackets did not change: that container
    /// alone is parsed again from the current text (the parser reads the bytes before it, and so
    /// the path to it, as before; a container that still closes on its own bracket is parsed as
    /// the whole text would be). `nil` when that cannot be told: parse the whole text.
    static func inChangedContainer(at offset: Int, current: [UInt8], analysedRoot: JSONNode, changes: ChangeMap) -> CompletionSlot?? {
        let region = EditFootprint.region(of: changes.changes)
        let delta = region.currentEnd - region.analysedEnd
        let analysed = analysedRoot.tape.bytes
        // Whether `node` is a container whose brackets are outside the region, with the cursor inside it.
        func encloses(_ node: JSONNode) -> Bool {
            guard node.kind == .object || node.kind == .array else { return false }
            let range = node.range, closer = UInt8(ascii: node.kind == .object ? "}" : "]")
            return range.start < region.start && region.analysedEnd <= range.end - 1 && range.end <= analysed.count
                && analysed[range.end - 1] == closer && range.start < offset && offset < range.end + delta - 1
        }
        guard encloses(analysedRoot) else { return nil }
        var (container, tokens, key, depth) = (analysedRoot, [String](), "", 0)
        descent: while true {
            if container.kind == .object {
                for member in container.objectMembers! where encloses(member.value) {
                    (container, tokens, key, depth) = (member.value, tokens + [member.key], member.key, depth + 1)
                    continue descent
                }
            } else {
                for (index, element) in container.arrayElements!.enumerated() where encloses(element) {
                    (container, tokens, depth) = (element, tokens + [String(index)], depth + 1)
                    continue descent
                }
            }
            break
        }
        // The root would be parsed again whole: no gain.
        guard depth > 0, depth < JSONParser.defaultMaxDepth else { return nil }
        let start = container.range.start
        let slice = Array(current[start..<(container.range.end + delta)])
        guard closesOnItsOwnBracket(slice) else { return nil }
        let parsed = JSONParser.parseTape(slice, maxDepth: JSONParser.defaultMaxDepth - depth)
        guard let root = parsed.tape.root, root.kind == container.kind, root.range == ByteRange(0, slice.count) else { return nil }
        guard let slot = at(offset - start, in: root, tokens: tokens, key: key) else { return .some(nil) }
        switch slot {
        case .key(let tokens, let range, let existing):
            return .key(tokens: tokens, range: range.map { ByteRange($0.start + start, $0.end + start) }, existing: existing)
        case .value(let tokens, let key, let range):
            return .value(tokens: tokens, key: key, range: ByteRange(range.start + start, range.end + start))
        }
    }

    /// Whether the brackets of `bytes` (outside strings and comments) nest, each closed by its
    /// own kind, and the first one is closed by the last byte and not before; no string holds a
    /// control byte (where the parser's recovery could end it).
    static func closesOnItsOwnBracket(_ bytes: [UInt8]) -> Bool {
        var open: [UInt8] = []
        var quote: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == quote { quote = 0 }
                // The parser may end a string at a line break or control byte: unknown here.
                if byte < 0x20 { return false }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
                let block = bytes[index + 1] == UInt8(ascii: "*")
                var position = index + 2
                while position < bytes.count, block ? !(bytes[position] == UInt8(ascii: "*") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/")) : bytes[position] != 0x0A {
                    position += 1
                }
                guard position < bytes.count else { return false }
                index = block ? position + 2 : position
                continue
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                open.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                guard open.popLast() == byte else { return false }
                if open.isEmpty { return index == bytes.count - 1 }
            }
            index += 1
        }
        return false
    }
}
