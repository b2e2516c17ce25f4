/// `survey.single-option`: a survey with one option.

import JSONSyntax
package enum SingleOptionRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "survey.single-option",
        summary: "A survey with one option.",
        rationale: "A question with one answer tells you nothing and adds a tap for the customer.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", ↓"feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "title"}]}}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "title"}, {"id": "b", "title_key": "title"}]}}]}"#))

    package static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths {
            guard let survey = path.survey, survey.options.count == 1 else { continue }
            context.report(.singleOption(path: path.id?.value ?? ""),
                           at: survey.keyRange, pointer: survey.pointer.appending("options"))
        }
    }
}

extension RuleMessage {
    /// `survey.single-option`.
    static func singleOption(path id: String) -> RuleMessage {
        RuleMessage(SingleOptionRule.descriptor, "the survey of path \(MessageText.quoted(id)) has a single option; a question with one answer tells you nothing")
    }
}
