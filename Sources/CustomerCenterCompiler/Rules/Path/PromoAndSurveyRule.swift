/// `path.promo-and-survey`: a path with both an offer and a survey.

import JSONSyntax
package enum PromoAndSurveyRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "path.promo-and-survey",
        summary: "A path with both an offer and a survey (iOS shows the offer, Android the survey).",
        rationale: "The platforms disagree: iOS skips the survey and shows the offer, Android runs the survey first, so customers get different flows.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": ↓"stay", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "title"}, {"id": "b", "title_key": "title"}]}}]}"#,
            extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title"}}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "title", "promotional_offer_key": "stay"}, {"id": "b", "title_key": "title"}]}}]}"#,
            extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title"}}"#))

    package static func check(_ context: inout RuleContext) {
        for path in context.resolved.allPaths {
            guard let offer = path.offer, let survey = path.survey else { continue }
            // The token that must change is the offer (move it to a survey option); the survey gets a note.
            let at: ByteRange, pointer: JSONPointer
            switch offer {
            case .key(let key): (at, pointer) = (key.range, key.pointer)
            case .inline(let inline): (at, pointer) = (ByteRange(inline.range.start, inline.range.start + 1), inline.pointer)
            }
            context.report(.promoAndSurvey(path: path.id?.value ?? "", platforms: context.platforms),
                           at: at, pointer: pointer, notes: [context.note("the survey", at: survey.keyRange)])
        }
    }
}

extension RuleMessage {
    /// `path.promo-and-survey`: what each target platform shows.
    static func promoAndSurvey(path id: String, platforms: Set<Platform>) -> RuleMessage {
        let effects = [platforms.contains(.ios) ? "iOS shows only the offer" : nil,
                       platforms.contains(.android) ? "Android shows the survey first" : nil].compactMap { $0 }
        return RuleMessage(PromoAndSurveyRule.descriptor,
                           "path \(MessageText.quoted(id)) has both an offer and a survey: \(effects.joined(separator: ", ")); put the offer on a survey option")
    }
}
