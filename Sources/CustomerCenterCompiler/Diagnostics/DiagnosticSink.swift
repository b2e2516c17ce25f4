import JSONSyntax

/// Collects the diagnostics of one file; every pipeline stage writes into one.
package struct DiagnosticSink: Sendable {
    /// The file the diagnostics are about.
    package let file: String
    /// What has been emitted, in emission order (when bounded, a rule's findings past the
    /// bound, the last in report order, are dropped as others come).
    package private(set) var diagnostics: [Diagnostic] = []
    /// When set, each rule keeps at least this many of its findings and at most twice as many:
    /// the first in report order (a file full of findings holds a bounded number of them).
    let keepPerRule: Int?
    /// The run's decisions (level, quiet, ignores, baseline) and exact counts, applied to each
    /// finding before it is kept.
    var gate: FindingGate
    /// `lint --fix`'s lints: when set, a finding that passes the gate gives its fix here and is
    /// not kept (the fixer needs the fixes and the counts, not the findings), unless the
    /// collector keeps findings too (``FixCandidates/keepsFindings``).
    var fixes: FixCandidates?

    /// What the bound knows of one rule's findings (when bounded).
    struct RuleBound: Sendable, Equatable {
        /// Its findings emitted, kept or not.
        var emitted = 0
        /// Its findings kept.
        var kept = 0
        /// Once findings were dropped: the last one kept. A later finding that does not come
        /// before it in report order cannot be among the first, and is only counted.
        var cutoff: Diagnostic?
        /// The cutoff's range when it is in this sink's file (as a rule's findings are): a
        /// finding is placed against it without copying the cutoff.
        var cutoffRange: ByteRange?
    }

    /// Each rule's bound but the one of `recentRule`, which is in `recent`: a rule's findings
    /// come one after another, and the rule's id is then compared, not hashed, for each.
    private var bounds: [RuleID: RuleBound] = [:]
    private var recentRule: RuleID?
    private var recent = RuleBound()

    /// Creates an empty sink for `file`; with `keepPerRule`, a bounded one.
    package init(file: String) { self.init(file: file, keepPerRule: nil) }

    init(file: String, keepPerRule: Int?, gate: FindingGate = .passThrough) {
        self.file = file
        self.keepPerRule = keepPerRule
        self.gate = gate
    }

    /// How many findings of each rule were emitted, kept or not (when bounded).
    var emitted: [RuleID: Int] { allBounds.mapValues(\.emitted) }
    /// How many findings of each rule are kept (when bounded).
    var kept: [RuleID: Int] { allBounds.mapValues(\.kept) }
    /// Per rule, once findings were dropped: the last one kept.
    var cutoff: [RuleID: Diagnostic] { allBounds.compactMapValues(\.cutoff) }

    private var allBounds: [RuleID: RuleBound] {
        var all = bounds
        if let recentRule { all[recentRule] = recent }
        return all
    }

    /// Makes `id`'s bound the one in `recent`.
    @inline(__always)
    private mutating func select(_ id: RuleID) {
        if recentRule == id { return }
        if let recentRule { bounds[recentRule] = recent }
        recent = bounds[id] ?? RuleBound()
        recentRule = id
    }

    /// Records a finding with its message, at the rule's default severity.
    package mutating func emit(_ message: RuleMessage, at range: ByteRange, pointer: JSONPointer = .root,
                              notes: [DiagnosticNote] = [], fix: Fix? = nil) {
        var diagnostic = Diagnostic(
            id: message.rule, severity: message.severity, message: message.text, file: file, range: range,
            pointer: pointer, notes: notes, fix: fix)
        diagnostic.parts = message.parts
        append(diagnostic)
    }

    /// Records a diagnostic of `rule` at its default severity. Only the parser's findings use it:
    /// their typed form is `JSONSyntaxIssue`, and `SyntaxDiagnostics` words each case.
    mutating func emit(
        _ rule: RuleDescriptor, _ message: String, at range: ByteRange, pointer: JSONPointer = .root,
        notes: [DiagnosticNote] = [], fix: Fix? = nil
    ) {
        append(Diagnostic(
            id: rule.id, severity: rule.defaultSeverity, message: message, file: file, range: range,
            pointer: pointer, notes: notes, fix: fix))
    }

    /// The `emit(_:at:pointer:message:fix:)` below, with the pointer at hand.
    package mutating func emit(_ rule: RuleDescriptor, at range: ByteRange, pointer: JSONPointer,
                              message: () -> RuleMessage, fix: () -> Fix? = { nil }) {
        emit(rule, at: range, pointer: { pointer }, message: message, fix: fix)
    }

    /// Records a finding of `rule` from its facts: its rule and range, with its pointer, message
    /// and fix built only when asked. The gate decides by the rule and the severity (the pointer
    /// only for an `ignore` entry of the rule or a baseline), and the display's bound by the
    /// place (the message only breaks a tie of rule and range). A file with a quarter of a
    /// million findings of one rule words the few hundred it shows, and counts the rest.
    /// `message` must be a message of `rule`.
    package mutating func emit(_ rule: RuleDescriptor, at range: ByteRange, pointer: () -> JSONPointer,
                              message: () -> RuleMessage, fix: () -> Fix? = { nil }) {
        emit(rule, at: range, pointer: pointer, message: message, fix: fix, offer: { $0?.add(id: $1, severity: $2, fix: fix) })
    }

    /// The same for a finding whose fix is one edit (``OneEditFix``): `lint --fix` records the
    /// edit without building a ``Fix``; a finding kept carries it as one.
    package mutating func emit(_ rule: RuleDescriptor, at range: ByteRange, pointer: () -> JSONPointer,
                              message: () -> RuleMessage, edit: () -> OneEditFix?) {
        emit(rule, at: range, pointer: pointer, message: message, fix: { edit()?.fix },
             offer: { $0?.add(id: $1, severity: $2, edit: edit) })
    }

    /// `emit(_:at:pointer:message:fix:)`, with `offer` giving a passing finding's fix to `lint
    /// --fix`'s collector.
    @inline(__always)
    private mutating func emit(_ rule: RuleDescriptor, at range: ByteRange, pointer: () -> JSONPointer,
                               message: () -> RuleMessage, fix: () -> Fix?,
                               offer: (inout FixCandidates?, RuleID, Severity) -> Void) {
        let id = rule.id
        // The pointer and the words, each built at most once, and only when asked.
        var place: JSONPointer?
        func located() -> JSONPointer {
            if let place { return place }
            let made = pointer()
            place = made
            return made
        }
        var worded: RuleMessage?
        func words() -> RuleMessage {
            if let worded { return worded }
            let words = message()
            assert(words.rule == id, "a message of \(words.rule) reported as \(id)")
            worded = words
            return words
        }
        guard let admission = gate.decide(id: id, severity: rule.defaultSeverity, pointer: located,
                                          words: { let words = words(); return (words.text, words.parts) }) else { return }
        if fixes != nil {
            offer(&fixes, id, admission.severity)
            if fixes?.keepsFindings != true { return }
        }
        func built() -> Diagnostic {
            let words = words()
            var diagnostic = Diagnostic(id: id, severity: admission.severity, message: words.text, file: file, range: range,
                                        pointer: located(), fix: fix())
            diagnostic.parts = words.parts
            if admission.refusesCompile { diagnostic.message += FindingGate.refusesCompileSuffix }
            return diagnostic
        }
        guard keepPerRule != nil, !gate.showsEverything else {
            diagnostics.append(built())
            return
        }
        select(id)
        recent.emitted += 1
        // After the last kept in report order (or tied with it but for the words): only counted.
        if let lastRange = recent.cutoffRange {
            // (The cutoff is of this rule and this file.)
            if range.start != lastRange.start ? range.start > lastRange.start : range.end > lastRange.end { return }
            if range == lastRange {
                keepIfBeforeCutoff(built())
                return
            }
        } else if let last = recent.cutoff {
            switch Self.placeOrder(file, range, id, last) {
            case .orderedDescending: return
            case .orderedSame:
                keepIfBeforeCutoff(built())
                return
            case .orderedAscending: break
            }
        }
        keep(built())
    }

    /// Keeps a finding that ties with its rule's cutoff but for the words when it comes before it.
    private mutating func keepIfBeforeCutoff(_ diagnostic: Diagnostic) {
        guard let last = recent.cutoff, Diagnostic.reportOrder(diagnostic, last) else { return }
        keep(diagnostic)
    }

    /// How a finding of `id` at `range` in `file` compares in report order with `last` by place
    /// alone (file, start, rule, end): `.orderedSame` when only the words can tell them apart.
    @inline(__always)
    private static func placeOrder(_ file: String, _ range: ByteRange, _ id: RuleID, _ last: Diagnostic) -> PlaceOrder {
        if file != last.file { return file < last.file ? .orderedAscending : .orderedDescending }
        if range.start != last.range.start { return range.start < last.range.start ? .orderedAscending : .orderedDescending }
        if id != last.id { return id < last.id ? .orderedAscending : .orderedDescending }
        if range.end != last.range.end { return range.end < last.range.end ? .orderedAscending : .orderedDescending }
        return .orderedSame
    }

    private enum PlaceOrder { case orderedAscending, orderedSame, orderedDescending }

    /// A note in this sink's file.
    package func note(_ message: String, at range: ByteRange) -> DiagnosticNote {
        DiagnosticNote(message: message, file: file, range: range)
    }

    /// Records an already-built diagnostic.
    package mutating func append(_ diagnostic: Diagnostic) {
        guard let diagnostic = gate.admit(diagnostic) else { return }
        if fixes != nil {
            fixes?.add(id: diagnostic.id, severity: diagnostic.severity) { diagnostic.fix }
            if fixes?.keepsFindings != true { return }
        }
        guard keepPerRule != nil, !gate.showsEverything else {
            diagnostics.append(diagnostic)
            return
        }
        select(diagnostic.id)
        recent.emitted += 1
        // (Emitted after the cutoff, a tie sorts after it too.)
        if let last = recent.cutoff, !Diagnostic.reportOrder(diagnostic, last) { return }
        keep(diagnostic)
    }

    /// Keeps a finding of the selected rule under the bound (`keepPerRule`), dropping the last
    /// of its rule's once twice the bound are kept.
    private mutating func keep(_ diagnostic: Diagnostic) {
        guard let bound = keepPerRule else { return }
        diagnostics.append(diagnostic)
        recent.kept += 1
        if recent.kept >= 2 * bound { keepFirst(bound, of: diagnostic.id) }
    }

    /// An empty sink for findings made apart (a rule on a thread of its own): the same file and
    /// bound, and a fork of the gate (``FindingGate/fork()``). ``absorb(_:)`` takes them back.
    func fork() -> DiagnosticSink {
        var fork = DiagnosticSink(file: file, keepPerRule: keepPerRule, gate: gate.fork())
        fork.fixes = fixes.map { $0.emptied() }
        return fork
    }

    /// Takes back what a fork of this sink kept and decided, as if its findings were emitted
    /// here now: its diagnostics after these, the gate's decisions and counts, and the bound's
    /// state of each of its rules. Exact when no finding of the fork's rules came here since the
    /// fork (each model rule reports under its own id), because the bound keeps each rule's
    /// findings apart from the others'.
    mutating func absorb(_ fork: DiagnosticSink) {
        diagnostics.append(contentsOf: fork.diagnostics)
        if let taken = fork.fixes { fixes?.absorb(taken) }
        gate.absorb(fork.gate)
        if let recentRule { bounds[recentRule] = recent }
        (recentRule, recent) = (nil, RuleBound())
        for (rule, bound) in fork.allBounds {
            assert(bounds[rule] == nil, "\(rule) emitted both here and in a fork")
            bounds[rule] = bound
        }
    }

    /// Drops the findings of the selected rule `rule` past the first `bound` in report order
    /// (ties in the order emitted, as a stable sort leaves them); the others keep their order.
    private mutating func keepFirst(_ bound: Int, of rule: RuleID) {
        let positions = diagnostics.indices.filter { diagnostics[$0].id == rule }
        let ordered = Diagnostic.displayOrder(of: positions, in: diagnostics)
        var dropped = [Bool](repeating: false, count: diagnostics.count)
        for position in ordered.dropFirst(bound) { dropped[position] = true }
        let cutoff = diagnostics[ordered[bound - 1]]
        recent.cutoff = cutoff
        recent.cutoffRange = cutoff.file == file && cutoff.id == rule ? cutoff.range : nil
        var survivors: [Diagnostic] = []
        survivors.reserveCapacity(diagnostics.count - (ordered.count - bound))
        for (position, diagnostic) in diagnostics.enumerated() where !dropped[position] { survivors.append(diagnostic) }
        diagnostics = survivors
        recent.kept = bound
    }
}
