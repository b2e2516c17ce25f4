// The `schema.*` rules, reported by `SchemaWalker` from the definitions in `Schema/`.

/// `schema.unknown-field`: a key the format does not have.
public enum SchemaUnknownFieldRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "schema.unknown-field",
        summary: "A key the format does not have (with the nearest known key).",
        rationale: "The SDKs ignore keys they do not know, so a misspelt key (say 'subtitel_key') silently does nothing: users would not see the subtitle you wrote.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(extra: #"↓"apperance": {}"#),
        passingExample: Examples.authoring(extra: #""appearance": {}"#))
}

/// `schema.missing-field`: a required key is absent.
public enum SchemaMissingFieldRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "schema.missing-field",
        summary: "A required key is absent.",
        rationale: "Without it the config cannot be compiled into what the SDKs require: the screen, path or offer would be missing or fail to load for every user.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #"↓"MANAGEMENT": {"type": "MANAGEMENT", "paths": []}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": []}"#))
}

/// `schema.type-mismatch`: a value of the wrong JSON type, `null`, a fraction, or out of range.
public enum SchemaTypeMismatchRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "schema.type-mismatch",
        summary: "A value of the wrong JSON type: includes null where a value is required, fractions and out-of-range numbers.",
        rationale: "Both SDKs decode strictly: a number where text belongs, or \"true\" in quotes, makes the whole config fail on iOS and the screen or config fail on Android.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓"14 days"}]}}"#),
        passingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}]}}"#))
}

/// `schema.enum-value`: a value outside its enum.
public enum SchemaEnumValueRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "schema.enum-value",
        summary: "A value outside its enum; case mistakes and near misses get a fix.",
        rationale: "Enum values match exactly and case-sensitively: 'cancel' is not CANCEL. iOS hides such a path and Android drops it, so users would not see the option.",
        defaultSeverity: .error, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": ↓"cancel", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title"}]}"#))
}

/// `schema.empty-value`: an empty id, key, title or url.
public enum SchemaEmptyValueRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "schema.empty-value",
        summary: "An empty id, key, title or url.",
        rationale: "An empty id breaks analytics and events, an empty key refers to nothing, an empty title shows a blank row.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": ↓"", "type": "CANCEL", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title"}]}"#))
}
