// Where a config uses what a row of the SDK compatibility table is about, in both formats.

import JSONSyntax

/// One use of a table row's subject in a config.
struct SDKUse {
    /// The bytes reported.
    var range: ByteRange
    /// Their pointer.
    var pointer: JSONPointer
    /// A change that removes the use, when one is certain enough to offer.
    var fix: Fix?

    init(_ located: some Positioned, fix: Fix? = nil) {
        range = located.range
        pointer = located.pointer
        self.fix = fix
    }
}

extension SDKCompatibility {
    /// The keys of the built-in texts whose iOS lookup key changed in 5.31.0 (#5311): today's names.
    static let storeKeysRenamedIn531 = ["app_store", "mac_app_store", "google_play_store", "stripe", "promotional", "amazon_store",
                                         "external_store", "unknown_store", "badge_free_trial"]
    /// The promo button's texts, read from the config since 5.52.1 (#5974).
    static let promoButtonKeys = ["ios_promo_offer_button_regular_price", "ios_promo_offer_button_free_trial",
                                  "ios_promo_offer_button_recurring_discount", "ios_promo_offer_button_upfront_payment"]

    /// Every use of `fact`'s subject in the context's config.
    static func uses(of fact: SDKCompatibilityRow.Fact, in context: RuleContext) -> [SDKUse] {
        let config = context.config
        func paths(_ keep: (Path) -> Bool) -> [SDKUse] {
            config.allPaths.filter(keep).compactMap { path in path.type.map { SDKUse($0) } }
        }
        func flag(_ name: String, is value: Bool) -> [SDKUse] {
            (config.support?.locatedFlags ?? []).filter { $0.name == name && $0.value.value == value }.map { SDKUse($0.value) }
        }
        switch fact {
        case .iosNewPathTypeFails:
            return paths { [PathType.customURL.rawValue, PathType.customAction.rawValue].contains($0.type?.value) }
        case .iosCustomActionDropped, .androidCustomActionDropped:
            return paths { $0.type?.value == PathType.customAction.rawValue }
        case .iosCustomURLOnNoActiveHidden:
            return paths { $0.type?.value == PathType.customURL.rawValue && $0.screenKey == ScreenType.noActive.rawValue }
        case .iosInAppDeepLinkCrash:
            return config.allPaths.compactMap { path in
                guard let method = path.openMethod, path.method == .inApp, let url = path.url,
                      let scheme = URLSyntax.scheme(of: url.value), scheme != "http", scheme != "https" else { return nil }
                return SDKUse(method, fix: RuleContext.replace(method, with: OpenMethod.external.rawValue, "write '\(OpenMethod.external.rawValue)'"))
            }
        case .iosPathOfferNotShown:
            return config.allPaths.compactMap { path in path.offer.map(offerUse) }
        case .iosCustomerDetailsDropped:
            return (config.support?.supportTickets?.locatedCustomerDetails ?? []).filter { $0.name.contains("_") && $0.value.value }.map { SDKUse($0.value) }
        case .iosStoreKeysIgnored:
            return writtenTexts(storeKeysRenamedIn531, in: context)
        case .iosBuySubscriptionKeyIgnored:
            return writtenTexts(["buy_subscription"], in: context)
        case .iosPromoButtonKeysIgnored:
            return writtenTexts(promoButtonKeys, in: context)
        case .iosRefundWindowIgnored:
            return config.allPaths.compactMap { $0.refundWindow.map { SDKUse($0) } }
        case .iosPurchaseHistoryLinkIgnored:
            return flag("display_purchase_history_link", is: true)
        case .iosUpdateWarningToggleIgnored:
            return config.support?.updateWarning.flatMap { $0.value ? nil : [SDKUse($0)] } ?? []
        case .iosCrossProductPromotionsIgnored, .androidCrossProductPromotionsIgnored:
            return allOffers(config).compactMap { $0.crossProductPromotions?.first.map { SDKUse($0.product) } }
        case .iosOfferingIgnored, .androidOfferingIgnored:
            return config.screens.compactMap { screen in screen.offering.map { SDKUse($0.type ?? screen.key) } }
        case .iosButtonTextIgnored, .androidButtonTextIgnored:
            return config.screens.compactMap { $0.offering?.buttonText.map { SDKUse($0.located) } }
        case .iosVirtualCurrenciesIgnored, .androidVirtualCurrenciesIgnored:
            return flag("display_virtual_currencies", is: true)
        case .iosUserDetailsToggleIgnored:
            return flag("display_user_details_section", is: false)
        case .iosSupportTicketsIgnored, .androidSupportTicketsIgnored:
            return config.support?.supportTickets?.locatedAllowCreation.flatMap { $0.value ? [SDKUse($0)] : nil } ?? []
        case .androidIneligibleOfferShown:
            // A response says `eligible: false`; a dashboard config's conditions are what the
            // backend turns into it.
            return allOffers(config).compactMap { offer in
                if let eligible = offer.eligible { return eligible.value ? nil : SDKUse(eligible) }
                return offer.eligibility?.first.map { SDKUse($0) }
            }
        case .iosProductMappingRequired, .iosChangePlansRequired, .iosCustomerTypeRequired, .androidStrictCustomerType:
            // True of today's SDK: the schema and `compat.*` rules report these.
            return []
        }
    }

    /// Where an offer attached to a path is written.
    private static func offerUse(_ reference: OfferReference) -> SDKUse {
        switch reference {
        case .key(let key): return SDKUse(key)
        case .inline(let offer): return SDKUse(offer)
        }
    }

    /// The offers of an authoring config's table, and a response's offers written inline.
    private static func allOffers(_ config: CustomerCenterConfig) -> [Offer] {
        config.offers + config.offerReferences.compactMap { reference in
            if case .inline(let offer) = reference { return offer }
            return nil
        }
    }

    /// The texts of `keys` the team wrote: an authoring config defines the key; a response
    /// carries every built-in text, so there a text counts when it is neither the SDK's English
    /// default nor the built-in translation for the response's locale.
    private static func writtenTexts(_ keys: [String], in context: RuleContext) -> [SDKUse] {
        let builtIn = context.config.localization?.responseLocale.map { BuiltInStrings.strings(for: $0.value).strings } ?? [:]
        return keys.compactMap { key in
            guard let entry = context.resolved.strings[key] else { return nil }
            if context.config.format == .response {
                guard let text = entry.translations.first?.textValue, text != SDKStrings.english[key], text != builtIn[key] else { return nil }
            }
            return SDKUse(entry.key)
        }
    }
}

extension Offer: Positioned {}
