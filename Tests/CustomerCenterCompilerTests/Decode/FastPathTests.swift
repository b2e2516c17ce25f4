import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

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
        for round in 0..<3_000 {
            // Short texts (the word loop and the bytes after it) and long ones (sixteen bytes a step).
            let text = (0..<Int.random(in: 0...(round % 3 == 0 ? 40 : 14), using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let (fast, plain) = (TextIndex.scan(text), Self.plainScan(text))
            #expect(fast.hasBrace == plain.hasBrace && fast.whitespace == plain.whitespace, "\(text.debugDescription)")
        }
        // A doubled space split across two eight-byte words, and one at the very end of a word.
        #expect(TextIndex.scan("abcdefg  hijklmnop").whitespace == "doubled spaces")
        #expect(TextIndex.scan("abcdefgh  ijklmnop").whitespace == "doubled spaces")
        #expect(TextIndex.scan("abcdefg hijklmn opq").whitespace == nil)
        #expect(TextIndex.scan("abcdefghijklmno}").hasBrace)
        // The bytes after the last whole word are read as the last eight again.
        #expect(TextIndex.scan("abcdefghij  k").whitespace == "doubled spaces")
        #expect(TextIndex.scan("abcdefgh ij k").whitespace == nil)
        #expect(TextIndex.scan("abcdefghijk{l").hasBrace)
        #expect(!TextIndex.scan("abcdefghijklm").hasBrace)
        // Sixteen bytes a step: a pair across two steps, in the last byte pair a step reads, after
        // the last step; a brace in either half of a step; none.
        let sixteen = "abcdefghijklmnop"
        #expect(TextIndex.scan("abcdefghijklmno  pqrstuvwxyz").whitespace == "doubled spaces")
        #expect(TextIndex.scan(sixteen + sixteen.dropLast() + "  x").whitespace == "doubled spaces")
        #expect(TextIndex.scan(sixteen + sixteen + "ab  cdefghijklmnopqr").whitespace == "doubled spaces")
        #expect(TextIndex.scan(sixteen + " " + sixteen + " " + sixteen).whitespace == nil)
        #expect(TextIndex.scan("abcdefghij}lmnopqrstu").hasBrace)
        #expect(TextIndex.scan("abc{efghijklmnopqrstu").hasBrace)
        #expect(!TextIndex.scan(sixteen + sixteen + "qrs").hasBrace)
        // After the last whole step, one more ending at the last pair, and the last byte alone.
        #expect(TextIndex.scan(sixteen + "{").hasBrace)
        #expect(TextIndex.scan(sixteen + sixteen + "qr}").hasBrace)
        #expect(TextIndex.scan(sixteen + "q  r").whitespace == "doubled spaces")
        #expect(TextIndex.scan(sixteen + sixteen + "a  b").whitespace == "doubled spaces")
        #expect(TextIndex.scan(sixteen + " q r").whitespace == nil && !TextIndex.scan(sixteen + " q r").hasBrace)
    }

    /// The scan's control flag (which texts `l10n.control-character` reads) against its plain
    /// definition: some byte below 0x20, DEL or 0xC2, at any place (sixteen-byte steps, the last
    /// step and byte, eight-byte words, the last word, single bytes).
    @Test(arguments: [5, 6, 2027] as [UInt64])
    func controlScanAgreesWithThePlainDefinition(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "bcdefgh", " ", "{", "é", "日本", "\u{A0}", "\u{1B}", "\u{0}", "\r", "\t", "\n", "\u{7F}", "\u{85}", "\u{9F}", "x"]
        let rare = pieces.count - 1
        for round in 0..<4_000 {
            // Mostly plain pieces, so that a text often has one control-like byte or none.
            let count = Int.random(in: 0...(round % 3 == 0 ? 48 : 15), using: &rng)
            let text = (0..<count).map { _ in
                Int.random(in: 0..<8, using: &rng) == 0 ? pieces.randomElement(using: &rng)! : pieces[[0, 1, 2, 4, rare].randomElement(using: &rng)!]
            }.joined()
            let plain = text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
            #expect(TextIndex.scan(text).mayHaveControl == plain, "\(text.debugDescription)")
        }
        let sixteen = "abcdefghijklmnop"
        for control in ["\u{1B}", "\u{7F}", "\u{85}", "\t"] {
            for at in 0...(2 * sixteen.count + 1) {
                let text = String(sixteen.prefix(at)) + String(sixteen.prefix(max(0, at - 16))) + control + sixteen + "q"
                #expect(TextIndex.scan(text).mayHaveControl, "\(text.debugDescription)")
                #expect(TextIndex.scan(String(text.prefix(at)) + control).mayHaveControl, "\(at)")
            }
        }
        #expect(!TextIndex.scan(sixteen + sixteen + "qrs").mayHaveControl && !TextIndex.scan("abc").mayHaveControl)
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

    /// The rule skips a pair of texts whose signatures differ: texts equal ignoring case share
    /// one, ASCII texts of other letters rarely do, and a text that is not ASCII has none (0).
    @Test func optionTitleSignaturesNeverSeparateEqualTexts() {
        func signature(_ text: String) -> UInt64 {
            var copy = text
            return copy.withUTF8 { DuplicateOptionTitleRule.signature($0) }
        }
        var rng = SeededGenerator(seed: 42)
        let letters = Array("aAbBzZ 09{}~@[`")
        var differing = 0
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...20, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
            let flipped = String(text.map { Bool.random(using: &rng) ? Character($0.uppercased()) : Character($0.lowercased()) })
            #expect(signature(text) == signature(flipped) || !DuplicateOptionTitleRule.sameIgnoringCase(text, flipped), "\(text) / \(flipped)")
            #expect(signature(text) != 0)
            let other = String((0..<Int.random(in: 0...20, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
            if signature(text) != signature(other) {
                differing += 1
                #expect(!DuplicateOptionTitleRule.sameIgnoringCase(text, other), "\(text) / \(other)")
            }
        }
        #expect(differing > 1_000)
        #expect(signature("Caf\u{E9}") == 0 && signature("\u{212A}") == 0)
        // A byte past 0x7F in the first eight, in the last (read again in part) or alone after them.
        #expect(signature("\u{E9}abcdefghij") == 0 && signature("abcdefgh\u{E9}") == 0 && signature("abcdefghijklmnop\u{E9}") == 0)
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

    /// The whitespace rule's spans as first written: an array of scalars, `Character` tests.
    static func plainSpans(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\u{A0}" || c.isNewline }
        var lead = 0
        while lead < scalars.count, isSpace(Character(scalars[lead])) { lead += 1 }
        var trail = scalars.count
        while trail > lead, isSpace(Character(scalars[trail - 1])) { trail -= 1 }
        var spans: [String] = []
        if lead > 0 { spans.append("\(0..<lead) leading whitespace") }
        var index = lead
        while index < trail {
            guard scalars[index] == " " else { index += 1; continue }
            var end = index
            while end < trail, scalars[end] == " " { end += 1 }
            if end - index >= 2 { spans.append("\(index..<end) doubled spaces") }
            index = end
        }
        if trail < scalars.count { spans.append("\(trail..<scalars.count) trailing whitespace") }
        return spans
    }

    @Test(arguments: [5, 6, 2027] as [UInt64])
    func whitespaceSpansAgreeWithThePlainDefinition(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        // With the near misses of a byte check: U+0080, U+2027, U+2000, U+202A, U+20A8, U+2129 (their first bytes
        // or last bytes are a space's).
        let pieces = ["a", "word", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{C}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{85}", "\u{B}",
                      "é", "日本", "😀", "\u{3000}", "\u{80}", "\u{2027}", "\u{2000}", "\u{202A}", "\u{20A8}", "\u{2129}"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...10, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let fast = WhitespaceRule.spans(of: text).map { "\($0.range) \($0.problem)" }
            #expect(fast == Self.plainSpans(text), "\(text.debugDescription)")
        }
    }

    @Test func aLiteralWithoutEscapesMapsAsTheTableDoes() {
        // Literals with and without escapes, ASCII and not; every span of every length.
        for literal in [#""  Hello  world ""#, #""Grüße,  日本 😀 ""#, #""a\"b  c\u00e9 ""#, #""""#, #"" ""#] {
            let json = "{\"k\": \(literal)}"
            let source = SourceFile(path: "t.json", text: json)
            guard let root = JSONParser.parse(source.bytes).root, let member = root.objectMembers?.first,
                  let text = member.value.stringValue else { Issue.record("no string in \(json)"); continue }
            let located = Located(text, range: member.value.range, pointer: .root)
            let count = text.unicodeScalars.count
            for lower in 0...count + 1 {
                for upper in lower...count + 2 {
                    let viaTable: ByteRange = {
                        guard let starts = SourceText.scalarStarts(of: located, source: source), upper < starts.count else { return located.range }
                        return ByteRange(starts[lower], starts[upper])
                    }()
                    #expect(SourceText.range(of: lower..<upper, in: located, source: source) == viaTable, "\(literal) \(lower)..<\(upper)")
                }
            }
            // Only the literal without escapes takes the shortcut.
            #expect((SourceText.plainRange(of: 0..<0, in: located, source: source) != nil) == !literal.contains("\\"))
        }
    }
}
