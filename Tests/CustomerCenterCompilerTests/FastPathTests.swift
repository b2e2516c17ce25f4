import Testing
@testable import CustomerCenterCompiler

/// The hot loops' shortcuts against the plain definitions they replace: the same answer on every
/// input, checked on random texts (fixed seeds) and the edge cases by name.
@Suite struct FastPathTests {
    /// What `TextIndex.scan` means, written the obvious way.
    static func plainScan(_ text: String) -> (hasBrace: Bool, whitespace: String?) {
        let bytes = Array(text.utf8)
        let hasBrace = bytes.contains(0x7B) || bytes.contains(0x7D)
        guard let first = bytes.first, let last = bytes.last else { return (false, nil) }
        let edge: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        if edge.contains(first) || bytes.starts(with: [0xC2, 0xA0]) { return (hasBrace, "leading whitespace") }
        if edge.contains(last) || (bytes.count > 1 && bytes.suffix(2) == [0xC2, 0xA0]) { return (hasBrace, "trailing whitespace") }
        let doubled = zip(bytes, bytes.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }
        return (hasBrace, doubled ? "doubled spaces" : nil)
    }

    @Test(arguments: [1, 2, 3, 2026] as [UInt64])
    func textScanAgreesWithThePlainDefinition(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "bcdefgh", " ", "  ", "{", "}", "{{ price }}", "é", "日本", "\u{A0}", "\t", "\n", "x"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...14, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let (fast, plain) = (TextIndex.scan(text), Self.plainScan(text))
            #expect(fast.hasBrace == plain.hasBrace && fast.whitespace == plain.whitespace, "\(text.debugDescription)")
        }
        // A doubled space split across two eight-byte words, and one at the very end of a word.
        #expect(TextIndex.scan("abcdefg  hijklmnop").whitespace == "doubled spaces")
        #expect(TextIndex.scan("abcdefgh  ijklmnop").whitespace == "doubled spaces")
        #expect(TextIndex.scan("abcdefg hijklmn opq").whitespace == nil)
        #expect(TextIndex.scan("abcdefghijklmno}").hasBrace)
    }

    @Test func optionTitlesCompareAsBefore() {
        let same: [(String, String)] = [
            ("Too expensive", "too EXPENSIVE"), ("", ""), ("Trop cher é", "TROP CHER é"),
            ("ÉCOLE", "école"), ("caf\u{E9}", "cafe\u{301}"), ("日本", "日本"),
        ]
        let different: [(String, String)] = [
            ("Too expensive", "Too expensiv"), ("a", "b"), ("ab", "ba"), ("Trop cher é", "Trop chez é"),
            ("abc", "abcé"), ("ÉCOLE", "écoles"), ("日本", "日木"), ("", "a"),
        ]
        for (a, b) in same {
            #expect(DuplicateOptionTitleRule.sameIgnoringCase(a, b), "\(a) / \(b)")
            #expect(DuplicateOptionTitleRule.sameIgnoringCase(b, a), "\(b) / \(a)")
        }
        for (a, b) in different {
            #expect(!DuplicateOptionTitleRule.sameIgnoringCase(a, b), "\(a) / \(b)")
            #expect(!DuplicateOptionTitleRule.sameIgnoringCase(b, a), "\(b) / \(a)")
        }
    }

    @Test func lineStartsAgreeWithTheByteLoop() {
        var rng = SeededGenerator(seed: 7)
        let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], Array("abcdefghijk".utf8), Array("é".utf8), [0x09], [0x0B]]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...20, using: &rng)).flatMap { _ in pieces.randomElement(using: &rng)! }
            var expected = [0]
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x0A { expected.append(i + 1) } else if bytes[i] == 0x0D {
                    if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                    expected.append(i + 1)
                }
                i += 1
            }
            #expect(SourceFile.buildLineStarts(bytes) == expected)
        }
    }
}
