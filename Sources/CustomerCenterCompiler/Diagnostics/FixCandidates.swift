import JSONSyntax

/// The fixes one lint offers (`lint --fix`), taken as the findings pass the gate: each fix's
/// edits and the little the fixer decides by, not the finding, in a compact record (a few bytes
/// a fix, ``FixRecords``). A file with a quarter of a million fixes keeps about a megabyte here,
/// not a quarter of a million diagnostics, nor `Fix` values with their arrays and words.
package struct FixCandidates: Sendable {
    /// Whether guesses (unsafe fixes) are taken too.
    let takesUnsafe: Bool
    /// The rules about the JSON text itself, whose safe fixes apply to a file that does not
    /// parse, and the rule whose errors say it does not.
    let textRules: Set<RuleID>
    let syntaxRule: RuleID
    /// The candidates, in the order their findings were emitted.
    private(set) var records = FixRecords()
    /// A syntax finding at error severity passed the gate: the file does not parse.
    private(set) var doesNotParse = false
    /// Every finding that passed, and those at error severity (whether a round made it worse).
    private(set) var findings = 0
    private(set) var errors = 0
    /// Whether every fix taken vouches that it changes no other finding
    /// (``OneEditFix/changesNoOtherFinding``), all of one rule's findings, and how many of them
    /// at each severity: what the fixed text's report can be derived from
    /// (``derivedScan(of:applied:)``).
    private(set) var everyFixChangesNoOtherFinding = true
    private(set) var fixedRule: RuleID?
    private(set) var fixedFindings = FixedFindings()

    /// The findings whose fixes were taken, by severity.
    struct FixedFindings: Sendable {
        var errors = 0, warnings = 0, notes = 0
        var total: Int { errors + warnings + notes }
    }
    /// Whether the scan keeps its findings too, bounded for display as a lint keeps them, so that
    /// its report is the fixed file's (``check``).
    var keepsFindings = false
    /// The scan's own lint of the text, when it kept its findings and read the text as a lint
    /// does (`Policy.fixes(_:unsafe:reporting:)`): the last round's is the fixed file's report.
    package var check: Check?

    /// A scan's report of the text it scanned, and the `ignore` entries its findings used.
    package struct Check: Sendable {
        package var report: FileReport
        package var usedIgnores: Set<Int>
    }

    /// The last rule asked about `textRules`: a rule's findings come one after another, and
    /// its id is then compared, not hashed, for each.
    private var recentRule: RuleID?
    private var recentIsTextRule = false

    /// No fixes yet.
    package init(unsafe: Bool, textRules: Set<RuleID>, syntaxRule: RuleID) {
        takesUnsafe = unsafe
        self.textRules = textRules
        self.syntaxRule = syntaxRule
    }

    /// An empty collector deciding as this one does.
    func emptied() -> FixCandidates {
        var empty = FixCandidates(unsafe: takesUnsafe, textRules: textRules, syntaxRule: syntaxRule)
        empty.keepsFindings = keepsFindings
        return empty
    }

    /// How many fixes were taken.
    var count: Int { records.count }

    /// Takes a finding as the gate reported it. `fix` is built only when the finding has one
    /// the run may apply.
    mutating func add(id: RuleID, severity: Severity, fix: () -> Fix?) {
        count(id: id, severity: severity)
        guard let fix = fix(), !fix.edits.isEmpty else { return }
        let safe = fix.applicability == .safe
        guard safe || takesUnsafe else { return }
        everyFixChangesNoOtherFinding = false
        records.append(fix.edits, whileBroken: safe && isTextRule(id))
    }

    /// Takes a finding whose fix is one edit (``OneEditFix``): recorded as it is, with no
    /// ``Fix`` or array of edits built. `edit` is called only when the finding has a fix.
    mutating func add(id: RuleID, severity: Severity, edit: () -> OneEditFix?) {
        count(id: id, severity: severity)
        guard let edit = edit() else { return }
        let safe = edit.applicability == .safe
        guard safe || takesUnsafe else { return }
        if edit.changesNoOtherFinding, fixedRule == nil || fixedRule == id {
            fixedRule = id
            switch severity {
            case .error: fixedFindings.errors += 1
            case .warning: fixedFindings.warnings += 1
            case .note: fixedFindings.notes += 1
            }
        } else {
            everyFixChangesNoOtherFinding = false
        }
        records.append(edit.range, replacement: edit.replacement, whileBroken: safe && isTextRule(id))
    }

    /// Counts a finding that passed the gate.
    private mutating func count(id: RuleID, severity: Severity) {
        findings += 1
        if severity == .error {
            errors += 1
            if id == syntaxRule { doesNotParse = true }
        }
    }

    private mutating func isTextRule(_ id: RuleID) -> Bool {
        if recentRule != id { (recentRule, recentIsTextRule) = (id, textRules.contains(id)) }
        return recentIsTextRule
    }

    /// Adds what another collector took (a rule's findings made on a thread of its own), as if
    /// they came here now.
    mutating func absorb(_ other: FixCandidates) {
        records.append(other.records)
        doesNotParse = doesNotParse || other.doesNotParse
        findings += other.findings
        errors += other.errors
        everyFixChangesNoOtherFinding = everyFixChangesNoOtherFinding && other.everyFixChangesNoOtherFinding
            && (fixedRule == nil || other.fixedRule == nil || fixedRule == other.fixedRule)
        fixedRule = fixedRule ?? other.fixedRule
        fixedFindings.errors += other.fixedFindings.errors
        fixedFindings.warnings += other.fixedFindings.warnings
        fixedFindings.notes += other.fixedFindings.notes
    }

    /// The scan of the text these fixes make when every one of them was applied, from this
    /// scan's counts and `check` (``derivedScan(of:applied:)``): no fix, the fixed findings
    /// taken out of the counts.
    func scanAfterEveryFix(check: Check) -> FixCandidates {
        var next = emptied()
        next.findings = findings - fixedFindings.total
        next.errors = errors - fixedFindings.errors
        next.check = check
        return next
    }

    /// Calls `body` with the edits of each fix of one round (`Fixer.nonOverlapping`'s choice
    /// over these candidates), in file order of their first edits, none touching an edit of
    /// another: each candidate is compared with the chosen ones that can still touch it, so
    /// memory follows the overlaps, not the fixes. While the file does not parse, only the safe
    /// fixes of the rules about the text itself are candidates. Stops when `body` says so.
    func forEachChosen(_ body: (FixRecords.Edits) -> Bool) {
        var taken = TakenRanges()
        records.forEachInFileOrder { candidate, edits in
            guard !doesNotParse || candidate.whileBroken else { return true }
            // The ranges taken before this candidate's start cannot touch it or a later one.
            taken.dropEnding(before: candidate.start)
            if edits.count == 1 {
                guard !taken.touches(edits[0].range) else { return true }
                taken.insert(edits[0].range)
                return body(edits)
            }
            var own = TakenRanges()
            for edit in edits {
                if taken.touches(edit.range) || own.touches(edit.range) { return true }
                own.insert(edit.range)
            }
            for edit in edits { taken.insert(edit.range) }
            return body(edits)
        }
    }

    /// `forEachChosen(_:)` when every fix is one edit and they come in one run in file order
    /// (`FixRecords.forEachOneEditInOrder(_:)`): calls `body` with each chosen edit until it
    /// returns `false`, and returns `true`; else calls nothing and returns `false`. Their starts
    /// do not descend, so an edit can touch a chosen one only if it touches the last chosen: one
    /// chosen before the last ends at or before the last one's start (they do not touch), so
    /// before this one's.
    @inline(__always)
    func forEachChosenOneEdit(_ body: (FixRecords.Edit) -> Bool) -> Bool {
        var last: ByteRange?
        return records.forEachOneEditInOrder { edit, whileBroken in
            guard !doesNotParse || whileBroken else { return true }
            if let last, TakenRanges.touch(last, edit.range) { return true }
            last = edit.range
            return body(edit)
        }
    }

    /// The replacement text of an edit.
    func replacement(_ edit: FixRecords.Edit) -> String { records.replacement(edit) }

    /// The UTF-8 length of each replacement text, by an edit's number (`FixRecords.Edit.replacement`).
    var replacementLengths: [Int] { records.replacementLengths }

    /// The edits of the first `limit` fixes of a round, each fix's own.
    func chosenFixes(limit: Int) -> [[TextEdit]] {
        var fixes: [[TextEdit]] = []
        forEachChosen { edits in
            fixes.append(edits.map { TextEdit(range: $0.range, replacement: replacement($0)) })
            return fixes.count < limit
        }
        return fixes
    }
}
