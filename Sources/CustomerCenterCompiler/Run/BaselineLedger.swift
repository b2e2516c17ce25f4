/// A baseline as a run consumes it (docs/commands.md "Baselines"): each file takes the accepted
/// findings recorded for it before it is analysed (its gate drops that many of each rule at each
/// pointer) and gives back what it did not match; entries of the run's files still unmatched at
/// the end are stale. Entries about files this run did not check are neither matched nor stale.

import JSONSyntax
package struct BaselineLedger: Sendable {
    let baseline: Baseline
    private let pathKey: @Sendable (String) -> String
    /// Unmatched findings per entry.
    private var remaining: [Int]
    /// The files (as keys) this run checked.
    private var checked: Set<String> = []

    init(_ baseline: Baseline, pathKey: @escaping @Sendable (String) -> String) {
        self.baseline = baseline
        self.pathKey = pathKey
        self.remaining = baseline.entries.map(\.count)
    }

    /// The baseline file at `path` read from `bytes`, and its ledger when it is a baseline (no
    /// diagnostics): what `lint --baseline` and the language server both take from the file.
    static func reading(_ bytes: [UInt8], at path: String) -> (baseline: Baseline, ledger: BaselineLedger?) {
        let baseline = Baseline(source: SourceFile(path: path, bytes: bytes, location: FileSystem.absolute(path)))
        guard baseline.diagnostics.isEmpty else { return (baseline, nil) }
        return (baseline, BaselineLedger(baseline, pathKey: pathKey(relativeTo: path)))
    }

    /// How a file path is recorded: relative to the baseline's folder, so the same file matches
    /// however it was named on the command line (`<stdin>` names stay as they are).
    static func pathKey(relativeTo baselinePath: String) -> @Sendable (String) -> String {
        let folder = baselinePath == "-" ? FileSystem.currentDirectory() : FileSystem.directory(of: FileSystem.absolute(baselinePath))
        return { path in
            if path.hasPrefix("<") { return path }
            return FileSystem.relative(FileSystem.absolute(path), to: folder)
        }
    }

    /// The accepted findings of the file at `location`: each entry's keys (``Baseline/Entry/keys``) → count.
    mutating func take(for location: String) -> [String: Int] {
        let file = pathKey(location)
        var accepted: [String: Int] = [:]
        for (index, entry) in baseline.entries.enumerated() where entry.file == file && remaining[index] > 0 {
            for key in entry.keys { accepted[key, default: 0] += remaining[index] }
        }
        return accepted
    }

    /// What the file left unmatched (its gate's ledger after the analysis). `checked`: the file
    /// was checked (not skipped), so its entries can be stale.
    mutating func give(back unmatched: [String: Int], for location: String, checked: Bool = true) {
        let file = pathKey(location)
        if checked { self.checked.insert(file) }
        var left = unmatched
        for (index, entry) in baseline.entries.enumerated() where entry.file == file && remaining[index] > 0 {
            // A gathering entry was matched as often as its most used part (a finding that
            // gathers fewer parts than the entry still matched it).
            let keys = entry.keys
            let keep = keys.reduce(remaining[index]) { min($0, left[$1] ?? 0) }
            remaining[index] = keep
            for key in keys { left[key] = (left[key] ?? 0) - keep }
        }
    }

    /// What one file did to a copy of `snapshot` (the ledger as it was before the files were
    /// checked side by side, `--jobs`): each file touches only its own entries, so taking every
    /// entry the copy changed gives the same ledger as checking the files one after another.
    mutating func absorb(_ copy: BaselineLedger, since snapshot: BaselineLedger) {
        for index in remaining.indices where copy.remaining[index] != snapshot.remaining[index] {
            remaining[index] = copy.remaining[index]
        }
        checked.formUnion(copy.checked)
    }

    /// The baseline's own report: problems reading it, and entries that matched fewer findings
    /// than they accept (stale), under the command line's `gate` (`--quiet` hides the warnings).
    func staleReport(gate: FindingGate) -> FileReport? {
        var sink = DiagnosticSink(file: baseline.source.path, keepPerRule: nil, gate: gate)
        baseline.diagnostics.forEach { sink.append($0) }
        for (index, entry) in baseline.entries.enumerated() {
            ConfigStaleIgnoreRule.checkBaselineEntry(entry.rule, at: entry.pointer, file: entry.file, count: entry.count, unmatched: remaining[index],
                                                     fileChecked: checked.contains(entry.file), writtenAt: entry.range, into: &sink)
        }
        guard !sink.diagnostics.isEmpty else { return nil }
        return FileReport(source: baseline.source, diagnostics: sink.diagnostics)
    }
}
