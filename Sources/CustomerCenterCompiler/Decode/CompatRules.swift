// The `compat.*` rules: the tool's prediction of what each real SDK does with a response, and
// nothing else (SPEC §5). Reported by `SchemaWalker` in response mode.

import JSONSyntax

/// `compat.ios-decode-failure`: iOS would reject the whole payload.
package enum CompatIOSDecodeFailureRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.ios-decode-failure",
        summary: "iOS would reject the whole payload (a required key or a type): says which.",
        rationale: "purchases-ios decodes the response with no lossy parts: one missing key or wrong type and every iOS user sees the Customer Center's error screen.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(changePlans: "").replacingOccurrences(#""customer_center""#, with: #"↓"customer_center""#),
        passingExample: Examples.response(),
        exampleFormat: .response)
}

/// `compat.ios-crash`: iOS would crash at run time.
package enum CompatIOSCrashRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.ios-crash",
        summary: "iOS would crash at run time (two or more unknown screen keys).",
        rationale: "purchases-ios maps every unknown screen key to the same value and builds a dictionary that traps on duplicates: the app crashes when the Customer Center opens.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": []}, "EXTRA": {"type": "MANAGEMENT", "title": "A", "paths": []}, ↓"OTHER": {"type": "MANAGEMENT", "title": "B", "paths": []}"#),
        passingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": []}, "EXTRA": {"type": "MANAGEMENT", "title": "A", "paths": []}"#),
        exampleFormat: .response)
}

/// `compat.android-decode-failure`: Android would reject the whole payload.
package enum CompatAndroidDecodeFailureRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.android-decode-failure",
        summary: "Android would reject the whole payload: says which.",
        rationale: "purchases-android fails the whole config on errors outside screens and paths (colours, localization, support): every Android user sees the error screen.",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(appearance: ##""light": {"accent_color": ↓"#FFF"}, "dark": {}"##),
        passingExample: Examples.response(appearance: ##""light": {"accent_color": "#FFFFFF"}, "dark": {}"##),
        exampleFormat: .response)
}

/// `compat.android-crash`: Android would crash, as read from its code.
package enum CompatAndroidCrashRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.android-crash",
        summary: "Android would crash instead of rejecting the payload (an empty colour), as read from its code.",
        rationale: "purchases-android catches only IllegalArgumentException and SerializationException while it decodes; Android's Color.parseColor throws StringIndexOutOfBoundsException on an empty colour, and the SDK's dispatcher rethrows it on the main thread: the app likely crashes when the Customer Center loads (read from the code, not run).",
        defaultSeverity: .error, formats: [.response],
        failingExample: Examples.response(appearance: ##""light": {"accent_color": ↓""}, "dark": {}"##),
        passingExample: Examples.response(appearance: ##""light": {"accent_color": "#FFFFFF"}, "dark": {}"##),
        exampleFormat: .response)
}

/// `compat.android-ignored`: a key Android's decoder passes over that iOS reads.
package enum CompatAndroidIgnoredRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "compat.android-ignored",
        summary: "Android silently ignores this key: a camelCase (or other non-snake_case) spelling that iOS converts and reads.",
        rationale: "iOS decodes with convertFromSnakeCase, so 'feedbackSurvey' works there; purchases-android reads only the exact snake_case name and ignores unknown keys: on Android the survey, offer or setting is simply missing, with no error anywhere.",
        defaultSeverity: .warning, formats: [.response],
        failingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "cancel", "title": "Cancel", "type": "CANCEL", ↓"feedbackSurvey": {"title": "Why?", "options": [{"id": "a", "title": "Price"}, {"id": "b", "title": "Other"}]}}]}"#),
        passingExample: Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "cancel", "title": "Cancel", "type": "CANCEL", "feedback_survey": {"title": "Why?", "options": [{"id": "a", "title": "Price"}, {"id": "b", "title": "Other"}]}}]}"#),
        exampleFormat: .response)
}

/// `compat.android-dropped`: Android would silently drop a screen or path.
package enum CompatAndroidDroppedRule: Rule {
    package static let descriptor = RuleDescriptor(
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

    /// `compat.android-ignored`: `key` is iOS's spelling of `field`.
    static func androidIgnoresKey(_ key: String, field: String, readAlso: Bool, iosTargeted: Bool) -> RuleMessage {
        let android = readAlso
            ? "Android ignores \(MessageText.quoted(key)) and reads \(MessageText.quoted(field)) instead"
            : "Android ignores \(MessageText.quoted(key)): it reads only the snake_case key \(MessageText.quoted(field)), so this value is lost there"
        return RuleMessage(CompatAndroidIgnoredRule.descriptor, android + (iosTargeted ? " (iOS converts the spelling and reads it)" : ""))
    }

    /// `compat.android-crash`: an empty colour string.
    static let androidCrashOnEmptyColor = RuleMessage(CompatAndroidCrashRule.descriptor,
        "Android likely crashes when it loads this config: Color.parseColor reads the first character of an empty colour and throws StringIndexOutOfBoundsException, which purchases-android does not catch (its Backend catches IllegalArgumentException and SerializationException; its dispatcher rethrows the rest on the main thread). Read from the code, not run")

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
