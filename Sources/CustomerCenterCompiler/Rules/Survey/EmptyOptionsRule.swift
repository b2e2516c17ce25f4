/// `survey.empty-options`: a survey with no options.

import JSONSyntax
package enum EmptyOptionsRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "survey.empty-options",
        summary: "A survey with no options.",
        rationale: "Customers are asked a question they cannot answer, and cannot get past it to cancel.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", ↓"feedback_survey": {"title_key": "title", "options": []}}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "title"}, {"id": "b", "title_key": "title"}]}}]}"#))

    package static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths {
            guard let survey = path.survey, survey.options.isEmpty, survey.hasOptionsArray else { continue }
            context.report(.emptyOptions(path: path.id?.value ?? ""),
                           at: survey.keyRange, pointer: survey.pointer.appending("options"))
        }
    }
}

extension RuleMessage {
    /// `survey.empty-options`.
    static func emptyOptions(path id: String) -> RuleMessage {
        RuleMessage(EmptyOptionsRule.descriptor, "the survey of path \(MessageText.quoted(id)) has no options: customers cannot answer it")
    }
}
