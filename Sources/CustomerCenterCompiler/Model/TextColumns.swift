import JSONSyntax

/// A table's two columns: where each text starts, and its shape. Raw memory sized by the
/// builder for every member it may add, so adding a text is a few stores, without an array's
/// uniqueness and capacity checks each time (what is never written is never touched). Written
/// only by the `TranslationTableBuilder` that made it, read only after it is built.
///
/// A start is kept in 16 bits, as its distance from the start of the first text of its group
/// of `groupSize` texts (texts follow each other in the document, about 50 bytes apart), with
/// the group's first start beside: 2 bytes a text instead of 4 (about 2 MB of a 41 MB config's
/// 1.1 million texts). A start that is not within 65,534 bytes after its group's first (a text
/// after a long one, a table read in parts) is kept whole in `farStarts`.
final class TextColumns: @unchecked Sendable {
    /// Texts a group: each shares the first one's start as its base.
    static let groupSize = 256
    /// The distance that says "kept whole in `farStarts`".
    static let far = UInt16.max

    private var distances: UnsafeMutablePointer<UInt16>
    private var bases: UnsafeMutablePointer<UInt32>
    private var shapes: UnsafeMutablePointer<TranslationTable.Shape>
    /// The starts too far from their group's base, by text number.
    private var farStarts: [Int: UInt32] = [:]
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        (distances, bases, shapes) = Self.allocate(self.capacity)
    }

    deinit {
        distances.deallocate()
        bases.deallocate()
        shapes.deallocate()
    }

    private static func allocate(_ capacity: Int) -> (UnsafeMutablePointer<UInt16>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<TranslationTable.Shape>) {
        let distances = UnsafeMutablePointer<UInt16>.allocate(capacity: capacity)
        let bases = UnsafeMutablePointer<UInt32>.allocate(capacity: groups(capacity))
        let shapes = UnsafeMutablePointer<TranslationTable.Shape>.allocate(capacity: capacity)
        LargePages.adviseReservation(distances, count: capacity * MemoryLayout<UInt16>.stride)
        LargePages.adviseReservation(shapes, count: capacity * MemoryLayout<TranslationTable.Shape>.stride)
        return (distances, bases, shapes)
    }

    /// The groups `count` texts fill.
    private static func groups(_ count: Int) -> Int { (count + groupSize - 1) / groupSize }

    @inline(__always)
    func append(_ start: UInt32, _ shape: TranslationTable.Shape) {
        if _slowPath(count == capacity) { grow() }
        let group = count / Self.groupSize
        if count % Self.groupSize == 0 { (bases + group).initialize(to: start) }
        let base = bases[group]
        if _fastPath(start >= base && start - base < UInt32(Self.far)) {
            (distances + count).initialize(to: UInt16(truncatingIfNeeded: start - base))
        } else {
            (distances + count).initialize(to: Self.far)
            farStarts[count] = start
        }
        (shapes + count).initialize(to: shape)
        count += 1
    }

    /// `other`'s texts after these, each shape's locale numbered as `numbers` says (an
    /// exceptional shape has none).
    func append(contentsOf other: TextColumns, numbers: [UInt32]) {
        while capacity - count < other.count { grow() }
        for index in 0..<other.count {
            let shape = other.shapes[index]
            append(other.start(index),
                   shape == .exceptional ? shape : TranslationTable.Shape(bits: shape.bits & 0x3FF | UInt16(truncatingIfNeeded: numbers[shape.locale]) << 10))
        }
    }

    @inline(never)
    private func grow() {
        let larger = capacity * 2
        let (newDistances, newBases, newShapes) = Self.allocate(larger)
        newDistances.moveInitialize(from: distances, count: count)
        newBases.moveInitialize(from: bases, count: Self.groups(count))
        newShapes.moveInitialize(from: shapes, count: count)
        distances.deallocate()
        bases.deallocate()
        shapes.deallocate()
        (distances, bases, shapes, capacity) = (newDistances, newBases, newShapes, larger)
    }

    @inline(__always)
    func start(_ index: Int) -> UInt32 {
        precondition(index >= 0 && index < count, "TextColumns: index out of range")
        let distance = distances[index]
        if _slowPath(distance == Self.far) { return farStart(index) }
        return bases[index / Self.groupSize] &+ UInt32(truncatingIfNeeded: distance)
    }

    /// Out of line, so that `start(_:)` stays small enough to be inlined where texts are read.
    @inline(never)
    private func farStart(_ index: Int) -> UInt32 { farStarts[index] ?? 0 }

    @inline(__always)
    func shape(_ index: Int) -> TranslationTable.Shape {
        precondition(index >= 0 && index < count, "TextColumns: index out of range")
        return shapes[index]
    }
}
