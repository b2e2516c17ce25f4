import CustomerCenterCompiler
import JSONSyntax

/// Where an edit inside `localization.localized_strings` lies in the analysed text, and the
/// reduced copies `StructuralEditCheck` compares: the same for the analysed and the current
/// text but for the segment the edit changed.
struct TableSegment {
    /// The table's value, `{` to `}`.
    let table: ByteRange
    /// The members the edit touched, with the untouched member just before them and the one just
    /// after (so that the commas between them are the text's own): from the first one's start
    /// (or just after the `{`) to the last one's end (or the `}`).
    let segment: ByteRange
    /// The keys of the members inside `segment`.
    let oldKeys: Set<String>
    /// The keys of the untouched neighbours (their texts are the same in both copies).
    let neighbourKeys: Set<String>
    /// Untouched members outside the segment the copies keep where the config lists no
    /// `supported` locales: for each target locale, the first member before the segment that
    /// has a text in it, else the first after, so that each copy targets the locales its whole
    /// text does, in the same order (the order they are first written in).
    let keptBefore: [ByteRange], keptAfter: [ByteRange]

    /// `nil` when the edit is not inside the table's braces.
    init?(tape: JSONTape, edit: IncrementalEdit, locales: [String]?) {
        guard let root = tape.root?.objectMembers, let (localization, _) = root.first(named: "localization"),
              let (table, _) = localization.value.objectMembers?.first(named: "localized_strings"),
              let members = table.value.objectMembers else { return nil }
        let range = table.value.range
        guard edit.prefix > range.start, edit.analysedEnd < range.end else { return nil }
        var keys = Set<String>()
        var wanted = Set(locales ?? [])
        var keptBefore: [ByteRange] = [], keptAfter: [ByteRange] = []
        /// Whether `member` is the first one seen with a text in a wanted locale.
        func keeps(_ member: JSONNode.Member) -> Bool {
            guard !wanted.isEmpty, let texts = member.value.objectMembers else { return false }
            var keeps = false
            for text in texts where wanted.remove(text.key) != nil { keeps = true }
            return keeps
        }
        // In document order: the members before the segment, its first neighbour, the members
        // the edit touched (their locales are not counted: they differ between the copies), its
        // last neighbour, the members after it.
        var neighbourBefore: JSONNode.Member?, neighbourAfter: JSONNode.Member?
        var closed = false
        func closeBefore() {
            guard !closed else { return }
            closed = true
            if let neighbourBefore {
                keys.insert(neighbourBefore.key)
                _ = keeps(neighbourBefore)
            }
        }
        for member in members {
            let span = member.range
            if span.end < edit.prefix {
                if let previous = neighbourBefore, keeps(previous) { keptBefore.append(previous.range) }
                neighbourBefore = member
            } else if span.start <= edit.analysedEnd {
                closeBefore()
                keys.insert(member.key)
            } else {
                closeBefore()
                if neighbourAfter == nil {
                    neighbourAfter = member
                    keys.insert(member.key)
                    _ = keeps(member)
                } else if keeps(member) {
                    keptAfter.append(span)
                }
                if wanted.isEmpty { break }
            }
        }
        closeBefore()
        neighbourKeys = Set([neighbourBefore?.key, neighbourAfter?.key].compactMap { $0 })
        self.table = range
        segment = ByteRange(neighbourBefore?.range.start ?? range.start + 1, neighbourAfter?.range.end ?? range.end - 1)
        oldKeys = keys
        self.keptBefore = keptBefore
        self.keptAfter = keptAfter
    }

    /// The keys of the members in `segment`, a run of members with the commas between them;
    /// `nil` when it is not one (a syntax issue: the whole check reports it).
    static func keys(in segment: ArraySlice<UInt8>) -> Set<String>? {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(segment.count + 2)
        bytes += segment
        bytes.append(UInt8(ascii: "}"))
        let parsed = JSONParser.parseTape(bytes)
        guard parsed.issues.isEmpty, let members = parsed.root?.objectMembers else { return nil }
        return Set(members.map(\.key))
    }

    /// The reduced copy of `text`, the analysed text (whose parse is `tape`) or the current one
    /// (`shift`: what an analysed offset outside the edit adds to be one of `text`; the segment
    /// ends at `segmentEnd` in it). `references`: the analysed ranges of the references to the
    /// segment's keys; the paths and offers that hold one are kept. `nil`: the root repeats a member.
    func copy(of text: [UInt8], root tape: JSONTape, references: [ByteRange], shift: (Int) -> Int, segmentEnd: Int) -> PieceCopy? {
        guard let root = tape.root, let members = root.objectMembers else { return nil }
        var out = PieceCopy(capacity: 4096 + segmentEnd - segment.start)
        func now(_ range: ByteRange) -> Range<Int> {
            let by = shift(range.start)
            return (range.start + by)..<(range.end + by)
        }
        func names(_ node: JSONNode) -> Bool {
            let range = node.range
            return references.contains { range.contains($0) }
        }
        // A container's brackets are the text's own, so that a finding on the container is placed on it.
        func open(_ node: JSONNode) { out.copy(text, now(ByteRange(node.range.start, node.range.start + 1))) }
        func close(_ node: JSONNode) { out.copy(text, now(ByteRange(node.range.end - 1, node.range.end))) }
        func key(_ member: JSONNode.Member) {
            out.copy(text, now(member.keyRange))
            out.write(UInt8(ascii: ":"))
        }
        func comma(_ first: inout Bool) {
            if !first { out.write(UInt8(ascii: ",")) }
            first = false
        }
        var seen = Set<String>()
        var firstMember = true
        open(root)
        for member in members {
            guard seen.insert(member.key).inserted else { return nil }
            comma(&firstMember)
            let value = member.value
            switch member.key {
            case "localization" where member.range.contains(table):
                // Up to the table's `{`, the members kept, from its `}` to the member's end.
                out.copy(text, now(ByteRange(member.range.start, table.start + 1)))
                for kept in keptBefore {
                    out.copy(text, now(kept))
                    out.write(UInt8(ascii: ","))
                }
                out.copy(text, segment.start..<segmentEnd)
                for kept in keptAfter {
                    out.write(UInt8(ascii: ","))
                    out.copy(text, now(kept))
                }
                out.copy(text, now(ByteRange(table.end - 1, member.range.end)))
            case "screens" where value.kind == .object:
                // Every screen, with only the paths that name a key of the segment.
                key(member)
                open(value)
                var firstScreen = true
                for screen in value.objectMembers! {
                    comma(&firstScreen)
                    key(screen)
                    guard screen.value.kind == .object else {
                        out.copy(text, now(screen.value.range))
                        continue
                    }
                    open(screen.value)
                    var firstField = true
                    for field in screen.value.objectMembers! {
                        comma(&firstField)
                        key(field)
                        guard field.keyEquals("paths"), field.value.kind == .array else {
                            out.copy(text, now(field.value.range))
                            continue
                        }
                        open(field.value)
                        var kept: [Int] = []
                        for (index, path) in field.value.arrayElements!.enumerated() where names(path) {
                            if !kept.isEmpty { out.write(UInt8(ascii: ",")) }
                            kept.append(index)
                            out.copy(text, now(path.range))
                        }
                        close(field.value)
                        out.keptPaths(of: screen.key, kept)
                    }
                    close(screen.value)
                }
                close(value)
            case "promotional_offers" where value.kind == .object:
                // Only the offers that name a key of the segment.
                key(member)
                open(value)
                var firstOffer = true
                for offer in value.objectMembers! where names(offer.value) {
                    comma(&firstOffer)
                    out.copy(text, now(offer.range))
                }
                close(value)
            default:
                out.copy(text, now(member.range))
            }
        }
        close(root)
        return out
    }
}
