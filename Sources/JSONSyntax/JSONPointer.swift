/// RFC 6901 JSON pointers: building, escaping, and finding the node at a byte offset.
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    public private(set) var tokens: [String]

    /// The pointer to the whole document (`""`).
    public static let root = JSONPointer(tokens: [])

    /// Creates a pointer from unescaped reference tokens.
    public init(tokens: [String]) { self.tokens = tokens }

    /// Parses the string form (`/a/b~1c`); `nil` when it does not start with `/` and is not empty.
    public init?(parsing text: String) {
        if text.isEmpty { self.tokens = []; return }
        guard text.hasPrefix("/") else { return nil }
        self.tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences("~1", with: "/").replacingOccurrences("~0", with: "~")
        }
    }

    /// This pointer extended by an object key.
    public func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(key)
        return copy
    }

    /// This pointer extended by an array index.
    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// The escaped string form: `~` as `~0`, `/` as `~1`.
    public var description: String {
        var out = ""
        for token in tokens {
            out.append("/")
            for ch in token.unicodeScalars {
                switch ch {
                case "~": out.append("~0")
                case "/": out.append("~1")
                default: out.unicodeScalars.append(ch)
                }
            }
        }
        return out
    }

    /// Whether `self` is `other` or lies inside it.
    public func hasPrefix(_ other: JSONPointer) -> Bool {
        other.tokens.count <= tokens.count && zip(tokens, other.tokens).allSatisfy { $0 == $1 }
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description < rhs.description
    }

    /// The pointer of the innermost node of `root` whose range contains `offset` (the member's
    /// value when the offset is on a key).
    public static func innermost(at offset: Int, in root: JSONValue) -> JSONPointer {
        var pointer = JSONPointer.root
        var node = root
        while true {
            switch node.kind {
            case .object(let members):
                guard let member = members.last(where: { $0.range.start <= offset }),
                      member.range.contains(offset) || member.keyRange.contains(offset) else { return pointer }
                pointer.tokens.append(member.key)
                node = member.value
            case .array(let elements):
                guard let index = elements.lastIndex(where: { $0.range.start <= offset }),
                      elements[index].range.contains(offset) else { return pointer }
                pointer.tokens.append(String(index))
                node = elements[index]
            default:
                return pointer
            }
        }
    }

    /// The node this pointer names in `root`, if any (the first member for a repeated key).
    public func resolve(in root: JSONValue) -> JSONValue? {
        var node = root
        for token in tokens {
            switch node.kind {
            case .object(let members):
                guard let member = members.first(where: { $0.key == token }) else { return nil }
                node = member.value
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return node
    }
}

extension StringProtocol {
    /// Replaces every occurrence of `target` (no Foundation needed).
    public func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return String(self) }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
