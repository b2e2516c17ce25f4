/// One locale's file of an ``ExportPlan``: each unit is the key's parts written once
/// (``ExportPlan/add(_:entry:source:line:notes:)``) around what the locale has (the state, the
/// room, the translation, the notes worded for the locale), so a unit is mostly copied, not
/// escaped again. The same bytes as `XLIFFWriter` and `POWriter` write unit by unit
/// (TranslationStreamingTests compares them).

import JSONSyntax
extension ExportPlan {
    /// The file of `locale` (one of ``locales``), its units written as they are made (kept in
    /// ``ExportedFile/units`` only with `keepingUnits`).
    package mutating func file(_ locale: String, keepingUnits: Bool = false) -> ExportedFile {
        let normalized = LocaleCode.normalized(locale)
        var words = LocaleWords(locale: locale, format: format)
        var file = ExportedFile(locale: locale, fileName: "\(locale).\(format.fileExtension)", bytes: [], units: [])
        // The first file's size is not known: about 700 bytes a unit in XLIFF, 350 in PO, reserved
        // (pages not written cost no memory), so that it does not grow by copying.
        var out = ExportBytes(reusing: &buffer, capacity: keys.count * (format == .xliff ? 1_024 : 512) + 4_096)
        switch format {
        case .xliff: _ = XLIFFWriter.begin(original: source.path, sourceLocale: defaultCode, targetLocale: locale, into: &out)
        case .po: _ = POWriter.begin(original: source.path, sourceLocale: defaultCode, targetLocale: locale, into: &out)
        }
        for key in keys {
            let (target, state, note) = StringsExport.target(of: key.entry, locale: locale, normalized: normalized, resolved: resolved)
            guard key.isRepresentable, XLIFFWriter.isRepresentable(target) else {
                if !notRepresentable.contains(key.key) { notRepresentable.append(key.key) }
                continue
            }
            switch state {
            case .translated: file.translated += 1
            case .missing: file.missing += 1
            case .fallingBack: file.fallingBack += 1
            }
            let room = words.room(of: key.rooms)
            out.append(parts, key.head)
            switch format {
            case .xliff:
                // Approved: the locale's own text, final as far as the config goes.
                out.append(state == .translated ? "\" approved=\"yes\" xml:space=\"preserve\"" : "\" xml:space=\"preserve\"")
                if let room {
                    out.append(" maxwidth=\"")
                    out.append(room.characters)
                    out.append("\" size-unit=\"char\"")
                }
                out.append(parts, key.middle)
                out.append(XLIFFWriter.state(state))
                out.append("\">")
                _ = XLIFFWriter.inline(target, ids: key.sourceIDs, into: &out)
                out.append(parts, key.tail)
                for name in key.placeholders { out.append(words.placeholder(name).written) }
                if let room { out.append(room.written) }
                if let note { XLIFFWriter.append(note: note, into: &out) }
                out.append("      </trans-unit>\n")
            case .po:
                for name in key.placeholders { out.append(words.placeholder(name).written) }
                if let room { out.append(room.written) }
                if let note { POWriter.append(note: note, into: &out) }
                out.append(parts, key.middle)
                if case .fallingBack = state { out.append("#, fuzzy\n") }
                out.append(parts, key.tail)
                POWriter.append(quoted: target, to: &out)
                out.append("\n")
            }
            if keepingUnits {
                let notes = [key.usage] + key.placeholders.map { words.placeholder($0).note } + [room?.note, note].compactMap { $0 }
                file.units.append(TranslationUnit(key: key.key, source: key.source, target: target, state: state, notes: notes,
                                                  maxCharacters: room?.characters, line: key.line))
            }
        }
        if format == .xliff { XLIFFWriter.end(into: &out) }
        file.bytes = out.bytes
        buffer = out.bytes
        built += 1
        return file
    }
}

/// The notes of one locale's file that are the same for many units, worded and written once: a
/// placeholder's (with the locale's sample), a box's room (in the locale's characters).
struct LocaleWords {
    let locale: String
    let format: StringsFormat
    private var placeholders: [String: (note: String, written: [UInt8])] = [:]
    private var rooms: [(room: TextLimit, characters: Int, note: String, written: [UInt8])] = []

    init(locale: String, format: StringsFormat) {
        self.locale = locale
        self.format = format
    }

    /// The note on placeholder `name`, and the note as the file writes it.
    mutating func placeholder(_ name: String) -> (note: String, written: [UInt8]) {
        if let known = placeholders[name] { return known }
        let note = TranslatorNotes.placeholderNote(name, locale: locale)
        let words = (note, written(note))
        placeholders[name] = words
        return words
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

    private func written(_ note: String) -> [UInt8] {
        var out = ExportBytes(capacity: note.utf8.count + 40)
        if format == .xliff { XLIFFWriter.append(note: note, into: &out) } else { POWriter.append(note: note, into: &out) }
        return out.bytes
    }
}
