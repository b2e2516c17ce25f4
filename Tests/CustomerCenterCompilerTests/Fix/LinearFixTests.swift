import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// Choosing and applying fixes (issue 42 item 1): the binary-searched choice and the one-pass
/// application give what the simple forms gave (each edit compared with every chosen one; each
/// edit spliced into the whole buffer, the last first), on random fixes of a random text.
@Suite struct LinearFixTests {
    /// The choice as it was written before: every range compared with every taken one.
    static func simpleChoice(_ fixes: [Fix]) -> [String] {
        var taken: [ByteRange] = []
        var chosen: [String] = []
        let ordered = fixes.enumerated().sorted { a, b in
            let (x, y) = (a.element.edits.map(\.range.start).min() ?? 0, b.element.edits.map(\.range.start).min() ?? 0)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        for fix in ordered {
            let ranges = fix.edits.map(\.range)
            var clash = false
            for (index, range) in ranges.enumerated()
            where taken.contains(where: { TakenRanges.touch($0, range) }) || ranges[..<index].contains(where: { TakenRanges.touch($0, range) }) {
                clash = true
            }
            if clash { continue }
            taken += ranges
            chosen.append(fix.message)
        }
        return chosen
    }

    /// Splices as it was written before: from the last edit to the first, each into the whole buffer.
    static func simpleApply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.enumerated().sorted(by: { $0.element.range.start != $1.element.range.start ? $0.element.range.start > $1.element.range.start : $0.offset < $1.offset }).map(\.element) {
            let lower = max(0, min(edit.range.start, result.count)), upper = max(lower, min(edit.range.end, result.count))
            result.replaceSubrange(lower..<upper, with: Array(edit.replacement.utf8))
        }
        return result
    }

    static func randomFixes(_ random: inout SeededGenerator, length: Int, count: Int) -> [Fix] {
        (0..<count).map { index in
            let edits = (0..<(1 + random.next(3) / 2)).map { _ in
                let start = random.next(length + 1)
                let end = random.next(3) == 0 ? start : min(length, start + random.next(4))
                return TextEdit(range: ByteRange(start, end), replacement: String(repeating: "x", count: random.next(3)))
            }
            return Fix(message: "\(index)", edits: edits, applicability: .safe)
        }
    }

    @Test func theChoiceIsTheSimpleOne() {
        var random = SeededGenerator(seed: 42)
        for round in 0..<400 {
            let length = 1 + random.next(60)
            let fixes = Self.randomFixes(&random, length: length, count: random.next(40))
            #expect(Fixer.nonOverlapping(fixes).map(\.message) == Self.simpleChoice(fixes), "round \(round)")
        }
    }

    @Test func applyingIsTheSimpleSplice() {
        var random = SeededGenerator(seed: 7)
        for round in 0..<400 {
            let length = random.next(60)
            let bytes = (0..<length).map { _ in UInt8(0x61 + random.next(26)) }
            let fixes = Fixer.nonOverlapping(Self.randomFixes(&random, length: length, count: random.next(40)))
            let edits = fixes.flatMap(\.edits)
            #expect(Fixer.apply(edits, to: bytes) == Self.simpleApply(edits, to: bytes), "round \(round)")
        }
        // Past the end, and insertions at one offset (the later listed first).
        let edits = [TextEdit(range: ByteRange(3, 3), replacement: "A"), TextEdit(range: ByteRange(3, 3), replacement: "B"), TextEdit(range: ByteRange(9, 12), replacement: "C")]
        #expect(String(decoding: Fixer.apply(edits, to: Array("abcdef".utf8)), as: UTF8.self) == "abcBAdefC")
    }

    /// The fixes `lint --fix` takes as findings pass (``FixCandidates``), chosen and applied, are
    /// the simple choice and splice of the same fixes, whatever order they came in, however
    /// many runs they came in (some taken back from collectors of their own, as a rule's on a
    /// thread of its own are, each with replacement texts of its own), past the runs read side by
    /// side (`FixRecords.runLimit`); the syntax ones alone while the file does not parse.
    @Test func streamedFixesAreTheSimpleChoiceAndSplice() {
        var random = SeededGenerator(seed: 57)
        let syntax = RuleID("json.syntax"), comment = RuleID("json.comment"), other = RuleID("l10n.whitespace")
        for round in 0..<400 {
            let length = random.next(60)
            let bytes = (0..<length).map { _ in UInt8(0x61 + random.next(26)) }
            var fixes = Self.randomFixes(&random, length: length, count: round % 50 == 0 ? 400 : random.next(40))
            if random.next(2) == 0 { fixes.sort { ($0.edits.map(\.range.start).min() ?? 0) < ($1.edits.map(\.range.start).min() ?? 0) } }
            let broken = random.next(4) == 0
            var candidates = FixCandidates(unsafe: false, textRules: [syntax, comment], syntaxRule: syntax)
            if broken { candidates.add(id: syntax, severity: .error, fix: { nil }) }
            var simple: [Fix] = []
            // Consecutive fixes go here or to a collector taken back after them: emission order.
            var apart: FixCandidates?
            for (index, fix) in fixes.enumerated() {
                if random.next(8) == 0 {
                    if let taken = apart { candidates.absorb(taken) }
                    apart = random.next(2) == 0 ? candidates.emptied() : nil
                }
                let id = index % 3 == 0 ? comment : other
                if apart != nil { apart?.add(id: id, severity: .warning) { fix } } else { candidates.add(id: id, severity: .warning) { fix } }
                if !broken || id == comment { simple.append(fix) }
            }
            if let taken = apart { candidates.absorb(taken) }
            let expected = Self.simpleChoice(simple)
            let applied = candidates.applied(to: bytes)
            #expect(applied.count == expected.count, "round \(round)")
            let edits = fixes.filter { expected.contains($0.message) }
            let simpleEdits = expected.compactMap { message in edits.first { $0.message == message } }.flatMap(\.edits)
            #expect(applied.bytes == Self.simpleApply(simpleEdits, to: bytes), "round \(round)")
            #expect(candidates.chosenFixes(limit: 5) == expected.prefix(5).compactMap { message in edits.first { $0.message == message }?.edits },
                    "round \(round)")
        }
    }

    /// Fixes of one edit offered as such (``OneEditFix``, as `l10n.whitespace` offers them, no
    /// `Fix` built), in file order (one run, read as it is written and chosen against the last
    /// chosen edit alone, `FixCandidates.forEachChosenOneEdit`) or not, are the simple choice and
    /// splice of the same fixes; guesses are not taken, and while the file does not parse only
    /// the text rules' fixes are.
    @Test func oneEditFixesAreTheSimpleChoiceAndSplice() {
        var random = SeededGenerator(seed: 571)
        let syntax = RuleID("json.syntax"), comment = RuleID("json.comment"), other = RuleID("l10n.whitespace")
        for round in 0..<600 {
            let length = random.next(60)
            let bytes = (0..<length).map { _ in UInt8(0x61 + random.next(26)) }
            var fixes = Self.randomFixes(&random, length: length, count: round % 50 == 0 ? 400 : random.next(40)).map { fix in
                Fix(message: fix.message, edits: [fix.edits[0]], applicability: random.next(8) == 0 ? .unsafe : .safe)
            }
            if round % 4 != 0 { fixes.sort { $0.edits[0].range.start < $1.edits[0].range.start } }
            let broken = random.next(4) == 0
            var candidates = FixCandidates(unsafe: false, textRules: [syntax, comment], syntaxRule: syntax)
            if broken { candidates.add(id: syntax, severity: .error, fix: { nil }) }
            var simple: [Fix] = []
            for (index, fix) in fixes.enumerated() {
                let id = index % 3 == 0 ? comment : other
                candidates.add(id: id, severity: .warning) {
                    OneEditFix(message: fix.message, range: fix.edits[0].range, replacement: fix.edits[0].replacement, applicability: fix.applicability)
                }
                if fix.applicability == .safe, !broken || id == comment { simple.append(fix) }
            }
            let expected = Self.simpleChoice(simple)
            let applied = candidates.applied(to: bytes)
            #expect(applied.count == expected.count, "round \(round)")
            let edits = expected.compactMap { message in simple.first { $0.message == message } }.flatMap(\.edits)
            #expect(applied.bytes == Self.simpleApply(edits, to: bytes), "round \(round)")
        }
    }
}

/// The pointers of many offsets read with one cursor (`InnermostPointers`, the syntax findings'
/// pointers) are `JSONPointer.innermost`'s, in order and out of order.
@Suite struct InnermostPointersTests {
    @Test func theCursorAnswersAsTheWalkFromTheRoot() throws {
        var random = SeededGenerator(seed: 52)
        let text = #"{"a": [1, {"b": [true, {"c": "x"}, []]}, "y"], "d": {"e": {}, "f": [[0], [1, 2]]}, "g": "h", "i": {"j": [{"k": null}]}}"#
        let root = try #require(JSONParser.parseTape(Array(text.utf8)).root)
        var offsets = Array(0...text.utf8.count)
        for round in 0..<3 {
            if round == 1 { offsets.shuffle(using: &random) }
            if round == 2 { offsets = offsets.sorted() + offsets.sorted() }
            var cursor = InnermostPointers(root: root)
            for offset in offsets {
                #expect(cursor.pointer(at: offset) == JSONPointer.innermost(at: offset, in: root), "offset \(offset), round \(round)")
            }
        }
    }
}
