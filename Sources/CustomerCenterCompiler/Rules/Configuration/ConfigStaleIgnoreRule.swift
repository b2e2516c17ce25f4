/// `config.stale-ignore`: an `ignore` entry of the configuration file that matched nothing.
///
/// Checked below, against the configuration file (and a baseline) itself once the run's files
/// are checked (`Policy`, `BaselineLedger` call it), so its examples are configuration files;
/// `ConfigurationTests` runs them.

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

extension ConfigStaleIgnoreRule {
    /// Reports an `ignore` entry of the configuration file (for `rule` at `pointer`, in `file`
    /// or in every file; written at `range`, `location`) that matched nothing. An entry about a
    /// file this run did not check (`fileChecked`) is neither matched nor stale: the run cannot
    /// say (docs/configuration.md "ignore"). The run calls it for each entry once its files are checked.
    static func check(_ rule: RuleID, at pointer: JSONPointer, file: String?, matched: Bool, fileChecked: () -> Bool,
                      writtenAt range: ByteRange, location: JSONPointer, into sink: inout DiagnosticSink) {
        guard !matched else { return }
        if file != nil, !fileChecked() { return }
        sink.emit(.staleIgnore(rule, at: pointer.description, file: file),
                  at: ByteRange(range.start, range.start + 1), pointer: location)
    }

    /// Reports a baseline entry (`count` findings of `rule` at `pointer` in `file`, written at
    /// `range`) of which `unmatched` were not found, when the run checked its file.
    static func checkBaselineEntry(_ rule: RuleID, at pointer: String, file: String, count: Int, unmatched: Int, fileChecked: Bool,
                                   writtenAt range: ByteRange, into sink: inout DiagnosticSink) {
        guard unmatched > 0, fileChecked else { return }
        sink.emit(.staleBaselineEntry(rule, at: pointer, file: file, matched: count - unmatched, of: count),
                  at: ByteRange(range.start, range.start + 1))
    }
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
