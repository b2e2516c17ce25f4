import CustomerCenterCompiler
import JSONSyntax

/// The last analysis of each open config document, kept while the configuration that applies
/// stays, with the changes made to the document since. Hover and completion right after an edit
/// answer from it instead of analysing the text again (the diagnostics do that once the edits
/// stop coming): its positions are moved past the changes (`ChangeMap`), and where the cursor or
/// the answer's span lies in changed text, the current text is analysed first. What it says
/// about the config (its keys, texts, offers and locales) is the analysed text's until then.
struct AnalysisCache {
    /// One analysis, with what was learned of the analysed text.
    struct Entry {
        /// The document version analysed.
        let version: Int
        /// How the session judged the document.
        let judgement: EditorSession.Judgement
        let analysis: Analysis
        /// Where the strings and comments of the analysed text are, for the footprint of later edits.
        let lexical: LexicalCheckpoints
        /// What completion offers from it.
        let candidates: CompletionCandidates
        /// Its keys and offers sorted, for the suggestions of references typed since (`UnresolvedReferences`).
        let suggestions = SuggestionKeys()
    }

    /// Changes the last analysis has not seen, kept to map positions; past this many the
    /// document is analysed again instead (memory stays flat however long the session).
    static let changesFollowed = 256

    private(set) var entries: [String: Entry] = [:]
    /// The changes made to each document since its last analysis (`nil`: too many to follow).
    private var changes: [String: [TextDocument.ByteChange]?] = [:]
    /// Documents whose diagnostics were re-checked past a change of their structure (keys added,
    /// removed or renamed): the last analysis still follows the diagnostics' edits, but its keys
    /// and locales are out of date for hover and completion.
    private(set) var outdated = Set<String>()

    subscript(uri: String) -> Entry? { entries[uri] }

    /// The changes made to the document since its last analysis, when they were followed.
    func changes(since uri: String) -> [TextDocument.ByteChange]? {
        guard case .some(.some(let log)) = changes[uri] else { return nil }
        return log
    }

    mutating func store(_ entry: Entry, for uri: String) {
        entries[uri] = entry
        changes[uri] = []
        outdated.remove(uri)
    }

    /// The document's structure changed since its last analysis (`outdated`).
    mutating func outdate(_ uri: String) {
        outdated.insert(uri)
    }

    mutating func note(_ made: [TextDocument.ByteChange], to uri: String) {
        guard case .some(.some(var log)) = changes[uri], log.count + made.count <= Self.changesFollowed else {
            changes[uri] = nil
            return
        }
        log += made
        changes[uri] = log
    }

    /// Forgets a document's analysis (closed, reopened, or its configuration changed).
    mutating func forget(_ uri: String) {
        entries[uri] = nil
        changes[uri] = nil
        outdated.remove(uri)
    }
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
