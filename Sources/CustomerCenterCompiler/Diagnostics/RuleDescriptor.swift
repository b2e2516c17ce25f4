import JSONSyntax

/// Everything a rule says about itself: the source of `rules`, `explain`, SARIF metadata,
/// the README table, the run's policy (syntax, compile gate), the editor's tags, and the
/// examples the generic rule test runs.
public struct RuleDescriptor: Sendable {
    /// Stable id (API).
    public let id: RuleID
    /// One sentence: what it reports.
    public let summary: String
    /// Why it matters, in terms of what the app's user would see.
    public let rationale: String
    /// Severity unless configured otherwise.
    public let defaultSeverity: Severity
    /// The formats the rule applies to (the column "on" of docs/rules.md).
    public var formats: Set<InputFormat> { Set(InputFormat.allCases.filter(formatCases.contains)) }
    /// The kinds of fix the rule offers: empty when it has none (`rules` shows them; a test
    /// checks them against what the rule emits on its examples).
    public var fixes: Set<FixApplicability> { Set(FixApplicability.allCases.filter(fixCases.contains)) }
    /// The formats as bits, what a run reads: every descriptor is made at a lint's start, and
    /// the first `Set` of each of the library's enums made in a process costs a scan of every
    /// protocol conformance the process has (docs/performance.md "The start").
    package let formatCases: InputFormatCases
    /// The kinds of fix as bits, for the same reason.
    package let fixCases: FixApplicabilityCases
    /// Whether a finding of this rule means the file is not valid JSON (docs/configuration.md): it cannot be
    /// switched off or lowered below error, on the command line or in the configuration file.
    public let isSyntax: Bool
    /// Whether a finding of this rule stops `compile` whatever the configuration says (`off`,
    /// `ignore`): compiling past it would ship an empty title, a missing offer or a guessed value.
    public let blocksCompile: Bool
    /// Whether the finding marks dead text (an unused string or offer): editors grey it out.
    public let marksUnnecessaryCode: Bool
    /// What the rule's check reads of a document: the language server learns from it which rules
    /// an edit inside one text can change (`RuleCatalog.rules(reading:)`); `RuleReadsTests` edits
    /// every text of every example and fails when a rule's findings move without its saying so.
    package let reads: RuleReads
    /// The first failing example (the one `explain` shows).
    public var failingExample: String { failingExamples[0] }
    /// The first passing example (the one `explain` shows).
    public var passingExample: String { passingExamples[0] }
    /// Documents that must each produce this rule's diagnostics exactly at each `↓` marker.
    public var failingExamples: [String] { [failing()] + moreFailing() }
    /// Documents that must each produce none of this rule's diagnostics.
    public var passingExamples: [String] { [passing()] + morePassing() }
    // Built on use: linting never needs them, and start-up time is a feature.
    private let failing: @Sendable () -> String
    private let passing: @Sendable () -> String
    private let moreFailing: @Sendable () -> [String]
    private let morePassing: @Sendable () -> [String]
    /// The format the examples are read as.
    public let exampleFormat: InputFormat
    /// Whether the examples are read with the format detected, not given (a rule about detection).
    package let examplesDetectTheFormat: Bool
    /// The configuration file the examples are checked under (`locales.required`, `platforms`):
    /// `rules`, `explain`, the generic example test and the editor tests all read it from here.
    package var exampleConfiguration: RuleExampleConfiguration { exampleSettings() }
    // Built on use, as the examples are: a lint never reads it (its `platforms` is a `Set`).
    private let exampleSettings: @Sendable () -> RuleExampleConfiguration
    /// What an editor offers for a finding beyond the finding's own fix: the language server's
    /// quick fixes come from here, never from the rule's id.
    package let editorAddition: EditorAddition?

    /// Creates a descriptor.
    package init(
        id: RuleID, summary: String, rationale: String, defaultSeverity: Severity,
        formats: InputFormatCases, fixes: FixApplicabilityCases = [], isSyntax: Bool = false, blocksCompile: Bool = false,
        marksUnnecessaryCode: Bool = false, reads: RuleReads = .structure,
        failingExample: @escaping @Sendable @autoclosure () -> String,
        passingExample: @escaping @Sendable @autoclosure () -> String,
        moreFailingExamples: @escaping @Sendable @autoclosure () -> [String] = [],
        morePassingExamples: @escaping @Sendable @autoclosure () -> [String] = [],
        exampleFormat: InputFormat = .authoring, examplesDetectTheFormat: Bool = false,
        exampleConfiguration: @escaping @Sendable @autoclosure () -> RuleExampleConfiguration = RuleExampleConfiguration(), editorAddition: EditorAddition? = nil
    ) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.formatCases = formats
        self.fixCases = fixes
        self.isSyntax = isSyntax
        // A file that is not JSON has nothing to compile.
        self.blocksCompile = blocksCompile || isSyntax
        self.marksUnnecessaryCode = marksUnnecessaryCode
        self.reads = reads
        self.failing = failingExample
        self.passing = passingExample
        self.moreFailing = moreFailingExamples
        self.morePassing = morePassingExamples
        self.exampleFormat = exampleFormat
        self.examplesDetectTheFormat = examplesDetectTheFormat
        self.exampleSettings = exampleConfiguration
        self.editorAddition = editorAddition
    }

    /// The marker in examples that shows where a diagnostic must start.
    package static let marker: Character = "↓"

    /// The "on" column of docs/rules.md: `A`, `R`, `A R`, or `—`.
    package var formatsLabel: String {
        let parts = [formatCases.contains(.authoring) ? "A" : nil, formatCases.contains(.response) ? "R" : nil].compactMap { $0 }
        return parts.isEmpty ? "—" : parts.joined(separator: " ")
    }

    /// `safe`, `unsafe`, `safe, unsafe` or `—`.
    package var fixesLabel: String {
        fixCases.isEmpty ? "—" : FixApplicability.allCases.filter(fixCases.contains).map(\.rawValue).joined(separator: ", ")
    }
}

/// A rule's formats (`RuleDescriptor.formatCases`): a bit a case, written as a set literal.
package struct InputFormatCases: Sendable, Equatable, ExpressibleByArrayLiteral {
    private var bits: UInt8 = 0

    /// The formats listed.
    package init(arrayLiteral formats: InputFormat...) {
        for format in formats { bits |= Self.bit(format) }
    }

    /// Whether `format` is one of them.
    package func contains(_ format: InputFormat) -> Bool { bits & Self.bit(format) != 0 }

    /// Whether there are none.
    package var isEmpty: Bool { bits == 0 }

    private static func bit(_ format: InputFormat) -> UInt8 {
        switch format {
        case .authoring: return 1 << 0
        case .response: return 1 << 1
        }
    }
}

/// A rule's kinds of fix (`RuleDescriptor.fixCases`): a bit a case, written as a set literal.
package struct FixApplicabilityCases: Sendable, Equatable, ExpressibleByArrayLiteral {
    private var bits: UInt8 = 0

    /// The kinds listed.
    package init(arrayLiteral kinds: FixApplicability...) {
        for kind in kinds { bits |= Self.bit(kind) }
    }

    /// Whether `kind` is one of them.
    package func contains(_ kind: FixApplicability) -> Bool { bits & Self.bit(kind) != 0 }

    /// Whether there are none.
    package var isEmpty: Bool { bits == 0 }

    private static func bit(_ kind: FixApplicability) -> UInt8 {
        switch kind {
        case .safe: return 1 << 0
        case .unsafe: return 1 << 1
        }
    }
}

/// The settings of a `.customer-center.json` that a rule's examples need: without them the rule
/// has nothing to report (`l10n.missing-required-translation` checks only required locales).
package struct RuleExampleConfiguration: Sendable, Equatable {
    /// `locales.required`.
    package var requiredLocales: [String]
    /// `platforms`; `nil` infers them from the example, as a run does.
    package var platforms: Set<Platform>?
    /// `oldest_sdk`.
    package var oldestSDK: OldestSDK

    /// Creates the settings; the defaults are an absent configuration file.
    package init(requiredLocales: [String] = [], platforms: Set<Platform>? = nil, oldestSDK: OldestSDK = OldestSDK()) {
        self.requiredLocales = requiredLocales
        self.platforms = platforms
        self.oldestSDK = oldestSDK
    }

    /// Whether these are the settings of no configuration file at all.
    package var isEmpty: Bool { requiredLocales.isEmpty && platforms == nil && oldestSDK.isEmpty }

    /// The `.customer-center.json` that says these settings (`{}` for none), as `explain` shows it.
    package var fileText: String {
        var members: [String] = []
        if let platforms { members.append("\"platforms\": [" + platforms.sorted().map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]") }
        if !requiredLocales.isEmpty {
            members.append("\"locales\": {\"required\": [" + requiredLocales.map { "\"\($0)\"" }.joined(separator: ", ") + "]}")
        }
        if !oldestSDK.isEmpty {
            let versions = Platform.allCases.compactMap { platform in oldestSDK[platform].map { "\"\(platform.rawValue)\": \"\($0)\"" } }
            members.append("\"oldest_sdk\": {" + versions.joined(separator: ", ") + "}")
        }
        return "{" + members.joined(separator: ", ") + "}"
    }
}

/// What a rule's check reads of a document, beyond its structure (members, keys, ids, types,
/// references and settings), which every check reads.
package struct RuleReads: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8

    /// Creates a set from its bits.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The document's structure alone: a text's content never changes a finding.
    package static let structure = RuleReads(rawValue: 1 << 0)
    /// The content of an authoring config's texts, each key's texts on their own: a finding that
    /// a text of key K can change lies inside K's member of `localized_strings` and depends on no
    /// other key's texts.
    package static let texts = RuleReads(rawValue: 1 << 1)
    /// The texts of several keys, compared with one another: an edit of one can change a finding
    /// about another. The rule names the keys (`ModelRule.keysWhoseTextsAreCompared(in:)`).
    package static let textsOfSeveralKeys = RuleReads(rawValue: 1 << 2)
    /// The texts of an SDK response, to tell a text someone wrote from the SDK's built-in one (an
    /// authoring config's texts count by their key alone).
    package static let responseTexts = RuleReads(rawValue: 1 << 3)
}

/// Text an editor can insert for a finding, beyond the finding's own fix.
package enum EditorAddition: Sendable, Equatable {
    /// "Create the key": a `localized_strings` entry for an unresolved `*_key`, with an empty
    /// default-locale text.
    case createMissingString
    /// "Add the missing translations": the default locale's text under every target locale a
    /// key has none in, to be translated.
    case addMissingTranslations
}

/// A rule: one type with its metadata. Rules that check the model also conform to `ModelRule`;
/// the others (`json.*`, `schema.*`, `compat.*`) are emitted by the parser and decoders.
package protocol Rule: Sendable {
    /// The rule's metadata.
    static var descriptor: RuleDescriptor { get }
}
