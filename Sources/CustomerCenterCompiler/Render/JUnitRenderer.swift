/// JUnit XML: a test suite per file, a test case per file × rule that applies to it. A rule fails
/// only for findings that fail the run's gate (errors; warnings under `--strict` or past
/// `--max-warnings`), its failure listing every finding (`type` is the worst severity); other
/// findings are listed in the passed case's `system-out`, so a green run stays green
/// (docs/integrations.md).

import JSONSyntax
package struct JUnitRenderer {
    /// The rules a file is checked against (a test case each).
    let rules: [RuleDescriptor]

    /// Creates a renderer for the rules in `rules`.
    package init(rules: [RuleDescriptor]) { self.rules = rules }

    /// The XML document.
    package func render(_ report: LintReport) -> String {
        var suites = ""
        var totalTests = 0, totalFailures = 0
        for file in report.files {
            let findings = Dictionary(grouping: file.diagnostics, by: \.id)
            // Rules that concern documents, plus any rule with a finding here (config.* on a configuration file).
            // Rules switched off did not run: they are not listed as passed.
            var ids = rules.filter {
                findings[$0.id] != nil || (!$0.formatCases.isEmpty && !file.disabledRules.contains($0.id))
            }.map(\.id)
            // Findings of ids outside the catalog (`strings import`'s `strings.*` refusals) are test
            // cases too: a failing one never leaves a green report.
            let listed = Set(ids)
            ids += findings.keys.filter { !listed.contains($0) }.sorted()
            var cases = ""
            var failures = 0
            for id in ids {
                cases += "    <testcase classname=\"\(Self.escape(file.source.path))\" name=\"\(id)\""
                guard let diagnostics = findings[id] else {
                    cases += "/>\n"
                    continue
                }
                let worst = diagnostics.map(\.severity).max() ?? .error
                let fails = worst == .error || (worst == .warning && report.warningsFailGate)
                let lines = diagnostics.map { diagnostic -> String in
                    let at = file.source.location(of: diagnostic.range.start)
                    return "\(file.source.path):\(at.line):\(at.column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
                }
                // The count is exact; the listing stops at the display cap and says so.
                let total = file.counts.byRule[id] ?? diagnostics.count
                let more = file.omitted[id].map { ["… and \(MessageText.count($0, "more finding", "more findings")) (not listed)"] } ?? []
                guard fails else {
                    cases += ">\n      <system-out>" + Self.escape((lines + more).joined(separator: "\n")) + "</system-out>\n    </testcase>\n"
                    continue
                }
                failures += 1
                cases += ">\n      <failure type=\"\(worst.rawValue)\" message=\"\(Self.escape(MessageText.count(total, "finding")))\">"
                cases += Self.escape((lines + more).joined(separator: "\n")) + "</failure>\n    </testcase>\n"
            }
            totalTests += ids.count
            totalFailures += failures
            suites += "  <testsuite name=\"\(Self.escape(file.source.path))\" tests=\"\(ids.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
            suites += cases + "  </testsuite>\n"
        }
        // What failed the run besides its findings (an input that could not be read, a failed
        // fetch) is an error of the run, not a pass.
        let failures = report.failures
        for failure in failures {
            totalTests += 1
            let name = Self.escape(failure.path ?? RunFailure.runName)
            suites += "  <testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
            suites += "    <testcase classname=\"\(name)\" name=\"\(failure.kind == "unreadable" ? "read" : Self.escape(failure.kind))\">\n"
            suites += "      <error type=\"\(Self.escape(failure.kind))\" message=\"\(Self.escape(failure.message))\"/>\n"
            suites += "    </testcase>\n  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"customer-center\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"\(failures.count)\">\n"
            + suites + "</testsuites>\n"
    }

    /// XML 1.0 text (`MarkupText.escaped`).
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
