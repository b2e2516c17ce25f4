import PlatformLayer

// A large string table read on two threads (docs/performance.md, "One big file: the reader").
//
// When the sink has a partner (`StringTableSink.partner(from:to:)`), a second thread starts at
// a likely member near the middle of the bytes left, found by a cheap pattern: the `}` ending a
// member's texts, blanks, `,`, blanks, then a key's `"`. That may be inside a string: it is a
// guess. The second thread reads members from there exactly as `readTableMembers` does, into the
// partner, and stops at the first it cannot hand over as it is (anything not plain, an issue, a
// text with escapes, whose decoded copy would be on its own tape) or at the table's end.
//
// This thread reads members as before. If one starts exactly where the second thread started,
// the guess was right: what the second thread read is what this one would have read from there
// (the same bytes and code; nothing it depends on differs, see `Parser.init(aheadOf:at:spillLimit:)`),
// so the sink takes the partner's members (`absorb`) and reading resumes just after the last
// one's value, with the separator after it read here as before. Otherwise (a wrong guess, nothing
// read, a partner the sink cannot take exactly) this thread carries on alone. The second thread
// is asked to stop when the first reaches its start (it may have had less of a core) or the
// table's end, and is joined there: no thread outlives the read. Stopped before the table's end,
// it has left the rest to split again: the first thread takes what it read so far and starts a
// new second thread near the middle of what is left, so neither waits long for the other however
// the threads are scheduled.
//
// Where the table ends is a guess too (`likelyTableEnd`): the sink names a point near the middle
// of the table, not of the document, whose screens after the table may be as large as it.

/// The second thread reading a table from a member near its middle, and what it read. Its
/// values are the second thread's until `finish` returns.
final class TableReadAhead: @unchecked Sendable {
    /// Where it started: the `"` of a member's key, if the guess is right.
    let start: Int
    /// Where its members went.
    let partner: any StringTableSink
    /// Where the table was guessed to end when it started (`Parser.likelyTableEnd`).
    let tableEnd: Int
    private var parser: Parser
    private let opening: ByteRange
    /// How many members it handed to `partner`, and where the reading resumes after them (just
    /// past the last one's value). Read after `finish`.
    private(set) var count = 0
    private(set) var resume = 0
    /// Whether it stopped because the first thread asked it to (not at the table's end or a
    /// member it could not read). Read after `finish`.
    private(set) var wasStopped = false
    private var thread: NativeThread.Handle?
    /// Guards `stopping`, the one value both threads touch while the second runs.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var stopping = false

    init(parser: Parser, partner: any StringTableSink, tableEnd: Int, opening: ByteRange) {
        self.parser = parser
        self.partner = partner
        self.tableEnd = tableEnd
        self.opening = opening
        start = parser.pos
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// What the thread does.
    fileprivate func run() {
        (count, resume, wasStopped) = parser.readMembersAhead(into: partner, opening: opening, stopping: isStopping)
    }

    /// Whether the first thread asked the second to stop.
    private func isStopping() -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return stopping
    }

    /// Stops the thread after the member it is reading (a few at most: it looks now and then)
    /// and waits for it: the first thread reads the rest itself, rather than wait for a thread
    /// that got less of a core than it did (or started at the wrong place).
    /// `waiting`: let it read on to where it stops by itself instead (tests: what it reads
    /// then does not depend on how the threads are scheduled).
    func finish(waiting: Bool = false) {
        if !waiting {
            pthread_mutex_lock(lock)
            stopping = true
            pthread_mutex_unlock(lock)
        }
        join()
    }

    /// The keys of the last member read (`Parser.previousTextKeys`). Read after `finish`.
    var previousTextKeys: [ByteRange] { parser.previousTextKeys }

    /// Starts the thread; `false` when none can be started.
    fileprivate func startThread() -> Bool {
        // Reading members does not recurse.
        thread = NativeThread.start(stackSize: 1 << 20) { self.run() }
        return thread != nil
    }

    /// Waits for the thread to end (once; later calls return at once).
    private func join() {
        guard let thread else { return }
        self.thread = nil
        NativeThread.join(thread)
    }
}

extension Parser {
    /// The most bytes looked at for a likely member after the point the sink names.
    static let memberSearchLimit = 1 << 16

    /// A parser reading on from `position` in `parser`'s table as it would: its depth, brackets
    /// and reports so far, and room for as many spills as `parser` has left (`spillLimit`: the
    /// tape holds the same spills at the start of every member, whose own are dropped after
    /// it). Its tape, issues and key slots start empty: a member's reading does not depend on
    /// them but for the count of issues, which it compares with none.
    init(aheadOf parser: Parser, at position: Int, spillLimit: Int) {
        bytes = parser.bytes
        maxDepth = parser.maxDepth
        issueLimit = parser.issueLimit
        self.spillLimit = spillLimit
        pos = position
        depth = parser.depth
        openBrackets = parser.openBrackets
        reportedDepth = parser.reportedDepth
        reportedUnclosed = parser.reportedUnclosed
    }

    /// Starts a second thread reading the table opened at `start` (whose members start at
    /// `pos`) into the sink's partner, when it has one and a likely member is found. `guessedEnd`:
    /// where an earlier second thread guessed the table ends (searched again once passed).
    mutating func startReadingAhead(into sink: any StringTableSink, openedAt start: Int, guessedEnd: Int? = nil) -> TableReadAhead? {
        // The table ends by the document's end: when even that is too near for a partner, the
        // binary search for its likely end (a few kilobytes a probe) would be for nothing.
        guard bytes.count - pos >= sink.partnerFromBytes else { return nil }
        let tableEnd = guessedEnd.flatMap { $0 > pos ? $0 : nil } ?? Self.likelyTableEnd(in: bytes, from: pos)
        guard let (partner, near) = sink.partner(from: pos, tableEnd: tableEnd, to: bytes.count) else { return nil }
        let room = spillLimit - tape.spills.count
        guard room > 0, let member = Self.likelyMemberStart(in: bytes, from: max(near, pos)) else { return nil }
        let ahead = TableReadAhead(parser: Parser(aheadOf: self, at: member, spillLimit: room), partner: partner,
                                   tableEnd: tableEnd, opening: ByteRange(start, start + 1))
        return ahead.startThread() ? ahead : nil
    }

    /// The first `"` at or after `from` that follows `}`, blanks, `,` and blanks: where a
    /// table member starts, unless it is inside a string. `nil` when there is none within
    /// `memberSearchLimit` bytes.
    static func likelyMemberStart(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        let end = min(bytes.count, from + memberSearchLimit)
        var index = from
        while index < end {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "}") else { continue }
            var next = index + 1
            while next < bytes.count, isBlank(bytes[next]) { next += 1 }
            guard next < bytes.count, bytes[next] == UInt8(ascii: ",") else { continue }
            next += 1
            while next < bytes.count, isBlank(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "\"") { return next }
        }
        return nil
    }

    /// About where the table whose members start at `start` ends: the last point of a binary
    /// search between `start` and the document's end for where `looksLikeTableMembers` stops
    /// holding (a few probes of a few kilobytes each). A guess: what follows the table may look
    /// like members too, and a text may hold anything; the document's end when the members at
    /// `start` do not look like a table's.
    static func likelyTableEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard looksLikeTableMembers(in: bytes, from: start) else { return bytes.count }
        var inside = start, outside = bytes.count
        while outside - inside > 4096 {
            let middle = inside + (outside - inside) / 2
            if looksLikeTableMembers(in: bytes, from: middle) { inside = middle } else { outside = middle }
        }
        return outside
    }

    /// Whether three members from the first likely one at or after `from` each look like a
    /// string table's (a key, then an object whose values are all strings), each followed by
    /// a `,`.
    static func looksLikeTableMembers(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Bool {
        guard var index = likelyMemberStart(in: bytes, from: from) else { return false }
        func skipBlanks() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }
        func take(_ byte: UInt8) -> Bool {
            skipBlanks()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func string() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while index < bytes.count {
                let byte = bytes[index]
                index += byte == UInt8(ascii: "\\") ? 2 : 1
                if byte == UInt8(ascii: "\"") { return true }
            }
            return false
        }
        for _ in 0..<3 {
            guard string(), take(UInt8(ascii: ":")), take(UInt8(ascii: "{")) else { return false }
            repeat {
                guard string(), take(UInt8(ascii: ":")), string() else { return false }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")), take(UInt8(ascii: ",")) else { return false }
        }
        return true
    }

    /// The members from `pos` handed to `sink` as `readTableMembers` reads them, to the first
    /// that is not plain, is an issue or has a text with escapes, to the table's end, or until
    /// `stopping` says so (asked between members). Returns how many, where the reading resumes
    /// after them (just past the last one's value: what follows it is read again by the thread
    /// that takes them, with its issues) and whether `stopping` stopped it.
    mutating func readMembersAhead(into sink: any StringTableSink, opening: ByteRange,
                                   stopping: () -> Bool) -> (count: Int, resume: Int, stopped: Bool) {
        let mark = tape.mark
        var count = 0, resume = pos, last = pos
        var clean = true, stopped = false
        do {
            while true {
                let member = pos
                // Asked to stop? Every eighth member: the lock costs more than a member's start.
                if count & 7 == 0, stopping() {
                    stopped = true
                    break
                }
                clean = false
                guard try readMember(into: sink, issueCount: 0, plainTexts: true) else { break }
                (count, resume, last) = (count + 1, pos, member)
                clean = true
                if try finishItem(closer: UInt8(ascii: "}"), expected: .commaOrObjectEnd, nextItemIsKey: true) || !issues.isEmpty { break }
                guard try startItem(opening: opening, closer: UInt8(ascii: "}"), expected: .stringKey) == .item, issues.isEmpty else { break }
            }
        } catch {
            // The spill limit: the members before are read.
        }
        if count > 0, !clean {
            // The member it stopped at changed `previousTextKeys`: the last one read leaves them
            // as it alone does (all its keys, whatever they were before).
            tape.rollBack(to: mark)
            pos = last
            _ = try? readPlainKeyAndColon()
            _ = try? readTexts()
        }
        return (count, resume, stopped)
    }

    /// The members `ahead` read, taken by `sink` when it can take them exactly; then `pos` is
    /// where the reading resumes. `false` (nothing changed) otherwise.
    mutating func takeMembers(readBy ahead: TableReadAhead, into sink: any StringTableSink) -> Bool {
        ahead.finish(waiting: sink.waitsForPartner)
        guard ahead.count > 0, sink.absorb(ahead.partner) else { return false }
        pos = ahead.resume
        previousTextKeys = ahead.previousTextKeys
        return true
    }
}

extension StringTableSink {
    /// No partner: the table is read on one thread.
    package func partner(from start: Int, tableEnd: Int, to end: Int) -> (sink: any StringTableSink, near: Int)? { nil }

    /// Always asked.
    package var partnerFromBytes: Int { 0 }

    /// Takes nothing.
    package func absorb(_ partner: any StringTableSink) -> Bool { false }

    /// The partner's thread is stopped where the first thread reaches it.
    package var waitsForPartner: Bool { false }

    /// Nothing to do.
    package func tableEnded() {}
}
