/// A half-open range of UTF-8 byte offsets into the source bytes.
///
/// Stored as two `UInt32`s: a node costs 8 bytes of position, and inputs are capped below 4 GiB
/// by the reader.
public struct ByteRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    @usableFromInline let startStorage: UInt32
    @usableFromInline let endStorage: UInt32

    /// Creates a range from `start` (inclusive) to `end` (exclusive).
    @inlinable
    public init(_ start: Int, _ end: Int) {
        startStorage = UInt32(truncatingIfNeeded: start)
        endStorage = UInt32(truncatingIfNeeded: max(start, end))
    }

    /// An empty range at `offset`.
    @inlinable
    public static func at(_ offset: Int) -> ByteRange { ByteRange(offset, offset) }

    /// The first byte offset.
    @inlinable public var start: Int { Int(startStorage) }
    /// The offset just past the last byte.
    @inlinable public var end: Int { Int(endStorage) }
    /// The number of bytes covered.
    @inlinable public var count: Int { end - start }

    /// Whether `offset` lies inside the range (or equals its start when empty).
    @inlinable
    public func contains(_ offset: Int) -> Bool {
        offset >= start && (offset < end || (offset == start && start == end))
    }

    /// The smallest range covering both.
    @inlinable
    public func union(_ other: ByteRange) -> ByteRange {
        ByteRange(min(start, other.start), max(end, other.end))
    }

    public static func < (lhs: ByteRange, rhs: ByteRange) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }

    public var description: String { "\(start)..<\(end)" }
}

/// One node of the positioned JSON tree.
public struct JSONValue: Sendable, Equatable {
    /// What the node is, with its children or scalar payload.
    public enum Kind: Sendable, Equatable {
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        case number(JSONNumber)
        case bool(Bool)
        case null
        /// A value the parser could not read; a syntax issue has been recorded for it.
        case invalid
    }

    /// The node's content.
    public var kind: Kind
    /// The bytes the node spans, brackets and quotes included.
    public var range: ByteRange

    /// Creates a node.
    public init(_ kind: Kind, range: ByteRange) {
        self.kind = kind
        self.range = range
    }

    /// The members, when the node is an object.
    @inlinable
    public var objectMembers: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The elements, when the node is an array.
    @inlinable
    public var arrayElements: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The text, when the node is a string.
    @inlinable
    public var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The first member named `key`, when the node is an object.
    public func member(_ key: String) -> JSONMember? {
        objectMembers?.first { $0.key == key }
    }

    /// The JSON type's name as users know it: "object", "array", "string", "number", "boolean", "null".
    public var typeName: String {
        switch kind {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .invalid: return "invalid value"
        }
    }

    /// Equality as data: same kinds and payloads, ignoring positions.
    public func isSameData(as other: JSONValue) -> Bool {
        switch (kind, other.kind) {
        case let (.object(a), .object(b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key == $1.key && $0.value.isSameData(as: $1.value) }
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isSameData(as: $1) }
        case let (.string(a), .string(b)): return a == b
        case let (.number(a), .number(b)): return a.text == b.text
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null), (.invalid, .invalid): return true
        default: return false
        }
    }
}

/// A `"key": value` pair of an object, in source order.
public struct JSONMember: Sendable, Equatable {
    /// The decoded key.
    public var key: String
    /// The key's bytes, quotes included.
    public var keyRange: ByteRange
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, keyRange: ByteRange, value: JSONValue) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }

    /// From the key's first byte to the value's last.
    public var range: ByteRange { keyRange.union(value.range) }
}

/// A number exactly as written, converted on demand.
public struct JSONNumber: Sendable, Equatable, CustomStringConvertible {
    /// The source text, which the canonical writer reproduces unchanged.
    public var text: String

    /// Creates a number from its (grammatically valid) source text.
    public init(text: String) { self.text = text }

    /// Whether the text has no fraction and no exponent.
    public var isIntegerLiteral: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The exact value when it is an integer that fits in `Int64` (`1e3` and `2.0` count: they are integral).
    public var int64Value: Int64? {
        if isIntegerLiteral { return Int64(text) }
        guard let double = Double(text), double.isFinite, double == double.rounded(.towardZero),
              double >= -9.223372036854775e18, double < 9.223372036854775e18 else { return nil }
        // `1e-400` underflows to 0 but is a fraction, not zero.
        if double == 0, text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first?.contains(where: { $0 >= "1" && $0 <= "9" }) == true {
            return nil
        }
        return Int64(double)
    }

    /// The nearest `Double`; infinite when the magnitude overflows (e.g. `1e999999`).
    public var doubleValue: Double { Double(text) ?? .nan }

    public var description: String { text }
}
