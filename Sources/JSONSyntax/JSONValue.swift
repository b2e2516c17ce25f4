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
package struct JSONValue: Sendable, Equatable {
    /// What the node is, with its children or scalar payload.
    package enum Kind: Sendable, Equatable {
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
    package var kind: Kind
    /// The bytes the node spans, brackets and quotes included.
    package var range: ByteRange

    /// Creates a node.
    package init(_ kind: Kind, range: ByteRange) {
        self.kind = kind
        self.range = range
    }

    /// The members, when the node is an object.
    @inlinable
    package var objectMembers: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The elements, when the node is an array.
    @inlinable
    package var arrayElements: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The text, when the node is a string.
    @inlinable
    package var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The first member named `key`, when the node is an object.
    package func member(_ key: String) -> JSONMember? {
        objectMembers?.first { $0.key == key }
    }

    /// What the node is, without its content.
    package var shape: JSONKind {
        switch kind {
        case .object: return .object
        case .array: return .array
        case .string: return .string
        case .number: return .number
        case .bool: return .bool
        case .null: return .null
        case .invalid: return .invalid
        }
    }

    /// The JSON type's name as users know it: "object", "array", "string", "number", "boolean", "null".
    package var typeName: String { shape.typeName }

    /// Equality as data: same kinds and payloads, ignoring positions.
    package func isSameData(as other: JSONValue) -> Bool {
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
package struct JSONMember: Sendable, Equatable {
    /// The decoded key.
    package var key: String
    /// The key's bytes, quotes included.
    package var keyRange: ByteRange
    /// The member's value.
    package var value: JSONValue

    /// Creates a member.
    package init(key: String, keyRange: ByteRange, value: JSONValue) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }

    /// From the key's first byte to the value's last.
    package var range: ByteRange { keyRange.union(value.range) }
}

/// A number exactly as written, converted on demand.
package struct JSONNumber: Sendable, Equatable, CustomStringConvertible {
    /// The source text, which the canonical writer reproduces unchanged.
    package var text: String

    /// Creates a number from its (grammatically valid) source text.
    package init(text: String) { self.text = text }

    /// Whether the text has no fraction and no exponent.
    package var isIntegerLiteral: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The exact value when it is an integer that fits in `Int64` (`1e3` and `2.0` count: they are integral).
    package var int64Value: Int64? {
        if isIntegerLiteral { return Int64(text) }
        guard let double = Double(text), double.isFinite, double == double.rounded(.towardZero),
              double >= -9.223372036854775e18, double < 9.223372036854775e18 else { return nil }
        // `1e-400` underflows to 0 but is a fraction, not zero.
        if double == 0, text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first?.contains(where: { $0 >= "1" && $0 <= "9" }) == true {
            return nil
        }
        return Int64(double)
    }

    /// The exact value when it is a whole number from 0 to `UInt64.max`, in any notation
    /// (`12.0`, `1e19`, `100000000000000000000e-1`): what Swift's `JSONDecoder` accepts for `UInt`.
    package var exactUInt64Value: UInt64? {
        var digits: [UInt8] = []
        var exponent = 0
        var fractionDigits = 0
        var inFraction = false
        var negative = false
        var utf8 = text.utf8[...]
        if utf8.first == UInt8(ascii: "-") { negative = true; utf8 = utf8.dropFirst() }
        var exponentText: Substring.UTF8View?
        for (index, byte) in zip(utf8.indices, utf8) {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Leading zeros carry no value; the count of digits stays bounded.
                if digits.isEmpty, byte == UInt8(ascii: "0") {
                    if inFraction { fractionDigits += 1 }
                    continue
                }
                guard digits.count < 400 else { return nil }
                digits.append(byte - UInt8(ascii: "0"))
                if inFraction { fractionDigits += 1 }
            case UInt8(ascii: "."):
                inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                exponentText = Substring(text)[index...].utf8.dropFirst()
            default:
                return nil
            }
            if exponentText != nil { break }
        }
        if let exponentText {
            guard let value = Int(String(decoding: exponentText, as: UTF8.self).replacingOccurrences("+", with: "")),
                  abs(value) < 100_000 else { return digits.isEmpty ? 0 : nil }
            exponent = value
        }
        guard !digits.isEmpty else { return 0 }
        if negative { return nil }
        // value = digits × 10^(exponent − fractionDigits)
        var scale = exponent - fractionDigits
        while scale < 0, digits.last == 0 { digits.removeLast(); scale += 1 }
        guard scale >= 0 else { return nil }
        var result: UInt64 = 0
        for digit in digits {
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            result = sum
        }
        for _ in 0..<scale {
            let (times, overflow) = result.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            result = times
        }
        return result
    }

    /// The nearest `Double`; infinite when the magnitude overflows (e.g. `1e999999`).
    package var doubleValue: Double { Double(text) ?? .nan }

    package var description: String { text }
}
