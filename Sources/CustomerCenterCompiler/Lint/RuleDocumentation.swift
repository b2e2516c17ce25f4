import JSONSyntax

/// Texts generated from rule metadata: `rules`, `explain`, the README table.
package enum RuleDocumentation {
    /// One line per rule: id, severity, formats, fix kinds, summary.
    package static func list() -> String {
        let width = RuleCatalog.all.map(\.id.rawValue.count).max() ?? 0
        return RuleCatalog.all.map { rule in
            rule.id.rawValue.padded(to: width) + "  " + rule.defaultSeverity.rawValue.padded(to: 7) + "  " + rule.formatsLabel.padded(to: 3)
                + "  " + ("fix: " + rule.fixesLabel).padded(to: 17) + "  " + rule.summary
        }.joined(separator: "\n") + "\n"
    }

    /// The rule table of docs/rules.md.
    package static func markdownTable() -> String {
        var out = "| id | severity | on | fix | reports |\n|---|---|---|---|---|\n"
        for rule in RuleCatalog.all {
            out += "| `\(rule.id)` | \(rule.defaultSeverity.rawValue) | \(rule.formatsLabel) | \(rule.fixesLabel) | \(rule.summary.replacingOccurrences("|", with: "\\|")) |\n"
        }
        return out
    }

    /// Every rule as JSON, for tools.
    package static func json() -> String {
        let rules = RuleCatalog.all.map { rule in
            JSONValue.record([
                ("id", .text(rule.id.rawValue)),
                ("severity", .text(rule.defaultSeverity.rawValue)),
                ("formats", .list(InputFormat.allCases.filter { rule.formats.contains($0) }.map { .text($0.rawValue) })),
                ("fixes", .list(FixApplicability.allCases.filter(rule.fixes.contains).map { .text($0.rawValue) })),
                ("syntax", .flag(rule.isSyntax)),
                ("blocks_compile", .flag(rule.blocksCompile)),
                ("summary", .text(rule.summary)),
                ("rationale", .text(rule.rationale)),
            ])
        }
        return JSONWriter(sortKeys: false).write(.record([("version", .integer(1)), ("rules", .list(rules))]))
    }

    /// `explain`: summary, why it matters, default severity, and the examples with the real
    /// diagnostics the failing one produces.
    package static func explain(_ rule: RuleDescriptor) -> String {
        let formats = rule.formats.isEmpty ? "the configuration file"
            : InputFormat.allCases.filter { rule.formats.contains($0) }.map(\.rawValue).joined(separator: " and ") + " format"
        var out = "\(rule.id): \(rule.summary)\n\n"
        out += "Default severity: \(rule.defaultSeverity.rawValue). Applies to: \(formats)."
        out += rule.fixes.isEmpty ? " No automatic fix.\n\n"
            : rule.fixes == [.unsafe] ? " Fix: unsafe (a guess; lint --fix --unsafe-fixes).\n\n"
            : rule.fixes == [.safe] ? " Fix: safe (lint --fix).\n\n" : " Fix: safe when it is certain (lint --fix), otherwise a guess (--unsafe-fixes).\n\n"
        out += "Why it matters: \(rule.rationale)\n\n"
        if !rule.exampleConfiguration.isEmpty {
            out += "The examples are checked under this \(LinterConfiguration.fileName): \(rule.exampleConfiguration.fileText)\n\n"
        }
        let failing = rule.failingExample.filter { $0 != RuleDescriptor.marker }
        out += "Fails:\n\n" + indent(failing) + "\n"
        if !rule.formats.isEmpty {
            let report = Linter.lint(SourceFile(path: "example.json", text: failing), options: rule.exampleOptions)
            let own = report.diagnostics.filter { $0.id == rule.id }
            var single = report
            single.diagnostics = own
            out += "\n" + indent(CompactRenderer().render(LintReport(files: [single])).trimmingTrailingNewlines()) + "\n"
        }
        out += "\nPasses:\n\n" + indent(rule.passingExample) + "\n"
        if let rows = SDKCompatibility.explainText(for: rule.id) { out += "\n" + rows }
        return out
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

extension RuleDescriptor {
    /// The options a rule's examples are linted with: their format and their configuration.
    package var exampleOptions: LintOptions {
        var options = LintOptions(inputFormat: examplesDetectTheFormat ? nil : exampleFormat, platforms: exampleConfiguration.platforms,
                                  requiredLocales: exampleConfiguration.requiredLocales)
        options.oldestSDK = exampleConfiguration.oldestSDK
        return options
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingNewlines() -> String {
        var copy = self
        while copy.hasSuffix("\n") { copy.removeLast() }
        return copy
    }
}
