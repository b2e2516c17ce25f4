/// `config.stale-ignore`: an `ignore` entry of the configuration file that matched nothing.
///
/// Reported by `LinterConfiguration` against the configuration file itself, so its examples are
/// configuration files; `ConfigurationTests` runs them.
public enum ConfigStaleIgnoreRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "config.stale-ignore",
        summary: "An 'ignore' entry of the configuration file that matched nothing.",
        rationale: "Suppressions rot: once the finding is fixed or the pointer moves, a stale entry would silently hide the next real problem at that place.",
        defaultSeverity: .warning, formats: [],
        failingExample: #"{"ignore": [↓{"rule": "ref.unused-string", "pointer": "/localization/localized_strings/gone"}]}"#,
        passingExample: #"{"ignore": []}"#)
}
