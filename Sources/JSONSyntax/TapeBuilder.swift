/// The parser's output as it is written.
struct TapeBuilder {
    var entries: [JSONTape.Entry] = []
    var spills: [JSONTape.Spill] = []
    var texts: [String] = []

    /// Appends a value without children; returns its index.
    @inline(__always)
    @discardableResult
    mutating func append(_ kind: JSONKind, _ range: ByteRange, flags: UInt8 = 0) -> Int {
        let index = entries.count
        append(kind, start: range.start, end: range.end, flags: flags)
        return index
    }

    /// Appends a value without children from `start` to `end` (not before `start`).
    @inline(__always)
    mutating func append(_ kind: JSONKind, start: Int, end: Int, flags: UInt8) {
        let length = end &- start
        if _fastPath(length <= JSONTape.Entry.inlineLengthLimit) {
            entries.append(JSONTape.Entry(kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start),
                                          payload: UInt32(truncatingIfNeeded: length), spilled: false))
        } else {
            appendSpilled(kind, ByteRange(start, end), flags: flags, link: 0)
        }
    }

    /// Appends a value whose end and link are in a spill.
    @inline(__always)
    mutating func appendSpilled(_ kind: JSONKind, _ range: ByteRange, flags: UInt8, link: UInt32) {
        entries.append(JSONTape.Entry(kind: kind, flags: flags, start: range.startStorage,
                                      payload: UInt32(truncatingIfNeeded: spills.count), spilled: true))
        spills.append(JSONTape.Spill(end: range.endStorage, link: link))
    }

    /// Appends a string whose text had to be decoded.
    @inline(__always)
    mutating func appendDecoded(_ text: String, _ range: ByteRange) {
        texts.append(text)
        appendSpilled(.string, range, flags: 0, link: UInt32(truncatingIfNeeded: texts.count - 1))
    }

    /// Opens a container: empty until closed (a container left open when the parser gives up
    /// reads as empty, and so do the ones around it).
    @inline(__always)
    mutating func open(_ kind: JSONKind, at start: Int) -> Int {
        let index = entries.count
        appendSpilled(kind, .at(start), flags: 0, link: UInt32(truncatingIfNeeded: index + 1))
        return index
    }

    /// Closes the container opened at `index`, ending at `end`.
    @inline(__always)
    mutating func close(_ index: Int, end: Int) {
        spills[entries[index].payload] = JSONTape.Spill(end: UInt32(truncatingIfNeeded: end), link: UInt32(truncatingIfNeeded: entries.count))
    }

    /// How much has been written: `rollBack(to:)` drops what comes after.
    struct Mark {
        fileprivate let entries, spills, texts: Int
    }

    var mark: Mark { Mark(entries: entries.count, spills: spills.count, texts: texts.count) }

    /// Drops the values written after `mark` (a stray value in a key's place), with their spills and texts.
    mutating func rollBack(to mark: Mark) {
        entries.removeSubrange(mark.entries...)
        spills.removeSubrange(mark.spills...)
        texts.removeSubrange(mark.texts...)
    }

    /// Drops the values written after `mark` with their spills, keeping the decoded texts (a
    /// `StringTableSink` holds their numbers).
    mutating func rollBackKeepingTexts(to mark: Mark) {
        entries.removeSubrange(mark.entries...)
        spills.removeSubrange(mark.spills...)
    }

    /// The bytes of the value at `index`.
    @inline(__always)
    func range(at index: Int) -> ByteRange { entries[index].range(spills) }

    /// The decoded text of the string at `index`.
    func text(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let entry = entries[index]
        if entry.flags & JSONTape.Entry.simple != 0 {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.start) + 1..<entry.end(spills) - 1]), as: UTF8.self)
        }
        return texts[Int(spills[entry.payload].link)]
    }
}
