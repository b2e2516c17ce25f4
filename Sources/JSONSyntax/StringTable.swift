/// Receives the members of a document's string table (the object at the pointer the caller
/// gives `JSONParser.parseTape(_:tableAt:tableSink:issueLimit:)`) as the parser reads them, instead of the tape: a table of a million tiny keys would otherwise be five
/// tape values a key (40 bytes, more than its text) held beside whatever the sink builds of it.
///
/// The parser hands a member over only when it is a key written as it is (no escape) whose value
/// is an object of strings under keys written as they are, read without an issue; anything else
/// in the table (another kind of value, an issue, the issue limit) makes it `reset` the sink and
/// read the whole table onto the tape as usual, with the same issues. Keys repeated in the table
/// itself are not looked for: the sink finds them (then the caller parses again without it).
package protocol StringTableSink: AnyObject {
    /// A member of the table: its key and the texts of its object, in order.
    func add(key: JSONString, texts: StringTableTexts)
    /// Forgets every member added: the table is read onto the tape after all.
    func reset()
    /// A second sink, for the members a second thread reads from a member near byte `near`
    /// onward while this thread reads up to it and then what follows the table (the table's
    /// members are read from `start` and likely end near `tableEnd`, a guess; the document ends
    /// at `end`); `nil` reads the table on one thread (the default). See `StringTableSplit.swift`.
    func partner(from start: Int, tableEnd: Int, to end: Int) -> (sink: any StringTableSink, near: Int)?
    /// The fewest bytes from a table's members to its end for which `partner` can give one
    /// (0 by default: always asked): below it the table's end is not guessed at all.
    var partnerFromBytes: Int { get }
    /// Takes the members `partner` (made by `partner(from:tableEnd:to:)`) was given, as if each was
    /// added to this sink after the ones it has, in order; `false` when it cannot be exact, and
    /// then nothing is taken (the members are added one by one).
    func absorb(_ partner: any StringTableSink) -> Bool
    /// Whether the first thread, where the second started, waits for it to stop by itself
    /// instead of stopping it (tests; `false` by default).
    var waitsForPartner: Bool { get }
    /// The table was read and every member handed over: nothing more is added (the parser
    /// reads on after it). Does nothing by default.
    func tableEnded()
}

/// The members of one key's object in a string table, each a key and a string, read from the
/// tape before the parser drops them. Valid only during `StringTableSink.add`.
package struct StringTableTexts {
    fileprivate let entries: UnsafeBufferPointer<JSONTape.Entry>
    fileprivate let spills: [JSONTape.Spill]
    /// Or, for a member read without the tape (`Parser.readPlainMember`), each text's key and
    /// text literals in turn, every one written as it is.
    fileprivate let plain: UnsafeBufferPointer<ByteRange>
    /// Whether the member was read without the tape: then every key and text is written as it is
    /// (no escape), each key double-quoted, and only blanks and one colon come between a key and
    /// its text (`forEachPlain`).
    package let isPlain: Bool

    fileprivate init(entries: UnsafeBufferPointer<JSONTape.Entry>, spills: [JSONTape.Spill]) {
        (self.entries, self.spills, plain, isPlain) = (entries, spills, UnsafeBufferPointer(start: nil, count: 0), false)
    }

    /// The texts of a member read without the tape: `plain` holds each key's and text's literal in turn.
    init(plain: UnsafeBufferPointer<ByteRange>) {
        (entries, spills, self.plain, isPlain) = (UnsafeBufferPointer(start: nil, count: 0), [], plain, true)
    }

    /// Calls `body` with each member's key and text, in order, repeated keys included (there
    /// are none: they are an issue).
    @inline(__always)
    package func forEach(_ body: (_ key: JSONString, _ text: JSONString) -> Void) {
        if isPlain {
            forEachPlain { key, text in body(.asWritten(key), .asWritten(text)) }
            return
        }
        var position = 0
        while position + 1 < entries.count {
            if let key = JSONString(entries[position], spills), let text = JSONString(entries[position + 1], spills) { body(key, text) }
            position += 2
        }
    }

    /// Calls `body` with the literals of each key and text of a member read without the tape
    /// (`isPlain`), in order; nothing otherwise.
    @inline(__always)
    package func forEachPlain(_ body: (_ key: ByteRange, _ text: ByteRange) -> Void) {
        var position = 0
        while position + 1 < plain.count {
            body(plain[position], plain[position + 1])
            position += 2
        }
    }

    /// The literals of a member read without the tape (`isPlain`): each key's and its text's in
    /// turn (empty otherwise). The caller loops over them itself: a closure a text, called
    /// across modules, cost more than the text's columns.
    package var plainLiterals: UnsafeBufferPointer<ByteRange> { plain }
}

extension JSONNode {
    /// Whether the value is the string table whose members went to a `StringTableSink`: an
    /// object whose members are not on the tape.
    @inlinable package var isElidedTable: Bool {
        let entry = entry
        return entry.kind == .object && entry.flags & JSONTape.Entry.simple != 0
    }
}

extension TapeBuilder {
    /// Marks the object at `index` as a table whose members went to the sink.
    mutating func markElided(_ index: Int) {
        entries[index].info |= UInt32(JSONTape.Entry.simple) << 3
    }
}

extension Parser {
    /// Whether the key at tape entry `index` is written as `name`'s bytes (with no escape).
    func keyIs(_ index: Int, _ name: [UInt8]) -> Bool {
        let entry = tape.entries[index]
        guard entry.kind == .string, entry.flags & JSONTape.Entry.simple != 0, !entry.isSpilled,
              entry.payload == name.count + 2 else { return false }
        let start = Int(entry.start) + 1
        return name.withUnsafeBufferPointer { ByteScan.equal(UnsafeBufferPointer(rebasing: bytes[start..<start + $0.count]), $0) }
    }

    /// Reads the object at `pos` (a `{`) into `tableSink`, leaving its node without members on
    /// the tape, marked. Returns `false`, with everything as it was before (position, tape,
    /// issues, the sink reset), when the table is not one to hand over: the caller reads it then.
    mutating func parseTable() throws(IssueLimitReached) -> Bool {
        guard let sink = tableSink, depth < maxDepth - 2, byte(at: pos) == UInt8(ascii: "{") else { return false }
        // One table a document: the first is the one read (a repeated key is an issue).
        tableSink = nil
        let start = pos
        let mark = tape.mark
        let issueCount = issues.count, slotCount = keySlots.count
        let (savedDepthReport, savedUnclosed) = (reportedDepth, reportedUnclosed)
        depth += 1
        openBrackets.append(UInt8(ascii: "{"))
        pos += 1
        let index = tape.open(.object, at: start)
        // A second thread reads the members from one near the middle, when the sink has a partner.
        var ahead = startReadingAhead(into: sink, openedAt: start)
        defer { ahead?.finish(waiting: sink.waitsForPartner) }
        var handedOver = false
        do {
            handedOver = try readTableMembers(into: sink, openedAt: start, issueCount: issueCount, ahead: &ahead)
        } catch {
            // The issue limit: the table is read again onto the tape, which meets it again.
        }
        depth -= 1
        openBrackets.removeLast()
        if handedOver {
            tape.close(index, end: pos)
            tape.markElided(index)
            elidedTable = true
            sink.tableEnded()
            return true
        }
        pos = start
        tape.rollBack(to: mark)
        issues.removeSubrange(issueCount...)
        keySlots.removeSubrange(slotCount...)
        (reportedDepth, reportedUnclosed) = (savedDepthReport, savedUnclosed)
        sink.reset()
        return false
    }

    /// A table member's texts at `pos` (a `{`): `"locale": "text"` members onto the tape as
    /// `parseObjectBody` puts them, without its recovery (`false` at anything else: the table is
    /// then read as any object). Members write their locales in the same order, so a key is
    /// checked for repeats only once it differs from the key at its position in the member
    /// before, whose keys were all different: until then the keys are those, as strings too
    /// (the same bytes without escapes).
    mutating func readTexts() throws(IssueLimitReached) -> Bool {
        let start = pos
        let index = tape.open(.object, at: start)
        pos += 1
        var seen = DuplicateKeyIndex(base: keySlots.count)
        defer { keySlots.removeSubrange(seen.base...) }
        var count = 0
        var likePrevious = true
        try skipTrivia()
        if byte(at: pos) == UInt8(ascii: "}") {
            pos += 1
        } else {
            while true {
                let keyIndex = tape.entries.count
                guard try readPlainKeyAndColon(), byte(at: pos) == UInt8(ascii: "\"") else { return false }
                try checkSpillRoom()
                try parseString(quote: UInt8(ascii: "\""))
                let range = tape.range(at: keyIndex)
                if likePrevious, count < previousTextKeys.count, sameBytes(range, previousTextKeys[count]) {
                    previousTextKeys[count] = range
                } else {
                    if likePrevious {
                        // The keys so far are all different: into the index without looking.
                        likePrevious = false
                        var earlier = index + 1
                        for _ in 0..<count {
                            _ = seen.insert(earlier, tape: tape, bytes: bytes, slots: &keySlots)
                            earlier += 2
                        }
                    }
                    if seen.insert(keyIndex, tape: tape, bytes: bytes, slots: &keySlots) != nil { return false }
                    if count < previousTextKeys.count { previousTextKeys[count] = range } else { previousTextKeys.append(range) }
                }
                count += 1
                try skipTrivia()
                guard let next = byte(at: pos) else { return false }
                pos += 1
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ","), try skipTriviaThenKey() else { return false }
            }
        }
        // Only the keys of this member are the next one's to compare with.
        previousTextKeys.removeSubrange(count...)
        tape.close(index, end: pos)
        return true
    }

    /// A key at `pos` written as it is (a `"` string without escapes) onto the tape, then its
    /// colon and the trivia after it; `false` at anything else.
    @inline(__always)
    mutating func readPlainKeyAndColon() throws(IssueLimitReached) -> Bool {
        guard byte(at: pos) == UInt8(ascii: "\"") else { return false }
        let keyIndex = tape.entries.count
        try checkSpillRoom()
        try parseString(quote: UInt8(ascii: "\""))
        let key = tape.entries[keyIndex]
        guard key.flags & JSONTape.Entry.simple != 0, !key.isSpilled else { return false }
        try skipTrivia()
        guard byte(at: pos) == UInt8(ascii: ":") else { return false }
        pos += 1
        try skipTrivia()
        return true
    }

    /// After a comma: trivia, then whether a key starts (a `}` there is a trailing comma).
    @inline(__always)
    private mutating func skipTriviaThenKey() throws(IssueLimitReached) -> Bool {
        try skipTrivia()
        return byte(at: pos) == UInt8(ascii: "\"")
    }

    /// Whether two ranges of the document hold the same bytes.
    @inline(__always)
    private func sameBytes(_ a: ByteRange, _ b: ByteRange) -> Bool {
        a.count == b.count && ByteScan.equal(UnsafeBufferPointer(rebasing: bytes[a.start..<a.end]), UnsafeBufferPointer(rebasing: bytes[b.start..<b.end]))
    }

    /// The members of the table opened at `start`, each handed to `sink` and dropped from the
    /// tape; `false` at the first thing that is not a plain member or is an issue. At the member
    /// where `ahead` started, the members it read are the sink's, when it can take them; when
    /// it had been stopped before the table's end, a second thread reads on from near the
    /// middle of what is left (`ahead`, as the thread reading ahead now).
    private mutating func readTableMembers(into sink: any StringTableSink, openedAt start: Int, issueCount: Int,
                                           ahead: inout TableReadAhead?) throws(IssueLimitReached) -> Bool {
        let opening = ByteRange(start, start + 1)
        var aheadStart = ahead?.start ?? -1
        while true {
            switch try startItem(opening: opening, closer: UInt8(ascii: "}"), expected: .stringKey) {
            case .closed: return issues.count == issueCount
            case .skipped: return false
            case .item: break
            }
            if _slowPath(pos == aheadStart), let taken = ahead, takeMembers(readBy: taken, into: sink) {
                // Read: `pos` is past the last one's value, before what follows it.
                ahead = taken.wasStopped ? startReadingAhead(into: sink, openedAt: start, guessedEnd: taken.tableEnd) : nil
                aheadStart = ahead?.start ?? -1
            } else {
                guard try readMember(into: sink, issueCount: issueCount, plainTexts: false) else { return false }
            }
            if try finishItem(closer: UInt8(ascii: "}"), expected: .commaOrObjectEnd, nextItemIsKey: true) { return issues.count == issueCount }
            if issues.count != issueCount { return false }
        }
    }

    /// The table member at `pos` (its key's quote) handed to `sink` and dropped from the tape;
    /// `false` when it is not a key of an object of strings under plain keys, or is an issue
    /// (more than `issueCount`). `plainTexts`: its texts must be written as they are too.
    @inline(__always)
    mutating func readMember(into sink: any StringTableSink, issueCount: Int, plainTexts: Bool) throws(IssueLimitReached) -> Bool {
        if issues.count == issueCount, readPlainMember(into: sink) { return true }
        let mark = tape.mark
        let keyIndex = tape.entries.count
        guard try readPlainKeyAndColon(), byte(at: pos) == UInt8(ascii: "{") else { return false }
        let key = tape.entries[keyIndex]
        let valueIndex = tape.entries.count
        guard try readTexts(), issues.count == issueCount, tape.entries[valueIndex].kind == .object else { return false }
        let end = tape.entries.count
        let textFlags = plainTexts ? JSONTape.Entry.simple : 0
        var position = valueIndex + 1
        while position < end {
            let text = tape.entries[position], value = tape.entries[position + 1]
            guard text.kind == .string, text.flags & JSONTape.Entry.simple != 0, !text.isSpilled, value.kind == .string,
                  value.flags & textFlags == textFlags else { return false }
            position += 2
        }
        tape.entries.withUnsafeBufferPointer { entries in
            sink.add(key: JSONString.asWritten(key.range(tape.spills)),
                     texts: StringTableTexts(entries: UnsafeBufferPointer(rebasing: entries[(valueIndex + 1)...]), spills: tape.spills))
        }
        tape.rollBackKeepingTexts(to: mark)
        return true
    }
}
