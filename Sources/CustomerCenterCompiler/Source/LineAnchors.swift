import JSONSyntax

/// The line starts a run has found so far, as (offset, line) pairs in file order, and the way to
/// find more: a position is counted from the nearest known line start before it, not looked up in
/// an index of the whole file. A clean file is never scanned; one warning in a 41 MB file scans up
/// to its line; findings printed in file order scan the file at most once (docs/performance.md).
/// Past `wholeIndexAfter` anchors (a format printing every one of many findings) the whole index
/// is cheaper, and the caller builds it.
struct LineAnchors {
    /// Offsets of known line starts, ascending; `lines[i]` is the 0-based line starting at `offsets[i]`.
    private(set) var offsets = [0]
    private(set) var lines = [0]

    /// How many anchors are worth keeping before a whole-file index pays.
    static let wholeIndexAfter = 4_096

    /// The line holding `offset` and where it starts, counted from the nearest anchor at or
    /// before it (recorded as a new anchor).
    mutating func line(holding offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, start: Int) {
        let slot = Self.lastSlot(in: offsets, notAbove: offset)
        var line = lines[slot], start = offsets[slot]
        var i = start
        let n = bytes.count
        while true {
            i = ByteScan.firstLineBreak(bytes, from: i)
            guard i < n else { break }
            if bytes[i] == 0x0D, i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
            guard i + 1 <= offset else { break }
            line += 1
            start = i + 1
            i += 1
        }
        record(slot: slot, offset: start, line: line)
        return (line, start)
    }

    /// Where line `index` starts, or `nil` when the file has fewer lines, counted from the nearest
    /// anchor at or before that line.
    mutating func start(ofLine index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard index >= 0 else { return nil }
        let slot = Self.lastSlot(in: lines, notAbove: index)
        var line = lines[slot], start = offsets[slot]
        let n = bytes.count
        while line < index {
            var i = ByteScan.firstLineBreak(bytes, from: start)
            guard i < n else { return nil }
            if bytes[i] == 0x0D, i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
            line += 1
            start = i + 1
        }
        record(slot: Self.lastSlot(in: offsets, notAbove: start), offset: start, line: line)
        return start
    }

    var count: Int { offsets.count }

    /// Inserts the anchor after `slot` unless it is there already.
    private mutating func record(slot: Int, offset: Int, line: Int) {
        guard offsets[slot] != offset else { return }
        offsets.insert(offset, at: slot + 1)
        lines.insert(line, at: slot + 1)
    }

    /// The greatest index whose value is at most `value` (0 when none is: both arrays start at 0).
    private static func lastSlot(in values: [Int], notAbove value: Int) -> Int {
        var low = 0, high = values.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if values[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
