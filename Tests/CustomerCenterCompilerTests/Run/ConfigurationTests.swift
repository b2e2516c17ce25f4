import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

@Suite struct ConfigurationTests {
    static let config = Examples.authoring(strings: #""title": {"en": "Help"}, "legacy": {"en": "Old"}"#)

    /// `config.stale-ignore`'s own examples, which are configuration files.
    @Test func staleIgnoreExamples() {
        let rule = ConfigStaleIgnoreRule.descriptor
        let failing = MarkedText(rule.failingExample)
        let reports = Workspace(settings: RunSettings()).run(Lint(sources: [SourceFile(path: "cc.json", text: Self.config)],
                                   configuration: LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: failing.text)))).report.files
        let stale = reports.flatMap(\.diagnostics).filter { $0.id == rule.id }
        #expect(stale.map(\.range.start) == failing.offsets)
        #expect(stale.first?.file == ".customer-center.json")
        let passing = Workspace(settings: RunSettings()).run(Lint(sources: [SourceFile(path: "cc.json", text: Self.config)],
                                   configuration: LinterConfiguration(source: SourceFile(path: ".customer-center.json", text: rule.passingExample)))).report.files
        #expect(passing.flatMap(\.diagnostics).allSatisfy { $0.id != rule.id })
    }

    @Test func ignoreCoversTheValueAndItsChildren() {
        let configuration = LinterConfiguration(source: SourceFile(path: "c", text: #"{"ignore": [{"rule": "ref.unused-string", "pointer": "/localization"}]}"#))
        #expect(configuration.diagnostics.isEmpty)
        let reports = Workspace().run(Lint(sources: [SourceFile(path: "cc.json", text: Self.config)], configuration: configuration)).report.files
        #expect(reports.count == 1)
        #expect(reports[0].diagnostics.filter { $0.id == "ref.unused-string" }.isEmpty)
    }

    @Test func precedenceIsDefaultThenFileThenCommandLine() throws {
        let configuration = LinterConfiguration(source: SourceFile(path: "c", text: #"{"rules": {"ref.unused-string": "error", "json.bom": "off"}, "platforms": ["android"]}"#))
        var settings = RunSettings()
        settings.platforms = [.ios]
        settings.rules = [try RuleSelection.parse("json.bom=warning")]
        let options = Policy(settings: settings, configuration: configuration).options
        #expect(options.severityOverrides["ref.unused-string"] == .error)
        #expect(options.severityOverrides["json.bom"] == .warning)
        #expect(options.platforms == [.ios])
        #expect(Policy(settings: RunSettings(), configuration: configuration).options.platforms == [.android])
    }

    @Test func invalidPointerAndUnknownRuleAreReported() {
        let configuration = LinterConfiguration(source: SourceFile(path: "c", text: #"{"ignore": [{"rule": "ref.unused-strin", "pointer": "/a"}, {"rule": "json.bom", "pointer": "a/b"}]}"#))
        #expect(configuration.diagnostics.map(\.id) == ["schema.enum-value", "schema.type-mismatch"])
        #expect(configuration.diagnostics.first?.fix?.message == "did you mean 'ref.unused-string'?")
        #expect(configuration.ignores.isEmpty)
    }
}
