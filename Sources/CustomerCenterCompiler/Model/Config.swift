import JSONSyntax

/// A decoded Customer Center config in either format: what every rule checks.
///
/// Both formats decode into this one model; text is a key (authoring) or literal (response),
/// offers are referenced by key (authoring) or inline (response). Every value remembers its
/// source range and pointer.
package struct CustomerCenterConfig: Sendable {
    /// Which format the document is.
    package var format: InputFormat
    /// The pointer of the object holding `screens` (`""` or `"/customer_center"`).
    package var basePointer: JSONPointer
    /// Colours, if given.
    package var appearance: Appearance?
    /// Support settings, if given.
    package var support: Support?
    /// The text table (authoring) or the flat strings of one locale (response).
    package var localization: Localization?
    /// Screens in document order.
    package var screens: [Screen] = []
    /// The `promotional_offers` table (authoring only; inline offers live on paths and options).
    package var offers: [Offer] = []
    /// Change-plan groups, if given.
    package var changePlans: [ChangePlan]?
    /// The `"screens"` key, when present.
    package var screensKeyRange: ByteRange?
    /// A response's top-level `last_published_app_version` (iOS's update warning).
    package var lastPublishedAppVersion: Located<String>?
    /// A response's top-level `itunes_track_id` as written (iOS's Update button).
    package var itunesTrackID: Located<JSONNumber>?

    /// The same config, its table's entries read through handles of their own
    /// (``StringEntries/forAnotherThread()``): for a thread that reads it beside another.
    package func forAnotherThread() -> CustomerCenterConfig {
        var copy = self
        if let entries = localization?.entries { copy.localization?.entries = entries.forAnotherThread() }
        return copy
    }

    /// Every path of every screen (a view; nothing is copied).
    package var allPaths: FlattenSequence<LazyMapSequence<[Screen], [Path]>> { screens.lazy.map(\.paths).joined() }

    /// Every offer reference in the document with where it is used.
    package var offerReferences: [OfferReference] {
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
package struct Appearance: Sendable {
    /// Light theme colours.
    package var light: ThemeColors?
    /// Dark theme colours.
    package var dark: ThemeColors?
    /// `mode`, which neither SDK reads but the backend sends.
    package var mode: String?
    /// Where `appearance` is.
    package var pointer: JSONPointer
    /// Its key's range.
    package var keyRange: ByteRange
}

/// One theme's colours by role.
package struct ThemeColors: Sendable {
    /// `light` or `dark`.
    package var theme: String
    /// Colour strings by field name (`accent_color`, …) with their keys' ranges, in document order.
    package var colors: [(role: String, value: Located<String>, keyRange: ByteRange)]
    /// Where the theme object is.
    package var pointer: JSONPointer
    /// Its key's range.
    package var keyRange: ByteRange

    /// The colour of `role`, if set.
    package func color(_ role: String) -> Located<String>? { colors.first { $0.role == role }?.value }
}

/// `support`.
package struct Support: Sendable {
    /// The support email, if given.
    package var email: Located<String>?
    /// The boolean settings given (`should_warn_customer_to_update`, …), by field name, in schema order.
    package var flags: [(name: String, value: Bool)] = []
    /// The same settings, located (for findings about one).
    package var locatedFlags: [(name: String, value: Located<Bool>)] = []
    /// `should_warn_customer_to_update` as written (snake_case), with where it is.
    package var updateWarning: Located<Bool>?
    /// `support_tickets`, if given.
    package var supportTickets: SupportTickets?
    /// Where `support` is.
    package var pointer: JSONPointer
    /// Its key's range.
    package var keyRange: ByteRange
}

/// `support.support_tickets`.
package struct SupportTickets: Sendable {
    /// `allow_creation`.
    package var allowCreation: Bool?
    /// `customer_type`.
    package var customerType: String?
    /// `customer_details` flags given, by field name.
    package var customerDetails: [(name: String, value: Bool)]?
    /// The same flags, located.
    package var locatedCustomerDetails: [(name: String, value: Located<Bool>)] = []
    /// `allow_creation`, located.
    package var locatedAllowCreation: Located<Bool>?
}

/// `localization`.
package struct Localization: Sendable {
    /// `default` (authoring).
    package var defaultLocale: Located<String>?
    /// `supported` (authoring), when given.
    package var supported: [Located<String>]?
    /// `locale` (response).
    package var responseLocale: Located<String>?
    /// Each key with its texts (the first of repeated keys).
    package var entries: StringEntries
    /// Where `localization` is.
    package var pointer: JSONPointer
    /// Its key's range.
    package var keyRange: ByteRange
    /// Whether `localized_strings` is written (both SDKs need it in a response, even empty).
    package var hasStringTable = false
}

/// One key of `localized_strings` with its translations (one, for a response).
package struct StringEntry: Sendable {
    /// The key (range: the key's bytes).
    package var key: Located<String>
    /// Text per locale, in document order.
    package var translations: Translations
}

/// A screen.
package struct Screen: Sendable {
    /// The map key (`MANAGEMENT`, range: the key's bytes).
    package var key: Located<String>
    /// The `type` field.
    package var type: Located<String>?
    /// The title.
    package var title: TextSource?
    /// The subtitle.
    package var subtitle: TextSource?
    /// The paths, in order.
    package var paths: [Path]
    /// Whether `paths` is written `[]` (a missing or mistyped one is a schema finding instead).
    package var hasEmptyPathsArray: Bool
    /// The offering, if any.
    package var offering: ScreenOffering?
    /// Where the screen is.
    package var pointer: JSONPointer
    /// The screen object's bytes.
    package var range: ByteRange
}

/// `screens.*.offering`.
package struct ScreenOffering: Sendable {
    /// CURRENT or SPECIFIC.
    package var type: Located<String>?
    /// For SPECIFIC.
    package var offeringID: Located<String>?
    /// The button text.
    package var buttonText: TextSource?
    /// Where it is.
    package var pointer: JSONPointer
}

/// A help path. Its fields live in one shared, immutable box: a copy of a path is one retain,
/// not one for each of the forty-odd references its fields hold (the rules walk every path, and
/// each walk copied each one). Setting a field puts the changed fields in a new box.
package struct Path: Sendable {
    /// The fields, as written in the document.
    package struct Fields: Sendable {
        /// `id`.
        package var id: Located<String>?
        /// `type`.
        package var type: Located<String>?
        /// The title.
        package var title: TextSource?
        /// The offer shown before the action.
        package var offer: OfferReference?
        /// The survey shown before the action.
        package var survey: Survey?
        /// `url`.
        package var url: Located<String>?
        /// `open_method`.
        package var openMethod: Located<String>?
        /// `action_identifier`.
        package var actionIdentifier: Located<String>?
        /// `refund_window`.
        package var refundWindow: Located<String>?
        /// The key of the screen holding it.
        package var screenKey: String
        /// Where the path is.
        package var pointer: JSONPointer
        /// The path object's bytes.
        package var range: ByteRange
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    package init(id: Located<String>?, type: Located<String>?, title: TextSource?, offer: OfferReference?, survey: Survey?,
                 url: Located<String>?, openMethod: Located<String>?, actionIdentifier: Located<String>?,
                 refundWindow: Located<String>?, screenKey: String, pointer: JSONPointer, range: ByteRange) {
        box = Box(Fields(id: id, type: type, title: title, offer: offer, survey: survey, url: url, openMethod: openMethod,
                         actionIdentifier: actionIdentifier, refundWindow: refundWindow, screenKey: screenKey, pointer: pointer, range: range))
    }

    /// Every field at once.
    package var fields: Fields {
        get { box.fields }
        set { box = Box(newValue) }
    }

    /// `id`.
    package var id: Located<String>? {
        get { box.fields.id }
        set { fields.id = newValue }
    }

    /// `type`.
    package var type: Located<String>? {
        get { box.fields.type }
        set { fields.type = newValue }
    }

    /// The title.
    package var title: TextSource? {
        get { box.fields.title }
        set { fields.title = newValue }
    }

    /// The offer shown before the action.
    package var offer: OfferReference? {
        get { box.fields.offer }
        set { fields.offer = newValue }
    }

    /// The survey shown before the action.
    package var survey: Survey? {
        get { box.fields.survey }
        set { fields.survey = newValue }
    }

    /// `url`.
    package var url: Located<String>? {
        get { box.fields.url }
        set { fields.url = newValue }
    }

    /// `open_method`.
    package var openMethod: Located<String>? {
        get { box.fields.openMethod }
        set { fields.openMethod = newValue }
    }

    /// `action_identifier`.
    package var actionIdentifier: Located<String>? {
        get { box.fields.actionIdentifier }
        set { fields.actionIdentifier = newValue }
    }

    /// `refund_window`.
    package var refundWindow: Located<String>? {
        get { box.fields.refundWindow }
        set { fields.refundWindow = newValue }
    }

    /// The key of the screen holding it.
    package var screenKey: String {
        get { box.fields.screenKey }
        set { fields.screenKey = newValue }
    }

    /// Where the path is.
    package var pointer: JSONPointer {
        get { box.fields.pointer }
        set { fields.pointer = newValue }
    }

    /// The path object's bytes.
    package var range: ByteRange {
        get { box.fields.range }
        set { fields.range = newValue }
    }
}

/// `feedback_survey`.
package struct Survey: Sendable {
    /// The question.
    package var title: TextSource?
    /// The answers.
    package var options: [SurveyOption]
    /// Whether `options` is written as an array.
    package var hasOptionsArray: Bool
    /// Where it is.
    package var pointer: JSONPointer
    /// Its key's range.
    package var keyRange: ByteRange
}

/// One survey answer.
package struct SurveyOption: Sendable {
    /// `id`.
    package var id: Located<String>?
    /// The text.
    package var title: TextSource?
    /// The offer shown after this answer.
    package var offer: OfferReference?
    /// Where it is.
    package var pointer: JSONPointer
    /// The option object's bytes.
    package var range: ByteRange
}

/// A promotional offer.
package struct Offer: Sendable {
    /// The key in `promotional_offers` (authoring; range: the key's bytes).
    package var key: Located<String>?
    /// `ios_offer_id`.
    package var iosOfferID: Located<String>?
    /// `android_offer_id`.
    package var androidOfferID: Located<String>?
    /// The title.
    package var title: TextSource?
    /// The subtitle.
    package var subtitle: TextSource?
    /// Conditions (authoring).
    package var eligibility: [EligibilityCondition]?
    /// `eligible` (response).
    package var eligible: Located<Bool>?
    /// Store product id → store offer id.
    package var productMapping: [(product: Located<String>, offer: Located<String>)]?
    /// Offers on other products.
    package var crossProductPromotions: [CrossProductPromotion]?
    /// Where it is.
    package var pointer: JSONPointer
    /// The offer object's bytes.
    package var range: ByteRange
}

/// One eligibility condition.
package struct EligibilityCondition: Sendable, Positioned {
    /// FIRST_SEEN or TIME_SINCE_FIRST_PURCHASE.
    package var conditionType: Located<String>?
    /// GREATER or SMALLER.
    package var comparison: Located<String>?
    /// The amount as written (a rule checks it is a sensible whole number).
    package var amount: Located<JSONNumber>?
    /// The amount, when it is a whole number that fits.
    package var amountInSeconds: Int64? { amount?.value.int64Value }
    /// Where it is.
    package var pointer: JSONPointer
    /// The condition object's bytes.
    package var range: ByteRange
}

/// A cross-product promotion.
package struct CrossProductPromotion: Sendable {
    /// The current product id (the map key).
    package var product: Located<String>
    /// The store offer id.
    package var storeOfferIdentifier: Located<String>?
    /// The product the offer is for.
    package var targetProductID: Located<String>?
}

/// A change-plans group.
package struct ChangePlan: Sendable {
    /// `group_id`.
    package var groupID: Located<String>?
    /// `group_name`.
    package var groupName: Located<String>?
    /// Products with their `selected` flag.
    package var products: [(productID: Located<String>?, selected: Located<Bool>?)]
    /// Where it is.
    package var pointer: JSONPointer
}
