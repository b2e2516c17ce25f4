/// `offer.invalid-eligibility-amount`: `amount_in_seconds` negative, fractional or absurd.

import JSONSyntax
package enum InvalidEligibilityAmountRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "offer.invalid-eligibility-amount",
        summary: "'amount_in_seconds' negative, fractional or absurd (more than 100 years).",
        rationale: "Such a condition cannot mean what was intended (often minutes or days typed as seconds): the offer goes to everyone or to no one.",
        defaultSeverity: .error, formats: [.authoring],
        failingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓-86400}]}}"#),
        passingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 86400}]}}"#))

    package static func check(_ context: inout RuleContext) {
        for offer in context.config.offers {
            for condition in offer.eligibility ?? [] {
                guard let amount = condition.amount else { continue }
                let number = amount.value
                let problem: String?
                if number.text.hasPrefix("-") && number.doubleValue != 0 {
                    problem = "is negative"
                } else if number.int64Value == nil {
                    problem = number.doubleValue.isFinite && number.doubleValue < Double(EligibilityMath.maximumAmount)
                        ? "is not a whole number of seconds" : "is more than 100 years"
                } else if let value = number.int64Value, value > EligibilityMath.maximumAmount {
                    problem = "is more than 100 years"
                } else {
                    problem = nil
                }
                guard let problem else { continue }
                context.report(.invalidEligibilityAmount(number.text, problem), on: amount)
            }
        }
    }
}

extension RuleMessage {
    /// `offer.invalid-eligibility-amount`: the number as written and what is wrong with it.
    static func invalidEligibilityAmount(_ written: String, _ problem: String) -> RuleMessage {
        RuleMessage(InvalidEligibilityAmountRule.descriptor, "'amount_in_seconds' \(MessageText.quoted(written)) \(problem)")
    }
}
