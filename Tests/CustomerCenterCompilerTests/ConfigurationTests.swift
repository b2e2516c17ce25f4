import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

@Suite struct ConfigurationTests {
    static let config = Examples.authoring(strings: #""title": {"en": "Help"}, "legacy": {"en": "Old"}"#)

    /// `config.stale-ignore`'s own examples, which are configuration files.
    @Test func staleIgnoreExamples() {
        let rule = ConfigStaleIgnoreRule.descriptor
        let failing = MarkedText(rule.failingExample)
        let reports = LintRun.lint([SourceFile(path: "cc.json", text: Self.config)],
                                   configuration: LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: failing.text)),
                                   settings: RunSettings()).report.files
        let stale = reports.flatMap(\.diagnostics).filter { $0.id == rule.id }
        #expect(stale.map(\.range.start) == failing.offsets)
        #expect(stale.first?.file == ".customer-center.json")
        let passing = LintRun.lint([SourceFile(path: "cc.json", text: Self.config)],
                                   configuration: LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: rule.passingExample)),
                                   settings: RunSettings()).report.files
        #expect(passing.flatMap(\.diagnostics).allSatisfy { $0.id != rule.id })
    }

    @Test func ignoreCoversTheValueAndItsChildren() {
        let configuration = LinterConfiguration(source: SourceFile(path: "c", text: #"{"ignore": [{"rule": "ref.unused-string", "pointer": "/localization"}]}"#))
        #expect(configuration.diagnostics.isEmpty)
        let reports = LintRun.lint([SourceFile(path: "cc.json", text: Self.config)], configuration: configuration).report.files
        #expect(reports.count == 1)
        #expect(reports[0].diagnostics.filter { $0.id == "ref.unused-string" }.isEmpty)
    }

    @Test func precedenceIsDefaultThenFileThenCommandLine() throws {
        let configuration = LinterConfiguration(source: SourceFile(path: "c", text: #"{"rules": {"ref.unused-string": "error", "json.bom": "off"}, "platforms": ["android"]}"#))
        var settings = RunSettings()
        settings.platforms = [.ios]
        settings.rules = [try RuleSelection.parse("json.bom=warning")]
        let options = LintRun(settings: settings).options(for: configuration)
        #expect(options.severityOverrides["ref.unused-string"] == .error)
        #expect(options.severityOverrides["json.bom"] == .warning)
        #expect(options.platforms == [.ios])
        #expect(LintRun(settings: RunSettings()).options(for: configuration).platforms == [.android])
    }

    @Test func invalidPointerAndUnknownRuleAreReported() {
        let configuration = LinterConfiguration(source: SourceFile(path: "c", text: #"{"ignore": [{"rule": "ref.unused-strin", "pointer": "/a"}, {"rule": "json.bom", "pointer": "a/b"}]}"#))
        #expect(configuration.diagnostics.map(\.id) == ["schema.enum-value", "schema.type-mismatch"])
        #expect(configuration.diagnostics.first?.fix?.message == "did you mean 'ref.unused-string'?")
        #expect(configuration.ignores.isEmpty)
    }
}
