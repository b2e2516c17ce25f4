/// `strings export`: a config's localized strings as translation files, one per target locale
/// (docs/translation.md).

import JSONSyntax
package enum StringsExport {
    /// The files for `source` in `format`: for `locales` (as the command line gives them; `nil`:
    /// every locale the config translates into but the default one), each unit a key that a
    /// screen or an SDK label uses (every key with `includeUnused`), sorted by key. All of them
    /// at once: `strings export` builds each file as it writes it (``prepare(_:format:locales:includeUnused:)``).
    package static func run(_ source: SourceFile, format: StringsFormat, locales: [String]? = nil, includeUnused: Bool = false) -> ExportResult {
        switch prepare(source, format: format, locales: locales, includeUnused: includeUnused) {
        case .failure(.unusableConfig(let reason, let report)): return .unusableConfig(reason: reason, report: report)
        case .failure(.unknownLocale(let code, let suggestion, let isDefault, let known)):
            return .unknownLocale(code: code, suggestion: suggestion, isDefault: isDefault, known: known)
        case .success(var plan):
            let files = plan.locales.map { plan.file($0, keepingUnits: true) }
            return .exported(files: files, unusedLeftOut: plan.unusedLeftOut, withoutSource: plan.withoutSource, notRepresentable: plan.notRepresentable)
        }
    }

    /// What to export from `source`, before any file is built: the locales, the keys and their
    /// notes; or why nothing can be (the cases of ``ExportResult`` but `exported`). Without
    /// `keepingUnits`, the files can be written, not built with their units as values (less is kept).
    package static func prepare(_ source: SourceFile, format: StringsFormat, locales: [String]? = nil,
                                includeUnused: Bool = false, keepingUnits: Bool = true) -> Result<ExportPlan, ExportRefusal> {
        let resolved: ResolvedConfig
        switch StringsConfig.resolve(source, likeLint: true) {
        case .success(let config): resolved = config
        case .failure(let failure): return .failure(.unusableConfig(reason: failure.reason, report: failure.report))
        }
        let defaultLocale = resolved.defaultLocale ?? ""
        let known = resolved.targetLocaleCodes.filter { LocaleCode.normalized($0) != defaultLocale }
        var chosen: [String] = []
        for code in locales ?? known {
            let normalized = LocaleCode.normalized(code)
            if normalized == defaultLocale {
                return .failure(.unknownLocale(code: code, suggestion: nil, isDefault: true, known: known))
            }
            guard let written = known.first(where: { LocaleCode.normalized($0) == normalized }) else {
                return .failure(.unknownLocale(code: code, suggestion: LocaleCode.suggestion(for: code, among: known), isDefault: false, known: known))
            }
            if !chosen.contains(written) { chosen.append(written) }
        }
        var plan = ExportPlan(source: source, format: format, resolved: resolved, locales: chosen, keepsUnits: keepingUnits)
        let notes = TranslatorNotes(resolved)
        // The keys and their parts (about 500 bytes a key in XLIFF, 250 in PO): reserved once
        // (pages not written cost no memory), so that they do not grow by copying.
        plan.reserve(keys: resolved.strings.count)
        // Each key's line: read in sorted order, not the file's, a line counted from the nearest
        // line start known costs more than one pass for the whole file's (then a binary search).
        if resolved.strings.count >= 256 { _ = source.lineStarts }
        // The keys to export, sorted by their bytes (as `format` sorts them), with the default text.
        for key in resolved.strings.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let entry = resolved.strings[key] else { continue }
            if !includeUnused, !resolved.isReferenced(key), !SDKStrings.keys.contains(key) {
                plan.unusedLeftOut.append(key)
                continue
            }
            guard let index = entry.translations.firstIndex(normalizedLocale: defaultLocale), !entry.translations.textIsEmpty(at: index) else {
                plan.withoutSource.append(key)
                continue
            }
            let text = entry.translations[index].textValue
            plan.add(key, entry: entry, source: text, line: source.location(of: entry.key.range.start).line, notes: notes)
        }
        return .success(plan)
    }
}

extension StringsExport {
    /// "12 units: 10 translated, 1 missing, 1 falling back".
    package static func summary(_ file: ExportedFile) -> String {
        var parts = ["\(file.translated) translated"]
        if file.missing > 0 { parts.append("\(file.missing) missing") }
        if file.fallingBack > 0 { parts.append("\(file.fallingBack) falling back") }
        return MessageText.count(file.unitCount, "unit") + ": " + parts.joined(separator: ", ")
    }
}
