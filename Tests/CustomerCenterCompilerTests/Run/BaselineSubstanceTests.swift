import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// A baseline entry stands for one finding as it was (docs/commands.md "Baselines"): a finding that
/// grew, got more severe or says something else is new and fails the gate; one that moved or shrank
/// is still accepted.
@Suite struct BaselineSubstanceTests {
    /// A config whose `title` has the texts `locales` (besides `en`), in a file that requires de and fr.
    static func config(title locales: [String], linesBefore: Int = 0, key: String = "title") -> String {
        let texts = ["de": "Hilfe", "fr": "Aide"].filter { locales.contains($0.key) }.sorted { $0.key < $1.key }
            .map { ", \"\($0.key)\": \"\($0.value)\"" }.joined()
        return String(repeating: "\n", count: linesBefore) + Examples.authoring(strings: "\"\(key)\": {\"en\": \"Help\"\(texts)}")
            .replacingOccurrences("\"default\": \"en\"", with: "\"default\": \"en\", \"supported\": [\"en\", \"de\", \"fr\"]")
            .replacingOccurrences("\"title_key\": \"title\"", with: "\"title_key\": \"\(key)\"")
    }

    static let requiring = LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: #"{"locales": {"required": ["de", "fr"]}}"#))

    /// The findings of `text` under a baseline recorded from `recorded` (the same file name).
    static func findings(_ text: String, baselineOf recorded: String, configuration: LinterConfiguration? = requiring) -> [Diagnostic] {
        let first = Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: recorded)], configuration: configuration, baseline: nil))
        let baseline = Baseline(source: SourceFile(path: "baseline.json", text: Baseline.write(first.report.files.filter { $0.source.path == "c.json" })))
        #expect(baseline.diagnostics.isEmpty)
        let run = Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: text)], configuration: configuration, baseline: baseline))
        return run.report.files.flatMap(\.diagnostics)
    }

    @Test func aFindingThatGathersANewLocaleIsNew() throws {
        let found = Self.findings(Self.config(title: []), baselineOf: Self.config(title: ["fr"]))
        let grown = try #require(found.first { $0.id == "l10n.missing-required-translation" }, "\(found.map(\.message))")
        #expect(grown.severity == .error && grown.parts == ["de", "fr"])
    }

    @Test func aFindingThatShrankOrMovedIsStillAccepted() {
        let recorded = Self.config(title: [])
        #expect(Self.findings(Self.config(title: ["fr"]), baselineOf: recorded).map(\.id) == [])
        #expect(Self.findings(Self.config(title: [], linesBefore: 7), baselineOf: recorded).map(\.id) == [])
        #expect(Self.findings(recorded, baselineOf: recorded).map(\.id) == [])
    }

    @Test func aRenamedKeyIsAnotherPlace() {
        let found = Self.findings(Self.config(title: ["fr"], key: "heading"), baselineOf: Self.config(title: ["fr"]))
        #expect(found.map(\.id) == ["l10n.missing-required-translation", "config.stale-ignore"], "\(found.map(\.message))")
    }

    @Test func aRaisedSeverityIsNewALoweredOneIsNot() {
        let warn = LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: #"{"locales": {"required": ["de", "fr"]}, "rules": {"l10n.missing-required-translation": "warning"}}"#))
        let text = Self.config(title: ["fr"])
        // Recorded as a warning, now an error: new.
        let raised = Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: text)], configuration: warn, baseline: nil))
        let baseline = Baseline(source: SourceFile(path: "baseline.json", text: Baseline.write(raised.report.files.filter { $0.source.path == "c.json" })))
        let now = Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: text)], configuration: Self.requiring, baseline: baseline))
        #expect(now.report.files.flatMap(\.diagnostics).contains { $0.id == "l10n.missing-required-translation" && $0.severity == .error })
        // Recorded as an error, now a warning: accepted.
        let lowered = Self.findings(text, baselineOf: text)
        #expect(lowered.isEmpty)
        let underWarn = Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: text)], configuration: warn,
                                             baseline: Baseline(source: SourceFile(path: "b.json", text: Baseline.write(
                                                 Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: text)], configuration: Self.requiring, baseline: nil))
                                                     .report.files.filter { $0.source.path == "c.json" })))))
        #expect(underWarn.report.files.flatMap(\.diagnostics).filter { $0.id == "l10n.missing-required-translation" }.isEmpty)
    }

    @Test func aFindingThatSaysSomethingElseIsNew() {
        // One thing at the same place, another value: the message differs.
        let recorded = Examples.authoring(strings: #""title": {"en": "Help"}"#, extra: #""support": {"email": "help@example"}"#)
        let changed = Examples.authoring(strings: #""title": {"en": "Help"}"#, extra: #""support": {"email": "help-at-example"}"#)
        let found = Self.findings(changed, baselineOf: recorded, configuration: nil)
        #expect(found.contains { $0.id == "support.invalid-email" }, "\(found.map(\.message))")
        #expect(Self.findings(recorded, baselineOf: recorded, configuration: nil).isEmpty)
    }

    @Test func anEntryWithoutWhatItSaidMatchesByPlace() {
        // Baselines written before entries recorded severity and message: rule and pointer alone.
        let text = Self.config(title: [])
        let old = #"{"version": 1, "findings": [{"file": "c.json", "rule": "l10n.missing-required-translation", "pointer": "/localization/localized_strings/title", "count": 1}]}"#
        let run = Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: text)], configuration: Self.requiring,
                                       baseline: Baseline(source: SourceFile(path: "baseline.json", text: old))))
        #expect(!run.report.files.flatMap(\.diagnostics).contains { $0.id == "l10n.missing-required-translation" })
    }

    @Test func theWrittenEntryRecordsSeverityAndPartsOrMessage() throws {
        let report = Workspace().run(Lint(sources: [SourceFile(path: "c.json", text: Self.config(title: []))], configuration: Self.requiring, baseline: nil))
        let written = Baseline.write(report.report.files.filter { $0.source.path == "c.json" })
        let read = Baseline(source: SourceFile(path: "baseline.json", text: written))
        let entry = try #require(read.entries.first { $0.rule == "l10n.missing-required-translation" })
        #expect(entry.severity == .error && entry.parts == ["de", "fr"] && entry.message == nil)
        #expect(read.entries.filter { $0.parts == nil }.allSatisfy { $0.message != nil && $0.severity != nil })
    }
}
