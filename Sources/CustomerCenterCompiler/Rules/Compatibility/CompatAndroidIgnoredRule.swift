// A `compat.*` rule: the tool's prediction of what a real SDK does with a response, and nothing
// else (docs/rules.md). Checked by `ResponseDecoders` (this folder), which the schema walk of a
// response calls.

import JSONSyntax

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

extension RuleMessage {
    /// `compat.android-ignored`: `key` is iOS's spelling of `field`.
    static func androidIgnoresKey(_ key: String, field: String, readAlso: Bool, iosTargeted: Bool) -> RuleMessage {
        let android = readAlso
            ? "Android ignores \(MessageText.quoted(key)) and reads \(MessageText.quoted(field)) instead"
            : "Android ignores \(MessageText.quoted(key)): it reads only the snake_case key \(MessageText.quoted(field)), so this value is lost there"
        return RuleMessage(CompatAndroidIgnoredRule.descriptor, android + (iosTargeted ? " (iOS converts the spelling and reads it)" : ""))
    }
}
