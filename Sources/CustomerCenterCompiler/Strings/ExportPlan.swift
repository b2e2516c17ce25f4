/// What `strings export` exports, prepared once (the config resolved, the keys chosen and sorted,
/// the notes' facts gathered), from which each locale's file is built when it is written: one
/// file in memory at a time (docs/performance.md "strings").

import JSONSyntax
package struct ExportPlan {
    /// A key to export: its entry, its default text (the units' source), its line in the config.
    struct Key {
        var key: String
        var entry: StringEntry
        var source: String
        var line: Int
        /// Whether XML can carry the source (`XLIFFWriter.isRepresentable`).
        var isRepresentable: Bool
        /// Its first note (where it is shown), its placeholders' names, the boxes it is shown in.
        var usage: String
        var placeholders: [String]
        var rooms: [TextLimit]
    }

    let source: SourceFile
    let format: StringsFormat
    let resolved: ResolvedConfig
    let notes: TranslatorNotes
    /// The default locale as the config writes it (the files' source language).
    let defaultCode: String
    var keys: [Key] = []
    /// The locales to export, one file each, as the config writes them.
    package let locales: [String]
    /// Keys left out: no screen or SDK label uses them (without `--include-unused`).
    package internal(set) var unusedLeftOut: [String] = []
    /// Keys left out: no default-locale text to translate from.
    package internal(set) var withoutSource: [String] = []
    /// Keys left out of some file: a text has characters XML 1.0 cannot carry. Complete once
    /// every locale's file is built.
    package private(set) var notRepresentable: [String] = []
    /// How many files were built so far.
    package private(set) var built = 0

    init(source: SourceFile, format: StringsFormat, resolved: ResolvedConfig, locales: [String]) {
        self.source = source
        self.format = format
        self.resolved = resolved
        self.locales = locales
        notes = TranslatorNotes(resolved)
        let defaultLocale = resolved.defaultLocale ?? ""
        defaultCode = resolved.targetLocaleCodes.first { LocaleCode.normalized($0) == defaultLocale } ?? defaultLocale
    }

    /// The file of `locale` (one of ``locales``). The notes' words that depend on the locale
    /// (a placeholder's sample, a box's room) are worked out once per file, not once per unit.
    package mutating func file(_ locale: String) -> ExportedFile {
        let normalized = LocaleCode.normalized(locale)
        var meanings: [String: String] = [:]
        var rooms: [(room: TextLimit, characters: Int, note: String)] = []
        var units: [TranslationUnit] = []
        units.reserveCapacity(keys.count)
        for key in keys {
            var unitNotes = [key.usage]
            for name in key.placeholders {
                if meanings[name] == nil { meanings[name] = TranslatorNotes.placeholderNote(name, locale: locale) }
                unitNotes.append(meanings[name] ?? "")
            }
            // Of the boxes it is shown in, the one that takes the fewest characters (the first of
            // equals), as `TranslatorNotes.room(_:locale:)` chooses.
            var best: (characters: Int, note: String)?
            for room in key.rooms {
                let facts: (characters: Int, note: String)
                if let known = rooms.first(where: { $0.room == room }) {
                    facts = (known.characters, known.note)
                } else {
                    facts = (room.characters(locale: locale), TranslatorNotes.roomNote(room, locale: locale))
                    rooms.append((room, facts.characters, facts.note))
                }
                if best.map({ facts.characters < $0.characters }) ?? true { best = facts }
            }
            if let best { unitNotes.append(best.note) }
            let unit = StringsExport.unit(key: key.key, entry: key.entry, source: key.source, locale: locale, normalized: normalized, resolved: resolved,
                                          notes: unitNotes, maxCharacters: best?.characters, line: key.line)
            guard key.isRepresentable, XLIFFWriter.isRepresentable(unit.target) else {
                if !notRepresentable.contains(key.key) { notRepresentable.append(key.key) }
                continue
            }
            units.append(unit)
        }
        let bytes = format == .xliff
            ? XLIFFWriter.document(units, original: source.path, sourceLocale: defaultCode, targetLocale: locale)
            : POWriter.document(units, original: source.path, sourceLocale: defaultCode, targetLocale: locale)
        built += 1
        return ExportedFile(locale: locale, fileName: "\(locale).\(format.fileExtension)", bytes: bytes, units: units)
    }
}

/// Why `strings export` exports nothing (``ExportResult``'s other cases).
package enum ExportRefusal: Error, Sendable {
    /// The config cannot be used (its syntax errors, or not an authoring config).
    case unusableConfig(reason: String, report: FileReport)
    /// A requested locale the config does not translate into (with a did-you-mean), or its default locale.
    case unknownLocale(code: String, suggestion: String?, isDefault: Bool, known: [String])
}
