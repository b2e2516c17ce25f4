import JSONSyntax

/// Where a text came from when looked up for a locale (the locale fallback of docs/rules.md).
package enum TextOrigin: Sendable, Equatable {
    /// The requested locale itself.
    case exact
    /// The requested locale's language alone (`pt-BR` → `pt`).
    case language(String)
    /// The default locale.
    case defaultLocale(String)
}

/// A use of a localization key: where, and what for.
package struct StringReference: Sendable {
    /// The key as written.
    package var key: Located<String>
    /// What it labels, e.g. the title of a path.
    package var role: Role
    /// The id or key of the element it labels.
    package var owner: String

    /// The labelled element.
    package enum Role: String, Sendable {
        case screenTitle = "the title of screen", screenSubtitle = "the subtitle of screen", offeringButton = "the offering button of screen"
        case pathTitle = "the title of path", surveyQuestion = "the survey question of path", surveyOption = "survey option"
        case offerTitle = "the title of offer", offerSubtitle = "the subtitle of offer"
    }

    /// "the title of path 'cancel'".
    package var usage: String { "\(role.rawValue) '\(owner)'" }
}

/// The config with every reference bound: the tables, what refers to what, and text lookup.
package struct ResolvedConfig: Sendable {
    /// The decoded config.
    package private(set) var config: CustomerCenterConfig
    /// Every path of every screen, in document order: a view over the screens' own arrays, so
    /// rules iterating it copy nothing.
    package var allPaths: FlattenSequence<LazyMapSequence<[Screen], [Path]>> { config.screens.lazy.map(\.paths).joined() }
    /// `localized_strings` by key (first of repeated keys).
    package private(set) var strings: StringIndex
    /// `promotional_offers` by key.
    package let offers: OfferIndex
    /// Every `*_key` use, in document order.
    package let stringReferences: StringReferences
    /// Every `promotional_offer_key` use, in document order.
    package let offerReferences: [Located<String>]
    /// The entry each of `stringReferences` names (its position in `strings.entries`, the first
    /// of repeated keys), `nil` when the table has none: each key is looked up once, here.
    package let referencedPositions: [Int?]
    /// Per entry position (the first of repeated keys): whether some `*_key` names it.
    private let referencedEntries: [Bool]
    /// Offers some path or option names.
    package let referencedOffers: Set<String>
    /// The default locale, normalized.
    package let defaultLocale: String?
    /// The locales to translate into: `supported` (or every locale the table uses), normalized, without duplicates.
    package let targetLocales: [String]
    /// The same locales as written in the file (first spelling wins), default first.
    package let targetLocaleCodes: [String]
    /// Candidates for the text rules, found in one pass.
    package internal(set) var texts: TextIndex
    /// Unreferenced keys one edit away from an SDK key, with that key (`l10n.sdk-key-drift`; such
    /// a key is reported there, not as unused).
    package let driftingKeys: [String: String]

    /// The same resolved config, its table read through handles of its own
    /// (``CustomerCenterConfig/forAnotherThread()``): for a thread that reads it beside another.
    package func forAnotherThread() -> ResolvedConfig {
        guard config.localization != nil else { return self }
        var copy = self
        copy.config = config.forAnotherThread()
        copy.strings = StringIndex(copy.config.localization?.entries ?? .empty)
        return copy
    }

    /// Binds the references of `config`.
    package init(_ config: CustomerCenterConfig) { self.init(config, indexingTexts: true) }

    /// Binds the references of `config`; without `indexingTexts`, `texts` is left empty for the
    /// caller to set (the lint pipeline builds it on two threads: ``TextIndex/Parts``).
    init(_ config: CustomerCenterConfig, indexingTexts: Bool) {
        self.config = config
        self.strings = StringIndex(config.localization?.entries ?? .empty)
        self.offers = OfferIndex(config.offers)

        // Sized once from the model (at most one offer a path and one an option), not grown
        // by doubling: a large config names hundreds of thousands.
        var offerReferences: [Located<String>] = []
        offerReferences.reserveCapacity(config.screens.reduce(0) { $0 + $1.paths.reduce(0) { $0 + 1 + ($1.survey?.options.count ?? 0) } })
        func addOffer(_ offer: OfferReference?) {
            if case .key(let key)? = offer { offerReferences.append(key) }
        }
        for screen in config.screens {
            for path in screen.paths {
                addOffer(path.offer)
                for option in path.survey?.options ?? [] { addOffer(option.offer) }
            }
        }
        let references = StringReferences(config)
        self.stringReferences = references
        self.offerReferences = offerReferences
        let strings = self.strings
        let positions = references.indices.map { strings.position(of: references.key(at: $0).value) }
        var referencedEntries = [Bool](repeating: false, count: strings.entries.count)
        for case let position? in positions { referencedEntries[position] = true }
        self.referencedPositions = positions
        self.referencedEntries = referencedEntries
        self.referencedOffers = Set(offerReferences.map(\.value))

        let localization = config.localization
        self.defaultLocale = (localization?.defaultLocale ?? localization?.responseLocale).map { LocaleCode.normalized($0.value) }
        var codes: [String] = []
        var seen = Set<String>()
        func add(_ code: String) {
            if seen.insert(LocaleCode.normalized(code)).inserted { codes.append(code) }
        }
        if let written = localization?.defaultLocale?.value ?? localization?.responseLocale?.value { add(written) }
        if let supported = localization?.supported {
            supported.forEach { add($0.value) }
        } else {
            for entry in localization?.entries ?? .empty { entry.translations.forEach { add($0.locale.value) } }
        }
        self.targetLocaleCodes = codes
        self.targetLocales = codes.map(LocaleCode.normalized)
        self.texts = indexingTexts ? TextIndex(config) : TextIndex()
        var drifting: [String: String] = [:]
        for position in strings.entries.indices where !Self.isReferenced(entryAt: position, strings, referencedEntries) {
            let key = strings.entries.key(at: position)
            if let sdkKey = SDKKeyDrift.nearestSDKKey(to: key) { drifting[key] = sdkKey }
        }
        self.driftingKeys = drifting
    }

    /// Whether some `*_key` names the entry at `position` of `strings.entries` (a repeated key's
    /// later entries as its first).
    package func isReferenced(entryAt position: Int) -> Bool { Self.isReferenced(entryAt: position, strings, referencedEntries) }

    /// Whether some `*_key` names `key`, a key of the table.
    package func isReferenced(_ key: String) -> Bool { strings.position(of: key).map { referencedEntries[$0] } ?? false }

    private static func isReferenced(entryAt position: Int, _ strings: StringIndex, _ referenced: [Bool]) -> Bool {
        guard strings.entries.hasRepeatedKeys else { return referenced[position] }
        return strings.position(of: strings.entries.key(at: position)).map { referenced[$0] } ?? false
    }

    /// The text of `key` for `locale`: exact match, then the language alone, then the default locale.
    package func text(_ key: String, locale: String) -> (translation: Translation, origin: TextOrigin)? {
        guard let entry = strings[key] else { return nil }
        return Self.lookup(entry, locale: locale, defaultLocale: defaultLocale)
    }

    /// The key of `localized_strings` one of whose texts is the literal whose opening quote is
    /// at `start` (first of repeated keys), or `nil` when no text starts there.
    package func key(ofTextAt start: Int) -> String? {
        let entries = strings.entries
        return entries.indices.first { entries[$0].translations.containsLiteral(startingAt: start) }.map { entries.key(at: $0) }
    }

    /// Lookup with fallback over one entry's translations. Chinese goes by script before the
    /// language: `zh-TW` and `zh-HK` take `zh-Hant` (Traditional), `zh-CN` takes `zh-Hans`, before `zh`.
    package static func lookup(_ entry: StringEntry, locale: String, defaultLocale: String?) -> (translation: Translation, origin: TextOrigin)? {
        let wanted = LocaleCode.normalized(locale), translations = entry.translations
        if let exact = translations.firstIndex(normalizedLocale: wanted) { return (translations[exact], .exact) }
        let language = LocaleCode.language(wanted)
        if language == "zh", let script = LocaleCode.chineseScript(wanted) {
            let scriptCode = script == .traditional ? "zh-hant" : "zh-hans"
            if scriptCode != wanted, let match = translations.firstIndex(normalizedLocale: scriptCode) {
                return (translations[match], .language(scriptCode))
            }
        }
        if let match = translations.firstIndex(normalizedLocale: language) {
            return (translations[match], .language(language))
        }
        if let defaultLocale, let match = translations.firstIndex(normalizedLocale: defaultLocale) {
            return (translations[match], .defaultLocale(defaultLocale))
        }
        return nil
    }

    /// The offer named by a reference (inline, or looked up by key).
    package func offer(_ reference: OfferReference?) -> Offer? {
        switch reference {
        case .key(let key)?: return offers[key.value]
        case .inline(let offer)?: return offer
        case nil: return nil
        }
    }
}
