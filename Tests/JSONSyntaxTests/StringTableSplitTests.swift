import Testing
import TestSupport
@testable import JSONSyntax

/// A string table read on two threads (StringTableSplit.swift): wherever the second thread is
/// told to start, on a member or inside a string that looks like one, the sink ends with the
/// same members in the same order, the tape and the issues are those of one thread's read.
@Suite struct StringTableSplitTests {
    /// Records members as `StringTableTests.RecordingSink` does; its partner is another, whose
    /// members it takes (when `takes`).
    final class SplittingSink: StringTableSink {
        var members: [StringTableTests.RecordingSink.Member] = []
        let near: Int?
        let takes: Bool
        let waitsForPartner: Bool
        /// The members taken from a partner.
        var taken = 0
        /// Partners made, and the members each was given.
        var partners: [SplittingSink] = []

        init(near: Int?, takes: Bool = true, waits: Bool = true) {
            self.near = near
            self.takes = takes
            waitsForPartner = waits
        }

        func add(key: JSONString, texts: StringTableTexts) {
            var pairs: [StringTableTests.RecordingSink.Pair] = []
            texts.forEach { pairs.append(.init(key: $0, text: $1)) }
            members.append(.init(key: key, texts: pairs))
        }

        func reset() { members = [] }

        func partner(from start: Int, to end: Int) -> (sink: any StringTableSink, near: Int)? {
            guard let near else { return nil }
            let partner = SplittingSink(near: nil)
            partners.append(partner)
            return (partner, near)
        }

        func absorb(_ partner: any StringTableSink) -> Bool {
            guard takes, let partner = partner as? SplittingSink else { return false }
            members += partner.members
            taken += partner.members.count
            return true
        }
    }

    struct Outcome: Equatable {
        var members: [StringTableTests.RecordingSink.Member]
        var issues: [JSONSyntaxIssue]
        var tree: JSONValue?
        var texts: [String]
        var elided: Bool
    }

    static func parse(_ bytes: [UInt8], sink: SplittingSink, spillLimit: Int = JSONTape.Entry.spillLimit) -> Outcome {
        let parsed = JSONParser.parseTape(bytes, maxDepth: JSONParser.defaultMaxDepth, issueLimit: JSONParser.defaultIssueLimit,
                                          spillLimit: spillLimit, tableSink: sink)
        return Outcome(members: sink.members, issues: parsed.issues, tree: parsed.root?.value, texts: parsed.tape.strings.texts,
                       elided: parsed.hasElidedTable)
    }

    /// The document read with the second thread told to start at each byte in turn; returns
    /// how many reads took members from it.
    @discardableResult
    static func checkEverySplit(_ text: String, spillLimit: Int = JSONTape.Entry.spillLimit, step: Int = 1,
                                sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let bytes = Array(text.utf8)
        let alone = parse(bytes, sink: SplittingSink(near: nil), spillLimit: spillLimit)
        var splits = 0
        for near in stride(from: 0, through: bytes.count, by: step) {
            let sink = SplittingSink(near: near)
            let split = parse(bytes, sink: sink, spillLimit: spillLimit)
            #expect(split == alone, "split near \(near)", sourceLocation: sourceLocation)
            // Stopped where the first thread reaches it: whatever it read by then.
            let stopped = parse(bytes, sink: SplittingSink(near: near, waits: false), spillLimit: spillLimit)
            #expect(stopped == alone, "split near \(near), stopped", sourceLocation: sourceLocation)
            if split != alone || stopped != alone { break }
            if sink.taken > 0 { splits += 1 }
        }
        return splits
    }

    static func config(_ members: [String], after: String = #""screens": {"A": {"title_key": "k"}, "B": {"type": "x"}}"#) -> String {
        #"{"localization": {"default": "en", "localized_strings": {"# + members.joined(separator: ",\n  ") + "}},\n" + after + "}"
    }

    static let plainMembers = [
        #""k0": {"en": "Zero", "fr": "Zéro"}"#,
        #""k1": {"en": "One", "fr": "Un"}"#,
        #""k2" : { "en" : "Two" , "fr" : "Deux" }"#,
        #""k3": {}"#,
        #""k4": {"fr": "Quatre", "en": "Four"}"#,
        #""k5": {"en": "a text with }, \"x\": { in it"}"#,
        #""k6": {"en": "}, \"k7\": {\"en\": \"fake\"}, \"k8\": {"}"#,
        #""k7": {"de": "Sieben", "en": "Seven", "fr": "Sept"}"#,
        #""k8": {"en": "}, "}"#,
        #""k9": {"en": "Nine"}"#,
    ]

    @Test func everySplitPointReadsAsOneThread() {
        // Members only, then a fake member start in a text (without escapes: the second
        // thread reads it as a member, which must not be taken).
        #expect(Self.checkEverySplit(Self.config(Self.plainMembers.filter { !$0.contains("\\") })) > 5)
        #expect(Self.checkEverySplit(Self.config(Self.plainMembers)) > 5)
        let fake = [#""a": {"en": "x}, \"b\": {\"en\": \"y"}"#, #""c": {"en": "}, "}"#, #""d": {"en": "z"}"#,
                    #""e": {"en": "w}, "}"#, #""f": {"en": "v"}"#]
        // Texts with no escape whose bytes look like a member start.
        let unescaped = [#""a": {"en": "x},  "}"#, #""b": {"en": "y"}"#, #""c": {"en": "}, ", "fr": "}, "}"#, #""d": {"en": "z"}"#]
        #expect(Self.checkEverySplit(Self.config(unescaped)) > 0)
        Self.checkEverySplit(Self.config(fake))
    }

    @Test func whatTheSecondThreadCannotReadIsReadByTheFirst() {
        var members = Self.plainMembers
        // A text with escapes, in the second half: the second thread stops before it.
        members[8] = #""k8": {"en": "Eight\n", "fr": "Huit"}"#
        #expect(Self.checkEverySplit(Self.config(members)) > 3)
        // An escaped key: the table goes onto the tape, as with one thread.
        members[8] = #""k\u0038": {"en": "Eight"}"#
        Self.checkEverySplit(Self.config(members))
        // Syntax errors in the second half: a trailing comma, a missing comma, a comment, the end of the file.
        for broken in [#""k8": {"en": "x",}"#, #""k8": {"en": "x"} "k8b": {"en": "y"}"#, #""k8": {"en": /* c */ "x"}"#,
                       #""k8": {"en": "x", "en": "y"}"#, #""k8": {"en": 1}"#] {
            members[8] = broken
            Self.checkEverySplit(Self.config(members))
        }
        Self.checkEverySplit(Self.config(Self.plainMembers) + ",")
        Self.checkEverySplit(String(Self.config(Self.plainMembers).dropLast(40)))
        Self.checkEverySplit(Self.config(Self.plainMembers.dropLast() + [#""k9": {"en": "Nine"},"#]))
    }

    @Test func theLimitsAreMetAsWithOneThread() {
        // The spill limit within the second half: it stops where one thread would give up.
        let members = (0..<12).map { #""k\#($0)": {"en": "\#($0)"}"# }
        for limit in [8, 12, 15, 18] { Self.checkEverySplit(Self.config(members), spillLimit: limit) }
        // The issue limit.
        let broken = (0..<300).map { #""k\#($0)": {"en": "x",}"# }.joined(separator: ", ")
        Self.checkEverySplit(Self.config([#""a": {"en": "x"}"#, broken]), step: 97)
    }

    @Test func aTableThatEndsBeforeThePointIsReadAsWithOneThread() {
        // The point is in the screens, whose members look like a table's.
        let text = Self.config([#""k": {"en": "x"}"#], after: #""screens": {"A": {"title": "a"}, "B": {"title": "b"}, "C": {"type": "c"}}"#)
        let bytes = Array(text.utf8)
        let screens = bytes.firstIndex(of: UInt8(ascii: "A"))!
        let sink = SplittingSink(near: screens)
        #expect(Self.parse(bytes, sink: sink) == Self.parse(bytes, sink: SplittingSink(near: nil)))
        #expect(sink.partners.first?.members.count == 2, "the second thread read the screens as members")
        #expect(sink.taken == 0)
        Self.checkEverySplit(text)
    }

    @Test func aPartnerNotTakenLeavesTheMembersToTheFirstThread() {
        let bytes = Array(Self.config(Self.plainMembers).utf8)
        let alone = Self.parse(bytes, sink: SplittingSink(near: nil))
        for near in stride(from: 0, to: bytes.count, by: 7) {
            let sink = SplittingSink(near: near, takes: false)
            #expect(Self.parse(bytes, sink: sink) == alone)
        }
    }

    /// The cheap pattern: `}`, blanks, `,`, blanks, `"`.
    @Test func aLikelyMemberStartIsFoundByItsBytes() {
        func find(_ text: String, from: Int = 0) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { Parser.likelyMemberStart(in: $0, from: from) }
        }
        #expect(find(#"{"a": {"en": "x"}, "b": {}}"#) == 19)
        #expect(find("x} \n,\t \"b\"") == 7)
        #expect(find(#"x}, b"#) == nil)
        #expect(find(#"x} "b""#) == nil)
        #expect(find(#"x}, "b""#, from: 2) == nil)
        #expect(find(#"x},"#) == nil)
        #expect(find(String(repeating: " ", count: Parser.memberSearchLimit) + #"}, "a""#) == nil)
    }
}
