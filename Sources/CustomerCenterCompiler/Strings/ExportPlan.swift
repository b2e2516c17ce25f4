/// What `strings export` exports, prepared once (the config resolved, the keys chosen and sorted,
/// each key's parts of a unit that are the same in every locale written out), from which each
/// locale's file is built when it is written: `strings export` builds and writes it in pieces,
/// never whole in memory (docs/performance.md "strings").

import JSONSyntax
package struct ExportPlan {
    /// A key to export, as each file's loop reads it: plain numbers, nothing reference-counted
    /// (a file's loop reads 5,000 of them): where its texts are in the config's translation
    /// table, where its written parts are in `parts` (``ExportPlan/add(_:entry:source:line:notes:)``
    /// says which), and its placeholders and boxes as numbers of the plan's lists.
    struct Key {
        /// Its texts: records of ``table``.
        var records: Range<Int>
        /// Whether XML can carry the source (`XLIFFWriter.isRepresentable`).
        var isRepresentable: Bool
        /// Whether no two of its texts are in the same locale (`LocaleTargets.hasDistinctLocales`):
        /// a file then finds its text where the last key's was, when it is there.
        var hasDistinctLocales: Bool
        /// Its placeholders' names: a range of ``placeholderIDs`` (numbers of ``placeholderNames``).
        var placeholders: Range<Int>
        /// The boxes it is shown in: a number of ``roomSets``, `-1` for none.
        var roomSet: Int
        var head: Range<Int>, middle: Range<Int>, tail: Range<Int>, note: Range<Int>
    }

    /// What a key's unit says that each file's loop does not read: its name, its default text
    /// (the units' source), its line in the config, its first note (where it is shown), its
    /// placeholders' names and the source's `<ph>` ids (XLIFF), which the target's placeholders take.
    /// Without ``keepsUnits``, only the name and the ids: the rest is in the key's parts.
    struct KeyDetail {
        var key: String
        var source: String
        var line: Int
        var usage: String
        var placeholders: [String]
        var sourceIDs: [(spelling: String, id: Int)]
    }

    let source: SourceFile
    let format: StringsFormat
    /// Whether files can be built with their units as values (``file(_:keepingUnits:)``): each
    /// key's details are kept whole. `strings export` only writes the files' bytes.
    let keepsUnits: Bool
    /// The config's texts (its translation table, over the config's bytes): all a file reads of
    /// the resolved config, which is let go once the keys' parts are written.
    let table: TranslationTable
    /// The config's default locale, normalized (`nil`: none).
    let defaultLocale: String?
    /// The default locale as the config writes it (the files' source language).
    let defaultCode: String
    private(set) var keys: [Key] = []
    private(set) var details: [KeyDetail] = []
    /// The keys' written parts, one after another.
    private(set) var parts: [UInt8] = []
    /// What every XLIFF unit has between its target and its line number (the config's name
    /// among it): written once, not in each key's parts.
    private(set) var location: [UInt8] = []
    /// The placeholders' names, each once, and the keys' lists of them by number.
    private(set) var placeholderNames: [String] = []
    private var placeholderNumbers: [String: Int] = [:]
    private(set) var placeholderIDs: [Int] = []
    /// The lists of boxes keys are shown in, each once.
    private(set) var roomSets: [[TextLimit]] = []
    /// Per locale number of the table, the first number of the same locale (`LocaleTargets.sameLocales(_:)`).
    let sameLocales: [Int]
    /// The locales to export, one file each, as the config writes them.
    package let locales: [String]
    /// Keys left out: no screen or SDK label uses them (without `--include-unused`).
    package internal(set) var unusedLeftOut: [String] = []
    /// Keys left out: no default-locale text to translate from.
    package internal(set) var withoutSource: [String] = []
    /// Keys left out of some file: a text has characters XML 1.0 cannot carry. Complete once
    /// every locale's file is built.
    package internal(set) var notRepresentable: [String] = []
    /// How many files were built so far.
    package internal(set) var built = 0
    /// How many bytes of a file ``writeEachFile(_:)`` builds before it hands them to the writing
    /// thread (a unit more at most): a few such pieces are in memory, never a whole file.
    var pieceSize = 1 << 17
    /// The last file's bytes: the next file is built in the same storage when the last one
    /// has been let go (no other file's bytes are in memory), sized by the largest so far.
    var buffer: [UInt8] = []

    init(source: SourceFile, format: StringsFormat, resolved: ResolvedConfig, locales: [String], keepsUnits: Bool = true) {
        self.source = source
        self.format = format
        self.keepsUnits = keepsUnits
        self.table = resolved.strings.entries.storage.table
        self.sameLocales = LocaleTargets.sameLocales(table)
        self.defaultLocale = resolved.defaultLocale
        self.locales = locales
        let defaultLocale = resolved.defaultLocale ?? ""
        defaultCode = resolved.targetLocaleCodes.first { LocaleCode.normalized($0) == defaultLocale } ?? defaultLocale
        if format == .xliff {
            var out = ExportBytes(capacity: 160)
            out.append("</target>\n        <context-group purpose=\"location\"><context context-type=\"sourcefile\">")
            out.append(source.path, escaping: .elementText)
            out.append("</context><context context-type=\"linenumber\">")
            location = out.bytes
        }
    }

    /// Room for `count` keys and their parts.
    mutating func reserve(keys count: Int) {
        keys.reserveCapacity(count)
        details.reserveCapacity(count)
        parts.reserveCapacity(count * (format == .xliff ? 640 : 320))
    }

    /// Adds a key to export, writing out once what its unit has in every locale. XLIFF: only
    /// what differs from key to key (the markup around it is the same in every unit, written as
    /// each unit is): `head` is the key as an attribute value (the `id` and the `resname`),
    /// `middle` the source as element content, `tail` the line number, `note` the first note's
    /// text. PO: `head` is the blank line and the first note, `middle` the `#:` reference,
    /// `tail` `msgctxt`, `msgid` and `msgstr ` up to the translation (`note` empty).
    mutating func add(_ key: String, entry: StringEntry, source text: String, line: Int, notes: TranslatorNotes) {
        let usage = notes.usageNote(key)
        var out = ExportBytes(continuing: &parts)
        var ids: [(spelling: String, id: Int)] = []
        let head: Range<Int>, middle: Range<Int>, tail: Range<Int>
        var note = 0..<0
        switch format {
        case .xliff:
            head = out.span { $0.append(key, escaping: .attributeValue) }
            middle = out.span { ids = XLIFFWriter.inline(text, ids: nil, into: &$0) }
            tail = out.span { $0.append(line) }
            note = out.span { $0.append(usage, escaping: .elementText) }
        case .po:
            head = out.span {
                $0.append("\n")
                POWriter.append(note: usage, into: &$0)
            }
            middle = out.span { $0.append(POWriter.reference(original: source.path).map { "\($0)\(line)\n" } ?? "") }
            tail = out.span {
                $0.append("msgctxt ")
                POWriter.append(quoted: key, to: &$0)
                $0.append("\nmsgid ")
                POWriter.append(quoted: text, to: &$0)
                $0.append("\nmsgstr ")
            }
        }
        parts = out.bytes
        let names = TranslatorNotes.placeholderNames(text)
        let firstName = placeholderIDs.count
        for name in names {
            if placeholderNumbers[name] == nil {
                placeholderNumbers[name] = placeholderNames.count
                placeholderNames.append(name)
            }
            placeholderIDs.append(placeholderNumbers[name] ?? 0)
        }
        var roomSet = -1
        if let rooms = notes.rooms[key]?.map(\.room), !rooms.isEmpty {
            // A handful of distinct lists (a box is a kind of place on a screen).
            roomSet = roomSets.firstIndex(of: rooms) ?? roomSets.count
            if roomSet == roomSets.count { roomSets.append(rooms) }
        }
        keys.append(Key(records: entry.translations.records, isRepresentable: XLIFFWriter.isRepresentable(text),
                        hasDistinctLocales: LocaleTargets.hasDistinctLocales(entry.translations.records, table: table, sameAs: sameLocales),
                        placeholders: firstName..<placeholderIDs.count, roomSet: roomSet, head: head, middle: middle, tail: tail, note: note))
        details.append(keepsUnits ? KeyDetail(key: key, source: text, line: line, usage: usage, placeholders: names, sourceIDs: ids)
                                  : KeyDetail(key: key, source: "", line: line, usage: "", placeholders: [], sourceIDs: ids))
    }

    /// Builds the file of each of ``locales`` in turn and hands it to `body` (with how many files
    /// have been built so far) before building the next, one file's bytes in memory at a time
    /// (`strings export` writes them in pieces: ``writeEachFile(_:)``).
    package mutating func forEachFile<Failure: Error>(_ body: (_ file: ExportedFile, _ built: Int) throws(Failure) -> Void) throws(Failure) {
        for locale in locales {
            let file = self.file(locale)
            try body(file, built)
        }
    }
}

/// Why `strings export` exports nothing (``ExportResult``'s other cases).
package enum ExportRefusal: Error, Sendable {
    /// The config cannot be used (its syntax errors, or not an authoring config).
    case unusableConfig(reason: String, report: FileReport)
    /// A requested locale the config does not translate into (with a did-you-mean), or its default locale.
    case unknownLocale(code: String, suggestion: String?, isDefault: Bool, known: [String])
}
