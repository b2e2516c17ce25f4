import JSONSyntax

// Offers and their store offer ids. An authoring config names its offers in a table; a response
// inlines each offer where it is shown and carries one platform's store offer id. The breaking
// rule is the same for both (docs/commands.md, `diff`): a store offer id that changes where an
// offer is shown, or that no customer is offered any more, is breaking, and so is an offer no
// longer offered where it was (removed, `eligible: false`, narrower eligibility, a product's
// store offer in `product_mapping` changed or gone).
extension ConfigDiff {
    /// A place that can show an offer: a path, or a survey option of a path.
    struct OfferSite {
        /// `path/<id>` or `option/<path id>/<option id>`.
        var id: String
        /// `path 'cancel'`, `survey option 'price' of path 'cancel'`.
        var label: String
        var pointer: JSONPointer
        /// The `promotional_offer_key` (authoring).
        var key: String?
        /// The offer shown there: the table's entry for the key, or the inline offer.
        var offer: Offer?
    }

    static var storeIDFields: [(name: String, value: (Offer) -> String?)] {
        [("ios_offer_id", { $0.iosOfferID?.value }), ("android_offer_id", { $0.androidOfferID?.value })]
    }

    /// Every path and survey option with an id, in document order, with the offer it shows.
    static func offerSites(_ config: CustomerCenterConfig, _ resolved: ResolvedConfig) -> [OfferSite] {
        func site(_ id: String, _ label: String, _ pointer: JSONPointer, _ reference: OfferReference?) -> OfferSite {
            switch reference {
            case .key(let key)?: return OfferSite(id: id, label: label, pointer: pointer, key: key.value, offer: resolved.offers[key.value])
            case .inline(let offer)?: return OfferSite(id: id, label: label, pointer: pointer, key: nil, offer: offer)
            case nil: return OfferSite(id: id, label: label, pointer: pointer, key: nil, offer: nil)
            }
        }
        var sites: [OfferSite] = []
        for path in config.allPaths {
            guard let pathID = path.id?.value else { continue }
            sites.append(site("path/\(pathID)", "path \(q(pathID))", path.pointer, path.offer))
            for option in path.survey?.options ?? [] {
                guard let optionID = option.id?.value else { continue }
                sites.append(site("option/\(pathID)/\(optionID)", "survey option \(q(optionID)) of path \(q(pathID))", option.pointer, option.offer))
            }
        }
        return sites
    }

    /// Store offer ids where offers are shown. In an authoring config a site that keeps its key is
    /// left to the table's comparison (`offers`); in a response every site is compared, and an id
    /// that no site shows any more is removed.
    static func offerSites(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, _ oldResolved: ResolvedConfig,
                           _ newResolved: ResolvedConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        let oldSites = offerSites(old, oldResolved), newSites = offerSites(new, newResolved)
        var before: [String: OfferSite] = [:]
        for site in oldSites where before[site.id] == nil { before[site.id] = site }
        let response = new.format == .response
        for (field, value) in storeIDFields {
            var reported: Set<String> = []
            for site in newSites {
                guard let was = before[site.id], !(was.key != nil && was.key == site.key),
                      let a = was.offer.flatMap(value), let now = site.offer else { continue }
                let b = value(now)
                guard a != b else { continue }
                reported.insert(a)
                changes.append(ConfigChange(kind: .changed, breaking: true, subject: "store-offer-id", pointer: site.pointer,
                                            message: "changed \(field) of the offer at \(site.label): \(q(a)) → \(describe(b))"))
            }
            guard response else { continue }
            let stillShown = Set(newSites.compactMap { $0.offer.flatMap(value) })
            var seen: Set<String> = []
            for site in oldSites {
                guard let id = site.offer.flatMap(value), !stillShown.contains(id), !reported.contains(id), seen.insert(id).inserted else { continue }
                changes.append(ConfigChange(kind: .removed, breaking: true, subject: "store-offer-id", pointer: site.pointer,
                                            message: "removed \(field) \(q(id)) (shown at \(site.label)): no customer is offered it any more"))
            }
        }
        guard response else { return }
        // The rest of an inline offer: whether there is one, its texts, eligibility and mappings.
        for site in newSites {
            guard let was = before[site.id] else { continue }
            switch (was.offer, site.offer) {
            case (nil, _?):
                changes.append(ConfigChange(kind: .added, breaking: false, subject: "offer", pointer: site.pointer, message: "added an offer at \(site.label)"))
            case (_?, nil):
                changes.append(ConfigChange(kind: .removed, breaking: true, subject: "offer", pointer: was.pointer,
                                            message: "removed the offer at \(site.label): customers are no longer offered it there"))
            case (let a?, let b?):
                var details = offerDetails(a, b, context)
                if a.eligible?.value != b.eligible?.value {
                    // The backend's verdict for this customer: `false` and the SDKs skip the offer.
                    let loss = b.eligible == nil ? context.missingRequired(android: .path)
                        : a.eligible?.value != false && b.eligible?.value == false ? "customers are no longer offered it" : nil
                    details.append(ChangeDetail("eligible \(a.eligible.map { "\($0.value)" } ?? "none") → \(b.eligible.map { "\($0.value)" } ?? "none")", loss: loss))
                }
                let placeholders = placeholdersChanged(a.title, b.title) || placeholdersChanged(a.subtitle, b.subtitle)
                if let change = changed("offer", "the offer at \(site.label)", at: site.pointer, details, alsoBreaking: placeholders,
                                        suffix: placeholders ? " (its placeholders changed)" : "") {
                    changes.append(change)
                }
            case (nil, nil):
                break
            }
        }
    }

    static func offers(_ old: ResolvedConfig, _ new: ResolvedConfig, _ context: DiffContext, into changes: inout [ConfigChange]) {
        for (key, offer) in old.offers.sorted(by: { $0.key < $1.key }) where new.offers[key] == nil {
            changes.append(ConfigChange(kind: .removed, breaking: false, subject: "offer", pointer: offer.pointer, message: "removed offer \(q(key))"))
            // Removed with every use of it, the offer still takes its store offer ids away from
            // the customers who were shown it: as breaking as changing them.
            for (field, id) in [("ios_offer_id", offer.iosOfferID?.value), ("android_offer_id", offer.androidOfferID?.value)] {
                guard let id else { continue }
                changes.append(ConfigChange(kind: .removed, breaking: true, subject: "store-offer-id", pointer: offer.pointer,
                                            message: "removed \(field) \(q(id)) with offer \(q(key))"))
            }
        }
        for (key, offer) in new.offers.sorted(by: { $0.key < $1.key }) {
            guard let before = old.offers[key] else {
                changes.append(ConfigChange(kind: .added, breaking: false, subject: "offer", pointer: offer.pointer, message: "added offer \(q(key))"))
                continue
            }
            for (field, a, b) in [("ios_offer_id", before.iosOfferID?.value, offer.iosOfferID?.value),
                                  ("android_offer_id", before.androidOfferID?.value, offer.androidOfferID?.value)] where a != b {
                // Adding an id is new reach; changing or removing one points customers at another store offer.
                let breaking = a != nil
                changes.append(ConfigChange(kind: .changed, breaking: breaking, subject: "store-offer-id", pointer: offer.pointer,
                                            message: "changed \(field) of offer \(q(key)): \(describe(a)) → \(describe(b))"))
            }
            var details = offerDetails(before, offer, context)
            if eligibility(before) != eligibility(offer) {
                details.append(ChangeDetail("eligibility \(eligibility(before)) → \(eligibility(offer))",
                                            loss: widens(before, to: offer) ? nil : "some customers who were offered it no longer are"))
            }
            if let change = changed("offer", "offer \(q(key))", at: offer.pointer, details) { changes.append(change) }
        }
    }

    static func eligibility(_ offer: Offer) -> String {
        let conditions = (offer.eligibility ?? []).map { "\($0.conditionType?.value ?? "?") \($0.comparison?.value ?? "?") \($0.amount?.value.text ?? "?")" }
        return conditions.isEmpty ? "always" : conditions.joined(separator: " AND ")
    }

    /// What an offer shows and which store offer each product gets, in either format: its title
    /// and subtitle (keys or texts), `product_mapping` and `cross_product_promotions` per product.
    static func offerDetails(_ a: Offer, _ b: Offer, _ context: DiffContext) -> [ChangeDetail] {
        var details: [ChangeDetail] = []
        for (name, was, now) in [("title", text(a.title), text(b.title)), ("subtitle", text(a.subtitle), text(b.subtitle))] {
            compare(name, was, now, into: &details) { _, now in now == nil ? context.missingRequired(android: .path) : nil }
        }
        let promotions = { (offer: Offer) in
            (offer.crossProductPromotions ?? []).map { ($0.product.value, "\($0.storeOfferIdentifier?.value ?? "none") on \($0.targetProductID?.value ?? "none")") }
        }
        for (name, was, now) in [("product_mapping", mapping(a), mapping(b)), ("cross_product_promotions", promotions(a), promotions(b))] {
            var before: [String: String] = [:]
            for (product, value) in was where before[product] == nil { before[product] = value }
            var after: [String: String] = [:]
            for (product, value) in now where after[product] == nil { after[product] = value }
            for product in Set(before.keys).union(after.keys).sorted() {
                // Each product's customers are pointed at one store offer (on Android, only
                // through these maps): another one, or none, is what they are offered no more.
                compare("\(name) \(q(product))", before[product], after[product], into: &details) { was, _ in
                    was == nil ? nil : "customers of \(q(product)) are no longer offered \(q(was ?? ""))"
                }
            }
        }
        // The member itself: both SDKs require it in a response (`{}` is fine).
        switch (a.productMapping, b.productMapping) {
        case (_?, nil): details.append(ChangeDetail("product_mapping removed", loss: context.missing(authoring: false, ios: true, android: .path)))
        case (nil, _?): details.append(ChangeDetail("product_mapping added"))
        default: break
        }
        return details
    }

    /// Whether every customer eligible under `old`'s conditions still is under `new`'s: each new
    /// condition follows from an old one of the same kind (`FIRST_SEEN GREATER 7d` from
    /// `FIRST_SEEN GREATER 14d`). The conditions are ANDed.
    static func widens(_ old: Offer, to new: Offer) -> Bool {
        (new.eligibility ?? []).allSatisfy { condition in
            (old.eligibility ?? []).contains { was in
                guard was.conditionType?.value == condition.conditionType?.value, was.comparison?.value == condition.comparison?.value,
                      let before = was.amountInSeconds, let now = condition.amountInSeconds else { return false }
                switch condition.comparator {
                case .greater?: return before >= now
                case .smaller?: return before <= now
                case nil: return false
                }
            }
        }
    }

    /// `product_mapping` as (product, store offer id) pairs, in document order.
    static func mapping(_ offer: Offer) -> [(String, String)] {
        (offer.productMapping ?? []).map { ($0.product.value, $0.offer.value) }
    }
}
