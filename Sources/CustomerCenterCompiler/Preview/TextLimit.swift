/// How much room the preview gives a text where it is shown: the numbers its page lays out with
/// (`PreviewBuilder`'s style sheet uses them), and what `strings export` tells translators.

import JSONSyntax
package struct TextLimit: Sendable, Equatable {
    /// The box's width in CSS px at the preview's phone width (`Preview.width`).
    package var width: Int
    /// Lines shown before the text is cut (1: one line, cut with '…').
    package var lines: Int
    /// The font size in px.
    package var fontSize: Int

    /// A navigation bar title (a screen's, a survey's question): one line beside the close button.
    package static let navigationTitle = TextLimit(width: 286, lines: 1, fontSize: 17)
    /// A row of a list (a path, a survey option): what the screen's and the row's padding, the
    /// gap and the chevron leave of the phone width, two lines.
    package static let row = TextLimit(width: Preview.width - 2 * 16 - 2 * 14 - 8 - 10, lines: 2, fontSize: 17)
    /// A promotional offer's heading: the screen's width less its padding, three lines of 28 px.
    package static let offerHeading = TextLimit(width: Preview.width - 2 * 16, lines: 3, fontSize: 28)

    /// About how many Latin characters fit on one line (an average advance of 0.55 em), rounded
    /// down to a multiple of 5: a guide for translators, not a measurement (`preview --check` measures).
    package var approximateCharactersPerLine: Int {
        let perLine = Double(width) / (Double(fontSize) * 0.55)
        return max(5, Int(perLine) / 5 * 5)
    }

    /// "one line of 286 px at 17 px (about 30 Latin characters); longer text is cut with '…'".
    package var sentence: String {
        let room = lines == 1 ? "one line" : "\(lines) lines"
        return "\(room) of \(width) px at \(fontSize) px (about \(approximateCharactersPerLine * lines) Latin characters); longer text is cut"
            + (lines == 1 ? " with '…'" : "")
    }
}
