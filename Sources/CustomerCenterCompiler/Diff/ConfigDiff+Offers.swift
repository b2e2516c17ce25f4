import JSONSyntax

// Offers and their store offer ids. An authoring config names its offers in a table; a response
// inlines each offer where it is shown and carries one platform's store offer id. The breaking
// rule is the same for both (docs/commands.md, `diff`): a store offer id that changes where an
// offer is shown, or that no customer is offered any more, is breaking.
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
                           _ newResolved: ResolvedConfig, into changes: inout [ConfigChange]) {
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
        // The rest of an inline offer: whether there is one, its texts and eligibility.
        for site in newSites {
            guard let was = before[site.id] else { continue }
            switch (was.offer, site.offer) {
            case (nil, _?):
                changes.append(ConfigChange(kind: .added, breaking: false, subject: "offer", pointer: site.pointer, message: "added an offer at \(site.label)"))
            case (_?, nil):
                changes.append(ConfigChange(kind: .removed, breaking: false, subject: "offer", pointer: was.pointer, message: "removed the offer at \(site.label)"))
            case (let a?, let b?):
                var details: [String] = []
                if text(a.title) != text(b.title) { details.append("title \(describe(text(a.title))) → \(describe(text(b.title)))") }
                if text(a.subtitle) != text(b.subtitle) { details.append("subtitle \(describe(text(a.subtitle))) → \(describe(text(b.subtitle)))") }
                if a.eligible?.value != b.eligible?.value { details.append("eligible \(a.eligible.map { "\($0.value)" } ?? "none") → \(b.eligible.map { "\($0.value)" } ?? "none")") }
                if mapping(a) != mapping(b) { details.append("product_mapping") }
                if !details.isEmpty {
                    let placeholders = placeholdersChanged(a.title, b.title) || placeholdersChanged(a.subtitle, b.subtitle)
                    changes.append(ConfigChange(kind: .changed, breaking: placeholders, subject: "offer", pointer: site.pointer,
                                                message: "changed the offer at \(site.label): " + details.joined(separator: "; ")
                                                    + (placeholders ? " (its placeholders changed)" : "")))
                }
            case (nil, nil):
                break
            }
        }
    }

    static func offers(_ old: ResolvedConfig, _ new: ResolvedConfig, into changes: inout [ConfigChange]) {
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
            var details: [String] = []
            if text(before.title) != text(offer.title) { details.append("title") }
            if text(before.subtitle) != text(offer.subtitle) { details.append("subtitle") }
            if eligibility(before) != eligibility(offer) { details.append("eligibility \(eligibility(before)) → \(eligibility(offer))") }
            if mapping(before) != mapping(offer) { details.append("product_mapping") }
            if !details.isEmpty {
                changes.append(ConfigChange(kind: .changed, breaking: false, subject: "offer", pointer: offer.pointer,
                                            message: "changed offer \(q(key)): " + details.joined(separator: "; ")))
            }
        }
    }

    static func eligibility(_ offer: Offer) -> String {
        let conditions = (offer.eligibility ?? []).map { "\($0.conditionType?.value ?? "?") \($0.comparison?.value ?? "?") \($0.amount?.value.text ?? "?")" }
        return conditions.isEmpty ? "always" : conditions.joined(separator: " AND ")
    }

    static func mapping(_ offer: Offer) -> [String] {
        (offer.productMapping ?? []).map { "\($0.product.value)=\($0.offer.value)" }.sorted()
    }
}
