/// `l10n.sdk-key-drift`: a key one edit away from a known SDK key.

import JSONSyntax
package enum SDKKeyDriftRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.sdk-key-drift",
        summary: "A key one edit away from a known SDK key (e.g. 'restore_purchase').",
        rationale: "The SDKs look their own labels up by exact key: 'restore_purchase' is never read, so customers see the built-in text instead of yours (compile fills every built-in key the config does not define from its own translations in 32 languages; the SDKs alone show English). Write the SDK's key to override a built-in label.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help"}, ↓"restore_purchase": {"en": "Restore"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help"}, "restore_purchases": {"en": "Restore"}"#))

    package static func check(_ context: inout RuleContext) {
        for entry in context.config.localization?.entries ?? .empty {
            let key = entry.key
            guard let sdkKey = context.resolved.driftingKeys[key.value] else { continue }
            context.report(.sdkKeyDrift(key.value, sdkKey: sdkKey),
                           on: key, fix: RuleContext.replace(key, with: sdkKey, "rename it to '\(sdkKey)'"))
        }
    }
}

extension RuleMessage {
    /// `l10n.sdk-key-drift`: `key` is the backend's spelling of `sdkKey`.
    static func sdkKeyDrift(_ key: String, sdkKey: String) -> RuleMessage {
        RuleMessage(SDKKeyDriftRule.descriptor, "\(MessageText.quoted(key)) is not a key the SDKs read; did you mean the SDK key \(MessageText.quoted(sdkKey))?")
    }
}
