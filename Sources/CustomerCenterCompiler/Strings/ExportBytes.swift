/// The bytes of one exported file as they are written (`XLIFFWriter`, `POWriter`): text is
/// appended as UTF-8, escaped byte by byte. Every character the formats escape is ASCII, and no
/// byte of a multi-byte UTF-8 sequence is, so escaping the bytes escapes the characters; a text
/// with nothing to escape (most texts) is copied whole.

import JSONSyntax
struct ExportBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Empty, in the storage of `previous` (taken: `previous` is left empty) when nothing else
    /// holds it, else new; with room for at least `capacity` bytes and for as many as `previous` held.
    init(reusing previous: inout [UInt8], capacity: Int) {
        swap(&bytes, &previous)
        let count = bytes.count
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(Swift.max(capacity, count + count / 8))
    }

    /// The bytes so far, handed over (``ExportPlan/writeEachFile(_:)`` writes them): the
    /// bytes go on empty, in the storage of `spare` (taken: left empty), with room for `capacity`.
    mutating func handOver(continuingIn spare: inout [UInt8], capacity: Int) -> [UInt8] {
        var piece: [UInt8] = []
        swap(&piece, &bytes)
        swap(&bytes, &spare)
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(capacity)
        return piece
    }

    /// How a text is written.
    enum Escape {
        /// XML element content: `&`, `<`, `>` and CR as references (`MarkupText.Escaping.elementText`).
        case elementText
        /// An XML attribute value in double quotes: also `"`, tab and line feed
        /// (`MarkupText.Escaping.attributeValue`).
        case attributeValue
        /// A PO string's C escapes: `\\`, `\"`, `\n`, `\t`, `\r` (`POWriter.escaped`).
        case poString
    }

    /// Going on after the bytes of `previous` (taken: `previous` is left empty).
    init(continuing previous: inout [UInt8]) { swap(&bytes, &previous) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ written: [UInt8]) { bytes.append(contentsOf: written) }

    /// The bytes of `written` in `range`.
    mutating func append(_ written: [UInt8], _ range: Range<Int>) {
        written.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Where what `body` appends lies.
    mutating func span(_ body: (inout ExportBytes) -> Void) -> Range<Int> {
        let start = bytes.count
        body(&self)
        return start..<bytes.count
    }

    mutating func append(_ number: Int) { append(String(number)) }

    /// `text` escaped as `escape` says.
    mutating func append(_ text: String, escaping escape: Escape) {
        var text = text
        text.withUTF8 { append($0, escaping: escape) }
    }

    /// The bytes of a text (a part of one) escaped as `escape` says.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>, escaping escape: Escape) {
        var copied = 0
        for index in text.indices {
            let replacement: StaticString
            switch (text[index], escape) {
            case (0x26, .elementText), (0x26, .attributeValue): replacement = "&amp;"
            case (0x3C, .elementText), (0x3C, .attributeValue): replacement = "&lt;"
            case (0x3E, .elementText), (0x3E, .attributeValue): replacement = "&gt;"
            case (0x0D, .elementText), (0x0D, .attributeValue): replacement = "&#13;"
            case (0x22, .attributeValue): replacement = "&quot;"
            case (0x09, .attributeValue): replacement = "&#9;"
            case (0x0A, .attributeValue): replacement = "&#10;"
            case (0x5C, .poString): replacement = "\\\\"
            case (0x22, .poString): replacement = "\\\""
            case (0x0A, .poString): replacement = "\\n"
            case (0x09, .poString): replacement = "\\t"
            case (0x0D, .poString): replacement = "\\r"
            default: continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<index]))
            replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
            copied = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
    }
}
