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

extension RuleMessage {
    /// `compat.ios-decode-failure`: what makes the decoder throw.
    static func iosRejects(because reason: String) -> RuleMessage {
        RuleMessage(CompatIOSDecodeFailureRule.descriptor, "iOS rejects the whole config: \(reason)")
    }

    /// `compat.ios-decode-failure` for a payload that is not JSON.
    static let iosCannotParse = RuleMessage(CompatIOSDecodeFailureRule.descriptor,
        "iOS cannot decode this payload: it is not valid JSON (the first syntax error is here)")

    /// `compat.android-decode-failure`: what makes the decoder throw.
    static func androidRejects(because reason: String) -> RuleMessage {
        RuleMessage(CompatAndroidDecodeFailureRule.descriptor, "Android rejects the whole config: \(reason)")
    }

    /// `compat.android-decode-failure` for a payload that is not JSON.
    static let androidCannotParse = RuleMessage(CompatAndroidDecodeFailureRule.descriptor,
        "Android cannot decode this payload: it is not valid JSON (the first syntax error is here)")

    /// `compat.android-dropped`: `what` is "screen" or "path".
    static func androidDrops(_ what: String, because reason: String) -> RuleMessage {
        RuleMessage(CompatAndroidDroppedRule.descriptor, "Android drops this \(what): \(reason)")
    }

    /// `compat.ios-crash`: two or more unknown screen keys.
    static func iosCrashOnScreenKeys(_ keys: [String]) -> RuleMessage {
        RuleMessage(CompatIOSCrashRule.descriptor,
                    "iOS crashes when it loads this config: \(keys.count) screen keys (\(MessageText.alternatives(keys))) are not MANAGEMENT or NO_ACTIVE, and iOS maps them all to one key")
    }

    /// `compat.ios-crash`: a version part `UInt(_:)` cannot read.
    static func iosCrashOnAppVersion(part: String) -> RuleMessage {
        RuleMessage(CompatIOSCrashRule.descriptor,
                    "iOS crashes when the Customer Center loads: 'last_published_app_version' part \(MessageText.quoted(part)) is not a whole number Swift's UInt can read (ASCII digits, at most 18446744073709551615)")
    }

    /// `compat.ios-crash`: a refund window whose arithmetic overflows.
    static func iosCrashOnRefundWindow(_ text: String) -> RuleMessage {
        RuleMessage(CompatIOSCrashRule.descriptor, "iOS crashes when it decodes this config: 'refund_window' \(MessageText.quoted(text)) makes it negate Int.min")
    }
}
