/// Strict RFC 8259 parser with recovery.
///
/// It never throws and never traps on input: every problem becomes a `JSONSyntaxIssue` and the
/// parser resynchronises where it safely can, so one run reports every syntax problem. Nesting is
/// bounded by `maxDepth` (deeper values are skipped iteratively, not recursed into).
public enum JSONParser {
    /// The nesting limit of SPEC §1.
    public static let defaultMaxDepth = 512
    /// Issues reported before the parser gives up on a file (binary garbage would report every byte).
    public static let defaultIssueLimit = 200

    /// Parses UTF-8 JSON text.
    public static func parse(
        _ bytes: [UInt8],
        maxDepth: Int = defaultMaxDepth,
        issueLimit: Int = defaultIssueLimit
    ) -> JSONParseResult {
        if let encoding = EncodingSniffer.nonUTF8Encoding(of: bytes) {
            return JSONParseResult(
                root: nil,
                issues: [JSONSyntaxIssue(.unsupportedEncoding(encoding), ByteRange(0, min(bytes.count, 4)))])
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer, maxDepth: maxDepth, issueLimit: issueLimit)
            return parser.parseDocument()
        }
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
    /// Whether the last string read was plain ASCII between its quotes (no escape, nothing to
    /// repair): its key signature can then be read from the source bytes.
    var lastStringWasPlainASCII = false

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, issueLimit: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.issueLimit = issueLimit
    }

    // MARK: Document

    mutating func parseDocument() -> JSONParseResult {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            issues.append(JSONSyntaxIssue(.byteOrderMark, ByteRange(0, 3)))
            pos = 3
        }
        var root: JSONValue?
        do {
            try skipTrivia()
            if pos >= bytes.count {
                try report(.unexpected(expected: "a JSON value", found: .endOfFile), .at(pos))
            } else {
                root = try parseValue()
                try skipTrivia()
                if pos < bytes.count {
                    let token = peekToken()
                    try report(token.isValidScalar ? .trailingContent(found: token.token) : .invalidUTF8, token.range)
                }
            }
        } catch {
            // Issue limit reached: keep what was built so far; `report` recorded the reason.
        }
        return JSONParseResult(root: root, issues: issues)
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

    mutating func parseValue() throws(IssueLimitReached) -> JSONValue {
        guard let b = byte(at: pos) else {
            try report(.unexpected(expected: "a value", found: .endOfFile), .at(pos))
            return JSONValue(.invalid, range: .at(pos))
        }
        switch b {
        case UInt8(ascii: "{"): return try parseContainer(open: b)
        case UInt8(ascii: "["): return try parseContainer(open: b)
        case UInt8(ascii: "\""):
            let (text, range) = try parseString(quote: b)
            return JSONValue(.string(text), range: range)
        case UInt8(ascii: "'"):
            try report(.singleQuotedString, .at(pos))
            let (text, range) = try parseString(quote: b)
            return JSONValue(.string(text), range: range)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
            // Leave structural characters to the caller, which knows how to resynchronise.
            try report(.unexpected(expected: "a value", found: .character(UInt32(b))), ByteRange(pos, pos + 1))
            return JSONValue(.invalid, range: .at(pos))
        default:
            if isWordByte(b) {
                let start = pos
                let word = readWord()
                switch word {
                case "true": return JSONValue(.bool(true), range: ByteRange(start, pos))
                case "false": return JSONValue(.bool(false), range: ByteRange(start, pos))
                case "null": return JSONValue(.null, range: ByteRange(start, pos))
                case "NaN", "Infinity":
                    try report(.invalidNumber(.notANumber(word)), ByteRange(start, pos))
                default:
                    try report(.unexpected(expected: "a value", found: .word(word)), ByteRange(start, pos))
                }
                return JSONValue(.invalid, range: ByteRange(start, pos))
            }
            let token = peekToken()
            if b >= 0x80, !token.isValidScalar {
                try report(.invalidUTF8, token.range)
            } else {
                try report(.unexpected(expected: "a value", found: token.token), token.range)
            }
            pos = token.range.end
            return JSONValue(.invalid, range: token.range)
        }
    }

    mutating func parseContainer(open: UInt8) throws(IssueLimitReached) -> JSONValue {
        let start = pos
        if depth >= maxDepth {
            if !reportedDepth {
                reportedDepth = true
                try report(.tooDeep(limit: maxDepth), ByteRange(start, start + 1))
            }
            skipBalanced()
            return JSONValue(.invalid, range: ByteRange(start, pos))
        }
        depth += 1
        openBrackets.append(open)
        defer {
            depth -= 1
            openBrackets.removeLast()
        }
        pos += 1
        if open == UInt8(ascii: "{") {
            let members = try parseObjectBody(openedAt: start)
            return JSONValue(.object(members), range: ByteRange(start, pos))
        }
        let elements = try parseArrayBody(openedAt: start)
        return JSONValue(.array(elements), range: ByteRange(start, pos))
    }

    /// "expected X, found Y" at the token; bytes that are not UTF-8 are `invalidUTF8` instead
    /// (a stray 0xCA is a broken byte, not the character 'Ê').
    mutating func reportUnexpected(expected: String, _ token: (token: JSONSyntaxIssue.Token, range: ByteRange, isValidScalar: Bool)) throws(IssueLimitReached) {
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

    mutating func parseArrayBody(openedAt start: Int) throws(IssueLimitReached) -> [JSONValue] {
        let opening = ByteRange(start, start + 1)
        var elements: [JSONValue] = []
        while true {
            switch try startItem(opening: opening, closer: UInt8(ascii: "]"), expected: "a value") {
            case .closed: return elements
            case .skipped: continue
            case .item: break
            }
            elements.append(try parseValue())
            if try finishItem(closer: UInt8(ascii: "]"), expected: "',' or ']'", nextItemIsKey: false) { return elements }
        }
    }

    mutating func parseObjectBody(openedAt start: Int) throws(IssueLimitReached) -> [JSONMember] {
        let opening = ByteRange(start, start + 1)
        var members: [JSONMember] = []
        var seen = DuplicateKeyIndex()
        while true {
            switch try startItem(opening: opening, closer: UInt8(ascii: "}"), expected: "a string key") {
            case .closed: return members
            case .skipped: continue
            case .item: break
            }
            lastStringWasPlainASCII = false
            guard let (key, keyRange) = try parseKey() else { continue }
            let signature = lastStringWasPlainASCII ? DuplicateKeyIndex.asciiSignature(bytes, quoted: keyRange) : nil
            try skipTrivia()
            var value: JSONValue
            if byte(at: pos) == UInt8(ascii: ":") {
                pos += 1
                try skipTrivia()
                value = try parseValue()
            } else {
                let token = peekToken()
                try reportUnexpected(expected: "':' after the key", token)
                if let next = byte(at: pos), startsValue(next) {
                    value = try parseValue()
                } else {
                    value = JSONValue(.invalid, range: .at(pos))
                }
            }
            if let first = seen.insert(key, range: keyRange, members: members, signature: signature) {
                try report(.duplicateKey(key, first: first), keyRange)
            }
            members.append(JSONMember(key: key, keyRange: keyRange, value: value))
            if try finishItem(closer: UInt8(ascii: "}"), expected: "',' or '}'", nextItemIsKey: true) { return members }
        }
    }

    /// How the next turn of a container's loop starts.
    enum ItemStart { case closed, skipped, item }

    /// The start of an element or member: the container's closer (or the end of input, or the
    /// other kind of closer, each reported) closes it; a stray ',' or ':' is reported and skipped.
    @inline(__always)
    mutating func startItem(opening: ByteRange, closer: UInt8, expected: String) throws(IssueLimitReached) -> ItemStart {
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
    mutating func finishItem(closer: UInt8, expected: String, nextItemIsKey: Bool) throws(IssueLimitReached) -> Bool {
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

    /// Reads an object key: a string, or (with an issue) a single-quoted or bare one.
    mutating func parseKey() throws(IssueLimitReached) -> (String, ByteRange)? {
        guard let b = byte(at: pos) else { return nil }
        if b == UInt8(ascii: "\"") { return try parseString(quote: b) }
        if b == UInt8(ascii: "'") {
            try report(.singleQuotedString, .at(pos))
            return try parseString(quote: b)
        }
        if isWordByte(b) {
            let start = pos
            let word = readWord()
            // A bare word is an unquoted key only when a ':' follows; otherwise it is a stray value.
            var ahead = pos
            while ahead < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[ahead]) { ahead += 1 }
            if byte(at: ahead) == UInt8(ascii: ":") {
                try report(.unquotedKey(word), ByteRange(start, pos))
                return (word, ByteRange(start, pos))
            }
            try report(.unexpected(expected: "a string key", found: .word(word)), ByteRange(start, pos))
            return nil
        }
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
            try report(.unexpected(expected: "a string key", found: .character(UInt32(b))), ByteRange(pos, pos + 1))
            _ = try parseValue()  // skip the stray value as a unit
            return nil
        }
        let token = peekToken()
        if b >= 0x80, !token.isValidScalar {
            try report(.invalidUTF8, token.range)
        } else {
            try report(.unexpected(expected: "a string key", found: token.token), token.range)
        }
        pos = max(token.range.end, pos + 1)
        return nil
    }

    /// Skips a value without building it, for nesting past the limit. Iterative: any depth is fine.
    mutating func skipBalanced() {
        var level = 0
        while pos < bytes.count {
            let b = bytes[pos]
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                level += 1
                pos += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                level -= 1
                pos += 1
                if level <= 0 { return }
            case UInt8(ascii: "\""):
                pos += 1
                while pos < bytes.count, bytes[pos] != UInt8(ascii: "\"") {
                    pos += bytes[pos] == UInt8(ascii: "\\") ? 2 : 1
                }
                pos = min(pos + 1, bytes.count)
            default:
                pos += 1
            }
        }
    }
}
