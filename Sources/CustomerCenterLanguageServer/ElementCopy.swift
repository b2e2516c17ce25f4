import CustomerCenterCompiler
import JSONSyntax

/// The reduced copies `ElementEditCheck` compares after an edit of paths or offers: alike for
/// the analysed and the current text but for the segment. Each keeps, besides the segment, what a
/// finding the edit can change depends on: the `localized_strings` members of the keys the
/// segment names (before or after the edit) and those that keep the target locales in their
/// order; every path that names one of those keys or one of the offers the segment names or is,
/// that has the id of a path of the segment, or (on the segment's screen) its type; the offers
/// that name one of those keys, that the segment names, or that a kept path names; every other
/// root member and every screen's other fields as they are.
struct ElementCopy {
    let segment: ElementSegment
    /// The table's value, `{` to `}`, when the config has one.
    let table: ByteRange?
    /// The table's members kept (analysed ranges, in document order).
    let tableMembers: [ByteRange]
    /// The starts of the paths and of the offers' members kept outside the segment (analysed offsets).
    let paths: Set<Int>, offers: Set<Int>
    /// The members of `tableMembers` whose keys the segment names (not those kept for the locales).
    let namedMembers: [ByteRange]

    /// The copy of `text`, the analysed text (whose parse is `tape`) or the current one (`shift`:
    /// what an analysed offset outside the edit adds to be one of `text`; the segment ends at
    /// `segmentEnd` in it and holds `count` elements). `nil`: the root repeats a member.
    func copy(of text: [UInt8], tape: JSONTape, shift: (Int) -> Int, segmentEnd: Int, count: Int) -> PieceCopy? {
        guard let root = tape.root, let members = root.objectMembers else { return nil }
        var out = PieceCopy(capacity: 4096 + segmentEnd - segment.segment.start)
        func now(_ range: ByteRange) -> Range<Int> {
            let by = shift(range.start)
            return (range.start + by)..<(range.end + by)
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
        /// The kept elements of a list (`ranges`, each with its position in the list), the
        /// segment in its place when the list is the segment's: the positions in the copy's text.
        func elements(_ ranges: [(span: ByteRange, index: Int)], isSegment: Bool) -> [Int] {
            var positions: [Int] = []
            var first = true, segmentWritten = false
            let oldCount = segment.elements.count
            func writeSegment() {
                guard !segmentWritten else { return }
                segmentWritten = true
                comma(&first)
                out.copy(text, segment.segment.start..<segmentEnd)
                positions += (0..<count).map { segment.firstIndex + $0 }
                // An empty segment (no element left) writes nothing: no comma after it either.
                if count == 0 { first = positions.isEmpty }
            }
            for (span, index) in ranges {
                if isSegment, span.start >= segment.segment.start { writeSegment() }
                comma(&first)
                out.copy(text, now(span))
                positions.append(isSegment && index > segment.firstIndex ? index + count - oldCount : index)
            }
            if isSegment { writeSegment() }
            return positions
        }
        var seen = Set<String>()
        var firstMember = true
        open(root)
        for member in members {
            guard seen.insert(member.key).inserted else { return nil }
            comma(&firstMember)
            let value = member.value
            if let table, member.keyEquals("localization"), member.range.contains(table) {
                out.copy(text, now(ByteRange(member.range.start, table.start + 1)))
                var first = true
                for kept in tableMembers {
                    comma(&first)
                    out.copy(text, now(kept))
                }
                out.copy(text, now(ByteRange(table.end - 1, member.range.end)))
            } else if member.keyEquals("screens"), let screens = value.objectMembers {
                key(member)
                open(value)
                var firstScreen = true
                for screen in screens {
                    comma(&firstScreen)
                    key(screen)
                    guard let fields = screen.value.objectMembers else {
                        out.copy(text, now(screen.value.range))
                        continue
                    }
                    open(screen.value)
                    var firstField = true
                    for field in fields {
                        comma(&firstField)
                        key(field)
                        if case .screenField = segment.list, field.value.range == segment.container {
                            out.copy(text, segment.segment.start..<segmentEnd)
                            continue
                        }
                        guard field.keyEquals("paths"), let list = field.value.arrayElements else {
                            out.copy(text, now(field.value.range))
                            continue
                        }
                        let isSegment = field.value.range == segment.container
                        open(field.value)
                        let kept = list.enumerated().compactMap { index, path in
                            paths.contains(path.range.start) && !(isSegment && segment.segment.contains(path.range)) ? (path.range, index) : nil
                        }
                        out.keptPaths(of: screen.key, elements(kept, isSegment: isSegment))
                        close(field.value)
                    }
                    close(screen.value)
                }
                close(value)
            } else if member.keyEquals("promotional_offers"), let list = value.objectMembers {
                key(member)
                open(value)
                let isSegment = value.range == segment.container
                let kept = list.enumerated().compactMap { index, offer in
                    offers.contains(offer.range.start) && !(isSegment && segment.segment.contains(offer.range)) ? (offer.range, index) : nil
                }
                _ = elements(kept, isSegment: isSegment)
                close(value)
            } else {
                out.copy(text, now(member.range))
            }
        }
        close(root)
        return out
    }
}
