/// `path.platform-unsupported`: a path type a target platform never shows.
public enum PlatformUnsupportedRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "path.platform-unsupported",
        summary: "A path type a target platform never shows (Android: REFUND_REQUEST, CHANGE_PLANS).",
        rationale: "Android never shows refund requests or plan changes (Google Play handles both): Android customers will not see this option.",
        defaultSeverity: .note, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "refund", "type": ↓"REFUND_REQUEST", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title"}]}"#))

    static let hiddenOnAndroid: Set<String> = ["REFUND_REQUEST", "CHANGE_PLANS"]

    public static func check(_ context: inout RuleContext) {
        guard context.platforms.contains(.android) else { return }
        for path in context.config.allPaths {
            guard let type = path.type, hiddenOnAndroid.contains(type.value) else { continue }
            context.report(descriptor, "Android never shows \(type.value) paths; only iOS customers will see this one", at: type.range, pointer: type.pointer)
        }
    }
}
