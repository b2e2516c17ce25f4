import JSONSyntax

/// Making file content safe and aligned for a terminal.
enum TerminalText {
    /// A message or path on one line with controls escaped (file content must never reach a terminal raw).
    static func safeLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if MessageText.isUnsafeForDisplay(scalar) {
                out.append("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A path, escaped the same way.
    static func safePath(_ path: String) -> String { safeLine(path) }

    /// Display width of a scalar: 0 for combining marks, 2 for East Asian wide and emoji, else 1.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch v {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F, 0xFE00...0xFE0F, 0x200D:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1F680...0x1F6FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Part of a source line made displayable: tabs expanded, unsafe characters and invalid
    /// bytes shown as `<U+001B>` / `<0xFF>`. Each cell is what one scalar (or invalid byte) shows,
    /// with its byte offset in the file and its display column, so a window can be cut by column
    /// and a caret placed by byte offset.
    struct DisplayLine {
        struct Cell {
            /// Offset of the scalar's first byte in the file.
            var offset: Int
            /// 0-based display column where it starts.
            var column: Int
            /// Columns it takes.
            var width: Int
            /// What is printed: the scalar itself, or (for a tab or an unsafe character) a replacement.
            var scalar: Unicode.Scalar?
            var replacement: String?

            init(offset: Int, column: Int, width: Int, text: String) {
                (self.offset, self.column, self.width, self.scalar, self.replacement) = (offset, column, width, nil, text)
            }

            init(offset: Int, column: Int, width: Int, scalar: Unicode.Scalar) {
                (self.offset, self.column, self.width, self.scalar, self.replacement) = (offset, column, width, scalar, nil)
            }

            /// Appends what is printed for this cell (no `String` is made for a plain character).
            func append(to out: inout String) {
                if let scalar { out.unicodeScalars.append(scalar) } else if let replacement { out += replacement }
            }
        }

        var cells: [Cell] = []
        /// Display column after the last cell.
        var endColumn = 0

        /// `bytes` must start at a scalar boundary; indices are file offsets.
        init(_ bytes: ArraySlice<UInt8>) { self.init(bytes, at: bytes.startIndex) }

        /// `bytes` must start at a scalar boundary; its first byte is at file offset `base`.
        init(_ bytes: ArraySlice<UInt8>, at base: Int) {
            var column = 0
            var offset = base
            let shift = bytes.startIndex - base
            for (scalar, length) in UTF8Scalars.decode(bytes) {
                guard let scalar else {
                    for index in offset..<offset + length {
                        let shown = "<0x" + String(bytes[index + shift], radix: 16, uppercase: true) + ">"
                        cells.append(Cell(offset: index, column: column, width: shown.count, text: shown))
                        column += shown.count
                    }
                    offset += length
                    continue
                }
                let cell: Cell
                if scalar == "\t" {
                    cell = Cell(offset: offset, column: column, width: 4 - column % 4, text: String(repeating: " ", count: 4 - column % 4))
                } else if MessageText.isUnsafeForDisplay(scalar) {
                    let text = "<" + MessageText.codePoint(scalar.value) + ">"
                    cell = Cell(offset: offset, column: column, width: text.count, text: text)
                } else {
                    cell = Cell(offset: offset, column: column, width: TerminalText.width(of: scalar), scalar: scalar)
                }
                let width = cell.width
                cells.append(cell)
                column += width
                offset += length
            }
            endColumn = column
        }

        /// The display column of byte `offset`: the first cell at or after it, else the end.
        func column(atOffset offset: Int) -> Int {
            var low = 0, high = cells.count
            while low < high {
                let mid = (low + high) / 2
                if cells[mid].offset < offset { low = mid + 1 } else { high = mid }
            }
            return low < cells.count ? cells[low].column : endColumn
        }
    }
}
