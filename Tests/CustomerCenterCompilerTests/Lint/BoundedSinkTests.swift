import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// `lint` keeps only the first findings of each rule (the display cap: docs/commands.md, "Counts are exact"). The sink that keeps a
/// bounded number of them while the rules run must report exactly what keeping them all and
/// capping at the end reports, however the findings come.
@Suite struct BoundedSinkTests {
    static let rules = ["l10n.whitespace", "ref.unused-string", "l10n.missing-translation"].map { RuleCatalog.descriptor(for: RuleID(rawValue: $0))! }

    /// Findings in random order: positions repeat (ties broken by rule, end and message, and
    /// then by the order emitted), some messages repeat too.
    static func findings(_ count: Int, rules: [RuleDescriptor] = rules, rng: inout SeededGenerator) -> [Diagnostic] {
        (0..<count).map { index in
            let rule = rules[Int.random(in: 0..<rules.count, using: &rng)]
            let start = Int.random(in: 0..<(count / 20 + 1), using: &rng)
            let end = start + Int.random(in: 0...1, using: &rng)
            let message = "finding \(Int.random(in: 0..<2, using: &rng))"
            return Diagnostic(id: rule.id, severity: rule.defaultSeverity, message: message, file: "f.json",
                              range: ByteRange(start, end), pointer: JSONPointer.root.appending(index), notes: [], fix: nil)
        }
    }

    /// (1,002 findings of one rule: the last one makes the sink drop all but 501, so which of
    /// two tied findings it keeps at the cut is what is reported.)
    @Test(arguments: [(5, 3), (700, 3), (1_002, 1), (1_503, 3), (4_000, 3)])
    func keepingTheFirstAsTheyComeReportsWhatCappingAtTheEndDoes(count: Int, ruleCount: Int) {
        var rng = SeededGenerator(seed: UInt64(count))
        let all = Self.findings(count, rules: Array(Self.rules.prefix(ruleCount)), rng: &rng)
        var unbounded = DiagnosticSink(file: "f.json")
        var bounded = DiagnosticSink(file: "f.json", keepPerRule: Linter.findingsPerRuleLimit)
        for finding in all {
            unbounded.append(finding)
            bounded.append(finding)
        }
        // Bounded: at most twice the bound of each rule is ever held.
        for rule in Self.rules {
            #expect(bounded.diagnostics.filter { $0.id == rule.id }.count < 2 * (Linter.findingsPerRuleLimit))
            #expect(bounded.gate.counts.byRule[rule.id, default: 0] == all.filter { $0.id == rule.id }.count)
        }
        let cap = Linter.findingsPerRuleLimit
        let expected = FileReport(source: SourceFile(path: "f.json", text: ""), diagnostics: Linter.firstFindings(unbounded.diagnostics, perRule: cap)).diagnostics
        let actual = FileReport(source: SourceFile(path: "f.json", text: ""),
                                diagnostics: Linter.firstFindings(bounded.diagnostics, perRule: cap)).diagnostics
        #expect(actual == expected)
        // Counts are exact whatever was dropped.
        #expect(bounded.gate.counts == unbounded.gate.counts)
        #expect(bounded.gate.counts.total == count)
    }

    /// Once the sink has dropped findings, a later one between the last two kept is still kept
    /// (and one after the last kept is only counted).
    @Test func aLaterFindingJustBeforeTheLastKeptIsKept() {
        let rule = Self.rules[0], bound = Linter.findingsPerRuleLimit
        func finding(at start: Int) -> Diagnostic {
            Diagnostic(id: rule.id, severity: rule.defaultSeverity, message: "m", file: "f.json", range: ByteRange(start, start + 1),
                       pointer: .root, notes: [], fix: nil)
        }
        // Twice the bound, in reverse order, ten bytes apart; then one in the gap before the
        // last kept (start 10 × (bound − 1)) and one after it.
        let all = (0..<2 * bound).reversed().map { finding(at: 10 * $0) } + [finding(at: 10 * (bound - 1) - 5), finding(at: 10 * bound + 5)]
        var unbounded = DiagnosticSink(file: "f.json")
        var bounded = DiagnosticSink(file: "f.json", keepPerRule: bound)
        for diagnostic in all { unbounded.append(diagnostic); bounded.append(diagnostic) }
        #expect(bounded.diagnostics.count == bound + 1)
        #expect(Linter.firstFindings(bounded.diagnostics, perRule: bound).sorted(by: Diagnostic.reportOrder)
                == Linter.firstFindings(unbounded.diagnostics, perRule: bound).sorted(by: Diagnostic.reportOrder))
    }

    /// Through the linter: a file with thousands of findings of two rules reports the same with
    /// the bounded sink as capping every finding at the end.
    @Test func aFileFullOfFindingsReportsTheSameAsCappingAtTheEnd() throws {
        var strings: [String] = [#""title": {"en": "Help"}"#]
        for index in 0..<1_300 { strings.append(#""k\#(index)": {"en": " lead \#(index)", "de": "trail \#(index) "}"#) }
        let text = #"{"localization": {"default": "en", "localized_strings": {"# + strings.joined(separator: ", ")
            + #"}}, "screens": {"management": {"type": "MANAGEMENT", "title_key": "title", "paths": []}}}"#
        let source = SourceFile(path: "full.json", text: text)
        let options = LintOptions()
        let report = Linter.analyze(source, options: options).report.diagnostics
        var request = PipelineRequest(source, options: options)
        request.displayCap = nil
        let everything = Pipeline.run(request).analysis.report
        #expect(everything.diagnostics.count > 3_000)
        let expected = FileReport(source: source, diagnostics: Linter.firstFindings(everything.diagnostics, perRule: Linter.findingsPerRuleLimit)).diagnostics
        #expect(report == expected)
        // The capped report counts every finding, and says per rule how many it does not show.
        let capped = Linter.analyze(source, options: options).report
        #expect(capped.counts == everything.counts)
        #expect(capped.omitted.count >= 2)
        for (rule, count) in capped.omitted {
            #expect(count == everything.diagnostics.filter { $0.id == rule }.count - Linter.findingsPerRuleLimit)
        }
    }

    /// A library user may set any cap: 0 (or less) shows no finding and still counts every one
    /// (it crashed the bounded sink: an index before the first kept finding).
    @Test(arguments: [0, -3, 1])
    func aCapOfZeroOrLessShowsNothingAndCountsEverything(cap: Int) throws {
        let text = #"{"localization": {"default": "en", "localized_strings": {"a": {"en": " x"}, "b": {"en": " y"}, "c": {"en": " z"}}}}"#
        let source = SourceFile(path: "capped.json", text: text)
        let options = LintOptions()
        var request = PipelineRequest(source, options: options)
        request.displayCap = nil
        let everything = Pipeline.run(request).analysis.report
        request.displayCap = cap
        let capped = Pipeline.run(request).analysis.report
        let perRule = everything.counts.byRule
        try #require(perRule.values.contains { $0 >= 3 }, "a rule with several findings: \(perRule)")
        #expect(capped.counts == everything.counts)
        for (rule, count) in perRule {
            #expect(capped.diagnostics.filter { $0.id == rule }.count == min(count, max(cap, 0)))
            #expect(capped.omitted[rule, default: 0] == count - min(count, max(cap, 0)))
        }
    }
}
