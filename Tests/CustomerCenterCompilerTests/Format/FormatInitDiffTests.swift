import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

@Suite struct FormatterTests {
    /// Every JSON we have: examples, fixtures, rule examples.
    static func corpus() -> [SourceFile] {
        var files = TestPaths.files(in: TestPaths.examples, extensions: ["json"])
            + TestPaths.files(in: TestPaths.fixtures.appendingPathComponent("sdk-responses"), extensions: ["json"])
            + TestPaths.files(in: TestPaths.fixtures.appendingPathComponent("dashboard-docs"), extensions: ["json", "jsonc"])
        files.sort { $0.path < $1.path }
        var sources = files.compactMap { url in (try? Data(contentsOf: url)).map { SourceFile(path: url.lastPathComponent, bytes: Array($0)) } }
        for rule in RuleCatalog.all {
            sources.append(SourceFile(path: "\(rule.id)-fail", text: MarkedText(rule.failingExample).text))
            sources.append(SourceFile(path: "\(rule.id)-pass", text: rule.passingExample))
        }
        return sources
    }

    @Test func idempotentAndLossless() throws {
        var formattedCount = 0
        for source in Self.corpus() {
            let result = Formatter.format(source)
            let parsed = JSONParserHelper.root(source)
            guard let once = result.formatted else {
                // Refused only when the file has a syntax error.
                #expect(result.report.diagnostics.contains { $0.severity == .error && $0.id.rawValue.hasPrefix("json.") }, "\(source.path)")
                continue
            }
            formattedCount += 1
            let twice = Formatter.format(SourceFile(path: source.path, text: once)).formatted
            #expect(twice == once, "\(source.path) is not idempotent")
            let reparsed = try #require(JSONParserHelper.root(SourceFile(path: source.path, text: once)))
            #expect(reparsed.isSameData(as: Self.sorted(try #require(parsed))), "\(source.path) lost data")
        }
        #expect(formattedCount > 30)
    }

    @Test func refusesSyntaxErrorsAndDuplicateKeys() {
        #expect(Formatter.format(SourceFile(path: "f", text: #"{"a": 1, "a": 2}"#)).formatted == nil)
        #expect(Formatter.format(SourceFile(path: "f", text: "{\"a\": 1,}")).formatted == nil)
        #expect(Formatter.format(SourceFile(path: "f", text: "\u{FEFF}{\"b\": [1, 2], \"a\": \"é\"}")).formatted == "{\n  \"a\": \"é\",\n  \"b\": [1, 2]\n}\n")
    }

    @Test func keepsUnknownFieldsAndNumbersAsWritten() {
        let formatted = Formatter.format(SourceFile(path: "f", text: #"{"zz_unknown": {"n": 1.50e+3, "m": -0}, "screens": {}}"#)).formatted
        #expect(formatted == "{\n  \"screens\": {},\n  \"zz_unknown\": {\n    \"m\": -0,\n    \"n\": 1.50e+3\n  }\n}\n")
    }

    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value.kind {
        case .object(let members):
            return JSONValue(.object(members.sorted { JSONWriter.keyOrder($0.key, $1.key) }.map { JSONMember(key: $0.key, keyRange: $0.keyRange, value: sorted($0.value)) }), range: value.range)
        case .array(let elements):
            return JSONValue(.array(elements.map(sorted)), range: value.range)
        default:
            return value
        }
    }
}

@Suite struct DefaultConfigTests {
    @Test func everyLocaleHasEveryString() {
        #expect(DefaultConfig.locales.count == 32)
        for locale in DefaultConfig.locales {
            let texts = DefaultTranslations.all[locale]
            #expect(texts?.count == DefaultConfig.keys.count, "\(locale)")
            #expect(texts?.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: " ") } == true, "\(locale)")
        }
        #expect(DefaultTranslations.all.count == 32)
    }

    @Test func defaultConfigHasZeroFindings() {
        let report = Linter.lint(SourceFile(path: "default.json", text: DefaultConfig.json()))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map { "\($0.id): \($0.message)" })")
    }

    @Test func shippedExampleIsTheInitOutput() throws {
        let shipped = try String(contentsOf: TestPaths.examples.appendingPathComponent("default.json"), encoding: .utf8)
        #expect(shipped == DefaultConfig.json(), "Examples/default.json is out of date; run: swift run customer-center init > Examples/default.json")
    }

    @Test func subsetOfLocales() {
        let text = DefaultConfig.json(locales: ["de", "fr"])
        let report = Linter.lint(SourceFile(path: "d", text: text))
        #expect(report.diagnostics.isEmpty)
        #expect(text.contains("\"default\": \"de\""))
        #expect(!text.contains("\"en\":"))
    }
}

@Suite struct DiffTests {
    static let base = Examples.authoring(
        screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay", "feedback_survey": {"title_key": "title", "options": [{"id": "price", "title_key": "title"}, {"id": "usage", "title_key": "title"}]}}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#,
        strings: #""title": {"en": "Help for {{ price }}", "de": "Hilfe"}"#,
        extra: #""promotional_offers": {"stay": {"ios_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}}"#)

    static func config(_ text: String) throws -> CustomerCenterConfig {
        try #require(Linter.analyze(SourceFile(path: "f", text: text)).config)
    }

    static func changes(_ edit: (String) -> String) throws -> [ConfigChange] {
        ConfigDiff.changes(from: try config(base), to: try config(edit(base)))
    }

    @Test func noChangesForTheSameData() throws {
        let reformatted = JSONWriter(sortKeys: true).write(try #require(JSONParserHelper.root(SourceFile(path: "f", text: Self.base))))
        #expect(ConfigDiff.changes(from: try Self.config(Self.base), to: try Self.config(reformatted)).isEmpty)
    }

    @Test(arguments: [
        (#""id": "restore""#, #""id": "restore_purchases""#, "renamed", "path", true),
        (#", "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#, "", "removed", "screen", true),
        (#"{"id": "usage", "title_key": "title"}"#, #"{"id": "not_using", "title_key": "title"}"#, "renamed", "survey-option", true),
        (#""ios_offer_id": "stay""#, #""ios_offer_id": "stay_v2""#, "changed", "store-offer-id", true),
        (#""ios_offer_id": "stay","#, #""ios_offer_id": "stay", "android_offer_id": "stay","#, "changed", "store-offer-id", false),
        (#"Help for {{ price }}"#, #"Help for {{ prize }}"#, "changed", "string", true),
        (#""de": "Hilfe""#, #""de": "Hilfe!""#, "changed", "string", false),
        (#""type": "CANCEL""#, #""type": "CHANGE_PLANS""#, "changed", "path", false),
    ])
    func changeIsClassified(_ find: String, _ replace: String, _ kind: String, _ subject: String, _ breaking: Bool) throws {
        let changes = try Self.changes { $0.replacingOccurrences(find, with: replace) }
        let matching = changes.filter { $0.subject == subject }
        #expect(matching.count == 1, "\(changes.map(\.message))")
        #expect(matching.first?.kind.rawValue == kind)
        #expect(matching.first?.breaking == breaking)
    }

    @Test func removedLocaleIsBreaking() throws {
        let changes = try Self.changes {
            $0.replacingOccurrences(#""default": "en""#, with: #""default": "en", "supported": ["en"]"#).replacingOccurrences(#", "de": "Hilfe""#, with: "")
        }
        #expect(changes.contains { $0.subject == "locale" && $0.kind == .removed && $0.breaking })
        #expect(changes.first?.breaking == true)  // breaking first
    }

    // MARK: The entry point: two sources in, the changes or why there are none

    @Test func compareGivesTheChangesOfTwoSources() {
        let old = SourceFile(path: "old.json", text: Self.base)
        let new = SourceFile(path: "new.json", text: Self.base.replacingOccurrences(#""id": "restore""#, with: #""id": "r2""#))
        let diff = ConfigDiff.compare(old, new)
        #expect(diff.problem == nil)
        #expect(diff.changes.map(\.kind) == [.renamed])
        #expect(diff.hasBreakingChanges)
        #expect(!ConfigDiff.compare(old, old).hasBreakingChanges)
    }

    @Test func compareRefusesASideThatIsNotValidJSON() throws {
        let broken = SourceFile(path: "new.json", text: Self.base.replacingOccurrences(#""type": "CANCEL""#, with: #""type": "CANCEL",,"#))
        let diff = ConfigDiff.compare(SourceFile(path: "old.json", text: Self.base), broken)
        guard case .invalidJSON(let report)? = diff.problem else {
            Issue.record("expected invalidJSON, got \(String(describing: diff.problem))")
            return
        }
        #expect(report.source.path == "new.json")
        #expect(!report.diagnostics.isEmpty && report.diagnostics.allSatisfy { $0.id.rawValue.hasPrefix("json.") })
        #expect(diff.changes.isEmpty && diff.problem?.message == "cannot compare: 'new.json' is not valid JSON")
    }

    @Test func compareRefusesJSONThatIsNotAConfig() {
        let diff = ConfigDiff.compare(SourceFile(path: "schema.json", text: #"{"$schema": "x"}"#), SourceFile(path: "new.json", text: Self.base))
        guard case .notAConfig(let path)? = diff.problem else {
            Issue.record("expected notAConfig, got \(String(describing: diff.problem))")
            return
        }
        #expect(path == "schema.json")
    }

    @Test func compareRefusesAnAuthoringConfigAgainstAResponse() throws {
        let response = SourceFile(path: "response.json", bytes: Array(try Data(contentsOf: PackagePaths.root.appendingPathComponent("Examples/response.json"))))
        let diff = ConfigDiff.compare(SourceFile(path: "local.json", text: Self.base), response)
        guard case .mismatchedFormats(let old, .authoring, let new, .response)? = diff.problem else {
            Issue.record("expected mismatchedFormats, got \(String(describing: diff.problem))")
            return
        }
        #expect((old, new) == ("local.json", "response.json"))
        #expect(diff.problem?.help != nil)
        // Read as one format, both sides compare.
        #expect(ConfigDiff.compare(SourceFile(path: "local.json", text: Self.base), response, inputFormat: .authoring).problem == nil)
    }

    @Test func jsonOutputParses() throws {
        let changes = try Self.changes { $0.replacingOccurrences(#""id": "restore""#, with: #""id": "r2""#) }
        let root = try #require(JSONParserHelper.root(SourceFile(path: "d", text: DiffRenderer.json(changes))))
        #expect(root.member("summary")?.value.member("breaking")?.value.kind == .number(JSONNumber(text: "1")))
    }
}
