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

extension Diagnostic {
    /// The finding with every place of it in its own file (its range, its notes' there and its
    /// fix's edits) put through `place`; `nil` when one has no place. How findings of one text
    /// (a reduced copy, an earlier version) are carried into another.
    package func relocated(_ place: (ByteRange) -> ByteRange?) -> Diagnostic? {
        var diagnostic = self
        guard let range = place(range) else { return nil }
        diagnostic.range = range
        for index in notes.indices where notes[index].file == file {
            guard let note = place(notes[index].range) else { return nil }
            diagnostic.notes[index].range = note
        }
        if var fix {
            for index in fix.edits.indices {
                guard let edit = place(fix.edits[index].range) else { return nil }
                fix.edits[index].range = edit
            }
            diagnostic.fix = fix
        }
        return diagnostic
    }
}
