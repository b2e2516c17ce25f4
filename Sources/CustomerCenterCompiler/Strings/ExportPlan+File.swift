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
        // A run of keys' targets, found before their units are written: what each unit reads
        // first (its records' shapes and starts, its text) is scattered through the config, a
        // wait on memory for each unit in turn when read as the unit is written; read in a short
        // loop of its own (the target, and the first and last eight bytes of its text, which
        // XML must be able to carry), the reads of several keys overlap.
        var ahead: [(target: LocaleTargets.Target, plainEnds: Bool)] = []
        ahead.reserveCapacity(Self.lookahead)
        var first = 0, position = 0
        while first < keys.count {
            let run = first..<min(first + Self.lookahead, keys.count)
            ahead.removeAll(keepingCapacity: true)
            for index in run {
                let key = keys[index]
                var target = targets.target(key.records, distinct: key.hasDistinctLocales, position: &position)
                var plainEnds = false
                if let record = target.record {
                    table.withTextUTF8(record) { text in
                        // An empty text offers nothing (the note says so when it is the locale's own).
                        if text.isEmpty { target = target.ifEmpty } else { plainEnds = XLIFFWriter.hasPlainEnds(text) }
                    }
                }
                ahead.append((target, plainEnds))
            }
            for index in run {
                let (target, plainEnds) = ahead[index - first]
                // Nothing is written of a unit whose source or target XML cannot carry.
                let represented: Bool
                if let record = target.record {
                    represented = table.withTextUTF8(record) { text in
                        guard keys[index].isRepresentable, XLIFFWriter.isRepresentable(text, plainEnds: plainEnds) else { return false }
                        unit(index, target: target, text: text, targets: targets, keepingUnits: keepingUnits, words: &words, file: &file, out: &out)
                        return true
                    }
                } else if keys[index].isRepresentable {
                    unit(index, target: target, text: UnsafeBufferPointer(start: nil, count: 0), targets: targets,
                         keepingUnits: keepingUnits, words: &words, file: &file, out: &out)
                    represented = true
                } else {
                    represented = false
                }
                if !represented { left.append(details[index].key) }
                if out.bytes.count >= piece, !emit(&out) { return (file, left, false) }
            }
            first = run.upperBound
        }
        if format == .xliff { XLIFFWriter.end(into: &out) }
        return (file, left, true)
    }

    /// How many keys' targets ``build(_:keepingUnits:into:piece:emit:)`` finds before it writes their units.
    static let lookahead = 32

    /// The unit of key `index`: its parts around what the locale has (`text`, the target's
    /// bytes), whose source and target XML can carry.
    private func unit(_ index: Int, target: LocaleTargets.Target, text: UnsafeBufferPointer<UInt8>, targets: LocaleTargets,
                      keepingUnits: Bool, words: inout LocaleWords, file: inout ExportedFile, out: inout ExportBytes) {
        let key = keys[index]
        let placeholderIDs = self.placeholderIDs[key.placeholders]
        switch target.state {
        case .translated: file.translated += 1
        case .missing: file.missing += 1
        case .fallingBack: file.fallingBack += 1
        }
        let room = key.roomSet < 0 ? nil : words.room(ofSet: key.roomSet, roomSets)
        switch format {
        case .xliff:
            out.append("      <trans-unit id=\"")
            out.append(parts, key.head)
            out.append("\" resname=\"")
            out.append(parts, key.head)
            // Approved: the locale's own text, final as far as the config goes. (The markup
            // between two parts is appended in one piece: each append costs more than its bytes.)
            let approved = target.state == .translated
            if let room {
                out.append(approved ? "\" approved=\"yes\" xml:space=\"preserve\" maxwidth=\"" : "\" xml:space=\"preserve\" maxwidth=\"")
                out.append(room.characters)
                out.append("\" size-unit=\"char\">\n        <source>")
            } else {
                out.append(approved ? "\" approved=\"yes\" xml:space=\"preserve\">\n        <source>" : "\" xml:space=\"preserve\">\n        <source>")
            }
            out.append(parts, key.middle)
            // `XLIFFWriter.state(_:)`'s words (TranslationStreamingTests compares the bytes).
            switch target.state {
            case .translated: out.append("</source>\n        <target state=\"translated\">")
            case .missing: out.append("</source>\n        <target state=\"needs-translation\">")
            case .fallingBack: out.append("</source>\n        <target state=\"needs-review-translation\">")
            }
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
            if placeholderIDs.isEmpty, room == nil, target.note == .none {
                out.append("</note>\n      </trans-unit>\n")
            } else {
                out.append("</note>\n")
                notes(placeholderIDs, room: room, target: target, targets: targets, words: &words, out: &out)
                out.append("      </trans-unit>\n")
            }
        case .po:
            out.append(parts, key.head)
            notes(placeholderIDs, room: room, target: target, targets: targets, words: &words, out: &out)
            out.append(parts, key.middle)
            if case .fallingBack = target.state { out.append("#, fuzzy\n") }
            out.append(parts, key.tail)
            POWriter.append(quoted: text, to: &out)
            out.append("\n")
        }
        if keepingUnits, keepsUnits { keep(index, target: target, text: String(decoding: text, as: UTF8.self), targets: targets, words: &words, file: &file) }
    }

    /// A unit's notes after its first: its placeholders', its room's, and why it offers what it
    /// offers, each worded once a file (``LocaleWords``).
    @inline(__always)
    private func notes(_ placeholderIDs: ArraySlice<Int>, room: (characters: Int, written: Range<Int>)?, target: LocaleTargets.Target,
                       targets: LocaleTargets, words: inout LocaleWords, out: inout ExportBytes) {
        for id in placeholderIDs {
            let written = words.placeholder(id, placeholderNames)
            out.append(words.written, written)
        }
        if let room { out.append(words.written, room.written) }
        if target.note != .none {
            let written = words.note(target.note, targets: targets)
            out.append(words.written, written)
        }
    }

    /// The unit of key `index` as a value (``ExportedFile/units``).
    private func keep(_ index: Int, target: LocaleTargets.Target, text: String, targets: LocaleTargets, words: inout LocaleWords, file: inout ExportedFile) {
        let key = keys[index], detail = details[index]
        let room = key.roomSet < 0 ? nil : words.roomWords(ofSet: key.roomSet, roomSets)
        let notes = [detail.usage] + detail.placeholders.map { TranslatorNotes.placeholderNote($0, locale: words.locale) }
            + [room?.note, targets.words(target.note, locale: words.locale)].compactMap { $0 }
        file.units.append(TranslationUnit(key: detail.key, source: detail.source, target: text, state: target.state, notes: notes,
                                          maxCharacters: room?.characters, line: detail.line))
    }
}
