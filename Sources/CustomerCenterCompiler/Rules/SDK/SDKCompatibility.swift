// The SDK compatibility table (docs/sdk-compatibility.md): what each released SDK version does
// with a config, as data, in one place. The `sdk.*` rules read it; `explain` prints its rows;
// docs/sdk-compatibility.md is `markdownTable()` (a test compares them).

/// One behaviour of a config that changed across SDK versions.
package struct SDKCompatibilityRow: Sendable {
    /// Which behaviour (the rules find its uses by this).
    package enum Fact: String, Sendable, CaseIterable {
        case iosNewPathTypeFails, iosCustomActionDropped, iosCustomURLOnNoActiveHidden, iosInAppDeepLinkCrash
        case iosPathOfferNotShown, iosCustomerDetailsDropped, iosStoreKeysIgnored, iosBuySubscriptionKeyIgnored
        case iosRefundWindowIgnored, iosPurchaseHistoryLinkIgnored, iosPromoButtonKeysIgnored, iosUpdateWarningToggleIgnored
        case iosCrossProductPromotionsIgnored, iosOfferingIgnored, iosButtonTextIgnored, iosVirtualCurrenciesIgnored
        case iosUserDetailsToggleIgnored, iosSupportTicketsIgnored
        case iosProductMappingRequired, iosChangePlansRequired, iosCustomerTypeRequired
        case androidCustomActionDropped, androidIneligibleOfferShown, androidOfferingIgnored, androidButtonTextIgnored
        case androidCrossProductPromotionsIgnored, androidVirtualCurrenciesIgnored, androidSupportTicketsIgnored
        case androidStrictCustomerType
    }

    /// What customers get on an affected version.
    package enum Effect: String, Sendable {
        case configFails = "the whole config fails"
        case crash = "crash"
        case dropped = "dropped"
        case notShown = "not shown"
        case shownWrongly = "shown wrongly"
        case ignored = "ignored"

        /// The severity of what customers suffer: a config that fails or a crash is an error,
        /// something customers miss or get wrong a warning, a setting not followed a note.
        package var severity: Severity {
            switch self {
            case .configFails, .crash: return .error
            case .dropped, .notShown, .shownWrongly: return .warning
            case .ignored: return .note
            }
        }
    }

    /// The behaviour.
    package let fact: Fact
    /// The SDK.
    package let platform: Platform
    /// What in the config (field, value or shape).
    package let what: String
    /// The first version that behaves so.
    package let since: SDKVersion
    /// The first version that reads it as today's does; `nil`: today's SDK too (then today's
    /// rules report it, and the `sdk.*` rules leave it to them).
    package let fixedIn: SDKVersion?
    /// What customers get.
    package let effect: Effect
    /// What customers get, in a sentence.
    package let customersGet: String
    /// How to change the config instead of raising the oldest version.
    package let change: String
    /// Where the fact comes from (PR, commit, first tag).
    package let source: String
    /// How it was checked (oracle at a tag, or code reading at a tag).
    package let checked: String

    /// "iOS 5.7.0–5.12.x", "iOS 5.25.0–5.39.2", "iOS 5.9.0 and later".
    package var versions: String {
        guard let fixedIn else { return "\(platform.displayName) \(since) and later" }
        let last: String
        if fixedIn.patch > 0 {
            last = "\(fixedIn.major).\(fixedIn.minor).\(fixedIn.patch - 1)"
        } else if fixedIn.minor > 0 {
            last = "\(fixedIn.major).\(fixedIn.minor - 1).x"
        } else {
            return "\(platform.displayName) \(since) to before \(fixedIn)"
        }
        return last == "\(since)" ? "\(platform.displayName) \(since)" : "\(platform.displayName) \(since)–\(last)"
    }

    /// Whether an app whose oldest SDK in the field is `oldest` has a version this row affects,
    /// besides today's (rows still true today are today's rules' business).
    package func affects(oldest: SDKVersion) -> Bool {
        guard let fixedIn else { return false }
        return oldest < fixedIn
    }
}

/// The table.
package enum SDKCompatibility {
    private static func v(_ text: String) -> SDKVersion {
        // The table's own literals; a typo is caught by SDKCompatibilityTests.
        SDKVersion(parsing: text) ?? SDKVersion(0, 0, 0)
    }

    /// The first release with a Customer Center model: purchases-ios 5.3.0 (dd0ee262ea, #3967);
    /// purchases-android 8.12.0 made `CustomerCenter` public (c29dbaac0c, #2156).
    static let firstIOS = "5.3.0", firstAndroid = "8.12.0"

    /// Every row, iOS first, each platform by version.
    package static let rows: [SDKCompatibilityRow] = ios + android

    private static let ios: [SDKCompatibilityRow] = [
        .init(fact: .iosNewPathTypeFails, platform: .ios, what: "a path of type CUSTOM_URL or CUSTOM_ACTION", since: v(firstIOS), fixedIn: v("5.7.0"),
              effect: .configFails, customersGet: "the path type enum was strict: the whole config fails to decode and the Customer Center shows its error screen",
              change: "remove the path", source: "purchases-ios #4386 (e7d37dfa70, 5.7.0)",
              checked: "oracle at 5.6.0: fail, 'Cannot initialize PathType from invalid String value CUSTOM_URL' (and CUSTOM_ACTION); 5.7.0: ok"),
        .init(fact: .iosUpdateWarningToggleIgnored, platform: .ios, what: "support.should_warn_customer_to_update: false", since: v(firstIOS), fixedIn: v("5.14.0"),
              effect: .ignored, customersGet: "the update warning is shown anyway when the app is not the latest version",
              change: "leave the update warning on", source: "purchases-ios f87bd03aed (5.14.0)",
              checked: "code reading at 5.13.0: CustomerCenterView warns when !appIsLatestVersion, the model has no such field"),
        .init(fact: .iosPurchaseHistoryLinkIgnored, platform: .ios, what: "support.display_purchase_history_link: true", since: v(firstIOS), fixedIn: v("5.15.0"),
              effect: .ignored, customersGet: "no purchase history link: the screen does not exist before 5.15.0",
              change: "leave display_purchase_history_link out", source: "purchases-ios #4690 (373151b293, 5.15.0)",
              checked: "code reading at 5.14.0: no purchase history in RevenueCatUI/CustomerCenter"),
        .init(fact: .iosRefundWindowIgnored, platform: .ios, what: "a path's refund_window", since: v(firstIOS), fixedIn: v("5.19.0"),
              effect: .ignored, customersGet: "the refund path is offered whatever the purchase's age",
              change: "leave refund_window out", source: "purchases-ios #4784 (75471965de, 5.19.0)",
              checked: "git log of CustomerCenterConfigResponse.swift: refund_window first decoded in 75471965de"),
        .init(fact: .iosCustomerDetailsDropped, platform: .ios, what: "support_tickets.customer_details flags with multi-word names (app_user_id, active_entitlements, …)",
              since: v("5.49.0"), fixedIn: v("5.56.0"),
              effect: .dropped, customersGet: "the flags decode as false: the support ticket silently lacks those details",
              change: "expect only country, email, idfa, idfv and ip in tickets from these versions",
              source: "purchases-ios #6134 (e43ac94d42, 5.56.0), report #6017",
              checked: "oracle --dump at 5.49.0: app_user_id and email true decode as email only; at 5.56.0 as both; code reading at 5.55.0: snake_case CodingKeys raw values under convertFromSnakeCase"),
        .init(fact: .iosInAppDeepLinkCrash, platform: .ios, what: "a CUSTOM_URL path with open_method IN_APP and a non-http(s) URL", since: v("5.7.0"), fixedIn: v("5.13.0"),
              effect: .crash, customersGet: "the app crashes: the URL is opened in SFSafariViewController, which accepts only http(s)",
              change: "set open_method to EXTERNAL", source: "purchases-ios #4533 (3f4c4eb6c5, 5.13.0)",
              checked: "code reading at 5.12.0: ManageSubscriptionsViewModel sets inAppBrowserURL for any URL, the view presents SafariView(url:)"),
        .init(fact: .iosCustomActionDropped, platform: .ios, what: "a path of type CUSTOM_ACTION", since: v("5.7.0"), fixedIn: v("5.34.0"),
              effect: .dropped, customersGet: "the type decodes as unknown and the path is not shown",
              change: "remove the path or use another type", source: "purchases-ios #5407 (d2cf48f577, 5.34.0)",
              checked: "oracle at 5.7.0 and 5.20.0: ok (decodes, type unknown); code reading: the enum has no customAction before d2cf48f577"),
        .init(fact: .iosCustomURLOnNoActiveHidden, platform: .ios, what: "a CUSTOM_URL path on the NO_ACTIVE screen", since: v("5.25.0"), fixedIn: v("5.34.0"),
              effect: .notShown, customersGet: "customers without a purchase see only MISSING_PURCHASE paths: the link is not shown",
              change: "move the link to the MANAGEMENT screen", source: "purchases-ios #5432 (f6ded90171, 5.34.0); the filter came with #5126 (4db1dd7a41, 5.25.0)",
              checked: "code reading at 5.24.0 (no filter), 5.25.0 and 5.33.0 (filter { $0.type == .missingPurchase })"),
        .init(fact: .iosPathOfferNotShown, platform: .ios, what: "a promotional offer attached directly to a path", since: v("5.25.0"), fixedIn: v("5.39.3"),
              effect: .notShown, customersGet: "the offer is never shown: the path's action runs without it",
              change: "offer it through a survey option instead", source: "purchases-ios issue #5568, fix #5581 (fc15bc67ae, 5.39.3)",
              checked: "code reading of fc15bc67ae: before it a path's own offer needed feedbackSurveyData?.productIdentifier (nil without a survey) and SubscriptionDetailView had no offer sheet; first version from report #5568"),
        .init(fact: .iosStoreKeysIgnored, platform: .ios,
              what: "texts for app_store, mac_app_store, google_play_store, stripe, promotional, amazon_store, external_store, unknown_store, badge_free_trial",
              since: v(firstIOS), fixedIn: v("5.31.0"),
              effect: .ignored, customersGet: "iOS looks the texts up under other keys (store_app_store, …, free_trial): the team's text is ignored, the English default shows",
              change: "also write the text under the old key (store_app_store, …)", source: "purchases-ios #5311 (9f2249deb6, 5.31.0)",
              checked: "code reading at 5.30.0 and 5.85.0: the CommonLocalizedString raw values"),
        .init(fact: .iosVirtualCurrenciesIgnored, platform: .ios, what: "support.display_virtual_currencies: true", since: v(firstIOS), fixedIn: v("5.32.0"),
              effect: .ignored, customersGet: "no virtual currency balances", change: "leave display_virtual_currencies out",
              source: "purchases-ios #5108 (01a352d9e9, 5.32.0)", checked: "git log of CustomerCenterConfigResponse.swift"),
        .init(fact: .iosCrossProductPromotionsIgnored, platform: .ios, what: "an offer's cross_product_promotions", since: v(firstIOS), fixedIn: v("5.24.0"),
              effect: .ignored, customersGet: "the offer is looked up by ios_offer_id on the customer's own product", change: "leave cross_product_promotions out",
              source: "purchases-ios #5031 (d8fbc4ac9f, 5.24.0)", checked: "git log of CustomerCenterConfigResponse.swift"),
        .init(fact: .iosOfferingIgnored, platform: .ios, what: "a screen's offering (the subscribe button)", since: v(firstIOS), fixedIn: v("5.35.0"),
              effect: .notShown, customersGet: "customers without a subscription get no subscribe button", change: "remove the offering",
              source: "purchases-ios #5457 (8d0a2245ed, 5.35.0)", checked: "git log of CustomerCenterConfigResponse.swift"),
        .init(fact: .iosBuySubscriptionKeyIgnored, platform: .ios, what: "a text for buy_subscription", since: v("5.35.0"), fixedIn: v("5.35.1"),
              effect: .ignored, customersGet: "5.35.0 looks the subscribe button's text up under 'subscribe': the team's text is ignored",
              change: "also write the text under 'subscribe'", source: "purchases-ios #5483 (5de0799b0b, 5.35.1)",
              checked: "code reading of 5de0799b0b"),
        .init(fact: .iosButtonTextIgnored, platform: .ios, what: "an offering's button_text", since: v("5.35.0"), fixedIn: v("5.36.0"),
              effect: .ignored, customersGet: "the subscribe button shows the built-in text", change: "leave button_text out",
              source: "purchases-ios #5501 (d98a15aa82, 5.36.0)", checked: "git log of CustomerCenterConfigResponse.swift"),
        .init(fact: .iosUserDetailsToggleIgnored, platform: .ios, what: "support.display_user_details_section: false", since: v(firstIOS), fixedIn: v("5.42.0"),
              effect: .ignored, customersGet: "the account details section (the user id) is shown anyway", change: "leave the section on",
              source: "purchases-ios #5609 (2dc6566166, 5.42.0)", checked: "code reading at 5.41.0: AccountDetailsSection shown unconditionally"),
        .init(fact: .iosSupportTicketsIgnored, platform: .ios, what: "support_tickets.allow_creation: true", since: v(firstIOS), fixedIn: v("5.49.0"),
              effect: .ignored, customersGet: "no support ticket form: contact support opens the e-mail", change: "keep a support e-mail",
              source: "purchases-ios #5779 (8b229a2adc, 5.49.0)", checked: "git log of CustomerCenterConfigResponse.swift"),
        .init(fact: .iosPromoButtonKeysIgnored, platform: .ios, what: "texts for ios_promo_offer_button_*", since: v(firstIOS), fixedIn: v("5.52.1"),
              effect: .ignored, customersGet: "the promo button's text comes from the SDK's bundled strings: the team's text is ignored",
              change: "expect the built-in text on these versions", source: "purchases-ios #5974 (67bb39aec7, 5.52.1)",
              checked: "code reading of 67bb39aec7"),
        .init(fact: .iosProductMappingRequired, platform: .ios, what: "a response offer without product_mapping", since: v("5.9.0"), fixedIn: nil,
              effect: .configFails, customersGet: "the whole config fails", change: "send product_mapping",
              source: "purchases-ios #4489 (5f98c3bd8c, 5.9.0)", checked: "oracle at 5.7.0: ok; 5.9.0, 5.20.0, 5.33.0, 5.49.0: fail, keyNotFound 'productMapping'"),
        .init(fact: .iosChangePlansRequired, platform: .ios, what: "a response without change_plans", since: v("5.33.0"), fixedIn: nil,
              effect: .configFails, customersGet: "the whole config fails", change: "send change_plans",
              source: "purchases-ios #5379 (b5995ac1c8, 5.33.0)", checked: "oracle at 5.20.0: ok; 5.33.0, 5.49.0: fail, keyNotFound 'changePlans'"),
        .init(fact: .iosCustomerTypeRequired, platform: .ios, what: "a response's support_tickets without customer_type", since: v("5.49.0"), fixedIn: nil,
              effect: .configFails, customersGet: "the whole config fails", change: "send customer_type",
              source: "purchases-ios #5779 (8b229a2adc, 5.49.0)", checked: "oracle at 5.33.0: ok; 5.49.0: fail, keyNotFound 'customerType'"),
    ]

    private static let android: [SDKCompatibilityRow] = [
        .init(fact: .androidIneligibleOfferShown, platform: .android, what: "a promotional offer with eligible: false (in the dashboard format: eligibility conditions)",
              since: v(firstAndroid), fixedIn: v("8.16.0"),
              effect: .shownWrongly, customersGet: "eligible is never read: the offer is shown to customers who are not eligible",
              change: "remove the eligibility conditions (or the offer)", source: "purchases-android #2325 (96eeb8a24c, 8.16.0)",
              checked: "code reading at 8.12.0 and 8.15.1: no read of .eligible in revenuecatui; 8.16.0 checks it"),
        .init(fact: .androidCrossProductPromotionsIgnored, platform: .android, what: "an offer's cross_product_promotions", since: v(firstAndroid), fixedIn: v("8.18.0"),
              effect: .ignored, customersGet: "the offer is looked up on the customer's own product", change: "leave cross_product_promotions out",
              source: "purchases-android #2385 (be9d322e0e, 8.18.0)", checked: "git log of CustomerCenterConfigData.kt"),
        .init(fact: .androidCustomActionDropped, platform: .android, what: "a path of type CUSTOM_ACTION", since: v(firstAndroid), fixedIn: v("9.2.0"),
              effect: .dropped, customersGet: "the path fails to decode and is dropped", change: "remove the path or use another type",
              source: "purchases-android #2572 (3a31fcc0f6, 9.2.0)", checked: "code reading at 9.1.2: PathType has no CUSTOM_ACTION; HelpPathsSerializer drops the path"),
        .init(fact: .androidOfferingIgnored, platform: .android, what: "a screen's offering (the subscribe button)", since: v(firstAndroid), fixedIn: v("9.3.0"),
              effect: .notShown, customersGet: "customers without a subscription get no subscribe button", change: "remove the offering",
              source: "purchases-android #2596 (2c01594f93, 9.3.0)", checked: "git log of CustomerCenterConfigData.kt"),
        .init(fact: .androidButtonTextIgnored, platform: .android, what: "an offering's button_text", since: v("9.3.0"), fixedIn: v("9.4.0"),
              effect: .ignored, customersGet: "the subscribe button shows the built-in text", change: "leave button_text out",
              source: "purchases-android #2638 (0ab154764f, 9.4.0)", checked: "git log of CustomerCenterConfigData.kt"),
        .init(fact: .androidVirtualCurrenciesIgnored, platform: .android, what: "support.display_virtual_currencies: true", since: v(firstAndroid), fixedIn: v("9.7.0"),
              effect: .ignored, customersGet: "no virtual currency balances", change: "leave display_virtual_currencies out",
              source: "purchases-android #2652 (74d9485b26, 9.7.0)", checked: "git log of CustomerCenterConfigData.kt"),
        .init(fact: .androidSupportTicketsIgnored, platform: .android, what: "support_tickets.allow_creation: true", since: v(firstAndroid), fixedIn: v("9.15.0"),
              effect: .ignored, customersGet: "no support ticket form", change: "keep a support e-mail",
              source: "purchases-android #2810 (2e897c0b0d, 9.15.0)", checked: "git log of CustomerCenterConfigData.kt"),
        .init(fact: .androidStrictCustomerType, platform: .android, what: "a support_tickets.customer_type outside the enum", since: v("9.15.0"), fixedIn: nil,
              effect: .configFails, customersGet: "the whole config is rejected", change: "send a known customer_type",
              source: "purchases-android #2810 (2e897c0b0d, 9.15.0)", checked: "code reading at 9.15.0: a plain @Serializable enum under Backend.json"),
    ]

    /// The rows a rule reports: those of its effects, not true of today's SDK.
    package static func rows(reportedAt severity: Severity) -> [SDKCompatibilityRow] {
        rows.filter { $0.fixedIn != nil && $0.effect.severity == severity }
    }

    /// The table of docs/sdk-compatibility.md.
    package static func markdownTable() -> String {
        var out = "| what | SDK versions | what customers get | source | checked |\n|---|---|---|---|---|\n"
        for row in rows {
            let cells = [row.what, row.versions, "\(row.effect.rawValue): \(row.customersGet)", row.source, row.checked]
            out += "| " + cells.map { $0.replacingOccurrences("|", with: "\\|") }.joined(separator: " | ") + " |\n"
        }
        return out
    }
}
