import JSONSyntax

/// The fixes one lint offers (`lint --fix`), taken as the findings pass the gate: each fix's
/// edits and the little the fixer decides by, not the finding. A file with two million findings
/// keeps two million edits here, not two million diagnostics with their messages and pointers.
package struct FixCandidates: Sendable {
    /// One finding's fix: its edits (`edits[firstEdit..<endEdit]`) and where the first starts.
    struct Offered: Sendable {
        var start: Int
        var firstEdit: Int
        var endEdit: Int
        /// A safe fix of a syntax rule: the only kind applied to a file that does not parse.
        var whileBroken: Bool
    }

    /// Whether guesses (unsafe fixes) are taken too.
    let takesUnsafe: Bool
    /// The rules about the JSON text itself, whose safe fixes apply to a file that does not
    /// parse, and the rule whose errors say it does not.
    let textRules: Set<RuleID>
    let syntaxRule: RuleID
    /// Every candidate's edits, one after another.
    private(set) var edits: [TextEdit] = []
    /// The candidates in the order their findings were emitted.
    private(set) var candidates: [Offered] = []
    /// A syntax finding at error severity passed the gate: the file does not parse.
    private(set) var doesNotParse = false
    /// Every finding that passed, and those at error severity (whether a round made it worse).
    private(set) var findings = 0
    private(set) var errors = 0

    /// No fixes yet.
    package init(unsafe: Bool, textRules: Set<RuleID>, syntaxRule: RuleID) {
        takesUnsafe = unsafe
        self.textRules = textRules
        self.syntaxRule = syntaxRule
    }

    /// An empty collector deciding as this one does.
    func emptied() -> FixCandidates { FixCandidates(unsafe: takesUnsafe, textRules: textRules, syntaxRule: syntaxRule) }

    /// Takes a finding as the gate reported it. `fix` is built only when the finding has one
    /// the run may apply.
    mutating func add(id: RuleID, severity: Severity, fix: () -> Fix?) {
        findings += 1
        if severity == .error {
            errors += 1
            if id == syntaxRule { doesNotParse = true }
        }
        guard let fix = fix(), !fix.edits.isEmpty else { return }
        let safe = fix.applicability == .safe
        guard safe || takesUnsafe else { return }
        let first = edits.count
        var start = Int.max
        for edit in fix.edits {
            edits.append(edit)
            start = min(start, edit.range.start)
        }
        candidates.append(Offered(start: start, firstEdit: first, endEdit: edits.count,
                                    whileBroken: safe && textRules.contains(id)))
    }

    /// Adds what another collector took (a rule's findings made on a thread of its own), as if
    /// they came here now.
    mutating func absorb(_ other: FixCandidates) {
        let base = edits.count
        edits.append(contentsOf: other.edits)
        candidates.reserveCapacity(candidates.count + other.candidates.count)
        for var candidate in other.candidates {
            candidate.firstEdit += base
            candidate.endEdit += base
            candidates.append(candidate)
        }
        doesNotParse = doesNotParse || other.doesNotParse
        findings += other.findings
        errors += other.errors
    }

    /// The fixes of one round (`Fixer.nonOverlapping`'s choice, over these candidates):
    /// in file order, no edit touching another's. Each is a range of `edits`. The candidates are
    /// sorted only when they did not come in file order (several rules' findings).
    func chosen() -> [Range<Int>] {
        let usable = candidates.indices.filter { !doesNotParse || candidates[$0].whileBroken }
        let inOrder = zip(usable, usable.dropFirst()).allSatisfy { candidates[$0].start <= candidates[$1].start }
        let order = inOrder ? usable : usable.sorted { a, b in
            candidates[a].start != candidates[b].start ? candidates[a].start < candidates[b].start : a < b
        }
        var taken = TakenRanges()
        var chosen: [Range<Int>] = []
        for index in order {
            let candidate = candidates[index]
            var own = TakenRanges()
            var clash = false
            for edit in edits[candidate.firstEdit..<candidate.endEdit] {
                if taken.touches(edit.range) || own.touches(edit.range) { clash = true; break }
                own.insert(edit.range)
            }
            if clash { continue }
            for edit in edits[candidate.firstEdit..<candidate.endEdit] { taken.insert(edit.range) }
            chosen.append(candidate.firstEdit..<candidate.endEdit)
        }
        return chosen
    }
}
