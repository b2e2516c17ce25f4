/// `sdk.ignored-on-old-version`: a setting an SDK version in the field does not follow.

import JSONSyntax
package enum SDKIgnoredOnOldVersionRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "sdk.ignored-on-old-version",
        summary: "With 'oldest_sdk': a setting or text an SDK version still in the field ignores.",
        rationale: "An SDK older than a field or text key reads past it: customers on that version get the SDK's default instead of what the team set (docs/sdk-compatibility.md).",
        defaultSeverity: .note, formats: [.authoring, .response],
        reads: [.structure, .responseTexts],
        failingExample: Examples.authoring(extra: #""support": {"email": "help@example.com", "display_purchase_history_link": ↓true}"#),
        passingExample: Examples.authoring(extra: #""support": {"email": "help@example.com"}"#),
        exampleConfiguration: RuleExampleConfiguration(platforms: [.ios], oldestSDK: OldestSDK(ios: SDKVersion(5, 14, 0))))

    package static func check(_ context: inout RuleContext) {
        SDKCompatibility.check(descriptor, &context)
    }
}
