extension Parser {
    // MARK: Keys and skipped values

    /// Reads an object key onto the tape: a string, or (with an issue) a single-quoted or bare
    /// one. Returns whether there was one.
    mutating func parseKey() throws(IssueLimitReached) -> Bool {
        guard let b = byte(at: pos) else { return false }
        if b == UInt8(ascii: "\"") { try parseString(quote: b); return true }
        if b == UInt8(ascii: "'") {
            try report(.singleQuotedString, .at(pos))
            try parseString(quote: b)
            return true
        }
        if isWordByte(b) {
            let start = pos
            let word = readWord()
            // A bare word is an unquoted key only when a ':' follows; otherwise it is a stray value.
            var ahead = pos
            while ahead < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[ahead]) { ahead += 1 }
            if byte(at: ahead) == UInt8(ascii: ":") {
                try report(.unquotedKey(word), ByteRange(start, pos))
                tape.appendDecoded(word, ByteRange(start, pos))
                return true
            }
            try report(.unexpected(expected: .stringKey, found: .word(word)), ByteRange(start, pos))
            return false
        }
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
            try report(.unexpected(expected: .stringKey, found: .character(UInt32(b))), ByteRange(pos, pos + 1))
            try parseValue()  // skip the stray value as a unit (the caller drops it from the tape)
            return false
        }
        let token = peekToken()
        if b >= 0x80, !token.isValidScalar {
            try report(.invalidUTF8, token.range)
        } else {
            try report(.unexpected(expected: .stringKey, found: token.token), token.range)
        }
        pos = max(token.range.end, pos + 1)
        return false
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

    // MARK: Trivia

    /// Skips whitespace; reports (and skips) comments and whitespace JSON does not allow.
    /// Inline: most calls stand on a token, or on one space before one (`": "`, `", "`); only
    /// bytes that can start trivia (controls, space, `/`, non-ASCII) go to the full loop.
    @inline(__always)
    mutating func skipTrivia() throws(IssueLimitReached) {
        if pos < bytes.count {
            let b = bytes[pos]
            if b > 0x20, b < 0x80, b != UInt8(ascii: "/") { return }
            if b == 0x20, pos + 1 < bytes.count {
                let next = bytes[pos + 1]
                if next > 0x20, next < 0x80, next != UInt8(ascii: "/") {
                    pos += 1
                    return
                }
            }
        }
        try skipTriviaLoop()
    }

    mutating func skipTriviaLoop() throws(IssueLimitReached) {
        while pos < bytes.count {
            let b = bytes[pos]
            switch b {
            case 0x20, 0x0A, 0x0D, 0x09:
                pos += 1
            case UInt8(ascii: "/"):
                guard let next = byte(at: pos + 1), next == UInt8(ascii: "/") || next == UInt8(ascii: "*") else { return }
                let start = pos
                if next == UInt8(ascii: "/") {
                    pos += 2
                    while pos < bytes.count, bytes[pos] != 0x0A, bytes[pos] != 0x0D { pos += 1 }
                    try report(.comment(block: false), ByteRange(start, pos))
                } else {
                    pos += 2
                    while pos < bytes.count, !(bytes[pos] == UInt8(ascii: "*") && byte(at: pos + 1) == UInt8(ascii: "/")) {
                        pos += 1
                    }
                    pos = min(pos + 2, bytes.count)
                    try report(.comment(block: true), ByteRange(start, pos))
                }
            case 0x0B, 0x0C:
                try report(.invalidWhitespace(UInt32(b)), ByteRange(pos, pos + 1))
                pos += 1
            case 0xC2 where byte(at: pos + 1) == 0xA0:
                try report(.invalidWhitespace(0xA0), ByteRange(pos, pos + 2))
                pos += 2
            case 0xE2 where byte(at: pos + 1) == 0x80 && (byte(at: pos + 2) == 0xA8 || byte(at: pos + 2) == 0xA9):
                try report(.invalidWhitespace(byte(at: pos + 2) == 0xA8 ? 0x2028 : 0x2029), ByteRange(pos, pos + 3))
                pos += 3
            case 0xE3 where byte(at: pos + 1) == 0x80 && byte(at: pos + 2) == 0x80:
                try report(.invalidWhitespace(0x3000), ByteRange(pos, pos + 3))
                pos += 3
            case 0xEF where byte(at: pos + 1) == 0xBB && byte(at: pos + 2) == 0xBF:
                try report(.invalidWhitespace(0xFEFF), ByteRange(pos, pos + 3))
                pos += 3
            default:
                return
            }
        }
    }

    // MARK: Numbers

    /// Reads a number. The token is the longest run of number-ish bytes, so `0x1F`, `1.2.3`
    /// and `12abc` are reported as one bad number rather than a cascade.
    mutating func parseNumber() throws(IssueLimitReached) {
        let start = pos
        while pos < bytes.count, isNumberTokenByte(bytes[pos]) { pos += 1 }
        let range = ByteRange(start, pos)
        let token = UnsafeBufferPointer(rebasing: bytes[start..<pos])
        if let problem = NumberGrammar.problem(in: token) {
            try report(.invalidNumber(problem), range)
            tape.append(.invalid, range)
            return
        }
        tape.append(.number, range)
    }

    private func isNumberTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    // MARK: Words and tokens

    func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            return true
        default:
            return false
        }
    }

    /// Whether `b` can begin a value (used to tell a missing comma from garbage).
    func startsValue(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    mutating func readWord() -> String {
        let start = pos
        while pos < bytes.count, isWordByte(bytes[pos]) { pos += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
    }

    /// Describes the token at `pos` without consuming it.
    func peekToken() -> (token: JSONSyntaxIssue.Token, range: ByteRange, isValidScalar: Bool) {
        guard pos < bytes.count else { return (.endOfFile, .at(pos), true) }
        let b = bytes[pos]
        if b == UInt8(ascii: "\"") { return (.string, ByteRange(pos, pos + 1), true) }
        if b == UInt8(ascii: "-") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) {
            return (.number, ByteRange(pos, pos + 1), true)
        }
        if isWordByte(b) {
            var end = pos
            while end < bytes.count, isWordByte(bytes[end]), end - pos < 64 { end += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[pos..<end]), as: UTF8.self)
            return (.word(word), ByteRange(pos, end), true)
        }
        if b < 0x80 { return (.character(UInt32(b)), ByteRange(pos, pos + 1), true) }
        let length = UTF8Validation.validSequenceLength(bytes, at: pos)
        if length == 0 {
            return (.character(UInt32(b)), ByteRange(pos, pos + UTF8Validation.invalidRunLength(bytes, at: pos)), false)
        }
        var iterator = UnsafeBufferPointer(rebasing: bytes[pos..<pos + length]).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return (.character(scalar.value), ByteRange(pos, pos + length), true)
        }
        return (.character(UInt32(b)), ByteRange(pos, pos + length), false)
    }
}

/// The RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
enum NumberGrammar {
    static func problem(in token: UnsafeBufferPointer<UInt8>) -> JSONSyntaxIssue.NumberProblem? {
        var i = 0
        let n = token.count
        func isDigit(_ k: Int) -> Bool { k < n && token[k] >= UInt8(ascii: "0") && token[k] <= UInt8(ascii: "9") }
        if n > 0, token[0] == UInt8(ascii: "+") { return .leadingPlus }
        if i < n, token[i] == UInt8(ascii: "-") { i += 1 }
        if i + 1 < n, token[i] == UInt8(ascii: "0"), token[i + 1] == UInt8(ascii: "x") || token[i + 1] == UInt8(ascii: "X") {
            return .hexadecimal
        }
        if !isDigit(i) {
            let rest = String(decoding: UnsafeBufferPointer(rebasing: token[i...]), as: UTF8.self)
            if rest.hasPrefix("Infinity") || rest.hasPrefix("NaN") { return .notANumber(rest) }
            return .missingIntegerDigits
        }
        if token[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) { return .leadingZero }
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < n, token[i] == UInt8(ascii: ".") {
            i += 1
            if !isDigit(i) { return .missingFractionDigits }
            while isDigit(i) { i += 1 }
        }
        if i < n, token[i] == UInt8(ascii: "e") || token[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, token[i] == UInt8(ascii: "+") || token[i] == UInt8(ascii: "-") { i += 1 }
            if !isDigit(i) { return .missingExponentDigits }
            while isDigit(i) { i += 1 }
        }
        return i == n ? nil : .trailingCharacters
    }
}

/// Recognises UTF-16 and UTF-32 by byte-order mark or by the NUL pattern of RFC 4627 §3.
package enum EncodingSniffer {
    /// The file's encoding when it is UTF-16 or UTF-32; `nil` for UTF-8 (or undecidable).
    package static func nonUTF8Encoding(of bytes: [UInt8]) -> JSONSyntaxIssue.TextEncoding? {
        let b = bytes
        if b.count >= 4 {
            if b[0] == 0x00, b[1] == 0x00, b[2] == 0xFE, b[3] == 0xFF { return .utf32BigEndian }
            if b[0] == 0xFF, b[1] == 0xFE, b[2] == 0x00, b[3] == 0x00 { return .utf32LittleEndian }
        }
        if b.count >= 2 {
            if b[0] == 0xFE, b[1] == 0xFF { return .utf16BigEndian }
            if b[0] == 0xFF, b[1] == 0xFE { return .utf16LittleEndian }
        }
        if b.count >= 4 {
            if b[0] == 0, b[1] == 0, b[2] == 0, b[3] != 0 { return .utf32BigEndian }
            if b[0] != 0, b[1] == 0, b[2] == 0, b[3] == 0 { return .utf32LittleEndian }
            if b[0] == 0, b[1] != 0, b[2] == 0, b[3] != 0 { return .utf16BigEndian }
            if b[0] != 0, b[1] == 0, b[2] != 0, b[3] == 0 { return .utf16LittleEndian }
        } else if b.count == 2 {
            if b[0] == 0, b[1] != 0 { return .utf16BigEndian }
            if b[0] != 0, b[1] == 0 { return .utf16LittleEndian }
        }
        return nil
    }
}
