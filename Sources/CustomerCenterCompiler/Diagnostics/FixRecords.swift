import JSONSyntax

/// The fixes of one lint in a few bytes each (`FixCandidates`, `lint --fix`): per fix, its number
/// of edits and whether it applies while the file does not parse, where it starts (the distance
/// from the fix before), and per edit its distance from that start, its length and its
/// replacement's number, each a variable-length number (LEB128). A whitespace fix is five or six
/// bytes instead of a `Fix` with an array, a message and a 32-byte `TextEdit`.
///
/// The records are kept in runs: this collector's own, and each collector's taken back
/// (``append(_:)``, a rule's fixes made on a thread of its own), in the order they were taken.
/// A run's fixes mostly come in file order (a rule walks the file), so a round reads the runs
/// side by side, each in file order, without sorting them (``forEachInFileOrder(_:)``).
struct FixRecords: Sendable {
    /// One edit: its bytes and the number of its replacement text.
    struct Edit: Sendable {
        let range: ByteRange
        let replacement: Int
    }

    /// A fix's edits as read: one held inline (most fixes), or several in an array.
    struct Edits: RandomAccessCollection, Sendable {
        fileprivate var single: Edit
        fileprivate var several: [Edit]

        var startIndex: Int { 0 }
        var endIndex: Int { several.isEmpty ? 1 : several.count }
        subscript(position: Int) -> Edit { several.isEmpty ? single : several[position] }
    }

    /// Where a fix starts (its first edit in the file), and whether it applies to a file that
    /// does not parse.
    struct Candidate: Sendable {
        let start: Int
        let whileBroken: Bool
    }

    /// A run of records: where it starts, how many fixes it holds, whether their starts ascend,
    /// and how its replacement numbers past the two shared ones map onto `replacements`.
    private struct Run: Sendable {
        var offset: Int
        var count = 0
        var lastStart = 0
        var inOrder = true
        var replacementShift = 0
    }

    private var bytes: [UInt8] = []
    private var runs = [Run(offset: 0)]
    /// Replacement texts by number: the two every whitespace fix uses first, then the others as
    /// they come (the same text twice in a row is one number).
    private var replacements = ["", " "]
    /// How many fixes.
    private(set) var count = 0
    /// Whether each fix is one edit (a whitespace fix is).
    private(set) var everyFixIsOneEdit = true
    /// The bytes of every edit's replacement: the most a round can add to the text.
    private(set) var replacementBytes = 0
    /// Runs a round reads side by side at most (each fix read compares the runs' next starts).
    static let runLimit = 64

    /// Adds a fix of `edits` (at least one) to the last run.
    mutating func append(_ edits: [TextEdit], whileBroken: Bool) {
        if edits.count == 1, let edit = edits.first {
            append(edit.range, replacement: edit.replacement, whileBroken: whileBroken)
            return
        }
        var start = Int.max
        for edit in edits { start = min(start, edit.range.start) }
        let distance = startFix(at: start)
        everyFixIsOneEdit = false
        for edit in edits { replacementBytes += edit.replacement.utf8.count }
        put(UInt(edits.count) << 1 | (whileBroken ? 1 : 0))
        put(distance)
        for edit in edits {
            put(UInt(edit.range.start - start))
            put(UInt(edit.range.count))
            put(UInt(number(of: edit.replacement)))
        }
    }

    /// Adds a fix of one edit, `range` replaced by `replacement`, to the last run: a rule whose
    /// fixes are one edit each (``OneEditFix``) records them without an array of edits.
    mutating func append(_ range: ByteRange, replacement: String, whileBroken: Bool) {
        let distance = startFix(at: range.start)
        replacementBytes += replacement.utf8.count
        let kind: UInt = whileBroken ? 3 : 2, length = UInt(range.count), number = UInt(number(of: replacement))
        // Every number under 128 (a whitespace fix): five bytes, the edit's offset from the fix's start 0.
        if distance | length | number < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: kind))
            bytes.append(UInt8(truncatingIfNeeded: distance))
            bytes.append(0)
            bytes.append(UInt8(truncatingIfNeeded: length))
            bytes.append(UInt8(truncatingIfNeeded: number))
            return
        }
        put(kind)
        put(distance)
        put(0)
        put(length)
        put(number)
    }

    /// Counts a fix starting at `start` into the last run (a new run first when it comes out of
    /// order), and returns its distance from the run's fix before, as written.
    private mutating func startFix(at start: Int) -> UInt {
        if start < runs[runs.count - 1].lastStart {
            // Out of order (another rule's fixes, on one thread): a new run, while they are few;
            // past that, the run is sorted when read.
            if runs.count < Self.runLimit {
                runs.append(Run(offset: bytes.count))
            } else {
                runs[runs.count - 1].inOrder = false
            }
        }
        let last = runs.count - 1
        let distance = Self.zigzag(start - runs[last].lastStart)
        runs[last].lastStart = start
        runs[last].count += 1
        count += 1
        return distance
    }

    /// Adds another collector's records as runs of their own, after these.
    mutating func append(_ other: FixRecords) {
        let base = bytes.count, shift = replacements.count - 2
        bytes.append(contentsOf: other.bytes)
        replacements.append(contentsOf: other.replacements.dropFirst(2))
        for run in other.runs where run.count > 0 {
            var moved = run
            moved.offset += base
            moved.replacementShift += shift
            runs.append(moved)
        }
        replacementBytes += other.replacementBytes
        everyFixIsOneEdit = everyFixIsOneEdit && other.everyFixIsOneEdit
        // What this collector adds next is a run of its own again.
        if runs.count < Self.runLimit {
            runs.append(Run(offset: bytes.count))
        } else {
            runs.append(Run(offset: bytes.count, inOrder: false))
        }
        count += other.count
    }

    private mutating func number(of replacement: String) -> Int {
        if replacement.isEmpty { return 0 }
        if replacement == " " { return 1 }
        if replacements.count > 2, replacements[replacements.count - 1] == replacement { return replacements.count - 1 }
        replacements.append(replacement)
        return replacements.count - 1
    }

    /// The replacement text of `edit`.
    func replacement(_ edit: Edit) -> String { replacements[edit.replacement] }

    /// The UTF-8 length of each replacement text, by its number (an edit's `replacement`).
    var replacementLengths: [Int] { replacements.map(\.utf8.count) }

    /// Calls `body` with the UTF-8 of the replacement text of `edit` (at most `replacementBytes`
    /// of them in all).
    func withReplacementUTF8(_ edit: Edit, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        switch edit.replacement {
        case 0: return
        case 1: withUnsafePointer(to: UInt8(0x20)) { body(UnsafeBufferPointer(start: $0, count: 1)) }
        default:
            var text = replacements[edit.replacement]
            text.withUTF8 { body($0) }
        }
    }

    /// Calls `body` with every fix and its edits, in file order of the fixes' starts; fixes that
    /// start at one offset in the order they were added. Each run is read in its order, or,
    /// when its starts do not ascend, sorted first; the runs are merged. Stops when `body`
    /// returns `false`. (`body`'s array of edits is reused from one fix to the next.)
    func forEachInFileOrder(_ body: (Candidate, Edits) -> Bool) {
        var cursors: [Cursor] = []
        for (index, run) in runs.enumerated() where run.count > 0 {
            let end = index + 1 < runs.count ? runs[index + 1].offset : bytes.count
            cursors.append(Cursor(run: run, end: end, in: self))
        }
        // One run (one rule's fixes, most often): read in its order.
        if cursors.count == 1, var cursor = cursors.first {
            while !cursor.isDone {
                let header = cursor.candidate
                cursor.advance(in: self)
                let edits = readEdits(at: header.editsOffset, of: header, shift: cursor.shift)
                if !body(Candidate(start: header.start, whileBroken: header.whileBroken), edits) { return }
            }
            return
        }
        while true {
            // The cursor whose next fix starts first (the earlier run on a tie: added first).
            var best = -1
            for index in cursors.indices where !cursors[index].isDone {
                if best < 0 || cursors[index].start < cursors[best].start { best = index }
            }
            guard best >= 0 else { return }
            let position = cursors[best].position
            let candidate = cursors[best].candidate
            cursors[best].advance(in: self)
            let edits = readEdits(at: position, of: candidate, shift: cursors[best].shift)
            if !body(Candidate(start: candidate.start, whileBroken: candidate.whileBroken), edits) { return }
        }
    }

    /// When every fix is one edit and they are one run read in its order (one rule's fixes, as
    /// `l10n.whitespace`'s, the common case): calls `body` with each edit and whether its fix
    /// applies while the file does not parse, in file order (as ``forEachInFileOrder(_:)``
    /// would), until it returns `false`, and returns `true`. Otherwise calls nothing and returns
    /// `false`. Each record is read where it is, five numbers, with nothing built.
    @inline(__always)
    func forEachOneEditInOrder(_ body: (Edit, Bool) -> Bool) -> Bool {
        guard everyFixIsOneEdit else { return false }
        var only = -1
        for index in runs.indices where runs[index].count > 0 {
            guard only < 0 else { return false }
            only = index
        }
        guard only >= 0 else { return true }
        let run = runs[only]
        guard run.inOrder else { return false }
        let end = only + 1 < runs.count ? runs[only + 1].offset : bytes.count
        bytes.withUnsafeBufferPointer { records in
            var offset = run.offset, start = 0
            while offset < end {
                let kind = Self.get(&offset, in: records, end: end)
                start += Self.unzigzag(Self.get(&offset, in: records, end: end))
                // (The edit's distance from its fix's start: 0, the fix's only edit.)
                let from = start + Int(Self.get(&offset, in: records, end: end))
                let length = Int(Self.get(&offset, in: records, end: end)), number = Int(Self.get(&offset, in: records, end: end))
                guard body(Edit(range: ByteRange(from, from + length), replacement: number < 2 ? number : number + run.replacementShift), kind & 1 != 0)
                else { break }
            }
        }
        return true
    }

    /// The number at `offset` of `records` (moved past it), read no further than `end`.
    @inline(__always)
    private static func get(_ offset: inout Int, in records: UnsafeBufferPointer<UInt8>, end: Int) -> UInt {
        // A number under 128, the common case: one byte.
        if offset < end, records[offset] < 0x80 {
            offset += 1
            return UInt(records[offset - 1])
        }
        var value: UInt = 0, shift: UInt = 0
        while offset < end {
            let byte = records[offset]
            offset += 1
            value |= UInt(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return value
    }

    /// A fix's header as read: where it starts, its edits, and where they are.
    private struct Header {
        var start = 0
        var editCount = 0
        var whileBroken = false
        /// The offset of its first edit in `bytes`.
        var editsOffset = 0
    }

    /// Reads one run's fixes in file order.
    private struct Cursor {
        let shift: Int
        /// A run read in order: the next fix's record, and the records' end.
        private var next: Int
        private let end: Int
        private var lastStart: Int
        /// A run whose starts do not ascend: its fixes' headers sorted, and the next one's place.
        private var sorted: [Header]?
        private var sortedIndex = 0
        /// The fix the cursor is at.
        private(set) var candidate = Header()
        private(set) var isDone = false

        init(run: Run, end: Int, in records: FixRecords) {
            shift = run.replacementShift
            next = run.offset
            self.end = end
            lastStart = 0
            if !run.inOrder {
                var headers: [Header] = []
                headers.reserveCapacity(run.count)
                var offset = run.offset, start = 0
                while offset < end {
                    let header = records.readHeader(at: &offset, after: start)
                    start = header.start
                    headers.append(header)
                    offset = records.skipEdits(of: header)
                }
                // A stable sort: fixes that start at one offset keep their order.
                let order = headers.indices.sorted { headers[$0].start != headers[$1].start ? headers[$0].start < headers[$1].start : $0 < $1 }
                sorted = order.map { headers[$0] }
            }
            advance(in: records)
        }

        /// Where the fix the cursor is at starts.
        var start: Int { candidate.start }
        /// The offset of its first edit.
        var position: Int { candidate.editsOffset }

        mutating func advance(in records: FixRecords) {
            if let sorted {
                guard sortedIndex < sorted.count else {
                    isDone = true
                    return
                }
                candidate = sorted[sortedIndex]
                sortedIndex += 1
                return
            }
            guard next < end else {
                isDone = true
                return
            }
            candidate = records.readHeader(at: &next, after: lastStart)
            lastStart = candidate.start
            next = records.skipEdits(of: candidate)
        }
    }

    /// The header at `offset` (moved past it), of a fix after one that started at `previous`.
    private func readHeader(at offset: inout Int, after previous: Int) -> Header {
        let kind = get(&offset)
        let start = previous + Self.unzigzag(get(&offset))
        return Header(start: start, editCount: Int(kind >> 1), whileBroken: kind & 1 != 0, editsOffset: offset)
    }

    /// The offset past the edits of `header`.
    private func skipEdits(of header: Header) -> Int {
        var offset = header.editsOffset
        for _ in 0..<header.editCount {
            for _ in 0..<3 { _ = get(&offset) }
        }
        return offset
    }

    @inline(__always)
    private func readEdits(at offset: Int, of header: Header, shift: Int) -> Edits {
        var offset = offset
        func edit() -> Edit {
            let start = header.start + Int(get(&offset)), length = Int(get(&offset)), number = Int(get(&offset))
            return Edit(range: ByteRange(start, start + length), replacement: number < 2 ? number : number + shift)
        }
        guard header.editCount > 1 else { return Edits(single: edit(), several: []) }
        var several: [Edit] = []
        several.reserveCapacity(header.editCount)
        for _ in 0..<header.editCount { several.append(edit()) }
        return Edits(single: several[0], several: several)
    }

    // MARK: Variable-length numbers

    private mutating func put(_ value: UInt) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    private static func zigzag(_ value: Int) -> UInt {
        UInt(bitPattern: (value << 1) ^ (value >> (Int.bitWidth - 1)))
    }

    private static func unzigzag(_ value: UInt) -> Int {
        Int(bitPattern: value >> 1) ^ -Int(bitPattern: value & 1)
    }

    @inline(__always)
    private func get(_ offset: inout Int) -> UInt {
        var value: UInt = 0, shift: UInt = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            value |= UInt(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return value
    }
}
