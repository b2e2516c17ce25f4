/// `compat.inferred-platform`: the target platforms were inferred from offers that name one store only.

import JSONSyntax
package enum InferredPlatformRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "compat.inferred-platform",
        summary: "The target platforms were inferred as one platform only, because every offer names only that store's id.",
        rationale: "With no --platform and no 'platforms' in .customer-center.json, the platforms are inferred from the offers (docs/commands.md, \"Target platforms\"): removing the only 'android_offer_id' makes the config iOS-only, so lint stops checking Android and compile stops building its payloads. The mistake would switch its own check off; pin the platforms so it cannot.",
        defaultSeverity: .warning, formats: [.authoring],
        failingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay"}]}"#,
            extra: #""promotional_offers": {↓"stay": {"ios_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay"}]}"#,
            extra: #""promotional_offers": {"stay": {"ios_offer_id": "stay", "android_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}}"#))

    /// One finding, at the first offer that names the inferred platform's store, when the
    /// platforms were inferred and came out as one.
    package static func check(_ context: inout RuleContext) {
        guard context.platformsInferred, context.platforms.count == 1, let platform = context.platforms.first else { return }
        guard let (offer, anchor) = OfferList.all(context).first(where: { (platform == .ios ? $0.0.iosOfferID : $0.0.androidOfferID) != nil })
        else { return }
        context.report(.inferredPlatform(platform), at: anchor, pointer: offer.pointer)
    }
}

extension RuleMessage {
    /// `compat.inferred-platform`: the platforms were inferred as `platform` alone.
    static func inferredPlatform(_ platform: Platform) -> RuleMessage {
        let field = platform == .ios ? "ios_offer_id" : "android_offer_id"
        let other = Platform.allCases.filter { $0 != platform }.map(\.displayName).joined(separator: " and ")
        let list = Platform.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return RuleMessage(InferredPlatformRule.descriptor,
                           "target platforms inferred as \(platform.displayName) only: the offers name only '\(field)', so \(other) is not checked and compile builds no payload for it; pin them with --platform all or \"platforms\": [\(list)] in \(ConfigurationFile.name)")
    }
}
