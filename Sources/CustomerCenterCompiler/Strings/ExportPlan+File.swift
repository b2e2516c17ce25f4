/// One locale's file of an ``ExportPlan``: each unit is the key's parts written once
/// (``ExportPlan/add(_:entry:source:line:notes:)``) around what the locale has (the state, the
/// room, the translation, the notes worded for the locale), so a unit is mostly copied, not
/// escaped again. The same bytes as `XLIFFWriter` and `POWriter` write unit by unit
/// (TranslationStreamingTests compares them).

import JSONSyntax
extension ExportPlan {
    /// The file of `locale` (one of ``locales``), its units written as they are made (kept in
    /// ``ExportedFile/units`` only with `keepingUnits`, which needs a plan that ``keepsUnits``).
    package mutating func file(_ locale: String, keepingUnits: Bool = false) -> ExportedFile {
        // The first file's size is not known: about 700 bytes a unit in XLIFF, 350 in PO, reserved
        // (pages not written cost no memory), so that it does not grow by copying.
        var out = ExportBytes(reusing: &buffer, capacity: keys.count * (format == .xliff ? 1_024 : 512) + 4_096)
        let built = build(locale, keepingUnits: keepingUnits, into: &out)
        done(built.left)
        var file = built.file
        file.bytes = out.bytes
        buffer = out.bytes
        return file
    }

    /// The name of the file of `locale`.
    func fileName(_ locale: String) -> String { "\(locale).\(format.fileExtension)" }

    /// A file is built: `left`, the keys it left out because XML cannot carry their text, are noted.
    mutating func done(_ left: [String]) {
        for key in left where !notRepresentable.contains(key) { notRepresentable.append(key) }
        built += 1
    }

    /// The file of `locale` written into `out` (its counts; not its bytes), the keys left out
    /// because XML cannot carry their text, and whether it was built to its end. Each time `out`
    /// holds `piece` bytes or more, after a unit, it is handed to `emit`, which takes them (and
    /// leaves `out` empty), or returns `false`: then the file is left there. Not mutating: a unit
    /// reads the plan's storage as it is (a closure in a mutating method would copy the plan, a
    /// retain of each of its arrays, for each unit).
    func build(_ locale: String, keepingUnits: Bool, into out: inout ExportBytes, piece: Int = .max,
               emit: (inout ExportBytes) -> Bool = { _ in true }) -> (file: ExportedFile, left: [String], complete: Bool) {
        let targets = LocaleTargets(table: table, locale: locale, defaultLocale: defaultLocale)
        var words = LocaleWords(locale: locale, format: format, placeholders: placeholderNames.count, roomSets: roomSets.count)
        var file = ExportedFile(locale: locale, fileName: fileName(locale), bytes: [], units: [])
        switch format {
        case .xliff: _ = XLIFFWriter.begin(original: source.path, sourceLocale: defaultCode, targetLocale: locale, into: &out)
        case .po: _ = POWriter.begin(original: source.path, sourceLocale: defaultCode, targetLocale: locale, into: &out)
        }
        var left: [String] = []
        for index in keys.indices {
            let found = targets.target(keys[index].records)
            let represented: Bool
            if let record = found.record {
                represented = table.withTextUTF8(record) { text in
                    // An empty text offers nothing (the note says so when it is the locale's own).
                    let target = text.isEmpty ? found.ifEmpty : found
                    return unit(index, target: target, text: text, targets: targets, keepingUnits: keepingUnits, words: &words, file: &file, out: &out)
                }
            } else {
                represented = unit(index, target: found, text: UnsafeBufferPointer(start: nil, count: 0), targets: targets,
                                   keepingUnits: keepingUnits, words: &words, file: &file, out: &out)
            }
            if !represented { left.append(details[index].key) }
            if out.bytes.count >= piece, !emit(&out) { return (file, left, false) }
        }
        if format == .xliff { XLIFFWriter.end(into: &out) }
        return (file, left, true)
    }

    /// The unit of key `index`: its parts around what the locale has (`text`, the target's
    /// bytes); `false`, and nothing written, when XML cannot carry the source or the target.
    private func unit(_ index: Int, target: LocaleTargets.Target, text: UnsafeBufferPointer<UInt8>, targets: LocaleTargets,
                      keepingUnits: Bool, words: inout LocaleWords, file: inout ExportedFile, out: inout ExportBytes) -> Bool {
        let key = keys[index]
        guard key.isRepresentable, XLIFFWriter.isRepresentable(text) else { return false }
        let placeholderIDs = self.placeholderIDs[key.placeholders]
        switch target.state {
        case .translated: file.translated += 1
        case .missing: file.missing += 1
        case .fallingBack: file.fallingBack += 1
        }
        let room = key.roomSet < 0 ? nil : words.room(ofSet: key.roomSet, roomSets[key.roomSet])
        switch format {
        case .xliff:
            out.append("      <trans-unit id=\"")
            out.append(parts, key.head)
            out.append("\" resname=\"")
            out.append(parts, key.head)
            // Approved: the locale's own text, final as far as the config goes.
            out.append(target.state == .translated ? "\" approved=\"yes\" xml:space=\"preserve\"" : "\" xml:space=\"preserve\"")
            if let room {
                out.append(" maxwidth=\"")
                out.append(room.characters)
                out.append("\" size-unit=\"char\"")
            }
            out.append(">\n        <source>")
            out.append(parts, key.middle)
            out.append("</source>\n        <target state=\"")
            out.append(XLIFFWriter.state(target.state))
            out.append("\">")
            // A text without `{` (most) has no placeholder: it is only escaped.
            if text.contains(UInt8(ascii: "{")) {
                _ = XLIFFWriter.inline(String(decoding: text, as: UTF8.self), ids: details[index].sourceIDs, into: &out)
            } else {
                out.append(text, escaping: .elementText)
            }
            out.append(location)
            out.append(parts, key.tail)
            // The first note (XLIFFWriter.append(note:into:)).
            out.append("</context></context-group>\n        <note from=\"customer-center\">")
            out.append(parts, key.note)
            out.append("</note>\n")
            for id in placeholderIDs { out.append(words.placeholder(id, placeholderNames[id]).written) }
            if let room { out.append(room.written) }
            if target.note != .none { out.append(words.note(target.note, targets: targets)) }
            out.append("      </trans-unit>\n")
        case .po:
            out.append(parts, key.head)
            for id in placeholderIDs { out.append(words.placeholder(id, placeholderNames[id]).written) }
            if let room { out.append(room.written) }
            if target.note != .none { out.append(words.note(target.note, targets: targets)) }
            out.append(parts, key.middle)
            if case .fallingBack = target.state { out.append("#, fuzzy\n") }
            out.append(parts, key.tail)
            POWriter.append(quoted: text, to: &out)
            out.append("\n")
        }
        if keepingUnits, keepsUnits { keep(index, target: target, text: String(decoding: text, as: UTF8.self), targets: targets, words: &words, file: &file) }
        return true
    }

    /// The unit of key `index` as a value (``ExportedFile/units``).
    private func keep(_ index: Int, target: LocaleTargets.Target, text: String, targets: LocaleTargets, words: inout LocaleWords, file: inout ExportedFile) {
        let key = keys[index], detail = details[index]
        let room = key.roomSet < 0 ? nil : words.room(ofSet: key.roomSet, roomSets[key.roomSet])
        let notes = [detail.usage] + detail.placeholders.map { TranslatorNotes.placeholderNote($0, locale: words.locale) }
            + [room?.note, targets.words(target.note, locale: words.locale)].compactMap { $0 }
        file.units.append(TranslationUnit(key: detail.key, source: detail.source, target: text, state: target.state, notes: notes,
                                          maxCharacters: room?.characters, line: detail.line))
    }
}

/// The notes of one locale's file that are the same for many units, worded and written once: a
/// placeholder's (with the locale's sample), a box's room (in the locale's characters), why a
/// unit offers what it offers. Kept by number (the plan's placeholder names and lists of boxes,
/// the table's locales), so a unit looks nothing up by name.
struct LocaleWords {
    let locale: String
    let format: StringsFormat
    private var placeholders: [(note: String, written: [UInt8])?]
    private var roomSets: [(characters: Int, note: String, written: [UInt8])??]
    private var rooms: [(room: TextLimit, characters: Int, note: String, written: [UInt8])] = []
    private var notes: [LocaleTargets.Note: [UInt8]] = [:]

    init(locale: String, format: StringsFormat, placeholders: Int, roomSets: Int) {
        self.locale = locale
        self.format = format
        self.placeholders = Array(repeating: nil, count: placeholders)
        self.roomSets = Array(repeating: nil, count: roomSets)
    }

    /// The note on placeholder `name` (number `id` of the plan's names), and the note as the file writes it.
    mutating func placeholder(_ id: Int, _ name: String) -> (note: String, written: [UInt8]) {
        if let known = placeholders[id] { return known }
        let note = TranslatorNotes.placeholderNote(name, locale: locale)
        let words = (note, written(note))
        placeholders[id] = words
        return words
    }

    /// ``room(of:)`` of the plan's list of boxes number `set`.
    mutating func room(ofSet set: Int, _ boxes: [TextLimit]) -> (characters: Int, note: String, written: [UInt8])? {
        if let known = roomSets[set] { return known }
        let room = room(of: boxes)
        roomSets[set] = .some(room)
        return room
    }

    /// The room a translator is told of: of the boxes a key is shown in, the one that takes the
    /// fewest of the locale's characters (the first of equals), its characters and note.
    mutating func room(of boxes: [TextLimit]) -> (characters: Int, note: String, written: [UInt8])? {
        var best: (characters: Int, note: String, written: [UInt8])?
        for box in boxes {
            let facts: (characters: Int, note: String, written: [UInt8])
            if let known = rooms.first(where: { $0.room == box }) {
                facts = (known.characters, known.note, known.written)
            } else {
                let note = TranslatorNotes.roomNote(box, locale: locale)
                facts = (box.characters(locale: locale), note, written(note))
                rooms.append((box, facts.characters, facts.note, facts.written))
            }
            if best.map({ facts.characters < $0.characters }) ?? true { best = facts }
        }
        return best
    }

    /// The note that says why a unit offers what it offers, as the file writes it.
    mutating func note(_ note: LocaleTargets.Note, targets: LocaleTargets) -> [UInt8] {
        if let known = notes[note] { return known }
        let bytes = targets.words(note, locale: locale).map(written) ?? []
        notes[note] = bytes
        return bytes
    }

    private func written(_ note: String) -> [UInt8] {
        var out = ExportBytes(capacity: note.utf8.count + 40)
        if format == .xliff { XLIFFWriter.append(note: note, into: &out) } else { POWriter.append(note: note, into: &out) }
        return out.bytes
    }
}
