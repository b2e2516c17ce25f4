import JSONSyntax

/// The ranges a fix round has taken, sorted by start (then end), no two touching: whether a new
/// edit touches one of them is a binary search, not a walk over all (`lint --fix`).
/// Touching is overlapping, or an insertion at the start or inside of another range (two
/// insertions at one offset touch: their order would be a guess); ranges that only meet end to
/// start do not touch. Since no two ranges touch, their ends ascend with their starts.
struct TakenRanges {
    /// The ranges; those before `head` were dropped (``dropEnding(before:)``).
    private var storage: [ByteRange] = []
    private var head = 0

    /// The ranges kept, in order.
    var ranges: ArraySlice<ByteRange> { storage[head...] }

    static func touch(_ a: ByteRange, _ b: ByteRange) -> Bool {
        if a.count == 0 || b.count == 0 {
            return a.start == b.start || (a.start > b.start && a.start < b.end) || (b.start > a.start && b.start < a.end)
        }
        return a.start < b.end && b.start < a.end
    }

    /// Whether `range` touches a taken range. Any range that touches it ends at or after its
    /// start and starts at or before its end: only those few are compared.
    func touches(_ range: ByteRange) -> Bool {
        var low = head, high = storage.count
        while low < high {
            let middle = (low + high) / 2
            if storage[middle].end < range.start { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < storage.count, storage[index].start <= range.end {
            if Self.touch(storage[index], range) { return true }
            index += 1
        }
        return false
    }

    /// Adds a range that touches none taken (at the end when ranges come in file order: O(1)).
    mutating func insert(_ range: ByteRange) {
        if let last = storage.last, (last.start, last.end) <= (range.start, range.end) {
            storage.append(range)
            return
        }
        var low = head, high = storage.count
        while low < high {
            let middle = (low + high) / 2
            if (storage[middle].start, storage[middle].end) <= (range.start, range.end) { low = middle + 1 } else { high = middle }
        }
        storage.insert(range, at: low)
    }

    /// Forgets the ranges that end before `offset`: none of them touches a range that starts at
    /// or after it (an empty one there touches only a range starting there or around it). A
    /// round whose fixes come in file order keeps the few that can still be touched, not all.
    mutating func dropEnding(before offset: Int) {
        while head < storage.count, storage[head].end < offset { head += 1 }
        if head >= 1_024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    /// Forgets every range, keeping the room.
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
    }
}
