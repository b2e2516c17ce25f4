/// `screen.specific-offering-without-id`: `offering: {"type": "SPECIFIC"}` with no `offering_id`.

import JSONSyntax
package enum SpecificOfferingWithoutIDRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "screen.specific-offering-without-id",
        summary: "A screen's offering of type SPECIFIC without 'offering_id': no subscribe button.",
        rationale: "With no offering id to look up, purchases-ios only logs a debug line and Android's resolveOffering returns null: customers without a subscription never get the subscribe button.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "offering": {"type": ↓"SPECIFIC"}, "paths": [{"id": "restore_none", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "offering": {"type": "SPECIFIC", "offering_id": "premium"}, "paths": [{"id": "restore_none", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#))

    package static func check(_ context: inout RuleContext) {
        for screen in context.config.screens {
            guard let offering = screen.offering, let type = offering.type, type.value == OfferingType.specific.rawValue else { continue }
            // An empty id is `schema.empty-value`'s.
            guard offering.offeringID == nil else { continue }
            context.report(.specificOfferingWithoutID(screen: screen.key.value), on: type,
                           fix: RuleContext.replace(type, with: OfferingType.current.rawValue, "show the current offering: write 'CURRENT'"))
        }
    }
}

extension RuleMessage {
    /// `screen.specific-offering-without-id`.
    static func specificOfferingWithoutID(screen: String) -> RuleMessage {
        RuleMessage(SpecificOfferingWithoutIDRule.descriptor,
                    "the offering of screen \(MessageText.quoted(screen)) is SPECIFIC but names no 'offering_id': neither SDK finds an offering, so customers get no subscribe button; add 'offering_id' or use CURRENT")
    }
}
