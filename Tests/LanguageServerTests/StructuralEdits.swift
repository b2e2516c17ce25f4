import CustomerCenterCompiler
import JSONSyntax
import TestSupport
@testable import CustomerCenterLanguageServer

/// The structural edits an `EditWalk` makes inside `localization.localized_strings`, as a person
/// editing the table does: a key added (sometimes without its comma, which breaks the JSON until
/// it is undone), removed or renamed (to a new name, another key's, one a path names), a locale's
/// text added or removed, a text replaced by another kind of value, a whole entry replaced.
extension EditWalk {
    /// Key names typed: new ones, the fixtures' keys (a rename onto one repeats a key), keys the
    /// fixtures' paths and offers name, and one no one names.
    static let keyNames = ["title", "restore", "opt_a", "shared", "offer_title", "two", "new_key", "renamed", "question", "x y", "日本"]

    /// A key name: half the time a new one (as a person adding a key types), else one of `keyNames`.
    mutating func keyName() -> String {
        generator.next(2) == 0 ? "key_\(generator.next(1000))" : Self.keyNames[generator.next(Self.keyNames.count)]
    }
    /// Locales typed: target ones, one no config lists, invalid ones, the default.
    static let localeNames = ["en", "de", "fr", "zh-Hant", "ja", "pt-BR", "xx", "en_US", "e n"]
    /// Values a text is replaced by.
    static let otherValues = ["1", "null", "true", "{}", "[]", "\"\"", "{\"en\": \"nested\"}", "\"  padded \""]

    /// Where the table and its members are in the walk's text; `nil` when it does not parse
    /// cleanly or has no table.
    func tableMembers() -> (table: ByteRange, members: [JSONNode.Member])? {
        let parsed = JSONParser.parseTape(bytes)
        guard parsed.issues.isEmpty, let localization = parsed.root?.member("localization")?.value,
              let table = localization.member("localized_strings")?.value, let members = table.objectMembers else { return nil }
        return (table.range, Array(members))
    }

    /// One structural edit of the table; `false` when the text has no table to edit.
    mutating func editTable() -> Bool {
        guard let (table, members) = tableMembers() else { return false }
        func pick<T>(_ values: [T]) -> T { values[generator.next(values.count)] }
        func quoted(_ text: String) -> String { "\"\(text)\"" }
        func entry() -> String {
            let locales = (0..<(1 + generator.next(3))).map { _ in pick(Self.localeNames) }
            return "{" + locales.map { "\(quoted($0)): \(quoted(pick(["Help", "Hilfe", "  x", "{{ price }}", "{price}", "们", "", "Ok"])))" }
                .joined(separator: ", ") + "}"
        }
        guard let member = members.isEmpty ? nil : pick(members) else {
            let text = Array("\n  \(quoted(keyName())): \(entry())".utf8)
            apply(offset: table.start + 1, length: 0, text: text)
            return true
        }
        let value = member.value
        switch generator.next(7) {
        case 0:
            // A key added after this one; one time in five without its comma.
            let comma = generator.next(5) == 0 ? "" : ","
            apply(offset: member.range.end, length: 0, text: Array("\(comma)\n      \(quoted(keyName())): \(entry())".utf8))
        case 1:
            // This key removed, with the comma before it (or after it, when it is the first).
            guard members.count > 1 else { return false }
            if let index = members.firstIndex(where: { $0.range == member.range }), index > 0 {
                let start = members[index - 1].range.end
                apply(offset: start, length: member.range.end - start, text: [])
            } else {
                apply(offset: member.range.start, length: members[1].range.start - member.range.start, text: [])
            }
        case 2:
            // Renamed.
            apply(offset: member.keyRange.start, length: member.keyRange.count, text: Array(quoted(keyName()).utf8))
        case 3:
            // A locale's text added, first or last.
            guard value.kind == .object else { return false }
            let text = "\(quoted(pick(Self.localeNames))): \(quoted(pick(["Hilfe", "x", " pad", "{{ nope }}"])))"
            if generator.next(2) == 0 || value.objectMembers?.isEmpty != false {
                let separator = value.objectMembers?.isEmpty != false ? "" : ", "
                apply(offset: value.range.start + 1, length: 0, text: Array((text + separator).utf8))
            } else {
                apply(offset: value.range.end - 1, length: 0, text: Array((", " + text).utf8))
            }
        case 4:
            // A locale's text removed, with its comma.
            guard let texts = value.objectMembers.map(Array.init), !texts.isEmpty else { return false }
            let index = generator.next(texts.count)
            let start = index > 0 ? texts[index - 1].range.end : texts[index].range.start
            let end = index > 0 || texts.count == 1 ? texts[index].range.end : texts[1].range.start
            apply(offset: start, length: end - start, text: [])
        case 5:
            // A text replaced by another kind of value.
            guard let texts = value.objectMembers.map(Array.init), !texts.isEmpty else { return false }
            let text = pick(texts)
            apply(offset: text.value.range.start, length: text.value.range.count, text: Array(pick(Self.otherValues).utf8))
        default:
            // The whole entry replaced.
            apply(offset: value.range.start, length: value.range.count, text: Array(pick([entry(), "{}", "\"oops\"", "[]"]).utf8))
        }
        return true
    }

    /// Replaces `length` bytes at `offset` by `text` and remembers how to undo it.
    mutating func apply(offset: Int, length: Int, text: [UInt8]) {
        let removed = Array(bytes[offset..<(offset + length)])
        replace(offset: offset, length: length, with: text)
        undo = (offset, text.count, removed)
    }
}
