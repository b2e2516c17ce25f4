import JSONSyntax

/// The ranges a fix round has taken, sorted by start (then end), no two touching: whether a new
/// edit touches one of them is a binary search, not a walk over all (`lint --fix`).
/// Touching is overlapping, or an insertion at the start or inside of another range (two
/// insertions at one offset touch: their order would be a guess); ranges that only meet end to
/// start do not touch. Since no two ranges touch, their ends ascend with their starts.
struct TakenRanges {
    private(set) var ranges: [ByteRange] = []

    static func touch(_ a: ByteRange, _ b: ByteRange) -> Bool {
        if a.count == 0 || b.count == 0 {
            return a.start == b.start || (a.start > b.start && a.start < b.end) || (b.start > a.start && b.start < a.end)
        }
        return a.start < b.end && b.start < a.end
    }

    /// Whether `range` touches a taken range. Any range that touches it ends at or after its
    /// start and starts at or before its end: only those few are compared.
    func touches(_ range: ByteRange) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].end < range.start { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < ranges.count, ranges[index].start <= range.end {
            if Self.touch(ranges[index], range) { return true }
            index += 1
        }
        return false
    }

    /// Adds a range that touches none taken (at the end when ranges come in file order: O(1)).
    mutating func insert(_ range: ByteRange) {
        if let last = ranges.last, (last.start, last.end) <= (range.start, range.end) {
            ranges.append(range)
            return
        }
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if (ranges[middle].start, ranges[middle].end) <= (range.start, range.end) { low = middle + 1 } else { high = middle }
        }
        ranges.insert(range, at: low)
    }
}
