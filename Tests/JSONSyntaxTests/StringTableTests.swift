import Testing
import TestSupport
@testable import JSONSyntax

/// The members of the string table (the object at the pointer the parser is told,
/// `/localization/localized_strings` for a config) handed to a `StringTableSink` instead of the
/// tape: against the same document parsed without a sink, the sink gets exactly the table's
/// members (keys and texts where the tape has them), and everything else (the issues, the rest
/// of the tree) is the same; a table the parser cannot hand over is read as without a sink.
@Suite struct StringTableTests {
    final class RecordingSink: StringTableSink {
        var members: [Member] = []
        var resets = 0

        struct Member: Equatable {
            var key: JSONString
            var texts: [Pair]
        }

        struct Pair: Equatable {
            var key: JSONString
            var text: JSONString
        }

        func add(key: JSONString, texts: StringTableTexts) {
            var pairs: [Pair] = []
            texts.forEach { pairs.append(Pair(key: $0, text: $1)) }
            members.append(Member(key: key, texts: pairs))
        }

        func reset() {
            members = []
            resets += 1
        }
    }

    /// The table's members as the tape holds them without a sink.
    static func tapeMembers(_ table: JSONNode) -> [RecordingSink.Member] {
        table.objectMembers!.map { member in
            var pairs: [RecordingSink.Pair] = []
            member.value.objectMembers?.forEachKeyAndString { key, text in
                if let text { pairs.append(RecordingSink.Pair(key: key, text: text)) }
            }
            return RecordingSink.Member(key: member.keyNode.stringReference!, texts: pairs)
        }
    }

    /// Where a config keeps its string table.
    static let configTable = JSONPointer(tokens: ["localization", "localized_strings"])

    /// `value` with the object at `tokens` (at each level the first member of that key, and at
    /// the last the first that is an object) emptied.
    static func withoutTable(_ value: JSONValue, at tokens: ArraySlice<String>) -> JSONValue {
        guard let token = tokens.first, case .object(var members) = value.kind else { return value }
        let isLast = tokens.count == 1
        guard let at = members.firstIndex(where: { member in
            guard member.key == token else { return false }
            if case .object = member.value.kind { return true }
            return !isLast
        }) else { return value }
        let inner = members[at].value
        members[at].value = isLast ? JSONValue(.object([]), range: inner.range) : withoutTable(inner, at: tokens.dropFirst())
        return JSONValue(.object(members), range: value.range)
    }

    /// Parses `text` with and without a sink and checks what each holds; returns whether the
    /// table was handed over.
    @discardableResult
    static func check(_ text: String, tableAt pointer: JSONPointer = configTable, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let bytes = Array(text.utf8)
        let sink = RecordingSink()
        let plain = JSONParser.parseTape(bytes)
        let parsed = JSONParser.parseTape(bytes, tableAt: pointer, tableSink: sink)
        let tokens = pointer.tokens
        // The first object at the pointer's last key, below the first member of each key before it.
        func firstTable(_ root: JSONNode?) -> JSONNode? {
            guard let last = tokens.last else { return nil }
            let parent = tokens.dropLast().reduce(root) { node, token in node?.member(token)?.value }
            return parent?.objectMembers?.first { $0.keyEquals(last) && $0.value.kind == .object }?.value
        }
        let table = firstTable(plain.root), elidedTable = firstTable(parsed.root)
        if parsed.hasElidedTable {
            let table = table!
            // The same issues but the table's repeated keys, which the sink finds (a repeat
            // inside a key's object is an issue that keeps the table on the tape).
            let outerRepeats = plain.issues.filter { issue in
                if case .duplicateKey = issue.kind { return table.range.contains(issue.range.start) }
                return false
            }
            #expect(parsed.issues == plain.issues.filter { !outerRepeats.contains($0) }, "the same issues", sourceLocation: sourceLocation)
            for repeated in outerRepeats {
                #expect(sink.members.contains { $0.key.range == repeated.range }, "a repeated key is a member", sourceLocation: sourceLocation)
            }
            #expect(elidedTable?.isElidedTable == true && elidedTable?.objectMembers?.isEmpty == true, sourceLocation: sourceLocation)
            #expect(elidedTable?.range == table.range, sourceLocation: sourceLocation)
            #expect(sink.members == tapeMembers(table), "the sink has the table's members", sourceLocation: sourceLocation)
            #expect(parsed.root.map { $0.value } == plain.root.map { withoutTable($0.value, at: tokens[...]) }, "the rest of the tree", sourceLocation: sourceLocation)
            #expect(parsed.tape.strings.texts == plain.tape.strings.texts, "the decoded texts, numbered alike", sourceLocation: sourceLocation)
            for member in sink.members {
                for pair in member.texts { #expect(parsed.tape.strings.text(pair.text) == plain.tape.strings.text(pair.text), sourceLocation: sourceLocation) }
            }
        } else {
            #expect(parsed.issues == plain.issues, "the same issues", sourceLocation: sourceLocation)
            #expect(sink.members.isEmpty, sourceLocation: sourceLocation)
            #expect(elidedTable?.isElidedTable != true, sourceLocation: sourceLocation)
            #expect(parsed.root.map { $0.value } == plain.root.map { $0.value }, "the same tree", sourceLocation: sourceLocation)
        }
        return parsed.hasElidedTable
    }

    static func config(_ table: String) -> String {
        #"{"localization": {"default": "en", "localized_strings": "# + table + #"}, "screens": {"A": {"title_key": "k"}}}"#
    }

    @Test func aTableOfPlainMembersGoesToTheSink() {
        #expect(Self.check(Self.config(#"{"k": {"en": "One", "fr": "Un"}, "k2": {"en": "Two\n\"q\" \u00e9"}, "k3": {}, "caf\#u{E9}": {"de": "Kaffee"}}"#)))
        #expect(Self.check(Self.config("{ \"k\" :\n\t{ \"en\" : \"x\" } ,\"j\":{\"en\":\"y\"}\n}")))
        #expect(Self.check(Self.config("{}")))
    }

    @Test func anythingElseIsReadOntoTheTape() {
        let tables = [
            #"{"k": {"en": "One"}, "j": "Two"}"#,                  // a text in a key's place
            #"{"k": {"en": "One"}, "j": {"en": 5}}"#,              // not a string
            #"{"k": {"en": {"x": "y"}}}"#,                          // nested
            #"{"k": {"en": ["y"]}}"#,
            #"{"k\u0031": {"en": "One"}}"#,                         // an escaped key
            #"{"k": {"e\u006e": "One"}}"#,                          // an escaped locale
            #"{"k": {"en": "One"},}"#,                              // issues
            #"{"k": {"en": "One",}}"#,
            #"{"k": {"en": "One", "en": "Two"}}"#,
            "{\"k\": {'en': \"One\"}}",
            "{\"k\": {\"en\": \"O\u{01}ne\"}}",
            #"{"k": {"en": "One"} "j": {"en": "Two"}}"#,
            #"{"k": {"en": "One"}, "j": {"en": "Two"]}"#,
            #"{"k": {"en": "One"}, {"x": 1}: {"en": "Two"}}"#,
            #"{"k": {"en": "One"}, j: {"en": "Two"}}"#,
            #"{"k": {"en": "One"}, "j": {"en": "Tw"#,              // the end of the file
        ]
        for table in tables { #expect(!Self.check(Self.config(table)), "\(table)") }
    }

    /// Members mostly write their locales in the order of the member before: a repeat is still
    /// found after keys like the previous member's, and a member in another order is no repeat.
    @Test func aRepeatAfterTheOrderOfTheMemberBeforeIsFound() {
        let repeats = [
            #"{"k": {"en": "a", "de": "b"}, "j": {"en": "c", "de": "d", "de": "e"}}"#,  // past the member before's keys
            #"{"k": {"de": "a", "en": "b"}, "j": {"de": "c", "de": "d"}}"#,              // where the order leaves it
            "{\"k\": {\"\u{E9}\": \"a\", \"x\": \"b\"}, \"j\": {\"\u{E9}\": \"c\", \"e\u{301}\": \"d\"}}",  // é twice, as Swift compares
        ]
        for table in repeats { #expect(!Self.check(Self.config(table)), "\(table)") }
        #expect(Self.check(Self.config(#"{"k": {"en": "a", "de": "b"}, "j": {"en": "c", "de": "d"}, "m": {"de": "x", "en": "y"}, "n": {"de": "z"}}"#)))
    }

    @Test func onlyTheRootLocalizationsTableIsHandedOver() {
        #expect(!Self.check(#"{"x": {"localization": {"localized_strings": {"k": {"en": "One"}}}}}"#))
        #expect(!Self.check(#"[{"localization": {"localized_strings": {"k": {"en": "One"}}}}]"#))
        #expect(!Self.check(#"{"localization": {"strings": {"k": {"en": "One"}}}}"#))
        #expect(!Self.check(#"{"localization": {"localized_strings": "x"}}"#))
        // The first table is the one handed over; a repeated one is read onto the tape.
        #expect(Self.check(#"{"localization": {"localized_strings": {"k": {"en": "One"}}, "localized_strings": {"j": {"en": "Two"}}}}"#))
        #expect(Self.check(#"{"localization": {"localized_strings": "x", "localized_strings": {"j": {"en": "Two"}}}}"#))
    }

    /// The parser knows no config: the table is wherever the pointer it is told says, at any
    /// depth, and only there; the root pointer names none.
    @Test func theTableIsWhereThePointerSays() {
        let table = #"{"k": {"en": "One"}, "j": {"de": "Zwei"}}"#
        #expect(Self.check(#"{"strings": "# + table + "}", tableAt: JSONPointer(tokens: ["strings"])))
        let deep = JSONPointer(tokens: ["a", "b", "c"])
        #expect(Self.check(#"{"a": {"x": {"c": {}}, "b": {"c": "# + table + "}}}", tableAt: deep))
        #expect(Self.check(#"{"z": 1, "a": {"b": {"y": [], "c": "# + table + "}}}", tableAt: deep))
        #expect(!Self.check(#"{"a": {"x": {"c": "# + table + "}}}", tableAt: deep), "another key on the way")
        #expect(!Self.check(#"{"a": {"b": [{"c": "# + table + "}]}}", tableAt: deep), "an array on the way")
        #expect(!Self.check(#"{"b": {"c": "# + table + "}}", tableAt: deep), "not from the root")
        #expect(!Self.check(#"{"a": {"b": {"c": {"c": "# + table + "}}}}", tableAt: JSONPointer(tokens: ["a", "b", "c", "c", "c"])), "the pointer goes deeper")
        #expect(!Self.check(Self.config(table), tableAt: deep), "a config's table when told another place")
        #expect(!Self.check(table, tableAt: .root))
        #expect(!Self.check(#"{"l\u0031": {"t": "# + table + "}}", tableAt: JSONPointer(tokens: ["l1", "t"])), "keys are matched as written")
    }

    @Test func theIssueLimitInsideATableIsMetAsWithoutASink() {
        let broken = (0..<300).map { #""k\#($0)": {"en": "x",}"# }.joined(separator: ", ")
        #expect(!Self.check(Self.config("{" + broken + "}")))
        // The limit met inside the table: 199 issues before it, the 200th in it.
        let before = #"{"a": ["# + String(repeating: ",", count: 199) + "1], "
        #expect(!Self.check(before + #""localization": {"localized_strings": {"k": {"en": "x",}}}}"#))
    }

    /// Random tables, mostly plain, some broken anywhere.
    @Test func randomTablesAreReadAsWithoutASink() {
        var generator = SeededGenerator(seed: 33)
        let keys = [#""a""#, #""b""#, #""k1""#, "\"\u{E9}\"", "\"e\u{301}\"", #""x\"y""#, #""""#, "'s'", "bare"]
        let texts = [#""t""#, #""""#, #""a\nb""#, "\"\u{1F600}\"", #""\ud800""#, "5", "null", "{}", #"{"x": "y"}"#, #""t"#]
        var handedOver = 0
        for _ in 0..<400 {
            func pick(_ list: [String], plain: Int) -> String {
                generator.next() % 10 < 8 ? list[Int(generator.next() % UInt64(plain))] : list[Int(generator.next() % UInt64(list.count))]
            }
            let members = (0..<Int(generator.next() % 6)).map { _ -> String in
                let inner = (0..<Int(generator.next() % 4)).map { _ in pick(keys, plain: 4) + ": " + pick(texts, plain: 4) }
                return pick(keys, plain: 4) + ": {" + inner.joined(separator: ", ") + "}"
            }
            if Self.check(Self.config("{" + members.joined(separator: ", ") + "}")) { handedOver += 1 }
        }
        #expect(handedOver > 50 && handedOver < 400, "both kinds were read (\(handedOver) handed over)")
    }
}
