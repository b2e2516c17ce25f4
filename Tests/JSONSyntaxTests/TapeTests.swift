import Testing
import TestSupport
@testable import JSONSyntax

/// The flat tape and its node view against definitions that do not use the tape's shortcuts:
/// text compared by decoding, keys ordered by their decoded UTF-8, the innermost pointer found on
/// the tree, duplicate keys found by comparing every pair.
@Suite struct TapeTests {
    /// Random documents, valid and broken: escapes, non-ASCII (NFC and NFD), DEL and control
    /// bytes, numbers, single quotes, bare keys, stray values where keys belong, repeated keys.
    static func documents(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        let strings = [#""a""#, #""b""#, #""ab""#, #""a\u0062""#, #""\u00e9""#, "\"\u{E9}\"", "\"e\u{301}\"", #""""#, #""x\"y""#,
                       "\"caf\u{E9} \u{1F600}\"", #""tab\tnew\nline""#, "\"del\u{7F}\"", #""\ud83d\ude00""#, #""\ud800""#, "'single'",
                       #""zz""#, #""aa""#, "\"\u{212A}\"", #""K""#]
        let scalars = ["0", "-1.5e3", "12", "true", "false", "null", "01", "NaN", "tru", "+1"]
        func value(_ depth: Int) -> String {
            switch generator.next() % (depth > 3 ? 2 : 5) {
            case 0: return strings[Int(generator.next() % UInt64(strings.count))]
            case 1: return scalars[Int(generator.next() % UInt64(scalars.count))]
            case 2:
                let items = (0..<Int(generator.next() % 5)).map { _ in value(depth + 1) }
                return "[" + items.joined(separator: generator.next() % 9 == 0 ? " " : ", ") + "]"
            default:
                let members = (0..<Int(generator.next() % 7)).map { _ -> String in
                    switch generator.next() % 12 {
                    case 0: return "bare: " + value(depth + 1)
                    case 1: return "{\"stray\": 1}: " + value(depth + 1)
                    case 2: return strings[Int(generator.next() % UInt64(strings.count))] + " " + value(depth + 1)
                    default: return strings[Int(generator.next() % UInt64(strings.count))] + ": " + value(depth + 1)
                    }
                }
                return "{" + members.joined(separator: ", ") + (generator.next() % 10 == 0 ? "," : "") + "}"
            }
        }
        return (0..<count).map { _ in Array(value(0).utf8) }
    }

    /// Every node of the subtree at `node`, depth first.
    static func allNodes(_ node: JSONNode) -> [JSONNode] {
        var result = [node]
        if let members = node.objectMembers {
            for member in members { result.append(member.keyNode); result += allNodes(member.value) }
        } else if let elements = node.arrayElements {
            for element in elements { result += allNodes(element) }
        }
        return result
    }

    @Test func nodesAgreeWithTheirDecodedText() throws {
        for bytes in Self.documents(count: 600, seed: 7) {
            let parsed = JSONParser.parseTape(bytes)
            guard let root = parsed.root else { continue }
            let nodes = Self.allNodes(root)
            // The tape holds exactly the values the walk reaches: nothing left over from a stray value.
            #expect(nodes.count == parsed.tape.count, "\(String(decoding: bytes, as: UTF8.self))")
            let texts = nodes.compactMap(\.stringValue)
            for node in nodes {
                if let members = node.objectMembers {
                    let all = Array(members)
                    #expect(members.isEmpty == all.isEmpty && members.hasSeveral == (all.count > 1) && members.count == all.count)
                    // Every member's value ends where the next key starts: keys are at even steps.
                    #expect(all.allSatisfy { $0.keyNode.kind == .string })
                }
                if let elements = node.arrayElements { #expect(elements.isEmpty == Array(elements).isEmpty) }
                #expect(node.range.start >= 0 && node.range.end <= bytes.count)
                if let text = node.stringValue {
                    for other in texts.prefix(12) { #expect(node.stringEquals(other) == (text == other), "\(text) vs \(other)") }
                }
                for other in nodes.prefix(12) {
                    let same = node.stringValue != nil && node.stringValue == other.stringValue
                    #expect(node.stringEquals(other) == same)
                }
            }
        }
    }

    @Test func writingTheTapeEqualsWritingTheTree() throws {
        var written = 0
        for bytes in Self.documents(count: 600, seed: 11) {
            guard let root = JSONParser.parseTape(bytes).root else { continue }
            for sortKeys in [true, false] {
                let writer = JSONWriter(sortKeys: sortKeys, inlineArrayLimit: 24)
                #expect(writer.write(root) == writer.write(root.value), "\(String(decoding: bytes, as: UTF8.self))")
            }
            written += 1
        }
        #expect(written > 500)
    }

    /// The pointer search as it was written on the tree.
    static func innermostOnTree(at offset: Int, in root: JSONValue) -> JSONPointer {
        var pointer = JSONPointer.root
        var node = root
        while true {
            switch node.kind {
            case .object(let members):
                guard let member = members.last(where: { $0.range.start <= offset }),
                      member.range.contains(offset) || member.keyRange.contains(offset) else { return pointer }
                pointer = pointer.appending(member.key)
                node = member.value
            case .array(let elements):
                guard let index = elements.lastIndex(where: { $0.range.start <= offset }),
                      elements[index].range.contains(offset) else { return pointer }
                pointer = pointer.appending(index)
                node = elements[index]
            default:
                return pointer
            }
        }
    }

    @Test func innermostPointerAtEveryOffset() throws {
        for bytes in Self.documents(count: 200, seed: 13) {
            guard let root = JSONParser.parseTape(bytes).root else { continue }
            let tree = root.value
            for offset in 0...bytes.count {
                #expect(JSONPointer.innermost(at: offset, in: root) == Self.innermostOnTree(at: offset, in: tree))
            }
        }
    }

    @Test func repeatedKeysAreFoundAsByComparingEveryPair() throws {
        var generator = SeededGenerator(seed: 21)
        // Few distinct keys, so objects repeat them; some written with escapes (same text,
        // other bytes); sizes on both sides of the 256-member switch to a table, and past 512
        // keys, where the table grows.
        let keys = ["a", "b", "ab", "ba", "abc", "acc", "zz", "a\\u0062", "\\u0061", "k1", "k2", "k10", "x_y", "x_z"]
        for size in [1, 2, 5, 17, 40, 255, 256, 257, 300, 1_500] {
            var written: [String] = []
            for _ in 0..<size {
                written.append(generator.next() % 3 == 0 ? keys[Int(generator.next() % UInt64(keys.count))] : "u\(generator.next() % UInt64(size * 2))")
            }
            let text = "{" + written.map { "\"\($0)\": 0" }.joined(separator: ", ") + "}"
            let parsed = JSONParser.parseTape(Array(text.utf8), issueLimit: 10_000)
            let root = try #require(parsed.root)
            let members = Array(try #require(root.objectMembers))
            var expected: [(key: ByteRange, first: ByteRange)] = []
            for (index, member) in members.enumerated() {
                if let first = members[..<index].first(where: { $0.key == member.key }) {
                    expected.append((member.keyRange, first.keyRange))
                }
            }
            let found = parsed.issues.compactMap { issue -> (key: ByteRange, first: ByteRange)? in
                if case .duplicateKey(_, let first) = issue.kind { return (issue.range, first) }
                return nil
            }
            #expect(found.map(\.key) == expected.map(\.key), "size \(size)")
            #expect(found.map(\.first) == expected.map(\.first), "size \(size)")
        }
    }

    /// Another handle on a tape (for a thread reading beside another) is another object, with
    /// another strings object, and reads every value as the tape does; a pointer of its own is equal.
    @Test func anotherHandleReadsTheSameDocument() throws {
        for bytes in Self.documents(count: 150, seed: 23) {
            let tape = JSONParser.parseTape(bytes).tape
            let handle = tape.forAnotherThread()
            #expect(handle !== tape)
            #expect(handle.strings !== tape.strings)
            #expect(handle.root?.index == tape.root?.index)
            for index in 0..<tape.count {
                let (node, read) = (JSONNode(tape: tape, index: index), handle.node(at: index))
                #expect(read.tape === handle)
                #expect(read.kind == node.kind && read.range == node.range && read.stringValue == node.stringValue)
                #expect(read.objectMembers?.map(\.key) == node.objectMembers?.map(\.key))
            }
        }
        let pointer = JSONPointer(tokens: ["screens", "MANAGEMENT", "paths"])
        let own = pointer.forAnotherThread()
        #expect(own == pointer && own.appending(3) == pointer.appending(3) && own.description == "/screens/MANAGEMENT/paths")
    }

    /// A value is 8 bytes on the tape (it was 16, with its end and link; 20 with a stored child
    /// count): docs/performance.md's memory figures count on it.
    @Test func anEntryIsEightBytes() {
        #expect(MemoryLayout<JSONTape.Entry>.stride == 8)
    }

    /// A value longer than an entry can say keeps its end in a spill, like a container: its
    /// range, text and neighbours read as for any other.
    @Test func aValueTooLongForItsEntryKeepsItsEndInASpill() {
        var builder = TapeBuilder()
        let limit = JSONTape.Entry.inlineLengthLimit
        let ranges = [ByteRange(0, limit), ByteRange(limit, 2 * limit + 1), ByteRange(2 * limit + 1, 2 * limit + 3)]
        for range in ranges { builder.append(.string, range, flags: JSONTape.Entry.simple) }
        #expect(builder.entries.map(\.isSpilled) == [false, true, false])
        #expect(builder.spills.count == 1)
        #expect((0..<3).map { builder.range(at: $0) } == ranges)
        let tape = JSONTape(bytes: [], entries: builder.entries, spills: builder.spills, texts: [], rootIndex: nil)
        #expect((0..<3).map { tape.range(at: $0) } == ranges)
        #expect((0..<3).map { tape.next(at: $0) } == [1, 2, 3])
        #expect((0..<3).map { JSONNode(tape: tape, index: $0).kind } == [.string, .string, .string])
    }

    /// The key lookup by bytes against its definition: the first member whose decoded key is
    /// the name as Swift compares strings; `sameBytes` exactly when the literal is the name's
    /// UTF-8 between quotes.
    @Test func firstMemberNamedAgreesWithComparingDecodedKeys() throws {
        let names = ["a", "b", "ab", "\u{E9}", "e\u{301}", "", "x\"y", "K", "\u{212A}", "zz", "single", "bare", "missing"]
        var looked = 0, found = 0, byBytes = 0
        for bytes in Self.documents(count: 400, seed: 23) {
            guard let root = JSONParser.parseTape(bytes).root else { continue }
            for node in Self.allNodes(root) {
                guard let members = node.objectMembers else { continue }
                for name in names {
                    looked += 1
                    let expected = members.first { $0.key == name }
                    let actual = members.first(named: name)
                    #expect(actual?.member.keyNode.index == expected?.keyNode.index, "\(name) in \(String(decoding: bytes, as: UTF8.self))")
                    guard let actual, let expected else { continue }
                    found += 1
                    let literal = Array(bytes[expected.keyRange.start..<expected.keyRange.end])
                    // Between quotes, double or single (which the parser reads and reports).
                    let quoted = literal.count >= 2 && (literal.first == 0x22 || literal.first == 0x27) && literal.last == literal.first
                    let same = quoted && Array(literal.dropFirst().dropLast()) == Array(name.utf8)
                    #expect(actual.sameBytes == same, "\(name): \(String(decoding: literal, as: UTF8.self))")
                    if same { byBytes += 1 }
                }
            }
        }
        // The documents reach every case: misses, byte matches and matches only as strings.
        #expect(looked > 1_000 && found > 100 && byBytes > 50 && found > byBytes)
    }

    /// Reading a table of strings by position gives what the members give, member by member;
    /// two strings have the same text by their bytes exactly when their decoded texts are equal.
    @Test func keysAndStringsByPositionAreTheMembersOnes() throws {
        var objects = 0, compared = 0, sameButOtherBytes = 0
        for bytes in Self.documents(count: 400, seed: 37) {
            let tape = JSONParser.parseTape(bytes).tape
            guard let root = tape.root else { continue }
            for node in Self.allNodes(root) {
                guard let members = node.objectMembers else { continue }
                objects += 1
                var read: [(JSONString, JSONString?)] = []
                members.forEachKeyAndString { read.append(($0, $1)) }
                let expected = members.map { ($0.keyNode.stringReference!, $0.value.stringReference) }
                #expect(read.map(\.0) == expected.map(\.0) && read.map(\.1) == expected.map(\.1))
                for (a, _) in read { for (b, _) in read {
                    let same = tape.strings.sameText(a, b)
                    #expect(same == (tape.strings.text(a) == tape.strings.text(b)), "\(tape.strings.text(a)) vs \(tape.strings.text(b))")
                    compared += 1
                    if same && a.range != b.range && Array(bytes[a.range.start..<a.range.end]) != Array(bytes[b.range.start..<b.range.end]) { sameButOtherBytes += 1 }
                } }
            }
        }
        // Some keys are equal written differently (escapes, KELVIN SIGN, NFD).
        #expect(objects > 300 && compared > 3_000 && sameButOtherBytes > 20)
    }

    /// When the parser gives up (issue limit), containers are left open and there is no root;
    /// still every entry's subtree ends after it and within the tape (an open container reads as
    /// empty), so no walk over what was written can go backwards or past the end.
    @Test func everySubtreeEndsAfterItsEntryEvenWhenTheParserGivesUp() throws {
        let text = #"{"a": [1, {"b": ["# + String(repeating: "@ ", count: 300)
        let parsed = JSONParser.parseTape(Array(text.utf8), issueLimit: 20)
        #expect(parsed.issues.count > 20 && parsed.root == nil)
        var checked = 0
        for bytes in [Array(text.utf8)] + Self.documents(count: 200, seed: 31) {
            for limit in [3, 200] {
                let tape = JSONParser.parseTape(bytes, issueLimit: limit).tape
                for index in tape.entries.indices {
                    let next = tape.next(at: index)
                    #expect(next > index && next <= tape.entries.count)
                    checked += 1
                }
            }
        }
        #expect(checked > 1_000)
    }

    /// A tape numbers its spills (objects, arrays, escaped strings) in 26 bits: the parser stops
    /// when the tape holds as many as it may, says so, and what it wrote still reads as a tape.
    @Test func theParserStopsBeforeTheTapeCannotNumberASpill() {
        let text = "[" + Array(repeating: "[]", count: 50).joined(separator: ",") + #", {"\u0061": 1}]"#
        for limit in [1, 10, 50, 52, 53] {
            let parsed = JSONParser.parseTape(Array(text.utf8), maxDepth: 512, issueLimit: 200, spillLimit: limit)
            #expect(parsed.tape.spills.count <= limit, "limit \(limit)")
            #expect(parsed.issues.map(\.kind) == [.tooManyValues(limit: limit)], "limit \(limit)")
            for index in parsed.tape.entries.indices {
                let next = parsed.tape.next(at: index)
                #expect(next > index && next <= parsed.tape.entries.count)
            }
        }
        let whole = JSONParser.parseTape(Array(text.utf8), maxDepth: 512, issueLimit: 200, spillLimit: 54)
        #expect(whole.issues.isEmpty && whole.tape.spills.count == 53)
        #expect(whole.root?.arrayElements?.count == 51)
        #expect(JSONTape.Entry.spillLimit == JSONTape.Entry.inlineLengthLimit)
    }

    @Test func aStrayValueWhereAKeyBelongsLeavesNothingOnTheTape() throws {
        let parsed = JSONParser.parseTape(Array(#"{ {"x": [1, "y"]}: 2, "b": 3}"#.utf8))
        let root = try #require(parsed.root)
        let members = try #require(root.objectMembers)
        #expect(members.count == 1)
        #expect(members.first?.key == "b")
        #expect(members.first?.value.numberValue?.text == "3")
        #expect(parsed.tape.count == 3)
        // The stray object and array took spills, and an escaped key a text: all gone with them.
        #expect(parsed.tape.spills.count == 1)
        let escaped = JSONParser.parseTape(Array(#"{ {"\u0078": [1, "y"]}: 2, "b": 3}"#.utf8))
        #expect(escaped.tape.spills.count == 1 && escaped.tape.texts.isEmpty)
        #expect(escaped.root?.member("b")?.value.numberValue?.text == "3")
    }
}
