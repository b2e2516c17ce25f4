import CustomerCenterCompiler
import JSONSyntax

/// The text the incremental checker checks after an edit inside one text of
/// `localized_strings[K]`: the current text with only what K's findings depend on. In the table,
/// the members `IncrementalEdit.Spans` keeps (K's, and those that keep the target locales in
/// their order); in `screens`, every screen with only the paths that name K (a path's id names
/// the place K is shown in a finding's message); in `promotional_offers`, only the offers that
/// name K; every other member of the root as it is. The rules that read a text's content find
/// in K's member of this copy exactly what they find there in the whole text, for a fraction of
/// its bytes (`IncrementalCheckTests` compares every publish with a whole check).
struct ReducedCopy {
    /// The copy.
    let bytes: [UInt8]
    /// K's member in the copy.
    let member: ByteRange
    /// What an offset of the copy inside K's member adds to be the current text's.
    let offset: Int

    /// The copy of `current` (the analysed text, whose parse is `root`, after `edit`); `references`:
    /// the analysed ranges of the references to K. `nil`: the root repeats a member (which one
    /// counts is the whole check's to say).
    init?(current: [UInt8], root: JSONNode, spans: IncrementalEdit.Spans, edit: IncrementalEdit, references: [ByteRange]) {
        guard let members = root.objectMembers else { return nil }
        // Analysed ranges in the current text: those after K's member moved by the edit.
        func now(_ range: ByteRange) -> Range<Int> {
            range.start > spans.member.start ? (range.start + edit.delta)..<(range.end + edit.delta) : range.start..<range.end
        }
        func names(_ node: JSONNode) -> Bool { references.contains { node.range.contains($0) } }
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(4096 + spans.member.count)
        var memberStart = 0, offset = 0
        var seen = Set<String>()
        /// `{`/`[`, the `kept` children (a member as `key: value`), `}`/`]`.
        func container(_ node: JSONNode, _ out: inout [UInt8], children: (inout [UInt8]) -> Void) {
            out.append(node.kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
            children(&out)
            out.append(node.kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
        func key(_ member: JSONNode.Member, _ out: inout [UInt8]) {
            out += current[now(member.keyRange)]
            out.append(UInt8(ascii: ":"))
        }
        for (index, member) in members.enumerated() {
            guard seen.insert(member.key).inserted else { return nil }
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let value = member.value
            switch member.key {
            case "localization" where member.range.contains(spans.member):
                // Up to the table's `{`, the kept members, from its `}` to the member's end.
                out += current[member.range.start...spans.table.start]
                for (position, kept) in spans.kept.enumerated() {
                    if position > 0 { out.append(UInt8(ascii: ",")) }
                    if kept.start == spans.member.start {
                        memberStart = out.count
                        offset = spans.member.start - out.count
                        out += current[spans.member.start..<(spans.member.end + edit.delta)]
                    } else {
                        out += current[now(kept)]
                    }
                }
                out += current[(spans.table.end - 1 + edit.delta)..<(member.range.end + edit.delta)]
            case "screens" where value.kind == .object:
                key(member, &out)
                container(value, &out) { out in
                    for (position, screen) in value.objectMembers!.enumerated() {
                        if position > 0 { out.append(UInt8(ascii: ",")) }
                        key(screen, &out)
                        guard screen.value.kind == .object else { out += current[now(screen.value.range)]; continue }
                        container(screen.value, &out) { out in
                            for (place, field) in screen.value.objectMembers!.enumerated() {
                                if place > 0 { out.append(UInt8(ascii: ",")) }
                                key(field, &out)
                                guard field.keyEquals("paths"), field.value.kind == .array else { out += current[now(field.value.range)]; continue }
                                container(field.value, &out) { out in
                                    var first = true
                                    for path in field.value.arrayElements! where names(path) {
                                        if !first { out.append(UInt8(ascii: ",")) }
                                        first = false
                                        out += current[now(path.range)]
                                    }
                                }
                            }
                        }
                    }
                }
            case "promotional_offers" where value.kind == .object:
                key(member, &out)
                container(value, &out) { out in
                    var first = true
                    for offer in value.objectMembers! where names(offer.value) {
                        if !first { out.append(UInt8(ascii: ",")) }
                        first = false
                        key(offer, &out)
                        out += current[now(offer.value.range)]
                    }
                }
            default:
                out += current[now(member.range)]
            }
        }
        out.append(UInt8(ascii: "}"))
        guard memberStart > 0 else { return nil }
        bytes = out
        member = ByteRange(memberStart, memberStart + spans.member.count + edit.delta)
        self.offset = offset
    }
}
