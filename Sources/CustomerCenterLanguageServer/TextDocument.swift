/// How the client counts characters in a line (LSP `positionEncoding`).
package enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// A position as the protocol writes it: zero-based line and character in the negotiated encoding.
package struct Position: Sendable, Equatable, Comparable {
    /// Zero-based line.
    package var line: Int
    /// Zero-based character in the negotiated encoding.
    package var character: Int

    /// A position.
    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Document order.
    package static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSON { ["line": .int(line), "character": .int(character)] }
}

/// An open document: its bytes, version and line table. Positions convert to byte offsets and
/// back through the line table, counting UTF-8 bytes or UTF-16 code units, never scalars.
package struct TextDocument: Sendable {
    /// The client's URI for it.
    package let uri: String
    /// The version the client gave its latest change.
    package private(set) var version: Int
    /// Its UTF-8 bytes.
    package private(set) var bytes: [UInt8]
    /// Byte offset of each line's first byte. Lines end at `\n`, `\r\n` or a lone `\r` (LSP's rule).
    package private(set) var lineStarts: [Int]

    /// A document as opened.
    package init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        self.lineStarts = Self.lineStarts(of: bytes)
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        // One pass over the bytes (opening a large document is a scan of every byte): anything
        // above `\r` is no line break.
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                index += 1
                if byte > 0x0D { continue }
                if byte == 0x0A {
                    starts.append(index)
                } else if byte == 0x0D {
                    if index < buffer.count, buffer[index] == 0x0A { index += 1 }
                    starts.append(index)
                }
            }
        }
        return starts
    }

    /// The end of line `line`'s content (before its line break).
    func contentEnd(ofLine line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > lineStarts[line], line + 1 < lineStarts.count {
            end -= 1
            if end > lineStarts[line], bytes[end] == 0x0A, bytes[end - 1] == 0x0D { end -= 1 }
        }
        return end
    }

    /// The byte offset of `position`. A line past the end is the end of the document; a
    /// character past the end of its line is the line's end; a character inside a multi-byte
    /// character (or between the halves of a surrogate pair) is that character's start.
    package func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = contentEnd(ofLine: position.line)
        var offset = start
        var units = 0
        while offset < end {
            let length = Self.scalarLength(bytes[offset])
            let width = encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            if units + width > position.character { break }
            units += width
            offset = min(end, offset + length)
            if units == position.character { break }
        }
        return offset
    }

    /// The position of byte `offset` (clamped to the document).
    package func position(of offset: Int, encoding: PositionEncoding) -> Position {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        guard encoding == .utf16 else { return Position(line: low, character: offset - start) }
        var units = 0
        var index = start
        while index < offset {
            let length = Self.scalarLength(bytes[index])
            units += length == 4 ? 2 : 1
            index += length
        }
        return Position(line: low, character: units)
    }

    /// The byte length of the UTF-8 sequence a lead byte starts (1 for anything unexpected).
    static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }

    /// What an edit from the client did wrong.
    package enum EditError: Error, Equatable, Sendable {
        case invertedRange
        case invalidRange
        case missingText
    }

    /// One change as bytes: `start..<oldEnd` of the text before became `start..<newEnd`.
    package struct ByteChange: Sendable, Equatable {
        package var start: Int
        package var oldEnd: Int
        package var newEnd: Int
    }

    /// Applies the changes of one `didChange`, in order, all or nothing; returns them as bytes.
    /// The text is edited in place and the line table only where the change is (an edit costs
    /// its own size and the number of lines after it, not the document's bytes).
    @discardableResult
    package mutating func apply(_ changes: [JSON], version: Int, encoding: PositionEncoding) throws(EditError) -> [ByteChange] {
        var applied: [ByteChange] = []
        // What each applied change replaced, to put it back if a later one is refused.
        var replaced: [[UInt8]] = []
        do throws(EditError) {
            for change in changes {
                guard let text = change["text"]?.string else { throw .missingText }
                let start: Int, end: Int
                if let range = change["range"], !range.isNull {
                    // A range that is there must be a range: never read as "replace everything".
                    guard let from = Position(range["start"]), let to = Position(range["end"]) else { throw .invalidRange }
                    guard from <= to else { throw .invertedRange }
                    start = offset(of: from, encoding: encoding)
                    end = max(start, offset(of: to, encoding: encoding))
                } else {
                    (start, end) = (0, bytes.count)
                }
                let inserted = Array(text.utf8)
                replaced.append(Array(bytes[start..<end]))
                replace(start..<end, with: inserted)
                applied.append(ByteChange(start: start, oldEnd: end, newEnd: start + inserted.count))
            }
        } catch {
            for (change, old) in zip(applied, replaced).reversed() { replace(change.start..<change.newEnd, with: old) }
            throw error
        }
        self.version = version
        return applied
    }

    /// Replaces `range` of the bytes and the line starts it moves or makes.
    mutating func replace(_ range: Range<Int>, with inserted: [UInt8]) {
        bytes.replaceSubrange(range, with: inserted)
        let newEnd = range.lowerBound + inserted.count
        let delta = inserted.count - range.count
        // Whether offset p (1...count) starts a line depends on bytes p - 1 and p only, so the
        // starts in range.lowerBound...range.upperBound (old offsets) are found again in
        // range.lowerBound...newEnd, and those after move by delta. Offset 0 always starts one.
        let first = max(range.lowerBound, 1)
        let low = Self.firstIndex(in: lineStarts, notBelow: first)
        let high = Self.firstIndex(in: lineStarts, notBelow: range.upperBound + 1)
        var found: [Int] = []
        var offset = first
        while offset <= min(newEnd, bytes.count) {
            let previous = bytes[offset - 1]
            if previous == 0x0A || (previous == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A)) { found.append(offset) }
            offset += 1
        }
        lineStarts.replaceSubrange(low..<high, with: found)
        if delta != 0 {
            lineStarts.withUnsafeMutableBufferPointer { starts in
                for index in (low + found.count)..<starts.count { starts[index] += delta }
            }
        }
    }

    /// The index of the first of the ascending `starts` that is `value` or more.
    static func firstIndex(in starts: [Int], notBelow value: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The whole text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}
