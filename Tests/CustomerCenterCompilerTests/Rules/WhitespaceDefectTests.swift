import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// `l10n.whitespace` reads a text by its bytes (`WhitespaceRule.forEachDefect`): from the front,
/// from the back, and the runs of spaces between. It finds what the plain reading of the text's
/// scalars finds, and a text written as it is gets the findings of the same text escaped.
@Suite struct WhitespaceDefectTests {
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D) || [0x85, 0xA0, 0x2028, 0x2029].contains(scalar.value)
    }

    /// The defects read the obvious way: scalars, the leading run, the trailing run, and each
    /// run of two or more spaces between them.
    static func plainDefects(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return scalars.isEmpty ? [] : ["0..<\(scalars.count) leading whitespace"]
        }
        var defects: [String] = []
        if first > 0 { defects.append("0..<\(first) leading whitespace") }
        var index = first
        while index <= last {
            guard scalars[index] == " " else {
                index += 1
                continue
            }
            var end = index
            while end <= last, scalars[end] == " " { end += 1 }
            if end - index >= 2 { defects.append("\(index)..<\(end) doubled spaces") }
            index = end
        }
        if last + 1 < scalars.count { defects.append("\(last + 1)..<\(scalars.count) trailing whitespace") }
        return defects
    }

    /// Spaces of every kind, near misses of their bytes (U+00A1, U+2027, U+2000, U+202A), and
    /// letters of one to four bytes.
    static let alphabet: [String] = [" ", " ", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}",
                                     "\u{A1}", "\u{2027}", "\u{2000}", "\u{202A}", "a", "b", "é", "語", "😀"]

    @Test func theBytesGiveWhatTheScalarsGive() {
        var random = SeededGenerator(seed: 5_701)
        for round in 0..<4_000 {
            let text = (0..<random.next(12)).map { _ in Self.alphabet[random.next(Self.alphabet.count)] }.joined()
            let found = WhitespaceRule.spans(of: text).map { "\($0.range) \($0.problem)" }
            #expect(found == Self.plainDefects(text), "round \(round): \(Array(text.unicodeScalars))")
        }
    }

    /// The text index's byte scan (`TextIndex.scan`, which picks the texts the rule reads) takes
    /// a text exactly when the rule finds a defect in it: whitespace at an edge of every kind
    /// the rule counts (VT, FF, U+0085, U+2028, U+2029 too), or two spaces anywhere.
    @Test func theIndexTakesEveryTextWithADefect() {
        var random = SeededGenerator(seed: 5_703)
        for round in 0..<4_000 {
            let text = (0..<random.next(12)).map { _ in Self.alphabet[random.next(Self.alphabet.count)] }.joined()
            #expect((TextIndex.scan(text).whitespace != nil) == !Self.plainDefects(text).isEmpty, "round \(round): \(Array(text.unicodeScalars))")
        }
        // Each kind of space alone at either edge of a word.
        for space in ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{A0}", "\t"] {
            #expect(TextIndex.scan(space + "Ok").whitespace == "leading whitespace", "\(Array(space.unicodeScalars))")
            #expect(TextIndex.scan("Ok" + space).whitespace == "trailing whitespace", "\(Array(space.unicodeScalars))")
        }
    }

    /// A key with texts in 70 locales (past one word of positions, `TextGroups`): the texts
    /// written as they are report what the same texts written with every character escaped
    /// report (read through their scalars), at the bytes of each defect.
    @Test func textsWrittenAsTheyAreAndEscapedAgree() throws {
        var random = SeededGenerator(seed: 5_702)
        let texts = (0..<70).map { index in
            index % 5 == 1 ? "Text \(index)" : (0..<(1 + random.next(8))).map { _ in Self.alphabet[random.next(Self.alphabet.count)] }.joined()
        }
        func escaped(_ text: String) -> String {
            text.utf16.map { "\\u" + String(repeating: "0", count: 4 - String($0, radix: 16).count) + String($0, radix: 16) }.joined()
        }
        func config(escaping: Bool) -> String {
            let members = texts.enumerated().map { index, text in
                "\"l\(index)\": " + (escaping ? "\"" + escaped(text) + "\"" : JSONWriter.quoted(text))
            }
            return #"{"localization": {"default": "l0", "localized_strings": {"k": {"# + members.joined(separator: ", ") + "}}}, \"screens\": {}}"
        }
        func findings(_ text: String) -> [Diagnostic] {
            Linter.lint(SourceFile(path: "f.json", text: text)).diagnostics.filter { $0.id == "l10n.whitespace" }
        }
        let plainSource = config(escaping: false)
        let plain = findings(plainSource), escapedFindings = findings(config(escaping: true))
        #expect(plain.count > 30)
        #expect(plain.map(\.message) == escapedFindings.map(\.message))
        // Every defect of every text, in order of the texts: the index takes each text with one.
        let expected = texts.enumerated().flatMap { index, text in
            Self.plainDefects(text).map { defect in
                "the 'l\(index)' text of 'k' has " + defect.drop { $0 != " " }.dropFirst()
            }
        }
        #expect(plain.map(\.message) == expected)
        #expect(plain.map(\.pointer) == escapedFindings.map(\.pointer))
        let bytes = Array(plainSource.utf8)
        for finding in plain {
            // Each defect's bytes are spaces of the text, when it is written without escapes.
            let written = String(decoding: bytes[finding.range.start..<finding.range.end], as: UTF8.self)
            #expect(!written.isEmpty, "\(finding.message)")
            if !written.contains("\\") { #expect(written.unicodeScalars.allSatisfy(Self.isSpace), "\(finding.message): '\(written)'") }
        }
    }
}
