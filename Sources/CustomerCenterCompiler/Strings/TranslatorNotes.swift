/// What a translator is told about a key: where customers see it (in words), what each
/// `{{ placeholder }}` stands for and that it must stay, and how much room the preview gives it.

import JSONSyntax
struct TranslatorNotes {
    /// Per key: each place it is shown, in words, in document order.
    private(set) var usages: [String: [String]] = [:]
    /// Per key: each box the preview measures it in (`TextLimit`), once each, with the first place
    /// it is shown in that box, in words.
    private(set) var rooms: [String: [(room: TextLimit, place: String)]] = [:]

    /// Walks the screens, paths, surveys and offers of `resolved` once.
    init(_ resolved: ResolvedConfig) {
        let config = resolved.config
        var offerUses: [String: [String]] = [:]
        for screen in config.screens {
            let screenName = "the \(screen.key.value) screen"
            add(screen.title, "the title of \(screenName)", .navigationTitle)
            add(screen.subtitle, "the subtitle under the title of \(screenName)", .subtitle)
            add(screen.offering?.buttonText, "the button that opens the offering on \(screenName)", nil)
            for path in screen.paths {
                let id = path.id?.value ?? "?"
                let pathName = "path '\(id)'\(Self.purpose(path.kind).map { " (it \($0))" } ?? "")"
                add(path.title, "the row of \(pathName) on \(screenName)", .row)
                if case .key(let key)? = path.offer { offerUses[key.value, default: []].append("path '\(id)'") }
                add(path.survey?.title, "the question of the survey that \(pathName) asks", .navigationTitle)
                for option in path.survey?.options ?? [] {
                    add(option.title, "the answer '\(option.id?.value ?? "?")' of the survey of path '\(id)'", .row)
                    if case .key(let key)? = option.offer {
                        offerUses[key.value, default: []].append("answer '\(option.id?.value ?? "?")' of path '\(id)'")
                    }
                }
            }
        }
        for offer in config.offers {
            let key = offer.key?.value ?? "?"
            let from = offerUses[key].map { " (offered after " + Self.list($0) + ")" } ?? ""
            add(offer.title, "the heading of promotional offer '\(key)'\(from)", .offerHeading)
            add(offer.subtitle, "the text under the heading of promotional offer '\(key)'\(from)", .subtitle)
        }
        // The SDKs' labels the preview draws, when the config gives them a text of its own.
        let hasManagement = config.screens.contains { ScreenType(rawValue: $0.key.value) == .management }
        let shownOffers = !resolved.offerReferences.isEmpty
        for (key, room) in PreviewBuilder.builtInBoxes where resolved.strings[key] != nil {
            switch key {
            case "subscriptions_section_title", "actions_section_title": if !hasManagement { continue }
            case "contact_support": if config.support?.email.map({ !$0.value.isEmpty }) != true { continue }
            default: if !shownOffers { continue }
            }
            if rooms[key]?.contains(where: { $0.room == room }) != true { rooms[key, default: []].append((room, "the SDKs' label '\(key)'")) }
        }
    }

    private mutating func add(_ text: TextSource?, _ words: String, _ limit: TextLimit?) {
        guard let key = text?.key?.value else { return }
        if usages[key]?.contains(words) != true { usages[key, default: []].append(words) }
        guard let limit, rooms[key]?.contains(where: { $0.room == limit }) != true else { return }
        rooms[key, default: []].append((limit, words))
    }

    /// What a path does, in words.
    static func purpose(_ kind: PathType?) -> String? {
        switch kind {
        case .missingPurchase?: return "restores a purchase the app does not see"
        case .refundRequest?: return "asks for a refund"
        case .changePlans?: return "changes the plan"
        case .cancel?: return "cancels the subscription"
        case .customURL?: return "opens a link"
        case .customAction?: return "runs an action of the app"
        case nil: return nil
        }
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// Where customers see `key`, in words (the first note of its units, the same in every locale).
    func usageNote(_ key: String) -> String {
        if let places = usages[key] { return "Shown as " + Self.list(places) + "." }
        if SDKStrings.keys.contains(key) {
            let english = SDKStrings.english[key].map { " (their English: '\($0)')" } ?? ""
            return "Replaces the SDKs' built-in label '\(key)'\(english)."
        }
        return "Not shown by any screen (no '*_key' names it)."
    }

    /// The names of the well-formed placeholders of `source`, each once, in order.
    static func placeholderNames(_ source: String) -> [String] {
        var seen = Set<String>(), names: [String] = []
        for match in Placeholders.scan(source) where match.isWellFormed && seen.insert(match.name).inserted { names.append(match.name) }
        return names
    }

    /// The note on placeholder `name` for a translator into `locale`.
    static func placeholderNote(_ name: String, locale: String) -> String {
        "Keep '{{ \(name) }}' exactly as written: \(meaning(of: name, locale: locale))."
    }

    /// The note on the room of `room` for a translator into `locale`.
    static func roomNote(_ room: TextLimit, locale: String) -> String { "Room at phone width: " + room.sentence(locale: locale) + "." }

    /// What the SDKs put in place of a placeholder, with a sample.
    static func meaning(of name: String, locale: String) -> String {
        let sample = PreviewSamples.value(name, locale: locale)
        let what: String
        switch name {
        case "price": what = "the subscription's price in the customer's currency"
        case "date": what = "a date (when the subscription renews or ends)"
        case "duration": what = "a length of time"
        case "count": what = "a number"
        case "sub_offer_price": what = "the offer's first price"
        case "sub_offer_price_2": what = "the offer's second price"
        case "sub_offer_duration": what = "the offer's first period"
        case "sub_offer_duration_2": what = "the offer's second period"
        case "discounted_recurring_payment_price_per_period": what = "the discounted price per period"
        case "discounted_recurring_payment_cycles": what = "how many periods the discount lasts"
        default: return "the SDKs replace no variable of this name; keep it as it is"
        }
        return "the SDKs replace it with \(what) (e.g. '\(sample)')"
    }
}
