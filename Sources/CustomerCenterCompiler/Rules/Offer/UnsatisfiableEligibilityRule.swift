/// `offer.unsatisfiable-eligibility`: conditions no customer can meet.

import JSONSyntax
package enum UnsatisfiableEligibilityRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "offer.unsatisfiable-eligibility",
        summary: "Eligibility conditions that no customer can meet (e.g. first seen more than 14 days AND less than 7 days ago).",
        rationale: "Conditions are ANDed: if they contradict each other, no customer is ever eligible and the offer is never shown.",
        defaultSeverity: .error, formats: [.authoring],
        failingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}, ↓{"condition_type": "FIRST_SEEN", "comparison": "SMALLER", "amount_in_seconds": 604800}]}}"#),
        passingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 604800}, {"condition_type": "FIRST_SEEN", "comparison": "SMALLER", "amount_in_seconds": 1209600}]}}"#))

    package static func check(_ context: inout RuleContext) {
        for offer in context.config.offers {
            guard let (bound, other) = EligibilityMath.contradiction(offer) else { continue }
            let message: RuleMessage
            var notes: [DiagnosticNote] = []
            if let other {
                let (low, high) = bound.greater ? (bound, other) : (other, bound)
                message = .unsatisfiableEligibility(OfferList.name(offer), bound.type, moreThan: low.amount, lessThan: high.amount)
                notes.append(context.note("the conflicting condition", at: other.condition.range))
            } else {
                message = .unsatisfiableEligibility(OfferList.name(offer), bound.type, moreThan: nil, lessThan: 0)
            }
            context.report(message, on: bound.condition, notes: notes)
        }
    }
}

extension RuleMessage {
    /// `offer.unsatisfiable-eligibility`: bounds in seconds; `moreThan` is `nil` for 'SMALLER 0'.
    static func unsatisfiableEligibility(_ offer: String, _ type: ConditionType, moreThan low: Int64?, lessThan high: Int64) -> RuleMessage {
        let subject = type == .firstSeen ? "first seen" : "first purchase"
        guard let low else {
            return RuleMessage(UnsatisfiableEligibilityRule.descriptor, "\(offer) can never be shown: 'SMALLER 0' (\(subject) less than 0 seconds ago) is never true")
        }
        return RuleMessage(UnsatisfiableEligibilityRule.descriptor,
                           "\(offer) can never be shown: no customer's \(subject) is both more than \(EligibilityMath.describe(low)) and less than \(EligibilityMath.describe(high)) ago")
    }
}
