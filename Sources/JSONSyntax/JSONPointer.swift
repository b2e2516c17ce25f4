/// RFC 6901 JSON pointers: building, escaping, and finding the node at a byte offset.
///
/// A pointer is a chain of tokens sharing its prefix with the pointer it was appended to, so
/// `appending` costs one small node, not a copy of every token (a config holds many thousands).
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
    final class Node: Sendable {
        let parent: Node?
        let token: String
        let depth: Int

        init(parent: Node?, token: String) {
            self.parent = parent
            self.token = token
            self.depth = (parent?.depth ?? 0) + 1
        }
    }

    private let last: Node?

    private init(last: Node?) { self.last = last }

    /// The pointer to the whole document (`""`).
    public static let root = JSONPointer(last: nil)

    /// Creates a pointer from unescaped reference tokens.
    public init(tokens: [String]) {
        var node: Node?
        for token in tokens { node = Node(parent: node, token: token) }
        self.last = node
    }

    /// The reference tokens, unescaped, outermost first.
    public var tokens: [String] {
        var result: [String] = []
        var node = last
        while let current = node {
            result.append(current.token)
            node = current.parent
        }
        return result.reversed()
    }

    /// The number of tokens.
    public var depth: Int { last?.depth ?? 0 }

    /// Parses the string form (`/a/b~1c`); `nil` when it does not start with `/` and is not empty.
    public init?(parsing text: String) {
        if text.isEmpty { self.init(last: nil); return }
        guard text.hasPrefix("/") else { return nil }
        self.init(tokens: text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences("~1", with: "/").replacingOccurrences("~0", with: "~")
        })
    }

    /// The same pointer made of nodes of its own (equal, and no node shared with `self`): a
    /// thread that appends to a pointer retains its last node, so a thread reading beside
    /// another appends to a pointer of its own (see `JSONTape.forAnotherThread`).
    package func forAnotherThread() -> JSONPointer { JSONPointer(tokens: tokens) }

    /// This pointer extended by an object key.
    public func appending(_ key: String) -> JSONPointer { JSONPointer(last: Node(parent: last, token: key)) }

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

    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        var a = lhs.last, b = rhs.last
        guard a?.depth == b?.depth else { return false }
        while let x = a, let y = b {
            if x === y { return true }
            if x.token != y.token { return false }
            a = x.parent
            b = y.parent
        }
        return a == nil && b == nil
    }

    public func hash(into hasher: inout Hasher) {
        var node = last
        hasher.combine(depth)
        while let current = node {
            hasher.combine(current.token)
            node = current.parent
        }
    }

    /// Whether `self` is `other` or lies inside it.
    public func hasPrefix(_ other: JSONPointer) -> Bool {
        var node = last
        while let current = node, current.depth > other.depth { node = current.parent }
        return JSONPointer(last: node) == other
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description < rhs.description
    }

    /// The pointer of the innermost node of `root` whose range contains `offset` (the member's
    /// value when the offset is on a key).
    package static func innermost(at offset: Int, in root: JSONNode) -> JSONPointer {
        var pointer = JSONPointer.root
        var node = root
        while true {
            if let members = node.objectMembers {
                var found: JSONNode.Member?
                for member in members where member.keyRange.start <= offset { found = member }
                guard let member = found, member.range.contains(offset) || member.keyRange.contains(offset) else { return pointer }
                pointer = pointer.appending(member.key)
                node = member.value
            } else if let elements = node.arrayElements {
                var found: (offset: Int, element: JSONNode)?
                for (index, element) in elements.enumerated() where element.range.start <= offset { found = (index, element) }
                guard let (index, element) = found, element.range.contains(offset) else { return pointer }
                pointer = pointer.appending(index)
                node = element
            } else {
                return pointer
            }
        }
    }

    /// The node this pointer names in `root`, if any (the first member for a repeated key).
    package func resolve(in root: JSONValue) -> JSONValue? {
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
    /// Replaces every occurrence of `target` (no Foundation needed). Package-internal: not part
    /// of the library's API.
    package func replacingOccurrences(_ target: String, with replacement: String) -> String {
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
