import JSONSyntax

/// Tree → `CustomerCenterConfig`, for either format. Tolerant: it reads what fits and skips
/// what does not, never reporting (the `SchemaWalker` reports).
enum ConfigDecoder {
    /// `table`: the members of `localized_strings` when the parser handed them to it instead of
    /// the tape (the table's node `isElidedTable`). `plan`: how many threads may decode a
    /// screen's paths (when there are at least `pathsPerThread` of them a thread) and from what
    /// size the members other than the screens are read beside them.
    static func decode(_ root: JSONNode, format: InputFormat, repeatedKeyOffsets: [Int] = [],
                       table: StringTableCollector? = nil, plan: ExecutionPlan = .oneThread) -> CustomerCenterConfig? {
        let (threads, pathsPerThread) = (plan.threadsPerFile, plan.pathsPerThread)
        guard let top = ObjectReader(root, pointer: .root, format: format, repeatedKeyOffsets: repeatedKeyOffsets) else { return nil }
        let base: ObjectReader
        switch format {
        case .authoring:
            base = top
        case .response:
            guard let center = top.object("customer_center") else {
                return CustomerCenterConfig(format: format, basePointer: .root)
            }
            base = center.reader
        }
        var config = CustomerCenterConfig(format: format, basePointer: base.pointer)
        if format == .response {
            config.lastPublishedAppVersion = top.string("last_published_app_version")
            config.itunesTrackID = top.number("itunes_track_id")
        }
        config.appearance = base.object("appearance").map { appearance($0.reader, keyRange: $0.keyRange) }
        config.support = base.object("support").map { support($0.reader, keyRange: $0.keyRange) }
        config.screensKeyRange = base.member("screens")?.keyRange
        // The table's entries, the offers and the plans on a thread beside the screens in a large
        // document (each reads the tape and writes nothing shared; the collector is read by that
        // thread alone until it is joined), through a handle on the tape of its own.
        let collected = UncheckedSendable(table)
        let beside = threads > 1 && root.range.count >= plan.decodeBesideFromBytes
        let others: @Sendable () -> Others = {
            Self.others(beside ? base.forAnotherThread() : base, table: collected.value, repeatedKeyOffsets: repeatedKeyOffsets)
        }
        let screens = { Self.screens(base, repeatedKeyOffsets: repeatedKeyOffsets, threads: threads, pathsPerThread: pathsPerThread) }
        let (decoded, screenList) = beside ? Parallel.beside(others, screens) : (others(), screens())
        (config.localization, config.offers, config.changePlans) = (decoded.localization, decoded.offers, decoded.changePlans)
        config.screens = screenList
        return config
    }

    /// What `decode` reads beside the screens.
    struct Others: Sendable {
        var localization: Localization?
        var offers: [Offer] = []
        var changePlans: [ChangePlan]?
    }

    private static func others(_ base: ObjectReader, table: StringTableCollector?, repeatedKeyOffsets: [Int]) -> Others {
        var others = Others()
        others.localization = base.object("localization").map { localization($0.reader, keyRange: $0.keyRange, table: table) }
        if base.format == .authoring {
            for (key, value) in base.entries("promotional_offers") ?? [] {
                guard let reader = ObjectReader(value, pointer: key.pointer, format: base.format, repeatedKeyOffsets: repeatedKeyOffsets) else { continue }
                others.offers.append(offer(reader, key: key, range: value.range))
            }
        }
        if base.member("change_plans") != nil {
            others.changePlans = base.objects("change_plans").map { plan in
                ChangePlan(groupID: plan.string("group_id"), groupName: plan.string("group_name"),
                           products: plan.objects("products").map { ($0.string("product_id"), $0.bool("selected")) },
                           pointer: plan.pointer)
            }
        }
        return others
    }

    private static func screens(_ base: ObjectReader, repeatedKeyOffsets: [Int], threads: Int, pathsPerThread: Int) -> [Screen] {
        (base.entries("screens") ?? []).compactMap { key, value in
            guard let reader = ObjectReader(value, pointer: key.pointer, format: base.format, repeatedKeyOffsets: repeatedKeyOffsets) else { return nil }
            return screen(reader, key: key, range: value.range, threads: threads, pathsPerThread: pathsPerThread)
        }
    }

    static func appearance(_ reader: ObjectReader, keyRange: ByteRange) -> Appearance {
        func theme(_ name: String) -> ThemeColors? {
            guard let (themeReader, themeKey) = reader.object(name) else { return nil }
            let colors = themeReader.members.compactMap { member -> (String, Located<String>, ByteRange)? in
                let key = member.key
                let converted = KeyConversion.convertFromSnakeCase(key)
                guard let field = SharedSchema.colors.fields.first(where: {
                    $0.name == key || (themeReader.format == .response && KeyConversion.camelCase($0.name) == converted)
                }), let text = member.value.stringValue else { return nil }
                return (field.name, Located(text, range: member.value.range, in: themeReader.pointer, key: key), member.keyRange)
            }
            return ThemeColors(theme: name, colors: colors, pointer: themeReader.pointer, keyRange: themeKey)
        }
        return Appearance(light: theme("light"), dark: theme("dark"), mode: reader.string("mode")?.value, pointer: reader.pointer, keyRange: keyRange)
    }

    static func support(_ reader: ObjectReader, keyRange: ByteRange) -> Support {
        var support = Support(email: reader.string("email"), pointer: reader.pointer, keyRange: keyRange)
        for field in SharedSchema.support.fields {
            if case .boolean = field.type, let flag = reader.bool(field.name) {
                support.flags.append((field.name, flag.value))
                support.locatedFlags.append((field.name, flag))
            }
        }
        if let flag = reader.bool("should_warn_customer_to_update"), flag.pointer.description.hasSuffix("/should_warn_customer_to_update") {
            support.updateWarning = flag
        }
        if let (tickets, _) = reader.object("support_tickets") {
            support.supportTickets = SupportTickets(
                allowCreation: tickets.bool("allow_creation")?.value, customerType: tickets.string("customer_type")?.value,
                customerDetails: tickets.object("customer_details").map { details in
                    SharedSchema.customerDetails.fields.compactMap { field in details.reader.bool(field.name).map { (field.name, $0.value) } }
                },
                locatedCustomerDetails: tickets.object("customer_details").map { details in
                    SharedSchema.customerDetails.fields.compactMap { field in details.reader.bool(field.name).map { (field.name, $0) } }
                } ?? [],
                locatedAllowCreation: tickets.bool("allow_creation"))
        }
        return support
    }

    static func localization(_ reader: ObjectReader, keyRange: ByteRange, table collected: StringTableCollector? = nil) -> Localization {
        var result = Localization(
            defaultLocale: reader.string("default"),
            supported: reader.array("supported").map { elements in
                elements.compactMap { element in element.node.stringValue.map { Located($0, range: element.node.range, pointer: element.pointer) } }
            },
            responseLocale: reader.format == .response ? reader.string("locale") : nil,
            entries: .empty, pointer: reader.pointer, keyRange: keyRange)
        result.hasStringTable = reader.member("localized_strings") != nil
        if let collected, reader.format == .authoring, let member = reader.member("localized_strings"), member.value.isElidedTable {
            result.entries = collected.build(strings: reader.node.tape.strings, parent: reader.pointer.appending("localized_strings"))
            return result
        }
        // The members of `localized_strings` are read twice (texts counted, then added), never
        // collected: a table of a million tiny keys holds nothing a key but its columns.
        var capacity = 0, keyCount = 0
        _ = reader.forEachEntry("localized_strings") { member in
            capacity += member.value.objectMembers?.count ?? 1
            keyCount += 1
        }
        let responseLocale = reader.format == .response ? result.responseLocale : nil
        var table = TranslationTableBuilder(strings: reader.node.tape.strings, localeIsKey: reader.format == .authoring,
                                            fixedLocaleRange: responseLocale?.range, capacity: capacity)
        var entries = StringEntries.Builder(capacity: keyCount)
        let parent: JSONPointer?
        switch reader.format {
        case .authoring:
            var reading = LocaleKeyReader(strings: reader.node.tape.strings)
            parent = reader.node.tape.strings.bytes.withUnsafeBufferPointer { bytes in
                reader.forEachEntry("localized_strings") { member in
                    let value = member.value
                    guard let key = member.keyNode.stringReference else { return }
                    entries.add(key: key, of: reader.node.tape.strings, firstRecord: table.count)
                    reading.position = 0
                    // By position when no key repeats (always, but for a broken file): no node per text.
                    if let members = value.objectMembers, !reader.hasRepeatedKeys(in: value) {
                        members.forEachKeyAndString { key, text in reading.add(key: key, text: text, to: &table, bytes: bytes) }
                    } else {
                        reader.forFirstOfEachKey(in: value) { member in
                            guard let key = member.keyNode.stringReference else { reading.position += 1; return }
                            reading.add(key: key, text: member.value.stringReference, to: &table, bytes: bytes)
                        }
                    }
                }?.pointer
            }
        case .response:
            // Without a `locale`, a text's locale is the empty name, at its key.
            let locale = table.addLocale(responseLocale?.value ?? "")
            parent = reader.forEachEntry("localized_strings") { member in
                guard let key = member.keyNode.stringReference else { return }
                entries.add(key: key, of: reader.node.tape.strings, firstRecord: table.count)
                if let text = member.value.stringReference {
                    table.add(text: text, locale: locale, localeRange: responseLocale?.range ?? member.keyRange)
                }
            }?.pointer
        }
        let count = table.count
        let built = table.build()
        result.entries = parent.map { entries.build(table: built, recordCount: count, parent: $0) } ?? .empty
        return result
    }

    static func screen(_ reader: ObjectReader, key: Located<String>, range: ByteRange, threads: Int = 1, pathsPerThread: Int = 256) -> Screen {
        Screen(
            key: key, type: reader.string("type"), title: reader.text("title"), subtitle: reader.text("subtitle"),
            paths: paths(of: reader, screenKey: key.value, threads: threads, perThread: pathsPerThread),
            hasEmptyPathsArray: reader.elements("paths")?.isEmpty ?? false,
            offering: reader.object("offering").map { offering in
                ScreenOffering(type: offering.reader.string("type"), offeringID: offering.reader.string("offering_id"),
                               buttonText: offering.reader.text("button_text"), pointer: offering.reader.pointer)
            },
            pointer: reader.pointer, range: range)
    }

    /// The paths of `screen`, in order. A long list (at least `perThread` paths a thread) is
    /// decoded in as many runs, side by side, each path exactly as alone: decoding reads the
    /// tape and writes nothing shared.
    static func paths(of screen: ObjectReader, screenKey: String, threads: Int, perThread: Int) -> [Path] {
        guard let (elements, pointer) = screen.objectElements("paths") else { return [] }
        @Sendable func decode(_ part: Range<Int>, of screen: ObjectReader, at pointer: JSONPointer) -> [Path] {
            elements[part].map { path(screen.element(at: $0.index, position: $0.position, of: pointer), screenKey: screenKey) }
        }
        let runs = min(threads, elements.count / max(perThread, 1))
        guard runs > 1 else { return decode(elements.indices, of: screen, at: pointer) }
        // Eight parts a thread or more, taken by whichever is free: a thread that shares its
        // core (the members decoded beside the screens) takes fewer, and none waits for it.
        let size = max(1, min(perThread, elements.count / (runs * 8)))
        let parts = stride(from: 0, to: elements.count, by: size).map { $0..<min($0 + size, elements.count) }
        return Parallel.map(parts, jobs: runs) { part in
            // Each part reads through handles of its own on the tape and the array's pointer
            // (``JSONTape/forAnotherThread()``): nothing it retains is retained by the other thread.
            decode(part, of: screen.forAnotherThread(), at: pointer.forAnotherThread())
        }.flatMap { $0 }
    }

    static func path(_ reader: ObjectReader, screenKey: String) -> Path {
        Path(
            id: reader.string("id"), type: reader.string("type"), title: reader.text("title"),
            offer: offerReference(reader),
            survey: reader.object("feedback_survey").map { survey in
                Survey(title: survey.reader.text("title"),
                       options: survey.reader.objects("options").map { option in
                           SurveyOption(id: option.string("id"), title: option.text("title"), offer: offerReference(option),
                                        pointer: option.pointer, range: option.node.range)
                       },
                       hasOptionsArray: survey.reader.elements("options") != nil,
                       pointer: survey.reader.pointer, keyRange: survey.keyRange)
            },
            url: reader.string("url"), openMethod: reader.string("open_method"),
            actionIdentifier: reader.string("action_identifier"), refundWindow: reader.string("refund_window"),
            screenKey: screenKey, pointer: reader.pointer, range: reader.node.range)
    }

    static func offerReference(_ reader: ObjectReader) -> OfferReference? {
        switch reader.format {
        case .authoring:
            return reader.string("promotional_offer_key").map(OfferReference.key)
        case .response:
            guard let (offerReader, _) = reader.object("promotional_offer") else { return nil }
            return .inline(offer(offerReader, key: nil, range: offerReader.node.range))
        }
    }

    static func offer(_ reader: ObjectReader, key: Located<String>?, range: ByteRange) -> Offer {
        Offer(
            key: key, iosOfferID: reader.string("ios_offer_id"), androidOfferID: reader.string("android_offer_id"),
            title: reader.text("title"), subtitle: reader.text("subtitle"),
            eligibility: reader.member("eligibility") == nil ? nil : reader.objects("eligibility").map { condition in
                EligibilityCondition(conditionType: condition.string("condition_type"), comparison: condition.string("comparison"),
                                     amount: condition.number("amount_in_seconds"), pointer: condition.pointer, range: condition.node.range)
            },
            eligible: reader.bool("eligible"),
            productMapping: reader.entries("product_mapping").map { entries in
                entries.compactMap { key, value in
                    value.stringValue.map { (key, Located($0, range: value.range, pointer: key.pointer)) }
                }
            },
            crossProductPromotions: reader.entries("cross_product_promotions").map { entries in
                entries.map { key, value in
                    let promotion = ObjectReader(value, pointer: key.pointer, format: reader.format)
                    return CrossProductPromotion(product: key, storeOfferIdentifier: promotion?.string("store_offer_identifier"),
                                                 targetProductID: promotion?.string("target_product_id"))
                }
            },
            pointer: reader.pointer, range: range)
    }
}

/// Which format a document is (docs/formats.md; detection: docs/commands.md, `--input-format`).
enum FormatDetection {
    static let authoringRootKeys: Set<String> = ["screens", "localization", "promotional_offers", "appearance", "support", "change_plans"]

    /// `customer_center`/`customerCenter` at the root → response; an authoring root key → authoring.
    static func detect(_ root: JSONNode) -> InputFormat? {
        guard let members = root.objectMembers else { return nil }
        if members.contains(where: { $0.keyEquals("customer_center") || $0.keyEquals("customerCenter") }) { return .response }
        if members.contains(where: { authoringRootKeys.contains($0.key) }) { return .authoring }
        return nil
    }
}

/// Target platforms inferred from a config (docs/commands.md, "Target platforms"): iOS if an offer names `ios_offer_id`,
/// Android if one names `android_offer_id`, both if none names either.
enum PlatformInference {
    static func infer(_ config: CustomerCenterConfig) -> Set<Platform> {
        // The offers in place, not copied into a list with every inline one (a large config has
        // thousands of paths); done once both names are seen.
        var (ios, android) = (false, false)
        func note(_ offer: Offer) -> Bool {
            if offer.iosOfferID != nil { ios = true }
            if offer.androidOfferID != nil { android = true }
            return ios && android
        }
        func note(_ reference: OfferReference?) -> Bool {
            guard case .inline(let offer)? = reference else { return false }
            return note(offer)
        }
        search: do {
            for offer in config.offers where note(offer) { break search }
            for path in config.allPaths {
                if note(path.offer) { break search }
                for option in path.survey?.options ?? [] where note(option.offer) { break search }
            }
        }
        var platforms: [Platform] = []
        if ios { platforms.append(.ios) }
        if android { platforms.append(.android) }
        return SetWithoutLookup.make(platforms.isEmpty ? Platform.allCases : platforms)
    }
}
