import Testing
import TestSupport
@testable import JSONSyntax

/// A short tag per issue kind, so the table below stays readable.
func tag(_ kind: JSONSyntaxIssue.Kind) -> String {
    switch kind {
    case .unexpected: return "unexpected"
    case .unclosed: return "unclosed"
    case .mismatchedBracket: return "mismatched"
    case .unterminatedString: return "unterminated"
    case .invalidEscape: return "escape"
    case .controlCharacterInString: return "control"
    case .invalidNumber: return "number"
    case .singleQuotedString: return "single-quote"
    case .unquotedKey: return "bare-key"
    case .invalidWhitespace: return "whitespace"
    case .trailingContent: return "trailing-content"
    case .comment: return "comment"
    case .trailingComma: return "trailing-comma"
    case .duplicateKey: return "duplicate"
    case .invalidUTF8: return "utf8"
    case .loneSurrogate: return "surrogate"
    case .unsupportedEncoding: return "encoding"
    case .byteOrderMark: return "bom"
    case .tooDeep: return "depth"
    case .tooManyIssues: return "too-many"
    case .tooManyValues: return "too-many-values"
    }
}

struct FailCase: CustomTestStringConvertible, Sendable {
    let input: [UInt8]
    /// `tag@offset` for every issue, in order.
    let expected: [String]
    var testDescription: String { String(decoding: input.prefix(40), as: UTF8.self) }

    init(_ text: String, _ expected: [String]) {
        self.input = Array(text.utf8)
        self.expected = expected
    }

    init(bytes: [UInt8], _ expected: [String]) {
        self.input = bytes
        self.expected = expected
    }
}

@Suite struct ParserCorpusTests {
    static let passCases: [String] = [
        "{}", "[]", "0", "-0", "1.5e10", "-1E-2", "\"\"", "true", "false", "null",
        #"{"a": [1, 2, {"b": null}], "c": "\u00e9\ud83d\ude00\n\t\"\\\/"}"#,
        " \t\r\n{ \"k\" : \"v\" } \r\n",
        "[1e999999, 123456789012345678901234567890]",
        #"{"é": "日本語 😀"}"#,
        #"{"a": 1, "A": 2}"#,
    ]

    @Test(arguments: passCases)
    func validDocumentsHaveNoIssues(_ text: String) {
        let result = JSONParser.parse(Array(text.utf8))
        #expect(result.issues.isEmpty, "\(result.issues)")
        #expect(result.root != nil)
    }

    static let failCases: [FailCase] = [
        FailCase("", ["unexpected@0"]),
        FailCase("   \n ", ["unexpected@5"]),
        FailCase("{\"a\": 1,}", ["trailing-comma@7"]),
        FailCase("[1, 2,]", ["trailing-comma@5"]),
        FailCase("{\"a\": 1 // note\n}", ["comment@8"]),
        FailCase("/* head */ {}", ["comment@0"]),
        FailCase("{\"a\": 1, \"a\": 2}", ["duplicate@9"]),
        FailCase("{\"a\": 1 \"b\": 2}", ["unexpected@8"]),
        FailCase("{\"a\" 1}", ["unexpected@5"]),
        FailCase("{\"a\": \"x}", ["unterminated@6", "unclosed@9"]),
        FailCase("{\"a\": \"x\n}", ["unterminated@6"]),
        FailCase(#"["\x"]"#, ["escape@2"]),
        FailCase(#"["\u12"]"#, ["escape@2"]),
        FailCase("[\"a\tb\"]", ["control@3"]),
        FailCase("[01]", ["number@1"]),
        FailCase("[+1]", ["number@1"]),
        FailCase("[.5]", ["number@1"]),
        FailCase("[1.]", ["number@1"]),
        FailCase("[1e]", ["number@1"]),
        FailCase("[0x1F]", ["number@1"]),
        FailCase("[NaN]", ["number@1"]),
        FailCase("[-Infinity]", ["number@1"]),
        FailCase("['a']", ["single-quote@1"]),
        FailCase("{a: 1}", ["bare-key@1"]),
        FailCase("[True]", ["unexpected@1"]),
        FailCase("{} x", ["trailing-content@3"]),
        FailCase("{}{}", ["trailing-content@2"]),
        FailCase(#"["\ud800"]"#, ["surrogate@2"]),
        FailCase(#"["\udc00x"]"#, ["surrogate@2"]),
        FailCase("[1, 2}", ["mismatched@5"]),
        FailCase("{\"a\": [1}", ["mismatched@8"]),
        FailCase("[", ["unclosed@1"]),
        FailCase("{\"a\":", ["unexpected@5", "unclosed@5"]),
        FailCase("[,1]", ["unexpected@1"]),
        FailCase("[1,,2]", ["unexpected@3"]),
        FailCase(bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), ["bom@0"]),
        FailCase(bytes: Array("[\"a".utf8) + [0xFF] + Array("b\"]".utf8), ["utf8@3"]),
        FailCase(bytes: Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8), ["utf8@2"]),
        FailCase(bytes: Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), ["utf8@2"]),
        FailCase(bytes: Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8), ["utf8@2"]),
        FailCase(bytes: Array("[\"".utf8) + [0xE2, 0x82] + Array("\"]".utf8), ["utf8@2"]),
        FailCase(bytes: [0x5B, 0xFF, 0x5D], ["utf8@1"]),
        FailCase(bytes: [0x7B, 0x00, 0x7D], ["unexpected@1"]),
        FailCase(bytes: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], ["encoding@0"]),
        FailCase(bytes: [0x00, 0x7B, 0x00, 0x7D], ["encoding@0"]),
        FailCase(bytes: Array("{\u{A0}}".utf8), ["whitespace@1"]),
    ]

    @Test(arguments: failCases)
    func invalidDocumentsReportEachProblem(_ testCase: FailCase) {
        let result = JSONParser.parse(testCase.input)
        let actual = result.issues.map { "\(tag($0.kind))@\($0.range.start)" }
        #expect(actual == testCase.expected)
    }

    @Test func recoveryReportsEveryProblemInOneRun() {
        let text = "{\n  \"a\": 1,,\n  \"b\": [1 2],\n  \"c\": 01,\n  \"d\": \"x\",\n}"
        let result = JSONParser.parse(Array(text.utf8))
        #expect(result.issues.map { tag($0.kind) } == ["unexpected", "unexpected", "number", "trailing-comma"])
        // The tree still has every member, so later stages can check them.
        #expect(result.root?.objectMembers?.map(\.key) == ["a", "b", "c", "d"])
    }

    @Test func encodingsAreNamed() {
        let cases: [([UInt8], JSONSyntaxIssue.TextEncoding)] = [
            ([0xFE, 0xFF, 0x00, 0x7B], .utf16BigEndian),
            ([0xFF, 0xFE, 0x7B, 0x00], .utf16LittleEndian),
            ([0x00, 0x00, 0xFE, 0xFF], .utf32BigEndian),
            ([0xFF, 0xFE, 0x00, 0x00], .utf32LittleEndian),
            ([0x7B, 0x00, 0x7D, 0x00], .utf16LittleEndian),
            ([0x00, 0x00, 0x00, 0x7B], .utf32BigEndian),
            ([0x7B, 0x00, 0x00, 0x00], .utf32LittleEndian),
        ]
        for (bytes, encoding) in cases {
            let result = JSONParser.parse(bytes)
            #expect(result.issues.map(\.kind) == [.unsupportedEncoding(encoding)])
            #expect(result.root == nil)
        }
    }

    @Test func stringsDecodeEscapesAndKeepText() throws {
        let text = #"{"k": "a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\ud83d\ude00 日本"}"#
        let result = JSONParser.parse(Array(text.utf8))
        #expect(result.issues.isEmpty)
        let value = try #require(result.root?.member("k")?.value.stringValue)
        #expect(value == "a\"b\\c/d\u{8}\u{C}\n\r\tAé😀 日本")
    }

    @Test func invalidBytesBecomeReplacementCharacters() throws {
        let bytes = Array("[\"a".utf8) + [0xFF] + Array("b\"]".utf8)
        let result = JSONParser.parse(bytes)
        let element = try #require(result.root?.arrayElements?.first?.stringValue)
        #expect(element == "a\u{FFFD}b")
    }

    @Test func rangesCoverTheirNodes() throws {
        let text = #"{"key": [true, "s"]}"#
        let root = try #require(JSONParser.parse(Array(text.utf8)).root)
        #expect(root.range == ByteRange(0, 20))
        let member = try #require(root.member("key"))
        #expect(member.keyRange == ByteRange(1, 6))
        #expect(member.value.range == ByteRange(8, 19))
        #expect(member.value.arrayElements?.map(\.range) == [ByteRange(9, 13), ByteRange(15, 18)])
    }

    @Test func numbersKeepTheirText() throws {
        let text = "[9223372036854775807, -9223372036854775808, 9223372036854775808, 1.0, 1e2, -0, 1e999999]"
        let elements = try #require(JSONParser.parse(Array(text.utf8)).root?.arrayElements)
        let numbers = elements.compactMap { if case .number(let n) = $0.kind { return n } else { return nil } }
        #expect(numbers.map(\.text) == ["9223372036854775807", "-9223372036854775808", "9223372036854775808", "1.0", "1e2", "-0", "1e999999"])
        #expect(numbers[0].int64Value == Int64.max)
        #expect(numbers[1].int64Value == Int64.min)
        #expect(numbers[2].int64Value == nil)
        #expect(numbers[3].int64Value == 1)
        #expect(numbers[4].int64Value == 100)
        #expect(numbers[6].int64Value == nil)
        #expect(numbers[6].doubleValue.isInfinite)
    }

    @Test func deepNestingIsBoundedAndReportedOnce() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let result = JSONParser.parse(Array(text.utf8))
        #expect(result.issues.map { tag($0.kind) } == ["depth"])
        #expect(result.issues.first?.range.start == JSONParser.defaultMaxDepth)
    }

    @Test func nestingAtTheLimitIsFine() {
        let depth = JSONParser.defaultMaxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(JSONParser.parse(Array(text.utf8)).issues.isEmpty)
    }

    @Test func issuesAreCapped() {
        let text = "[" + String(repeating: "x,", count: 1000) + "]"
        let result = JSONParser.parse(Array(text.utf8), issueLimit: 50)
        #expect(result.issues.count == 51)
        #expect(result.issues.last.map { tag($0.kind) } == "too-many")
    }

    @Test func duplicateKeysFoundInLargeObjects() {
        var text = "{"
        for i in 0..<100 { text += "\"k\(i)\": \(i), " }
        text += "\"k7\": 0, \"k99\": 1}"
        let result = JSONParser.parse(Array(text.utf8))
        let duplicates = result.issues.compactMap { if case .duplicateKey(let key, _) = $0.kind { return key } else { return nil } }
        #expect(duplicates == ["k7", "k99"])
    }
}

/// Every repeated key of every object is found, against a reference computed the plain way:
/// member i repeats the first earlier member whose key Swift's `String` compares equal.
@Suite struct DuplicateKeyPropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func everyDuplicateIsFound(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // Few distinct keys, so repeats are common; precomposed and decomposed é are one key.
        let alphabet = ["a", "b", "ab", "ba", "é", "e\u{0301}", "日本", "K", "\u{212A}", "long_key_name", "x\\u0041"]
        for _ in 0..<20 {
            let count = [3, 10, 40, 300, 600][random.next(5)]
            var keys: [String] = []
            var text = "{"
            for index in 0..<count {
                let key = alphabet[random.next(alphabet.count)] + (random.next(3) == 0 ? "\(random.next(count / 2 + 1))" : "")
                keys.append(key.replacingOccurrences("\\u0041", with: "A"))
                text += (index == 0 ? "" : ",") + "\"\(key)\": \(index)"
            }
            text += "}"
            var expected: [String] = []
            for (index, key) in keys.enumerated() where keys[..<index].contains(key) { expected.append(key) }
            let found = JSONParser.parse(Array(text.utf8), issueLimit: 10_000).issues.compactMap { issue -> String? in
                if case .duplicateKey(let key, _) = issue.kind { return key }
                return nil
            }
            #expect(found.count == expected.count, "seed \(seed), \(count) members")
            #expect(zip(found, expected).allSatisfy { $0 == $1 }, "seed \(seed)")
        }
    }

    @Test func eachPairIsReported() {
        let issues = JSONParser.parse(Array(#"{"a":1,"a":2,"b":3,"b":4}"#.utf8)).issues
        let keys = issues.compactMap { issue -> String? in
            if case .duplicateKey(let key, _) = issue.kind { return key }
            return nil
        }
        #expect(keys == ["a", "b"])
    }
}

/// A byte that is not UTF-8 is reported as such wherever it stands, never as a Latin-1 character.
@Suite struct InvalidByteOutsideStringsTests {
    @Test(arguments: ["{\"a\": 1 \u{FFFF}}", "[1 \u{FFFF}]", "{\"a\" \u{FFFF} 1}", "{\"a\": 1} \u{FFFF}"])
    func strayByte(_ template: String) {
        // U+FFFF stands for the raw byte 0xCA.
        var bytes: [UInt8] = []
        for scalar in template.unicodeScalars {
            if scalar == "\u{FFFF}" { bytes.append(0xCA) } else { bytes += Array(String(scalar).utf8) }
        }
        let issues = JSONParser.parse(bytes).issues
        #expect(issues.contains { $0.kind == .invalidUTF8 }, "\(issues.map(\.kind))")
        #expect(!issues.contains { if case .unexpected(_, .character(0xCA)) = $0.kind { return true } else { return false } })
        #expect(!issues.contains { if case .trailingContent(.character(0xCA)) = $0.kind { return true } else { return false } })
    }
}
