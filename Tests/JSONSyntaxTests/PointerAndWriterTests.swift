import Testing
@testable import JSONSyntax

@Suite struct PointerTests {
    @Test func escapesTildeAndSlash() {
        let pointer = JSONPointer(tokens: ["a/b", "m~n", "0"])
        #expect(pointer.description == "/a~1b/m~0n/0")
        #expect(JSONPointer(parsing: "/a~1b/m~0n/0") == pointer)
        #expect(JSONPointer(parsing: "") == .root)
        #expect(JSONPointer(parsing: "a") == nil)
    }

    @Test func innermostNodeAtOffset() throws {
        let text = #"{"screens": {"MANAGEMENT": {"paths": [{"id": "x"}, {"id": "y"}]}}}"#
        let root = try #require(JSONParser.parse(Array(text.utf8)).root)
        let node = try #require(JSONParser.parseTape(Array(text.utf8)).root)
        let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "y"))!
        #expect(JSONPointer.innermost(at: offset, in: node).description == "/screens/MANAGEMENT/paths/1/id")
        #expect(JSONPointer.innermost(at: offset - 7, in: node).description == "/screens/MANAGEMENT/paths/1/id")
        #expect(JSONPointer.innermost(at: offset - 8, in: node).description == "/screens/MANAGEMENT/paths/1")
        #expect(JSONPointer.innermost(at: offset - 10, in: node).description == "/screens/MANAGEMENT/paths")
        #expect(JSONPointer.innermost(at: 0, in: node) == .root)
        let pointer = try #require(JSONPointer(parsing: "/screens/MANAGEMENT/paths/0/id"))
        #expect(pointer.resolve(in: root)?.stringValue == "x")
    }
}

@Suite struct WriterTests {
    @Test func canonicalForm() throws {
        let text = #"{"b": [1, 2], "a": {"z": "é\u0001\"", "y": []}, "c": [{"k": 1e5}]}"#
        let root = try #require(JSONParser.parse(Array(text.utf8)).root)
        let expected = """
        {
          "a": {
            "y": [],
            "z": "é\\u0001\\""
          },
          "b": [1, 2],
          "c": [
            {
              "k": 1e5
            }
          ]
        }

        """
        #expect(JSONWriter().write(root) == expected)
    }

    @Test func writtenTextParsesToTheSameData() throws {
        let text = #"{"x": ["\u2028", "\t", "😀", -0, 1.50], "y": {"": null, "q": false}}"#
        let root = try #require(JSONParser.parse(Array(text.utf8)).root)
        let written = JSONWriter().write(root)
        let reparsed = JSONParser.parse(Array(written.utf8))
        #expect(reparsed.issues.isEmpty)
        #expect(try #require(reparsed.root).isSameData(as: JSONWriter.sortedCopy(root)))
        #expect(JSONWriter().write(try #require(reparsed.root)) == written)
    }
}

extension JSONWriter {
    /// `value` with object members sorted, as the canonical writer orders them.
    static func sortedCopy(_ value: JSONValue) -> JSONValue {
        switch value.kind {
        case .object(let members):
            let sorted = members.sorted { keyOrder($0.key, $1.key) }.map {
                JSONMember(key: $0.key, keyRange: $0.keyRange, value: sortedCopy($0.value))
            }
            return JSONValue(.object(sorted), range: value.range)
        case .array(let elements):
            return JSONValue(.array(elements.map(sortedCopy)), range: value.range)
        default:
            return value
        }
    }
}
