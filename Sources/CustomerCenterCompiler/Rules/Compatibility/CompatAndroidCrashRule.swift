// A `compat.*` rule: the tool's prediction of what a real SDK does with a response, and nothing
// else (docs/rules.md). Checked by `ResponseDecoders` (this folder), which the schema walk of a
// response calls.

import JSONSyntax

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

extension RuleMessage {
    /// `compat.android-crash`: an empty colour string.
    static let androidCrashOnEmptyColor = RuleMessage(CompatAndroidCrashRule.descriptor,
        "Android likely crashes when it loads this config: Color.parseColor reads the first character of an empty colour and throws StringIndexOutOfBoundsException, which purchases-android does not catch (its Backend catches IllegalArgumentException and SerializationException; its dispatcher rethrows the rest on the main thread). Read from the code, not run")
}
