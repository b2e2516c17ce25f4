/// `survey.duplicate-option-id`: an option id used twice in a survey.
public enum DuplicateOptionIDRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "survey.duplicate-option-id",
        summary: "An option id used twice in one survey.",
        rationale: "Survey answers are reported by option id: two options with one id make their answers indistinguishable.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "price", "title_key": "title"}, {"id": ↓"price", "title_key": "title"}]}}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "price", "title_key": "title"}, {"id": "usage", "title_key": "title"}]}}]}"#))

    public static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths {
            var first: [String: Located<String>] = [:]
            for option in path.survey?.options ?? [] {
                guard let id = option.id, !id.value.isEmpty else { continue }
                if let earlier = first[id.value] {
                    context.report(descriptor, "option id \(MessageText.quoted(id.value)) is used twice in this survey", at: id.range, pointer: id.pointer,
                                   notes: [context.note("first used here", at: earlier.range)])
                } else {
                    first[id.value] = id
                }
            }
        }
    }
}
