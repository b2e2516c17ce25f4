/// `ref.unused-offer`: an offer nothing references.

import JSONSyntax
package enum UnusedOfferRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "ref.unused-offer",
        summary: "An offer that nothing references.",
        rationale: "No path or survey option shows this offer, so no customer will ever see it: usually a path lost its 'promotional_offer_key'.",
        defaultSeverity: .warning, formats: [.authoring],
        marksUnnecessaryCode: true,
        failingExample: Examples.authoring(extra: #""promotional_offers": {↓"stay_offer": {"title_key": "title", "subtitle_key": "title"}}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay_offer"}]}"#,
            extra: #""promotional_offers": {"stay_offer": {"title_key": "title", "subtitle_key": "title"}}"#))

    package static func check(_ context: inout RuleContext) {
        for offer in context.config.offers {
            guard let key = offer.key, !context.resolved.referencedOffers.contains(key.value) else { continue }
            context.report(.unusedOffer(key.value),
                           on: key)
        }
    }
}

extension RuleMessage {
    /// `ref.unused-offer`.
    static func unusedOffer(_ key: String) -> RuleMessage {
        RuleMessage(UnusedOfferRule.descriptor, "offer \(MessageText.quoted(key)) is never shown: no path or survey option refers to it")
    }
}
