import JSONSyntax

/// How swift-foundation's `JSONDecoder` (iOS 17+) treats the syntax errors the parser reports,
/// learned by running the SDK's decoder (the iOS oracle) on each kind: its scanner checks a
/// document's structure up front but turns a number or a string into a value only when a field
/// asks for it, and it accepts trailing commas.
///
/// - A trailing comma (`[1,]`, `{"a": 1,}`) is no error at all on iOS.
/// - *Deferred* errors fail the decode only where iOS reads the value (a field it decodes, or any
///   key of an object it decodes): a number token that starts with `-` or a digit and holds only
///   digits, `.`, `e`, `E`, `+`, `-` (`012`, `1.`, `1e`, `-`, `1.5.5`); inside a string, a lone
///   surrogate, a bad escape (`\q`, `\x41`, `\u12G4`: a `\u` takes the next four bytes, so one
///   that reaches the closing quote is structural), a control character or bytes that are not UTF-8.
/// - Everything else (a comment, `+1`, `.5`, `0x10`, `12abc`, `NaN`, single quotes, a missing
///   comma, not UTF-8 outside a string, …) fails the whole decode wherever it is.
enum IOSDeferredSyntax {
    /// What iOS makes of one issue.
    enum Verdict {
        case accepted, deferred, fails
    }

    static func verdict(_ issue: JSONSyntaxIssue, bytes: [UInt8], root: JSONNode?) -> Verdict {
        let range = issue.range
        switch issue.kind {
        case .trailingComma:
            return .accepted
        case .invalidNumber:
            guard range.start < range.end, range.end <= bytes.count else { return .fails }
            let token = bytes[range.start..<range.end]
            let first = token[token.startIndex]
            let startsAsNumber = first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
            let numberBytes = token.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e")
                    || $0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
            }
            return startsAsNumber && numberBytes ? .deferred : .fails
        case .loneSurrogate, .controlCharacterInString:
            return .deferred
        case .invalidEscape:
            // `\u` and the four bytes after it, none of them the closing quote.
            guard range.start + 1 < bytes.count, bytes[range.start + 1] == UInt8(ascii: "u") else { return .deferred }
            let after = range.start + 2
            guard after + 4 <= bytes.count else { return .fails }
            return bytes[after..<after + 4].contains(UInt8(ascii: "\"")) ? .fails : .deferred
        case .invalidUTF8:
            guard let root else { return .fails }
            return isInsideString(range.start, root) ? .deferred : .fails
        default:
            return .fails
        }
    }

    /// Whether `offset` lies inside a string (a value or a key) of the tree.
    static func isInsideString(_ offset: Int, _ node: JSONNode) -> Bool {
        var node = node
        while true {
            if node.kind == .string { return node.range.start < offset && offset < node.range.end }
            if let members = node.objectMembers {
                guard let member = members.first(where: { $0.range.start <= offset && offset < $0.range.end }) else { return false }
                if member.keyRange.start <= offset && offset < member.keyRange.end { return true }
                node = member.value
            } else if let elements = node.arrayElements {
                guard let element = elements.first(where: { $0.range.start <= offset && offset < $0.range.end }) else { return false }
                node = element
            } else {
                return false
            }
        }
    }
}

/// What iOS's `JSONDecoder` makes of a number for `UInt` (`itunes_track_id`): an integer
/// literal exactly; anything with a fraction or an exponent through `Double`, then
/// `UInt64(exactly:)`, so `18446744073709551615.0` (which rounds to 2^64) fails and
/// `9007199254740993.0` reads as 9007199254740992.
enum IOSNumber {
    static func uint64(_ number: JSONNumber) -> UInt64? {
        if number.isIntegerLiteral { return number.exactUInt64Value }
        guard let double = Double(number.text) else { return nil }
        return UInt64(exactly: double)
    }
}
