import JSONSyntax

/// A rule that checks the decoded, resolved config.
package protocol ModelRule: Rule {
    /// Reports what the rule finds into `context`.
    static func check(_ context: inout RuleContext)

    /// The keys whose texts the check compares with other keys' texts, for a rule that reads
    /// `RuleReads.textsOfSeveralKeys`; none otherwise.
    static func keysWhoseTextsAreCompared(in resolved: ResolvedConfig) -> Set<String>
}

extension ModelRule {
    /// None: the check compares no key's texts with another's.
    package static func keysWhoseTextsAreCompared(in resolved: ResolvedConfig) -> Set<String> { [] }
}

/// What a rule sees: the resolved config, the target platforms, the options; and where it reports.
package struct RuleContext: Sendable {
    /// The config with references bound.
    package internal(set) var resolved: ResolvedConfig
    /// The SDKs checked for.
    package let platforms: Set<Platform>
    /// Whether `platforms` were inferred from the config (no `--platform`, no `platforms` in the
    /// configuration file).
    package var platformsInferred = false
    /// The oldest SDK versions in the field, per platform (docs/sdk-compatibility.md); empty:
    /// today's SDKs only.
    package var oldestSDK = OldestSDK()
    /// Locales every key must be translated into (configuration `locales.required`).
    package let requiredLocales: [String]
    /// The file.
    package let source: SourceFile
    /// Where findings go.
    package var sink: DiagnosticSink
    /// "Did you mean" lookups left for this file: each costs a scan of the candidates, so a file
    /// with thousands of broken references stays linear (later ones get no suggestion).
    var suggestionBudget = RuleContext.suggestionLimit
    /// The "did you mean" lookups a file gets (`suggestionBudget`): the language server's
    /// re-check of a typed reference makes a suggestion itself only while every reference gets one.
    package static let suggestionLimit = 64

    /// The decoded config.
    package var config: CustomerCenterConfig { resolved.config }

    /// Reports a finding at `range`, for the value at `pointer`.
    package mutating func report(_ message: RuleMessage, at range: ByteRange, pointer: JSONPointer,
                                notes: [DiagnosticNote] = [], fix: Fix? = nil) {
        sink.emit(message, at: range, pointer: pointer, notes: notes, fix: fix)
    }

    /// Reports a finding at a located value: its range and its pointer.
    package mutating func report(_ message: RuleMessage, on located: some Positioned,
                                notes: [DiagnosticNote] = [], fix: Fix? = nil) {
        sink.emit(message, at: located.range, pointer: located.pointer, notes: notes, fix: fix)
    }

    /// Reports a finding of `rule` whose message and fix are built only when it is kept and
    /// shown (`DiagnosticSink.emit(_:at:pointer:message:fix:)`): for rules that can report a
    /// finding per text of a large table.
    package mutating func report(_ rule: RuleDescriptor, at range: ByteRange, pointer: JSONPointer,
                                message: () -> RuleMessage, fix: () -> Fix? = { nil }) {
        sink.emit(rule, at: range, pointer: pointer, message: message, fix: fix)
    }

    /// The same with the pointer built only when asked: by an `ignore` entry of the rule, a
    /// baseline, or a finding kept (a rule that reports one finding per text of a large table).
    package mutating func report(_ rule: RuleDescriptor, at range: ByteRange, pointer: () -> JSONPointer,
                                message: () -> RuleMessage, fix: () -> Fix? = { nil }) {
        sink.emit(rule, at: range, pointer: pointer, message: message, fix: fix)
    }

    /// The same for a finding whose fix is one edit: `lint --fix` records it without building a
    /// ``Fix`` (`DiagnosticSink.emit(_:at:pointer:message:edit:)`).
    package mutating func report(_ rule: RuleDescriptor, at range: ByteRange, pointer: () -> JSONPointer,
                                message: () -> RuleMessage, edit: () -> OneEditFix?) {
        sink.emit(rule, at: range, pointer: pointer, message: message, edit: edit)
    }

    /// A note in this file.
    package func note(_ message: String, at range: ByteRange) -> DiagnosticNote {
        sink.note(message, at: range)
    }

    /// The nearest of `candidates` to `word`, while the budget lasts.
    mutating func suggestion<S: Sequence>(for word: String, among candidates: S) -> String? where S.Element == String {
        guard suggestionBudget > 0 else { return nil }
        suggestionBudget -= 1
        return Suggestion.closest(to: word, among: candidates)
    }

    /// A fix that replaces a string value with `replacement` (quoted).
    package static func replace(_ located: Located<String>, with replacement: String, _ message: String? = nil,
                        applicability: FixApplicability = .unsafe) -> Fix {
        Fix(message: message ?? "did you mean '\(replacement)'?",
            edits: [TextEdit(range: located.range, replacement: JSONWriter.quoted(replacement))], applicability: applicability)
    }
}
