import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// One generic test over every rule in the catalog: each failing example must produce this
/// rule's diagnostics exactly at its `↓` markers, each passing example none, and both must
/// still hold after transformations that change bytes but not meaning.
@Suite struct RuleExamplesTests {
    enum Variant: String, CaseIterable, Sendable {
        case original, crlf, bom, reindented, multibyteEarlier
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let id: RuleID
        let variant: Variant
        var testDescription: String { "\(id) \(variant.rawValue)" }
    }

    /// Rules about documents (`config.*` rules are about the configuration file; `ConfigurationTests` runs theirs).
    /// (`preview.*` rules come from the rendered page, not from lint: `PreviewTests` runs theirs.)
    static let documentRules = RuleCatalog.all.filter { !$0.formats.isEmpty && !RuleCatalog.previewRules.contains($0.id) }
    static let cases: [Case] = documentRules.flatMap { rule in Variant.allCases.map { Case(id: rule.id, variant: $0) } }

    /// The marked text after the variant's transformation (markers travel with the text).
    static func transform(_ marked: String, _ variant: Variant, id: RuleID) -> String? {
        switch variant {
        case .original:
            return marked
        case .crlf:
            return marked.contains("\n") ? marked.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") : nil
        case .bom:
            return marked.contains("\u{FEFF}") || id == JSONByteOrderMarkRule.descriptor.id ? nil : "\u{FEFF}" + marked
        case .reindented:
            if marked.contains("\u{FEFF}") { return nil }
            return marked.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        case .multibyteEarlier:
            // Multi-byte text in a member each format allows, before everything else.
            guard marked.hasPrefix("{") else { return nil }
            let key = RuleCatalog.descriptor(for: id)?.exampleFormat == .response ? "last_published_app_version" : "$schema"
            return "{\"\(key)\": \"ünïcödé 日本 😀 ñ\", " + marked.dropFirst()
        }
    }

    func check(_ marked: String, rule: RuleDescriptor, variant: Variant, expectMarkers: Bool) {
        guard let transformed = Self.transform(marked, variant, id: rule.id) else { return }
        let example = MarkedText(transformed)
        let report = Linter.lint(SourceFile(path: "example.json", text: example.text), options: rule.exampleOptions)
        let found = report.diagnostics.filter { $0.id == rule.id }.map(\.range.start)
        if expectMarkers {
            #expect(!example.offsets.isEmpty, "failing example of \(rule.id) has no marker")
            #expect(found == example.offsets, "\(rule.id) \(variant): expected diagnostics at \(example.offsets), got \(found)")
        } else {
            #expect(found.isEmpty, "\(rule.id) \(variant): passing example produced diagnostics at \(found)")
        }
    }

    @Test(arguments: cases)
    func examples(_ testCase: Case) throws {
        let rule = try #require(RuleCatalog.descriptor(for: testCase.id))
        for example in rule.failingExamples { check(example, rule: rule, variant: testCase.variant, expectMarkers: true) }
        for example in rule.passingExamples { check(example, rule: rule, variant: testCase.variant, expectMarkers: false) }
    }

    @Test(arguments: documentRules.map(\.id))
    func switchedOffRuleIsSilent(_ id: RuleID) throws {
        let rule = try #require(RuleCatalog.descriptor(for: id))
        for marked in rule.failingExamples {
            let example = MarkedText(marked)
            var options = rule.exampleOptions
            options.severityOverrides = [id: .off]
            let report = Linter.lint(SourceFile(path: "example.json", text: example.text), options: options)
            #expect(report.diagnostics.allSatisfy { $0.id != id })
        }
    }

    /// The descriptor's `blocksCompile` is what the compile gate reads: switched off, a rule
    /// that blocks compile still refuses its failing examples; one that does not lets through
    /// an example whose only error is its own.
    @Test(arguments: documentRules.filter { $0.exampleFormat == .authoring }.map(\.id))
    func compileGateFollowsTheDescriptor(_ id: RuleID) throws {
        let rule = try #require(RuleCatalog.descriptor(for: id))
        for marked in rule.failingExamples {
            let text = MarkedText(marked).text
            let on = Workspace().run(Compile(SourceFile(path: "e.json", text: text), lintOptions: rule.exampleOptions))
            var off = rule.exampleOptions
            off.severityOverrides = [id: .off]
            let othersAreClean = on.output.report.diagnostics.allSatisfy { $0.id == id || $0.severity != .error }
            guard on.output.report.diagnostics.contains(where: { $0.id == id }), othersAreClean else { continue }
            let result = Workspace().run(Compile(SourceFile(path: "e.json", text: text), lintOptions: off))
            if rule.blocksCompile {
                #expect(result.payloads == nil, "\(id) blocks compile, yet its example compiled with the rule off")
            } else if on.output.report.diagnostics.allSatisfy({ $0.id != id || $0.severity == .error }) {
                #expect(result.payloads != nil, "\(id) does not block compile, yet its example was refused with the rule off")
            }
        }
    }

    /// Syntax rules are errors that block compile (docs/rules.md); only `json.*` rules are syntax.
    @Test func syntaxRulesAreJSONErrors() {
        let syntax = RuleCatalog.all.filter(\.isSyntax)
        #expect(Set(syntax.map(\.id.rawValue)) == ["json.syntax", "json.comment", "json.trailing-comma", "json.invalid-utf8", "json.depth"])
        #expect(syntax.allSatisfy { $0.defaultSeverity == .error && $0.blocksCompile })
        #expect(RuleCatalog.all.filter(\.marksUnnecessaryCode).map(\.id.rawValue) == ["ref.unused-string", "ref.unused-offer"])
    }

    /// The catalog is exactly SPEC §5 plus the project's own rules: same ids, same default
    /// severities, same formats. (The table in docs/rules.md, compared in ReadmeTests, is the copy a user has.)
    @Test(.enabled(if: TestPaths.sharedIsPresent, "skipped: ../shared/SPEC.md is absent (a clone on its own)"))
    func catalogEqualsSpec() throws {
        let spec = try String(contentsOf: TestPaths.shared.appendingPathComponent("SPEC.md"), encoding: .utf8)
        let section = spec.components(separatedBy: "## 5. Rule catalog")[1].components(separatedBy: "\n## ")[0]
        var rows: [String: (String, String)] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[0].contains(".") else { continue }
            rows[cells[0]] = (cells[1], cells[2])
        }
        #expect(rows.count >= 59)
        #expect(Set(rows.keys) == Set(RuleCatalog.all.map(\.id.rawValue)).subtracting(RuleCatalog.projectRules.map(\.rawValue)))
        for rule in RuleCatalog.all {
            guard let (severity, formats) = rows[rule.id.rawValue] else { continue }
            #expect(severity == String(rule.defaultSeverity.rawValue.prefix(1)).uppercased(), "\(rule.id)")
            #expect(formats == rule.formatsLabel, "\(rule.id)")
        }
    }

    @Test func idsAreUniqueAndWellFormed() {
        let ids = RuleCatalog.all.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let parts = id.split(separator: ".")
            #expect(parts.count == 2, "\(id)")
            #expect(id.allSatisfy { $0.isLowercase || $0 == "." || $0 == "-" || $0.isNumber }, "\(id)")
        }
        for rule in RuleCatalog.all {
            #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty)
            #expect(rule.failingExamples.allSatisfy { $0.contains(RuleDescriptor.marker) }, "\(rule.id)")
            #expect(rule.passingExamples.allSatisfy { !$0.contains(RuleDescriptor.marker) }, "\(rule.id)")
            #expect(Set(rule.failingExamples + rule.passingExamples).count == rule.failingExamples.count + rule.passingExamples.count,
                    "\(rule.id) repeats an example")
        }
    }
}
