/// `offer.missing-store-id`: no `ios_offer_id` / `android_offer_id` for a target platform.

import JSONSyntax
package enum MissingStoreIDRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "offer.missing-store-id",
        summary: "An offer without 'ios_offer_id' or 'android_offer_id' for a target platform.",
        rationale: "Each SDK requires its own store's offer id: without it, iOS rejects the whole config and Android drops the path, so customers on that platform lose the option.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay"}, {"id": "refund", "type": "REFUND_REQUEST", "title_key": "title", "promotional_offer_key": "other"}]}"#,
            extra: #""promotional_offers": {↓"stay": {"ios_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}, "other": {"ios_offer_id": "other", "android_offer_id": "other", "title_key": "title", "subtitle_key": "title"}}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay"}]}"#,
            extra: #""promotional_offers": {"stay": {"ios_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}}"#))

    /// Authoring only in effect: in a response each SDK requires its own id, so a missing one is
    /// already that platform's `compat.*` finding at the same offer (one finding per cause).
    package static func check(_ context: inout RuleContext) {
        guard context.config.format == .authoring else { return }
        for (offer, anchor) in OfferList.all(context) {
            for platform in context.platforms.sorted() {
                let id = platform == .ios ? offer.iosOfferID : offer.androidOfferID
                guard id == nil else { continue }
                context.report(.missingStoreID(OfferList.name(offer), for: platform),
                               at: anchor, pointer: offer.pointer)
            }
        }
    }
}

/// Every offer of a config with where to point at it: table entries by key (authoring), inline
/// offers by their opening brace (response).
enum OfferList {
    static func all(_ context: RuleContext) -> [(Offer, ByteRange)] {
        var result = context.config.offers.map { ($0, $0.key?.range ?? ByteRange($0.range.start, $0.range.start + 1)) }
        for reference in context.config.offerReferences {
            if case .inline(let offer) = reference { result.append((offer, ByteRange(offer.range.start, offer.range.start + 1))) }
        }
        return result
    }

    static func name(_ offer: Offer) -> String {
        offer.key.map { "offer \(MessageText.quoted($0.value))" } ?? "this offer"
    }
}

extension RuleMessage {
    /// `offer.missing-store-id`: the offer has no id for `platform`'s store.
    static func missingStoreID(_ offer: String, for platform: Platform) -> RuleMessage {
        let field = platform == .ios ? "ios_offer_id" : "android_offer_id"
        let consequence = platform == .ios ? "iOS rejects the whole config" : "Android drops the path that shows it"
        return RuleMessage(MissingStoreIDRule.descriptor, "\(offer) has no '\(field)' for \(platform.displayName): \(consequence)")
    }
}
