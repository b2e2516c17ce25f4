import JSONSyntax

/// Builds the response one SDK downloads, for one platform and one locale, from a resolved
/// authoring config (docs/commands.md, `compile`): every key becomes its text for the locale (with fallback),
/// offers are inlined with the platform's id field, and every field the SDK requires is present.
struct PayloadBuilder {
    let resolved: ResolvedConfig
    let platform: Platform
    let locale: String
    let customer: Customer?
    /// Every key's text in the locale, with the locale fallback of docs/rules.md (`texts(_:locale:)`):
    /// decoded once per locale and shared by the platforms' payloads.
    let texts: [String: String]
    /// The run's `localized_strings` keys in order, laid out once for all its payloads.
    let layout: StringsLayout

    /// Every key of the table with its text in `locale`, with the locale fallback of docs/rules.md.
    static func texts(_ resolved: ResolvedConfig, locale: String) -> [String: String] {
        var texts: [String: String] = [:]
        texts.reserveCapacity(resolved.strings.entries.count)
        // The first of keys that are equal as strings, as lookups find.
        for entry in resolved.strings.entries where texts[entry.key.value] == nil {
            texts[entry.key.value] = ResolvedConfig.lookup(entry, locale: locale, defaultLocale: resolved.defaultLocale)?.translation.textValue ?? ""
        }
        return texts
    }

    var config: CustomerCenterConfig { resolved.config }

    /// The payload; `localizedStrings` is the locale's table when another platform's payload
    /// built it already (it depends on the locale alone).
    func build(localizedStrings strings: JSONValue? = nil) -> JSONValue {
        .record([("customer_center", .record(center(localizedStrings: strings ?? .record(localizedStrings()))))])
    }

    /// The members of the payload's `customer_center`, in the writer's order.
    func center(localizedStrings strings: JSONValue) -> [(String, JSONValue)] {
        [
            ("appearance", appearance()),
            ("change_plans", .list((config.changePlans ?? []).map(changePlan))),
            ("localization", .record([
                ("locale", .text(locale)),
                ("localized_strings", strings),
            ])),
            ("screens", .record(config.screens.map { ($0.key.value, screen($0)) })),
            ("support", support()),
        ]
    }

    /// What the backend sends: every key of the config's table in the locale, plus every SDK
    /// built-in key the table does not define, in the locale's built-in text. The config wins.
    /// The members come in the writer's order (by UTF-8 bytes), so that writing each payload
    /// does not sort the table again.
    func localizedStrings() -> [(String, JSONValue)] {
        let builtIn = BuiltInStrings.orderedTexts(for: locale)
        return zip(layout.keys, layout.builtIn).map { key, index in (key, .text(index.map { builtIn[$0] } ?? text(key))) }
    }

    /// The text of `key` for the locale, with the locale fallback of docs/rules.md.
    func text(_ key: String) -> String {
        texts[key] ?? ""
    }

    func text(_ source: TextSource?) -> String? {
        switch source {
        case .key(let key)?: return text(key.value)
        case .literal(let literal)?: return literal.value
        case nil: return nil
        }
    }

    func appearance() -> JSONValue {
        func theme(_ colors: ThemeColors?) -> JSONValue {
            .record((colors?.colors ?? []).map { ($0.role, .text($0.value.value)) })
        }
        var members: [(String, JSONValue)] = [("dark", theme(config.appearance?.dark)), ("light", theme(config.appearance?.light))]
        if let mode = config.appearance?.mode { members.append(("mode", .text(mode))) }
        return .record(members)
    }

    func support() -> JSONValue {
        let support = config.support
        var members: [(String, JSONValue)] = [("email", .text(support?.email?.value ?? ""))]
        for flag in support?.flags ?? [] { members.append((flag.name, .flag(flag.value))) }
        if let tickets = support?.supportTickets {
            var ticketMembers: [(String, JSONValue)] = []
            if let allow = tickets.allowCreation { ticketMembers.append(("allow_creation", .flag(allow))) }
            if let type = tickets.customerType { ticketMembers.append(("customer_type", .text(type))) }
            if let details = tickets.customerDetails { ticketMembers.append(("customer_details", .record(details.map { ($0.name, .flag($0.value)) }))) }
            members.append(("support_tickets", .record(ticketMembers)))
        }
        return .record(members)
    }

    func changePlan(_ plan: ChangePlan) -> JSONValue {
        .record([
            ("group_id", .text(plan.groupID?.value ?? "")),
            ("group_name", .text(plan.groupName?.value ?? "")),
            ("products", .list(plan.products.map { .record([("product_id", .text($0.productID?.value ?? "")), ("selected", .flag($0.selected?.value ?? false))]) })),
        ])
    }

    func screen(_ screen: Screen) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("paths", .list(screen.paths.map(path))),
            ("title", .text(text(screen.title) ?? "")),
            ("type", .text(screen.type?.value ?? screen.key.value)),
        ]
        if let subtitle = text(screen.subtitle) { members.append(("subtitle", .text(subtitle))) }
        if let offering = screen.offering {
            var offeringMembers: [(String, JSONValue)] = [("type", .text(offering.type?.value ?? OfferingType.current.rawValue))]
            if let id = offering.offeringID { offeringMembers.append(("offering_id", .text(id.value))) }
            if let button = text(offering.buttonText) { offeringMembers.append(("button_text", .text(button))) }
            members.append(("offering", .record(offeringMembers)))
        }
        return .record(members)
    }

    func path(_ path: Path) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .text(path.id?.value ?? "")),
            ("title", .text(text(path.title) ?? "")),
            ("type", .text(path.type?.value ?? "")),
        ]
        if let offer = resolved.offer(path.offer) { members.append(("promotional_offer", promotionalOffer(offer))) }
        if let survey = path.survey {
            members.append(("feedback_survey", .record([
                ("options", .list(survey.options.map { option in
                    var optionMembers: [(String, JSONValue)] = [("id", .text(option.id?.value ?? "")), ("title", .text(text(option.title) ?? ""))]
                    if let offer = resolved.offer(option.offer) { optionMembers.append(("promotional_offer", promotionalOffer(offer))) }
                    return .record(optionMembers)
                })),
                ("title", .text(text(survey.title) ?? "")),
            ])))
        }
        for (name, value) in [("url", path.url), ("open_method", path.openMethod), ("action_identifier", path.actionIdentifier),
                              ("refund_window", path.refundWindow)] {
            if let value { members.append((name, .text(value.value))) }
        }
        return .record(members)
    }

    func promotionalOffer(_ offer: Offer) -> JSONValue {
        let id = platform == .ios ? offer.iosOfferID : offer.androidOfferID
        var members: [(String, JSONValue)] = [
            (platform == .ios ? "ios_offer_id" : "android_offer_id", .text(id?.value ?? "")),
            ("eligible", .flag(customer.map { $0.isEligible(for: offer.eligibility ?? []) } ?? true)),
            ("title", .text(text(offer.title) ?? "")),
            ("subtitle", .text(text(offer.subtitle) ?? "")),
            ("product_mapping", .record((offer.productMapping ?? []).map { ($0.product.value, .text($0.offer.value)) })),
        ]
        if let promotions = offer.crossProductPromotions {
            members.append(("cross_product_promotions", .record(promotions.map { promotion in
                (promotion.product.value, .record([
                    ("store_offer_identifier", .text(promotion.storeOfferIdentifier?.value ?? "")),
                    ("target_product_id", .text(promotion.targetProductID?.value ?? "")),
                ]))
            })))
        }
        return .record(members)
    }
}

/// The members of every payload's `localized_strings` in the writer's order (by UTF-8 bytes),
/// laid out once a run: every payload of one config has the same keys (the table's, then the
/// built-in ones it does not define), and only their texts depend on the locale. Each payload
/// then fills in its texts without a sort or a lookup by key of the built-in ones, and the
/// writer's sort finds the members in order (one pass).
struct StringsLayout: Sendable {
    /// The keys, in the writer's order.
    let keys: [String]
    /// For each key, its position in `SDKStrings.orderedKeys` when it is a built-in key the
    /// table does not define; `nil` for a key of the table.
    let builtIn: [Int?]

    init(_ config: CustomerCenterConfig) {
        let own = (config.localization?.entries ?? .empty).map(\.key.value)
        let defined = Set(own)
        var keys = own, builtIn = [Int?](repeating: nil, count: own.count)
        for (index, key) in SDKStrings.orderedKeys.enumerated() where !defined.contains(key) {
            keys.append(key)
            builtIn.append(index)
        }
        let order = keys.indices.sorted { JSONWriter.keyOrder(keys[$0], keys[$1]) }
        self.keys = order.map { keys[$0] }
        self.builtIn = order.map { builtIn[$0] }
    }
}
