import JSONSyntax

/// A decoded Customer Center config in either format: what every rule checks.
///
/// Both formats decode into this one model; text is a key (authoring) or literal (response),
/// offers are referenced by key (authoring) or inline (response). Every value remembers its
/// source range and pointer.
public struct CustomerCenterConfig: Sendable {
    /// Which format the document is.
    public var format: InputFormat
    /// The pointer of the object holding `screens` (`""` or `"/customer_center"`).
    public var basePointer: JSONPointer
    /// Colours, if given.
    public var appearance: Appearance?
    /// Support settings, if given.
    public var support: Support?
    /// The text table (authoring) or the flat strings of one locale (response).
    public var localization: Localization?
    /// Screens in document order.
    public var screens: [Screen] = []
    /// The `promotional_offers` table (authoring only; inline offers live on paths and options).
    public var offers: [Offer] = []
    /// Change-plan groups, if given.
    public var changePlans: [ChangePlan]?
    /// The `"screens"` key, when present.
    public var screensKeyRange: ByteRange?

    /// Every path of every screen (a view; nothing is copied).
    public var allPaths: FlattenSequence<LazyMapSequence<[Screen], [Path]>> { screens.lazy.map(\.paths).joined() }

    /// Every offer reference in the document with where it is used.
    public var offerReferences: [OfferReference] {
        var references: [OfferReference] = []
        for path in allPaths {
            if let offer = path.offer { references.append(offer) }
            for option in path.survey?.options ?? [] {
                if let offer = option.offer { references.append(offer) }
            }
        }
        return references
    }
}

/// `appearance`.
public struct Appearance: Sendable {
    /// Light theme colours.
    public var light: ThemeColors?
    /// Dark theme colours.
    public var dark: ThemeColors?
    /// `mode`, which neither SDK reads but the backend sends.
    public var mode: String?
    /// Where `appearance` is.
    public var pointer: JSONPointer
    /// Its key's range.
    public var keyRange: ByteRange
}

/// One theme's colours by role.
public struct ThemeColors: Sendable {
    /// `light` or `dark`.
    public var theme: String
    /// Colour strings by field name (`accent_color`, …) with their keys' ranges, in document order.
    public var colors: [(role: String, value: Located<String>, keyRange: ByteRange)]
    /// Where the theme object is.
    public var pointer: JSONPointer
    /// Its key's range.
    public var keyRange: ByteRange

    /// The colour of `role`, if set.
    public func color(_ role: String) -> Located<String>? { colors.first { $0.role == role }?.value }
}

/// `support`.
public struct Support: Sendable {
    /// The support email, if given.
    public var email: Located<String>?
    /// The boolean settings given (`should_warn_customer_to_update`, …), by field name, in schema order.
    public var flags: [(name: String, value: Bool)] = []
    /// `should_warn_customer_to_update` as written (snake_case), with where it is.
    public var updateWarning: Located<Bool>?
    /// `support_tickets`, if given.
    public var supportTickets: SupportTickets?
    /// Where `support` is.
    public var pointer: JSONPointer
    /// Its key's range.
    public var keyRange: ByteRange
}

/// `support.support_tickets`.
public struct SupportTickets: Sendable {
    /// `allow_creation`.
    public var allowCreation: Bool?
    /// `customer_type`.
    public var customerType: String?
    /// `customer_details` flags given, by field name.
    public var customerDetails: [(name: String, value: Bool)]?
}

/// `localization`.
public struct Localization: Sendable {
    /// `default` (authoring).
    public var defaultLocale: Located<String>?
    /// `supported` (authoring), when given.
    public var supported: [Located<String>]?
    /// `locale` (response).
    public var responseLocale: Located<String>?
    /// Each key with its texts.
    public var entries: [StringEntry]
    /// Where `localization` is.
    public var pointer: JSONPointer
    /// Its key's range.
    public var keyRange: ByteRange
}

/// One key of `localized_strings` with its translations (one, for a response).
public struct StringEntry: Sendable {
    /// The key (range: the key's bytes).
    public var key: Located<String>
    /// Text per locale, in document order.
    public var translations: Translations
}

/// A screen.
public struct Screen: Sendable {
    /// The map key (`MANAGEMENT`, range: the key's bytes).
    public var key: Located<String>
    /// The `type` field.
    public var type: Located<String>?
    /// The title.
    public var title: TextSource?
    /// The subtitle.
    public var subtitle: TextSource?
    /// The paths, in order.
    public var paths: [Path]
    /// Whether `paths` is written `[]` (a missing or mistyped one is a schema finding instead).
    public var hasEmptyPathsArray: Bool
    /// The offering, if any.
    public var offering: ScreenOffering?
    /// Where the screen is.
    public var pointer: JSONPointer
    /// The screen object's bytes.
    public var range: ByteRange
}

/// `screens.*.offering`.
public struct ScreenOffering: Sendable {
    /// CURRENT or SPECIFIC.
    public var type: Located<String>?
    /// For SPECIFIC.
    public var offeringID: Located<String>?
    /// The button text.
    public var buttonText: TextSource?
    /// Where it is.
    public var pointer: JSONPointer
}

/// A help path.
public struct Path: Sendable {
    /// `id`.
    public var id: Located<String>?
    /// `type`.
    public var type: Located<String>?
    /// The title.
    public var title: TextSource?
    /// The offer shown before the action.
    public var offer: OfferReference?
    /// The survey shown before the action.
    public var survey: Survey?
    /// `url`.
    public var url: Located<String>?
    /// `open_method`.
    public var openMethod: Located<String>?
    /// `action_identifier`.
    public var actionIdentifier: Located<String>?
    /// `refund_window`.
    public var refundWindow: Located<String>?
    /// The key of the screen holding it.
    public var screenKey: String
    /// Where the path is.
    public var pointer: JSONPointer
    /// The path object's bytes.
    public var range: ByteRange
}

/// `feedback_survey`.
public struct Survey: Sendable {
    /// The question.
    public var title: TextSource?
    /// The answers.
    public var options: [SurveyOption]
    /// Whether `options` is written as an array.
    public var hasOptionsArray: Bool
    /// Where it is.
    public var pointer: JSONPointer
    /// Its key's range.
    public var keyRange: ByteRange
}

/// One survey answer.
public struct SurveyOption: Sendable {
    /// `id`.
    public var id: Located<String>?
    /// The text.
    public var title: TextSource?
    /// The offer shown after this answer.
    public var offer: OfferReference?
    /// Where it is.
    public var pointer: JSONPointer
    /// The option object's bytes.
    public var range: ByteRange
}

/// A promotional offer.
public struct Offer: Sendable {
    /// The key in `promotional_offers` (authoring; range: the key's bytes).
    public var key: Located<String>?
    /// `ios_offer_id`.
    public var iosOfferID: Located<String>?
    /// `android_offer_id`.
    public var androidOfferID: Located<String>?
    /// The title.
    public var title: TextSource?
    /// The subtitle.
    public var subtitle: TextSource?
    /// Conditions (authoring).
    public var eligibility: [EligibilityCondition]?
    /// `eligible` (response).
    public var eligible: Located<Bool>?
    /// Store product id → store offer id.
    public var productMapping: [(product: Located<String>, offer: Located<String>)]?
    /// Offers on other products.
    public var crossProductPromotions: [CrossProductPromotion]?
    /// Where it is.
    public var pointer: JSONPointer
    /// The offer object's bytes.
    public var range: ByteRange
}

/// One eligibility condition.
public struct EligibilityCondition: Sendable, Positioned {
    /// FIRST_SEEN or TIME_SINCE_FIRST_PURCHASE.
    public var conditionType: Located<String>?
    /// GREATER or SMALLER.
    public var comparison: Located<String>?
    /// The amount as written (a rule checks it is a sensible whole number).
    public var amount: Located<JSONNumber>?
    /// The amount, when it is a whole number that fits.
    public var amountInSeconds: Int64? { amount?.value.int64Value }
    /// Where it is.
    public var pointer: JSONPointer
    /// The condition object's bytes.
    public var range: ByteRange
}

/// A cross-product promotion.
public struct CrossProductPromotion: Sendable {
    /// The current product id (the map key).
    public var product: Located<String>
    /// The store offer id.
    public var storeOfferIdentifier: Located<String>?
    /// The product the offer is for.
    public var targetProductID: Located<String>?
}

/// A change-plans group.
public struct ChangePlan: Sendable {
    /// `group_id`.
    public var groupID: Located<String>?
    /// `group_name`.
    public var groupName: Located<String>?
    /// Products with their `selected` flag.
    public var products: [(productID: Located<String>?, selected: Located<Bool>?)]
    /// Where it is.
    public var pointer: JSONPointer
}
