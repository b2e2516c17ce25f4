import CustomerCenterCompiler
import JSONSyntax
import TestSupport
@testable import CustomerCenterLanguageServer

/// The edits an `EditWalk` makes inside the screens' `paths` and inside `promotional_offers`, as
/// a person editing them does: a letter typed in (or deleted from) a path's or an offer's string
/// (its id, type, url, title key, offer key, store id), a path added (with a new id or one
/// already used, a built-in type or not) or removed, an offer key set on a path, a value replaced
/// by another kind, an offer added, removed or renamed.
extension EditWalk {
    /// Path ids typed: new ones and ids the fixtures use (a duplicate id across screens).
    static let pathIDs = ["restore", "cancel", "a", "d", "path_new", "x y"]
    /// Path types typed: built-in ones (a duplicate type on a screen), others, an unknown one.
    static let pathTypes = ["CANCEL", "MISSING_PURCHASE", "REFUND_REQUEST", "CUSTOM_URL", "CUSTOM_ACTION", "NOPE"]
    /// Offer keys typed: the fixtures' and new ones.
    static let offerNames = ["stay", "other", "offer-0", "new_offer"]

    /// Where the paths (every screen's, in document order) and the offers are in the walk's
    /// text; `nil` when it does not parse cleanly.
    func elements() -> (paths: [(list: ByteRange, path: JSONNode)], offers: JSONNode?)? {
        let parsed = JSONParser.parseTape(bytes)
        guard parsed.issues.isEmpty, let root = parsed.root else { return nil }
        var paths: [(ByteRange, JSONNode)] = []
        if let screens = root.member("screens")?.value.objectMembers {
            for screen in screens {
                guard let list = screen.value.member("paths")?.value, let elements = list.arrayElements else { continue }
                for path in elements { paths.append((list.range, path)) }
            }
        }
        return (paths, root.member("promotional_offers")?.value)
    }

    /// One edit of a path or an offer; `false` when the text has neither.
    mutating func editElement() -> Bool {
        guard let (paths, offers) = elements() else { return false }
        func pick<T>(_ values: [T]) -> T { values[generator.next(values.count)] }
        func quoted(_ text: String) -> String { "\"\(text)\"" }
        /// A letter typed in, or a character deleted from, one of `node`'s string values (nested ones too).
        func typeInString(of node: JSONNode) -> Bool {
            var strings: [ByteRange] = []
            func collect(_ node: JSONNode) {
                if node.kind == .string { strings.append(node.range) }
                if let members = node.objectMembers { for member in members { collect(member.value) } }
                if let elements = node.arrayElements { for element in elements { collect(element) } }
            }
            collect(node)
            guard !strings.isEmpty else { return false }
            let literal = pick(strings)
            let inner = (literal.start + 1)..<(literal.end - 1)
            if generator.next(3) == 0, !inner.isEmpty {
                let offset = boundary(inner.lowerBound + generator.next(inner.count))
                let end = min(inner.upperBound, scalars(from: offset, count: 1))
                apply(offset: offset, length: end - offset, text: [])
            } else {
                let offset = boundary(inner.lowerBound + generator.next(inner.count + 1))
                apply(offset: offset, length: 0, text: Array(pick(["a", "Z", "_", "-", "/", " ", "1", "é"]).utf8))
            }
            return true
        }
        func newPath() -> String {
            let type = pick(Self.pathTypes)
            var fields = ["\"id\": \(quoted(pick(Self.pathIDs)))", "\"type\": \(quoted(type))", "\"title_key\": \(quoted(pick(Self.keyNames)))"]
            if type == "CUSTOM_URL" { fields.append("\"url\": \(quoted(pick(["https://example.com/x", "myapp://x", "nope"])))") }
            if type == "CUSTOM_ACTION" { fields.append("\"action_identifier\": \"act\"") }
            if generator.next(3) == 0 { fields.append("\"promotional_offer_key\": \(quoted(pick(Self.offerNames)))") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let onOffers = offers?.objectMembers.map { !$0.isEmpty } == true && (paths.isEmpty || generator.next(3) == 0)
        if onOffers, let offers, let members = offers.objectMembers.map(Array.init) {
            let offer = pick(members)
            switch generator.next(6) {
            case 0, 1, 2: return typeInString(of: offer.value)
            case 3:
                // Renamed.
                apply(offset: offer.keyRange.start, length: offer.keyRange.count, text: Array(quoted(pick(Self.offerNames + ["o\(generator.next(100))"])).utf8))
            case 4:
                // Removed, with the comma before it (or after it, when it is the first).
                if let index = members.firstIndex(where: { $0.range == offer.range }), index > 0 {
                    let start = members[index - 1].range.end
                    apply(offset: start, length: offer.range.end - start, text: [])
                } else if members.count > 1 {
                    apply(offset: offer.range.start, length: members[1].range.start - offer.range.start, text: [])
                } else {
                    apply(offset: offer.range.start, length: offer.range.count, text: [])
                }
            default:
                // Added after it.
                let ids = pick([#""ios_offer_id": "x""#, #""android_offer_id": "y""#, #""ios_offer_id": "x", "android_offer_id": "y""#])
                let text = ", \(quoted(pick(Self.offerNames))): {\(ids), \"title_key\": \(quoted(pick(Self.keyNames))), \"subtitle_key\": \"shared\"}"
                apply(offset: offer.range.end, length: 0, text: Array(text.utf8))
            }
            return true
        }
        guard !paths.isEmpty else { return false }
        let (list, path) = pick(paths)
        switch generator.next(8) {
        case 0, 1, 2: return typeInString(of: path)
        case 3:
            // A path added after this one.
            apply(offset: path.range.end, length: 0, text: Array(", \(newPath())".utf8))
        case 4:
            // This path removed, with the comma before or after it.
            let siblings = paths.filter { $0.list == list }.map(\.path.range)
            guard let index = siblings.firstIndex(of: path.range) else { return false }
            if index > 0 {
                apply(offset: siblings[index - 1].end, length: path.range.end - siblings[index - 1].end, text: [])
            } else if siblings.count > 1 {
                apply(offset: path.range.start, length: siblings[1].start - path.range.start, text: [])
            } else {
                apply(offset: path.range.start, length: path.range.count, text: [])
            }
        case 5:
            // An offer key set first.
            apply(offset: path.range.start + 1, length: 0, text: Array("\"promotional_offer_key\": \(quoted(pick(Self.offerNames))), ".utf8))
        case 6:
            // A value replaced by another kind.
            guard let fields = path.objectMembers.map(Array.init), !fields.isEmpty else { return false }
            let field = pick(fields)
            apply(offset: field.value.range.start, length: field.value.range.count, text: Array(pick(["1", "null", "\"\"", "[]", "{}"]).utf8))
        default:
            // The type replaced.
            guard let type = path.member("type")?.value else { return false }
            apply(offset: type.range.start, length: type.range.count, text: Array(quoted(pick(Self.pathTypes)).utf8))
        }
        return true
    }
}
