/// `survey.duplicate-option-id`: an option id used twice in a survey.

import JSONSyntax
package enum DuplicateOptionIDRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "survey.duplicate-option-id",
        summary: "An option id used twice in one survey.",
        rationale: "Survey answers are reported by option id: two options with one id make their answers indistinguishable.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "price", "title_key": "title"}, {"id": ↓"price", "title_key": "title"}]}}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "price", "title_key": "title"}, {"id": "usage", "title_key": "title"}]}}]}"#))

    package static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths {
            let ids = (path.survey?.options ?? []).compactMap(\.id).filter { !$0.value.isEmpty }
            Repeats.forEach(ids) { id, earlier in
                context.report(.duplicateOptionID(id.value), on: id,
                               notes: [context.note("first used here", at: earlier.range)])
            }
        }
    }
}

extension RuleMessage {
    /// `survey.duplicate-option-id`.
    static func duplicateOptionID(_ id: String) -> RuleMessage {
        RuleMessage(DuplicateOptionIDRule.descriptor, "option id \(MessageText.quoted(id)) is used twice in this survey")
    }
}
