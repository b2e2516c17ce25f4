/// `l10n.literal-placeholder`: a placeholder in a text the SDKs show as written.

import JSONSyntax
package enum LiteralPlaceholderRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.literal-placeholder",
        summary: "A '{{ price }}' (any placeholder) in a text the SDKs show as written: a screen's, a path's, a survey's or an offer's title or subtitle; customers see the braces.",
        rationale: "The SDKs fill placeholders only in their own built-in texts (purchase information, the promo button's price line). The texts a config names for its screens, paths, surveys and offers are shown as written: purchases-ios PromotionalOfferView shows Text(details.title) unchanged and Android's PromotionalOfferScreen likewise, so '{{ price }}' reaches customers as literal braces.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "subtitle_key": "subtitle", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#,
            strings: #""title": {"en": "Help"}, "subtitle": {"en": "Plans from ↓{{ price }}"}"#),
        passingExample: Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "subtitle_key": "subtitle", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}"#,
            strings: #""title": {"en": "Help"}, "subtitle": {"en": "Plans for every budget"}"#))

    package static func check(_ context: inout RuleContext) {
        // A key none of whose texts has a brace has no placeholder: the text index found the
        // braces in its one pass over every text, so only those keys' texts are read again.
        let bracedKeys = Set(context.resolved.texts.keysWithBraces)
        var seenKeys = Set<String>()
        forEachShownAsWritten(context.config) { text, place in
            switch text {
            case .literal(let literal):
                report(in: literal, label: { place.label }, others: 0, &context)
            case .key(let key):
                // One finding a key (at its first text that has one), however often it is named.
                guard !bracedKeys.isEmpty, bracedKeys.contains(key.value), seenKeys.insert(key.value).inserted,
                      let entry = context.resolved.strings[key.value] else { return }
                // Only texts with a brace are built and scanned (a large table names many keys).
                let translations = entry.translations
                let texts = translations.indices.filter { index in
                    translations.withTextUTF8(at: index) { $0.contains(UInt8(ascii: "{")) }
                }.map { translations[$0].text }.filter { !literalPlaceholders(in: $0.value).isEmpty }
                guard let first = texts.first else { return }
                report(in: first, label: { "\(place.label) (\(MessageText.quoted(key.value)))" }, others: texts.count - 1, &context)
            }
        }
    }

    private static func literalPlaceholders(in text: String) -> [Placeholders.Match] {
        Placeholders.scan(text).filter { $0.isWellFormed && Placeholders.knownNames.contains($0.name) }
    }

    private static func report(in text: Located<String>, label: () -> String, others: Int, _ context: inout RuleContext) {
        guard let match = literalPlaceholders(in: text.value).first else { return }
        context.report(.literalPlaceholder(match.name, in: label(), otherTexts: others),
                       at: SourceText.range(of: match.range, in: text, source: context.source), pointer: text.pointer)
    }

    /// Where a text shown as written stands, worded only for a finding that is reported (a large
    /// config names hundreds of thousands of texts, and most have no placeholder).
    enum Place {
        case screenTitle(String), screenSubtitle(String)
        case pathTitle(String?), surveyQuestion(String?), surveyOption(String?)
        case offerTitle(String?, inline: Bool), offerSubtitle(String?, inline: Bool)

        var label: String {
            func quoted(_ value: String?) -> String { MessageText.quoted(value ?? "?") }
            func offer(_ key: String?, _ inline: Bool) -> String { inline ? "an offer" : "offer \(quoted(key))" }
            switch self {
            case .screenTitle(let key): return "the title of screen \(quoted(key))"
            case .screenSubtitle(let key): return "the subtitle of screen \(quoted(key))"
            case .pathTitle(let id): return "the title of path \(quoted(id))"
            case .surveyQuestion(let id): return "the survey question of path \(quoted(id))"
            case .surveyOption(let id): return "survey option \(quoted(id))"
            case .offerTitle(let key, let inline): return "the title of \(offer(key, inline))"
            case .offerSubtitle(let key, let inline): return "the subtitle of \(offer(key, inline))"
            }
        }
    }

    /// The texts the SDKs show as the config writes them, with where each stands, handed to
    /// `body` one by one in document order (screens, then inline offers, then `promotional_offers`):
    /// not collected, since a large config shows hundreds of thousands of them.
    static func forEachShownAsWritten(_ config: CustomerCenterConfig, _ body: (TextSource, Place) -> Void) {
        func add(_ text: TextSource?, _ place: Place) {
            if let text { body(text, place) }
        }
        func addOffer(_ offer: Offer, inline: Bool) {
            add(offer.title, .offerTitle(offer.key?.value, inline: inline))
            add(offer.subtitle, .offerSubtitle(offer.key?.value, inline: inline))
        }
        for screen in config.screens {
            add(screen.title, .screenTitle(screen.key.value))
            add(screen.subtitle, .screenSubtitle(screen.key.value))
            for path in screen.paths {
                add(path.title, .pathTitle(path.id?.value))
                add(path.survey?.title, .surveyQuestion(path.id?.value))
                for option in path.survey?.options ?? [] {
                    add(option.title, .surveyOption(option.id?.value))
                }
            }
        }
        // The inline offers in the order `CustomerCenterConfig.offerReferences` lists them (a
        // path's, then its options'), without building that list.
        for path in config.allPaths {
            if case .inline(let offer)? = path.offer { addOffer(offer, inline: true) }
            for option in path.survey?.options ?? [] {
                if case .inline(let offer)? = option.offer { addOffer(offer, inline: true) }
            }
        }
        for offer in config.offers {
            addOffer(offer, inline: false)
        }
    }
}

extension RuleMessage {
    /// `l10n.literal-placeholder`: `{{ name }}` in the text named `label`.
    static func literalPlaceholder(_ name: String, in label: String, otherTexts: Int) -> RuleMessage {
        let more = otherTexts > 0 ? " (and in \(otherTexts) other locale\(otherTexts == 1 ? "" : "s"))" : ""
        return RuleMessage(LiteralPlaceholderRule.descriptor,
                           "\(MessageText.quoted("{{ \(name) }}")) in \(label)\(more) is shown as written: the SDKs fill placeholders only in their own built-in texts, so customers see the braces")
    }
}
