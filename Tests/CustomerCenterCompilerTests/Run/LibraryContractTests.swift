import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// The library's promises: output that scales with the input, contracts the renderers
/// keep, and a compile that refuses what it cannot ship whatever the configuration says.
@Suite struct LibraryContractTests {
    // MARK: End of file

    @Test func truncatedFileGetsOneEndOfFileError() throws {
        let text = #"{"screens": {"MANAGEMENT": {"paths": [[[[[["#
        let report = Linter.lint(SourceFile(path: "t.json", text: text))
        let syntax = report.diagnostics.filter { $0.id == "json.syntax" }
        #expect(syntax.count == 1, "\(syntax.map(\.message))")
        let eof = try #require(syntax.first)
        #expect(eof.message.contains("8 enclosing containers are still open"))
        // The note is at the innermost opener; the fix closes everything, innermost first.
        #expect(eof.notes.first?.range.start == text.utf8.count - 1)
        let fixed = apply(try #require(eof.fix).edits, to: Array(text.utf8))
        #expect(String(decoding: fixed, as: UTF8.self) == text + "]]]]]]}}}")
        #expect(JSONParser.parse(fixed).issues.isEmpty)
    }

    @Test func aMillionOpenBracketsGiveOneEndOfFileError() {
        let report = Linter.lint(SourceFile(path: "t.json", bytes: Array(repeating: UInt8(ascii: "["), count: 1_000_000)))
        #expect(report.diagnostics.filter { $0.id == "json.syntax" && $0.message.contains("end of file") }.count <= 1)
    }

    // MARK: Positions and snippets that scale

    @Test(arguments: [1, 7, 42])
    func columnsFromTheScalarTableEqualACountFromTheLineStart(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = ["a", "ü", "日本", "😀", "\n", "\r\n", "\u{0301}", "\"", " "]
        var text = ""
        for _ in 0..<6000 { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        let source = SourceFile(path: "r", text: text)
        let bytes = Array(text.utf8)
        for _ in 0..<300 {
            var offset = Int(random.next() % UInt64(bytes.count + 1))
            // A position is a scalar's first byte; the LF of a CRLF belongs to the line it ends.
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 || (bytes[offset] == 0x0A && offset > 0 && bytes[offset - 1] == 0x0D) {
                offset += 1
            }
            var lineStart = offset
            while lineStart > 0, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
            let column = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
            #expect(source.location(of: offset).column == column, "offset \(offset)")
        }
    }

    /// A minified (one-line) config with text in many scripts and a finding every few hundred bytes.
    static func minified(findings: Int, filler: String) -> String {
        var members: [String] = []
        let key = JSONWriter.quoted(filler)
        for i in 0..<findings { members.append("\(key.dropLast())_\(i)\": \(key)") }
        return #"{"localization": {"default": "en", "localized_strings": {"title": {"en": "Help"}}}, "screens": {}, "#
            + members.joined(separator: ", ") + "}"
    }

    @Test(arguments: ["ascii_text", "日本語のテキスト", "مرحبا", "e\u{0301}e\u{0301}", "😀👍🏽", "tab\there", "ctl\u{1}x"])
    func humanSnippetsAreWindowsWhateverTheScript(_ filler: String) {
        let text = Self.minified(findings: 300, filler: filler)
        let report = Linter.lint(SourceFile(path: "m.json", text: text))
        #expect(report.diagnostics.count >= 300)
        let output = HumanRenderer(color: false).render(LintReport(files: [report]))
        for line in output.split(separator: "\n") where line.contains(" | ") {
            let shown = line.split(separator: "|", maxSplits: 1).last.map(String.init) ?? ""
            let width = shown.unicodeScalars.reduce(0) { $0 + TerminalText.width(of: $1) }
            #expect(width <= HumanRenderer.maxLineWidth + 4, "a snippet line of \(width) columns")
        }
        // Bounded per finding: never the whole line again for each one.
        #expect(output.utf8.count < report.diagnostics.count * 1_500, "\(output.utf8.count) bytes for \(report.diagnostics.count) findings")
    }

    @Test func caretStaysUnderTheRangeInAWindow() {
        let prefix = String(repeating: "日本", count: 400)
        let text = #"{"localization": {"default": "en", "localized_strings": {"title": {"en": "\#(prefix)"}}}, "screens": {}, "zz_unknown": 1}"#
        let report = Linter.lint(SourceFile(path: "m.json", text: text))
        let output = HumanRenderer(color: false).render(LintReport(files: [report]))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines.firstIndex { $0.contains("[schema.unknown-field]") }
        #expect(header != nil)
        if let header, header + 3 < lines.count {
            let sourceLine = lines[header + 2], caretLine = lines[header + 3]
            // The caret's display column is where `"zz_unknown"` starts in the shown text.
            func column(_ line: String, of needle: String) -> Int? {
                guard let range = line.range(of: needle) else { return nil }
                return line[..<range.lowerBound].unicodeScalars.reduce(0) { $0 + TerminalText.width(of: $1) }
            }
            #expect(column(sourceLine, of: "\"zz_unknown\"") == column(caretLine, of: "^"), "\(sourceLine)\n\(caretLine)")
            #expect(sourceLine.contains("…"))
        }
    }

    // MARK: Formats keep their contracts

    @Test func formatKeepsCRLF() throws {
        let text = "{\r\n  \"screens\": {},\r\n  \"localization\": {\"default\": \"en\", \"localized_strings\": {}}\r\n}\r\n"
        let result = Formatter.format(SourceFile(path: "c.json", text: text))
        let formatted = try #require(result.formatted)
        #expect(formatted.contains("\r\n"))
        #expect(!formatted.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        // Already canonical apart from the line endings: nothing to change.
        let again = Formatter.format(SourceFile(path: "c.json", text: formatted))
        #expect(!again.changesFile)
        #expect(Formatter.format(SourceFile(path: "c.json", text: "{\"a\": 1}\n")).formatted == "{\n  \"a\": 1\n}\n")
    }

    static let unreadable = LintReport(files: [], unreadable: [UnreadableFile(path: "config", reason: "it is a directory")])

    @Test func unreadableInputsAreReportedInEveryFormat() throws {
        #expect(HumanRenderer(color: false).render(Self.unreadable) == "nothing was checked; 1 file was not read\n")
        let json = JSONReportRenderer().render(Self.unreadable)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect((summary["unreadable"] as? [[String: String]])?.first?["reason"] == "it is a directory")
        let sarif = SARIFRenderer(rules: RuleCatalog.all).render(Self.unreadable)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        #expect((invocation["toolExecutionNotifications"] as? [Any])?.count == 1)
        let junit = JUnitRenderer(rules: RuleCatalog.all).render(Self.unreadable)
        #expect(junit.contains("<error type=\"unreadable\""))
        #expect(junit.contains("errors=\"1\""))
        #expect(GitHubRenderer().render(Self.unreadable).hasPrefix("::error file=config,title=unreadable::"))
        // A clean run stays successful.
        let clean = try #require(try JSONSerialization.jsonObject(with: Data(SARIFRenderer(rules: RuleCatalog.all).render(LintReport(files: [])).utf8)) as? [String: Any])
        let cleanInvocation = ((clean["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first
        #expect(cleanInvocation?["executionSuccessful"] as? Bool == true)
    }

    @Test func junitListsNoRuleThatIsOff() throws {
        let source = SourceFile(path: "c.json", text: Examples.authoring())
        var settings = RunSettings()
        settings.rules = [try RuleSelection.parse("json.bom=off")]
        let reports = Workspace(settings: settings).run(Lint(sources: [source], configuration: nil)).report.files
        let xml = JUnitRenderer(rules: RuleCatalog.all).render(LintReport(files: reports))
        #expect(!xml.contains("name=\"json.bom\""))
        #expect(xml.contains("name=\"json.comment\""))
    }

    @Test func sarifURIs() throws {
        let renderer = SARIFRenderer(rules: RuleCatalog.all, workingDirectory: "/work/project")
        #expect(renderer.artifact("/tmp/my config.json") == .record([("uri", .text("file:///tmp/my%20config.json"))]))
        #expect(renderer.artifact("./config/customer_center.json")
                == .record([("uri", .text("config/customer_center.json")), ("uriBaseId", .text("%SRCROOT%"))]))
        #expect(renderer.artifact("../other/customer_center.json") == .record([("uri", .text("file:///work/other/customer_center.json"))]))
        let report = LintReport(files: [FileReport(source: SourceFile(path: "a.json", text: "{,}"), diagnostics: [])])
        let log = renderer.render(report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let base = (run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"]
        #expect(base == "file:///work/project/")
    }

    // MARK: Baselines match however a path was written

    @Test func baselinePathsAreNormalized() {
        let source = SourceFile(path: "./configs//customer_center.json", text: "{,}")
        let report = Linter.lint(source)
        #expect(!report.diagnostics.isEmpty)
        let written = Baseline.write([report])
        #expect(written.contains(#""file": "configs/customer_center.json""#))
        let baseline = Baseline(source: SourceFile(path: "baseline.json", text: written))
        let other = Linter.lint(SourceFile(path: "configs/customer_center.json", text: "{,}"))
        let applied = Workspace().run(Lint(sources: [other.source], configuration: nil, baseline: baseline)).report.files
        #expect(applied.flatMap(\.diagnostics).isEmpty, "\(applied.flatMap(\.diagnostics).map(\.message))")
    }

    // MARK: compile under the lint run

    static let unresolved = Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "missing_key", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore_none", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#)

    @Test func compileRefusesAnUnresolvedReferenceWhateverTheConfigurationSays() throws {
        let source = SourceFile(path: "c.json", text: Self.unresolved)
        let off = LintOptions(severityOverrides: ["ref.unresolved-string": .off])
        let result = Workspace().run(Compile(source, lintOptions: off, options: CompileOptions(platforms: [.ios])))
        #expect(result.payloads == nil)
        #expect(result.output.report.diagnostics.contains { $0.id == "ref.unresolved-string" && $0.message.contains("compile refuses") })
        let ignoring = LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: """
            {"ignore": [{"rule": "ref.unresolved-string", "pointer": "/screens/MANAGEMENT/title_key"}]}
            """))
        let ignored = Workspace().run(Compile(source, configuration: ignoring, options: CompileOptions(platforms: [.ios])))
        #expect(ignored.payloads == nil)
    }

    @Test func compileHonoursTheConfigurationsIgnores() throws {
        // An error that is only our judgement (not a blocking one), ignored by the configuration file:
        // lint passes, so compile must not refuse.
        let text = Examples.authoring(extra: #""support": {"email": "not-an-email"}"#)
        let source = SourceFile(path: "c.json", text: text)
        let configuration = LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: """
            {"ignore": [{"rule": "support.invalid-email", "pointer": "/support/email"}]}
            """))
        let lint = Workspace().run(Lint(sources: [source], configuration: configuration))
        #expect(!lint.report.files.flatMap(\.diagnostics).contains { $0.severity == .error })
        #expect(lint.report.files.count == 1, "the ignore entry was used: it is not stale")
        let compiled = Workspace().run(Compile(source, configuration: configuration, options: CompileOptions(platforms: [.ios])))
        #expect(compiled.payloads != nil, "\(compiled.output.report.diagnostics.map(\.message))")
    }

    @Test func compileFollowsTheRunsSettingsAndConfiguration() throws {
        let text = Examples.authoring(extra: #""support": {"email": "not-an-email"}"#)
        let source = SourceFile(path: "c.json", text: text)
        let refused = Workspace().run(Compile(source, options: CompileOptions(platforms: [.ios])))
        #expect(refused.payloads == nil && refused.bundle == nil)
        #expect(refused.verdict == .failed(reason: nil))
        // The same error set to a warning on the command line: it compiles, and --strict fails
        // the run's verdict as lint's would, payloads kept.
        var settings = RunSettings()
        settings.rules = [try RuleSelection.parse("support.invalid-email=warning")]
        let compiled = Workspace(settings: settings).run(Compile(source, options: CompileOptions(platforms: [.ios])))
        #expect(compiled.payloads?.isEmpty == false && compiled.payloads?.allSatisfy { $0.platform == .ios } == true)
        #expect(compiled.verdict == .passed)
        #expect(compiled.bundle?.contains(#""ios""#) == true)
        settings.strict = true
        #expect(Workspace(settings: settings).run(Compile(source, options: CompileOptions(platforms: [.ios]))).verdict != .passed)
        // A configuration file the run cannot follow stops it, as lint's does.
        let invalid = LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: #"{"rules": {"no.such-rule": "off"}}"#))
        let stopped = Workspace().run(Compile(source, configuration: invalid))
        #expect(stopped.payloads == nil)
        #expect(stopped.verdict == .invalidConfiguration)
        #expect(stopped.report.files.map(\.source.path) == [".customer-center.json"])
    }

    @Test func requiredLocalesKeepTheirSeverity() {
        let text = Examples.authoring(strings: #""title": {"en": "Help"}"#)
            .replacingOccurrences(of: #""default": "en""#, with: #""default": "en", "supported": ["en", "de"]"#)
        let options = LintOptions(severityOverrides: ["l10n.missing-translation": .off], requiredLocales: ["de"])
        let report = Linter.lint(SourceFile(path: "c.json", text: text), options: options)
        #expect(report.diagnostics.contains { $0.id == "l10n.missing-required-translation" && $0.severity == .error })
        #expect(!report.diagnostics.contains { $0.id == "l10n.missing-translation" })
    }

    // MARK: init --locales

    @Test func initLocalesAcceptCaseSpacesAndTags() throws {
        #expect(try DefaultConfig.parseLocales("EN").get() == ["en"])
        #expect(try DefaultConfig.parseLocales("en, de").get() == ["en", "de"])
        #expect(try DefaultConfig.parseLocales("pt-BR,pt_br, zh-hant").get() == ["pt-BR", "zh-Hant"])
        if case .failure(let error) = DefaultConfig.parseLocales("en,xx") { #expect(error.entry == "xx") } else { Issue.record("xx accepted") }
        let json = DefaultConfig.json(locales: ["en", "pt-BR"])
        let report = Linter.lint(SourceFile(path: "c.json", text: json))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(json.contains(#""pt-BR": "#))
    }
}


/// A file of binary garbage stops being reported after the issue limit, and says so once.
@Suite struct SyntaxErrorLimitTests {
    @Test func tooManySyntaxErrorsIsSaidOnce() {
        let garbage = "[" + String(repeating: "@, ", count: 400) + "1]"
        let report = Linter.lint(SourceFile(path: "g.json", text: garbage))
        let stop = report.diagnostics.filter { $0.message.hasPrefix("too many syntax errors") }
        #expect(stop.count == 1)
        #expect(stop.first?.message == "too many syntax errors (\(JSONParser.defaultIssueLimit)); stopped reading the file here")
        #expect(report.diagnostics.filter { $0.id == "json.syntax" }.count <= JSONParser.defaultIssueLimit + 1)
    }
}
