/// Reads the units of a gettext PO file (`strings import`, docs/translation.md): `msgctxt` the
/// key, `msgid` the source, `msgstr` the translation; strings over several lines, C escapes,
/// `#, fuzzy`; obsolete `#~` entries are ignored; the header entry gives the language.

import JSONSyntax
enum POReader {
    /// A PO file that cannot be read: what, and where.
    struct Failure: Error {
        var message: String
        var range: ByteRange
    }

    /// One entry as written.
    struct Entry {
        var context: String?
        var id: String?
        var text: String?
        var fuzzy = false
        var referenceLine: Int?
        var start = 0
        var idRange = ByteRange.at(0)
        var textRange = ByteRange.at(0)
        var end = 0
    }

    static func read(_ bytes: [UInt8]) -> TranslationFileContents {
        let entries: [Entry]
        do { entries = try self.entries(bytes) } catch {
            return TranslationFileContents(problem: (error.message, error.range))
        }
        var contents = TranslationFileContents()
        var locale: String?, localeRange: ByteRange?
        for entry in entries where entry.context == nil && entry.id == "" {
            let header = entry.text ?? ""
            locale = language(inHeader: header)
            localeRange = entry.textRange
            if let charset = field("Content-Type", inHeader: header)?.split(separator: "=").last.map({ String($0).lowercased() }),
               !["utf-8", "utf8", "charset"].contains(charset) {
                return TranslationFileContents(problem: ("the file says its charset is '\(charset)': only UTF-8 is read", entry.textRange))
            }
            contents.original = field("Project-Id-Version", inHeader: header)
        }
        for entry in entries where !(entry.context == nil && entry.id == "") {
            let key = UnitKey(name: entry.context, line: entry.referenceLine)
            contents.units.append(ImportedUnit(key: key, source: entry.id ?? "", target: entry.text ?? "", fuzzy: entry.fuzzy,
                                               locale: locale, localeRange: localeRange ?? ByteRange.at(0),
                                               range: ByteRange(entry.start, entry.end), sourceRange: entry.idRange, targetRange: entry.textRange))
        }
        return contents
    }

    /// The `Language:` of a header entry's text.
    static func language(inHeader header: String) -> String? {
        field("Language", inHeader: header).flatMap { $0.isEmpty ? nil : $0 }
    }

    static func field(_ name: String, inHeader header: String) -> String? {
        for line in header.split(separator: "\n") where line.hasPrefix(name + ":") {
            return String(line.dropFirst(name.count + 1)).trimmingSpaces
        }
        return nil
    }

    /// The entries of `bytes`, line by line.
    static func entries(_ bytes: [UInt8]) throws(Failure) -> [Entry] {
        var entries: [Entry] = []
        var current = Entry()
        var started = false
        // The keyword whose string continuation lines extend, and where its value began.
        var open: String?
        var openStart = 0
        var pending = false  // flags or references seen for the next entry
        func finish() throws(Failure) {
            guard started else { return }
            guard current.id != nil else { throw Failure(message: "an entry without msgid", range: ByteRange(current.start, current.end)) }
            guard current.text != nil else { throw Failure(message: "the entry has no msgstr", range: current.idRange) }
            entries.append(current)
            current = Entry()
            started = false
        }
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while lineStart < bytes.count {
            // Lines end in LF, CR LF or a lone CR (old Mac editors): each is one line end.
            let lineEnd = bytes[lineStart...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            let next = lineEnd + (lineEnd + 1 < bytes.count && bytes[lineEnd] == 0x0D && bytes[lineEnd + 1] == 0x0A ? 2 : 1)
            let line = bytes[lineStart..<lineEnd]
            defer { lineStart = next }
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
            let indent = lineStart + (line.count - trimmed.count)
            guard let first = trimmed.first else {
                open = nil
                continue
            }
            if first == UInt8(ascii: "#") {
                open = nil
                let rest = Array(trimmed.dropFirst())
                // Obsolete entries (#~) and previous strings (#|) are not units.
                if rest.first == UInt8(ascii: "~") || rest.first == UInt8(ascii: "|") { continue }
                if current.text != nil { try finish() }
                if rest.first == UInt8(ascii: ",") {
                    let flags = String(decoding: rest.dropFirst(), as: UTF8.self).split(separator: ",").map { String($0).trimmingSpaces }
                    if flags.contains("fuzzy") { current.fuzzy = true }
                    pending = true
                } else if rest.first == UInt8(ascii: ":") {
                    // `#: path:line`: the key's line in the config (strings export writes it).
                    let reference = String(decoding: rest.dropFirst(), as: UTF8.self).trimmingSpaces
                    if let number = reference.split(separator: ":").last.flatMap({ Int($0) }) { current.referenceLine = number }
                    pending = true
                }
                continue
            }
            if first == UInt8(ascii: "\"") {
                guard let keyword = open else {
                    throw Failure(message: "a string outside an entry (no msgid, msgstr or msgctxt before it)", range: ByteRange(indent, lineEnd))
                }
                let value = try string(bytes, from: indent, to: lineEnd)
                append(value, to: keyword, in: &current)
                current.end = lineEnd
                if keyword == "msgid" { current.idRange = ByteRange(openStart, lineEnd) }
                if keyword == "msgstr" { current.textRange = ByteRange(openStart, lineEnd) }
                continue
            }
            let word = Array(trimmed.prefix { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: "\"") })
            let keyword = String(decoding: word, as: UTF8.self)
            var valueStart = indent + word.count
            while valueStart < lineEnd, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
            switch keyword {
            case "msgctxt", "msgid":
                if current.text != nil || (keyword == "msgctxt" && (current.context != nil || current.id != nil))
                    || (keyword == "msgid" && current.id != nil) {
                    if current.text == nil { throw Failure(message: "'\(keyword)' before the entry's msgstr", range: ByteRange(indent, lineEnd)) }
                    try finish()
                }
                if !started {
                    started = true
                    if !pending { current.fuzzy = false; current.referenceLine = nil }
                    current.start = indent
                }
                pending = false
            case "msgstr":
                guard started, current.id != nil, current.text == nil else {
                    throw Failure(message: current.text != nil ? "a second msgstr in one entry" : "msgstr before msgid", range: ByteRange(indent, lineEnd))
                }
            case "msgid_plural":
                throw Failure(message: "plural forms (msgid_plural) are not used by a Customer Center config: translate each unit's one text",
                              range: ByteRange(indent, lineEnd))
            default:
                if keyword.hasPrefix("msgstr[") {
                    throw Failure(message: "plural forms (\(keyword)) are not used by a Customer Center config", range: ByteRange(indent, lineEnd))
                }
                throw Failure(message: "'\(keyword)' is not a PO keyword (msgctxt, msgid, msgstr, or a '#' comment)", range: ByteRange(indent, indent + word.count))
            }
            guard valueStart < lineEnd, bytes[valueStart] == UInt8(ascii: "\"") else {
                throw Failure(message: "'\(keyword)' must be followed by a quoted string", range: ByteRange(indent, lineEnd))
            }
            let value = try string(bytes, from: valueStart, to: lineEnd)
            open = keyword
            openStart = indent
            switch keyword {
            case "msgctxt": current.context = value
            case "msgid": current.id = value; current.idRange = ByteRange(indent, lineEnd)
            default: current.text = value; current.textRange = ByteRange(indent, lineEnd)
            }
            current.end = lineEnd
        }
        if started { try finish() }
        return entries
    }

    /// Appends in place: a string of many continuation lines is read in time linear in its length.
    static func append(_ value: String, to keyword: String, in entry: inout Entry) {
        switch keyword {
        case "msgctxt": entry.context?.append(value)
        case "msgid": entry.id?.append(value)
        default: entry.text?.append(value)
        }
    }

    /// The quoted string at `start` (its `"`), which must end the line, decoded.
    static func string(_ bytes: [UInt8], from start: Int, to end: Int) throws(Failure) -> String {
        var out: [UInt8] = []
        var at = start + 1
        while true {
            guard at < end else { throw Failure(message: "the string is not closed (no '\"' before the end of the line)", range: ByteRange(start, end)) }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                at += 1
                continue
            }
            guard at + 1 < end else { throw Failure(message: "a '\\' ends the line", range: ByteRange(at, at + 1)) }
            let escape = bytes[at + 1]
            at += 2
            switch escape {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "?"): out.append(escape)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escape - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, at < end, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "7") {
                    value = value * 8 + Int(bytes[at] - UInt8(ascii: "0"))
                    at += 1
                    digits += 1
                }
                guard value < 256 else { throw Failure(message: "octal escape out of range", range: ByteRange(at - digits - 1, at)) }
                out.append(UInt8(value))
            case UInt8(ascii: "x"):
                var value = 0, digits = 0
                while at < end, let digit = hexValue(bytes[at]), digits < 2 {
                    value = value * 16 + digit
                    at += 1
                    digits += 1
                }
                guard digits > 0 else { throw Failure(message: "'\\x' without hex digits", range: ByteRange(at - 2, at)) }
                out.append(UInt8(value))
            default:
                throw Failure(message: "unknown escape '\\\(Character(Unicode.Scalar(escape)))'", range: ByteRange(at - 2, at))
            }
        }
        let rest = bytes[(at + 1)..<end].drop { $0 == 0x20 || $0 == 0x09 }
        guard rest.isEmpty else { throw Failure(message: "text after the closing '\"'", range: ByteRange(at + 1, end)) }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw Failure(message: "the escapes make bytes that are not UTF-8", range: ByteRange(start, end))
        }
        return text
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
