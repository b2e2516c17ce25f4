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
    }

    /// Fixes `source`. `scan` is the run's lint of one file (configuration, ignores) taking the
    /// fixes of what the user would see (``FixCandidates``), so only those are fixed. Safe fixes
    /// only unless the scan takes unsafe ones. A file that does not parse gets only the safe
    /// syntax fixes that make it parse, never a guess.
    package static func fix(_ source: SourceFile, scan: (SourceFile) -> FixCandidates) -> Outcome {
        var current = source
        var found = scan(current)
        var applied = 0
        for _ in 0..<maximumRounds {
            let chosen = found.chosen()
            guard !chosen.isEmpty else { break }
            let attempt = SourceFile(path: current.path, bytes: apply(chosen, of: found.edits, to: current.bytes))
            let attemptFound = scan(attempt)
            if attempt.bytes != current.bytes, !isWorse(attemptFound, than: found) {
                current = attempt
                found = attemptFound
                applied += chosen.count
                continue
            }
            // Together they made it worse: take them one at a time, keeping each that helps.
            var progressed = false
            for fix in chosen.prefix(64) {
                let single = SourceFile(path: current.path, bytes: apply(Array(found.edits[fix]), to: current.bytes))
                guard single.bytes != current.bytes else { continue }
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
        return Outcome(source: current, applied: applied, changed: current.bytes != source.bytes)
    }

    /// The chosen fixes' edits (ranges of `edits`, in file order, none touching another) in one
    /// pass over `bytes`, with no sort when their edits come in order, as they do unless a fix has
    /// edits on both sides of another's.
    static func apply(_ chosen: [Range<Int>], of edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var ordered = true, previous = -1
        for fix in chosen {
            for edit in edits[fix] {
                if edit.range.start <= previous { ordered = false }
                previous = edit.range.start
            }
        }
        guard ordered else { return apply(chosen.flatMap { edits[$0] }, to: bytes) }
        return splice(chosen.lazy.flatMap { edits[$0] }, into: bytes)
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
}
