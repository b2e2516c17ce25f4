/// `ref.unresolved-offer`: a `promotional_offer_key` with no entry in `promotional_offers`.

import JSONSyntax
package enum UnresolvedOfferRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "ref.unresolved-offer",
        summary: "A 'promotional_offer_key' with no entry in 'promotional_offers' (with the nearest key).",
        rationale: "The retention offer you meant to show is missing: customers go straight to cancelling or refunding instead of seeing it.",
        defaultSeverity: .error, formats: [.authoring],
        fixes: [.unsafe], blocksCompile: true,
        failingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": ↓"stay-offer"}]}"#,
            extra: #""promotional_offers": {"stay_offer": {"title_key": "title", "subtitle_key": "title"}}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay_offer"}]}"#,
            extra: #""promotional_offers": {"stay_offer": {"title_key": "title", "subtitle_key": "title"}}"#))

    package static func check(_ context: inout RuleContext) {
        // The keys to suggest from, sorted only when a reference names none of them.
        var sortedKeys: [String]?
        for key in context.resolved.offerReferences where !key.value.isEmpty && context.resolved.offers[key.value] == nil {
            let keys = sortedKeys ?? context.resolved.offers.keys.sorted()
            sortedKeys = keys
            let suggestion = context.suggestion(for: key.value, among: keys)
            context.report(.unresolvedOffer(key.value, tableExists: !keys.isEmpty), on: key,
                           fix: suggestion.map { RuleContext.replace(key, with: $0) })
        }
    }
}

extension RuleMessage {
    /// `ref.unresolved-offer`.
    static func unresolvedOffer(_ key: String, tableExists: Bool) -> RuleMessage {
        let known = tableExists ? "not a key of 'promotional_offers'" : "there is no 'promotional_offers' table"
        return RuleMessage(UnresolvedOfferRule.descriptor, "offer \(MessageText.quoted(key)) does not exist: \(known)")
    }
}
