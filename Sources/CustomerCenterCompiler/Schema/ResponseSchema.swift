/// The SDK response format (docs/formats.md, "The two formats"), with what each SDK's decoder
/// needs of every field (docs/android-semantics.md).

import JSONSyntax
package enum ResponseSchema {
    static let id = SchemaType.string(StringSchema(nonEmpty: true))
    static let title = SchemaType.string(StringSchema(nonEmpty: true))

    static let crossProductPromotions = SchemaType.map(MapSchema(
        key: "a store product id", description: "An offer on another product.", value: .object(SharedSchema.crossProductPromotion)))

    static let promotionalOffer = ObjectSchema("PromotionalOffer", "A promotional offer, resolved for one platform.", fields: [
        Field("ios_offer_id", id, "The App Store promotional offer id.", ios: .required, android: .ignored),
        Field("android_offer_id", id, "The Google Play offer id.", ios: .ignored, android: .required),
        Field("eligible", .boolean, required: true, "Whether this customer may take the offer."),
        Field("title", title, required: true, "The offer's title."),
        Field("subtitle", .text, required: true, "The offer's subtitle."),
        Field("product_mapping", .map(MapSchema(key: "a store product id", description: "Store offer id.", value: id)), required: true,
              "Store offer id per product id; may be {}."),
        Field("cross_product_promotions", crossProductPromotions, "Offers on other products.", ios: .optional, android: .optionalNotNull),
    ])

    static let surveyOption = ObjectSchema("SurveyOption", "One answer of a survey.", fields: [
        Field("id", id, required: true, "Stable id."),
        Field("title", title, required: true, "The answer's text."),
        Field("promotional_offer", .object(promotionalOffer), "An offer shown after this answer."),
        Field("title_in_default_locale", .text, "The answer in the default locale (backend; ignored).", ios: .ignored, android: .ignored),
    ])

    static let survey = ObjectSchema("FeedbackSurvey", "A survey shown before the path's action.", fields: [
        Field("title", title, required: true, "The question."),
        Field("options", .array(.object(surveyOption)), required: true, "The answers."),
    ])

    /// A help path; Android drops a path that fails to decode.
    static let path = ObjectSchema("HelpPath", "An entry of a screen.", fields: [
        Field("id", id, required: true, "Stable id."),
        Field("title", title, required: true, "The path's title."),
        Field("type", .string(StringSchema(enumValues: SharedSchema.pathTypes, androidExtraValues: ["UNKNOWN"])), required: true, "What the path does."),
        Field("url", .string(StringSchema(nonEmpty: true, format: .uri)), "For CUSTOM_URL: the URL."),
        Field("open_method", .string(StringSchema(enumValues: SharedSchema.openMethods)), "IN_APP or EXTERNAL."),
        Field("promotional_offer", .object(promotionalOffer), "An offer shown before the action."),
        Field("feedback_survey", .object(survey), "A survey shown before the action."),
        Field("refund_window", .string(StringSchema(pattern: SharedSchema.refundWindowPattern)), "For REFUND_REQUEST (iOS).",
              ios: .optional, android: .ignored),
        Field("action_identifier", id, "For CUSTOM_ACTION."),
    ])

    static let offering = ObjectSchema("ScreenOffering", "The offering a screen shows.", fields: [
        Field("type", .string(StringSchema(enumValues: SharedSchema.offeringTypes)), required: true, "CURRENT or SPECIFIC."),
        Field("offering_id", id, "For SPECIFIC: the offering id."),
        Field("button_text", .text, "The button's text."),
    ])

    /// A screen; Android drops a screen that fails to decode.
    static let screen = ObjectSchema("Screen", "A screen.", fields: [
        Field("type", .string(StringSchema(enumValues: SharedSchema.screenKeys, androidExtraValues: ["UNKNOWN"])), required: true, "MANAGEMENT or NO_ACTIVE."),
        Field("title", title, required: true, "The screen's title."),
        Field("subtitle", .text, "The screen's subtitle."),
        Field("paths", .array(.object(path)), required: true, "The screen's paths."),
        Field("offering", .object(offering), "An offering to show."),
    ])

    static let localization = ObjectSchema("Localization", "The strings of one locale.", fields: [
        Field("locale", .string(StringSchema(nonEmpty: true)), required: true, "The locale the backend chose."),
        Field("localized_strings", .map(MapSchema(key: "a string key", description: "The text.", value: .text)), required: true,
              "Key → text."),
        Field("supported", .array(.text), "Supported locales (ignored).", ios: .ignored, android: .ignored),
    ])

    static let appearance = ObjectSchema("Appearance", "Colours per theme.", fields: [
        Field("light", .object(SharedSchema.colors), "Light mode colours.", ios: .required, android: .optional),
        Field("dark", .object(SharedSchema.colors), "Dark mode colours.", ios: .required, android: .optional),
        Field("mode", .text, "Ignored by both SDKs.", ios: .ignored, android: .ignored),
    ])

    static let customerCenter = ObjectSchema("CustomerCenter", "The Customer Center config.", fields: [
        Field("appearance", .object(appearance), required: true, "Colours."),
        Field("screens", .map(MapSchema(key: "MANAGEMENT or NO_ACTIVE", description: "A screen.", value: .object(screen),
                                        keyEnum: SharedSchema.screenKeys)), required: true, "Screens by key."),
        Field("localization", .object(localization), required: true, "Strings."),
        Field("support", .object(SharedSchema.support), required: true, "Support."),
        Field("change_plans", .array(.object(SharedSchema.changePlan)), "Change-plan groups.", ios: .required, android: .ignored),
        Field("last_published_app_version", .text, "Read here by Android only (unused).", ios: .ignored, android: .optional),
    ])

    /// The whole response document.
    package static let root = ObjectSchema("Response", "GET /v1/customercenter/{app_user_id}.", fields: [
        Field("customer_center", .object(customerCenter), required: true, "The config."),
        Field("last_published_app_version", .text, "The latest app version (iOS update warning).", ios: .optional, android: .ignored),
        Field("itunes_track_id", .unsignedInteger64, "The App Store id for the Update button (iOS).",
              ios: .optional, android: .ignored),
    ])
}
