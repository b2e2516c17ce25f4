/// `offer.redundant-eligibility`: a condition implied by another one.

import JSONSyntax
package enum RedundantEligibilityRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "offer.redundant-eligibility",
        summary: "An eligibility condition implied by another one.",
        rationale: "A condition that changes nothing usually means one of the two amounts is not what you meant.",
        defaultSeverity: .warning, formats: [.authoring],
        failingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [↓{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 604800}, {"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}]}}"#),
        passingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}, {"condition_type": "TIME_SINCE_FIRST_PURCHASE", "comparison": "GREATER", "amount_in_seconds": 604800}]}}"#))

    package static func check(_ context: inout RuleContext) {
        for offer in context.config.offers where EligibilityMath.contradiction(offer) == nil {
            for (redundant, implied) in EligibilityMath.redundancies(offer) {
                context.report(.redundantEligibility(greater: redundant.greater, redundant.amount, impliedBy: implied.amount),
                               on: redundant.condition,
                               notes: [context.note("the condition that implies it", at: implied.condition.range)])
            }
        }
    }
}

extension RuleMessage {
    /// `offer.redundant-eligibility`: a bound (in seconds) implied by a tighter one.
    static func redundantEligibility(greater: Bool, _ amount: Int64, impliedBy implied: Int64) -> RuleMessage {
        let word = greater ? "more" : "less"
        return RuleMessage(RedundantEligibilityRule.descriptor,
                           "this condition (\(word) than \(EligibilityMath.describe(amount))) is implied by another one (\(word) than \(EligibilityMath.describe(implied)))")
    }
}
