/// Just enough XML 1.0 to read an XLIFF file (`strings import`, docs/translation.md): elements,
/// attributes, the five predefined entities and character references, CDATA sections,
/// comments, processing instructions and a DOCTYPE without an internal subset. Line ends are
/// normalized as XML says (CR LF and CR become LF). Not a validating parser: a file that is not
/// well-formed is one error at its byte offset. Elements nest at most `maxDepth` deep (the
/// reader recurses once a level: deeper is an error at the element, never a stack overflow).

import JSONSyntax
/// One element: its name as written (with any prefix), its attributes, its content.
struct XMLElement: Sendable {
    /// A text run or a child element, in document order.
    enum Content: Sendable {
        case text(String)
        case element(XMLElement)
    }

    /// The name as written (`xliff`, `xml:lang`-style prefixes kept).
    var name: String
    /// The attributes in document order, values decoded.
    var attributes: [(name: String, value: String, range: ByteRange)]
    /// The content.
    var content: [Content]
    /// The start tag's bytes.
    var range: ByteRange
    /// From the start tag's `<` to the end tag's `>`.
    var extent: ByteRange

    /// The name without its prefix.
    var localName: String { name.split(separator: ":").last.map(String.init) ?? name }

    /// The value of attribute `name` (as written, prefix included).
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The child elements named `localName`.
    func children(_ localName: String) -> [XMLElement] {
        content.compactMap { if case .element(let child) = $0, child.localName == localName { return child } else { return nil } }
    }

    /// Every child element.
    var elements: [XMLElement] {
        content.compactMap { if case .element(let child) = $0 { return child } else { return nil } }
    }

    /// The text of the element and its descendants.
    var text: String {
        content.map { part in
            switch part {
            case .text(let text): return text
            case .element(let child): return child.text
            }
        }.joined()
    }
}

/// A file that is not well-formed XML: what, and where (a byte offset).
struct XMLError: Error, Sendable {
    var message: String
    var offset: Int
}

enum XMLReader {
    /// How deep elements may nest. XLIFF needs about ten levels (xliff, file, body, a few groups,
    /// trans-unit, target, inline elements); each level is one frame of `Cursor.element()`, and
    /// 256 of them fit in any thread's stack.
    static let maxDepth = 256

    /// An element being read, as what is inside it sees it: its name without prefix, where its
    /// start tag begins, its attributes.
    struct Open {
        var localName: Substring
        var start: Int
        var attributes: [(name: String, value: String, range: ByteRange)]
    }

    /// The root element of `bytes`. `take`, when given, is offered each element as soon as it is
    /// read, with the elements open around it (the root first): an element it takes is not kept
    /// in its parent's content, so a large document need not be held whole as a tree.
    static func parse(_ bytes: [UInt8], taking take: ((XMLElement, [Open]) -> Bool)? = nil) throws(XMLError) -> XMLElement {
        var reader = Cursor(bytes: bytes)
        reader.take = take
        return try reader.document()
    }

    struct Cursor {
        let bytes: [UInt8]
        var index = 0
        /// The elements open around the one being read.
        var depth = 0
        /// `parse`'s `take`, and the elements open (kept only for it).
        var take: ((XMLElement, [Open]) -> Bool)?
        var open: [Open] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte-order mark is allowed before the declaration.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func peek(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return index + utf8.count <= bytes.count && bytes[index..<index + utf8.count].elementsEqual(utf8)
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        /// Skips up to and past `terminator`, or fails naming `what`.
        mutating func skip(past terminator: String, what: String, from start: Int) throws(XMLError) -> Range<Int> {
            let utf8 = Array(terminator.utf8)
            var at = index
            while at + utf8.count <= bytes.count {
                if bytes[at] == utf8[0], bytes[at..<at + utf8.count].elementsEqual(utf8) {
                    let inner = index..<at
                    index = at + utf8.count
                    return inner
                }
                at += 1
            }
            throw XMLError(message: "\(what) is not closed ('\(terminator)' missing)", offset: start)
        }

        /// Comments, processing instructions, a DOCTYPE and white space, before or after the root.
        mutating func misc(allowDoctype: Bool) throws(XMLError) {
            while true {
                skipSpace()
                let start = index
                if peek("<!--") {
                    index += 4
                    _ = try skip(past: "-->", what: "a comment", from: start)
                } else if peek("<?") {
                    index += 2
                    _ = try skip(past: "?>", what: "a processing instruction", from: start)
                } else if allowDoctype, peek("<!DOCTYPE") {
                    index += 9
                    if let open = bytes[index...].firstIndex(of: UInt8(ascii: "[")),
                       open < (bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count) {
                        throw XMLError(message: "a DOCTYPE with an internal subset is not read (XLIFF needs none)", offset: start)
                    }
                    _ = try skip(past: ">", what: "the DOCTYPE", from: start)
                } else {
                    return
                }
            }
        }

        mutating func document() throws(XMLError) -> XMLElement {
            try misc(allowDoctype: true)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else {
                throw XMLError(message: index < bytes.count ? "text before the root element" : "no root element", offset: index)
            }
            let root = try element()
            try misc(allowDoctype: false)
            if index < bytes.count {
                throw XMLError(message: "content after the root element '\(root.name)' ends", offset: index)
            }
            return root
        }

        mutating func name() throws(XMLError) -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
                    || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { break }
                index += 1
            }
            guard index > start else { throw XMLError(message: "a name was expected", offset: start) }
            let first = bytes[start]
            if first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39) {
                throw XMLError(message: "a name cannot start with '\(Character(Unicode.Scalar(first)))'", offset: start)
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// An element starting at `<`.
        mutating func element() throws(XMLError) -> XMLElement {
            let start = index
            guard depth < XMLReader.maxDepth else {
                throw XMLError(message: "elements nest more than \(XMLReader.maxDepth) levels deep here (XLIFF needs about ten)", offset: start)
            }
            depth += 1
            defer { depth -= 1 }
            index += 1
            let name = try name()
            var attributes: [(name: String, value: String, range: ByteRange)] = []
            while true {
                let before = index
                skipSpace()
                guard index < bytes.count else { throw XMLError(message: "the start tag of '\(name)' is not closed", offset: start) }
                if bytes[index] == UInt8(ascii: "/") {
                    guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                        throw XMLError(message: "'/' in the start tag of '\(name)' must be followed by '>'", offset: index)
                    }
                    index += 2
                    let range = ByteRange(start, index)
                    return XMLElement(name: name, attributes: attributes, content: [], range: range, extent: range)
                }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                guard index > before else { throw XMLError(message: "white space is needed between attributes", offset: index) }
                let attributeStart = index
                let attributeName = try self.name()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw XMLError(message: "attribute '\(attributeName)' has no value ('=' missing)", offset: index)
                }
                index += 1
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw XMLError(message: "the value of attribute '\(attributeName)' must be quoted", offset: index)
                }
                let quote = bytes[index]
                index += 1
                let valueStart = index
                guard let end = bytes[index...].firstIndex(of: quote) else {
                    throw XMLError(message: "the value of attribute '\(attributeName)' is not closed", offset: attributeStart)
                }
                if let lt = bytes[valueStart..<end].firstIndex(of: UInt8(ascii: "<")) {
                    throw XMLError(message: "'<' in the value of attribute '\(attributeName)' (write &lt;)", offset: lt)
                }
                let value = try decode(valueStart..<end, attribute: true)
                index = end + 1
                if attributes.contains(where: { $0.name == attributeName }) {
                    throw XMLError(message: "attribute '\(attributeName)' is repeated", offset: attributeStart)
                }
                attributes.append((attributeName, value, ByteRange(attributeStart, index)))
            }
            let tag = ByteRange(start, index)
            if take != nil {
                open.append(Open(localName: name.split(separator: ":").last ?? Substring(name), start: start, attributes: attributes))
            }
            var content: [XMLElement.Content] = []
            var text = ""
            while true {
                guard index < bytes.count else { throw XMLError(message: "element '\(name)' is not closed (no '</\(name)>')", offset: start) }
                if bytes[index] != UInt8(ascii: "<") {
                    let runStart = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                    if let marker = find("]]>", in: runStart..<index) {
                        throw XMLError(message: "']]>' is not allowed in text", offset: marker)
                    }
                    text += try decode(runStart..<index, attribute: false)
                    continue
                }
                let markupStart = index
                if peek("</") {
                    index += 2
                    let closing = try self.name()
                    skipSpace()
                    guard closing == name else {
                        throw XMLError(message: "'</\(closing)>' closes '\(name)' (opened at byte \(start))", offset: markupStart)
                    }
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                        throw XMLError(message: "the end tag of '\(name)' is not closed", offset: markupStart)
                    }
                    index += 1
                    if !text.isEmpty { content.append(.text(text)) }
                    if take != nil { open.removeLast() }
                    return XMLElement(name: name, attributes: attributes, content: content, range: tag, extent: ByteRange(start, index))
                } else if peek("<!--") {
                    index += 4
                    let inner = try skip(past: "-->", what: "a comment", from: markupStart)
                    if find("--", in: inner) != nil { throw XMLError(message: "'--' inside a comment", offset: markupStart) }
                } else if peek("<![CDATA[") {
                    index += 9
                    let inner = try skip(past: "]]>", what: "a CDATA section", from: markupStart)
                    text += Self.normalizedLineEnds(String(decoding: bytes[inner], as: UTF8.self))
                } else if peek("<?") {
                    index += 2
                    _ = try skip(past: "?>", what: "a processing instruction", from: markupStart)
                } else if peek("<!") {
                    throw XMLError(message: "unexpected '<!' in the content of '\(name)'", offset: markupStart)
                } else {
                    if !text.isEmpty { content.append(.text(text)) }
                    text = ""
                    let child = try element()
                    if let take, take(child, open) { continue }
                    content.append(.element(child))
                }
            }
        }

        func find(_ needle: String, in range: Range<Int>) -> Int? {
            let utf8 = Array(needle.utf8)
            var at = range.lowerBound
            while at + utf8.count <= range.upperBound {
                if bytes[at..<at + utf8.count].elementsEqual(utf8) { return at }
                at += 1
            }
            return nil
        }

        /// Text or an attribute value with its references replaced; in an attribute, white space
        /// characters written as they are become spaces (XML's attribute-value normalization).
        func decode(_ range: Range<Int>, attribute: Bool) throws(XMLError) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(range.count)
            var at = range.lowerBound
            while at < range.upperBound {
                let byte = bytes[at]
                if byte == UInt8(ascii: "&") {
                    guard let semicolon = bytes[at..<range.upperBound].firstIndex(of: UInt8(ascii: ";")), semicolon - at <= 12 else {
                        throw XMLError(message: "'&' must start a reference ending in ';' (write &amp;)", offset: at)
                    }
                    let reference = String(decoding: bytes[at + 1..<semicolon], as: UTF8.self)
                    guard let scalar = Self.reference(reference) else {
                        throw XMLError(message: "unknown entity '&\(reference);' (XML has &amp; &lt; &gt; &quot; &apos; and &#…;)", offset: at)
                    }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    at = semicolon + 1
                    continue
                }
                if byte == 0x0D {
                    // CR LF and a lone CR are one line feed.
                    out.append(attribute ? 0x20 : 0x0A)
                    at += at + 1 < range.upperBound && bytes[at + 1] == 0x0A ? 2 : 1
                    continue
                }
                if attribute, byte == 0x0A || byte == 0x09 {
                    out.append(0x20)
                } else {
                    if byte < 0x20, byte != 0x09, byte != 0x0A {
                        throw XMLError(message: "control character U+\(String(byte, radix: 16, uppercase: true)) is not allowed in XML", offset: at)
                    }
                    out.append(byte)
                }
                at += 1
            }
            return String(decoding: out, as: UTF8.self)
        }

        /// The character a reference names (`amp`, `#10`, `#xA`), when XML allows it.
        static func reference(_ name: String) -> Unicode.Scalar? {
            switch name {
            case "amp": return "&"
            case "lt": return "<"
            case "gt": return ">"
            case "quot": return "\""
            case "apos": return "'"
            default: break
            }
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, !digits.isEmpty, let scalar = Unicode.Scalar(value) else { return nil }
            switch value {
            case 0x09, 0x0A, 0x0D: return scalar
            case 0x00...0x1F, 0xFFFE, 0xFFFF: return nil
            default: return scalar
            }
        }

        static func normalizedLineEnds(_ text: String) -> String {
            guard text.utf8.contains(0x0D) else { return text }
            return text.replacingOccurrences("\r\n", with: "\n").replacingOccurrences("\r", with: "\n")
        }
    }
}
