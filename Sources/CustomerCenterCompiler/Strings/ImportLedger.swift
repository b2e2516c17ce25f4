/// What `strings import` keeps of its translation files while it reads them one at a time
/// (docs/performance.md "strings"): per key and locale, the units that translate it (their file and
/// place) and the first one's verdict; per file, its findings and the text they show. A file's
/// units and text are let go when the next file is read.

import JSONSyntax
struct ImportLedger {
    /// The units with a translation (not empty, not fuzzy) of one key in one locale: the first is
    /// judged (taken, refused or as the config has it); the others repeat its translation, or,
    /// when any differs, all of them are duplicates and none is taken.
    struct Slot {
        /// The first unit's file and range.
        var file: Int32
        var range: ByteRange
        /// The first unit's translation: an index into `targets`, or -1: the text the config has
        /// (so that a slot holds no text in the common case, an unchanged file).
        var target: Int32
        /// Its verdict: `Slot.unjudged`, `Slot.unchanged`, or an index into `verdicts`.
        var verdict: Int32
        /// The other units, the last added first (an index into `others`, or -1).
        var more: Int32 = -1
        var count: Int32 = 1
        /// Two of its units differ.
        var conflicted = false

        static let unjudged: Int32 = -1, unchanged: Int32 = -2
    }

    /// A unit after a slot's first.
    struct Other {
        var file: Int32
        var range: ByteRange
        var next: Int32
    }

    /// What a slot's first unit came to, undone when the slot turns out to be conflicted.
    enum Verdict {
        case refused(file: Int, finding: Int)
        case taken(change: Int, warning: (file: Int, finding: Int)?)
    }

    /// One translation file.
    struct File {
        var path: String
        /// Its findings (`nil`: withdrawn: the unit it judged is a duplicate after all).
        var findings: [Diagnostic?] = []
        /// The text its findings show (an excerpt), when it has been let go.
        var shown: SourceFile?
        /// What was read, to recognize the file when it is read again.
        var fingerprint: FileFingerprint?
        /// Findings it got after its text was let go: it is read again to show them.
        var needsText = false
    }

    let table: ConfigTable
    /// Slot of (key, locale): `keyIndex * table.known.count + localeIndex` → an index into `slots`, or -1.
    private var slotIndex: [Int32]
    private(set) var slots: [Slot] = []
    /// The first units' translations that are not the config's text.
    private var targets: [String] = []
    private(set) var others: [Other] = []
    private(set) var verdicts: [Verdict] = []
    var files: [File]
    /// The changes taken (`nil`: withdrawn), in file order.
    var changes: [StringsImport.Change?] = []
    var unchanged = 0, fuzzy = 0, empty = 0, refused = 0

    init(table: ConfigTable, paths: [String]) {
        self.table = table
        slotIndex = Array(repeating: -1, count: table.keys.count * max(1, table.known.count))
        // At most one slot a key and locale: reserved once (pages not used cost nothing),
        // never grown by copying.
        slots.reserveCapacity(slotIndex.count)
        files = paths.map { File(path: $0) }
    }

    /// Records a unit of file `fileIndex`; judges it when it is the first with a translation for
    /// its key and locale. Returns the ranges of this file that a duplicate finding will show (the
    /// units of a slot found conflicted now).
    mutating func record(_ candidate: ImportCandidate, notes: TranslatorNotes, path: String, shownRanges: inout [ByteRange]) {
        let unit = candidate.unit
        if unit.target.isEmpty { empty += 1; return }
        if unit.fuzzy { fuzzy += 1; return }
        guard let keyIndex = table.keyIndex[candidate.key], let localeIndex = table.known.firstIndex(of: candidate.locale) else { return }
        let id = keyIndex * table.known.count + localeIndex
        let file = Int32(candidate.fileIndex)
        let existing = slotIndex[id]
        guard existing >= 0 else {
            slotIndex[id] = Int32(slots.count)
            let old = table.text(candidate.key, locale: candidate.locale)
            if old != unit.target { targets.append(unit.target) }
            var slot = Slot(file: file, range: unit.range, target: old == unit.target ? -1 : Int32(targets.count - 1), verdict: Slot.unjudged)
            slot.verdict = judge(candidate, old: old, notes: notes, path: path)
            slots.append(slot)
            return
        }
        let index = Int(existing)
        others.append(Other(file: file, range: unit.range, next: slots[index].more))
        slots[index].more = Int32(others.count - 1)
        slots[index].count += 1
        if slots[index].conflicted {
            shownRanges.append(unit.range)
            return
        }
        let first = slots[index].target
        let same = first >= 0 ? targets[Int(first)] == unit.target : table.text(candidate.key, locale: candidate.locale) == unit.target
        guard !same else { return }
        // Conflicted from now on: the first unit's verdict is withdrawn, and every unit of the
        // slot gets a finding at the end; those of files already let go are read again for it.
        slots[index].conflicted = true
        withdraw(slots[index].verdict)
        for (member, range) in members(of: slots[index]) {
            if member == candidate.fileIndex { shownRanges.append(range) } else { files[member].needsText = true }
        }
    }

    /// The verdict of a slot's first unit (`old`: the config's text).
    private mutating func judge(_ candidate: ImportCandidate, old: String?, notes: TranslatorNotes, path: String) -> Int32 {
        let fileIndex = candidate.fileIndex
        // A stale unit is refused even when its translation is what the config has: the
        // file is older than the config, and the translator should see the new text.
        if let finding = table.checkSource(candidate, file: path) ?? (old == candidate.unit.target ? nil : table.checkText(candidate, file: path)) {
            files[fileIndex].findings.append(finding)
            refused += 1
            verdicts.append(.refused(file: fileIndex, finding: files[fileIndex].findings.count - 1))
            return Int32(verdicts.count - 1)
        }
        if old == candidate.unit.target {
            unchanged += 1
            return Slot.unchanged
        }
        changes.append(StringsImport.Change(key: candidate.key, locale: candidate.locale, old: old, new: candidate.unit.target))
        var warning: (file: Int, finding: Int)?
        if let room = ConfigTable.checkRoom(candidate, notes: notes, file: path) {
            files[fileIndex].findings.append(room)
            warning = (fileIndex, files[fileIndex].findings.count - 1)
        }
        verdicts.append(.taken(change: changes.count - 1, warning: warning))
        return Int32(verdicts.count - 1)
    }

    private mutating func withdraw(_ verdict: Int32) {
        if verdict == Slot.unchanged { unchanged -= 1 }
        guard verdict >= 0 else { return }
        switch verdicts[Int(verdict)] {
        case .refused(let file, let finding):
            files[file].findings[finding] = nil
            refused -= 1
        case .taken(let change, let warning):
            changes[change] = nil
            if let warning { files[warning.file].findings[warning.finding] = nil }
        }
    }

    /// The units of `slot` in file order: (file, range).
    func members(of slot: Slot) -> [(file: Int, range: ByteRange)] {
        var list: [(file: Int, range: ByteRange)] = []
        var next = slot.more
        while next >= 0 {
            list.append((Int(others[Int(next)].file), others[Int(next)].range))
            next = others[Int(next)].next
        }
        return [(Int(slot.file), slot.range)] + list.reversed()
    }

    /// The duplicate findings of every conflicted slot (none of its units is taken), and the
    /// number of units that repeat another's translation.
    mutating func judgeDuplicates() -> Int {
        var repeated = 0
        for (id, index) in slotIndex.enumerated() where index >= 0 {
            let slot = slots[Int(index)]
            guard slot.conflicted else {
                repeated += Int(slot.count) - 1
                continue
            }
            let key = table.keys[id / table.known.count], locale = table.known[id % table.known.count]
            let members = members(of: slot)
            for (position, member) in members.enumerated() {
                let others = members.enumerated().filter { $0.offset != position }.map(\.element)
                files[member.file].findings.append(Diagnostic(
                    id: ImportFinding.duplicateUnit, severity: .error,
                    message: "\(MessageText.count(members.count, "unit")) translate '\(key)' into '\(locale)': none is taken",
                    file: files[member.file].path, range: member.range,
                    notes: others.map { DiagnosticNote(message: "another unit for '\(key)'", file: files[$0.file].path, range: $0.range) }))
            }
            refused += members.count
        }
        return repeated
    }
}

/// A file's length and a 64-bit hash of its bytes: whether a file read again is the one read
/// before (its findings' places are then where they were).
struct FileFingerprint: Equatable {
    var count: Int
    var hash: UInt64

    init(_ bytes: [UInt8]) {
        count = bytes.count
        // FNV-1a over 8-byte words (then the tail's bytes): a change anywhere changes it.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                hash ^= hash >> 29
                offset += 8
            }
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01B3
                offset += 1
            }
        }
        self.hash = hash
    }
}
