import CustomerCenterCompiler
import JSONSyntax

/// Hover: a key's texts in every locale, an offer in words, a colour's contrast, a rule's
/// explanation in `.customer-center.json`.
enum HoverProvider {
    /// The hover at the current text's `offset` from the snapshot's analysis; `nil` when the
    /// changes since it are in the way (the cursor or the hovered span is in changed text, or
    /// what changed is something the answer reads: a text of the hovered key, a key, a
    /// reference, the structure): then ask a snapshot of the current text.
    static func hover(at offset: Int, _ snapshot: Snapshot) -> JSON? {
        guard let entry = snapshot.entry, let resolved = entry.analysis.resolved else { return .null }
        let changes = snapshot.changes
        guard let offset = changes.analysed(offset) else { return nil }
        // What changed since the analysis, when something did.
        let footprint = changes.isEmpty ? nil : EditFootprint(analysed: entry.analysis.report.source.bytes, current: snapshot.document.bytes,
                                                               changes: changes.changes, lexical: entry.lexical, resolved: resolved,
                                                               tape: entry.analysis.tape)
        if let (symbol, token) = Symbol.at(offset, in: resolved) {
            guard let place = changes.current(token.range), footprint?.changes(symbol, resolved) != true else { return nil }
            let text: String
            switch symbol {
            case .string(let key): text = stringHover(key, resolved)
            case .offer(let key): text = offerHover(key, resolved)
            }
            return markdown(text, range: snapshot.range(place))
        }
        if let (text, place) = colorHover(offset, resolved) {
            guard let place = changes.current(place), footprint?.changes(nil, resolved) != true else { return nil }
            return markdown(text, range: snapshot.range(place))
        }
        // Nothing here in the analysed text; after a change that may have made something here
        // (not blanks, not a text), ask the current text.
        return footprint?.kind == .other ? nil : .null
    }

    static func markdown(_ text: String, range: JSON) -> JSON {
        ["contents": ["kind": "markdown", "value": .string(text)], "range": range]
    }

    /// A Markdown table cell: pipes and line breaks escaped.
    static func cell(_ text: String) -> String {
        // Most texts have neither: no search through them.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "|") || $0 == 0x0A }) else { return text }
        return text.replacingOccurrences("|", with: "\\|").replacingOccurrences("\n", with: " ")
    }

    /// A key's text in every locale the config targets, and where a fallback comes from.
    static func stringHover(_ key: String, _ resolved: ResolvedConfig) -> String {
        var lines = ["**\(key)**" + (BuiltInStrings.isBuiltIn(key) ? " (a label the SDKs read; your text replaces theirs)" : "")]
        guard resolved.strings[key] != nil else {
            if let english = BuiltInStrings.english(key) {
                return lines[0] + "\n\nNot in this config: `compile` fills it from its own translations (English: “\(english)”)."
            }
            return lines[0] + "\n\nNot a key of `localized_strings`."
        }
        lines.append("")
        lines.append("| locale | text |")
        lines.append("|---|---|")
        for locale in resolved.targetLocaleCodes {
            guard let (translation, origin) = resolved.text(key, locale: locale) else {
                lines.append("| \(locale) | *(none: the label is empty)* |")
                continue
            }
            let shown = translation.textValue.isEmpty ? "*(empty)*" : Self.cell(translation.textValue)
            switch origin {
            case .exact: lines.append("| \(locale) | \(shown) |")
            case .language(let language): lines.append("| \(locale) | \(shown) *(from \(language))* |")
            case .defaultLocale(let fallback): lines.append("| \(locale) | \(shown) *(missing: falls back to \(fallback))* |")
            }
        }
        let uses = resolved.stringReferences.filter { $0.key.value == key }.map(\.usage)
        if !uses.isEmpty { lines.append(""); lines.append("Used as " + uses.joined(separator: ", ") + ".") }
        return lines.joined(separator: "\n")
    }

    /// An offer's store ids, eligibility in words and uses.
    static func offerHover(_ key: String, _ resolved: ResolvedConfig) -> String {
        guard let offer = resolved.offers[key] else { return "**offer \(key)**\n\nNot a key of `promotional_offers`." }
        var lines = ["**offer \(key)**", ""]
        lines.append("- App Store offer id: " + (offer.iosOfferID.map { "`\($0.value)`" } ?? "*none (iOS cannot show it)*"))
        lines.append("- Google Play offer id: " + (offer.androidOfferID.map { "`\($0.value)`" } ?? "*none (Android cannot show it)*"))
        let conditions = (offer.eligibility ?? []).map { $0.inWords ?? "a condition that is not well formed" }
        lines.append("- Shown to customers: " + (conditions.isEmpty ? "everyone" : conditions.joined(separator: " and ")))
        if let title = offer.title?.key?.value, let text = resolved.text(title, locale: resolved.defaultLocale ?? "en")?.translation.textValue {
            lines.append("- Title: “\(text)”")
        }
        var uses: [String] = []
        for path in resolved.allPaths {
            if case .key(let reference)? = path.offer, reference.value == key { uses.append("path '\(path.id?.value ?? "")'") }
            for option in path.survey?.options ?? [] {
                if case .key(let reference)? = option.offer, reference.value == key {
                    uses.append("option '\(option.id?.value ?? "")' of path '\(path.id?.value ?? "")'")
                }
            }
        }
        lines.append("- Used by: " + (uses.isEmpty ? "nothing (customers never see it)" : uses.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }

    /// A colour's contrast against the other colour of its pair, with the WCAG verdict.
    static func colorHover(_ offset: Int, _ resolved: ResolvedConfig) -> (String, ByteRange)? {
        guard let appearance = resolved.config.appearance else { return nil }
        for theme in [appearance.light, appearance.dark].compactMap({ $0 }) {
            for (role, value, _) in theme.colors where value.range.touches(offset) {
                var lines = ["**\(theme.theme) \(role)** `\(value.value)`"]
                guard ColorContrast.components(ofHex: value.value) != nil else {
                    return (lines[0] + "\n\nNot `#RRGGBB` or `#RRGGBBAA`.", value.range)
                }
                for (foreground, background) in ColorContrast.pairs where role == foreground || role == background {
                    let other = role == foreground ? background : foreground
                    guard let otherValue = theme.color(other),
                          let ratio = role == foreground
                            ? ColorContrast.ratio(value.value, on: otherValue.value, theme: theme.theme)
                            : ColorContrast.ratio(otherValue.value, on: value.value, theme: theme.theme) else {
                        lines.append("\nNo \(other) in the \(theme.theme) theme to compare with.")
                        continue
                    }
                    let shown = (ratio * 100).rounded() / 100
                    let verdict = ratio >= 7 ? "passes WCAG AAA (7:1)" : ratio >= 4.5 ? "passes WCAG AA (4.5:1)" : "fails WCAG AA (needs 4.5:1)"
                    lines.append("\nContrast with \(other) `\(otherValue.value)`: **\(shown):1**, \(verdict).")
                }
                return (lines.joined(separator: "\n"), value.range)
            }
        }
        return nil
    }

    /// In `.customer-center.json`: the rule whose id is under the cursor.
    static func ruleHover(at offset: Int, _ snapshot: Snapshot) -> JSON {
        let document = snapshot.document
        let parsed = JSONParser.parse(document.bytes)
        guard let root = parsed.root, let (text, range) = string(at: offset, in: root),
              let rule = RuleCatalog.descriptor(for: RuleID(rawValue: text)) else { return .null }
        let value = "**\(rule.id.rawValue)** (\(rule.defaultSeverity.rawValue) by default)\n\n\(rule.summary)\n\n\(rule.rationale)"
        return markdown(value, range: snapshot.range(range))
    }

    /// The string (key or value) of the tree under `offset`.
    static func string(at offset: Int, in value: JSONValue) -> (String, ByteRange)? {
        switch value.kind {
        case .string(let text): return value.range.touches(offset) ? (text, value.range) : nil
        case .object(let members):
            for member in members {
                if member.keyRange.touches(offset) { return (member.key, member.keyRange) }
                if member.value.range.touches(offset) { return string(at: offset, in: member.value) }
            }
            return nil
        case .array(let elements):
            return elements.first { $0.range.touches(offset) }.flatMap { string(at: offset, in: $0) }
        default: return nil
        }
    }
}
