import JSONSyntax

/// Walks a document against a `SchemaType` and hands what does not fit to the rule that owns it:
/// the checks live beside their descriptors (`Rules/Schema`, and `ResponseDecoders` in
/// `Rules/Compatibility`), the walk holds the traversal and one call per finding.
///
/// For the authoring format the findings are `schema.*`. For a response the walk tells, per
/// target platform, where that SDK's decoder reads what (`compat.*`); unknown fields, enum values
/// and empty values are `schema.*`, missing keys and wrong types `compat.*`.
struct SchemaWalker {
    enum Mode {
        case authoring
        case response
    }

    let mode: Mode
    let source: SourceFile
    var sink: DiagnosticSink
    /// The platforms a response is checked for.
    let platforms: Set<Platform>
    /// What each SDK's decoder does with a response (the `compat.*` checks, `Rules/Compatibility`).
    var decoders: ResponseDecoders
    /// Byte offsets of keys that repeat an earlier key of their object (from the parser).
    var repeatedKeyOffsets: [Int] = []

    /// Whether a repeated key lies in `range` (then members must be de-duplicated; usually not).
    func hasRepeatedKeys(_ range: ByteRange) -> Bool {
        repeatedKeyOffsets.contains { range.start <= $0 && $0 < range.end }
    }

    init(mode: Mode, source: SourceFile, sink: DiagnosticSink, platforms: Set<Platform>) {
        self.mode = mode
        self.source = source
        self.sink = sink
        self.platforms = platforms
        self.decoders = ResponseDecoders(platforms: platforms)
    }

    // MARK: Values

    /// Checks `node` against `type`. `readers` are the platforms whose decoder reads this node
    /// (responses); `anchor` is where a finding about the node as a whole points.
    mutating func walk(_ node: JSONNode, _ type: SchemaType, pointer: PendingPointer, anchor: ByteRange,
                       name: String, readers: Set<Platform>) {
        // Already a syntax error; iOS fails on it only when it reads it.
        if node.kind == .invalid { return checkDeferredIOSIssue(node, pointer: pointer, name: name, readers: readers) }
        switch type {
        case .object(let schema):
            guard let members = node.objectMembers else { return mismatch(node, type, pointer: pointer, name: name, readers: readers) }
            let saved = decoders.androidScope
            // Its members' pointers share it, joined once.
            let pointer = pointer.materialized
            if mode == .response, schema.name == ResponseSchema.screen.name { decoders.androidScope = .screen(pointer.resolved) }
            if mode == .response, schema.name == ResponseSchema.path.name { decoders.androidScope = .path(pointer.resolved) }
            walkObject(node, members: members, schema, pointer: pointer, anchor: anchor, readers: readers)
            decoders.androidScope = saved
        case .map(let map):
            guard let members = node.objectMembers else { return mismatch(node, type, pointer: pointer, name: name, readers: readers) }
            walkMap(node, members: members, map, pointer: pointer.materialized, readers: readers)
        case .array(let element, _):
            guard let elements = node.arrayElements else { return mismatch(node, type, pointer: pointer, name: name, readers: readers) }
            let pointer = pointer.materialized
            for (index, value) in elements.enumerated() {
                if value.isNull, mode == .response {
                    fail(readers, "\(MessageText.quoted(name)) holds null at index \(index)", at: value.range, pointer: pointer.appending(index).resolved)
                    continue
                }
                // Findings about an element name the element (`paths[2]`), not the array.
                walk(value, element, pointer: pointer.appending(index), anchor: value.range, name: "\(name)[\(index)]", readers: readers)
            }
        case .string(let schema):
            guard node.stringReference != nil else { return mismatch(node, type, pointer: pointer, name: name, readers: readers) }
            checkDeferredIOSIssue(node, pointer: pointer, name: name, readers: readers)
            // The text is decoded only when `checkString` has something to check in it.
            guard mode == .response || schema.nonEmpty || !schema.enumValues.isEmpty, let text = node.stringValue else { return }
            checkString(text, schema, node: node, pointer: pointer, name: name, readers: readers)
        case .integer(let minimum, let maximum):
            guard let number = node.numberValue else { return mismatch(node, type, pointer: pointer, name: name, readers: readers) }
            guard let value = number.int64Value else {
                let reason = number.isIntegerLiteral || number.doubleValue.isInfinite
                    ? "\(MessageText.quoted(number.text)) is out of range" : "\(MessageText.quoted(number.text)) is not a whole number"
                return typeProblem("\(MessageText.quoted(name)) must be \(type.expectation); \(reason)", node: node, pointer: pointer, readers: readers)
            }
            if let minimum, value < minimum {
                typeProblem("\(MessageText.quoted(name)) must be \(type.expectation), found \(number.text)", node: node, pointer: pointer, readers: readers)
            } else if let maximum, value > maximum {
                typeProblem("\(MessageText.quoted(name)) must be at most \(maximum), found \(number.text)", node: node, pointer: pointer, readers: readers)
            }
        case .unsignedInteger64:
            guard let number = node.numberValue else { return mismatch(node, type, pointer: pointer, name: name, readers: readers) }
            // As iOS reads it (a payload compiled from the authoring format carries the number as written).
            if IOSNumber.uint64(number) == nil {
                typeProblem("\(MessageText.quoted(name)) must be \(type.expectation), found \(number.text)", node: node, pointer: pointer, readers: readers)
            }
        case .integerCheckedByRule:
            guard node.kind == .number else { return mismatch(node, type, pointer: pointer, name: name, readers: readers) }
        case .boolean:
            guard node.kind == .bool else { return mismatch(node, type, pointer: pointer, name: name, readers: readers) }
        }
    }

    mutating func mismatch(_ node: JSONNode, _ type: SchemaType, pointer: PendingPointer, name: String, readers: Set<Platform>) {
        let found = SchemaTypeMismatchRule.found(node)
        typeProblem(RuleMessage.wrongType(name, expected: type.expectation, found: found).text, node: node, pointer: pointer, readers: readers)
    }

    mutating func typeProblem(_ message: String, node: JSONNode, pointer: PendingPointer, readers: Set<Platform>) {
        switch mode {
        case .authoring:
            SchemaTypeMismatchRule.report(message, at: node.range, pointer: pointer.resolved, into: &sink)
        case .response:
            fail(readers, message, at: node.range, pointer: pointer.resolved)
        }
    }

    /// What a string's text may break: emptiness, an enum, Android's reading of a response
    /// (`walk` decodes the text only for these: keep the two in step).
    mutating func checkString(_ text: String, _ schema: StringSchema, node: JSONNode, pointer: PendingPointer, name: String, readers: Set<Platform>) {
        if schema.nonEmpty, SchemaEmptyValueRule.check(text, name: name, at: node.range, pointer: { pointer.resolved }, into: &sink) { return }
        if !schema.enumValues.isEmpty {
            SchemaEnumValueRule.check(text, allowed: schema.enumValues, name: name, at: node.range, pointer: { pointer.resolved }, into: &sink)
        }
        if mode == .response {
            decoders.checkAndroidValue(text, enumValues: schema.enumValues, androidExtraValues: schema.androidExtraValues,
                                       isColor: schema.pattern == SharedSchema.colorPattern, name: name, at: node.range,
                                       pointer: { pointer.resolved }, readers: readers, into: &sink)
        }
    }

    // MARK: Objects and maps

    mutating func walkObject(_ node: JSONNode, members: JSONNode.Members, _ schema: ObjectSchema, pointer: PendingPointer,
                             anchor: ByteRange, readers: Set<Platform>) {
        switch mode {
        case .authoring:
            // The fields present: a bit per position in `schema.fields` for the first 64, a set
            // (empty, so never allocated, for every schema here) past them.
            var present: UInt64 = 0
            var presentPast64 = Set<Int>()
            var seen = Set<String>()
            let dedupe = hasRepeatedKeys(node.range)
            for member in members {
                // A repeated key is json.duplicate-key; the first one is the one decoded and checked.
                if dedupe, !seen.insert(member.key).inserted { continue }
                guard let (index, key) = schema.fieldIndex(ofKey: member.keyNode) else {
                    unknownField(member, in: schema, pointer: pointer)
                    continue
                }
                let field = schema.fields[index]
                if index < 64 { present |= 1 << UInt64(index) } else { presentPast64.insert(index) }
                let value = member.value
                if value.isNull {
                    if field.required {
                        SchemaTypeMismatchRule.reportNull(field.name, expected: field.type.expectation, at: value.range,
                                                          pointer: pointer.appending(key).resolved, into: &sink)
                    }
                    continue
                }
                walk(value, field.type, pointer: pointer.appending(key), anchor: member.keyRange, name: field.name, readers: readers)
            }
            for (index, field) in schema.fields.enumerated() where field.required
                && (index < 64 ? present & (1 << UInt64(index)) == 0 : !presentPast64.contains(index)) {
                SchemaMissingFieldRule.report(field.name, description: field.description, in: schema.noun, at: anchor,
                                              pointer: pointer.resolved, into: &sink)
            }
        case .response:
            walkResponseObject(node, members: members, schema, pointer: pointer, anchor: anchor, readers: readers)
        }
    }

    mutating func unknownField(_ member: JSONNode.Member, in schema: ObjectSchema, pointer: PendingPointer) {
        SchemaUnknownFieldRule.report(member, known: schema.fields.map(\.name), in: schema.noun, pointer: pointer.appending(member.key).resolved,
                                      into: &sink)
    }

    mutating func walkMap(_ node: JSONNode, members: JSONNode.Members, _ map: MapSchema, pointer: PendingPointer, readers: Set<Platform>) {
        if mode == .response, !map.keyEnum.isEmpty {
            decoders.checkScreenKeys(members, known: SharedSchema.screenKeys, pointer: pointer.resolved, readers: readers, into: &sink)
        }
        // Fast path for maps of plain text (the translations): only the type can be wrong.
        if mode == .authoring, case .string(let text) = map.value, text.enumValues.isEmpty, !text.nonEmpty, text.pattern == nil {
            for member in members {
                let value = member.value
                switch value.kind {
                case .string, .invalid: continue
                default:
                    let key = member.key
                    walk(value, map.value, pointer: pointer.appending(key), anchor: member.keyRange, name: key, readers: readers)
                }
            }
            return
        }
        var seen = Set<String>()
        let dedupe = members.hasSeveral && hasRepeatedKeys(node.range)
        for member in members {
            let key = member.key
            if dedupe, !seen.insert(key).inserted { continue }
            checkDeferredIOSKey(member, pointer: pointer, readers: readers)
            let memberPointer = pointer.appending(key)
            let value = member.value
            if value.isNull {
                if mode == .authoring {
                    SchemaTypeMismatchRule.reportNull(key, expected: map.value.expectation, at: value.range, pointer: memberPointer.resolved,
                                                      into: &sink)
                } else {
                    fail(readers, "\(MessageText.quoted(key)) is null; \(map.value.expectation) is required", at: value.range,
                         pointer: memberPointer.resolved)
                }
                continue
            }
            let saved = decoders.androidScope
            if mode == .response, !map.keyEnum.isEmpty { decoders.androidScope = .screen(memberPointer.resolved) }
            walk(value, map.value, pointer: memberPointer, anchor: member.keyRange, name: key, readers: readers)
            decoders.androidScope = saved
        }
    }
}

// The calls into the `compat.*` checks (`ResponseDecoders`), for responses only.
extension SchemaWalker {
    /// Each SDK in `readers` meets this problem when it decodes the response.
    mutating func fail(_ readers: Set<Platform>, _ reason: String, at range: ByteRange, pointer: JSONPointer? = nil) {
        decoders.fail(readers, reason, at: range, pointer: pointer, into: &sink)
    }

    /// iOS reads `node` (the value of `name`): a syntax error it defers fails it there.
    mutating func checkDeferredIOSIssue(_ node: JSONNode, pointer: PendingPointer, name: String, readers: Set<Platform>) {
        guard mode == .response else { return }
        decoders.checkDeferredIOSIssue(node, name: name, pointer: { pointer.resolved }, readers: readers, into: &sink)
    }

    /// iOS decodes every key of an object it reads: a syntax error it defers fails it there.
    mutating func checkDeferredIOSKey(_ member: JSONNode.Member, pointer: PendingPointer, readers: Set<Platform>) {
        guard mode == .response else { return }
        decoders.checkDeferredIOSKey(member, pointer: { pointer.appending(member.key).resolved }, readers: readers, into: &sink)
    }
}

extension ObjectSchema {
    /// The position in `fields` of the field a key names, with the key's text. An ASCII key is
    /// matched by its bytes, without decoding it (the text is then the field's name); any other
    /// key is decoded and compared as Swift compares strings, as before.
    func fieldIndex(ofKey keyNode: JSONNode) -> (index: Int, key: String)? {
        guard let reference = keyNode.stringReference else { return nil }
        let match: Int?? = keyNode.tape.strings.withUTF8(reference) { bytes in
            guard ByteScan.isASCII(bytes), fieldNamesAreASCII else { return nil }
            return fieldNamesUTF8.firstIndex { $0.count == bytes.count && $0.withUnsafeBufferPointer { ByteScan.equal($0, bytes) } }
        }
        if let match { return match.map { ($0, fields[$0].name) } }
        let key = keyNode.stringValue ?? ""
        return fields.firstIndex { $0.name == key }.map { ($0, key) }
    }

    /// The object's name as a phrase: `FeedbackSurvey` → "feedback survey".
    var noun: String {
        var words = ""
        for character in name {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(character)
        }
        return words.lowercased()
    }
}

/// A JSON pointer built only when a finding needs it: the walker visits every value of a config
/// and would otherwise allocate a pointer for each. The parent is materialized once per object.
struct PendingPointer {
    private let base: JSONPointer
    private let token: String?

    /// The document.
    static let root = PendingPointer(.root)

    init(_ pointer: JSONPointer) {
        base = pointer
        token = nil
    }

    private init(base: JSONPointer, token: String) {
        self.base = base
        self.token = token
    }

    /// The pointer of member `key`.
    func appending(_ key: String) -> PendingPointer { PendingPointer(base: resolved, token: key) }
    /// The pointer of element `index`.
    func appending(_ index: Int) -> PendingPointer { appending(String(index)) }
    /// The pointer itself.
    var resolved: JSONPointer { token.map { base.appending($0) } ?? base }

    /// The same pointer built now, for a container: `appending` builds the pointer it extends
    /// each time it is called, once per member or element otherwise.
    var materialized: PendingPointer { token == nil ? self : PendingPointer(resolved) }
}
