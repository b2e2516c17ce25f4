import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// Inputs built to break a linter. Each must end in diagnostics: no trap, no hang. (Time and
/// memory are measured by the benchmark suite, not asserted here.) Not serialized: the tests share
/// nothing, and one after another the big inputs (a million paths alone is most of a minute in a
/// debug build) ran on one core at the end of `swift test` while the other waited.
@Suite struct AdversarialTests {
    func lint(_ bytes: [UInt8], options: LintOptions = LintOptions()) -> FileReport {
        let report = Linter.lint(SourceFile(path: "adversarial.json", bytes: bytes), options: options)
        // Whatever the input: findings sorted, ranges inside the file.
        #expect(report.diagnostics == report.diagnostics.sorted(by: Diagnostic.reportOrder))
        for diagnostic in report.diagnostics {
            #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= bytes.count)
        }
        return report
    }

    func ids(_ report: FileReport) -> Set<String> { Set(report.diagnostics.map(\.id.rawValue)) }

    @Test func nestingAMillionDeep() {
        let balanced = Array(repeating: UInt8(ascii: "["), count: 1_000_000) + Array(repeating: UInt8(ascii: "]"), count: 1_000_000)
        #expect(ids(lint(balanced)) == ["json.depth", "schema.type-mismatch"])
        let unclosed = Array(repeating: UInt8(ascii: "["), count: 1_000_000)
        let report = lint(unclosed)
        #expect(ids(report).contains("json.depth"))
        #expect(report.diagnostics.count <= JSONParser.defaultIssueLimit + 2)
    }

    @Test func aFiftyMegabyteString() throws {
        let text = String(repeating: "a", count: 50_000_000)
        let config = Examples.authoring(strings: "\"title\": {\"en\": \"\(text)\"}", extra: "\"support\": {\"email\": \"a@example.com\"}")
        let report = lint(Array(config.utf8))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.prefix(3).map(\.message))")
    }

    @Test func aMillionKeysInOneObject() {
        var text = "{\"localization\": {\"default\": \"en\", \"localized_strings\": {\"title\": {\"en\": \"Help\"}"
        for i in 0..<1_000_000 { text += ", \"k\(i)\": {\"en\": \"x\"}" }
        text += "}}, \"screens\": {\"MANAGEMENT\": {\"type\": \"MANAGEMENT\", \"title_key\": \"title\", \"paths\": [{\"id\": \"r\", \"type\": \"CUSTOM_ACTION\", \"action_identifier\": \"a\", \"title_key\": \"title\"}]}, \"NO_ACTIVE\": {\"type\": \"NO_ACTIVE\", \"title_key\": \"title\", \"paths\": [{\"id\": \"s\", \"type\": \"CUSTOM_ACTION\", \"action_identifier\": \"a\", \"title_key\": \"title\"}]}}}"
        let report = lint(Array(text.utf8))
        let unused = report.diagnostics.filter { $0.id == "ref.unused-string" }
        // Shown: the first 500; counted: every one (docs/commands.md, "Counts are exact").
        #expect(unused.count == Linter.findingsPerRuleLimit)
        #expect(report.omitted["ref.unused-string"] == 999_500)
        #expect(report.counts.byRule["ref.unused-string"] == 1_000_000)
        #expect(report.counts.warnings >= 1_000_000)
    }

    @Test func aMillionPaths() {
        var text = Examples.authoring(screens: "\"MANAGEMENT\": {\"type\": \"MANAGEMENT\", \"title_key\": \"title\", \"paths\": [PATHS]}, \"NO_ACTIVE\": {\"type\": \"NO_ACTIVE\", \"title_key\": \"title\", \"paths\": [{\"id\": \"n\", \"type\": \"MISSING_PURCHASE\", \"title_key\": \"title\"}]}",
                                      extra: "\"support\": {\"email\": \"a@example.com\"}")
        var paths = ""
        paths.reserveCapacity(60_000_000)
        for i in 0..<1_000_000 {
            if i > 0 { paths += "," }
            paths += "{\"id\":\"p\(i)\",\"type\":\"CUSTOM_ACTION\",\"action_identifier\":\"a\",\"title_key\":\"title\"}"
        }
        text = text.replacingOccurrences("PATHS", with: paths)
        let report = lint(Array(text.utf8))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.prefix(3).map(\.message))")
    }

    @Test(arguments: ["1e999999", "-1e999999", "-0", "0e0", "123456789012345678901234567890", "1E-400", "-9223372036854775809"])
    func extremeNumbers(_ number: String) {
        let config = Examples.authoring(extra: #""promotional_offers": {"o": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": \#(number)}]}}"#)
        let report = lint(Array(config.utf8))
        // Every such amount is either fine (-0, 0e0) or reported; never a trap.
        let amount = report.diagnostics.filter { $0.id == "offer.invalid-eligibility-amount" }
        #expect(amount.count == (["-0", "0e0"].contains(number) ? 0 : 1), "\(report.diagnostics.map(\.message))")
        #expect(Formatter.format(SourceFile(path: "f", text: config)).formatted?.contains(number) == true)
    }

    @Test func nulBytes() {
        let bytes = Array("{\"a\":".utf8) + [0, 0] + Array("\"x\u{0}y\"}".utf8) + [0]
        #expect(ids(lint(bytes)).contains("json.syntax"))
    }

    /// Every class of ill-formed UTF-8 (Unicode Table 3-7), inside and outside strings.
    @Test(arguments: [[0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
                      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0xC2], [0xE2, 0x82], [0xF0, 0x9F, 0x98]] as [[UInt8]])
    func invalidUTF8(_ sequence: [UInt8]) {
        let inString = Array("{\"localization\": {\"default\": \"en\", \"localized_strings\": {\"t\": {\"en\": \"a".utf8) + sequence + Array("b\"}}}}".utf8)
        #expect(lint(inString).diagnostics.filter { $0.id == "json.invalid-utf8" }.count == 1)
        let outside = Array("[1, ".utf8) + sequence + Array("]".utf8)
        #expect(ids(lint(outside)).contains("json.invalid-utf8"))
    }

    @Test func utf16AndUTF32() {
        let text: [UInt8] = Array("{\"screens\": {}}".utf8)
        let utf16LE: [UInt8] = text.flatMap { [$0, 0] }
        let utf16BE: [UInt8] = text.flatMap { [0, $0] }
        let utf32BE: [UInt8] = [0x00, 0x00, 0xFE, 0xFF] + text.flatMap { [0, 0, 0, $0] }
        let utf32LE: [UInt8] = text.flatMap { [$0, 0, 0, 0] }
        let cases: [([UInt8], String)] = [
            ([0xFF, 0xFE] + utf16LE, "UTF-16LE"), (utf16LE, "UTF-16LE"), ([0xFE, 0xFF] + utf16BE, "UTF-16BE"), (utf16BE, "UTF-16BE"),
            (utf32BE, "UTF-32BE"), (utf32LE, "UTF-32LE"),
        ]
        for (bytes, name) in cases {
            let report = lint(bytes)
            #expect(report.diagnostics.count == 1)
            #expect(report.diagnostics.first?.message.contains(name) == true, "\(name): \(report.diagnostics.map(\.message))")
        }
    }

    @Test(arguments: ["", " ", "\n\n\t  \r\n", "\u{FEFF}", "\u{FEFF}   "])
    func emptyAndBlankFiles(_ text: String) {
        let report = lint(Array(text.utf8))
        #expect(report.diagnostics.contains { $0.id == "json.syntax" && $0.message.contains("end of file") })
    }

    @Test func loneSurrogates() {
        for escape in [#"\ud800"#, #"\udfff"#, #"\ud800\ud800"#, #"\udc00\ud800"#, #"\ud83d"#] {
            let report = lint(Array(#"{"localization": {"default": "en", "localized_strings": {"t": {"en": "a\#(escape)b"}}}}"#.utf8))
            #expect(!report.diagnostics.filter { $0.id == "json.invalid-utf8" }.isEmpty, "\(escape)")
        }
    }

    @Test func keysDifferingOnlyByNormalization() {
        // NFC "é" and NFD "e" + U+0301; KELVIN SIGN and "K"; also in a large object (hash table path).
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        #expect(Array(nfc.utf8) != Array(nfd.utf8))
        let small = lint(Array("{\"\(nfc)\": 1, \"\(nfd)\": 2, \"\u{212A}\": 3, \"K\": 4}".utf8))
        let duplicates = small.diagnostics.filter { $0.id == "json.duplicate-key" }
        #expect(duplicates.count == 2)
        #expect(duplicates.first?.message.contains("Unicode normalization") == true)
        var large = "{"
        for i in 0..<300 { large += "\"k\(i)\": \(i), " }
        large += "\"\(nfc)\": 1, \"\(nfd)\": 2}"
        #expect(lint(Array(large.utf8)).diagnostics.filter { $0.id == "json.duplicate-key" }.count == 1)
    }

    /// Inputs the fuzzer found or that were written to break something once: each must still go
    /// through every stage (this is where new fuzz crashes are added).
    @Test func fuzzRegressions() throws {
        let directory = TestPaths.packageRoot.appendingPathComponent("Tests/CustomerCenterCompilerTests/FuzzRegressions")
        let files = TestPaths.files(in: directory, extensions: ["json", "bin"])
        #expect(!files.isEmpty)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let report = lint(bytes)
            for format in ReportFormat.allCases { _ = ReportRenderer.render(LintReport(files: [report]), format: format) }
            if let formatted = Formatter.format(SourceFile(path: "f", bytes: bytes)).formatted {
                #expect(Formatter.format(SourceFile(path: "f", text: formatted)).formatted == formatted)
            }
            _ = Workspace().run(Compile(SourceFile(path: "f", bytes: bytes)))
        }
    }
}
