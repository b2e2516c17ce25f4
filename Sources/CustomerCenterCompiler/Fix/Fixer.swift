import JSONSyntax

/// What fixing one file did (the fix job, ``Autofix``).
public struct FixResult: Sendable {
    /// The file after the fixes.
    public var source: SourceFile
    /// How many fixes were applied.
    public var applied: Int
    /// The findings that remain.
    public var report: FileReport
    /// Whether the bytes changed.
    public var changed: Bool
}

/// `lint --fix` (docs/commands.md, "Fixes"): applies the fixes the linter offers, round after round, never two
/// edits that overlap, never a round that makes the file worse.
package enum Fixer {
    /// Rounds before giving up (a fix can expose another, as a removed comment exposes a comma).
    /// Each round's lint finds every fix of the file, syntax ones included (its parse does not
    /// stop after a number of issues), so the rounds count fixes that uncover others, not fixes.
    package static let maximumRounds = 10

    /// The fixed text, how many fixes it took and whether the bytes changed.
    package struct Outcome: Sendable {
        package var source: SourceFile
        package var applied: Int
        package var changed: Bool
        /// The lint of `source` that the last round's scan made, when the scan kept its findings
        /// (``FixCandidates/check``): the fixed file's report without linting it again.
        package var check: FixCandidates.Check?
    }

    /// Fixes `source`. `scan` is the run's lint of one file (configuration, ignores) taking the
    /// fixes of what the user would see (``FixCandidates``), so only those are fixed. Safe fixes
    /// only unless the scan takes unsafe ones. A file that does not parse gets only the safe
    /// syntax fixes that make it parse, never a guess.
    ///
    /// A round keeps the file's fixes only until they are applied: the next scan runs beside
    /// the two texts and nothing else. When the round made the file worse, the fixes of the file
    /// before it are found again (the same scan gives the same fixes) to try one at a time.
    package static func fix(_ source: SourceFile, scan: (SourceFile) -> FixCandidates) -> Outcome {
        var current = source
        var found = scan(current)
        var applied = 0
        for _ in 0..<maximumRounds {
            let (bytes, count) = found.applied(to: current.bytes)
            guard count > 0 else { break }
            let before = (errors: found.errors, findings: found.findings)
            let attempt = SourceFile(path: current.path, bytes: bytes)
            let changed = !sameBytes(attempt.bytes, current.bytes)
            // The fixed text's scan, when the round's fixes provably change no other finding:
            // derived while the round's edits are here, and they are dropped before any lint.
            let derived = changed ? found.derivedScan(of: attempt, applied: count) : nil
            found = found.emptied()
            if changed {
                let attemptFound = derived ?? scan(attempt)
                if attemptFound.errors <= before.errors, attemptFound.findings <= before.findings {
                    current = attempt
                    found = attemptFound
                    applied += count
                    continue
                }
            }
            // Together they made it worse: take them one at a time, keeping each that helps.
            found = scan(current)
            var progressed = false
            for fix in found.chosenFixes(limit: 64) {
                let single = SourceFile(path: current.path, bytes: apply(fix, to: current.bytes))
                guard !sameBytes(single.bytes, current.bytes) else { continue }
                let singleFound = scan(single)
                guard !isWorse(singleFound, than: found) else { continue }
                current = single
                found = singleFound
                applied += 1
                progressed = true
                break  // ranges of the other fixes refer to the old bytes: re-lint first
            }
            if !progressed { break }
        }
        return Outcome(source: current, applied: applied, changed: !sameBytes(current.bytes, source.bytes), check: found.check)
    }

    /// Whether two texts are the same bytes (compared a block at a time).
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in ByteScan.equal(a, b) } }
    }

    /// More errors, or more findings, than before.
    static func isWorse(_ after: FixCandidates, than before: FixCandidates) -> Bool {
        after.errors > before.errors || after.findings > before.findings
    }

    /// Fixes in file order whose edits touch nothing an earlier chosen fix touches (two
    /// insertions at one offset count as touching: their order would be a guess). Fixes that
    /// start at one offset keep their order. O(n log n) in the edits: each edit is looked up
    /// among the chosen ones by binary search (``TakenRanges``).
    static func nonOverlapping(_ fixes: [Fix]) -> [Fix] {
        let starts = fixes.map { $0.edits.lazy.map(\.range.start).min() ?? 0 }
        let order = fixes.indices.sorted { starts[$0] != starts[$1] ? starts[$0] < starts[$1] : $0 < $1 }
        var taken = TakenRanges()
        var chosen: [Fix] = []
        for index in order {
            let ranges = fixes[index].edits.map(\.range)
            var own = TakenRanges()
            var clash = false
            for range in ranges {
                if taken.touches(range) || own.touches(range) { clash = true; break }
                own.insert(range)
            }
            if clash { continue }
            for range in ranges { taken.insert(range) }
            chosen.append(fixes[index])
        }
        return chosen
    }

    /// Applies non-overlapping edits (any order) in one pass over `bytes`: the untouched bytes
    /// between edits are copied once (O(size + edits), however many edits). Insertions at one
    /// offset come out in reverse list order, each inserted before the ones listed before it.
    package static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        let order = edits.indices.sorted { a, b in
            let (x, y) = (edits[a].range.start, edits[b].range.start)
            return x != y ? x < y : a > b
        }
        return splice(order.lazy.map { edits[$0] }, into: bytes)
    }

    /// `bytes` with `edits` (in file order, none overlapping) put in: the untouched bytes between
    /// them copied once.
    private static func splice(_ edits: some Collection<TextEdit>, into bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var cursor = 0
        for edit in edits {
            let lower = max(cursor, min(edit.range.start, bytes.count)), upper = max(lower, min(edit.range.end, bytes.count))
            result.append(contentsOf: bytes[cursor..<lower])
            result.append(contentsOf: edit.replacement.utf8)
            cursor = upper
        }
        result.append(contentsOf: bytes[cursor...])
        return result
    }
}
