import JSONSyntax

/// The explicit registry of every rule (docs/rules.md). Order here is the order `rules` prints.
package enum RuleCatalog {
    /// The rules the parser and decoders report.
    static let emittedRules: (syntax: [any Rule.Type], schema: [any Rule.Type], compat: [any Rule.Type], config: [any Rule.Type]) = (
        [JSONSyntaxRule.self, JSONCommentRule.self, JSONTrailingCommaRule.self, JSONDuplicateKeyRule.self,
         JSONInvalidUTF8Rule.self, JSONByteOrderMarkRule.self, JSONDepthRule.self],
        [SchemaUnknownFieldRule.self, SchemaMissingFieldRule.self, SchemaTypeMismatchRule.self, SchemaEnumValueRule.self,
         SchemaEmptyValueRule.self, SchemaAmbiguousFormatRule.self],
        [CompatIOSDecodeFailureRule.self, CompatIOSCrashRule.self, CompatAndroidDecodeFailureRule.self, CompatAndroidCrashRule.self,
         CompatAndroidDroppedRule.self, CompatAndroidIgnoredRule.self],
        [ConfigStaleIgnoreRule.self]
    )

    /// The rules about the JSON text itself (`Rules/Syntax`): the only ones whose fixes apply to a
    /// file that does not parse. (Syntax in the strict sense is `RuleDescriptor.isSyntax`.)
    package static let textRules: Set<RuleID> = Set(emittedRules.syntax.map { $0.descriptor.id })

    /// Rules only `preview --check` reports (from the rendered page's layout).
    static let previewRuleTypes: [any Rule.Type] = [PreviewTruncatedRule.self]

    /// Their ids.
    package static let previewRules: Set<RuleID> = Set(previewRuleTypes.map { $0.descriptor.id })

    /// The rules that check the resolved model, in catalog order. Listed explicitly: finding
    /// them with `as? ModelRule.Type` casts would search the conformance tables at every start.
    static let modelRules: [any ModelRule.Type] = [
        UnresolvedStringRule.self, UnresolvedOfferRule.self, UnusedStringRule.self, UnusedOfferRule.self,
        MissingDefaultTranslationRule.self, MissingTranslationRule.self, MissingRequiredTranslationRule.self, DefaultLocaleUnsupportedRule.self,
        UndeclaredLocaleRule.self, UnknownLocaleRule.self, PlaceholderMismatchRule.self, MalformedPlaceholderRule.self,
        EmptyTranslationRule.self, WhitespaceRule.self, SDKKeyDriftRule.self, UnknownPlaceholderRule.self, DuplicateLocaleRule.self,
        ScriptMismatchRule.self, ControlCharacterRule.self, LiteralPlaceholderRule.self,
        UnknownScreenTypeRule.self, ScreenTypeMismatchRule.self, MissingScreenRule.self, EmptyPathsRule.self,
        InapplicablePathRule.self, SpecificOfferingWithoutIDRule.self,
        DuplicatePathIDRule.self, DuplicatePathTypeRule.self, CustomURLMissingURLRule.self, InvalidURLRule.self,
        InAppNonHTTPRule.self, CustomActionMissingIdentifierRule.self, PromoAndSurveyRule.self,
        InvalidRefundWindowRule.self, PlatformUnsupportedRule.self,
        EmptyOptionsRule.self, SingleOptionRule.self, DuplicateOptionIDRule.self, DuplicateOptionTitleRule.self,
        MissingStoreIDRule.self, InvalidStoreIDRule.self, InvalidEligibilityAmountRule.self,
        UnsatisfiableEligibilityRule.self, RedundantEligibilityRule.self,
        InvalidColorRule.self, LowContrastRule.self, MissingThemeColorRule.self,
        MissingEmailRule.self, InvalidEmailRule.self, SupportPlatformUnsupportedRule.self,
        InferredPlatformRule.self,
        SDKBreaksOldVersionRule.self, SDKHiddenOnOldVersionRule.self, SDKIgnoredOnOldVersionRule.self,
    ]

    /// The rules whose check reads any of `what` (`RuleDescriptor.reads`). The language server
    /// re-checks only `rules(reading: .texts)` after an edit inside one text (docs/performance.md,
    /// "The editor"); `RuleReadsTests` holds every rule to what it declares.
    package static func rules(reading what: RuleReads) -> Set<RuleID> {
        Set(all.filter { !$0.reads.isDisjoint(with: what) }.map(\.id))
    }

    /// The keys whose texts a rule compares with other keys' texts (`RuleReads.textsOfSeveralKeys`):
    /// an edit of one of their texts can change a finding outside that key's member.
    package static func keysWhoseTextsAreCompared(in resolved: ResolvedConfig) -> Set<String> {
        var keys = Set<String>()
        for rule in modelRules where rule.descriptor.reads.contains(.textsOfSeveralKeys) {
            keys.formUnion(rule.keysWhoseTextsAreCompared(in: resolved))
        }
        return keys
    }

    /// Every rule type, in the order of docs/rules.md's table.
    package static let ruleTypes: [any Rule.Type] =
        emittedRules.syntax + emittedRules.schema + modelRules.map { $0 as any Rule.Type } + emittedRules.compat + emittedRules.config
        + previewRuleTypes

    /// Rules this project added beyond the catalogue it started from (docs/rules.md lists them).
    package static let projectRules: Set<RuleID> = Set(([
        MissingRequiredTranslationRule.self, ScriptMismatchRule.self, ControlCharacterRule.self, SupportPlatformUnsupportedRule.self,
        CompatAndroidCrashRule.self, CompatAndroidIgnoredRule.self, InferredPlatformRule.self, SchemaAmbiguousFormatRule.self,
        SDKBreaksOldVersionRule.self, SDKHiddenOnOldVersionRule.self, SDKIgnoredOnOldVersionRule.self,
        LiteralPlaceholderRule.self, SpecificOfferingWithoutIDRule.self,
    ] as [any Rule.Type]).map { $0.descriptor.id })

    /// Every rule's descriptor.
    package static let all: [RuleDescriptor] = ruleTypes.map { $0.descriptor }

    /// The ids of the rules that block `compile` (`RuleDescriptor.blocksCompile`).
    static let compileBlockingRules: Set<RuleID> = Set(all.filter(\.blocksCompile).map(\.id))

    private static let byID: [RuleID: RuleDescriptor] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The descriptor of `id`, if the rule exists.
    package static func descriptor(for id: RuleID) -> RuleDescriptor? { byID[id] }
}

// The catalog's public face: the rules' metadata through the descriptor and the id.
extension RuleDescriptor {
    /// Every rule, in the order `customer-center rules` lists them (the table of docs/rules.md).
    ///
    /// ```swift
    /// for rule in RuleDescriptor.all where rule.blocksCompile {
    ///     print(rule.id, rule.summary)
    /// }
    /// ```
    public static var all: [RuleDescriptor] { RuleCatalog.all }
}

extension RuleID {
    /// The rule's descriptor (summary, rationale, default severity, examples); `nil` when no
    /// rule has this id (`diagnostic.id.descriptor?.rationale`).
    public var descriptor: RuleDescriptor? { RuleCatalog.descriptor(for: self) }
}
