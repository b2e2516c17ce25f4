/// `strings import`'s judgment of room (docs/translation.md "Room"): a translation that
/// will not fit a box the preview shows it in is a warning, `strings.too-long`, worded as
/// `preview --check` words what it finds cut; the translation is still taken.

import JSONSyntax
extension ConfigTable {
    /// The warning for a translation too long for one of the boxes `notes` gives its key, judged
    /// by the preview's width model on the text as customers see it (placeholders filled with
    /// the locale's samples, as the preview fills them); `nil` when it fits them all.
    static func checkRoom(_ candidate: ImportCandidate, notes: TranslatorNotes, file: String) -> Diagnostic? {
        let shown = PreviewSamples.filled(candidate.unit.target, locale: candidate.locale)
        for (room, place) in notes.rooms[candidate.key] ?? [] {
            guard let overflow = room.overflow(of: shown) else { continue }
            let cut = RuleMessage.truncated(shown, locales: [candidate.locale], place: place, needs: overflow.needs, has: overflow.has,
                                            lines: overflow.lines)
            return Diagnostic(id: ImportFinding.tooLong, severity: .warning,
                              message: "the '\(candidate.locale)' text of '\(candidate.key)' will not fit: \(cut.text) "
                                  + "(the width model's estimate; 'preview --check' measures it); it is imported",
                              file: file, range: candidate.unit.targetRange)
        }
        return nil
    }
}
