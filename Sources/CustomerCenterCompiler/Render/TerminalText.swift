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

    /// A source line made displayable: tabs expanded, unsafe characters and invalid bytes shown
    /// as `<U+001B>` / `<0xFF>`, with the display column where each scalar starts.
    struct DisplayLine {
        /// The text to print.
        var text = ""
        /// `columns[i]` is the display column (0-based) of scalar `i`; one extra entry for the line end.
        var columns: [Int] = []

        init(_ bytes: ArraySlice<UInt8>) {
            var column = 0
            var offset = bytes.startIndex
            for (scalar, length) in UTF8Scalars.decode(bytes) {
                guard let scalar else {
                    // One column per invalid byte, as `SourceFile.location` counts them.
                    for byte in bytes[offset..<offset + length] {
                        if byte & 0xC0 != 0x80 { columns.append(column) }
                        let shown = "<0x" + String(byte, radix: 16, uppercase: true) + ">"
                        text += shown
                        column += shown.count
                    }
                    offset += length
                    continue
                }
                offset += length
                columns.append(column)
                if scalar == "\t" {
                    let spaces = 4 - column % 4
                    text += String(repeating: " ", count: spaces)
                    column += spaces
                } else if MessageText.isUnsafeForDisplay(scalar) {
                    let shown = "<" + MessageText.codePoint(scalar.value) + ">"
                    text += shown
                    column += shown.count
                } else {
                    text.unicodeScalars.append(scalar)
                    column += width(of: scalar)
                }
            }
            columns.append(column)
        }

        /// The display column of the 1-based scalar column `column`, clamped to the line.
        func displayColumn(ofScalarColumn column: Int) -> Int {
            let i = max(0, min(column - 1, columns.count - 1))
            return columns[i]
        }
    }
}
