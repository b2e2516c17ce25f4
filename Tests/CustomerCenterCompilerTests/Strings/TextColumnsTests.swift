import Testing
import TestSupport
@testable import CustomerCenterCompiler

/// A table's columns keep a text's start as its distance from its group's first start, in 16
/// bits, and a start too far from it whole (`TextColumns`): every start must read back as it
/// was added, whether it follows closely (the usual table), jumps past the 16 bits (a text after
/// a long one), goes backwards, or crosses a group, a growth or the joining of two parts.
@Suite struct TextColumnsTests {
    /// Starts as a table's texts give them: mostly a few dozen bytes after the one before, now
    /// and then far after it or before it.
    static func starts(_ count: Int, _ rng: inout SeededGenerator) -> [UInt32] {
        var start = UInt32.random(in: 0...1_000, using: &rng)
        return (0..<count).map { _ in
            switch Int.random(in: 0..<100, using: &rng) {
            case 0: start &+= UInt32.random(in: 60_000...200_000, using: &rng)
            case 1: start = UInt32.random(in: 0...start, using: &rng)
            case 2: start = UInt32.random(in: UInt32.max - 100_000...UInt32.max, using: &rng)
            default: start &+= UInt32.random(in: 1...600, using: &rng)
            }
            return start
        }
    }

    static func shape(_ index: Int) -> TranslationTable.Shape {
        index % 7 == 0 ? .exceptional : TranslationTable.Shape(bits: UInt16(truncatingIfNeeded: index % 1_000) | UInt16(index % 30) << 10)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyStartReadsBackAsAdded(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let starts = Self.starts(3_000, &rng)
        // A capacity below the count: the columns grow twice on the way.
        let columns = TextColumns(capacity: 700)
        for (index, start) in starts.enumerated() { columns.append(start, Self.shape(index)) }
        #expect(columns.count == starts.count)
        for (index, start) in starts.enumerated() {
            #expect(columns.start(index) == start)
            #expect(columns.shape(index) == Self.shape(index))
        }
    }

    /// A table read in two parts: the second part's texts after the first's, its shapes'
    /// locales renumbered, its starts (far after the first's last) as they were.
    @Test(arguments: [4, 5] as [UInt64])
    func aSecondPartReadsBackAfterTheFirst(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let (first, second) = (Self.starts(1_000, &rng), Self.starts(1_300, &rng).map { $0 / 2 + UInt32.max / 2 })
        let (columns, other) = (TextColumns(capacity: 1_000), TextColumns(capacity: 10))
        for (index, start) in first.enumerated() { columns.append(start, Self.shape(index)) }
        for (index, start) in second.enumerated() { other.append(start, Self.shape(index)) }
        let numbers = (0..<30).map { UInt32(29 - $0) }
        columns.append(contentsOf: other, numbers: numbers)
        #expect(columns.count == first.count + second.count)
        for (index, start) in (first + second).enumerated() { #expect(columns.start(index) == start) }
        for index in second.indices {
            let shape = Self.shape(index), joined = columns.shape(first.count + index)
            #expect(joined == (shape == .exceptional ? shape : TranslationTable.Shape(bits: shape.bits & 0x3FF | UInt16(numbers[shape.locale]) << 10)))
        }
    }
}
