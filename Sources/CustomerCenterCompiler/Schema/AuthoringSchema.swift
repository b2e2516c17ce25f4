/// The authoring format (docs/formats.md, "The two formats").

import JSONSyntax
package enum AuthoringSchema {
    static let key = SchemaType.string(StringSchema(nonEmpty: true))
    static let textKey = SchemaType.string(StringSchema(nonEmpty: true))

    static let condition = ObjectSchema(
        "EligibilityCondition", "One condition; an offer's conditions are ANDed.", fields: [
            Field("condition_type", .string(StringSchema(enumValues: ConditionType.allCases.map(\.rawValue))), required: true,
                  "FIRST_SEEN: time since the customer was first seen. TIME_SINCE_FIRST_PURCHASE: time since their first purchase."),
            Field("comparison", .string(StringSchema(enumValues: Comparison.allCases.map(\.rawValue))), required: true,
                  "GREATER: more than the amount ago. SMALLER: less than the amount ago."),
            Field("amount_in_seconds", .integerCheckedByRule(minimum: 0, maximum: EligibilityMath.maximumAmount), required: true,
                  "The amount of time, in seconds (1209600 = 14 days)."),
        ])

    static let offer = ObjectSchema("Offer", "A promotional (retention) offer shown before an action.", fields: [
        Field("ios_offer_id", key, "The App Store promotional offer id; needed for iOS."),
        Field("android_offer_id", key, "The Google Play offer id; needed for Android."),
        Field("title_key", textKey, required: true, "Localization key of the offer's title."),
        Field("subtitle_key", textKey, required: true, "Localization key of the offer's subtitle."),
        Field("eligibility", .array(.object(condition)), "Conditions, all of which must hold; empty or absent means always eligible."),
        Field("product_mapping", .map(MapSchema(key: "a store product id", description: "Store offer id to use for customers of that product.", value: key)),
              "Store offer id per store product id."),
        Field("cross_product_promotions", .map(MapSchema(key: "a store product id", description: "An offer on another product.",
                                                         value: .object(SharedSchema.crossProductPromotion))),
              "Offers on other products, per current product id."),
    ])

    static let surveyOption = ObjectSchema("SurveyOption", "One answer of a feedback survey.", fields: [
        Field("id", key, required: true, "Stable id, reported in analytics; never rename it."),
        Field("title_key", textKey, required: true, "Localization key of the answer's text."),
        Field("promotional_offer_key", key, "An offer (key of `promotional_offers`) shown after this answer."),
    ])

    static let survey = ObjectSchema("FeedbackSurvey", "A question asked before the path's action.", fields: [
        Field("title_key", textKey, required: true, "Localization key of the question."),
        Field("options", .array(.object(surveyOption)), required: true, "The answers."),
    ])

    /// A help path.
    package static let path = ObjectSchema("Path", "An entry of a screen: an action the customer can take.", fields: [
        Field("id", key, required: true, "Stable id, reported in analytics and events; never rename it."),
        Field("type", .string(StringSchema(enumValues: SharedSchema.pathTypes)), required: true, "What the path does."),
        Field("title_key", textKey, required: true, "Localization key of the path's title."),
        Field("promotional_offer_key", key, "An offer (key of `promotional_offers`) shown before the action."),
        Field("feedback_survey", .object(survey), "A survey shown before the action."),
        Field("url", .string(StringSchema(nonEmpty: true, format: .uri)), "For CUSTOM_URL: the absolute URL to open."),
        Field("open_method", .string(StringSchema(enumValues: SharedSchema.openMethods)), "For CUSTOM_URL: IN_APP or EXTERNAL."),
        Field("action_identifier", key, "For CUSTOM_ACTION: the identifier sent to the app's handler."),
        Field("refund_window", .string(StringSchema(pattern: SharedSchema.refundWindowPattern)),
              "For REFUND_REQUEST (iOS): `forever` or an ISO-8601 duration such as `P14D`."),
    ])

    static let offering = ObjectSchema("ScreenOffering", "The offering a screen shows.", fields: [
        Field("type", .string(StringSchema(enumValues: SharedSchema.offeringTypes)), required: true, "CURRENT or SPECIFIC."),
        Field("offering_id", key, "For SPECIFIC: the offering's id."),
        Field("button_text_key", textKey, "Localization key of the button's text."),
    ])

    /// A screen.
    package static let screen = ObjectSchema("Screen", "A screen of the Customer Center.", fields: [
        Field("type", .string(StringSchema(enumValues: SharedSchema.screenKeys)), required: true, "Must equal the screen's key."),
        Field("title_key", textKey, required: true, "Localization key of the screen's title."),
        Field("subtitle_key", textKey, "Localization key of the screen's subtitle."),
        Field("paths", .array(.object(path)), required: true, "The screen's entries, in order."),
        Field("offering", .object(offering), "An offering to show on the screen."),
    ])

    static let localization = ObjectSchema("Localization", "Every text of the config, by key and locale.", fields: [
        Field("default", .string(StringSchema(nonEmpty: true)), required: true,
              "The fallback locale, used when the customer's language is not supported."),
        Field("supported", .array(.string(StringSchema(nonEmpty: true))), "The locales the config is translated into."),
        Field("localized_strings", .map(MapSchema(
            key: "a localization key", description: "Text of this key per locale.",
            value: .map(MapSchema(key: "a locale code such as en, pt-BR or zh-Hant (zh-TW, zh-HK: Traditional Chinese)",
                                  description: "The text in that locale.", value: .text)))),
              required: true,
              "Key → locale → text. Also holds the SDKs' own strings (contact_support, …); Android ignores default_subject and default_body."),
    ])

    static let appearance = ObjectSchema("Appearance", "Colours per theme.", fields: [
        Field("light", .object(SharedSchema.colors), "Colours in light mode."),
        Field("dark", .object(SharedSchema.colors), "Colours in dark mode."),
        Field("mode", .text, "Colour mode (seen: CUSTOM); neither SDK reads it."),
    ])

    /// The whole document.
    package static let root = ObjectSchema("CustomerCenterConfig", "A RevenueCat Customer Center configuration (authoring format).", fields: [
        Field("$schema", .text, "The JSON Schema this file follows (for editors)."),
        Field("appearance", .object(appearance), "Colours."),
        Field("support", .object(SharedSchema.support), "Support email and optional sections."),
        Field("localization", .object(localization), required: true, "The text table."),
        Field("screens", .map(MapSchema(key: "MANAGEMENT or NO_ACTIVE", description: "A screen.", value: .object(screen),
                                        keyEnum: SharedSchema.screenKeys)),
              required: true, "MANAGEMENT (shown to customers with an active purchase) and NO_ACTIVE (shown otherwise)."),
        Field("promotional_offers", .map(MapSchema(key: "an offer key", description: "An offer.", value: .object(offer))),
              "Offers by key, referred to by `promotional_offer_key`."),
        Field("change_plans", .array(.object(SharedSchema.changePlan)), "Plans customers may switch between (iOS)."),
    ])
}
