import JSONSyntax
import PlatformLayer

/// The fix job: one file fixed in memory (`--fix`, an editor's "fix all"; docs/commands.md "Fixes"): every
/// finding's fix, round after round, never two overlapping edits, never a round that makes the
/// file worse. Safe fixes only unless `unsafe`; a file that does not parse gets only the safe
/// syntax fixes that make it parse.
///
/// ```swift
/// let result = Workspace().run(Autofix(SourceFile(path: "customer_center.json", text: json)))
/// if result.changed {
///     let fixed = String(decoding: result.source.bytes, as: UTF8.self)
///     print("applied \(result.applied) fixes; \(result.report.counts.total) findings remain")
/// }
/// ```
public struct Autofix: Sendable {
    /// The file.
    public var source: SourceFile
    /// The configuration its findings are judged by (levels, ignores).
    public var configuration: LinterConfiguration?
    /// Apply fixes that are guesses too (did-you-mean).
    public var unsafe: Bool

    /// A fix of `source` under `configuration`.
    public init(_ source: SourceFile, configuration: LinterConfiguration? = nil, unsafe: Bool = false) {
        self.source = source
        self.configuration = configuration
        self.unsafe = unsafe
    }
}

extension Autofix: Job {
    /// Fixes the file: the fixed text (``FixResult``); the findings that remain are the run's report.
    public func run(in context: inout RunContext) -> FixResult {
        let policy = Policy(settings: context.settings, configuration: configuration)
        let fixed = Self.fixing(source, policy: policy, unsafe: unsafe)
        let report = Self.everyFinding(of: fixed.source, policy: policy).report
        context.log.record(report)
        return FixResult(source: fixed.source, applied: fixed.applied, report: report, changed: fixed.changed)
    }

    /// Fixes one text under `policy`: every finding's fix, not only those a display would show.
    /// The findings that remain are the caller's to check (a run reports them as it reports
    /// any file).
    static func fixing(_ source: SourceFile, policy: Policy, unsafe: Bool, reporting: Bool = false) -> Fixer.Outcome {
        Fixer.fix(source) { file in policy.fixes(file, unsafe: unsafe, reporting: reporting) }
    }

    /// `source` under `policy` with every finding shown.
    static func everyFinding(of source: SourceFile, policy: Policy) -> Analysis {
        var request = policy.request(for: source)
        request.displayCap = nil
        return Pipeline.run(request).analysis
    }

    /// `--fix` / `--fix-dry-run` of one input: the fixes, then the write (or the diff). Returns
    /// the source to report: the file as it is on disk afterwards (a refused write reports the
    /// file as it is, not the text that could not be written; a dry run changes nothing); and,
    /// when the fixer's last scan was a lint of exactly that source, its report
    /// (``FixCandidates/Check``), which a run without a baseline reports instead of linting the
    /// source once more.
    static func fix(_ source: SourceFile, input: RunInput, mode: FixMode, unsafe: Bool, policy: Policy,
                    in context: inout RunContext) -> (source: SourceFile, check: FixCandidates.Check?) {
        // Each round's lint frees its model before the next runs beside the two texts: let the
        // memory go back, so that the peak follows the file, not the rounds.
        OS.returnLargeBlocksWhenFreed()
        let result = Fixer.fix(source) { file in
            let found = policy.fixes(file, unsafe: unsafe, reporting: true)
            OS.returnFreePages()
            return found
        }
        // The scan's report is of `result.source`: of `source` itself only when no fix was applied.
        let unchanged = (source: source, check: result.applied == 0 ? result.check : nil)
        switch mode {
        case .dryRun:
            guard result.changed else { return unchanged }
            let name = source.path.hasPrefix("/") ? source.path : "a/" + source.path
            let newName = source.path.hasPrefix("/") ? source.path : "b/" + source.path
            let fixed = String(decoding: result.source.bytes, as: UTF8.self)
            context.log.print(UnifiedDiff.make(old: String(decoding: source.bytes, as: UTF8.self), new: fixed, oldName: name, newName: newName))
            context.log.record(.wouldFix(path: source.path, count: result.applied))
            return (result.source, result.check)
        case .write:
            if input.path == "-" {
                context.log.print(String(decoding: result.source.bytes, as: UTF8.self))
                if result.applied > 0 { context.log.record(.fixed(path: source.path, count: result.applied)) }
                return (result.source, result.check)
            }
            guard result.changed else { return unchanged }
            guard context.rewrite(input.path, shown: source.path, with: result.source.bytes, original: source.bytes) else {
                // Report what the disk holds now (the write changed nothing; someone else may have).
                let current = (try? FileSystem.read(input.path)) ?? source.bytes
                return (SourceFile(path: source.path, bytes: current, location: source.location), nil)
            }
            context.log.record(.fixed(path: source.path, count: result.applied))
            return (result.source, result.check)
        }
    }

    /// `--fix-dry-run`: the findings that would remain, at their places in the file as it is on
    /// disk (the report names that file, so its lines are the ones to show). A remaining finding
    /// is the disk file's finding of the same rule at the same pointer when it has one; otherwise
    /// its range is carried back over the lines the fixes changed.
    static func dryRunReport(_ remaining: FileReport, of fixed: SourceFile, input: RunInput, policy: Policy) -> FileReport {
        guard let original = try? FileSystem.read(input.path == "-" ? "/dev/null" : input.path), input.path != "-",
              original != fixed.bytes else { return remaining }
        let disk = SourceFile(path: fixed.path, bytes: original, location: fixed.location)
        return DiskPositions.report(remaining, fixed: fixed, disk: disk, diskFindings: Self.everyFinding(of: disk, policy: policy).report.diagnostics)
    }
}

/// Carries findings of a fixed text back to the text on disk (`--fix-dry-run`).
enum DiskPositions {
    static func report(_ remaining: FileReport, fixed: SourceFile, disk: SourceFile, diskFindings: [Diagnostic]) -> FileReport {
        // The disk's findings by rule and pointer, in order (a lookup each, not a walk over all).
        var byPlace: [Place: [Int]] = [:]
        for (index, finding) in diskFindings.enumerated() { byPlace[Place(id: finding.id, pointer: finding.pointer), default: []].append(index) }
        var used = [Bool](repeating: false, count: diskFindings.count)
        let lines = LineMap(from: fixed, to: disk)
        let mapped = remaining.diagnostics.map { diagnostic -> Diagnostic in
            let open = (byPlace[Place(id: diagnostic.id, pointer: diagnostic.pointer)] ?? []).lazy.filter { !used[$0] }
            if let index = open.first(where: { diskFindings[$0].message == diagnostic.message }) ?? open.first {
                used[index] = true
                return diskFindings[index]
            }
            var moved = diagnostic
            moved.range = lines.map(diagnostic.range)
            moved.notes = diagnostic.notes.map { note in
                var note = note
                if note.file == diagnostic.file { note.range = lines.map(note.range) }
                return note
            }
            moved.fix = nil
            return moved
        }
        return FileReport(source: disk, shown: mapped, counts: remaining.counts, omitted: remaining.omitted)
    }

    struct Place: Hashable {
        let id: RuleID
        let pointer: JSONPointer
    }

    /// Byte offsets of one text's lines in another: a line both texts share keeps its column; an
    /// inserted or changed line goes to the start of the changed lines in the other.
    struct LineMap {
        let fromStarts: [Int]
        let toStarts: [Int]
        let toLength: Int
        /// For each line of `from`: its line in `to`, and whether the line is unchanged.
        let line: [(Int, Bool)]

        init(from: SourceFile, to: SourceFile) {
            fromStarts = from.lineStarts
            toStarts = to.lineStarts
            toLength = to.bytes.count
            let script = UnifiedDiff.editScript(UnifiedDiff.lines(String(decoding: to.bytes, as: UTF8.self)),
                                                UnifiedDiff.lines(String(decoding: from.bytes, as: UTF8.self)))
            var line = [(Int, Bool)](repeating: (0, false), count: max(fromStarts.count, 1))
            for entry in script where entry.newLine < line.count {
                switch entry.kind {
                case .same: line[entry.newLine] = (entry.oldLine, true)
                case .insert: line[entry.newLine] = (entry.oldLine, false)
                case .delete: continue
                }
            }
            self.line = line
        }

        func map(_ offset: Int) -> Int {
            // The last line starting at or before `offset` (binary search: the starts ascend).
            var low = 0, high = fromStarts.count
            while low < high {
                let middle = (low + high) / 2
                if fromStarts[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            let index = min(max(low - 1, 0), line.count - 1)
            let (target, same) = line[index]
            let start = target < toStarts.count ? toStarts[target] : toLength
            return min(same ? start + (offset - fromStarts[index]) : start, toLength)
        }

        func map(_ range: ByteRange) -> ByteRange {
            let start = map(range.start)
            return ByteRange(start, max(start, map(range.end)))
        }
    }
}
