import JSONSyntax

/// What to preview.
package struct PreviewOptions: Sendable {
    /// Locales; `nil`: the default locale and every supported one.
    package var locales: [String]?
    /// `light`, `dark` or both.
    package var themes: [String]
    /// Whose payload's texts to show.
    package var platform: Platform
    /// Adds the pseudo-locales `en-XA` and `ar-XB`.
    package var pseudo: Bool

    /// Creates options.
    package init(locales: [String]? = nil, themes: [String] = ["light", "dark"], platform: Platform = .ios, pseudo: Bool = false) {
        self.locales = locales
        self.themes = themes
        self.platform = platform
        self.pseudo = pseudo
    }
}

/// One text box of the page, and where its text comes from.
package struct PreviewText: Sendable {
    /// The element's id in the page (`t1`, `t2`, …).
    package let id: String
    /// The locale of its section.
    package let locale: String
    /// The theme of its section.
    package let theme: String
    /// Where it is shown, in words ("the MANAGEMENT screen's title").
    package let place: String
    /// The text shown (placeholders filled).
    package let text: String
    /// The translation of the config it comes from (its bytes and pointer); `nil` for a built-in label.
    package let source: Located<String>?
}

/// The rendered page: HTML, and what each text box is.
package struct PreviewPage: Sendable {
    /// A self-contained HTML document: no script, no network.
    package let html: String
    /// Every text box that can be cut, by id.
    package let texts: [PreviewText]
    /// The locale × theme sections, in page order, with how many screens each shows side by side.
    package let sections: [(locale: String, theme: String, screens: Int)]
}

/// Renders a config as customers would see it, per locale and theme (docs/commands.md, `preview`). An approximation of
/// the SDKs' views, built from the compiled payload's texts.
package enum Preview {
    /// The phone width the page lays out at (CSS px).
    package static let width = 390

    /// The page for `resolved` (from `source`).
    package static func render(_ resolved: ResolvedConfig, options: PreviewOptions) -> PreviewPage {
        var builder = PreviewBuilder(resolved: resolved, options: options)
        return builder.page()
    }

    /// The locales a preview shows.
    package static func locales(_ resolved: ResolvedConfig, options: PreviewOptions) -> [String] {
        let chosen = options.locales ?? resolved.targetLocaleCodes
        return chosen + (options.pseudo ? PreviewSamples.pseudoLocales.filter { !chosen.contains($0) } : [])
    }

    /// `page` with a script that measures every text box and writes the ones that do not fit
    /// into the document (`<body data-overflow="…">`), for a headless browser's `--dump-dom`.
    package static func measuringPage(_ page: PreviewPage) -> String {
        let script = """
        <script>
        (function () {
          var cut = [];
          document.querySelectorAll("[data-cut]").forEach(function (e) {
            var lines = e.getAttribute("data-cut") === "lines";
            var needs = lines ? e.scrollHeight : e.scrollWidth, has = lines ? e.clientHeight : e.clientWidth;
            // A clamped box is cut when a whole line is hidden, not when a glyph pokes out of its line box.
            var slack = lines ? parseFloat(getComputedStyle(e).lineHeight) / 2 : 1;
            if (needs > has + slack) cut.push([e.id, needs, has, lines ? 1 : 0]);
          });
          document.body.setAttribute("data-overflow", JSON.stringify(cut));
        })();
        </script>
        """
        return page.html.replacingOccurrences("</body>", with: script + "\n</body>")
    }

    /// The findings of a measured page: each text that does not fit, once per translation and
    /// locale, at the translation in the source file. A built-in label has no place in the file:
    /// it is reported at the `localization` key, saying so.
    package static func findings(measured dom: String, page: PreviewPage, source: SourceFile, localizationKey: ByteRange?) -> [Diagnostic] {
        guard let start = dom.range(ofText: "data-overflow=\""), let end = dom[start.upperBound...].firstIndex(of: "\"") else { return [] }
        let encoded = String(dom[start.upperBound..<end]).replacingOccurrences("&quot;", with: "\"").replacingOccurrences("&amp;", with: "&")
        guard let parsed = JSONParser.parse(Array(encoded.utf8)).root, let rows = parsed.arrayElements else { return [] }
        let byID = Dictionary(page.texts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // One finding per text in the file (or built-in label), naming every locale where it is cut.
        var groups: [(key: String, text: PreviewText, needs: Int, has: Int, lines: Bool, locales: [String])] = []
        for row in rows {
            guard let cells = row.arrayElements, cells.count == 4, let id = cells[0].stringValue, let text = byID[id],
                  case .number(let needs) = cells[1].kind, case .number(let has) = cells[2].kind, case .number(let lines) = cells[3].kind else { continue }
            let key = text.source.map { "\($0.range.start)" } ?? "builtin:\(text.place):\(text.text)"
            if let index = groups.firstIndex(where: { $0.key == key }) {
                if !groups[index].locales.contains(text.locale) { groups[index].locales.append(text.locale) }
            } else {
                groups.append((key, text, Int(needs.doubleValue), Int(has.doubleValue), lines.text == "1", [text.locale]))
            }
        }
        var sink = DiagnosticSink(file: source.path)
        for group in groups {
            let message = RuleMessage.truncated(group.text.text, locales: group.locales, place: group.text.place, needs: group.needs,
                                                has: group.has, lines: group.lines)
            if let located = group.text.source {
                sink.emit(message, at: located.range, pointer: located.pointer)
            } else {
                let anchor = localizationKey ?? ByteRange(0, min(1, source.bytes.count))
                sink.emit(RuleMessage(PreviewTruncatedRule.descriptor, message.text + " (a built-in label: override its key in 'localized_strings')"),
                          at: anchor, pointer: .root)
            }
        }
        return sink.diagnostics
    }
}

extension String {
    /// The first range of `text` (no Foundation).
    func range(ofText text: String) -> Range<String.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(text) { return index..<self.index(index, offsetBy: text.count) }
            index = self.index(after: index)
        }
        return nil
    }
}
