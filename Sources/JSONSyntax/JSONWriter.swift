/// Writes JSON text deterministically: the canonical form of SPEC §4.3 and the tool's own outputs.
///
/// Rules: object keys sorted by UTF-8 bytes (optionally), 2-space indent, `": "` after keys,
/// arrays of scalars on one line when short, non-ASCII kept as UTF-8 (only `"`, `\` and control
/// characters escaped), numbers written exactly as their source text, one trailing newline.
public struct JSONWriter {
    /// Whether object members are sorted by key (canonical form) or kept in source order.
    public var sortKeys: Bool
    /// Arrays whose elements are all scalars stay on one line up to this many characters.
    public var inlineArrayLimit: Int

    /// Creates a writer.
    public init(sortKeys: Bool = true, inlineArrayLimit: Int = 80) {
        self.sortKeys = sortKeys
        self.inlineArrayLimit = inlineArrayLimit
    }

    /// The document as text, with a trailing newline.
    public func write(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out.append("\n")
        return out
    }

    /// Appends `value` at nesting level `indent`.
    public func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value.kind {
        case .object(let members):
            if members.isEmpty { out.append("{}"); return }
            let ordered = sortKeys ? members.sorted { Self.keyOrder($0.key, $1.key) } : members
            out.append("{\n")
            for (i, member) in ordered.enumerated() {
                Self.appendIndent(indent + 1, to: &out)
                Self.appendQuoted(member.key, to: &out)
                out.append(": ")
                write(member.value, indent: indent + 1, into: &out)
                out.append(i == ordered.count - 1 ? "\n" : ",\n")
            }
            Self.appendIndent(indent, to: &out)
            out.append("}")
        case .array(let elements):
            if elements.isEmpty { out.append("[]"); return }
            if let inline = inlineForm(elements, indent: indent) {
                out.append(inline)
                return
            }
            out.append("[\n")
            for (i, element) in elements.enumerated() {
                Self.appendIndent(indent + 1, to: &out)
                write(element, indent: indent + 1, into: &out)
                out.append(i == elements.count - 1 ? "\n" : ",\n")
            }
            Self.appendIndent(indent, to: &out)
            out.append("]")
        case .string(let text):
            Self.appendQuoted(text, to: &out)
        case .number(let number):
            out.append(number.text)
        case .bool(let flag):
            out.append(flag ? "true" : "false")
        case .null, .invalid:
            out.append("null")
        }
    }

    private func inlineForm(_ elements: [JSONValue], indent: Int) -> String? {
        var line = "["
        for (i, element) in elements.enumerated() {
            switch element.kind {
            case .object, .array: return nil
            default: break
            }
            if i > 0 { line.append(", ") }
            write(element, indent: indent, into: &line)
            if line.utf8.count + indent * 2 > inlineArrayLimit { return nil }
        }
        line.append("]")
        return line
    }

    /// Sort order for keys: by Unicode scalar values (equal to UTF-8 byte order), locale-free.
    public static func keyOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    static func appendIndent(_ level: Int, to out: inout String) {
        out.append(String(repeating: "  ", count: level))
    }

    /// Appends `text` as a JSON string literal: `"`, `\` and C0 controls escaped, the rest raw UTF-8.
    public static func appendQuoted(_ text: String, to out: inout String) {
        out.append("\"")
        var runStart = text.unicodeScalars.startIndex
        var index = runStart
        let scalars = text.unicodeScalars
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar.value {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0x00..<0x20, 0x7F: escape = unicodeEscape(scalar.value)
            default: escape = nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[runStart..<index])
                out.append(escape)
                index = scalars.index(after: index)
                runStart = index
            } else {
                index = scalars.index(after: index)
            }
        }
        out.unicodeScalars.append(contentsOf: scalars[runStart..<index])
        out.append("\"")
    }

    /// Returns `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
