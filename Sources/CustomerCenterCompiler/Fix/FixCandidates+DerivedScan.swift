import JSONSyntax

/// The fixed text's scan without a lint of it (`lint --fix`, docs/performance.md "Fixes in linear
/// time"): when the round's fixes provably change no finding but their own, the fixed text's
/// findings are the scan's others, each carried through the edits before it.
extension FixCandidates {
    /// The rules whose findings can depend on an authoring config's texts (the only ones whose
    /// fixes vouch for the others): their words can quote a text.
    static let textReadingRules = RuleCatalog.rules(reading: [.texts, .textsOfSeveralKeys])

    /// The scan of `fixed`, the text this scan's round made by applying `applied` fixes, as
    /// `Policy.fixes(_:unsafe:reporting:)` would give it; `nil` when it cannot be derived exactly
    /// (the fixer then lints `fixed`). Call it before the records are dropped: it reads the edits.
    ///
    /// It is derived when the scan kept its report (``check``), the text parses, every fix taken
    /// was applied, each of one rule and vouching that it changes no finding of another rule but
    /// for its place and leaves none of its own (``OneEditFix/changesNoOtherFinding``), every
    /// finding of that rule was fixed, and no other rule that reads texts has a finding (its
    /// words could quote a text the round changed). The fixed text's findings are then the
    /// others, each place moved through the edits before it (none derived when a place lies in
    /// an edit's bytes), counted as before less the fixed ones; no fix is left.
    func derivedScan(of fixed: SourceFile, applied: Int) -> FixCandidates? {
        guard let check, let rule = fixedRule, everyFixChangesNoOtherFinding, !doesNotParse,
              applied == records.count, fixedFindings.total == applied, check.report.counts.byRule[rule] == applied,
              check.report.counts.byRule.keys.allSatisfy({ $0 == rule || !Self.textReadingRules.contains($0) })
        else { return nil }
        let kept = check.report.diagnostics.filter { $0.id != rule }
        guard let places = EditPlaces(of: kept, through: self) else { return nil }
        var moved: [Diagnostic] = []
        moved.reserveCapacity(kept.count)
        for diagnostic in kept {
            guard let placed = diagnostic.relocated(places.place) else { return nil }
            moved.append(placed)
        }
        var counts = check.report.counts
        counts.byRule[rule] = nil
        counts.errors -= fixedFindings.errors
        counts.warnings -= fixedFindings.warnings
        counts.notes -= fixedFindings.notes
        var omitted = check.report.omitted
        omitted[rule] = nil
        var report = FileReport(source: fixed, shown: moved, counts: counts, omitted: omitted)
        report.disabledRules = check.report.disabledRules
        return scanAfterEveryFix(check: Check(report: report, usedIgnores: check.usedIgnores))
    }
}

/// Where the places of some findings of a text are after a round's edits: every offset they
/// name, moved by the edits before it, read in one pass over the edits in file order (nothing
/// kept per edit, however many).
struct EditPlaces {
    /// The offsets named, ascending, and where each is as a range's start and as its end: `nil`
    /// when it lies in an edit's bytes (a start at an edit's first byte, an end at its last, or
    /// anything between), where which side of the edit it belongs to is not known.
    private let offsets: [Int]
    private let asStart: [Int?]
    private let asEnd: [Int?]

    /// The places of `diagnostics` (ranges, notes in their own file, fixes' edits) through the
    /// edits `candidates` chose, read up to the last place; `nil` when one of those replaces
    /// nothing (an insertion: which side of it a place at its offset belongs to is not known) or
    /// they do not come in file order.
    init?(of diagnostics: [Diagnostic], through candidates: FixCandidates) {
        var named: [Int] = []
        func name(_ range: ByteRange) { named += [range.start, range.end] }
        for diagnostic in diagnostics {
            name(diagnostic.range)
            for note in diagnostic.notes where note.file == diagnostic.file { name(note.range) }
            for edit in diagnostic.fix?.edits ?? [] { name(edit.range) }
        }
        let offsets = Array(Set(named)).sorted()
        var asStart = [Int?](repeating: nil, count: offsets.count), asEnd = asStart
        let lengths = candidates.replacementLengths
        var next = 0, delta = 0, previousEnd = 0, unplaceable = false
        // Places the offsets up to `edit`'s end; whether any is left (the edits after the last
        // move none of them).
        func step(_ edit: FixRecords.Edit) -> Bool {
            let (start, end) = (edit.range.start, edit.range.end)
            // (Edits of one-edit fixes come in file order, none touching; checked all the same.)
            if start == end || start < previousEnd { unplaceable = true }
            previousEnd = end
            while next < offsets.count, offsets[next] < start {
                (asStart[next], asEnd[next]) = (offsets[next] + delta, offsets[next] + delta)
                next += 1
            }
            if next < offsets.count, offsets[next] == start {
                asEnd[next] = start + delta
                next += 1
            }
            while next < offsets.count, offsets[next] < end { next += 1 }
            delta += lengths[edit.replacement] - (end - start)
            if next < offsets.count, offsets[next] == end {
                asStart[next] = end + delta
                next += 1
            }
            return next < offsets.count
        }
        if !offsets.isEmpty, !candidates.forEachChosenOneEdit(step) {
            candidates.forEachChosen { edits in
                var more = true
                for edit in edits { more = step(edit) }
                return more
            }
        }
        guard !unplaceable else { return nil }
        while next < offsets.count {
            (asStart[next], asEnd[next]) = (offsets[next] + delta, offsets[next] + delta)
            next += 1
        }
        (self.offsets, self.asStart, self.asEnd) = (offsets, asStart, asEnd)
    }

    /// Where `range` is after the edits; `nil` when an end of it lies in an edit's bytes.
    func place(_ range: ByteRange) -> ByteRange? {
        guard let start = index(of: range.start).flatMap({ asStart[$0] }), let end = index(of: range.end).flatMap({ asEnd[$0] }) else { return nil }
        return ByteRange(start, end)
    }

    private func index(of offset: Int) -> Int? {
        var low = 0, high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count && offsets[low] == offset ? low : nil
    }
}
