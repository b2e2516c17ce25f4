/// `sdk.breaks-old-version`: the whole config fails, or the app crashes, on an SDK version in the field.

import JSONSyntax
package enum SDKBreaksOldVersionRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "sdk.breaks-old-version",
        summary: "With 'oldest_sdk': the whole config fails, or the app crashes, on an SDK version still in the field.",
        rationale: "The backend sends one config to every app build, old SDKs included: an SDK version that cannot decode it shows its error screen instead of the Customer Center, and one that crashes takes the app down (docs/sdk-compatibility.md).",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.unsafe],
        reads: [.structure, .responseTexts],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "settings", "type": "CUSTOM_URL", "title_key": "title", "url": "myapp://settings", "open_method": ↓"IN_APP"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "settings", "type": "CUSTOM_URL", "title_key": "title", "url": "myapp://settings", "open_method": "EXTERNAL"}]}"#),
        exampleConfiguration: RuleExampleConfiguration(platforms: [.ios], oldestSDK: OldestSDK(ios: SDKVersion(5, 10, 0))))

    package static func check(_ context: inout RuleContext) {
        SDKCompatibility.check(descriptor, &context)
    }
}
