import CustomerCenterCompiler
import JSONSyntax

/// Hover and completion right after an edit answer from the document's last analysis instead of
/// analysing the text again (the diagnostics do that once the edits stop coming): the analysis'
/// positions are moved past the changes made since, and where the cursor or the answer's span
/// lies in changed text, the current text is analysed first. What the analysis says about the
/// config (its keys, texts, offers and locales) is the analysed text's until then.
extension Server {
    /// Changes the last analysis has not seen, kept to map positions; past this many the
    /// document is analysed again instead (memory stays flat however long the session).
    static let changesFollowed = 256

    mutating func noteChanges(_ changes: [TextDocument.ByteChange], to uri: String) {
        guard case .some(.some(var log)) = changesSinceAnalysis[uri], log.count + changes.count <= Self.changesFollowed else {
            changesSinceAnalysis[uri] = nil
            return
        }
        log += changes
        changesSinceAnalysis[uri] = log
    }

    /// The document's last analysis with the changes made since, when positions can be mapped
    /// through them; otherwise the analysis of the current text with no changes.
    mutating func recentAnalysis(of uri: String) -> (analysis: Analysis, changes: ChangeMap)? {
        if let document = documents[uri], Self.kind(of: uri) == .config, let cached = analyses[uri],
           case .some(.some(let log)) = changesSinceAnalysis[uri], cached.version != document.version,
           cached.configuration == configurationPath(forDocument: uri) {
            return (cached.analysis, ChangeMap(changes: log))
        }
        return analysis(of: uri).map { ($0, ChangeMap(changes: [])) }
    }

    /// Positions of an analysed text and of the text after `changes` (in the order made).
    struct ChangeMap {
        var changes: [TextDocument.ByteChange]

        var isEmpty: Bool { changes.isEmpty }

        /// The analysed text's offset of the current text's `offset`; `nil` in or at the edge of
        /// changed text.
        func analysed(_ offset: Int) -> Int? {
            var offset = offset
            for change in changes.reversed() {
                if offset < change.start { continue }
                guard offset > change.newEnd else { return nil }
                offset += change.oldEnd - change.newEnd
            }
            return offset
        }

        /// Where the analysed text's `range` is now; `nil` when changed text touches it.
        func current(_ range: ByteRange) -> ByteRange? {
            var (start, end) = (range.start, range.end)
            for change in changes {
                if end < change.start { continue }
                guard start > change.oldEnd else { return nil }
                start += change.newEnd - change.oldEnd
                end += change.newEnd - change.oldEnd
            }
            return ByteRange(start, end)
        }
    }
}
