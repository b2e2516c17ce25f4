/// `l10n.sdk-key-drift`: a key one edit away from a known SDK key.
public enum SDKKeyDriftRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "l10n.sdk-key-drift",
        summary: "A key one edit away from a known SDK key (e.g. 'restore_purchase').",
        rationale: "The SDKs look their own strings up by exact key: 'restore_purchase' is never read, so customers see the SDK's built-in English instead of your translation.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help"}, ↓"restore_purchase": {"en": "Restore"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help"}, "restore_purchases": {"en": "Restore"}"#))

    static let sortedKeys = SDKStrings.keys.sorted()

    /// The SDK key exactly one edit from `key`, if `key` is not itself one.
    static func nearestSDKKey(to key: String) -> String? {
        guard !SDKStrings.keys.contains(key), key.count >= 4 else { return nil }
        let target = Array(key.unicodeScalars)
        for candidate in sortedKeys where abs(candidate.count - key.count) <= 1 {
            if Suggestion.distance(target, Array(candidate.unicodeScalars), bound: 1) == 1 { return candidate }
        }
        return nil
    }

    public static func check(_ context: inout RuleContext) {
        for entry in context.config.localization?.entries ?? [] {
            let key = entry.key
            guard !context.resolved.referencedStrings.contains(key.value), let sdkKey = nearestSDKKey(to: key.value) else { continue }
            context.report(descriptor, "\(MessageText.quoted(key.value)) is not a key the SDKs read; did you mean the SDK key \(MessageText.quoted(sdkKey))?",
                           at: key.range, pointer: key.pointer, fix: RuleContext.replace(key, with: sdkKey, "rename it to '\(sdkKey)'"))
        }
    }
}
