import JSONSyntax

/// How serious a finding is. Ordered: `note` < `warning` < `error`.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A rule's stable identifier, such as `json.trailing-comma`. Identifiers are API.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identifier text.
    public let rawValue: String

    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a finding says and which rule says it. Each rule builds its messages with factories
/// declared next to it (`RuleMessage.customURLWithoutURL(path:effects:)`), so a rule's words live
/// in one place and a call site names the finding, not its text.
package struct RuleMessage: Sendable, Equatable {
    /// The rule that reports it.
    package let rule: RuleID
    /// The severity unless configured otherwise.
    package let severity: Severity
    /// The sentence shown to the user.
    package let text: String
    /// What the one finding gathers, when it stands for several things (the locales a key has no
    /// text in): a baseline entry accepts it while these are among the entry's (docs/commands.md
    /// "Baselines"). `nil`: the finding is one thing, and its message says what.
    package let parts: [String]?

    /// A message of `rule`; `parts`, when it gathers several things.
    package init(_ rule: RuleDescriptor, _ text: String, parts: [String]? = nil) {
        self.rule = rule.id
        self.severity = rule.defaultSeverity
        self.text = text
        self.parts = parts
    }
}

/// One finding: what, how bad, where, and how to fix it.
public struct Diagnostic: Sendable, Equatable {
    /// The rule that produced it.
    public var id: RuleID
    /// Its severity after configuration.
    public var severity: Severity
    /// One line, lower-case start, values in 'quotes'. Wording is not API.
    public var message: String
    /// The file's display path.
    public var file: String
    /// The primary range (byte offsets).
    public var range: ByteRange
    /// The JSON pointer of the value the finding is about.
    public var pointer: JSONPointer
    /// Related places ("first defined here").
    public var notes: [DiagnosticNote]
    /// A suggested edit (the fix job (``Autofix``) applies it).
    package var fix: Fix?
    /// What it gathers, when it stands for several things (``RuleMessage/parts``).
    package var parts: [String]?

    /// Whether the finding has a fix, and of which kind: `.safe` ones are applied by
    /// the fix job (``Autofix``), `.unsafe` ones only with `unsafe: true`;
    /// `nil` when it has none.
    public var fixApplicability: FixApplicability? { fix?.applicability }

    /// Creates a diagnostic.
    package init(
        id: RuleID, severity: Severity, message: String, file: String, range: ByteRange,
        pointer: JSONPointer = .root, notes: [DiagnosticNote] = [], fix: Fix? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.file = file
        self.range = range
        self.pointer = pointer
        self.notes = notes
        self.fix = fix
    }

    /// Report order (docs/formats.md, `json`): file, then offset, then id (then message, for a total order).
    package static func reportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.range.start != b.range.start { return a.range.start < b.range.start }
        if a.id != b.id { return a.id < b.id }
        if a.range.end != b.range.end { return a.range.end < b.range.end }
        return a.message < b.message
    }

    /// The order the display cap keeps findings in ("… and N more" counts the rest): the positions
    /// of `diagnostics` in report order, ties in emission order.
    package static func displayOrder(of positions: some Sequence<Int>, in diagnostics: [Diagnostic]) -> [Int] {
        positions.sorted { a, b in
            if reportOrder(diagnostics[a], diagnostics[b]) { return true }
            if reportOrder(diagnostics[b], diagnostics[a]) { return false }
            return a < b
        }
    }
}

/// A secondary message tied to its own place.
public struct DiagnosticNote: Sendable, Equatable {
    /// What the place is ("first defined here").
    public var message: String
    /// The file of the place (may differ from the diagnostic's).
    public var file: String
    /// The place.
    public var range: ByteRange

    /// Creates a note.
    package init(message: String, file: String, range: ByteRange) {
        self.message = message
        self.file = file
        self.range = range
    }
}

/// Whether a fix can be applied without a person looking (docs/commands.md, "Fixes").
public enum FixApplicability: String, Sendable, CaseIterable {
    /// Changes nothing but the defect: a comment, a trailing comma, a byte-order mark,
    /// whitespace, placeholder spacing, a case-only enum value. `lint --fix` applies it.
    case safe
    /// A guess (a did-you-mean, a default chosen for you): `lint --fix --unsafe-fixes` only.
    case unsafe
}

/// A suggested change: a label and the text edits that make it.
package struct Fix: Sendable, Equatable {
    /// What the fix does ("remove the trailing comma").
    package var message: String
    /// Non-overlapping edits in the diagnostic's file.
    package var edits: [TextEdit]
    /// Safe to apply unattended, or a guess.
    package var applicability: FixApplicability

    /// Creates a fix; a fix is a guess unless it says it is safe.
    package init(message: String, edits: [TextEdit], applicability: FixApplicability = .unsafe) {
        self.message = message
        self.edits = edits
        self.applicability = applicability
    }
}

/// Replace the bytes of `range` with `replacement`.
package struct TextEdit: Sendable, Equatable {
    /// The bytes to replace (empty to insert).
    package var range: ByteRange
    /// The new text (empty to delete).
    package var replacement: String

    /// Creates an edit.
    package init(range: ByteRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

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
    /// How many findings of each rule were emitted, kept or not (when bounded).
    private(set) var emitted: [RuleID: Int] = [:]
    private(set) var kept: [RuleID: Int] = [:]
    /// Per rule, once findings were dropped: the last one kept. A later finding that does not
    /// come before it in report order cannot be among the first, and is only counted.
    private(set) var cutoff: [RuleID: Diagnostic] = [:]
    /// The run's decisions (level, quiet, ignores, baseline) and exact counts, applied to each
    /// finding before it is kept.
    var gate: FindingGate
    /// `lint --fix`'s lints: when set, a finding that passes the gate gives its fix here and is
    /// not kept (the fixer needs the fixes and the counts, not the findings).
    var fixes: FixCandidates?

    /// Creates an empty sink for `file`; with `keepPerRule`, a bounded one.
    package init(file: String) { self.init(file: file, keepPerRule: nil) }

    init(file: String, keepPerRule: Int?, gate: FindingGate = .passThrough) {
        self.file = file
        self.keepPerRule = keepPerRule
        self.gate = gate
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

    /// Records a finding of `rule` whose message and fix are built only when the finding is kept:
    /// the gate decides by the rule, the severity and the pointer, and the display's bound by
    /// the place (the message only breaks a tie of rule and range). A file with a quarter of a
    /// million findings of one rule words the few hundred it shows, and counts the rest.
    /// `message` must be a message of `rule`.
    package mutating func emit(_ rule: RuleDescriptor, at range: ByteRange, pointer: JSONPointer,
                              message: () -> RuleMessage, fix: () -> Fix? = { nil }) {
        // The words, built at most once: for a baseline that matches by them, or for a finding kept.
        var worded: RuleMessage?
        func words() -> RuleMessage {
            if let worded { return worded }
            let words = message()
            assert(words.rule == rule.id, "a message of \(words.rule) reported as \(rule.id)")
            worded = words
            return words
        }
        guard let admission = gate.decide(id: rule.id, severity: rule.defaultSeverity, pointer: pointer,
                                          words: { let words = words(); return (words.text, words.parts) }) else { return }
        if fixes != nil {
            fixes?.add(id: rule.id, severity: admission.severity, fix: fix)
            return
        }
        func built() -> Diagnostic {
            let words = words()
            var diagnostic = Diagnostic(id: rule.id, severity: admission.severity, message: words.text, file: file, range: range,
                                        pointer: pointer, fix: fix())
            diagnostic.parts = words.parts
            if admission.refusesCompile { diagnostic.message += FindingGate.refusesCompileSuffix }
            return diagnostic
        }
        guard keepPerRule != nil, !gate.showsEverything else {
            diagnostics.append(built())
            return
        }
        emitted[rule.id, default: 0] += 1
        if let last = cutoff[rule.id] {
            // After the last kept in report order (or tied with it but for the words): only counted.
            let place = (file, range.start, rule.id, range.end), lastPlace = (last.file, last.range.start, last.id, last.range.end)
            if place > lastPlace { return }
            if place == lastPlace {
                let diagnostic = built()
                guard Diagnostic.reportOrder(diagnostic, last) else { return }
                keep(diagnostic)
                return
            }
        }
        keep(built())
    }

    /// A note in this sink's file.
    package func note(_ message: String, at range: ByteRange) -> DiagnosticNote {
        DiagnosticNote(message: message, file: file, range: range)
    }

    /// Records an already-built diagnostic.
    package mutating func append(_ diagnostic: Diagnostic) {
        guard let diagnostic = gate.admit(diagnostic) else { return }
        if fixes != nil {
            fixes?.add(id: diagnostic.id, severity: diagnostic.severity) { diagnostic.fix }
            return
        }
        guard let bound = keepPerRule, !gate.showsEverything else {
            diagnostics.append(diagnostic)
            return
        }
        emitted[diagnostic.id, default: 0] += 1
        // (Emitted after the cutoff, a tie sorts after it too.)
        if let last = cutoff[diagnostic.id], !Diagnostic.reportOrder(diagnostic, last) { return }
        keep(diagnostic)
    }

    /// Keeps a finding under the bound (`keepPerRule`), dropping the last of its rule's once
    /// twice the bound are kept.
    private mutating func keep(_ diagnostic: Diagnostic) {
        guard let bound = keepPerRule else { return }
        diagnostics.append(diagnostic)
        let count = kept[diagnostic.id, default: 0] + 1
        kept[diagnostic.id] = count
        if count >= 2 * bound { keepFirst(bound, of: diagnostic.id) }
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
        for (rule, count) in fork.emitted {
            assert(emitted[rule] == nil, "\(rule) emitted both here and in a fork")
            emitted[rule] = count
        }
        for (rule, count) in fork.kept { kept[rule] = count }
        for (rule, last) in fork.cutoff { cutoff[rule] = last }
    }

    /// Drops the findings of `rule` past the first `bound` in report order (ties in the order
    /// emitted, as a stable sort leaves them); the others keep their order.
    private mutating func keepFirst(_ bound: Int, of rule: RuleID) {
        let positions = diagnostics.indices.filter { diagnostics[$0].id == rule }
        let ordered = Diagnostic.displayOrder(of: positions, in: diagnostics)
        var dropped = [Bool](repeating: false, count: diagnostics.count)
        for position in ordered.dropFirst(bound) { dropped[position] = true }
        cutoff[rule] = diagnostics[ordered[bound - 1]]
        var survivors: [Diagnostic] = []
        survivors.reserveCapacity(diagnostics.count - (ordered.count - bound))
        for (position, diagnostic) in diagnostics.enumerated() where !dropped[position] { survivors.append(diagnostic) }
        diagnostics = survivors
        kept[rule] = bound
    }
}
