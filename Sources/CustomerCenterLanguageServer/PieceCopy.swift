import CustomerCenterCompiler
import JSONSyntax

/// A text made of slices of another one (and the commas and colons that join them), which knows
/// where each of its bytes came from: a finding on the copy is placed back on the text it was cut
/// from (`source(_:)`). The structural re-check (`StructuralEditCheck`) checks two such copies.
struct PieceCopy {
    private(set) var bytes: [UInt8] = []
    /// The slices copied, in copy order: where each starts in the copy and in the source.
    private var pieces: [(copy: Int, source: Int, count: Int)] = []
    /// For each screen whose `paths` the copy keeps only some of, the source index of each path
    /// kept, in copy order: a finding's pointer names the source's path.
    private var pathIndices: [String: [Int]] = [:]

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `range` of `source`.
    mutating func copy(_ source: [UInt8], _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if let last = pieces.last, last.copy + last.count == bytes.count, last.source + last.count == range.lowerBound {
            pieces[pieces.count - 1].count += range.count
        } else {
            pieces.append((bytes.count, range.lowerBound, range.count))
        }
        bytes += source[range]
    }

    /// Appends a byte of the copy's own (a separator no finding starts or ends on).
    mutating func write(_ byte: UInt8) { bytes.append(byte) }

    /// Screen `screen`'s paths kept are the source's paths at `indices`.
    mutating func keptPaths(of screen: String, _ indices: [Int]) { pathIndices[screen] = indices }

    /// The piece holding the copy's byte at `offset` (`atEnd`: the byte before it, for a range's end).
    private func piece(_ offset: Int, atEnd: Bool) -> (copy: Int, source: Int, count: Int)? {
        var low = 0, high = pieces.count - 1
        while low <= high {
            let middle = (low + high) / 2, piece = pieces[middle]
            let (first, last) = atEnd ? (piece.copy + 1, piece.copy + piece.count) : (piece.copy, piece.copy + piece.count - 1)
            if offset < first { high = middle - 1 } else if offset > last { low = middle + 1 } else { return piece }
        }
        return nil
    }

    /// Where the copy's `range` is in the source; `nil` when an end is on a byte of the copy's own.
    func source(_ range: ByteRange) -> ByteRange? {
        if range.count == 0 {
            guard let piece = piece(range.start, atEnd: false) ?? piece(range.start, atEnd: true) else { return nil }
            let offset = range.start - piece.copy + piece.source
            return ByteRange(offset, offset)
        }
        guard let first = piece(range.start, atEnd: false), let last = piece(range.end, atEnd: true) else { return nil }
        let start = range.start - first.copy + first.source, end = range.end - last.copy + last.source
        return start <= end ? ByteRange(start, end) : nil
    }

    /// The source's pointer of the copy's `pointer`: a kept path's index is its index in the source.
    func source(_ pointer: JSONPointer) -> JSONPointer? {
        var tokens = pointer.tokens
        guard tokens.count >= 4, tokens[0] == "screens", tokens[2] == "paths", let kept = pathIndices[tokens[1]] else { return pointer }
        guard let index = Int(tokens[3]), kept.indices.contains(index) else { return nil }
        tokens[3] = String(kept[index])
        return JSONPointer(tokens: tokens)
    }

    /// A finding of the copy as the source's (its notes in the same file and its fix's edits too);
    /// `nil` when a place of it is not the source's.
    func source(_ diagnostic: Diagnostic) -> Diagnostic? {
        guard let pointer = source(diagnostic.pointer), var moved = diagnostic.relocated({ source($0) }) else { return nil }
        moved.pointer = pointer
        return moved
    }
}
