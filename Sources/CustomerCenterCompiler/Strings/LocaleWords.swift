/// The notes of one locale's file that are the same for many units, worded and written once: a
/// placeholder's (with the locale's sample), a box's room (in the locale's characters), why a
/// unit offers what it offers. Kept by number (the plan's placeholder names and lists of boxes,
/// the table's locales), so a unit looks nothing up by name; written one after another in
/// ``written``, which a unit copies its notes from by range (nothing reference-counted is
/// handed out for each unit).

import JSONSyntax
struct LocaleWords {
    let locale: String
    let format: StringsFormat
    /// The notes as the file writes them, one after another.
    private(set) var written: [UInt8] = []
    /// Per placeholder name of the plan: its note in ``written``, once worded.
    private var placeholders: [Range<Int>?]
    /// Per list of boxes of the plan: its room (`.some(nil)`: none), once found.
    private var roomSets: [(characters: Int, written: Range<Int>)??]
    /// Per list of boxes: its room's note in words, once found.
    private var roomNotes: [String?]
    private var rooms: [(room: TextLimit, characters: Int, note: String, written: Range<Int>)] = []
    private var notes: [LocaleTargets.Note: Range<Int>] = [:]

    init(locale: String, format: StringsFormat, placeholders: Int, roomSets: Int) {
        self.locale = locale
        self.format = format
        self.placeholders = Array(repeating: nil, count: placeholders)
        self.roomSets = Array(repeating: nil, count: roomSets)
        self.roomNotes = Array(repeating: nil, count: roomSets)
    }

    /// Where the note on placeholder `names[id]` is in ``written``.
    mutating func placeholder(_ id: Int, _ names: [String]) -> Range<Int> {
        if let known = placeholders[id] { return known }
        let range = write(TranslatorNotes.placeholderNote(names[id], locale: locale))
        placeholders[id] = range
        return range
    }

    /// ``room(of:)`` of the plan's list of boxes number `set` (of `sets`): its characters, and
    /// where its note is in ``written``.
    mutating func room(ofSet set: Int, _ sets: [[TextLimit]]) -> (characters: Int, written: Range<Int>)? {
        if let known = roomSets[set] { return known }
        let room = room(of: sets[set])
        roomSets[set] = .some(room.map { ($0.characters, $0.written) })
        roomNotes[set] = room?.note
        return room.map { ($0.characters, $0.written) }
    }

    /// ``room(ofSet:_:)``'s characters and its note in words.
    mutating func roomWords(ofSet set: Int, _ sets: [[TextLimit]]) -> (characters: Int, note: String)? {
        guard let room = room(ofSet: set, sets), let note = roomNotes[set] else { return nil }
        return (room.characters, note)
    }

    /// The room a translator is told of: of the boxes a key is shown in, the one that takes the
    /// fewest of the locale's characters (the first of equals), its characters and note.
    private mutating func room(of boxes: [TextLimit]) -> (characters: Int, note: String, written: Range<Int>)? {
        var best: (characters: Int, note: String, written: Range<Int>)?
        for box in boxes {
            let facts: (characters: Int, note: String, written: Range<Int>)
            if let known = rooms.first(where: { $0.room == box }) {
                facts = (known.characters, known.note, known.written)
            } else {
                let note = TranslatorNotes.roomNote(box, locale: locale)
                facts = (box.characters(locale: locale), note, write(note))
                rooms.append((box, facts.characters, facts.note, facts.written))
            }
            if best.map({ facts.characters < $0.characters }) ?? true { best = facts }
        }
        return best
    }

    /// Where the note that says why a unit offers what it offers is in ``written``.
    mutating func note(_ note: LocaleTargets.Note, targets: LocaleTargets) -> Range<Int> {
        if let known = notes[note] { return known }
        let range = targets.words(note, locale: locale).map { write($0) } ?? written.count..<written.count
        notes[note] = range
        return range
    }

    /// Appends `note` to ``written`` as the file writes it; where it is.
    private mutating func write(_ note: String) -> Range<Int> {
        var out = ExportBytes(continuing: &written)
        let range = out.span { out in
            if format == .xliff { XLIFFWriter.append(note: note, into: &out) } else { POWriter.append(note: note, into: &out) }
        }
        written = out.bytes
        return range
    }
}
