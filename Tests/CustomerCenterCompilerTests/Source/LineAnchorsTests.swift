import Testing
@testable import CustomerCenterCompiler
import TestSupport

/// Positions counted from the nearest known line start (LineAnchors) against the whole line table:
/// every offset and line of random texts with LF, CR, CRLF and a byte-order mark, asked in random
/// order; and a position alone never builds the whole table.
@Suite struct LineAnchorsTests {
    static let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], Array("abcdefghijk".utf8), Array("é日".utf8), [0x09], [0x20]]

    /// A file whose answers come from its whole line table (built first).
    static func indexed(_ bytes: [UInt8]) -> SourceFile {
        let source = SourceFile(path: "f", bytes: bytes)
        _ = source.lineStarts
        return source
    }

    /// What the file answers to `questions` (an offset, or a line when `line` is not negative).
    static func answers(_ source: SourceFile, _ questions: [(offset: Int, line: Int)]) -> [String] {
        questions.map { question in
            if question.line < 0 {
                let location = source.location(of: question.offset)
                return "@\(question.offset): \(location.line):\(location.column) line \(source.lineIndex(of: question.offset))"
            }
            let start = source.hasLine(question.line) ? "\(source.lineStart(question.line))" : "none"
            return "line \(question.line): \(source.lineSpan(question.line)) start \(start)"
        }
    }

    @Test func positionsEqualTheWholeTablesInAnyOrder() {
        var random = SeededGenerator(seed: 57)
        for round in 0..<600 {
            var bytes = (0..<Int.random(in: 0...60, using: &random)).flatMap { _ in Self.pieces.randomElement(using: &random)! }
            if round % 5 == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            let counted = SourceFile(path: "f", bytes: bytes), expected = Self.indexed(bytes)
            var questions = Array(-2...(bytes.count + 2)).map { (offset: $0, line: -1) }
                + Array(-1...(expected.lineStarts.count + 1)).map { (offset: -1, line: $0) }
            questions.shuffle(using: &random)
            let got = Self.answers(counted, questions), want = Self.answers(expected, questions)
            #expect(got == want, "\(bytes)")
            let built = counted.hasWholeLineIndex
            #expect(!built)
        }
    }

    /// A minified file is one long line: positions in file order, then backwards, then its line's
    /// span, answer as the whole index does (each counted from the last place known on the line).
    @Test func oneLongLine() {
        for prefix in [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
            let bytes = prefix + Array(String(repeating: "{\"k\": \"日本語 text\"}, ", count: 3_000).utf8)
            let counted = SourceFile(path: "f", bytes: bytes), expected = Self.indexed(bytes)
            let offsets = Array(stride(from: 0, through: bytes.count + 1, by: 37))
            let questions = (offsets + offsets.reversed()).map { (offset: $0, line: -1) } + [(offset: -1, line: 0), (offset: -1, line: 1)]
            #expect(Self.answers(counted, questions) == Self.answers(expected, questions))
        }
    }

    /// One position near the end of a long file counts its lines without the whole table; past
    /// the anchors' bound (many positions in random order) the whole table answers the same.
    @Test func manyPositionsFallBackToTheWholeTable() {
        let bytes = Array((0..<20_000).map { "line \($0)\($0 % 3 == 0 ? "\r\n" : "\n")" }.joined().utf8)
        let counted = SourceFile(path: "f", bytes: bytes), expected = Self.indexed(bytes)
        let last = [(offset: bytes.count - 3, line: -1)]
        #expect(Self.answers(counted, last) == Self.answers(expected, last))
        let builtForOne = counted.hasWholeLineIndex
        #expect(!builtForOne)
        var random = SeededGenerator(seed: 7)
        // Distinct lines, so that each position adds an anchor, in random order.
        let questions = Array(expected.lineStarts.map { (offset: $0 + 2, line: -1) }.shuffled(using: &random).prefix(LineAnchors.wholeIndexAfter + 100))
        #expect(Self.answers(counted, questions) == Self.answers(expected, questions))
        let builtForMany = counted.hasWholeLineIndex
        #expect(builtForMany)
    }
}
