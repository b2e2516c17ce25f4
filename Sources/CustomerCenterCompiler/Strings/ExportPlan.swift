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
    /// The last file's bytes: the next file is built in the same storage when the last one
    /// has been let go (no other file's bytes are in memory), sized by the largest so far.
    private var buffer: [UInt8] = []

    init(source: SourceFile, format: StringsFormat, resolved: ResolvedConfig, locales: [String]) {
        self.source = source
        self.format = format
        self.resolved = resolved
        self.locales = locales
        notes = TranslatorNotes(resolved)
        let defaultLocale = resolved.defaultLocale ?? ""
        defaultCode = resolved.targetLocaleCodes.first { LocaleCode.normalized($0) == defaultLocale } ?? defaultLocale
    }

    /// The file of `locale` (one of ``locales``), its units written as they are made (kept in
    /// ``ExportedFile/units`` only with `keepingUnits`). The notes' words that depend on the
    /// locale (a placeholder's sample, a box's room) are worked out once per file, not per unit.
    package mutating func file(_ locale: String, keepingUnits: Bool = false) -> ExportedFile {
        let normalized = LocaleCode.normalized(locale)
        var meanings: [String: String] = [:]
        var rooms: [(room: TextLimit, characters: Int, note: String)] = []
        var file = ExportedFile(locale: locale, fileName: "\(locale).\(format.fileExtension)", bytes: [], units: [])
        // The first file's size is not known: about 700 bytes a unit in XLIFF, 350 in PO, reserved
        // (untouched pages cost no memory), so that it does not grow by copying.
        var out = ExportBytes(reusing: &buffer, capacity: keys.count * (format == .xliff ? 1_024 : 512) + 4_096)
        let xliffFile = format == .xliff ? XLIFFWriter.begin(original: source.path, sourceLocale: defaultCode, targetLocale: locale, into: &out) : ""
        let poReference = format == .po ? POWriter.begin(original: source.path, sourceLocale: defaultCode, targetLocale: locale, into: &out) : nil
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
            switch unit.state {
            case .translated: file.translated += 1
            case .missing: file.missing += 1
            case .fallingBack: file.fallingBack += 1
            }
            if format == .xliff { XLIFFWriter.append(unit, sourceFile: xliffFile, into: &out) } else { POWriter.append(unit, reference: poReference, into: &out) }
            if keepingUnits { file.units.append(unit) }
        }
        if format == .xliff { XLIFFWriter.end(into: &out) }
        file.bytes = out.bytes
        buffer = out.bytes
        built += 1
        return file
    }
}

/// Why `strings export` exports nothing (``ExportResult``'s other cases).
package enum ExportRefusal: Error, Sendable {
    /// The config cannot be used (its syntax errors, or not an authoring config).
    case unusableConfig(reason: String, report: FileReport)
    /// A requested locale the config does not translate into (with a did-you-mean), or its default locale.
    case unknownLocale(code: String, suggestion: String?, isDefault: Bool, known: [String])
}
