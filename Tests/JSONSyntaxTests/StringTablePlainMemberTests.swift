import Testing
import TestSupport
@testable import JSONSyntax

/// A table member written like the one before it (its locales in the same order, texts written
/// as they are) is read without the tape (`Parser.readPlainMember`, StringTablePlainMember.swift):
/// the sink gets the same keys and texts as the tape holds without a sink, and anything else in
/// a member leaves it to the usual path, with the same issues and tree.
@Suite struct StringTablePlainMemberTests {
    /// A sink that notes which members came without the tape.
    final class NotingSink: StringTableSink {
        var plain: [Bool] = []
        var pairs: [[StringTableTests.RecordingSink.Pair]] = []

        func add(key: JSONString, texts: StringTableTexts) {
            plain.append(texts.isPlain)
            var member: [StringTableTests.RecordingSink.Pair] = []
            texts.forEach { member.append(StringTableTests.RecordingSink.Pair(key: $0, text: $1)) }
            pairs.append(member)
        }

        func reset() {
            plain = []
            pairs = []
        }
    }

    /// Which members of `table` (in a config) came without the tape, after checking the table
    /// reads as without a sink (`StringTableTests.check`).
    static func plainMembers(_ table: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Bool] {
        let text = StringTableTests.config(table)
        StringTableTests.check(text, sourceLocation: sourceLocation)
        let sink = NotingSink()
        _ = JSONParser.parseTape(Array(text.utf8), tableAt: StringTableTests.configTable, tableSink: sink)
        return sink.plain
    }

    @Test func membersLikeTheOneBeforeComeWithoutTheTape() {
        let members = (0..<4).map { #""k\#($0)": {"en": "One \#($0)", "fr": "Un", "de": "Ein\#u{E9}"}"# }
        #expect(Self.plainMembers("{" + members.joined(separator: ", ") + "}") == [false, true, true, true])
        // Blanks anywhere between the tokens, fewer locales than the member before, none (then
        // the next has no member before to be like).
        let spaced = #"{"a": {"en": "x", "fr": "y"}, "b" :{ "en" :"x2" ,"fr":"y2" }, "c":{"en":"z"}, "d": {}, "e": {"en": "w"}}"#
        #expect(Self.plainMembers(spaced) == [false, true, true, true, false])
        #expect(Self.plainMembers("{\"a\": {\"en\": \"x\"},\n\t\"b\":\r\n{\"en\":\t\"y\"}}") == [false, true])
    }

    /// What the fast path leaves to the usual one: the same sink calls, or the table on the tape.
    @Test func anythingElseIsLeftToTheUsualPath() {
        let first = #""a": {"en": "x", "fr": "y"}, "#
        let handedOverSlowly: [String] = [
            #""b": {"fr": "x", "en": "y"}"#,               // another order
            #""b": {"en": "x", "fr": "y", "de": "z"}"#,    // one locale more
            #""b": {"en": "x", "de": "y"}"#,               // another locale
            #""b": {"en": "x\n", "fr": "y"}"#,             // an escape in a text
            #""b": {"en": "x", "fr": "\u00e9"}"#,
            #""b\u0031x": {"en": "x"}"#,                    // an escaped key: not handed over at all
        ]
        for member in handedOverSlowly {
            let plain = Self.plainMembers("{" + first + member + "}")
            #expect(plain.count != 2 || plain[1] == false, "\(member)")
        }
        let broken: [String] = [
            #""b": {"en": "x", "fr": "y",}"#, #""b": {"en": "x" "fr": "y"}"#, #""b": {"en": "x", "fr": 1}"#,
            #""b": {"en": "x", /* c */ "fr": "y"}"#, #""b": {"en": "x", "fr": "y"} // c"#, #""b": {"en": "x", "en": "y"}"#,
            "\"b\": {\"en\": \"x\u{01}\"}", "\"b\": {\"en\": \"x\u{A0}\", \"fr\" : \u{A0}\"y\"}", #""b": {"en": "x", "fr": "y""#,
            #""b": {"en": "x", "fr": "y"]"#, #""b": {"en"; "x"}"#, #""b" {"en": "x"}"#, #""b": ["en"]"#, #""b": {"en": 'x'}"#,
        ]
        for member in broken { _ = Self.plainMembers("{" + first + member + "}") }
    }

    /// Random tables of members written like the one before, with a defect now and then
    /// anywhere; each is read as without a sink, and most members come without the tape.
    @Test func randomTablesOfLikeMembersAreReadAsWithoutASink() {
        var generator = SeededGenerator(seed: 57)
        let locales = ["en", "fr", "de", "ja", "\u{E9}"]
        let defects = ["\\n", "\u{01}", "\"", ", \"en\": \"again\"", "/**/", " ,", "\u{A0}", "\\u00e9", "}", "\u{3000}"]
        var plainCount = 0, total = 0
        for _ in 0..<300 {
            let members = (0..<Int(generator.next() % 8 + 1)).map { index -> String in
                let count = generator.next() % 8 == 0 ? Int(generator.next() % 5) : locales.count
                var texts = (0..<count).map { #""\#(locales[$0])": "Text \#(index) \#($0) \#u{4E2D}""# }
                if generator.next() % 5 == 0, !texts.isEmpty {
                    let at = Int(generator.next() % UInt64(texts.count))
                    var text = texts[at]
                    let defect = defects[Int(generator.next() % UInt64(defects.count))]
                    text.insert(contentsOf: defect, at: text.index(text.startIndex, offsetBy: Int(generator.next() % UInt64(text.count))))
                    texts[at] = text
                }
                let blank = [" ", "", "\n  ", "\t"][Int(generator.next() % 4)]
                return "\"k\(index)\":" + blank + "{" + texts.joined(separator: "," + blank) + blank + "}"
            }
            let plain = Self.plainMembers("{" + members.joined(separator: ", ") + "}")
            plainCount += plain.filter { $0 }.count
            total += plain.count
        }
        #expect(plainCount > total / 2, "most members came without the tape (\(plainCount) of \(total))")
    }
}
