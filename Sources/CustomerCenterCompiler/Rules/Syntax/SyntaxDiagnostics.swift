import JSONSyntax

/// Turns the parser's issues into `json.*` diagnostics with messages, notes and fixes.
enum SyntaxDiagnostics {
    static func emit(_ issues: [JSONSyntaxIssue], source: SourceFile, root: JSONNode?, into sink: inout DiagnosticSink) {
        // One cursor for all the issues: they come in file order, and each container is read on
        // from the last issue's place (thousands of issues in one object stay linear).
        var pointers = root.map(InnermostPointers.init)
        for issue in issues {
            let pointer = pointers?.pointer(at: issue.range.start) ?? .root
            emit(issue, source: source, root: root, pointer: pointer, into: &sink)
        }
    }

    private static func emit(_ issue: JSONSyntaxIssue, source: SourceFile, root: JSONNode?, pointer: JSONPointer, into sink: inout DiagnosticSink) {
        let range = issue.range
        let syntax = JSONSyntaxRule.descriptor
        switch issue.kind {
        case .unexpected(let expected, let found):
            var fix: Fix?
            if case .word(let word) = found, ["true", "false", "null"].contains(word.lowercased()) {
                fix = Fix(message: "JSON literals are lower-case: write '\(word.lowercased())'",
                          edits: [TextEdit(range: range, replacement: word.lowercased())], applicability: .safe)
            } else if expected == .commaOrArrayEnd || expected == .commaOrObjectEnd, startsValue(found) {
                fix = Fix(message: "insert ','", edits: [TextEdit(range: insertionPoint(before: range.start, in: source), replacement: ",")], applicability: .safe)
            } else if expected == .colonAfterKey {
                fix = Fix(message: "insert ':'", edits: [TextEdit(range: insertionPoint(before: range.start, in: source), replacement: ":")], applicability: .safe)
            }
            sink.emit(syntax, "expected \(expected), found \(describe(found))", at: range, pointer: pointer, fix: fix)
        case .unclosed(let bracket, let opening, let closers):
            let (closer, what) = bracket == UInt8(ascii: "{") ? ("}", "object") : ("]", "array")
            let outer = closers.count - 1
            let more = outer > 0 ? " (and \(outer) enclosing container\(outer == 1 ? " is" : "s are") still open)" : ""
            let all = closers.isEmpty ? closer : String(decoding: closers, as: UTF8.self)
            sink.emit(syntax, "expected '\(closer)' to close the \(what), found end of file\(more)", at: range, pointer: pointer,
                      notes: [sink.note("the \(what) opened here", at: opening)],
                      fix: Fix(message: "insert '\(all.count > 40 ? String(all.prefix(40)) + "…" : all)'", edits: [TextEdit(range: range, replacement: all)]))
        case .mismatchedBracket(let found, let expected, let opening):
            let what = expected == UInt8(ascii: "}") ? "object" : "array"
            sink.emit(syntax, "expected '\(Character(UnicodeScalar(expected)))' to close the \(what), found '\(Character(UnicodeScalar(found)))'",
                      at: range, pointer: pointer, notes: [sink.note("the \(what) opened here", at: opening)])
        case .unterminatedString:
            sink.emit(syntax, "unterminated string: the closing '\"' is missing", at: range, pointer: pointer,
                      fix: Fix(message: "insert '\"'", edits: [TextEdit(range: .at(range.end), replacement: "\"")]))
        case .invalidEscape(let escape):
            let fix: Fix? = escape.count == 2 && escape != "\\u"
                ? Fix(message: "remove the backslash", edits: [TextEdit(range: ByteRange(range.start, range.start + 1), replacement: "")])
                : nil
            let detail = escape == "\\u" ? "'\\u' needs four hex digits" : "invalid escape \(MessageText.quoted(escape)) in string"
            sink.emit(syntax, detail + "; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: range, pointer: pointer, fix: fix)
        case .controlCharacterInString(let byte):
            let escape = controlEscape(byte)
            sink.emit(syntax, "control character \(MessageText.codePoint(UInt32(byte))) must be escaped inside a string",
                      at: range, pointer: pointer,
                      fix: Fix(message: "replace it with '\(escape)'", edits: [TextEdit(range: range, replacement: escape)], applicability: .safe))
        case .invalidNumber(let problem):
            let (message, fix) = numberMessage(problem, text: source.text(in: range), range: range)
            sink.emit(syntax, message, at: range, pointer: pointer, fix: fix)
        case .singleQuotedString:
            sink.emit(syntax, "strings must be in double quotes, found \"'\"", at: ByteRange(range.start, range.start + 1), pointer: pointer)
        case .unquotedKey(let key):
            sink.emit(syntax, "object keys must be strings in double quotes, found \(MessageText.quoted(key))", at: range, pointer: pointer,
                      fix: Fix(message: "quote the key", edits: [TextEdit(range: range, replacement: JSONWriter.quoted(key))], applicability: .safe))
        case .invalidWhitespace(let value):
            sink.emit(syntax, "unexpected \(MessageText.codePoint(value)) (\(whitespaceName(value))); JSON allows only space, tab, line feed and carriage return",
                      at: range, pointer: pointer,
                      fix: Fix(message: "replace it with a space", edits: [TextEdit(range: range, replacement: " ")], applicability: .safe))
        case .trailingContent(let found):
            sink.emit(syntax, "unexpected \(describe(found)) after the top-level value", at: range, pointer: pointer)
        case .comment(let block):
            sink.emit(JSONCommentRule.descriptor, block ? "comments are not allowed in JSON (block comment)" : "comments are not allowed in JSON",
                      at: range, pointer: pointer,
                      fix: Fix(message: "remove the comment", edits: [TextEdit(range: wholeLineIfAlone(range, in: source), replacement: "")], applicability: .safe))
        case .trailingComma:
            let closer = nextSignificantByte(after: range.end, in: source).map { "'\(Character(UnicodeScalar($0)))'" } ?? "the end"
            sink.emit(JSONTrailingCommaRule.descriptor, "trailing comma before \(closer)", at: range, pointer: pointer,
                      fix: Fix(message: "remove the trailing comma", edits: [TextEdit(range: range, replacement: "")], applicability: .safe))
        case .duplicateKey(let key, let first):
            let firstBytes = source.bytes[max(0, first.start)..<min(first.end, source.bytes.count)]
            let thisBytes = source.bytes[max(0, range.start)..<min(range.end, source.bytes.count)]
            // Spelled alike, or alike once escapes are read (`"t"` and `"\u0074"`): the same key
            // for every decoder. Only keys whose scalars differ but Swift compares equal
            // (precomposed and decomposed) are one key on iOS and two on Android.
            let sameScalars = firstBytes.elementsEqual(thisBytes)
                || JSONParser.parse(Array(firstBytes)).root?.stringValue.map { $0.unicodeScalars.elementsEqual(key.unicodeScalars) } == true
            let message = sameScalars
                ? "duplicate key \(MessageText.quoted(key)) in the same object"
                : "keys \(MessageText.codePoints(source.text(in: first))) and \(MessageText.codePoints(source.text(in: range))) differ only in Unicode normalization: iOS (Swift) reads them as one key, Android as two"
            sink.emit(JSONDuplicateKeyRule.descriptor, message, at: range,
                      pointer: pointer, notes: [sink.note("\(MessageText.quoted(key)) first defined here", at: first)],
                      fix: root.flatMap { removalOfRepeatedMember(keyRange: range, firstKeyRange: first, in: $0, source: source) })
        case .invalidUTF8:
            let shown = source.bytes[max(0, range.start)..<min(range.end, source.bytes.count)].prefix(8)
                .map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            sink.emit(JSONInvalidUTF8Rule.descriptor, "invalid UTF-8 byte sequence \(shown)", at: range, pointer: pointer)
        case .loneSurrogate(let unit):
            sink.emit(JSONInvalidUTF8Rule.descriptor,
                      "lone surrogate '\\u\(String(unit, radix: 16, uppercase: true))' is not a character; a surrogate needs its pair",
                      at: range, pointer: pointer)
        case .unsupportedEncoding(let encoding):
            sink.emit(JSONInvalidUTF8Rule.descriptor,
                      "the file is encoded as \(encoding.rawValue); save it as UTF-8 (JSON is UTF-8: the dashboard, the backend and Android read nothing else)",
                      at: range, pointer: pointer)
        case .byteOrderMark:
            sink.emit(JSONByteOrderMarkRule.descriptor, "UTF-8 byte-order mark at the start of the file", at: range, pointer: pointer,
                      fix: Fix(message: "remove the byte-order mark", edits: [TextEdit(range: range, replacement: "")], applicability: .safe))
        case .tooDeep(let limit):
            sink.emit(JSONDepthRule.descriptor, "nesting deeper than \(limit) levels; this value is skipped", at: range, pointer: pointer)
        case .tooManyIssues(let limit):
            sink.emit(syntax, "too many syntax errors (\(limit)); stopped reading the file here", at: range, pointer: pointer)
        case .tooManyValues(let limit):
            sink.emit(syntax, "more than \(limit) objects, arrays and escaped strings; stopped reading the file here", at: range, pointer: pointer)
        }
    }

    /// Whether a token met where a separator was expected begins a value (a missing comma).
    static func startsValue(_ token: JSONSyntaxIssue.Token) -> Bool {
        switch token {
        case .string, .number: return true
        case .word(let word): return ["true", "false", "null"].contains(word)
        case .character(let c): return c == 0x7B || c == 0x5B
        case .endOfFile: return false
        }
    }

    static func describe(_ token: JSONSyntaxIssue.Token) -> String {
        switch token {
        case .endOfFile: return "end of file"
        case .string: return "a string"
        case .number: return "a number"
        case .word(let word): return MessageText.quoted(word)
        case .character(let value):
            guard let scalar = Unicode.Scalar(value), !MessageText.isUnsafeForDisplay(scalar), value != 0x20 else {
                return MessageText.codePoint(value)
            }
            return "'\(Character(scalar))'"
        }
    }

    /// A repeated member whose value is byte-for-byte the first one's can go: removing it
    /// (with the comma before it) changes nothing any reader sees. Values that differ get no fix:
    /// which one was meant is a person's call.
    static func removalOfRepeatedMember(keyRange: ByteRange, firstKeyRange: ByteRange, in root: JSONNode, source: SourceFile) -> Fix? {
        var node = root
        for _ in 0..<JSONParser.defaultMaxDepth {
            if let members = node.objectMembers {
                var previous: JSONNode.Member?
                var found: JSONNode.Member?
                for member in members {
                    if member.range.start <= keyRange.start && keyRange.start < max(member.range.end, member.keyRange.end) {
                        found = member
                        break
                    }
                    previous = member
                }
                guard let member = found else { return nil }
                if member.keyRange == keyRange {
                    guard let previous, let first = members.first(where: { $0.keyRange == firstKeyRange }),
                          source.text(in: first.value.range) == source.text(in: member.value.range) else { return nil }
                    return Fix(message: "remove this repeated member (its value is the same as the first one's)",
                               edits: [TextEdit(range: ByteRange(previous.value.range.end, member.value.range.end), replacement: "")],
                               applicability: .safe)
                }
                node = member.value
            } else if let elements = node.arrayElements {
                guard let element = elements.first(where: { $0.range.start <= keyRange.start && keyRange.start < $0.range.end }) else { return nil }
                node = element
            } else {
                return nil
            }
        }
        return nil
    }

    private static func numberMessage(_ problem: JSONSyntaxIssue.NumberProblem, text: String, range: ByteRange) -> (String, Fix?) {
        let shown = MessageText.quoted(text)
        switch problem {
        case .leadingZero:
            let negative = text.hasPrefix("-")
            var digits = Substring(negative ? String(text.dropFirst()) : text)
            while digits.count > 1, digits.first == "0", digits.dropFirst().first?.isNumber == true { digits = digits.dropFirst() }
            let fixed = (negative ? "-" : "") + digits
            return ("invalid number \(shown): leading zeros are not allowed",
                    Fix(message: "write '\(fixed)'", edits: [TextEdit(range: range, replacement: fixed)], applicability: .safe))
        case .leadingPlus:
            return ("invalid number \(shown): a leading '+' is not allowed",
                    Fix(message: "remove the '+'", edits: [TextEdit(range: ByteRange(range.start, range.start + 1), replacement: "")], applicability: .safe))
        case .missingIntegerDigits:
            if text.hasPrefix(".") || text.hasPrefix("-.") {
                let fixed = text.hasPrefix("-") ? "-0" + text.dropFirst() : "0" + text
                return ("invalid number \(shown): a digit is needed before '.'",
                        Fix(message: "write '\(fixed)'", edits: [TextEdit(range: range, replacement: fixed)], applicability: .safe))
            }
            return ("invalid number \(shown): expected a digit", nil)
        case .missingFractionDigits:
            return ("invalid number \(shown): expected a digit after '.'", nil)
        case .missingExponentDigits:
            return ("invalid number \(shown): expected a digit in the exponent", nil)
        case .hexadecimal:
            let negative = text.hasPrefix("-")
            let hex = text.dropFirst(negative ? 3 : 2)
            if let value = Int64(hex, radix: 16) {
                let fixed = (negative ? "-" : "") + String(value)
                return ("invalid number \(shown): hexadecimal numbers are not JSON",
                        Fix(message: "write '\(fixed)'", edits: [TextEdit(range: range, replacement: fixed)], applicability: .safe))
            }
            return ("invalid number \(shown): hexadecimal numbers are not JSON", nil)
        case .notANumber(let word):
            return ("\(MessageText.quoted(word)) is not a JSON number", nil)
        case .trailingCharacters:
            return ("invalid number \(shown)", nil)
        }
    }

    private static func controlEscape(_ byte: UInt8) -> String {
        switch byte {
        case 0x09: return "\\t"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        default: return JSONWriter.quoted(String(UnicodeScalar(byte))).dropFirst().dropLast().description
        }
    }

    private static func whitespaceName(_ value: UInt32) -> String {
        switch value {
        case 0x0B: return "vertical tab"
        case 0x0C: return "form feed"
        case 0xA0: return "no-break space"
        case 0x2028: return "line separator"
        case 0x2029: return "paragraph separator"
        case 0x3000: return "ideographic space"
        case 0xFEFF: return "byte-order mark"
        default: return "whitespace"
        }
    }

    /// Where to insert a missing separator: right after the previous significant byte, so the
    /// fix reads `"a": 1,` rather than putting the comma at the start of the next line.
    private static func insertionPoint(before offset: Int, in source: SourceFile) -> ByteRange {
        var i = min(offset, source.bytes.count)
        while i > 0, [0x20, 0x09, 0x0A, 0x0D].contains(source.bytes[i - 1]) { i -= 1 }
        return .at(i)
    }

    private static func nextSignificantByte(after offset: Int, in source: SourceFile) -> UInt8? {
        var i = offset
        while i < source.bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(source.bytes[i]) { i += 1 }
        return i < source.bytes.count ? source.bytes[i] : nil
    }

    /// A comment alone on its line is removed with its indentation and line break.
    private static func wholeLineIfAlone(_ range: ByteRange, in source: SourceFile) -> ByteRange {
        let bytes = source.bytes
        var start = range.start
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { return range }
        var end = range.end
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        if end < bytes.count, bytes[end] == 0x0D { end += 1 }
        if end < bytes.count, bytes[end] == 0x0A { end += 1 }
        guard end == bytes.count || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D else { return range }
        return ByteRange(start, end)
    }
}
