/// The edits that take imported translations into a config (docs/translation.md): a text the
/// key already has in the locale is replaced, its literal's bytes only; a missing one is
/// inserted into the key's object as the object is written: on its own line with the members'
/// indentation and the file's line ends, or inline after `, `; in key order when the object's
/// locales are sorted, else last. Nothing else in the file changes.

import JSONSyntax
enum ConfigEdits {
    /// The config's bytes with `changes` made (applied as `lint --fix` applies fixes).
    static func apply(_ changes: [StringsImport.Change], to source: SourceFile, table: ConfigTable) -> [UInt8] {
        guard !changes.isEmpty else { return source.bytes }
        var edits: [TextEdit] = []
        var insertions: [String: [StringsImport.Change]] = [:]
        for change in changes {
            guard let entry = table.entries[change.key] else { continue }
            if let member = table.member(in: entry, locale: change.locale) {
                edits.append(TextEdit(range: member.value.range, replacement: JSONWriter.quoted(change.new)))
            } else {
                insertions[change.key, default: []].append(change)
            }
        }
        let newline = source.bytes.firstIndex(of: 0x0A).map { $0 > 0 && source.bytes[$0 - 1] == 0x0D } == true ? "\r\n" : "\n"
        for (key, added) in insertions {
            guard let entry = table.entries[key] else { continue }
            edits += insertionEdits(added.sorted { JSONWriter.keyOrder($0.locale, $1.locale) }, into: entry.value, bytes: source.bytes, newline: newline)
        }
        return Fixer.apply(edits, to: source.bytes)
    }

    /// Inserts `added` (sorted) into `object`: each before the first member that sorts after it
    /// when the members are sorted, else after the last; the ones at one place in one edit.
    static func insertionEdits(_ added: [StringsImport.Change], into object: JSONNode, bytes: [UInt8], newline: String) -> [TextEdit] {
        let members = object.objectMembers.map(Array.init) ?? []
        guard let last = members.last else {
            // `{}`: the members inline.
            let text = added.map { JSONWriter.quoted($0.locale) + ": " + JSONWriter.quoted($0.new) }.joined(separator: ", ")
            return [TextEdit(range: .at(object.range.start + 1), replacement: text)]
        }
        let sorted = zip(members, members.dropFirst()).allSatisfy { !JSONWriter.keyOrder($1.key, $0.key) }
        // The layout the object's members have: `"de": "…"` with the file's separator, each on
        // its own line (with the first member's indentation) or inline.
        let colon = String(decoding: bytes[last.keyRange.end..<last.value.range.start], as: UTF8.self)
        let indent = indentation(before: members[0].keyRange.start, bytes: bytes)
        let between: String
        if let indent, members.count > 1 || bytes[object.range.start..<members[0].keyRange.start].contains(0x0A) {
            between = "," + newline + indent
        } else if members.count > 1 {
            let gap = String(decoding: bytes[members[0].value.range.end..<members[1].keyRange.start], as: UTF8.self)
            between = gap.contains("\n") ? ", " : gap
        } else {
            between = ", "
        }
        func written(_ change: StringsImport.Change) -> String { JSONWriter.quoted(change.locale) + colon + JSONWriter.quoted(change.new) }
        // Where each goes: before member `index`, or after the last (`members.count`).
        var groups: [Int: [StringsImport.Change]] = [:]
        for change in added {
            let index = sorted ? (members.firstIndex { JSONWriter.keyOrder(change.locale, $0.key) } ?? members.count) : members.count
            groups[index, default: []].append(change)
        }
        return groups.map { index, changes in
            if index == members.count {
                return TextEdit(range: .at(last.value.range.end), replacement: changes.map { between + written($0) }.joined())
            }
            return TextEdit(range: .at(members[index].keyRange.start), replacement: changes.map { written($0) + between }.joined())
        }
    }

    /// The white space from the start of the line to `offset`, when only white space is there.
    static func indentation(before offset: Int, bytes: [UInt8]) -> String? {
        var start = offset
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A else { return nil }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }
}
