import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// `localized_strings` read on two threads (JSONSyntax's StringTableSplit.swift; the collector
/// takes its partner's members): the decoded table (keys, texts, locale numbers and names,
/// exceptions) and every report are those of one thread's read, wherever the second thread
/// starts, on every shipped example, fixture and the edge cases by name.
@Suite struct TableSplitTests {
    /// The collected table, as its columns hold it.
    static func describe(_ entries: StringEntries) -> [String] {
        let storage = entries.storage, table = storage.table
        var lines = ["keys \(storage.keyRanges)", "decoded \(storage.keys)",
                     "first \(storage.firstRecords)", "unique \(storage.uniqueCount)", "locales \(table.locales)"]
        for record in 0..<table.columns.count { lines.append("\(record): \(table.columns.start(record)) \(table.columns.shape(record).bits)") }
        for exception in table.exceptions {
            lines.append("exception \(exception.record) \(exception.text) \(exception.locale) \(exception.localeRange)")
        }
        return lines
    }

    struct Collected: Equatable {
        var table: [String]?
        var issues: [JSONSyntaxIssue]
        var tree: JSONValue?
    }

    /// `bytes` parsed into a collector of `threads`, the second thread told to start near
    /// `near` (the middle when `nil`), whatever the table's size; and the keys it took from it.
    static func collect(_ bytes: [UInt8], threads: Int, near: Int? = nil) -> (collected: Collected, taken: Int) {
        var plan = ExecutionPlan(threadsPerFile: threads)
        (plan.tableSplitFromBytes, plan.tableSplitNear) = (0, near)
        let collector = StringTableCollector(bytes: bytes, plan: plan)
        let parsed = JSONParser.parseTape(bytes, tableAt: StringTableCollector.tablePointer, tableSink: collector)
        let table = parsed.hasElidedTable ? describe(collector.build(strings: parsed.tape.strings, parent: .root)) : nil
        return (Collected(table: table, issues: parsed.issues, tree: parsed.root?.value), collector.keysTaken)
    }

    /// The table read with the second thread told to start at each byte in turn (every
    /// `step`th); returns how many reads took keys from it.
    @discardableResult
    static func checkSplits(_ text: String, step: Int = 1, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        let bytes = Array(text.utf8)
        let alone = collect(bytes, threads: 1).collected
        var splits = 0
        for near in stride(from: 0, through: bytes.count, by: step) {
            let (split, taken) = collect(bytes, threads: 2, near: near)
            #expect(split == alone, "split near \(near)", sourceLocation: sourceLocation)
            if split != alone { break }
            if taken > 0 { splits += 1 }
        }
        return splits
    }

    static func member(_ key: String, _ texts: [(String, String)]) -> String {
        "\"\(key)\": {" + texts.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ") + "}"
    }

    static func config(_ members: [String]) -> String {
        """
        {"localization": {"default": "en", "supported": ["en", "fr"], "localized_strings": {\(members.joined(separator: ",\n  "))}},
         "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title": "k0", "paths": [{"id": "p", "type": "CUSTOM_URL", "title": "k1", "url": "https://e.com"}]}}}
        """
    }

    static let members = (0..<10).map { member("k\($0)", [("en", "Text \($0)"), ("fr", "Texte \($0)"), ("de", $0 % 3 == 0 ? "" : "T \($0)")]) }

    /// The keys decoded and indexed beside the parse once the table is read
    /// (`StringTableCollector.tableEnded`): the same entries, lookups and repeated keys as the
    /// ones built after it.
    @Test func keysPreparedBesideTheParseAreTheSame() {
        let repeated = Self.config(Self.members + [Self.member("k3", [("en", "again")]), Self.member("k10", [("en", "ten")])])
        for text in [Self.config(Self.members), repeated] {
            let bytes = Array(text.utf8)
            func build(threads: Int) -> (entries: StringEntries, prepared: Bool) {
                var plan = ExecutionPlan(threadsPerFile: threads)
                plan.prepareKeysFrom = 0
                let collector = StringTableCollector(bytes: bytes, plan: plan)
                let parsed = JSONParser.parseTape(bytes, tableAt: StringTableCollector.tablePointer, tableSink: collector)
                return (collector.build(strings: parsed.tape.strings, parent: .root), collector.preparedKeysUsed)
            }
            let (alone, beside) = (build(threads: 1), build(threads: 2))
            #expect(!alone.prepared && beside.prepared)
            #expect(Self.describe(beside.entries) == Self.describe(alone.entries))
            #expect(beside.entries.hasRepeatedKeys == (text == repeated))
            let (one, two) = (StringIndex(alone.entries), StringIndex(beside.entries))
            for key in ["k0", "k3", "k9", "k10", "missing"] { #expect(two.position(of: key) == one.position(of: key), "\(key)") }
            #expect(two.keys == one.keys)
        }
    }

    @Test func everySplitPointDecodesAsOneThread() {
        #expect(Self.checkSplits(Self.config(Self.members)) > 5)
        // Texts that look like member starts.
        var members = Self.members
        members[3] = Self.member("k3", [("en", "a}, "), ("fr", "}, \\\"x\\\": {")])
        members[7] = Self.member("k7", [("en", "b},   "), ("fr", "c")])
        #expect(Self.checkSplits(Self.config(members)) > 3)
    }

    @Test func escapesInEitherHalfAndARepeatedKey() {
        var members = Self.members
        members[2] = Self.member("k2", [("en", "Two\\n"), ("fr", "Deux")])
        members[8] = Self.member("k8", [("en", "\\u00e9"), ("fr", "Huit")])
        #expect(Self.checkSplits(Self.config(members)) > 3)
        // The same key in each half: kept twice, as with one thread (the reader then parses again).
        members = Self.members
        members[8] = Self.member("k1", [("en", "again")])
        let bytes = Array(Self.config(members).utf8)
        #expect(Self.checkSplits(Self.config(members)) > 3)
        let (split, taken) = Self.collect(bytes, threads: 2, near: bytes.count / 2)
        #expect(taken > 0 && split.table?.contains("unique 9") == true)
    }

    /// Locale names the second half adds get the numbers one thread gives them; past the
    /// shapes' 63 locales that would change a text's shape, the members are read again instead.
    @Test func manyLocales() {
        let locales = (0..<90).map { "l\($0)" }
        // The same 70 locales in both halves: taken.
        let same = (0..<8).map { key in Self.member("k\(key)", locales.prefix(70).map { ($0, "t\(key)") }) }
        let bytes = Array(Self.config(same).utf8)
        let (split, taken) = Self.collect(bytes, threads: 2, near: bytes.count / 2)
        #expect(taken > 0)
        #expect(split == Self.collect(bytes, threads: 1).collected)
        #expect(Self.checkSplits(Self.config(same), step: 97) > 3)
        // 40 in the first half, then 50 others: numbers past 63 in the second half that were below.
        let crossing = (0..<8).map { key in Self.member("k\(key)", (key < 4 ? locales.prefix(40) : locales.suffix(50)).map { ($0, "t") }) }
        let crossingBytes = Array(Self.config(crossing).utf8)
        let crossingSplit = Self.collect(crossingBytes, threads: 2, near: crossingBytes.count / 2)
        #expect(crossingSplit.taken == 0)
        #expect(crossingSplit.collected == Self.collect(crossingBytes, threads: 1).collected)
        Self.checkSplits(Self.config(crossing), step: 13)
        // New names within the limit: numbered after the first half's, in the order met.
        let renumbered = (0..<8).map { key in Self.member("k\(key)", (key < 4 ? ["en", "fr"] : ["de", "fr", "it", "en"]).map { ($0, "t") }) }
        let renumberedBytes = Array(Self.config(renumbered).utf8)
        let renumberedSplit = Self.collect(renumberedBytes, threads: 2, near: renumberedBytes.count / 2)
        #expect(renumberedSplit.taken > 0)
        #expect(renumberedSplit.collected == Self.collect(renumberedBytes, threads: 1).collected)
        #expect(renumberedSplit.collected.table?.contains("locales [\"en\", \"fr\", \"de\", \"it\"]") == true)
        Self.checkSplits(Self.config(renumbered))
    }

    @Test func syntaxErrorsAndTheIssueLimitInTheSecondHalf() {
        var members = Self.members
        for broken in [#""k8": {"en": "x",}"#, #""k8": {"en": "x"} "k9": {"en": "y"}"#, #""k8": {"en": // c"# + "\n\"x\"}",
                       #""k8": {"en": "x", "en": "y"}"#, #""k8": {"en": 1}"#, #""k8": {"en": "x"},"#] {
            members[8] = broken
            Self.checkSplits(Self.config(members))
        }
        members = Self.members + (0..<250).map { #""b\#($0)": {"en": "x",}"# }
        Self.checkSplits(Self.config(members), step: 101)
    }

    @Test func aTableThatEndsBeforeTheMiddle() {
        let screens = (0..<40).map { #""S\#($0)": {"type": "t\#($0)", "title": "k0"}"# }.joined(separator: ", ")
        let text = #"{"localization": {"localized_strings": {"k0": {"en": "x"}, "k1": {"en": "y"}}}, "screens": {"# + screens + "}}"
        let bytes = Array(text.utf8)
        #expect(Self.collect(bytes, threads: 2) == (Self.collect(bytes, threads: 1).collected, 0))
        Self.checkSplits(text)
    }

    /// Generated tables of every kind of member, split at a few points each.
    @Test func randomTables() {
        var generator = SeededGenerator(seed: 42)
        let texts = ["x", "", "}, ", "a\\nb", "}, \\\"k\\\": {", "\\u00e9", "é", "日本"]
        let locales = ["en", "fr", "de", "e\\u006e", "es", "it"]
        var splits = 0
        for _ in 0..<60 {
            let members = (0..<Int(generator.next() % 12 + 2)).map { index in
                let count = Int(generator.next() % 4)
                return Self.member(generator.next() % 20 == 0 ? "k0" : "k\(index)", (0..<count).map { _ in
                    (locales[Int(generator.next() % (generator.next() % 10 == 0 ? 6 : 3))], texts[Int(generator.next() % UInt64(texts.count))])
                })
            }
            splits += Self.checkSplits(Self.config(members), step: 5)
        }
        #expect(splits > 100)
    }

    /// Every report format of `bytes` linted with the second thread told to start near each of
    /// `points` (and the middle), against one thread's.
    static func checkReports(_ bytes: [UInt8], path: String, points: [Int], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        func reports(threads: Int, near: Int?) -> [String] {
            var request = PipelineRequest(SourceFile(path: path, bytes: bytes))
            request.plan = ExecutionPlan(threadsPerFile: threads)
            (request.plan.tableSplitFromBytes, request.plan.tableSplitNear) = (0, near)
            let report = Pipeline.run(request).analysis.report
            return ReportFormat.allCases.map { ReportRenderer.render(LintReport(files: [report]), format: $0) }
        }
        let alone = reports(threads: 1, near: nil)
        for near in [nil] + points {
            #expect(reports(threads: 2, near: near) == alone, "\(path) split near \(near.map(String.init) ?? "the middle")", sourceLocation: sourceLocation)
        }
    }

    /// Points spread over the file, and the table's member starts.
    static func points(in bytes: [UInt8]) -> [Int] {
        var points = Array(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 8)))
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "}") && points.count < 24 { points.append(index) }
        return points
    }

    @Test func theShippedExamplesReportAsWithOneThread() throws {
        let files = TestPaths.files(in: TestPaths.examples, extensions: ["json"])
        #expect(files.count >= 5)
        var taken = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            Self.checkReports(bytes, path: file.lastPathComponent, points: Self.points(in: bytes))
            taken += Self.points(in: bytes).filter { Self.collect(bytes, threads: 2, near: $0).taken > 0 }.count
        }
        #expect(taken > 10, "the second thread's members were taken (\(taken) times)")
    }

    @Test(.enabled(if: TestPaths.sharedIsPresent, "skipped: ../shared/fixtures is absent (a clone on its own)"))
    func theFixturesReportAsWithOneThread() throws {
        let enumerator = FileManager.default.enumerator(at: TestPaths.fixtures, includingPropertiesForKeys: nil)
        var count = 0
        while let file = enumerator?.nextObject() as? URL {
            guard file.pathExtension == "json" else { continue }
            let bytes = Array(try Data(contentsOf: file))
            Self.checkReports(bytes, path: file.lastPathComponent, points: Array(Self.points(in: bytes).prefix(12)))
            count += 1
        }
        #expect(count > 10)
    }

    @Test func theEdgeCasesReportAsWithOneThread() {
        var escaped = Self.members
        escaped[2] = Self.member("k2", [("en", "Two\\n"), ("fr", "Deux")])
        escaped[8] = Self.member("k8", [("en", "\\u00e9"), ("fr", "Huit")])
        var repeated = Self.members
        repeated[8] = Self.member("k1", [("en", "again")])
        var broken = Self.members
        broken[8] = #""k8": {"en": "x",}"#
        let locales = (0..<90).map { "l\($0)" }
        let many = (0..<8).map { key in Self.member("k\(key)", (key < 4 ? locales.prefix(40) : locales.suffix(50)).map { ($0, "t") }) }
        let limit = Self.members + (0..<250).map { #""b\#($0)": {"en": "x",}"# }
        for members in [Self.members, escaped, repeated, broken, many, limit] {
            let bytes = Array(Self.config(members).utf8)
            Self.checkReports(bytes, path: "c.json", points: Self.points(in: bytes))
        }
    }
}
