/// `config.stale-ignore`: an `ignore` entry of the configuration file that matched nothing.
///
/// Reported by `LinterConfiguration` against the configuration file itself, so its examples are
/// configuration files; `ConfigurationTests` runs them.

import JSONSyntax
package enum ConfigStaleIgnoreRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "config.stale-ignore",
        summary: "An 'ignore' entry of the configuration file that matched nothing.",
        rationale: "Suppressions rot: once the finding is fixed or the pointer moves, a stale entry would silently hide the next real problem at that place.",
        defaultSeverity: .warning, formats: [],
        failingExample: #"{"ignore": [↓{"rule": "ref.unused-string", "pointer": "/localization/localized_strings/gone"}]}"#,
        passingExample: #"{"ignore": []}"#)
}

extension RuleMessage {
    /// `config.stale-ignore`: an `ignore` entry of the configuration file that matched nothing.
    static func staleIgnore(_ rule: RuleID, at pointer: String, file: String?) -> RuleMessage {
        RuleMessage(ConfigStaleIgnoreRule.descriptor,
                    "this ignore entry matched nothing: no \(MessageText.quoted(rule.rawValue)) finding at \(MessageText.quoted(pointer))"
                        + (file.map { " in \(MessageText.quoted($0))" } ?? ""))
    }

    /// `config.stale-ignore`: a baseline entry whose findings are (partly) gone.
    static func staleBaselineEntry(_ rule: RuleID, at pointer: String, file: String, matched: Int, of count: Int) -> RuleMessage {
        RuleMessage(ConfigStaleIgnoreRule.descriptor,
                    "baseline entry matched \(matched) of \(count): \(count - matched) '\(rule)' finding(s) at \(MessageText.quoted(pointer)) in \(MessageText.quoted(file)) are gone; rewrite the baseline")
    }
}
