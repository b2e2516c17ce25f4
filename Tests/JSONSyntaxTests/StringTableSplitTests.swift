import Dispatch
import Testing
import TestSupport
import PlatformLayer
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
        /// Called after each member is added, with how many this sink has (on its thread).
        let added: (@Sendable (Int) -> Void)?
        /// What the first partner is made with (`added`).
        let partnerAdded: (@Sendable (Int) -> Void)?
        /// `StringTableSink.partnerFromBytes` (0: always asked).
        var partnerFromBytes = 0

        init(near: Int?, takes: Bool = true, waits: Bool = true,
             added: (@Sendable (Int) -> Void)? = nil, partnerAdded: (@Sendable (Int) -> Void)? = nil) {
            self.near = near
            self.takes = takes
            waitsForPartner = waits
            self.added = added
            self.partnerAdded = partnerAdded
        }

        func add(key: JSONString, texts: StringTableTexts) {
            var pairs: [StringTableTests.RecordingSink.Pair] = []
            texts.forEach { pairs.append(.init(key: $0, text: $1)) }
            members.append(.init(key: key, texts: pairs))
            added?(members.count)
        }

        func reset() { members = [] }

        func partner(from start: Int, tableEnd: Int, to end: Int) -> (sink: any StringTableSink, near: Int)? {
            guard let near else { return nil }
            let partner = SplittingSink(near: nil, added: partners.isEmpty ? partnerAdded : nil)
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
                                          spillLimit: spillLimit, table: (StringTableTests.configTable, sink))
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

    /// A sink whose partner needs more bytes than the table's members can span (those to the
    /// document's end) is not asked for one, and the table is read as with one thread; with the
    /// bytes it needs, it is asked.
    @Test func aSinkIsNotAskedForAPartnerTheTableIsTooShortFor() {
        let bytes = Array(Self.config(Self.plainMembers).utf8)
        let alone = Self.parse(bytes, sink: SplittingSink(near: nil))
        let membersStart = Array(#"{"localization": {"default": "en", "localized_strings": {"#.utf8).count
        let tooShort = SplittingSink(near: bytes.count / 2)
        tooShort.partnerFromBytes = bytes.count - membersStart + 1
        #expect(Self.parse(bytes, sink: tooShort) == alone)
        #expect(tooShort.partners.isEmpty)
        let longEnough = SplittingSink(near: bytes.count / 2)
        longEnough.partnerFromBytes = bytes.count - membersStart
        #expect(Self.parse(bytes, sink: longEnough) == alone)
        #expect(!longEnough.partners.isEmpty)
    }

    @Test func aPartnerNotTakenLeavesTheMembersToTheFirstThread() {
        let bytes = Array(Self.config(Self.plainMembers).utf8)
        let alone = Self.parse(bytes, sink: SplittingSink(near: nil))
        for near in stride(from: 0, to: bytes.count, by: 7) {
            let sink = SplittingSink(near: near, takes: false)
            #expect(Self.parse(bytes, sink: sink) == alone)
        }
    }

    /// A second thread stopped before the table's end (the first reached where it started):
    /// the first takes what it read and a new second thread reads on from further in. The
    /// first thread reaches the point once the partner has read a member; the partner's eighth
    /// member then waits long enough for the first to ask it to stop (it looks every eighth).
    @Test func aStoppedSecondThreadLeavesTheRestToSplitAgain() {
        let members = (0..<64).map { #""k\#($0)": {"en": "Text \#($0)", "fr": "Texte \#($0)"}"# }
        let bytes = Array(Self.config(members).utf8)
        let alone = Self.parse(bytes, sink: SplittingSink(near: nil))
        // Just before the end of k15's texts: the partner starts at k16.
        let near = Array((#"{"localization": {"default": "en", "localized_strings": {"# + members.prefix(16).joined(separator: ",\n  ")).utf8).count - 3
        let (partnerRead, firstReachedPoint) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let sink = SplittingSink(near: near, waits: false, added: { count in
            guard count == 16 else { return }
            // (A bound: a broken split fails the expectations below rather than hang.)
            _ = partnerRead.wait(timeout: .now() + 10)
            firstReachedPoint.signal()
        }, partnerAdded: { count in
            if count == 1 { partnerRead.signal() }
            guard count == 8 else { return }
            _ = firstReachedPoint.wait(timeout: .now() + 10)
            // Long enough for the first thread, a few instructions from asking, to ask even on a
            // loaded CI machine (a missed ask fails the test, it never passes it wrongly).
            usleep(500_000)
        })
        #expect(Self.parse(bytes, sink: sink) == alone)
        #expect(sink.partners.first?.members.count == 8, "the first partner stopped after eight members")
        #expect(sink.partners.count >= 2, "a second partner started after the first was stopped")
        #expect(sink.taken >= 8)
    }

    /// Where a table likely ends: the members look like a table's up to there, and what
    /// follows does not.
    @Test func theTableEndIsGuessedFromTheMembersShape() {
        let members = (0..<400).map { #""key\#($0)": {"en": "Text \#($0)", "fr": "Texte, \"\#($0)\" }, \"x\": {"}"# }
        let screens = (0..<200).map { #"{"id": "p\#($0)", "title": "key\#($0)", "type": "CANCEL"}"# }
        let text = Self.config(members, after: #""screens": {"A": {"paths": ["# + screens.joined(separator: ", ") + "]}}")
        let bytes = Array(text.utf8)
        let start = Array(#"{"localization": {"default": "en", "localized_strings": {"#.utf8).count
        let end = Array(Self.config(members, after: "").utf8).count
        let guess = bytes.withUnsafeBufferPointer { Parser.likelyTableEnd(in: $0, from: start) }
        #expect(guess >= end - 4096 && guess <= end + 4096, "table ends at \(end), guessed \(guess)")
        bytes.withUnsafeBufferPointer { bytes in
            #expect(Parser.looksLikeTableMembers(in: bytes, from: start))
            #expect(!Parser.looksLikeTableMembers(in: bytes, from: end))
            // Nothing that looks like members: the document's end.
            #expect(Parser.likelyTableEnd(in: bytes, from: end) == bytes.count)
        }
        // Two members and the table's end: not three members.
        #expect(Array(Self.config(Array(members.prefix(3))).utf8).withUnsafeBufferPointer { Parser.looksLikeTableMembers(in: $0, from: 0) } == false)
        #expect(Array(Self.config(Array(members.prefix(5))).utf8).withUnsafeBufferPointer { Parser.looksLikeTableMembers(in: $0, from: 0) })
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
