import JSONSyntax
import PlatformLayer

/// A file's bytes with its display name and line table.
///
/// Positions everywhere are byte offsets; this type turns them into 1-based line and column
/// (columns count Unicode scalars, CRLF and CR count as one line break, a leading BOM is not a
/// column) only when a diagnostic is displayed.
public struct SourceFile: Sendable {
    /// The name shown in diagnostics (as given on the command line, or `--stdin-filename`).
    public let path: String
    /// Where the file really is (an absolute path), when it was read from one: ignores,
    /// baselines and writes use it, the display name is only shown.
    public let location: String?
    /// The raw bytes. Empty in a report a run recorded (``FileReport/source``): the report keeps
    /// only what it prints, and ``location(of:)`` and ``text(in:)`` answer from that.
    public let bytes: [UInt8]
    private let lineTable = LineTable()
    /// What a recorded report kept of the file, instead of `bytes` (`nil`: `bytes` is the file).
    package let excerpt: SourceExcerpt?

    /// Byte offset of the first byte of each line: a whole pass over the bytes, built on first use
    /// (a fix's line map, many positions). A position alone does not build it: it is counted from
    /// the nearest line start known (``LineAnchors``).
    package var lineStarts: [Int] {
        lineTable.starts.withLock { starts in
            if let starts { return starts }
            let built = Self.buildLineStarts(bytes)
            starts = built
            return built
        }
    }

    /// Creates a source file named `path`, read from `location` when it came from a file.
    public init(path: String, bytes: [UInt8], location: String? = nil) {
        self.path = path
        self.bytes = bytes
        self.location = location
        self.excerpt = nil
    }

    /// The same file, keeping only `excerpt` of its bytes.
    package init(path: String, excerpt: SourceExcerpt, location: String?) {
        self.path = path
        self.bytes = []
        self.location = location
        self.excerpt = excerpt
    }

    /// The file's length in bytes (also for an excerpt).
    package var byteCount: Int { excerpt?.count ?? bytes.count }

    /// Creates a source file from text (tests, examples).
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    static func buildLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            let n = buffer.count
            while true {
                i = ByteScan.firstLineBreak(buffer, from: i)
                guard i < n else { break }
                if buffer[i] == 0x0D, i + 1 < n, buffer[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
                i += 1
            }
        }
        return starts
    }

    /// The file's line ending, as its first line break writes it: `"\r\n"`, `"\r"`, or `"\n"`
    /// (also for a file without line breaks). Writers keep it (docs/commands.md, "Fixes").
    package var lineEnding: String {
        let index = bytes.withUnsafeBufferPointer { ByteScan.firstLineBreak($0, from: 0) }
        guard index < bytes.count else { return "\n" }
        if bytes[index] == 0x0A { return "\n" }
        return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "\r\n" : "\r"
    }

    /// Whether the file starts with a UTF-8 byte-order mark.
    package var hasByteOrderMark: Bool {
        if let excerpt { return excerpt.hasByteOrderMark }
        return bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The 0-based index of the line holding `offset`.
    package func lineIndex(of offset: Int) -> Int {
        if let excerpt { return excerpt.lineIndex(of: offset) }
        return line(holding: offset).line
    }

    /// The line holding `offset` (of the whole file) and where it starts: from the line table when
    /// it was built, else counted from the nearest line start found before (``LineAnchors``),
    /// until so many were found that the whole table pays.
    func line(holding offset: Int) -> (line: Int, start: Int) {
        if let starts = lineTable.starts.withLock({ $0 }) {
            let line = Self.lastIndex(in: starts, notAbove: offset)
            return (line, starts[line])
        }
        let counted = lineTable.anchors.withLock { anchors -> (line: Int, start: Int)? in
            guard anchors.count < LineAnchors.wholeIndexAfter else { return nil }
            return bytes.withUnsafeBufferPointer { anchors.line(holding: offset, in: $0) }
        }
        if let counted { return counted }
        let starts = lineStarts
        let line = Self.lastIndex(in: starts, notAbove: offset)
        return (line, starts[line])
    }

    /// Where line `index` (0-based) of the whole file starts; `nil` when the file has fewer lines.
    func start(ofLine index: Int) -> Int? {
        guard index >= 0 else { return nil }
        if let starts = lineTable.starts.withLock({ $0 }) { return index < starts.count ? starts[index] : nil }
        let counted = lineTable.anchors.withLock { anchors -> Int?? in
            guard anchors.count < LineAnchors.wholeIndexAfter else { return nil }
            return .some(bytes.withUnsafeBufferPointer { anchors.start(ofLine: index, in: $0) })
        }
        if let counted { return counted }
        let starts = lineStarts
        return index < starts.count ? starts[index] : nil
    }

    /// The greatest index of `starts` (ascending, starting at 0) whose value is at most `offset`.
    private static func lastIndex(in starts: [Int], notAbove offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Whether the whole line table was built (a position alone does not build it).
    var hasWholeLineIndex: Bool { lineTable.starts.withLock { $0 != nil } }

    /// Whether the file has line `index` (0-based).
    package func hasLine(_ index: Int) -> Bool {
        if let excerpt { return excerpt.line(index) != nil }
        return start(ofLine: index) != nil
    }

    /// Line and column (both 1-based) of a byte offset, clamped to the file. The line is counted
    /// from the nearest line start known (`line(holding:)`); the column from scalar counts kept every
    /// `SourceFile.scalarBlock` bytes, so a position on a 400 KB minified line costs a block,
    /// not the line.
    public func location(of offset: Int) -> SourceLocation {
        if let excerpt { return excerpt.location(of: offset) }
        let clamped = max(0, min(offset, bytes.count))
        let held = self.line(holding: clamped)
        let line = held.line
        var start = held.start
        if line == 0, hasByteOrderMark, clamped >= 3 { start = 3 }
        let column = clamped - start < Self.scalarBlock
            ? scalarCount(from: start, to: clamped) + 1
            : scalarsBefore(clamped) - scalarsBefore(start) + 1
        return SourceLocation(line: line + 1, column: column, offset: clamped)
    }

    /// Bytes per entry of the scalar-count table.
    static let scalarBlock = 1024

    /// Unicode scalars (lead bytes; an invalid byte counts as one) in `bytes[from..<to]`.
    func scalarCount(from: Int, to: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            var i = from
            while i < to {
                if buffer[i] & 0xC0 != 0x80 { count += 1 }
                i += 1
            }
            return count
        }
    }

    /// Scalars in `bytes[0..<offset]`, from the table plus at most one block.
    func scalarsBefore(_ offset: Int) -> Int {
        let table = scalarTable
        let block = offset / Self.scalarBlock
        return table[block] + scalarCount(from: block * Self.scalarBlock, to: offset)
    }

    /// `table[k]` = scalars in the first `k * scalarBlock` bytes. Built on first use.
    private var scalarTable: [Int] {
        lineTable.scalars.withLock { table in
            if let table { return table }
            var built = [0]
            built.reserveCapacity(bytes.count / Self.scalarBlock + 2)
            var total = 0
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Self.scalarBlock)
                total += scalarCount(from: start, to: end)
                built.append(total)
                start = end
            }
            table = built
            return built
        }
    }

    /// The bytes of line `index` (0-based) without its line break.
    package func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
        bytes[lineSpan(index)]
    }

    /// The offsets of line `index` (0-based) without its line break (and a leading byte-order
    /// mark); `0..<0` for a line the file does not have.
    package func lineSpan(_ index: Int) -> Range<Int> {
        if let excerpt { return excerpt.line(index)?.span ?? 0..<0 }
        guard var start = start(ofLine: index) else { return 0..<0 }
        if index == 0, hasByteOrderMark { start = 3 }
        var end = self.start(ofLine: index + 1) ?? bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// Offset of the first byte of line `index` (0-based).
    package func lineStart(_ index: Int) -> Int {
        if let excerpt { return excerpt.line(index)?.start ?? 0 }
        return start(ofLine: index) ?? bytes.count
    }

    /// The byte at `offset` (of an excerpt: 0 where nothing was kept).
    package func byte(at offset: Int) -> UInt8 {
        excerpt?.byte(at: offset) ?? bytes[offset]
    }

    /// The bytes of `range` (of an excerpt: empty unless it kept them all). Indices are not offsets.
    package func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        excerpt?.slice(range) ?? bytes[range]
    }

    /// The text of a range, decoded leniently (for messages and fixes). Of a report a run
    /// recorded: the text only where the report prints it, else empty.
    public func text(in range: ByteRange) -> String {
        let lower = max(0, min(range.start, byteCount))
        let upper = max(lower, min(range.end, byteCount))
        return String(decoding: slice(lower..<upper), as: UTF8.self)
    }
}

/// The lazily built line table and the line starts found so far, shared by copies of a `SourceFile`.
final class LineTable: Sendable {
    let starts = LockedValue<[Int]?>(nil)
    let anchors = LockedValue(LineAnchors())
    let scalars = LockedValue<[Int]?>(nil)
}

/// A displayed position: 1-based line and column, 0-based byte offset.
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// 1-based line.
    public var line: Int
    /// 1-based column in Unicode scalars.
    public var column: Int
    /// 0-based UTF-8 byte offset.
    public var offset: Int

    /// Creates a location.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}
