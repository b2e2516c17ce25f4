/// `sdk.hidden-on-old-version`: customers miss something, or see it wrongly, on an SDK version in the field.

import JSONSyntax
package enum SDKHiddenOnOldVersionRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "sdk.hidden-on-old-version",
        summary: "With 'oldest_sdk': a path, offer or button an SDK version still in the field drops, does not show, or shows wrongly.",
        rationale: "The backend sends one config to every app build: customers on an older SDK silently lose a path or offer the team configured, or get one they should not (docs/sdk-compatibility.md).",
        defaultSeverity: .warning, formats: [.authoring, .response],
        reads: [.structure, .responseTexts],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "rate", "type": ↓"CUSTOM_ACTION", "title_key": "title", "action_identifier": "rate_app"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#),
        exampleConfiguration: RuleExampleConfiguration(platforms: [.ios], oldestSDK: OldestSDK(ios: SDKVersion(5, 20, 0))))

    package static func check(_ context: inout RuleContext) {
        SDKCompatibility.check(descriptor, &context)
    }
}
