// The `compat.*` rules: the tool's prediction of what each real SDK does with a response, and
// nothing else (SPEC §5). Reported by `SchemaWalker` in response mode.

/// `compat.ios-decode-failure`: iOS would reject the whole payload.
public enum CompatIOSDecodeFailureRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "compat.ios-decode-failure",
        summary: "iOS would reject the whole payload (a required key or a type): says which.",
        rationale: "purchases-ios decodes the response with no lossy parts: one missing key or wrong type and every iOS user sees the Customer Center's error screen.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(changePlans: "").replacingOccurrences(#""customer_center""#, with: #"↓"customer_center""#),
        passingExample: Examples.response(),
        exampleFormat: .response)
}

/// `compat.ios-crash`: iOS would crash at run time.
public enum CompatIOSCrashRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "compat.ios-crash",
        summary: "iOS would crash at run time (two or more unknown screen keys).",
        rationale: "purchases-ios maps every unknown screen key to the same value and builds a dictionary that traps on duplicates: the app crashes when the Customer Center opens.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": []}, "EXTRA": {"type": "MANAGEMENT", "title": "A", "paths": []}, ↓"OTHER": {"type": "MANAGEMENT", "title": "B", "paths": []}"#),
        passingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": []}, "EXTRA": {"type": "MANAGEMENT", "title": "A", "paths": []}"#),
        exampleFormat: .response)
}

/// `compat.android-decode-failure`: Android would reject the whole payload.
public enum CompatAndroidDecodeFailureRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "compat.android-decode-failure",
        summary: "Android would reject the whole payload: says which.",
        rationale: "purchases-android fails the whole config on errors outside screens and paths (colours, localization, support): every Android user sees the error screen.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(appearance: ##""light": {"accent_color": ↓"#FFF"}, "dark": {}"##),
        passingExample: Examples.response(appearance: ##""light": {"accent_color": "#FFFFFF"}, "dark": {}"##),
        exampleFormat: .response)
}

/// `compat.android-dropped`: Android would silently drop a screen or path.
public enum CompatAndroidDroppedRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "compat.android-dropped",
        summary: "Android would silently drop this screen or path: says why.",
        rationale: "purchases-android decodes each screen and path on its own and drops one that fails, logging only at debug level: Android users would simply not see that option.",
        defaultSeverity: .warning, formats: [.response],
        failingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "x", "title": "X", "type": ↓"UNKNOWN_PATH_TYPE"}]}"#),
        passingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "x", "title": "X", "type": "MISSING_PURCHASE"}]}"#),
        exampleFormat: .response)
}

/// `preview.truncated`: text cut off or overflowing at phone width in the rendered preview.
/// Reported by `preview --check` only, from the layout the browser measured.
public enum PreviewTruncatedRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "preview.truncated",
        summary: "Text that overflows or is cut at phone width in the rendered preview (only from 'preview --check').",
        rationale: "A title or button label longer than the screen is cut off or spills over its neighbours: customers cannot read what the button does.",
        defaultSeverity: .warning, formats: [.authoring],
        failingExample: Examples.authoring(strings: #""title": {"en": ↓"Kündigungsbestätigungsbenachrichtigungseinstellungsverwaltungsübersicht"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help"}"#))
}
