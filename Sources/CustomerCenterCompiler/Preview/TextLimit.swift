/// How much room the preview gives a text where it is shown: the numbers its page lays out with
/// (`PreviewBuilder`'s style sheet uses them), the character count `strings export` gives
/// translators for a locale, and whether a text fits, as `strings import` judges it with the
/// width model (`TextWidth`) and `preview --check` measures it in a browser.

import JSONSyntax
package struct TextLimit: Sendable, Equatable {
    /// The box's width in CSS px at the preview's phone width (`Preview.width`).
    package var width: Int
    /// Lines shown before the text is cut (1: one line, cut with '…').
    package var lines: Int
    /// The font size in px.
    package var fontSize: Int
    /// The height of a line in px (what a box of several lines is measured in).
    package var lineHeight: Int = 22
    /// Drawn semibold or bold (wider).
    package var bold = false
    /// Drawn in capitals (a section header).
    package var uppercase = false

    /// A navigation bar title (a screen's, a survey's question): one line beside the close button.
    package static let navigationTitle = TextLimit(width: 286, lines: 1, fontSize: 17, bold: true)
    /// A row of a list (a path, a survey option): what the screen's and the row's padding, the
    /// gap and the chevron leave of the phone width, two lines.
    package static let row = TextLimit(width: Preview.width - 2 * 16 - 2 * 14 - 8 - 10, lines: 2, fontSize: 17)
    /// A promotional offer's heading: the screen's width less its padding, three lines of 28 px.
    package static let offerHeading = TextLimit(width: Preview.width - 2 * 16, lines: 3, fontSize: 28, lineHeight: 34, bold: true)
    /// A screen's subtitle, or the text under an offer's heading: the screen's width, three lines of 15 px.
    package static let subtitle = TextLimit(width: Preview.width - 2 * 16, lines: 3, fontSize: 15)
    /// A button's label (an offer's accept button): the screen's width less the button's padding.
    package static let button = TextLimit(width: Preview.width - 2 * 16 - 2 * 16, lines: 1, fontSize: 17, bold: true)
    /// A link under a screen (contact support, an offer's decline): one line of the screen's width.
    package static let link = TextLimit(width: Preview.width - 2 * 16, lines: 1, fontSize: 17)
    /// A list's section header: one line of 13 px capitals.
    package static let sectionHeader = TextLimit(width: Preview.width - 2 * 16, lines: 1, fontSize: 13, uppercase: true)

    /// How the preview measures the box: its width (one line) or its lines.
    package var cut: String { lines == 1 ? "width" : "lines" }

    /// How many characters of `locale`'s ordinary text fit on one line: the box's width over the
    /// average advance of its script (`TextWidth.typicalAdvance`), so about 31 for English in a
    /// title and 15 for Japanese.
    package func charactersPerLine(locale: String) -> Int {
        let advance = Double(fontSize) * TextWidth.typicalAdvance(locale: locale, bold: bold)
        return max(1, Int(Double(width) / advance))
    }

    /// The room in characters of `locale`'s text: every line's (XLIFF `maxwidth`, `size-unit="char"`).
    package func characters(locale: String) -> Int { charactersPerLine(locale: locale) * lines }

    /// "at most 31 characters of 'de' text (one line of 286 px at 17 px); longer text is cut with '…'".
    package func sentence(locale: String) -> String {
        let room = lines == 1 ? "one line" : "\(lines) lines"
        let perLine = lines == 1 ? "" : ", \(charactersPerLine(locale: locale)) a line"
        return "at most \(characters(locale: locale)) characters of '\(locale)' text (\(room) of \(width) px at \(fontSize) px\(perLine)); longer text is cut"
            + (lines == 1 ? " with '…'" : "")
    }

    /// What a text that does not fit needs and what the box has, in px: of width for one line,
    /// of height for several (as `preview --check` reports it).
    package struct Overflow: Sendable, Equatable {
        package var needs: Int
        package var has: Int
        /// Measured in lines (height), not width.
        package var lines: Bool
    }

    /// Whether `shown` (a text as customers see it: placeholders filled) fits the box, by the
    /// width model: one line as wide as its characters' advances; several lines broken at spaces
    /// (and between any two CJK or Thai characters) as a browser breaks them. Line breaks in the
    /// text are drawn as spaces, as the preview's boxes draw them. `nil` when it fits.
    package func overflow(of shown: String) -> Overflow? {
        let text = uppercase ? shown.uppercased() : shown
        let limit = Double(width)
        if lines == 1 {
            let needs = TextWidth.pixels(text, fontSize: fontSize, bold: bold)
            // A pixel of slack, as the preview's check allows.
            return needs > limit + 1 ? Overflow(needs: Int(needs.rounded(.up)), has: width, lines: false) : nil
        }
        let count = wrappedLines(text, limit: limit)
        return count > lines ? Overflow(needs: count * lineHeight, has: lines * lineHeight, lines: true) : nil
    }

    /// How many lines `text` takes in a box `limit` px wide.
    func wrappedLines(_ text: String, limit: Double) -> Int {
        let scale = Double(fontSize)
        var lines = 1, line = 0.0, word = 0.0
        // A word is placed when a break may follow it: the line takes it, or it starts the next one.
        func place(_ trailingSpace: Double) {
            if line > 0, line + word > limit {
                lines += 1
                line = 0
            }
            // A word wider than the box is broken where it overflows.
            while word > limit {
                lines += 1
                word -= limit
            }
            line += word + trailingSpace
            word = 0
        }
        for scalar in text.unicodeScalars {
            let advance = TextWidth.advance(scalar == "\n" ? " " : scalar, bold: bold) * scale
            switch scalar.value {
            case 0x20, 0x0A, 0x09: place(advance)
            case 0x0E00...0x0E7F, 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFF60:
                word += advance
                place(0)
            default: word += advance
            }
        }
        place(0)
        return lines
    }
}
