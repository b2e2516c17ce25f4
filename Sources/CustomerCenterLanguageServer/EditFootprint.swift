import CustomerCenterCompiler
import JSONSyntax

/// What the edits since an analysis changed, read from the two texts themselves: the one region
/// where they differ (what comes before and after it is the same bytes in both), and what that
/// region can change in the analysed config. Hover answers from the last analysis only when the
/// region cannot change its answer.
struct EditFootprint {
    enum Kind: Equatable {
        /// Only blanks added or removed between tokens: nothing the config says changed.
        case blanks
        /// Inside one text of `localized_strings[key]`: that text alone changed.
        case text(key: String)
        /// Anything else (keys, references, structure, a text the table does not hold).
        case other
    }

    let kind: Kind
    /// The texts' common prefix: the first `prefix` bytes of both are the same.
    let prefix: Int
    /// The texts' common suffix after it: the last `suffix` bytes of both are the same.
    let suffix: Int

    /// The footprint of `changes` (in the order made), which turned `analysed` into `current`;
    /// `lexical` knows where the strings and comments of `analysed` are; `tape`, when given, is
    /// the analysed text's parse (the key of an edited text is found on it).
    init(analysed: [UInt8], current: [UInt8], changes: [TextDocument.ByteChange], lexical: LexicalCheckpoints, resolved: ResolvedConfig,
         tape: JSONTape? = nil) {
        let region = Self.region(of: changes)
        let owner = { (start: Int) in Self.key(ofTextAt: start, resolved, tape) }
        (kind, prefix, suffix) = analysed.withUnsafeBufferPointer { old in
            current.withUnsafeBufferPointer { new in Self.kind(old, new, region, lexical, owner) }
        }
    }

    /// The key of `localized_strings` one of whose texts is the literal whose opening quote is at
    /// `start` (`ResolvedConfig.key(ofTextAt:)`). With the tape, the table's member that holds
    /// `start` is found on it and only that entry's texts are asked, not every entry's.
    static func key(ofTextAt start: Int, _ resolved: ResolvedConfig, _ tape: JSONTape?) -> String? {
        guard let root = tape?.root else { return resolved.key(ofTextAt: start) }
        guard let localization = root.objectMembers?.first(named: "localization")?.member,
              let table = localization.value.objectMembers?.first(named: "localized_strings")?.member.value.objectMembers else { return nil }
        for member in table {
            let range = member.value.range
            if range.end <= start { continue }
            guard range.start < start else { return nil }
            let key = member.key
            return resolved.strings[key]?.translations.containsLiteral(startingAt: start) == true ? key : nil
        }
        return nil
    }

    /// Where `changes` (in the order made) can have changed anything: the texts are the same
    /// bytes before `start`, and after `analysedEnd` in the analysed text and `currentEnd` in
    /// the current one.
    static func region(of changes: [TextDocument.ByteChange]) -> (start: Int, analysedEnd: Int, currentEnd: Int) {
        guard let first = changes.first else { return (0, 0, 0) }
        var (start, end, delta) = (first.start, first.oldEnd, 0)
        for change in changes {
            let moved = change.newEnd - change.oldEnd
            start = min(start, change.start)
            end = max(end, change.oldEnd) + moved
            delta += moved
        }
        return (start, end - delta, end)
    }

    /// Whether hover on `symbol` (`nil`: a colour) reads what changed.
    func changes(_ symbol: Symbol?, _ resolved: ResolvedConfig) -> Bool {
        switch kind {
        case .blanks: return false
        case .other: return true
        case .text(let key):
            switch symbol {
            case .string(let hovered)?: return hovered == key
            // An offer's hover shows its title's text.
            case .offer(let offer)?: return resolved.offers[offer]?.title?.key?.value == key
            case nil: return false
            }
        }
    }

    private static func kind(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>,
                             _ region: (start: Int, analysedEnd: Int, currentEnd: Int),
                             _ lexical: LexicalCheckpoints, _ owner: (Int) -> String?) -> (Kind, prefix: Int, suffix: Int) {
        // The common prefix and suffix (not overlapping in either text), as a scan of the whole
        // texts finds them; outside the changes' region the bytes are the same, so the scans
        // start at its edges.
        let shorter = min(old.count, new.count)
        let same = region.analysedEnd - region.start == region.currentEnd - region.start
            && sameBytes(old, new, from: region.start, count: region.currentEnd - region.start)
        var prefix = same && old.count == new.count ? shorter : min(region.start, shorter)
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = max(0, min(old.count - region.analysedEnd, shorter - prefix))
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let removed = UnsafeBufferPointer(rebasing: old[prefix..<(old.count - suffix)])
        let inserted = UnsafeBufferPointer(rebasing: new[prefix..<(new.count - suffix)])
        let before: UInt8? = prefix > 0 ? old[prefix - 1] : nil
        let after: UInt8? = suffix > 0 ? old[old.count - suffix] : nil
        return (kind(removed, inserted, before: before, after: after, at: prefix, lexical, owner), prefix, suffix)
    }

    /// What replacing `removed` by `inserted` at `offset` of the analysed text changes.
    private static func kind(_ removed: UnsafeBufferPointer<UInt8>, _ inserted: UnsafeBufferPointer<UInt8>, before: UInt8?, after: UInt8?,
                             at offset: Int, _ lexical: LexicalCheckpoints, _ owner: (Int) -> String?) -> Kind {
        switch lexical.state(at: offset) {
        case .between:
            // Blanks between two tokens: not inside a literal (`tr ue`, `1 2`) or a comment's
            // opening (`/ /`), where they would split or join one.
            let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            guard removed.allSatisfy(isBlank), inserted.allSatisfy(isBlank) else { return .other }
            if let before, let after, isTokenByte(before), isTokenByte(after) { return .other }
            return .blanks
        case .string(let start, let quote):
            // Inside one literal, and it still ends where it did: no quote, escape or control byte.
            let plain = { (byte: UInt8) in byte != quote && byte != UInt8(ascii: "\\") && byte >= 0x20 }
            guard removed.allSatisfy(plain), inserted.allSatisfy(plain), let key = owner(start) else { return .other }
            return .text(key: key)
        case .escaped, .comment:
            return .other
        }
    }

    /// Bytes of a literal (`true`, a number) or of a comment's delimiters.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "*"): return true
        default: return byte >= 0x80
        }
    }

    enum LexicalState: Equatable {
        case between
        /// In a string literal opened at `start` by `quote` (`"`, or `'` as the lenient syntax allows).
        case string(start: Int, quote: UInt8)
        /// Just after a backslash in a string.
        case escaped
        case comment
    }

    /// Whether `count` bytes from `start` are the same in both.
    private static func sameBytes(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Bool {
        guard start >= 0, start + count <= old.count, start + count <= new.count else { return false }
        for index in start..<(start + count) where old[index] != new[index] { return false }
        return true
    }

    /// Where `end` is in `bytes`: between tokens, in a string, just after an escape, in a comment.
    static func lexicalState(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int) -> LexicalState {
        var unrecorded: [LexicalCheckpoints.Checkpoint] = []
        return scan(bytes, from: LexicalCheckpoints.Checkpoint(offset: 0, state: .between), to: end, into: &unrecorded)
    }

    /// The state at `end`, scanning from `checkpoint`; with a `stride`, the state at the first
    /// offset of each stride is recorded on the way.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from checkpoint: LexicalCheckpoints.Checkpoint, to end: Int,
                     recordingEvery stride: Int = 0, into checkpoints: inout [LexicalCheckpoints.Checkpoint]) -> LexicalState {
        let quotationMark = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
        let slash = UInt8(ascii: "/"), asterisk = UInt8(ascii: "*")
        var index = checkpoint.offset
        // In a string: opened at `opening` by `quote` (0: between tokens).
        var quote: UInt8 = 0, opening = 0
        switch checkpoint.state {
        case .between: break
        case .string(let start, let mark): (opening, quote) = (start, mark)
        case .escaped, .comment: return checkpoint.state
        }
        var nextRecord = stride > 0 ? index : Int.max
        while index < end {
            if index >= nextRecord {
                checkpoints.append(LexicalCheckpoints.Checkpoint(offset: index, state: quote == 0 ? .between : .string(start: opening, quote: quote)))
                nextRecord = (index / stride + 1) * stride
            }
            let byte = bytes[index]
            if quote != 0 {
                if byte == backslash {
                    if index + 1 == end { return .escaped }
                    index += 2
                    continue
                }
                if byte == quote { quote = 0 }
            } else if byte == quotationMark || byte == apostrophe {
                (opening, quote) = (index, byte)
            } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == slash || bytes[index + 1] == asterisk {
                // A comment: skip to its end (a line's, or `*/`).
                let block = bytes[index + 1] == asterisk
                var position = index + 2
                while position < bytes.count {
                    if block ? (bytes[position] == asterisk && position + 1 < bytes.count && bytes[position + 1] == slash)
                        : bytes[position] == 0x0A { break }
                    position += 1
                }
                let close = block ? position + 2 : position
                if close > end { return .comment }
                index = close
                continue
            }
            index += 1
        }
        return quote == 0 ? .between : .string(start: opening, quote: quote)
    }
}

/// Where the strings and comments of an analysed text are, for the footprint of the edits
/// since: the scanner's state at the first offset of every `stride` bytes, recorded the first
/// time it is asked for, so that each question scans at most `stride` bytes, not the text.
final class LexicalCheckpoints {
    struct Checkpoint {
        var offset: Int
        var state: EditFootprint.LexicalState
    }

    let bytes: [UInt8]
    let stride: Int
    private var checkpoints: [Checkpoint]?

    init(_ bytes: [UInt8], stride: Int = 4096) {
        self.bytes = bytes
        self.stride = max(1, stride)
    }

    /// `EditFootprint.lexicalState(bytes, at: end)`.
    func state(at end: Int) -> EditFootprint.LexicalState {
        bytes.withUnsafeBufferPointer { buffer in
            if checkpoints == nil {
                var recorded: [Checkpoint] = []
                _ = EditFootprint.scan(buffer, from: Checkpoint(offset: 0, state: .between), to: buffer.count, recordingEvery: stride, into: &recorded)
                checkpoints = recorded.isEmpty ? [Checkpoint(offset: 0, state: .between)] : recorded
            }
            // The last checkpoint at or before `end` (the first is at 0).
            let all = checkpoints!
            var low = 0, high = all.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if all[middle].offset <= end { low = middle } else { high = middle - 1 }
            }
            var unrecorded: [Checkpoint] = []
            return EditFootprint.scan(buffer, from: all[low], to: end, into: &unrecorded)
        }
    }
}
