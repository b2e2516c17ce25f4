import Testing
@testable import JSONSyntax

/// The flat tape and its node view against definitions that do not use the tape's shortcuts:
/// text compared by decoding, keys ordered by their decoded UTF-8, the innermost pointer found on
/// the tree, duplicate keys found by comparing every pair.
@Suite struct TapeTests {
    /// Random documents, valid and broken: escapes, non-ASCII (NFC and NFD), DEL and control
    /// bytes, numbers, single quotes, bare keys, stray values where keys belong, repeated keys.
    static func documents(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SplitMix(seed: seed)
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
                if let members = node.objectMembers { #expect(members.count == Array(members).count) }
                if let elements = node.arrayElements { #expect(elements.count == Array(elements).count) }
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
        var generator = SplitMix(seed: 21)
        // Few distinct keys, so objects repeat them; some written with escapes (same text,
        // other bytes); sizes on both sides of the 256-member switch to a table.
        let keys = ["a", "b", "ab", "ba", "abc", "acc", "zz", "a\\u0062", "\\u0061", "k1", "k2", "k10", "x_y", "x_z"]
        for size in [1, 2, 5, 17, 40, 255, 256, 257, 300] {
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

    @Test func aStrayValueWhereAKeyBelongsLeavesNothingOnTheTape() throws {
        let parsed = JSONParser.parseTape(Array(#"{ {"x": [1, "y"]}: 2, "b": 3}"#.utf8))
        let root = try #require(parsed.root)
        let members = try #require(root.objectMembers)
        #expect(members.count == 1)
        #expect(members.first?.key == "b")
        #expect(members.first?.value.numberValue?.text == "3")
        #expect(parsed.tape.count == 3)
    }
}
