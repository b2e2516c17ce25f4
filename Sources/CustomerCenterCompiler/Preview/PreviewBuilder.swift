import JSONSyntax

/// Builds the preview page: one section per locale × theme, each with the screens side by side.
struct PreviewBuilder {
    let resolved: ResolvedConfig
    let options: PreviewOptions
    var texts: [PreviewText] = []
    var html = ""
    var sections: [(locale: String, theme: String, screens: Int)] = []
    /// Screens drawn so far (each section records how many it has).
    var screens = 0

    init(resolved: ResolvedConfig, options: PreviewOptions) {
        self.resolved = resolved
        self.options = options
    }

    var config: CustomerCenterConfig { resolved.config }

    /// The texts of one locale: the compiled payload's `localized_strings`.
    struct LocaleTexts {
        let locale: String
        let strings: [String: String]
        /// For a pseudo-locale: the transformation of the default locale's texts.
        let pseudo: ((String) -> String)?
    }

    mutating func page() -> PreviewPage {
        let locales = Preview.locales(resolved, options: options)
        html = Self.head(title: "Customer Center preview")
        html += "<p class=\"note\">An approximation of the Customer Center as RevenueCat's SDKs draw it (\(options.platform.displayName)), at a phone width of \(Preview.width) px, with the texts of the compiled payload. Texts marked ↩ fall back to another locale. Sample values fill the placeholders.</p>\n"
        for locale in locales {
            let texts = localeTexts(locale)
            for theme in options.themes {
                section(texts, theme: theme)
            }
        }
        html += "</body>\n</html>\n"
        return PreviewPage(html: html, texts: texts, sections: sections)
    }

    func localeTexts(_ locale: String) -> LocaleTexts {
        switch locale {
        case "en-XA": return LocaleTexts(locale: locale, strings: payloadStrings(resolved.defaultLocale ?? "en"), pseudo: PreviewSamples.accented)
        case "ar-XB": return LocaleTexts(locale: locale, strings: payloadStrings(resolved.defaultLocale ?? "en"), pseudo: PreviewSamples.mirrored)
        default: return LocaleTexts(locale: locale, strings: payloadStrings(locale), pseudo: nil)
        }
    }

    /// `localized_strings` of the payload `compile` writes for the platform and `locale`.
    func payloadStrings(_ locale: String) -> [String: String] {
        guard let payload = Compiler.payloads(resolved, platforms: [options.platform], locales: [locale]).first,
              let table = payload.tree.member("customer_center")?.value.member("localization")?.value.member("localized_strings")?.value.objectMembers
        else { return [:] }
        return Dictionary(table.compactMap { member in member.value.stringValue.map { (member.key, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Sections and screens

    mutating func section(_ locale: LocaleTexts, theme: String) {
        let opened = screens
        let rtl = ["ar", "he", "fa", "ur"].contains(LocaleCode.language(locale.locale)) || locale.locale == "ar-XB"
        let colors = Self.colors(config.appearance, theme: theme)
        html += "<section class=\"locale\" id=\"\(Self.escape(locale.locale))-\(theme)\" lang=\"\(Self.escape(locale.locale))\" dir=\"\(rtl ? "rtl" : "ltr")\" style=\"\(colors)\">\n"
        html += "<h2 dir=\"ltr\">\(Self.escape(locale.locale)) · \(theme)\(locale.pseudo != nil ? " · pseudo-locale" : "")</h2>\n<div class=\"screens\">\n"
        let visible = config.screens.filter { ScreenType(rawValue: $0.key.value) != nil }
        for screen in visible { self.screen(screen, locale, theme) }
        for path in visible.flatMap(\.paths) where shown(path) {
            if let survey = path.survey { self.survey(survey, of: path, locale, theme) }
        }
        var offers: [String] = []
        for reference in resolved.offerReferences where !offers.contains(reference.value) { offers.append(reference.value) }
        for key in offers {
            if let offer = resolved.offers[key] { self.offer(offer, key: key, locale, theme) }
        }
        html += "</div>\n</section>\n"
        sections.append((locale.locale, theme, screens - opened))
    }

    /// Android never shows refund and plan-change paths.
    func shown(_ path: Path) -> Bool {
        options.platform == .ios || !(path.kind == .refundRequest || path.kind == .changePlans)
    }

    mutating func screen(_ screen: Screen, _ locale: LocaleTexts, _ theme: String) {
        let name = screen.key.value
        screens += 1
        html += "<div class=\"screen\">\n<div class=\"bar\"><span class=\"close\">✕</span>"
        html += text(screen.title, locale, theme, place: "the \(name) screen's title", style: "nav-title", room: .navigationTitle)
        html += "</div>\n"
        if let subtitle = screen.subtitle { html += "<div class=\"subtitle\">" + text(subtitle, locale, theme, place: "the \(name) screen's subtitle", style: "subtitle-text", room: .subtitle) + "</div>\n" }
        if ScreenType(rawValue: name) == .management {
            html += header(builtIn: "subscriptions_section_title", locale, theme, place: "the \(name) screen's section header")
            html += "<div class=\"card\"><div class=\"product\">Premium</div>"
            html += text(builtIn: "renews_on_date_for_price", locale, theme, place: "the subscription card", style: "wrap")
            html += "</div>\n"
            html += header(builtIn: "actions_section_title", locale, theme, place: "the \(name) screen's section header")
        }
        html += "<div class=\"rows\">\n"
        for path in screen.paths where shown(path) {
            html += "<div class=\"row\">" + text(path.title, locale, theme, place: "the \(name) screen's path '\(path.id?.value ?? "")'", style: "row-title", room: .row) + "<span class=\"chevron\">›</span></div>\n"
        }
        html += "</div>\n"
        if let email = config.support?.email, !email.value.isEmpty {
            html += "<div class=\"footer\">" + text(builtIn: "contact_support", locale, theme, place: "the \(name) screen's contact button", style: "link") + "</div>\n"
        }
        html += "</div>\n"
    }

    mutating func survey(_ survey: Survey, of path: Path, _ locale: LocaleTexts, _ theme: String) {
        let id = path.id?.value ?? ""
        screens += 1
        html += "<div class=\"screen\">\n<div class=\"bar\"><span class=\"close\">✕</span>"
        html += text(survey.title, locale, theme, place: "the survey of path '\(id)'", style: "nav-title", room: .navigationTitle)
        html += "</div>\n<div class=\"rows\">\n"
        for option in survey.options {
            html += "<div class=\"row option\">" + text(option.title, locale, theme, place: "option '\(option.id?.value ?? "")' of the survey of path '\(id)'", style: "row-title", room: .row) + "</div>\n"
        }
        html += "</div>\n</div>\n"
    }

    mutating func offer(_ offer: Offer, key: String, _ locale: LocaleTexts, _ theme: String) {
        screens += 1
        html += "<div class=\"screen offer\">\n<div class=\"bar\"><span class=\"close\">✕</span></div>\n"
        html += "<div class=\"offer-title\">" + text(offer.title, locale, theme, place: "the title of offer '\(key)'", style: "offer-heading", room: .offerHeading) + "</div>\n"
        html += "<div class=\"subtitle\">" + text(offer.subtitle, locale, theme, place: "the subtitle of offer '\(key)'", style: "subtitle-text", room: .subtitle) + "</div>\n"
        let button = options.platform == .ios ? "ios_promo_offer_button_free_trial" : "free_trial_then_price"
        html += "<div class=\"button\">" + text(builtIn: button, locale, theme, place: "the button of offer '\(key)'", style: "button-label") + "</div>\n"
        html += "<div class=\"footer\">" + text(builtIn: "no_thanks", locale, theme, place: "the decline button of offer '\(key)'", style: "link") + "</div>\n"
        html += "</div>\n"
    }

    mutating func header(builtIn key: String, _ locale: LocaleTexts, _ theme: String, place: String) -> String {
        "<div class=\"header\">" + text(builtIn: key, locale, theme, place: place, style: "header-label") + "</div>\n"
    }

    // MARK: Texts

    /// A config text (a key or a literal) as a text box. Its placeholders are shown as written
    /// (`fills`: a built-in label the config overrides): the SDKs fill them only in their own
    /// built-in labels, so customers see a config text's braces (docs/commands.md "preview").
    mutating func text(_ source: TextSource?, _ locale: LocaleTexts, _ theme: String, place: String, style: String, room: TextLimit? = nil,
                       fills: Bool = false) -> String {
        switch source {
        case .key(let key)?:
            let base = locale.pseudo != nil ? (resolved.defaultLocale ?? "en") : locale.locale
            let found = resolved.text(key.value, locale: base)
            var fallback: String?
            if locale.pseudo == nil, let origin = found?.origin {
                switch origin {
                case .exact: fallback = nil
                case .language(let language): fallback = language
                case .defaultLocale(let other): fallback = other
                }
            }
            let raw = locale.strings[key.value] ?? found?.translation.textValue ?? key.value
            return box(raw, locale, theme, place: place, style: style, room: room, source: found?.translation.text, fallback: fallback, fills: fills)
        case .literal(let literal)?:
            return box(literal.value, locale, theme, place: place, style: style, room: room, source: literal, fallback: nil, fills: fills)
        case nil:
            return ""
        }
    }

    /// The SDKs' labels the page draws in a measured box, with the box (both platforms' offer
    /// button); `strings export` tells a translator of a config's own text for one of them its room.
    static let builtInBoxes: [(key: String, room: TextLimit)] = [
        ("subscriptions_section_title", .sectionHeader), ("actions_section_title", .sectionHeader), ("contact_support", .link),
        ("ios_promo_offer_button_free_trial", .button), ("free_trial_then_price", .button), ("no_thanks", .link),
    ]

    /// A built-in label (from the payload: the config's override, or the translation table), in
    /// its box of `builtInBoxes` when it has one.
    mutating func text(builtIn key: String, _ locale: LocaleTexts, _ theme: String, place: String, style: String) -> String {
        let room = Self.builtInBoxes.first { $0.key == key }?.room
        if resolved.strings[key] != nil {
            return text(.key(Located(key, range: .at(0), pointer: .root)), locale, theme, place: place, style: style, room: room, fills: true)
        }
        // The payload holds every built-in key; only where it comes from is looked up.
        let table = BuiltInStrings.tableLocale(for: locale.locale)
        let language = LocaleCode.language(locale.locale)
        let fallback = locale.pseudo == nil && table != LocaleCode.normalized(locale.locale) && table != language ? table : nil
        let raw = locale.strings[key] ?? key
        return box(raw, locale, theme, place: place, style: style, room: room, source: nil, fallback: fallback, fills: true)
    }

    /// `raw` in a text box, its placeholders filled with sample values when it `fills` (a
    /// built-in label), else shown as written.
    mutating func box(_ raw: String, _ locale: LocaleTexts, _ theme: String, place: String, style: String, room: TextLimit?,
                      source: Located<String>?, fallback: String?, fills: Bool) -> String {
        let sampleLocale = locale.pseudo != nil ? "en" : locale.locale
        let filled = fills ? PreviewSamples.filled(raw, locale: sampleLocale) : raw
        var shown = filled
        if let pseudo = locale.pseudo { shown = pseudo(filled) }
        var attributes = "class=\"\(style)\""
        if let room {
            let id = "t\(texts.count + 1)"
            texts.append(PreviewText(id: id, locale: locale.locale, theme: theme, place: place, text: shown,
                                     source: source.flatMap { $0.range.count > 0 ? $0 : nil }))
            attributes = "id=\"\(id)\" " + attributes + " data-cut=\"\(room.cut)\""
        }
        let mark = fallback.map { "<span class=\"fallback\" title=\"falls back to \(Self.escape($0))\">↩ \(Self.escape($0))</span>" } ?? ""
        return "<span \(attributes)>\(Self.escape(shown))</span>\(mark)"
    }

    // MARK: Style

    /// The theme's colours as CSS variables: the config's, else the system's.
    static func colors(_ appearance: Appearance?, theme: String) -> String {
        let colors = theme == "dark" ? appearance?.dark : appearance?.light
        let system: [String: String] = theme == "dark"
            ? ["background_color": "#000000", "text_color": "#FFFFFF", "accent_color": "#0A84FF", "button_background_color": "#0A84FF", "button_text_color": "#FFFFFF"]
            : ["background_color": "#FFFFFF", "text_color": "#000000", "accent_color": "#007AFF", "button_background_color": "#007AFF", "button_text_color": "#FFFFFF"]
        return ["background_color", "text_color", "accent_color", "button_background_color", "button_text_color"].map { role in
            let value = colors?.color(role).flatMap { ColorContrast.components(ofHex: $0.value) != nil ? $0.value : nil } ?? system[role]!
            return "--\(role.replacingOccurrences("_", with: "-")):\(value)"
        }.joined(separator: ";")
    }

    /// HTML text and attribute values (`MarkupText.escaped`: XML-safe is HTML-safe).
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }

    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>
        body { margin: 0; padding: 16px; background: #E5E5EA; font-family: -apple-system, "SF Pro Text", Roboto, "Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai", sans-serif; }
        .note { max-width: 800px; color: #3C3C43; font-size: 13px; }
        section.locale { margin: 24px 0; }
        section.locale h2 { font-size: 15px; color: #3C3C43; margin: 0 0 8px; }
        .screens { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        .screen { box-sizing: border-box; width: \(Preview.width)px; min-height: 420px; padding: 0 16px 16px; border-radius: 24px;
                  background: var(--background-color); color: var(--text-color); font-size: 17px; line-height: 22px; overflow: hidden; }
        .bar { display: flex; align-items: center; height: 44px; gap: 8px; }
        .close { flex: none; width: 28px; text-align: center; color: var(--accent-color); }
        .nav-title { display: block; flex: 1 1 auto; min-width: 0; max-width: \(TextLimit.navigationTitle.width)px; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; text-align: center; }
        .subtitle { font-size: \(TextLimit.subtitle.fontSize)px; opacity: 0.75; margin: 4px 0 12px; }
        .wrap { display: block; }
        .subtitle-text { display: -webkit-box; -webkit-line-clamp: \(TextLimit.subtitle.lines); -webkit-box-orient: vertical; overflow: hidden; }
        .header { margin: 16px 0 6px; font-size: \(TextLimit.sectionHeader.fontSize)px; text-transform: uppercase; opacity: 0.6; }
        .header-label { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .card { padding: 12px 14px; border-radius: 12px; background: color-mix(in srgb, var(--text-color) 8%, var(--background-color)); }
        .product { font-weight: 600; margin-bottom: 4px; }
        .rows { margin-top: 8px; border-radius: 12px; overflow: hidden; }
        .row { display: flex; align-items: center; min-height: 44px; padding: 6px 14px; gap: 8px;
               background: color-mix(in srgb, var(--text-color) 8%, var(--background-color)); border-bottom: 1px solid color-mix(in srgb, var(--text-color) 12%, transparent); }
        .row-title { flex: 1 1 auto; min-width: 0; display: -webkit-box; -webkit-line-clamp: \(TextLimit.row.lines); -webkit-box-orient: vertical; overflow: hidden; color: var(--accent-color); }
        .option .row-title { color: var(--text-color); }
        .chevron { flex: none; opacity: 0.4; }
        .footer { margin-top: 16px; text-align: center; }
        .link { display: inline-block; max-width: 100%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: var(--accent-color); vertical-align: bottom; }
        .offer-title { margin-top: 40px; text-align: center; }
        .offer-heading { display: -webkit-box; -webkit-line-clamp: \(TextLimit.offerHeading.lines); -webkit-box-orient: vertical; overflow: hidden; font-size: \(TextLimit.offerHeading.fontSize)px; line-height: 34px; font-weight: 700; }
        .offer .subtitle { text-align: center; }
        .button { margin-top: 32px; padding: 14px 16px; border-radius: 14px; text-align: center; background: var(--button-background-color); color: var(--button-text-color); font-weight: 600; }
        .button-label { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .fallback { margin-inline-start: 6px; padding: 0 4px; border-radius: 4px; font-size: 11px; background: #FF9F0A; color: #000; vertical-align: middle; }
        </style>
        </head>
        <body>

        """
    }
}
