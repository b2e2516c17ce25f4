import JSONSyntax
import Synchronization

/// A file's bytes with its display name and line table.
///
/// Positions everywhere are byte offsets; this type turns them into 1-based line and column
/// (columns count Unicode scalars, CRLF and CR count as one line break, a leading BOM is not a
/// column) only when a diagnostic is displayed.
public struct SourceFile: Sendable {
    /// The name shown in diagnostics (as given on the command line, or `--stdin-filename`).
    public let path: String
    /// The raw bytes.
    public let bytes: [UInt8]
    private let lineTable = LineTable()

    /// Byte offset of the first byte of each line. Built on first use: a clean file is never
    /// displayed, and the scan is a whole pass over the bytes.
    public var lineStarts: [Int] {
        lineTable.starts.withLock { starts in
            if let starts { return starts }
            let built = Self.buildLineStarts(bytes)
            starts = built
            return built
        }
    }

    /// Creates a source file.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

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
            while i < n {
                let b = buffer[i]
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < n, buffer[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        return starts
    }

    /// Whether the file starts with a UTF-8 byte-order mark.
    public var hasByteOrderMark: Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The 0-based index of the line holding `offset` (binary search).
    public func lineIndex(of offset: Int) -> Int {
        let lineStarts = self.lineStarts
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Line and column (both 1-based) of a byte offset, clamped to the file.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped)
        let lineStarts = self.lineStarts
        var start = lineStarts[line]
        if line == 0, hasByteOrderMark, clamped >= 3 { start = 3 }
        var column = 1
        var i = start
        while i < clamped {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SourceLocation(line: line + 1, column: column, offset: clamped)
    }

    /// The bytes of line `index` (0-based) without its line break.
    public func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
        let lineStarts = self.lineStarts
        guard lineStarts.indices.contains(index) else { return [] }
        var start = lineStarts[index]
        if index == 0, hasByteOrderMark { start = 3 }
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<end]
    }

    /// The text of a range, decoded leniently (for messages and fixes).
    public func text(in range: ByteRange) -> String {
        let lower = max(0, min(range.start, bytes.count))
        let upper = max(lower, min(range.end, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}

/// The lazily built line table, shared by copies of a `SourceFile`.
final class LineTable: Sendable {
    let starts = Mutex<[Int]?>(nil)
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
