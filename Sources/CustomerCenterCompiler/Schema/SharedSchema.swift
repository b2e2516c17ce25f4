/// Objects with the same shape in both formats. Their `ios`/`android` needs describe the
/// response decoders (docs/android-semantics.md); the authoring format uses `required`.

import JSONSyntax
enum SharedSchema {
    static let colorPattern = "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"
    static let color = SchemaType.string(StringSchema(pattern: colorPattern))

    static let colors = ObjectSchema("Colors", "Colours of one theme, each `#RRGGBB` or `#RRGGBBAA` (alpha last).", fields: [
        Field("accent_color", color, "Tint over the whole Customer Center."),
        Field("background_color", color, "Background of the promotional-offer screens."),
        Field("text_color", color, "Text in the promotional-offer screens."),
        Field("button_background_color", color, "Background of the promotional-offer button."),
        Field("button_text_color", color, "Text of the promotional-offer button."),
    ])

    static let customerDetails = ObjectSchema(
        "CustomerDetails", "Which customer details a support ticket includes (all default to false).",
        fields: ["active_entitlements", "app_user_id", "att_consent", "country", "device_version", "email",
                 "facebook_anon_id", "idfa", "idfv", "ip", "last_opened", "last_seen_app_version", "total_spent", "user_since"]
            // Underscores to spaces byte by byte: `replacingOccurrences` first loads _StringProcessing's
            // search, and walking Characters breaks graphemes (0.3 M and 0.1 M instructions at the
            // start of every lint, for a text no lint shows).
            .map { Field($0, .boolean, "Include the customer's \(String(decoding: $0.utf8.map { $0 == 0x5F ? 0x20 : $0 }, as: UTF8.self)).") })

    static let customerTypes = ["active", "not_active", "all", "none"]

    static let supportTickets = ObjectSchema("SupportTickets", "In-app support ticket creation (iOS 5.49+, Android 9.15+).", fields: [
        Field("allow_creation", .boolean, required: true, "Whether customers may create a support ticket.",
              ios: .required, android: .optionalNotNull),
        Field("customer_type", .string(StringSchema(enumValues: customerTypes)), required: true,
              "Which customers see the button: active, not_active, all or none.", ios: .required, android: .optionalNotNull),
        Field("customer_details", .object(customerDetails), "Details attached to the ticket.", ios: .optional, android: .optionalNotNull),
    ])

    static let support = ObjectSchema("Support", "How customers reach support, and optional sections.", fields: [
        Field("email", .string(StringSchema(format: .email)),
              "Support email. Without one, \"Contact support\" is hidden on both platforms.", ios: .required, android: .optional),
        Field("should_warn_customer_to_update", .boolean,
              "Warn when a newer app version exists (iOS; default true). Android decodes it but never reads it."),
        Field("display_purchase_history_link", .boolean, "Show the purchase history link (iOS; default false).", android: .ignored),
        Field("display_user_details_section", .boolean, "Show the user details section (iOS; default true).", android: .ignored),
        Field("display_virtual_currencies", .boolean, "Show virtual currency balances (default false)."),
        Field("should_warn_customers_about_multiple_subscriptions", .boolean,
              "Warn about duplicate subscriptions (iOS; default false).", android: .ignored),
        Field("support_tickets", .object(supportTickets), "Support ticket creation.", ios: .optional, android: .optionalNotNull),
    ])

    static let changePlanProduct = ObjectSchema("ChangePlanProduct", "A product a customer may switch to.", fields: [
        Field("product_id", SchemaType.string(StringSchema(nonEmpty: true)), required: true, "The store product id."),
        Field("selected", .boolean, required: true, "Whether the product is offered."),
    ])

    static let changePlan = ObjectSchema("ChangePlan", "A subscription group whose plans can be changed (iOS).", fields: [
        Field("group_id", SchemaType.string(StringSchema(nonEmpty: true)), required: true, "The App Store subscription group id."),
        Field("group_name", .text, required: true, "The group's name."),
        Field("products", .array(.object(changePlanProduct)), required: true, "The group's products."),
    ])

    static let crossProductPromotion = ObjectSchema(
        "CrossProductPromotion", "An offer on another product, for customers of the keyed product.", fields: [
            Field("store_offer_identifier", SchemaType.string(StringSchema(nonEmpty: true)), required: true, "The store's offer id."),
            Field("target_product_id", SchemaType.string(StringSchema(nonEmpty: true)), required: true, "The product the offer is for."),
        ])

    static let screenKeys = ScreenType.allCases.map(\.rawValue)
    static let pathTypes = PathType.allCases.map(\.rawValue)
    static let openMethods = OpenMethod.allCases.map(\.rawValue)
    static let offeringTypes = OfferingType.allCases.map(\.rawValue)
    static let refundWindowPattern = "^(forever|P(?!$)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+S)?)?)$"
}
