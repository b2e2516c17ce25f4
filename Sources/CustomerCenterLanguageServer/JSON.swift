import JSONSyntax

/// A JSON value as the protocol uses it: messages in and out. Incoming bytes are parsed by the
/// project's own parser (`JSONSyntax`) and converted; outgoing values are written compactly.
package indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    /// Members in order (keys are unique: built by this module or from a parsed object).
    case object([(String, JSON)])

    package static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.int(a), .double(b)), let (.double(b), .int(a)): return Double(a) == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && a.allSatisfy { member in b.contains { $0.0 == member.0 && $0.1 == member.1 } }
        default: return false
        }
    }

    /// The member `key` of an object.
    package subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    /// The element at `index` of an array.
    package subscript(index: Int) -> JSON? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The text of a string.
    package var string: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The value of a boolean.
    package var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The elements of an array.
    package var array: [JSON]? { if case .array(let a) = self { return a } else { return nil } }
    /// Whether it is `null`.
    package var isNull: Bool { if case .null = self { return true } else { return false } }

    /// A whole number (`3` or `3.0`).
    package var int: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 9e15: return Int(d)
        default: return nil
        }
    }

    /// Parses one message body; `nil` when it is not JSON.
    package static func parse(_ bytes: [UInt8]) -> JSON? {
        let parsed = JSONParser.parse(bytes)
        guard parsed.issues.isEmpty, let root = parsed.root else { return nil }
        return JSON(root)
    }

    init(_ value: JSONValue) {
        switch value.kind {
        case .object(let members): self = .object(members.map { ($0.key, JSON($0.value)) })
        case .array(let elements): self = .array(elements.map(JSON.init))
        case .string(let text): self = .string(text)
        case .number(let number):
            if let whole = Int(number.text) { self = .int(whole) } else { self = .double(number.doubleValue) }
        case .bool(let flag): self = .bool(flag)
        case .null, .invalid: self = .null
        }
    }

    /// Compact UTF-8 text.
    package var serialized: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .int(let value): out += Array(String(value).utf8)
        case .double(let value):
            out += Array((value.isFinite ? (value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)) : "null").utf8)
        case .string(let text): out += Array(JSONWriter.quoted(text).utf8)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out += Array(JSONWriter.quoted(member.0).utf8)
                out.append(UInt8(ascii: ":"))
                member.1.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSON)...) { self = .object(elements) }
    package init(nilLiteral: ()) { self = .null }
}
