import JSONSyntax

/// Exact counts of one file's findings, or of a whole run's (docs/commands.md, "Counts are exact").
public struct FindingCounts: Sendable, Equatable {
    /// Findings at error severity.
    public var errors = 0
    /// Findings at warning severity.
    public var warnings = 0
    /// Findings at note severity.
    public var notes = 0
    /// Findings per rule, every severity.
    public var byRule: [RuleID: Int] = [:]

    /// No findings.
    public init() {}

    /// The counts of `diagnostics`.
    public init(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { add(diagnostic) }
    }

    /// Counts one finding.
    public mutating func add(_ diagnostic: Diagnostic) { add(diagnostic.severity, of: diagnostic.id) }

    /// Counts one finding of `rule` at `severity`.
    mutating func add(_ severity: Severity, of rule: RuleID) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
        byRule[rule, default: 0] += 1
    }

    /// Adds another file's counts.
    public mutating func add(_ other: FindingCounts) {
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
        for (rule, count) in other.byRule { byRule[rule, default: 0] += count }
    }

    /// Every finding.
    public var total: Int { errors + warnings + notes }
}

/// What the run decides about each finding of one file as it is emitted, in the order of the
/// pipeline (docs/design.md "The top floor"): the configured level (or off), the configuration's `ignore` entries, the
/// baseline, `--quiet`; then an exact count. It lives in the file's `DiagnosticSink`, so a
/// finding that is only counted is never kept, and counts never depend on what is displayed.
package struct FindingGate: Sendable {
    /// Levels from the configuration file and `--rule`: a severity, or `nil` for off.
    var levels: [RuleID: Severity?] = [:]
    /// `--quiet`: errors only.
    var quiet = false
    /// The configuration's `ignore` entries that can apply to this file: their index in the
    /// configuration file, the rule and the value whose findings (and its children's) they drop.
    var ignores: [(index: Int, rule: RuleID, pointer: JSONPointer)] = []
    /// Indices of the entries that matched a finding.
    package var usedIgnores: Set<Int> = []
    /// The baseline's accepted findings of this file still unmatched: `Baseline.Entry.keys` → count.
    var baseline: [String: Int]?
    /// `compile`: the rules whose findings block it (`RuleDescriptor.blocksCompile`); their
    /// findings are kept (and counted as errors) whatever the level or `ignore` says.
    var compileBlocking: Set<RuleID> = []
    /// Whether this is `compile`'s gate.
    var compileGate: Bool { !compileBlocking.isEmpty }
    /// Blocking findings seen (compile).
    var blockers = 0
    /// Every finding that passed, counted.
    var counts: FindingCounts {
        get {
            var counts = counted
            if let recentRule { counts.byRule[recentRule, default: 0] += recentCount }
            return counts
        }
        set {
            counted = newValue
            (recentRule, recentCount) = (nil, 0)
        }
    }
    /// The counts but the latest findings of `recentRule`, `recentCount` of them: a rule's
    /// findings come one after another, and its id is then compared, not hashed, for each.
    private var counted = FindingCounts()
    private var recentRule: RuleID?
    private var recentCount = 0
    /// In a fork (``fork()``): the baseline entries this gate matched, by key. A fork reads
    /// `baseline` as it found it and never writes it, so no thread copies the whole table.
    private var baselineTaken: [String: Int]?

    /// A gate that keeps and counts everything at its default severity.
    static let passThrough = FindingGate()

    /// Whether the display must show every finding that passes (docs/commands.md, "Counts
    /// are exact": a finding the baseline lacks is always shown).
    var showsEverything: Bool { baseline != nil }

    /// What the gate decided about a finding it lets through.
    struct Admission {
        /// Its severity after the configuration.
        var severity: Severity
        /// A finding compile refuses whatever the configuration says (its level, `ignore`):
        /// shown at error severity with the words saying so.
        var refusesCompile: Bool
    }

    /// The words added to a finding compile refuses whatever the configuration says.
    static let refusesCompileSuffix = " (compile refuses this whatever the configuration says)"

    /// The finding as reported, or `nil` when it is off, quiet, ignored or accepted.
    mutating func admit(_ diagnostic: Diagnostic) -> Diagnostic? {
        guard let admission = decide(id: diagnostic.id, severity: diagnostic.severity, pointer: { diagnostic.pointer },
                                     words: { (diagnostic.message, diagnostic.parts) }) else { return nil }
        var result = diagnostic
        result.severity = admission.severity
        if admission.refusesCompile { result.message += Self.refusesCompileSuffix }
        return result
    }

    /// The decision about a finding of rule `id` at `severity` about the value at `pointer`,
    /// counted: `nil` when it is off, quiet, ignored or accepted. `pointer` is asked only by an
    /// `ignore` entry of the rule or a baseline, and `words` (the finding's message and parts)
    /// only by a baseline with no entry for the place alone, so a finding's pointer, message and
    /// fix need be built only when it is let through and shown
    /// (`DiagnosticSink.emit(_:at:pointer:message:fix:)`).
    mutating func decide(id: RuleID, severity: Severity, pointer: () -> JSONPointer,
                         words: () -> (message: String, parts: [String]?)) -> Admission? {
        var result = severity
        // (The empty tables are not asked: a lookup hashes the rule id, once per finding.)
        let blocking = severity == .error && !compileBlocking.isEmpty && compileBlocking.contains(id)
        var switchedOff = false
        if !levels.isEmpty, let level = levels[id] {
            if let configured = level {
                result = configured
            } else if blocking {
                switchedOff = true
            } else {
                return nil
            }
        }
        if blocking {
            blockers += 1
            if switchedOff || result != .error || (!ignores.isEmpty && isIgnored(id, pointer)) {
                count(.error, of: id)
                return Admission(severity: .error, refusesCompile: true)
            }
        }
        if !ignores.isEmpty, isIgnored(id, pointer) { return nil }
        if baseline != nil, let keys = acceptingKeys(id, result, pointer, words: words) {
            for key in keys {
                if baselineTaken != nil { baselineTaken?[key, default: 0] += 1 } else { baseline?[key]? -= 1 }
            }
            return nil
        }
        // `--quiet` only hides: the finding still uses up its `ignore` entry or baseline entry
        // above, so hiding warnings never makes their suppressions look stale.
        if quiet, result != .error { return nil }
        count(result, of: id)
        return Admission(severity: result, refusesCompile: false)
    }

    /// Counts one finding of `rule` at `severity`.
    @inline(__always)
    private mutating func count(_ severity: Severity, of rule: RuleID) {
        switch severity {
        case .error: counted.errors += 1
        case .warning: counted.warnings += 1
        case .note: counted.notes += 1
        }
        if recentRule == rule {
            recentCount += 1
            return
        }
        if let recentRule { counted.byRule[recentRule, default: 0] += recentCount }
        (recentRule, recentCount) = (rule, 1)
    }

    /// A gate for findings decided apart (one rule on a thread of its own: ``DiagnosticSink/fork()``):
    /// the same decisions, with nothing counted or used yet. ``absorb(_:)`` adds what it decided.
    /// Exact when the findings of the fork and of this gate meanwhile are of different rules:
    /// then no two of them compete for one baseline entry, and every other decision is the
    /// finding's own.
    func fork() -> FindingGate {
        var fork = self
        fork.usedIgnores = []
        fork.blockers = 0
        fork.counts = FindingCounts()
        fork.baselineTaken = baseline == nil ? nil : [:]
        return fork
    }

    /// Adds what a fork of this gate decided: the `ignore` entries it used, the baseline entries
    /// it matched, its blockers and counts.
    mutating func absorb(_ fork: FindingGate) {
        usedIgnores.formUnion(fork.usedIgnores)
        blockers += fork.blockers
        counts.add(fork.counts)
        for (key, taken) in fork.baselineTaken ?? [:] {
            if let remaining = baseline?[key] { baseline?[key] = remaining - taken }
        }
    }

    /// The baseline keys that accept a finding of rule `id` at its configured `severity` about
    /// `pointer`, all still unmatched, or `nil` when none does (docs/commands.md "Baselines"): an
    /// entry recorded at the same or a higher severity that said the same (a finding that is one
    /// thing) or gathered every part it gathers now (the locales a key has no text in); an entry
    /// that recorded neither accepts any finding at its place. `words` is asked only past that.
    private func acceptingKeys(_ id: RuleID, _ severity: Severity, _ pointer: () -> JSONPointer,
                               words: () -> (message: String, parts: [String]?)) -> [String]? {
        func unmatched(_ key: String) -> Bool { (baseline?[key] ?? 0) > (baselineTaken?[key] ?? 0) }
        let place = BaselineKey.place(id, pointer().description)
        if unmatched(place) { return [place] }
        let (message, parts) = words()
        for recorded in Severity.allCases where recorded >= severity {
            let keys: [String]
            if let parts, !parts.isEmpty {
                keys = Array(Set(parts)).map { BaselineKey.key(place, recorded, part: $0) }
            } else {
                keys = [BaselineKey.key(place, recorded, message: message)]
            }
            if keys.allSatisfy(unmatched) { return keys }
        }
        return nil
    }

    /// Whether an `ignore` entry suppresses a finding of `id` at `place` (recording the entry as used).
    /// The finding's pointer is asked only when an entry is of its rule.
    private mutating func isIgnored(_ id: RuleID, _ place: () -> JSONPointer) -> Bool {
        guard !ignores.isEmpty else { return false }
        for (index, rule, pointer) in ignores where rule == id && place().hasPrefix(pointer) {
            usedIgnores.insert(index)
            return true
        }
        return false
    }
}

/// How the gate matches a finding against a baseline entry (docs/commands.md "Baselines"): the
/// finding's place (rule and pointer), then its severity and what it said, or one key per part of
/// a gathering finding. `Baseline.Entry.keys` writes an entry's keys the same way.
package enum BaselineKey {
    /// A finding's place: its rule and pointer.
    package static func place(_ rule: RuleID, _ pointer: String) -> String { rule.rawValue + "\u{0}" + pointer }
    /// The key of a finding that is one thing, at `severity`.
    package static func key(_ place: String, _ severity: Severity, message: String) -> String {
        place + "\u{0}" + severity.rawValue + "\u{0}m" + message
    }
    /// The key of one part of a gathering finding, at `severity`.
    package static func key(_ place: String, _ severity: Severity, part: String) -> String {
        place + "\u{0}" + severity.rawValue + "\u{0}p" + part
    }
}
