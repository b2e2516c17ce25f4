/// Strict RFC 8259 parser with recovery.
///
/// It never throws and never traps on input: every problem becomes a `JSONSyntaxIssue` and the
/// parser resynchronises where it safely can, so one run reports every syntax problem. Nesting is
/// bounded by `maxDepth` (deeper values are skipped iteratively, not recursed into).
package enum JSONParser {
    /// The nesting limit (docs/formats.md, "JSON syntax policy").
    package static let defaultMaxDepth = 512
    /// Issues reported before the parser gives up on a file (binary garbage would report every byte).
    package static let defaultIssueLimit = 200

    /// Parses UTF-8 JSON text into a tree.
    package static func parse(
        _ bytes: [UInt8],
        maxDepth: Int = defaultMaxDepth,
        issueLimit: Int = defaultIssueLimit
    ) -> JSONParseResult {
        let parsed = parseTape(bytes, maxDepth: maxDepth, issueLimit: issueLimit)
        return JSONParseResult(root: parsed.root?.value, issues: parsed.issues)
    }

    /// Parses UTF-8 JSON text into a flat tape: the same values and issues as `parse`, without
    /// building a tree.
    package static func parseTape(
        _ bytes: [UInt8],
        maxDepth: Int = defaultMaxDepth,
        issueLimit: Int = defaultIssueLimit
    ) -> JSONTapeResult {
        parseTape(bytes, maxDepth: maxDepth, issueLimit: issueLimit, spillLimit: JSONTape.Entry.spillLimit)
    }

    /// `parseTape`, handing the members of the string table, the object at `pointer` (below the
    /// root, through objects only; the caller knows where its format keeps one), to `tableSink`
    /// instead of keeping them on the tape, when every member is a key whose object holds only
    /// strings and nothing in the table is an issue (see `StringTableSink`). The table's node is
    /// then an object without members, `isElidedTable`. Each token of `pointer` matches a key
    /// written as it is (no escape); the root pointer names no table.
    package static func parseTape(_ bytes: [UInt8], tableAt pointer: JSONPointer, tableSink: any StringTableSink,
                                  issueLimit: Int = defaultIssueLimit) -> JSONTapeResult {
        parseTape(bytes, maxDepth: defaultMaxDepth, issueLimit: issueLimit, spillLimit: JSONTape.Entry.spillLimit,
                  table: (pointer, tableSink))
    }

    /// `parseTape` with the number of spills the tape may hold (tests lower it).
    static func parseTape(_ bytes: [UInt8], maxDepth: Int, issueLimit: Int, spillLimit: Int,
                          table: (pointer: JSONPointer, sink: any StringTableSink)? = nil) -> JSONTapeResult {
        if let encoding = EncodingSniffer.nonUTF8Encoding(of: bytes) {
            return JSONTapeResult(
                tape: JSONTape(bytes: bytes, entries: [], spills: [], texts: [], rootIndex: nil),
                issues: [JSONSyntaxIssue(.unsupportedEncoding(encoding), ByteRange(0, min(bytes.count, 4)))])
        }
        let (builder, rootIndex, issues, elided) = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer, maxDepth: maxDepth, issueLimit: issueLimit, spillLimit: spillLimit)
            if let table {
                parser.tableSink = table.sink
                parser.tablePath = table.pointer.tokens.map { Array($0.utf8) }
            }
            let rootIndex = parser.parseDocument()
            return (parser.tape, rootIndex, parser.issues, parser.elidedTable)
        }
        // The tape is kept with the capacity it was given: the capacity past its end was never
        // written, so it costs address space, not memory (a copy of the exact size would make
        // the tape twice resident at once, the peak of a large file).
        let entries = builder.entries
        return JSONTapeResult(tape: JSONTape(bytes: bytes, entries: entries, spills: builder.spills, texts: builder.texts, rootIndex: rootIndex),
                              issues: issues, hasElidedTable: elided)
    }
}

/// Marker for giving up after too many issues; unwinds the recursion cleanly.
struct IssueLimitReached: Error {}

struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    let issueLimit: Int
    var pos = 0
    var depth = 0
    var issues: [JSONSyntaxIssue] = []
    var reportedDepth = false
    /// Open brackets from the outside in, so a mismatched closer can end the right container.
    var openBrackets: [UInt8] = []
    /// The end of the file was reported inside a container: the enclosing ones are not
    /// reported again (a truncated file gets one error, not one per open bracket).
    var reportedUnclosed = false
    /// The values read so far.
    var tape = TapeBuilder()
    /// The keys of the objects being read, innermost last (see `DuplicateKeyIndex`).
    var keySlots: [DuplicateKeyIndex.Slot] = []

    /// The spills the tape may hold (a spill's number must fit its entry).
    let spillLimit: Int
    /// Where the members of the string table go, when not onto the tape.
    var tableSink: (any StringTableSink)?
    /// The keys leading from the root to the string table, outermost first, as written.
    var tablePath: [[UInt8]] = []
    /// How many keys of `tablePath` lead to the value being read: an object read at depth `d`
    /// is on the way to the table when this is `d - 1` (the root's members are read at depth 1).
    var tableKeysMatched = 0
    /// Whether a table's members went to the sink.
    var elidedTable = false
    /// The keys of the table member read last, all different (see `readTexts`).
    var previousTextKeys: [ByteRange] = []
    /// The literals of the member `readPlainMember` reads, each key's and text's in turn (kept
    /// from member to member for its room).
    var plainTexts: [ByteRange] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, issueLimit: Int, spillLimit: Int = JSONTape.Entry.spillLimit) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.issueLimit = issueLimit
        self.spillLimit = spillLimit
        // As many values and spills as the bytes can hold (a value and its separator take two
        // bytes at least; only a run of open brackets takes fewer, and then the tape grows),
        // reserved at once: the tape is written in place, not copied each time it doubles (a
        // copy held the old and the new tape at once). The capacity never written costs
        // address space, not memory.
        tape.entries.reserveCapacityInLargePages(bytes.count / 2 + 2)
        tape.spills.reserveCapacityInLargePages(min(bytes.count / 2 + 2, spillLimit))
    }

    /// Stops reading when the tape holds as many spills (objects, arrays, escaped strings) as
    /// it can number: a value and a key each add one at most, and this is checked before each.
    @inline(__always)
    mutating func checkSpillRoom() throws(IssueLimitReached) {
        if _slowPath(tape.spills.count >= spillLimit) {
            issues.append(JSONSyntaxIssue(.tooManyValues(limit: spillLimit), .at(pos)))
            throw IssueLimitReached()
        }
    }

    // MARK: Document

    /// Reads the document; returns the index of its top-level value on the tape.
    mutating func parseDocument() -> Int? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            issues.append(JSONSyntaxIssue(.byteOrderMark, ByteRange(0, 3)))
            pos = 3
        }
        var root: Int?
        do {
            try skipTrivia()
            if pos >= bytes.count {
                try report(.unexpected(expected: .jsonValue, found: .endOfFile), .at(pos))
            } else {
                let index = tape.entries.count
                try parseValue()
                root = index
                try skipTrivia()
                if pos < bytes.count {
                    let token = peekToken()
                    try report(token.isValidScalar ? .trailingContent(found: token.token) : .invalidUTF8, token.range)
                }
            }
        } catch {
            // Issue limit reached: keep what was built so far; `report` recorded the reason.
        }
        return root
    }

    mutating func report(_ kind: JSONSyntaxIssue.Kind, _ range: ByteRange) throws(IssueLimitReached) {
        issues.append(JSONSyntaxIssue(kind, range))
        if issues.count >= issueLimit {
            issues.append(JSONSyntaxIssue(.tooManyIssues(limit: issueLimit), range))
            throw IssueLimitReached()
        }
    }

    @inline(__always) func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    // MARK: Values

    /// Reads one value onto the tape (a container with its subtree): always exactly one entry
    /// at the top.
    mutating func parseValue() throws(IssueLimitReached) {
        try checkSpillRoom()
        guard let b = byte(at: pos) else {
            try report(.unexpected(expected: .value, found: .endOfFile), .at(pos))
            tape.append(.invalid, .at(pos))
            return
        }
        switch b {
        case UInt8(ascii: "{"): try parseContainer(open: b)
        case UInt8(ascii: "["): try parseContainer(open: b)
        case UInt8(ascii: "\""):
            try parseString(quote: b)
        case UInt8(ascii: "'"):
            try report(.singleQuotedString, .at(pos))
            try parseString(quote: b)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
            // Leave structural characters to the caller, which knows how to resynchronise.
            try report(.unexpected(expected: .value, found: .character(UInt32(b))), ByteRange(pos, pos + 1))
            tape.append(.invalid, .at(pos))
        default:
            if isWordByte(b) {
                let start = pos
                let word = readWord()
                switch word {
                case "true": tape.append(.bool, ByteRange(start, pos), flags: JSONTape.Entry.simple); return
                case "false": tape.append(.bool, ByteRange(start, pos)); return
                case "null": tape.append(.null, ByteRange(start, pos)); return
                case "NaN", "Infinity":
                    try report(.invalidNumber(.notANumber(word)), ByteRange(start, pos))
                default:
                    try report(.unexpected(expected: .value, found: .word(word)), ByteRange(start, pos))
                }
                tape.append(.invalid, ByteRange(start, pos))
                return
            }
            let token = peekToken()
            if b >= 0x80, !token.isValidScalar {
                try report(.invalidUTF8, token.range)
            } else {
                try report(.unexpected(expected: .value, found: token.token), token.range)
            }
            pos = token.range.end
            tape.append(.invalid, token.range)
        }
    }

    mutating func parseContainer(open: UInt8) throws(IssueLimitReached) {
        let start = pos
        if depth >= maxDepth {
            if !reportedDepth {
                reportedDepth = true
                try report(.tooDeep(limit: maxDepth), ByteRange(start, start + 1))
            }
            skipBalanced()
            tape.append(.invalid, ByteRange(start, pos))
            return
        }
        depth += 1
        openBrackets.append(open)
        defer {
            depth -= 1
            openBrackets.removeLast()
        }
        pos += 1
        let index = tape.open(open == UInt8(ascii: "{") ? .object : .array, at: start)
        if open == UInt8(ascii: "{") { try parseObjectBody(openedAt: start) } else { try parseArrayBody(openedAt: start) }
        tape.close(index, end: pos)
    }

    /// "expected X, found Y" at the token; bytes that are not UTF-8 are `invalidUTF8` instead
    /// (a stray 0xCA is a broken byte, not the character 'Ê').
    mutating func reportUnexpected(expected: JSONSyntaxIssue.Expectation, _ token: (token: JSONSyntaxIssue.Token, range: ByteRange, isValidScalar: Bool)) throws(IssueLimitReached) {
        if !token.isValidScalar {
            try report(.invalidUTF8, token.range)
        } else {
            try report(.unexpected(expected: expected, found: token.token), token.range.count == 0 ? .at(pos) : ByteRange(pos, pos + 1))
        }
    }

    /// The end of the file inside a container: once, for the innermost, with every closer.
    mutating func reportUnclosed(_ bracket: UInt8, opening: ByteRange) throws(IssueLimitReached) {
        guard !reportedUnclosed else { return }
        reportedUnclosed = true
        let closers = openBrackets.reversed().map { $0 == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]") }
        try report(.unclosed(bracket: bracket, opening: opening, closers: closers), .at(pos))
    }

    /// Whether an enclosing container (not the innermost) is opened by `bracket`.
    func outerContainerOpened(by bracket: UInt8) -> Bool {
        openBrackets.dropLast().contains(bracket)
    }

    /// Reads an array's elements.
    mutating func parseArrayBody(openedAt start: Int) throws(IssueLimitReached) {
        let opening = ByteRange(start, start + 1)
        while true {
            switch try startItem(opening: opening, closer: UInt8(ascii: "]"), expected: .value) {
            case .closed: return
            case .skipped: continue
            case .item: break
            }
            try parseValue()
            if try finishItem(closer: UInt8(ascii: "]"), expected: .commaOrArrayEnd, nextItemIsKey: false) { return }
        }
    }

    /// Reads an object's members (key, value, key, value… on the tape).
    mutating func parseObjectBody(openedAt start: Int) throws(IssueLimitReached) {
        let opening = ByteRange(start, start + 1)
        var seen = DuplicateKeyIndex(base: keySlots.count)
        defer { keySlots.removeSubrange(seen.base...) }
        // An object on the way to the string table: one of its members may lead on to it, or be it.
        let onTablePath = tableKeysMatched == depth - 1
        while true {
            switch try startItem(opening: opening, closer: UInt8(ascii: "}"), expected: .stringKey) {
            case .closed: return
            case .skipped: continue
            case .item: break
            }
            let keyIndex = tape.entries.count
            let mark = tape.mark
            try checkSpillRoom()
            guard try parseKey() else {
                // A stray value skipped as a unit leaves nothing behind.
                tape.rollBack(to: mark)
                continue
            }
            try skipTrivia()
            if byte(at: pos) == UInt8(ascii: ":") {
                pos += 1
                try skipTrivia()
                if _slowPath(depth <= tablePath.count && tableSink != nil) {
                    if !onTablePath || !keyIs(keyIndex, tablePath[depth - 1]) {
                        try parseValue()
                    } else if depth < tablePath.count {
                        tableKeysMatched = depth
                        try parseValue()
                        tableKeysMatched = depth - 1
                    } else if try parseTable() {
                        // Read into the sink.
                    } else {
                        try parseValue()
                    }
                } else {
                    try parseValue()
                }
            } else {
                let token = peekToken()
                try reportUnexpected(expected: .colonAfterKey, token)
                if let next = byte(at: pos), startsValue(next) {
                    try parseValue()
                } else {
                    tape.append(.invalid, .at(pos))
                }
            }
            if let first = seen.insert(keyIndex, tape: tape, bytes: bytes, slots: &keySlots) {
                let keyRange = tape.range(at: keyIndex)
                try report(.duplicateKey(tape.text(at: keyIndex, in: bytes), first: first), keyRange)
            }
            if try finishItem(closer: UInt8(ascii: "}"), expected: .commaOrObjectEnd, nextItemIsKey: true) { return }
        }
    }

    /// How the next turn of a container's loop starts.
    enum ItemStart { case closed, skipped, item }

    /// The start of an element or member: the container's closer (or the end of input, or the
    /// other kind of closer, each reported) closes it; a stray ',' or ':' is reported and skipped.
    @inline(__always)
    mutating func startItem(opening: ByteRange, closer: UInt8, expected: JSONSyntaxIssue.Expectation) throws(IssueLimitReached) -> ItemStart {
        let (opener, otherOpener, otherCloser) = closer == UInt8(ascii: "]")
            ? (UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "}")) : (UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "]"))
        try skipTrivia()
        guard let b = byte(at: pos) else {
            try reportUnclosed(opener, opening: opening)
            return .closed
        }
        if b == closer { pos += 1; return .closed }
        if b == UInt8(ascii: ",") || b == UInt8(ascii: ":") {
            try report(.unexpected(expected: expected, found: .character(UInt32(b))), ByteRange(pos, pos + 1))
            pos += 1
            return .skipped
        }
        if b == otherCloser {
            try report(.mismatchedBracket(found: b, expected: closer, opening: opening), ByteRange(pos, pos + 1))
            // The enclosing container's closer: leave it to that container.
            if !outerContainerOpened(by: otherOpener) { pos += 1 }
            return .closed
        }
        return .item
    }

    /// What follows an element or member: a comma (a trailing one before `closer` is reported and
    /// closes), `closer`, or an error. Returns whether the container is closed. The other kind of
    /// closing bracket, and the end of input, are left for the next turn of the caller's loop.
    @inline(__always)
    mutating func finishItem(closer: UInt8, expected: JSONSyntaxIssue.Expectation, nextItemIsKey: Bool) throws(IssueLimitReached) -> Bool {
        try skipTrivia()
        guard let next = byte(at: pos) else { return false }
        switch next {
        case UInt8(ascii: ","):
            let comma = pos
            pos += 1
            try skipTrivia()
            if byte(at: pos) == closer {
                try report(.trailingComma, ByteRange(comma, comma + 1))
                pos += 1
                return true
            }
        case closer:
            pos += 1
            return true
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            break  // the other container's closer: a mismatched bracket, reported on the next turn
        default:
            let token = peekToken()
            try reportUnexpected(expected: expected, token)
            // The start of a next item means a missing comma: carry on from it.
            let resumes = nextItemIsKey ? next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") || isWordByte(next) : startsValue(next)
            if !resumes { pos = token.range.end }
        }
        return false
    }
}
