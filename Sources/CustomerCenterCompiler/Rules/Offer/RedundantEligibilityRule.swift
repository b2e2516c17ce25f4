/// `offer.redundant-eligibility`: a condition implied by another one.
public enum RedundantEligibilityRule: ModelRule {
    public static let descriptor = RuleDescriptor(
        id: "offer.redundant-eligibility",
        summary: "An eligibility condition implied by another one.",
        rationale: "A condition that changes nothing usually means one of the two amounts is not what you meant.",
        defaultSeverity: .warning, formats: [.authoring],
        failingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [↓{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 604800}, {"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}]}}"#),
        passingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}, {"condition_type": "TIME_SINCE_FIRST_PURCHASE", "comparison": "GREATER", "amount_in_seconds": 604800}]}}"#))

    public static func check(_ context: inout RuleContext) {
        for offer in context.config.offers where EligibilityMath.contradiction(offer) == nil {
            for (redundant, implied) in EligibilityMath.redundancies(offer) {
                let word = redundant.greater ? "more" : "less"
                context.report(descriptor, "this condition (\(word) than \(EligibilityMath.describe(redundant.amount))) is implied by another one (\(word) than \(EligibilityMath.describe(implied.amount)))",
                               on: redundant.condition,
                               notes: [context.note("the condition that implies it", at: implied.condition.range)])
            }
        }
    }
}
