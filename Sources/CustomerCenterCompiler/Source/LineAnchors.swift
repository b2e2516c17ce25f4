import JSONSyntax

/// What a run knows so far of a file's lines: places it has counted up to, each with its line and
/// where that line starts, in file order. A position is counted from the nearest known place
/// before it, not looked up in an index of the whole file: a clean file is never scanned, one
/// warning in a 41 MB file scans up to it, findings printed in file order scan the file at most once,
/// also on one long minified line (docs/performance.md "One big file: the reader"). Past
/// `wholeIndexAfter` places (a format printing every one of many findings) the whole index is
/// cheaper, and the caller builds it.
struct LineAnchors {
    /// Offsets counted up to, ascending: every line start at or before `offsets[i]` is counted,
    /// and `offsets[i]` is on line `lines[i]` (0-based), which starts at `starts[i]`.
    private var offsets = [0]
    private var lines = [0]
    private var starts = [0]

    /// How many places are worth keeping before a whole-file index pays.
    static let wholeIndexAfter = 4_096

    var count: Int { offsets.count }

    /// The line holding `offset` (at most the file's length) and where it starts.
    mutating func line(holding offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, start: Int) {
        let slot = Self.lastSlot(in: offsets, notAbove: offset)
        guard offsets[slot] != offset else { return (lines[slot], starts[slot]) }
        // Breaks before `offset` only: a line starting after it does not hold it.
        let counted = count(from: slot, in: bytes, limit: max(offsets[slot], offset), untilLine: nil)
        record(offset: max(offsets[slot], offset), line: counted.line, start: counted.start)
        return counted
    }

    /// Where line `index` starts, or `nil` when the file has fewer lines.
    mutating func start(ofLine index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard index >= 0 else { return nil }
        let slot = Self.lastSlot(in: lines, notAbove: index)
        if lines[slot] == index { return starts[slot] }
        let counted = count(from: slot, in: bytes, limit: bytes.count, untilLine: index)
        guard counted.line == index else {
            // The end was reached: remember it, so the next question past the end costs nothing.
            record(offset: bytes.count, line: counted.line, start: counted.start)
            return nil
        }
        record(offset: counted.start, line: index, start: counted.start)
        return counted.start
    }

    /// Counts line breaks from place `slot` up to `limit` (a break at `limit` or after is not
    /// counted), or until line `target` starts.
    private func count(from slot: Int, in bytes: UnsafeBufferPointer<UInt8>, limit: Int, untilLine target: Int?) -> (line: Int, start: Int) {
        var line = lines[slot], start = starts[slot]
        let n = bytes.count
        let bounded = UnsafeBufferPointer(rebasing: bytes[0..<min(limit, n)])
        var i = offsets[slot]
        while target.map({ line < $0 }) ?? true {
            i = ByteScan.firstLineBreak(bounded, from: i)
            guard i < bounded.count else { break }
            if bytes[i] == 0x0D, i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
            // A line starting after `limit` (the second byte of a CRLF there) does not count.
            guard i + 1 <= limit else { break }
            line += 1
            start = i + 1
            i += 1
        }
        return (line, start)
    }

    /// Inserts a place in order unless one is known there already.
    private mutating func record(offset: Int, line: Int, start: Int) {
        let slot = Self.lastSlot(in: offsets, notAbove: offset)
        guard offsets[slot] != offset else { return }
        offsets.insert(offset, at: slot + 1)
        lines.insert(line, at: slot + 1)
        starts.insert(start, at: slot + 1)
    }

    /// The greatest index whose value is at most `value` (0 when none is: every array starts at 0).
    private static func lastSlot(in values: [Int], notAbove value: Int) -> Int {
        var low = 0, high = values.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if values[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
