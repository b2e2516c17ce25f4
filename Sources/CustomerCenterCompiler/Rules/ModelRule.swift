import JSONSyntax

/// A rule that checks the decoded, resolved config.
public protocol ModelRule: Rule {
    /// Reports what the rule finds into `context`.
    static func check(_ context: inout RuleContext)
}

/// What a rule sees: the resolved config, the target platforms, the options; and where it reports.
public struct RuleContext {
    /// The config with references bound.
    public let resolved: ResolvedConfig
    /// The SDKs checked for.
    public let platforms: Set<Platform>
    /// Locales every key must be translated into (configuration `locales.required`).
    public let requiredLocales: [String]
    /// The file.
    public let source: SourceFile
    /// Where findings go.
    public var sink: DiagnosticSink
    /// "Did you mean" lookups left for this file: each costs a scan of the candidates, so a file
    /// with thousands of broken references stays linear (later ones get no suggestion).
    var suggestionBudget = 64

    /// The decoded config.
    public var config: CustomerCenterConfig { resolved.config }

    /// Reports a finding at `range`, for the value at `pointer`.
    public mutating func report(_ message: RuleMessage, at range: ByteRange, pointer: JSONPointer,
                                notes: [DiagnosticNote] = [], fix: Fix? = nil) {
        sink.emit(message, at: range, pointer: pointer, notes: notes, fix: fix)
    }

    /// Reports a finding at a located value: its range and its pointer.
    public mutating func report(_ message: RuleMessage, on located: some Positioned,
                                notes: [DiagnosticNote] = [], fix: Fix? = nil) {
        sink.emit(message, at: located.range, pointer: located.pointer, notes: notes, fix: fix)
    }

    /// A note in this file.
    public func note(_ message: String, at range: ByteRange) -> DiagnosticNote {
        sink.note(message, at: range)
    }

    /// The nearest of `candidates` to `word`, while the budget lasts.
    mutating func suggestion<S: Sequence>(for word: String, among candidates: S) -> String? where S.Element == String {
        guard suggestionBudget > 0 else { return nil }
        suggestionBudget -= 1
        return Suggestion.closest(to: word, among: candidates)
    }

    /// A fix that replaces a string value with `replacement` (quoted).
    static func replace(_ located: Located<String>, with replacement: String, _ message: String? = nil,
                        applicability: FixApplicability = .unsafe) -> Fix {
        Fix(message: message ?? "did you mean '\(replacement)'?",
            edits: [TextEdit(range: located.range, replacement: JSONWriter.quoted(replacement))], applicability: applicability)
    }
}
