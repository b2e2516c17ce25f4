/// What a recorded report keeps of its file: the bytes its formats print (windows of the lines
/// a snippet shows, the text between a fix's edits) and, for every offset they place, its line
/// with the scalars before it. It answers the same questions as the whole file for those offsets,
/// so a run over many files holds what it prints of each, not each file
/// (docs/performance.md "Many files").
package struct SourceExcerpt: Sendable {
    /// The whole file's length in bytes.
    let count: Int
    /// Whether the file starts with a UTF-8 byte-order mark.
    let hasByteOrderMark: Bool
    /// The kept lines, by index.
    let lines: [Line]
    /// The kept bytes: sorted, disjoint, not touching.
    let pieces: [Piece]

    /// A line some kept offset is on.
    struct Line: Sendable {
        /// 0-based index.
        let index: Int
        /// Offset of its first byte (a byte-order mark included).
        let start: Int
        /// Its text without the line break (and the byte-order mark), as `SourceFile.lineSpan`.
        let span: Range<Int>
    }

    /// Bytes kept from `offset` on.
    struct Piece: Sendable {
        let offset: Int
        let bytes: [UInt8]
        /// Scalars between the start of `offset`'s line and `offset` (a byte-order mark is one).
        let scalars: Int
        var end: Int { offset + bytes.count }
    }

    /// The kept line with the greatest start at or before `offset` (the whole file's answer when
    /// the offset's line is kept).
    func lineIndex(of offset: Int) -> Int {
        lineSlot(of: offset).map { lines[$0].index } ?? 0
    }

    private func lineSlot(of offset: Int) -> Int? {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].start <= offset { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low - 1 : nil
    }

    /// The kept line `index`.
    func line(_ index: Int) -> Line? {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].index < index { low = mid + 1 } else { high = mid }
        }
        return low < lines.count && lines[low].index == index ? lines[low] : nil
    }

    /// The piece holding `offset`, its end included (an offset right after kept bytes).
    private func piece(at offset: Int) -> Piece? {
        var low = 0, high = pieces.count
        while low < high {
            let mid = (low + high) / 2
            if pieces[mid].offset <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0, offset <= pieces[low - 1].end else { return nil }
        return pieces[low - 1]
    }

    /// The byte at `offset`, or 0 when it was not kept.
    func byte(at offset: Int) -> UInt8 {
        guard let piece = piece(at: offset), offset < piece.end else { return 0 }
        return piece.bytes[offset - piece.offset]
    }

    /// The kept bytes of `range` (empty unless all of them were kept); indices start at 0.
    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        guard !range.isEmpty, let piece = piece(at: range.lowerBound), range.upperBound <= piece.end else { return [] }
        return piece.bytes[(range.lowerBound - piece.offset)..<(range.upperBound - piece.offset)]
    }

    /// Line and column as `SourceFile.location(of:)` gives them, for a kept offset.
    func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, count))
        guard let slot = lineSlot(of: clamped) else { return SourceLocation(line: 1, column: 1, offset: clamped) }
        let line = lines[slot]
        var scalars = 0
        if let piece = piece(at: clamped) {
            if line.start > piece.offset {
                scalars = Self.scalarCount(piece.bytes[(line.start - piece.offset)..<(clamped - piece.offset)])
            } else {
                scalars = piece.scalars + Self.scalarCount(piece.bytes[0..<(clamped - piece.offset)])
            }
        }
        if line.index == 0, hasByteOrderMark, clamped >= 3 { scalars -= 1 }
        return SourceLocation(line: line.index + 1, column: scalars + 1, offset: clamped)
    }

    static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Collects what to keep from a whole file, then builds the excerpt.
    package struct Builder {
        let source: SourceFile
        private var lineIndices = Set<Int>()
        private var spans: [Range<Int>] = []

        /// Starts an excerpt of `source` (the whole file).
        package init(_ source: SourceFile) { self.source = source }

        /// An offset whose line and column are printed (clamped to the file, as they are).
        package mutating func point(_ offset: Int) {
            let clamped = max(0, min(offset, source.bytes.count))
            lineIndices.insert(source.lineIndex(of: clamped))
            spans.append(clamped..<clamped)
        }

        /// A line whose span is read.
        package mutating func line(_ index: Int) {
            guard source.hasLine(index) else { return }
            lineIndices.insert(index)
        }

        /// Bytes that are printed (clamped to the file).
        package mutating func bytes(_ range: Range<Int>) {
            let lower = max(0, min(range.lowerBound, source.bytes.count))
            let upper = max(lower, min(range.upperBound, source.bytes.count))
            spans.append(lower..<upper)
        }

        /// The excerpt.
        package func build() -> SourceExcerpt {
            let lines = lineIndices.sorted().map { Line(index: $0, start: source.lineStart($0), span: source.lineSpan($0)) }
            var merged: [Range<Int>] = []
            for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, span.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
                } else {
                    merged.append(span)
                }
            }
            let pieces = merged.map { span -> Piece in
                let at = source.location(of: span.lowerBound)
                let bom = at.line == 1 && source.hasByteOrderMark && span.lowerBound >= 3 ? 1 : 0
                return Piece(offset: span.lowerBound, bytes: Array(source.bytes[span]), scalars: at.column - 1 + bom)
            }
            return SourceExcerpt(count: source.bytes.count, hasByteOrderMark: source.hasByteOrderMark, lines: lines, pieces: pieces)
        }
    }
}
