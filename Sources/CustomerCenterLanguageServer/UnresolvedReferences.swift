import CustomerCenterCompiler
import JSONSyntax

/// The findings of references to no key or no offer (`ref.unresolved-string`,
/// `ref.unresolved-offer`) that an edit of paths or offers adds or removes: typing a `*_key` or
/// a `promotional_offer_key` makes one at nearly every letter. A reduced copy finds them (it keeps
/// the table members and offers the segment names, so a reference resolves in it exactly when it
/// does in the whole config), but suggests the nearest key of its own reduced table; the whole
/// check suggests the nearest of the whole table or offers, while the file's budget of
/// suggestions lasts (`RuleContext.suggestionLimit`, spent in document order). When it lasts for
/// every reference in both texts and the edit leaves the keys and offers as they were, each
/// finding's fix depends on its own reference alone and is made here, as the rule makes it.
enum UnresolvedReferences {
    static let ids: Set<RuleID> = [UnresolvedStringRule.descriptor.id, UnresolvedOfferRule.descriptor.id]

    /// Whether the budget of suggestions lasts for every reference to no key or offer, in the
    /// analysed config and in the current one: the analysed one's references outside `segment`
    /// and the current segment's (`elements`, counted from their text: every non-empty `*_key`
    /// value the table has no entry for, and every `promotional_offer_key` value no offer has; at
    /// least the references the resolver binds there).
    static func budgetLasts(_ resolved: ResolvedConfig, segment: ByteRange, now elements: [JSONNode]) -> Bool {
        let limit = RuleContext.suggestionLimit
        var total = 0, inside = 0
        // (Only a use that names no key is read, and its key alone.)
        let references = resolved.stringReferences
        for (index, position) in resolved.referencedPositions.enumerated() where position == nil && index < references.count {
            let key = references.key(at: index)
            guard !key.value.isEmpty else { continue }
            total += 1
            if segment.contains(key.range) { inside += 1 }
        }
        for reference in resolved.offerReferences where !reference.value.isEmpty && resolved.offers[reference.value] == nil {
            total += 1
            if segment.contains(reference.range) { inside += 1 }
        }
        guard total <= limit else { return false }
        var now = total - inside
        func count(_ node: JSONNode) {
            if let members = node.objectMembers {
                for member in members {
                    guard let value = member.value.stringValue else {
                        count(member.value)
                        continue
                    }
                    guard !value.isEmpty else { continue }
                    let key = member.key
                    if key == "promotional_offer_key" {
                        if resolved.offers[value] == nil { now += 1 }
                    } else if key.hasSuffix("_key"), resolved.strings.position(of: value) == nil {
                        now += 1
                    }
                }
            } else if let items = node.arrayElements {
                for item in items { count(item) }
            }
        }
        for element in elements { count(element) }
        return now <= limit
    }

    /// `diagnostics` (placed on `text`) with the fix of each finding of `ids` inside `segment`
    /// made from the whole config's keys or offers (`suggestions`), or taken from the same
    /// finding (rule and place) of `known`, the whole check of `text`; `nil` when a reference's
    /// literal cannot be read.
    static func wholeFixes(_ diagnostics: [Diagnostic], inside segment: ByteRange, text: [UInt8], resolved: ResolvedConfig,
                           suggestions: SuggestionKeys, known: [Diagnostic] = []) -> [Diagnostic]? {
        var out = diagnostics
        let checked = known.filter { ids.contains($0.id) && segment.contains($0.range) }
        for index in out.indices where ids.contains(out[index].id) && segment.contains(out[index].range) {
            let range = out[index].range
            if let same = checked.first(where: { $0.id == out[index].id && $0.range == range }) {
                out[index].fix = same.fix
                continue
            }
            guard range.start >= 0, range.end <= text.count, let value = JSONParser.parseTape(Array(text[range.start..<range.end])).root?.stringValue
            else { return nil }
            let candidates = out[index].id == UnresolvedStringRule.descriptor.id ? suggestions.keys(of: resolved) : suggestions.offers(of: resolved)
            out[index].fix = Suggestion.closest(to: value, among: candidates).map {
                RuleContext.replace(Located(value, range: range, pointer: out[index].pointer), with: $0)
            }
        }
        return out
    }
}

/// The keys of an analysed config's table and of its offers, sorted as the unresolved-reference
/// rules suggest from them, made the first time a re-check needs them.
final class SuggestionKeys {
    private var sortedKeys: [String]?
    private var sortedOffers: [String]?

    func keys(of resolved: ResolvedConfig) -> [String] {
        if let sortedKeys { return sortedKeys }
        let keys = resolved.strings.keys.sorted()
        sortedKeys = keys
        return keys
    }

    func offers(of resolved: ResolvedConfig) -> [String] {
        if let sortedOffers { return sortedOffers }
        let offers = resolved.offers.keys.sorted()
        sortedOffers = offers
        return offers
    }
}

extension StringReferences {
    /// The places of the uses that name one of `keys`, in document order, each use's key read
    /// alone (a use built whole reads its owner's name too: a keystroke asks this of every use).
    func ranges(naming keys: Set<String>) -> [ByteRange] {
        var ranges: [ByteRange] = []
        for index in indices {
            let key = key(at: index)
            if keys.contains(key.value) { ranges.append(key.range) }
        }
        return ranges
    }
}
