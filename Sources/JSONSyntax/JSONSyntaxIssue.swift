/// Something wrong with the JSON text itself, found while parsing.
///
/// The parser records these and keeps going; the compiler turns each into a diagnostic with a
/// `json.*` rule id. Messages live with that mapping, not here.
package struct JSONSyntaxIssue: Sendable, Equatable {
    /// What went wrong.
    package var kind: Kind
    /// Where: the offending bytes, or an empty range where something is missing.
    package var range: ByteRange

    /// Creates an issue.
    package init(_ kind: Kind, _ range: ByteRange) {
        self.kind = kind
        self.range = range
    }

    /// What the grammar needed where it found something else: typed, so the compiler picks
    /// messages and fixes by case, not by matching text.
    package enum Expectation: UInt8, Sendable, Equatable, CustomStringConvertible {
        /// The document's top-level value (the file is empty or blank).
        case jsonValue
        /// A value: an element of an array, or a member's value.
        case value
        /// A member's key.
        case stringKey
        /// The ':' between a key and its value.
        case colonAfterKey
        /// What follows an array's element.
        case commaOrArrayEnd
        /// What follows an object's member.
        case commaOrObjectEnd

        /// How messages name it: `a value`, `',' or '}'`.
        package var description: String {
            switch self {
            case .jsonValue: "a JSON value"
            case .value: "a value"
            case .stringKey: "a string key"
            case .colonAfterKey: "':' after the key"
            case .commaOrArrayEnd: "',' or ']'"
            case .commaOrObjectEnd: "',' or '}'"
            }
        }
    }

    /// The kinds of syntax problem the parser distinguishes.
    package enum Kind: Sendable, Equatable {
        /// A token other than the one the grammar needs here.
        case unexpected(expected: Expectation, found: Token)
        /// The file ends inside objects or arrays: reported once, for the innermost one (`opening`
        /// is its bracket); `closers` closes every open container, innermost first.
        case unclosed(bracket: UInt8, opening: ByteRange, closers: [UInt8])
        /// A closing bracket that does not match the open one (`[1, 2}`).
        case mismatchedBracket(found: UInt8, expected: UInt8, opening: ByteRange)
        /// A string that reaches the end of the line or file without its closing quote.
        case unterminatedString
        /// A backslash escape JSON does not have (`\x`, `\'`), or a `\u` without four hex digits.
        case invalidEscape(String)
        /// A raw control character (U+0000–U+001F) inside a string.
        case controlCharacterInString(UInt8)
        /// A number that is not valid JSON, with the reason.
        case invalidNumber(NumberProblem)
        /// A string in single quotes.
        case singleQuotedString
        /// An object key without quotes.
        case unquotedKey(String)
        /// Whitespace JSON does not allow (no-break space, form feed, …), by code point.
        case invalidWhitespace(UInt32)
        /// Content after the top-level value.
        case trailingContent(found: Token)
        /// A `//` or `/* */` comment.
        case comment(block: Bool)
        /// A comma before `}` or `]`; `range` is the comma.
        case trailingComma
        /// A key given twice in one object; `range` is the second key.
        case duplicateKey(String, first: ByteRange)
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// A `\uD800`–`\uDFFF` escape without its partner.
        case loneSurrogate(UInt16)
        /// The whole file is in a Unicode encoding other than UTF-8.
        case unsupportedEncoding(TextEncoding)
        /// A UTF-8 byte-order mark at the start.
        case byteOrderMark
        /// Nesting deeper than the limit; the nested value is skipped.
        case tooDeep(limit: Int)
        /// The parser stopped reporting after this many issues.
        case tooManyIssues(limit: Int)
        /// The file holds more objects, arrays and escaped strings than the parser can number;
        /// it stopped reading here.
        case tooManyValues(limit: Int)
    }

    /// What the parser met instead of what it expected.
    package enum Token: Sendable, Equatable {
        case endOfFile
        case character(UInt32)
        case word(String)
        case string
        case number
    }

    /// Why a number is not valid JSON.
    package enum NumberProblem: Sendable, Equatable {
        case leadingZero
        case leadingPlus
        case missingIntegerDigits
        case missingFractionDigits
        case missingExponentDigits
        case hexadecimal
        case notANumber(String)
        case trailingCharacters
    }

    /// A Unicode encoding scheme recognised by its byte-order mark or NUL pattern.
    package enum TextEncoding: String, Sendable, Equatable {
        case utf16BigEndian = "UTF-16BE"
        case utf16LittleEndian = "UTF-16LE"
        case utf32BigEndian = "UTF-32BE"
        case utf32LittleEndian = "UTF-32LE"
    }
}

/// What `JSONParser.parse` returns: the best tree it could build and every issue it met.
package struct JSONParseResult: Sendable {
    /// The top-level value; `nil` when the file holds none (empty, or not UTF-8).
    package var root: JSONValue?
    /// Issues in the order found.
    package var issues: [JSONSyntaxIssue]

    /// Creates a result.
    package init(root: JSONValue?, issues: [JSONSyntaxIssue]) {
        self.root = root
        self.issues = issues
    }
}
