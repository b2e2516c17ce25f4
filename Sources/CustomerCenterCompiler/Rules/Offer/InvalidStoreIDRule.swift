/// `offer.invalid-store-id`: a store offer id with characters or length the store rejects.

import JSONSyntax
package enum InvalidStoreIDRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "offer.invalid-store-id",
        summary: "A store offer id with characters or a length the store rejects.",
        rationale: "No offer in the store can have this id, so the SDK finds no matching offer and silently skips it: customers never see the discount.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe, .unsafe],
        failingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay"}]}"#,
            extra: #""promotional_offers": {"stay": {"ios_offer_id": "stay_offer", "android_offer_id": ↓"Stay_Offer", "title_key": "title", "subtitle_key": "title"}}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay"}]}"#,
            extra: #""promotional_offers": {"stay": {"ios_offer_id": "rc-stay.offer_1", "android_offer_id": "stay-offer-1", "title_key": "title", "subtitle_key": "title"}}"#))

    /// A store id broken only by spaces: spaces around it are pasted by accident (removing them is
    /// safe); spaces inside become '_' (a guess).
    static func spaceRepair(_ id: String, valid: (String) -> Bool) -> (text: String, applicability: FixApplicability)? {
        let trimmed = String(id.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if trimmed != id, !trimmed.isEmpty, valid(trimmed) { return (trimmed, .safe) }
        let joined = String(trimmed.map { $0.isWhitespace ? "_" : $0 })
        if joined != id, !joined.isEmpty, valid(joined) { return (joined, .unsafe) }
        return nil
    }

    package static func check(_ context: inout RuleContext) {
        for (offer, _) in OfferList.all(context) {
            if let id = offer.androidOfferID, !id.value.isEmpty, let problem = googlePlayProblem(id.value) {
                let fixed = id.value.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
                let suggestion = googlePlayProblem(String(fixed)) == nil ? String(fixed) : nil
                context.report(.invalidStoreID(id.value, store: "Google Play", problem), on: id,
                               fix: suggestion.map { RuleContext.replace(id, with: $0, "write '\($0)'") })
            }
            if let id = offer.iosOfferID, !id.value.isEmpty, let problem = appStoreProblem(id.value) {
                context.report(.invalidStoreID(id.value, store: "App Store", problem), on: id,
                               fix: spaceRepair(id.value, valid: { appStoreProblem($0) == nil }).map {
                                   RuleContext.replace(id, with: $0.text, "write '\($0.text)'", applicability: $0.applicability)
                               })
            }
        }
    }

    /// Google Play: starts with a lower-case letter or digit; only `a-z`, `0-9` and `-`; at most 63 characters.
    static func googlePlayProblem(_ id: String) -> String? {
        if id.count > 63 { return "longer than 63 characters" }
        guard let first = id.unicodeScalars.first, ("a"..."z").contains(first) || ("0"..."9").contains(first) else {
            return "it must start with a lower-case letter or a digit"
        }
        if let bad = id.unicodeScalars.first(where: { !(("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-") }) {
            return "it may contain only lower-case letters, digits and '-', not \(MessageText.quoted(String(bad)))"
        }
        return nil
    }

    /// App Store: letters, digits, '.', '_' and '-' (RevenueCat's own ids use '-'); no spaces or other characters.
    static func appStoreProblem(_ id: String) -> String? {
        if let bad = id.unicodeScalars.first(where: { !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-")) }) {
            return "it may contain only letters, digits, '.', '_' and '-', not \(MessageText.quoted(String(bad)))"
        }
        return nil
    }
}

extension RuleMessage {
    /// `offer.invalid-store-id`: `store` is "Google Play" or "App Store".
    static func invalidStoreID(_ id: String, store: String, _ problem: String) -> RuleMessage {
        RuleMessage(InvalidStoreIDRule.descriptor, "\(MessageText.quoted(id)) is not a valid \(store) offer id: \(problem)")
    }
}
