import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// A translation keeps its text in the source and decodes it when read: what it reads must be
/// the text the JSON says, however the text is written (plain, escaped, partly escaped), through
/// every way of reading it (`textValue`, `text`, `withTextUTF8`, `textIsEmpty`), and the rules
/// that read bytes must agree with the same rules on the decoded text.
@Suite struct TranslationTextTests {
    /// Pieces of text: ASCII, spaces, braces, quotes and backslashes (always escaped), control
    /// characters, non-ASCII of every UTF-8 length, NBSP, U+2028, KELVIN SIGN.
    static let pieces: [String] = [
        "a", "Z", "Too expensive", " ", "  ", "{{ price }}", "}", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}",
        "é", "e\u{301}", "\u{A0}", "\u{2028}", "\u{212A}", "日本", "€", "😀", "\u{7F}",
    ]

    /// `text` as a JSON string literal; with `escapeAll`, every character that may be written as
    /// `\uXXXX` is (surrogate pairs beyond the BMP), otherwise only what must be.
    static func literal(_ text: String, escapeAll: Bool, rng: inout SeededGenerator) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let forced = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if forced || (escapeAll && Bool.random(using: &rng)) {
                if scalar == "\"" && !escapeAll { out += "\\\""; continue }
                if scalar == "\\" && !escapeAll { out += "\\\\"; continue }
                for unit in String(scalar).utf16 { out += "\\u" + String(format4: unit) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func randomText(_ rng: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyWayOfReadingATextGivesTheDecodedText(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var expected: [String: [String: String]] = [:]
        var members: [String] = []
        for key in 0..<120 {
            var byLocale: [String: String] = [:]
            var entry: [String] = []
            for locale in ["en", "de", "fr"] where locale == "en" || Bool.random(using: &rng) {
                let text = Self.randomText(&rng)
                byLocale[locale] = text
                entry.append("\"\(locale)\": " + Self.literal(text, escapeAll: Bool.random(using: &rng), rng: &rng))
            }
            expected["k\(key)"] = byLocale
            members.append("\"k\(key)\": {\(entry.joined(separator: ", "))}")
        }
        let config = try #require(Linter.analyze(SourceFile(path: "c.json", text: Examples.authoring(strings: members.joined(separator: ",\n")))).config)
        let entries = try #require(config.localization?.entries)
        #expect(entries.count == 120)
        var checked = 0
        for entry in entries {
            for translation in entry.translations {
                let text = try #require(expected[entry.key.value]?[translation.localeCode])
                #expect(translation.textValue == text)
                #expect(translation.text.value == text)
                #expect(translation.textIsEmpty == text.isEmpty)
                #expect(translation.withTextUTF8 { Array($0) } == Array(text.utf8))
                #expect(translation.withTextUTF8 { TextIndex.scan($0) } == TextIndex.scan(text))
                checked += 1
            }
        }
        #expect(checked == expected.values.map(\.count).reduce(0, +))
    }

    /// A large table holds 4 bytes per text (its start's distance from its group's, and its
    /// length and locale in one shape; `TextColumnsTests` checks the starts read back):
    /// docs/performance.md's memory figures count on it. A translation read out of it is a
    /// position and its key (40 bytes).
    @Test func aTextIsFourBytes() {
        #expect(MemoryLayout<UInt16>.stride + MemoryLayout<TranslationTable.Shape>.stride == 4)
        #expect(MemoryLayout<Translation>.stride == 40)
    }

    /// The table keeps where a text starts and how long it is, and finds its locale key again
    /// from the text backwards; what it reads back must be the parser's ranges, however the
    /// key, the colon and the text are written (an escaped key or text, a single-quoted key,
    /// blanks and line breaks on either side of the colon, a missing colon).
    @Test(arguments: [5, 6] as [UInt64])
    func everyLocaleAndTextIsWhereTheParserSawIt(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let keys = [#""en""#, #""de""#, #""\u0066r""#, #"'it'"#, #""es""#, #""pt-BR""#]
        let gaps = [": ", ":", " : ", "\n:\n\t", " :", "\t:  ", " "]
        var members: [String] = []
        for key in 0..<150 {
            let entry = keys.filter { _ in Bool.random(using: &rng) }.map { locale in
                locale + gaps.randomElement(using: &rng)! + Self.literal(Self.randomText(&rng), escapeAll: Bool.random(using: &rng), rng: &rng)
            }
            members.append("\"k\(key)\": {\(entry.joined(separator: ", "))}")
        }
        let text = Examples.authoring(strings: members.joined(separator: ",\n"))
        let config = try #require(Linter.analyze(SourceFile(path: "c.json", text: text)).config)
        let table = try #require(JSONParser.parseTape(Array(text.utf8)).root?.member("localization")?.value.member("localized_strings")?.value.objectMembers)
        let entries = try #require(config.localization?.entries)
        #expect(entries.count == table.count)
        var checked = 0
        for (entry, member) in zip(entries, table) {
            let expected = try #require(member.value.objectMembers).filter { $0.value.kind == .string }
            #expect(entry.translations.count == expected.count)
            for (translation, text) in zip(entry.translations, expected) {
                #expect(translation.locale.range == text.keyRange)
                #expect(translation.localeCode == text.key)
                #expect(translation.text.range == text.value.range)
                #expect(translation.textValue == text.value.stringValue)
                checked += 1
            }
        }
        #expect(checked > 300)
    }

    /// A locale numbered past what a shape holds, or a text longer than it says, is kept whole
    /// beside the others, and reads back the same; up to the limits, a text is a shape.
    @Test func aLocaleOrTextTooLargeForAShapeIsKeptWhole() throws {
        let limit = TranslationTable.Shape.lengthLimit
        let texts = ["a", String(repeating: "x", count: 70_000), #"\u0062"#, String(repeating: "y", count: limit - 3),
                     String(repeating: "z", count: limit - 2), "b", "c"]
        let locales: [UInt32] = [69_999, 1, 2, UInt32(TranslationTable.Shape.localeLimit) - 1, 0, UInt32(TranslationTable.Shape.localeLimit), 7]
        let source = "{" + texts.enumerated().map { "\"k\($0.offset)\": \"\($0.element)\"" }.joined(separator: ", ") + "}"
        let parsed = JSONParser.parseTape(Array(source.utf8))
        let members = Array(try #require(parsed.root?.objectMembers))
        var builder = TranslationTableBuilder(strings: parsed.tape.strings, localeIsKey: true, fixedLocaleRange: nil, capacity: 3)
        for index in 0..<70_000 { #expect(builder.addLocale("l\(index)") == UInt32(index)) }
        #expect(builder.addLocale("l7") == 7)
        Array(source.utf8).withUnsafeBufferPointer { bytes in
            for (member, locale) in zip(members, locales) {
                builder.add(text: member.value.stringReference!, locale: locale, key: member.keyNode.stringReference!, bytes: bytes)
            }
        }
        let table = builder.build()
        #expect(table.exceptions.map(\.record) == [0, 1, 2, 4, 5])
        for (index, member) in members.enumerated() {
            #expect(table.locale(index) == Int(locales[index]))
            #expect(table.text(index).range == member.value.range)
            #expect(table.localeRange(index) == member.keyRange)
            #expect(table.strings.text(table.text(index)) == member.value.stringValue)
        }
    }

    @Test func aResponseTextIsReadTheSameWay() throws {
        var rng = SeededGenerator(seed: 9)
        let text = "Caf\u{E9} \"{{ price }}\"\u{A0}\u{1F600}"
        let response = Examples.response().replacingOccurrences(
            of: #""localization": {"locale": "en", "localized_strings": {}}"#,
            with: #""localization": {"locale": "fr", "localized_strings": {"cancel": "# + Self.literal(text, escapeAll: true, rng: &rng) + "}}")
        #expect(response.contains("\"cancel\""))
        let config = try #require(Linter.analyze(SourceFile(path: "r.json", text: response)).config)
        let translation = try #require(config.localization?.entries.first?.translations.first)
        #expect(translation.localeCode == "fr")
        #expect(translation.textValue == text)
        #expect(translation.withTextUTF8 { Array($0) } == Array(text.utf8))
    }

    /// The option-title comparison on translations (bytes first) against the comparison on
    /// decoded strings, with each text written plainly and escaped.
    @Test func optionTitlesCompareOnTranslationsAsOnStrings() throws {
        var rng = SeededGenerator(seed: 4)
        let texts = ["Too expensive", "too EXPENSIVE", "Too expensiv", "", "Trop cher é", "TROP CHER é", "ÉCOLE", "école",
                     "caf\u{E9}", "cafe\u{301}", "日本", "日木", "\u{212A}elvin", "kelvin", "a\"b", "A\"B",
                     // Eight bytes a step: case across words, a difference in the tail, and the
                     // bytes just outside A–Z (@ and `, [ and {) that must not fold together.
                     "Not worth the money ANYMORE", "not worth the money anymore", "Not worth the money anymorf",
                     "@[\\]^_`{|}~ AZaz", "`{|}~^_@[\\] azAZ", "ABCDEFG[xy", "abcdefg{xy", "ABCDEFG@xy", "abcdefg`xy", "Z[", "z{", "Z@", "z`", "é not worth the money", "É NOT WORTH THE MONEY"]
        var members: [String] = []
        for (index, text) in texts.enumerated() {
            members.append("\"t\(index)\": {\"en\": \(Self.literal(text, escapeAll: false, rng: &rng)), \"de\": \(Self.literal(text, escapeAll: true, rng: &rng))}")
        }
        let config = try #require(Linter.analyze(SourceFile(path: "c.json", text: Examples.authoring(strings: members.joined(separator: ", ")))).config)
        let read = try #require(config.localization?.entries).flatMap { entry in entry.translations.indices.map { (entry.translations, $0) } }
        #expect(read.count == texts.count * 2)
        for (a, i) in read {
            for (b, j) in read {
                let (x, y) = (a[i].textValue, b[j].textValue)
                #expect(DuplicateOptionTitleRule.sameIgnoringCase(a, i, b, j) == DuplicateOptionTitleRule.sameIgnoringCase(x, y), "\(x) / \(y)")
                // What the rule means, without its byte shortcuts: equal, or of one UTF-8 length
                // and equal lower-cased.
                let meant = x == y || (x.utf8.count == y.utf8.count && x.lowercased() == y.lowercased())
                #expect(DuplicateOptionTitleRule.sameIgnoringCase(x, y) == meant, "\(x) / \(y)")
            }
        }
    }
}

extension String {
    /// Four lower-case hex digits.
    fileprivate init(format4 unit: UInt16) {
        let digits = String(unit, radix: 16)
        self = String(repeating: "0", count: 4 - digits.count) + digits
    }
}
