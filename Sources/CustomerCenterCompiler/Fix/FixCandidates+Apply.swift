import JSONSyntax

/// Applying one round of `lint --fix` (`Fixer`'s side of ``FixCandidates``, which the findings'
/// sink fills as the gate passes them): the chosen fixes' edits written into the text in one pass.
extension FixCandidates {
    /// One round's fixes applied to `bytes`, and how many: in one pass over the text that
    /// copies the bytes between edits once, into room for the most the edits can add. When the
    /// edits do not come in order (a fix with edits on both sides of another's), they are
    /// gathered and sorted instead.
    func applied(to bytes: [UInt8]) -> (bytes: [UInt8], count: Int) {
        guard records.count > 0 else { return (bytes, 0) }
        var count = 0, ordered = true
        var result = bytes.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: source.count + records.replacementBytes) { output, written in
                var previous = -1, cursor = 0
                // Copies `source[from..<to]` to the output.
                func copy(_ from: Int, _ to: Int) {
                    guard to > from, let target = output.baseAddress, let origin = source.baseAddress else { return }
                    (target + written).initialize(from: origin + from, count: to - from)
                    written += to - from
                }
                // Writes one edit after the bytes before it.
                func write(_ edit: FixRecords.Edit) {
                    let lower = max(cursor, min(edit.range.start, source.count)), upper = max(lower, min(edit.range.end, source.count))
                    copy(cursor, lower)
                    records.withReplacementUTF8(edit) { replacement in
                        guard let target = output.baseAddress, let origin = replacement.baseAddress else { return }
                        (target + written).initialize(from: origin, count: replacement.count)
                        written += replacement.count
                    }
                    cursor = upper
                }
                // One rule's fixes of one edit each, in file order (no two chosen start at one
                // offset: they would touch): written as they are read.
                let oneEdits = forEachChosenOneEdit { edit in
                    count += 1
                    write(edit)
                    return true
                }
                if !oneEdits {
                    forEachChosen { edits in
                        count += 1
                        for edit in edits {
                            guard edit.range.start > previous else {
                                ordered = false
                                return false
                            }
                            previous = edit.range.start
                            write(edit)
                        }
                        return true
                    }
                }
                if ordered { copy(cursor, source.count) } else { written = 0 }
            }
        }
        guard ordered else {
            result = []
            var all: [TextEdit] = []
            count = 0
            forEachChosen { edits in
                count += 1
                all += edits.map { TextEdit(range: $0.range, replacement: replacement($0)) }
                return true
            }
            return (Fixer.apply(all, to: bytes), count)
        }
        return count > 0 ? (result, count) : (bytes, 0)
    }
}
