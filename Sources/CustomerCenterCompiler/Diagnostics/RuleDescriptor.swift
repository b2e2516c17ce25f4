/// Everything a rule says about itself: the source of `rules`, `explain`, SARIF metadata,
/// the README table, and the examples the generic rule test runs.
public struct RuleDescriptor: Sendable {
    /// Stable id (API).
    public let id: RuleID
    /// One sentence: what it reports.
    public let summary: String
    /// Why it matters, in terms of what the app's user would see.
    public let rationale: String
    /// Severity unless configured otherwise.
    public let defaultSeverity: Severity
    /// The formats the rule applies to (SPEC §5 column "on").
    public let formats: Set<InputFormat>
    /// A document that must produce this rule's diagnostics exactly at each `↓` marker.
    public var failingExample: String { failing() }
    /// A document that must produce none of this rule's diagnostics.
    public var passingExample: String { passing() }
    // Built on use: linting never needs them, and start-up time is a feature.
    private let failing: @Sendable () -> String
    private let passing: @Sendable () -> String
    /// The format the examples are read as.
    public let exampleFormat: InputFormat

    /// Creates a descriptor.
    public init(
        id: RuleID, summary: String, rationale: String, defaultSeverity: Severity,
        formats: Set<InputFormat>, failingExample: @escaping @Sendable @autoclosure () -> String,
        passingExample: @escaping @Sendable @autoclosure () -> String, exampleFormat: InputFormat = .authoring
    ) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.formats = formats
        self.failing = failingExample
        self.passing = passingExample
        self.exampleFormat = exampleFormat
    }

    /// The marker in examples that shows where a diagnostic must start.
    public static let marker: Character = "↓"

    /// Whether a finding of this rule means the file is not valid JSON (SPEC §2): it cannot be
    /// switched off or lowered below error, on the command line or in the configuration file.
    public var isSyntax: Bool { Self.syntaxRules.contains(id) }

    /// Whether a finding of this rule stops `compile` whatever the configuration says (`off`,
    /// `ignore`): compiling past it would ship an empty title, a missing offer or a guessed value.
    public var blocksCompile: Bool { Self.compileBlockingRules.contains(id) }

    static let syntaxRules: Set<RuleID> = ["json.syntax", "json.comment", "json.trailing-comma", "json.invalid-utf8", "json.depth"]
    static let compileBlockingRules: Set<RuleID> = [
        "json.syntax", "json.comment", "json.trailing-comma", "json.invalid-utf8", "json.depth", "json.duplicate-key",
        "schema.missing-field", "schema.type-mismatch",
        "ref.unresolved-string", "ref.unresolved-offer", "l10n.missing-default-translation",
    ]

    /// The "on" column of SPEC §5: `A`, `R`, `A R`, or `—`.
    public var formatsLabel: String {
        let parts = [formats.contains(.authoring) ? "A" : nil, formats.contains(.response) ? "R" : nil].compactMap { $0 }
        return parts.isEmpty ? "—" : parts.joined(separator: " ")
    }
}

/// A rule: one type with its metadata. Rules that check the model also conform to `ModelRule`;
/// the others (`json.*`, `schema.*`, `compat.*`) are emitted by the parser and decoders.
public protocol Rule: Sendable {
    /// The rule's metadata.
    static var descriptor: RuleDescriptor { get }
}
