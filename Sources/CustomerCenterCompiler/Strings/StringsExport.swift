/// `strings export`: a config's localized strings as translation files, one per target locale
/// (docs/translation.md).

import JSONSyntax
package enum StringsExport {
    /// The files for `source` in `format`: for `locales` (as the command line gives them; `nil`:
    /// every locale the config translates into but the default one), each unit a key that a
    /// screen or an SDK label uses (every key with `includeUnused`), sorted by key.
    package static func run(_ source: SourceFile, format: StringsFormat, locales: [String]? = nil, includeUnused: Bool = false) -> ExportResult {
        let resolved: ResolvedConfig
        switch StringsConfig.resolve(source) {
        case .success(let config): resolved = config
        case .failure(let failure): return .unusableConfig(reason: failure.reason, report: failure.report)
        }
        let defaultLocale = resolved.defaultLocale ?? ""
        let known = resolved.targetLocaleCodes.filter { LocaleCode.normalized($0) != defaultLocale }
        var chosen: [String] = []
        for code in locales ?? known {
            let normalized = LocaleCode.normalized(code)
            if normalized == defaultLocale {
                return .unknownLocale(code: code, suggestion: nil, isDefault: true, known: known)
            }
            guard let written = known.first(where: { LocaleCode.normalized($0) == normalized }) else {
                return .unknownLocale(code: code, suggestion: LocaleCode.suggestion(for: code, among: known), isDefault: false, known: known)
            }
            if !chosen.contains(written) { chosen.append(written) }
        }
        let defaultCode = resolved.targetLocaleCodes.first { LocaleCode.normalized($0) == defaultLocale } ?? defaultLocale
        let notes = TranslatorNotes(resolved)
        var unused: [String] = [], withoutSource: [String] = [], notRepresentable: [String] = []
        // The keys to export, sorted by their bytes (as `format` sorts them), with the default text.
        var keys: [(key: String, entry: StringEntry, source: String)] = []
        for key in resolved.strings.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let entry = resolved.strings[key] else { continue }
            if !includeUnused, !resolved.isReferenced(key), !SDKStrings.keys.contains(key) {
                unused.append(key)
                continue
            }
            guard let index = entry.translations.firstIndex(normalizedLocale: defaultLocale), !entry.translations.textIsEmpty(at: index) else {
                withoutSource.append(key)
                continue
            }
            keys.append((key, entry, entry.translations[index].textValue))
        }
        var files: [ExportedFile] = []
        for locale in chosen {
            var units: [TranslationUnit] = []
            for (key, entry, sourceText) in keys {
                var unit = unit(key: key, entry: entry, source: sourceText, locale: locale, resolved: resolved, notes: notes)
                unit.line = source.location(of: entry.key.range.start).line
                guard XLIFFWriter.isRepresentable(unit.source), XLIFFWriter.isRepresentable(unit.target) else {
                    if !notRepresentable.contains(key) { notRepresentable.append(key) }
                    continue
                }
                units.append(unit)
            }
            let text = format == .xliff
                ? XLIFFWriter.document(units, original: source.path, sourceLocale: defaultCode, targetLocale: locale)
                : POWriter.document(units, original: source.path, sourceLocale: defaultCode, targetLocale: locale)
            files.append(ExportedFile(locale: locale, fileName: "\(locale).\(format.fileExtension)", bytes: Array(text.utf8), units: units))
        }
        return .exported(files: files, unusedLeftOut: unused, withoutSource: withoutSource, notRepresentable: notRepresentable)
    }

    /// The unit of `key` for `locale`: its own text when it has one, else the text customers see
    /// instead (the language's, offered for review) or nothing.
    static func unit(key: String, entry: StringEntry, source: String, locale: String, resolved: ResolvedConfig,
                     notes: TranslatorNotes) -> TranslationUnit {
        var unitNotes = notes.notes(key: key, source: source, locale: locale)
        let translations = entry.translations
        var target = "", state = UnitState.missing
        if let exact = translations.firstIndex(normalizedLocale: LocaleCode.normalized(locale)) {
            if translations.textIsEmpty(at: exact) {
                unitNotes.append("The config has an empty '\(locale)' text: customers see a blank label until it is translated.")
            } else {
                target = translations[exact].textValue
                state = .translated
            }
        } else if let found = ResolvedConfig.lookup(entry, locale: locale, defaultLocale: resolved.defaultLocale),
                  case .language = found.origin, !found.translation.textIsEmpty {
            target = found.translation.textValue
            state = .fallingBack(locale: found.translation.localeCode)
            unitNotes.append("Until this is translated customers see the '\(found.translation.localeCode)' text, offered here to review: "
                + "confirm or change it.")
        }
        let maxCharacters = notes.room(key, locale: locale)?.characters(locale: locale)
        return TranslationUnit(key: key, source: source, target: target, state: state, notes: unitNotes, maxCharacters: maxCharacters, line: 0)
    }
}

extension StringsExport {
    /// "12 units: 10 translated, 1 missing, 1 falling back".
    package static func summary(_ file: ExportedFile) -> String {
        let translated = file.units.filter { $0.state == .translated }.count
        let missing = file.units.filter { $0.state == .missing }.count
        let fallingBack = file.units.count - translated - missing
        var parts = ["\(translated) translated"]
        if missing > 0 { parts.append("\(missing) missing") }
        if fallingBack > 0 { parts.append("\(fallingBack) falling back") }
        return MessageText.count(file.units.count, "unit") + ": " + parts.joined(separator: ", ")
    }
}
