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
    package static let maximumRounds = 10

    /// Fixes `source`. `lint` is the run's lint of one file (configuration, ignores), so only
    /// findings the user would see are fixed. Safe fixes only unless `unsafe`. A file that does
    /// not parse gets only the safe syntax fixes that make it parse, never a guess.
    package static func fix(_ source: SourceFile, unsafe: Bool, lint: (SourceFile) -> FileReport) -> FixResult {
        var current = source
        var report = lint(current)
        var applied = 0
        for _ in 0..<maximumRounds {
            let candidates = fixable(report, unsafe: unsafe)
            guard !candidates.isEmpty else { break }
            let chosen = nonOverlapping(candidates)
            let attempt = SourceFile(path: current.path, bytes: apply(chosen.flatMap(\.edits), to: current.bytes))
            let attemptReport = lint(attempt)
            if attempt.bytes != current.bytes, !isWorse(attemptReport, than: report) {
                current = attempt
                report = attemptReport
                applied += chosen.count
                continue
            }
            // Together they made it worse: take them one at a time, keeping each that helps.
            var progressed = false
            for fix in chosen.prefix(64) {
                let single = SourceFile(path: current.path, bytes: apply(fix.edits, to: current.bytes))
                guard single.bytes != current.bytes else { continue }
                let singleReport = lint(single)
                guard !isWorse(singleReport, than: report) else { continue }
                current = single
                report = singleReport
                applied += 1
                progressed = true
                break  // ranges of the other fixes refer to the old bytes: re-lint first
            }
            if !progressed { break }
        }
        return FixResult(source: current, applied: applied, report: report, changed: current.bytes != source.bytes)
    }

    /// The fixes `--fix` may apply to this report.
    static func fixable(_ report: FileReport, unsafe: Bool) -> [Fix] {
        let parses = !report.diagnostics.contains { $0.id == JSONSyntaxRule.descriptor.id && $0.severity == .error }
        return report.diagnostics.compactMap { diagnostic in
            guard let fix = diagnostic.fix, !fix.edits.isEmpty else { return nil }
            if !parses { return RuleCatalog.textRules.contains(diagnostic.id) && fix.applicability == .safe ? fix : nil }
            return fix.applicability == .safe || unsafe ? fix : nil
        }
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
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var cursor = 0
        for index in order {
            let edit = edits[index]
            let lower = max(cursor, min(edit.range.start, bytes.count)), upper = max(lower, min(edit.range.end, bytes.count))
            result.append(contentsOf: bytes[cursor..<lower])
            result.append(contentsOf: edit.replacement.utf8)
            cursor = upper
        }
        result.append(contentsOf: bytes[cursor...])
        return result
    }

    /// More errors, or more findings, than before.
    static func isWorse(_ after: FileReport, than before: FileReport) -> Bool {
        func errors(_ report: FileReport) -> Int { report.diagnostics.filter { $0.severity == .error }.count }
        return errors(after) > errors(before) || after.diagnostics.count > before.diagnostics.count
    }
}
