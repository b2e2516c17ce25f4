/// The explicit registry of every rule (SPEC §5). Order here is the order `rules` prints.
public enum RuleCatalog {
    /// The rules the parser and decoders report.
    static let emittedRules: (syntax: [any Rule.Type], schema: [any Rule.Type], compat: [any Rule.Type], config: [any Rule.Type]) = (
        [JSONSyntaxRule.self, JSONCommentRule.self, JSONTrailingCommaRule.self, JSONDuplicateKeyRule.self,
         JSONInvalidUTF8Rule.self, JSONByteOrderMarkRule.self, JSONDepthRule.self],
        [SchemaUnknownFieldRule.self, SchemaMissingFieldRule.self, SchemaTypeMismatchRule.self, SchemaEnumValueRule.self,
         SchemaEmptyValueRule.self],
        [CompatIOSDecodeFailureRule.self, CompatIOSCrashRule.self, CompatAndroidDecodeFailureRule.self, CompatAndroidDroppedRule.self],
        [ConfigStaleIgnoreRule.self]
    )

    /// Rules only `preview --check` reports (from the rendered page's layout).
    static let previewRuleTypes: [any Rule.Type] = [PreviewTruncatedRule.self]

    /// Their ids.
    public static let previewRules: Set<RuleID> = Set(previewRuleTypes.map { $0.descriptor.id })

    /// The rules that check the resolved model, in catalog order. Listed explicitly: finding
    /// them with `as? ModelRule.Type` casts would search the conformance tables at every start.
    static let modelRules: [any ModelRule.Type] = [
        UnresolvedStringRule.self, UnresolvedOfferRule.self, UnusedStringRule.self, UnusedOfferRule.self,
        MissingDefaultTranslationRule.self, MissingTranslationRule.self, MissingRequiredTranslationRule.self, DefaultLocaleUnsupportedRule.self,
        UndeclaredLocaleRule.self, UnknownLocaleRule.self, PlaceholderMismatchRule.self, MalformedPlaceholderRule.self,
        EmptyTranslationRule.self, WhitespaceRule.self, SDKKeyDriftRule.self, UnknownPlaceholderRule.self, DuplicateLocaleRule.self,
        UnknownScreenTypeRule.self, ScreenTypeMismatchRule.self, MissingScreenRule.self, EmptyPathsRule.self,
        InapplicablePathRule.self,
        DuplicatePathIDRule.self, DuplicatePathTypeRule.self, CustomURLMissingURLRule.self, InvalidURLRule.self,
        InAppNonHTTPRule.self, CustomActionMissingIdentifierRule.self, PromoAndSurveyRule.self,
        InvalidRefundWindowRule.self, PlatformUnsupportedRule.self,
        EmptyOptionsRule.self, SingleOptionRule.self, DuplicateOptionIDRule.self, DuplicateOptionTitleRule.self,
        MissingStoreIDRule.self, InvalidStoreIDRule.self, InvalidEligibilityAmountRule.self,
        UnsatisfiableEligibilityRule.self, RedundantEligibilityRule.self,
        InvalidColorRule.self, LowContrastRule.self, MissingThemeColorRule.self,
        MissingEmailRule.self, InvalidEmailRule.self,
    ]

    /// Every rule type, in SPEC §5 order.
    public static let ruleTypes: [any Rule.Type] =
        emittedRules.syntax + emittedRules.schema + modelRules.map { $0 as any Rule.Type } + emittedRules.compat + emittedRules.config
        + previewRuleTypes

    /// The kinds of fix each rule offers (`rules` shows them; a test checks them against what
    /// the rules emit on their examples).
    static let fixKinds: [RuleID: Set<FixApplicability>] = [
        "json.syntax": [.safe, .unsafe], "json.comment": [.safe], "json.trailing-comma": [.safe], "json.duplicate-key": [.safe],
        "json.bom": [.safe], "schema.unknown-field": [.unsafe], "schema.enum-value": [.safe, .unsafe],
        "ref.unresolved-string": [.unsafe], "ref.unresolved-offer": [.unsafe],
        "l10n.unknown-locale": [.unsafe], "l10n.malformed-placeholder": [.safe], "l10n.whitespace": [.safe], "l10n.sdk-key-drift": [.unsafe],
        "screen.unknown-type": [.safe, .unsafe], "screen.type-mismatch": [.unsafe],
        "path.invalid-url": [.unsafe], "path.in-app-non-http": [.unsafe], "path.invalid-refund-window": [.unsafe],
        "path.custom-url-missing-url": [.unsafe], "offer.invalid-store-id": [.safe, .unsafe],
        "appearance.invalid-color": [.safe, .unsafe], "support.invalid-email": [.safe],
    ]

    /// Rules this project adds to SPEC §5 (documented in the README's rule table).
    public static let projectRules: Set<RuleID> = [MissingRequiredTranslationRule.descriptor.id]

    /// Every rule's descriptor.
    public static let all: [RuleDescriptor] = ruleTypes.map { $0.descriptor }

    private static let byID: [RuleID: RuleDescriptor] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The descriptor of `id`, if the rule exists.
    public static func descriptor(for id: RuleID) -> RuleDescriptor? { byID[id] }
}

extension RuleDescriptor {
    /// The kinds of fix the rule offers: empty when it has none (`rules` shows them).
    public var fixes: Set<FixApplicability> { RuleCatalog.fixKinds[id] ?? [] }

    /// `safe`, `unsafe`, `safe, unsafe` or `—`.
    public var fixesLabel: String {
        fixes.isEmpty ? "—" : FixApplicability.allCases.filter(fixes.contains).map(\.rawValue).joined(separator: ", ")
    }
}
