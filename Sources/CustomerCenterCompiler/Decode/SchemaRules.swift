// The `schema.*` rules, reported by `SchemaWalker` from the definitions in `Schema/`.

import JSONSyntax

/// `schema.unknown-field`: a key the format does not have.
package enum SchemaUnknownFieldRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.unknown-field",
        summary: "A key the format does not have (with the nearest known key).",
        rationale: "The SDKs ignore keys they do not know, so a misspelt key (say 'subtitel_key') silently does nothing: users would not see the subtitle you wrote.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        fixes: [.unsafe],
        failingExample: Examples.authoring(extra: #"↓"apperance": {}"#),
        passingExample: Examples.authoring(extra: #""appearance": {}"#))
}

/// `schema.missing-field`: a required key is absent.
package enum SchemaMissingFieldRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.missing-field",
        summary: "A required key is absent.",
        rationale: "Without it the config cannot be compiled into what the SDKs require: the screen, path or offer would be missing or fail to load for every user.",
        defaultSeverity: .error, formats: [.authoring, .response],
        blocksCompile: true,
        failingExample: Examples.authoring(screens: #"↓"MANAGEMENT": {"type": "MANAGEMENT", "paths": []}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": []}"#))
}

/// `schema.type-mismatch`: a value of the wrong JSON type, `null`, a fraction, or out of range.
package enum SchemaTypeMismatchRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.type-mismatch",
        summary: "A value of the wrong JSON type: includes null where a value is required, fractions and out-of-range numbers.",
        rationale: "Both SDKs decode strictly: a number where text belongs, or \"true\" in quotes, makes the whole config fail on iOS and the screen or config fail on Android.",
        defaultSeverity: .error, formats: [.authoring, .response],
        blocksCompile: true,
        failingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓"14 days"}]}}"#),
        passingExample: Examples.authoring(extra: #""promotional_offers": {"stay": {"title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}]}}"#))
}

/// `schema.enum-value`: a value outside its enum.
package enum SchemaEnumValueRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.enum-value",
        summary: "A value outside its enum; case mistakes and near misses get a fix.",
        rationale: "Enum values match exactly and case-sensitively: 'cancel' is not CANCEL. iOS hides such a path and Android drops it, so users would not see the option.",
        defaultSeverity: .error, formats: [.authoring, .response],
        fixes: [.safe, .unsafe],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": ↓"cancel", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title"}]}"#))
}

/// `schema.empty-value`: an empty id, key, title or url.
package enum SchemaEmptyValueRule: Rule {
    package static let descriptor = RuleDescriptor(
        id: "schema.empty-value",
        summary: "An empty id, key, title or url.",
        rationale: "An empty id breaks analytics and events, an empty key refers to nothing, an empty title shows a blank row.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        failingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": ↓"", "type": "CANCEL", "title_key": "title"}]}"#),
        passingExample: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title"}]}"#))
}

extension RuleMessage {
    /// `schema.unknown-field`.
    static func unknownField(_ key: String, in noun: String) -> RuleMessage {
        RuleMessage(SchemaUnknownFieldRule.descriptor, "unknown field \(MessageText.quoted(key)) in \(noun)")
    }

    /// `schema.unknown-field` in a configuration file's `rules`.
    static func unknownRuleKey(_ id: String) -> RuleMessage {
        RuleMessage(SchemaUnknownFieldRule.descriptor, "unknown rule \(MessageText.quoted(id))")
    }

    /// `schema.missing-field`.
    static func missingField(_ name: String, in noun: String) -> RuleMessage {
        RuleMessage(SchemaMissingFieldRule.descriptor, "missing required field \(MessageText.quoted(name)) in \(noun)")
    }

    /// `schema.missing-field`: a JSON object of neither format.
    static let neitherFormat = RuleMessage(SchemaMissingFieldRule.descriptor,
        "not a Customer Center config: an authoring config has 'screens' and 'localization', an SDK response has 'customer_center'")

    /// `schema.type-mismatch`: `found` describes the value ("null", "the number 3").
    static func wrongType(_ name: String, expected: String, found: String) -> RuleMessage {
        RuleMessage(SchemaTypeMismatchRule.descriptor, "\(MessageText.quoted(name)) must be \(expected), found \(found)")
    }

    /// `schema.type-mismatch` with a sentence built by the schema (ranges, whole numbers).
    static func wrongType(_ sentence: String) -> RuleMessage {
        RuleMessage(SchemaTypeMismatchRule.descriptor, sentence)
    }

    /// `schema.type-mismatch`: the document is not an object.
    static func notAnObject(found: String) -> RuleMessage {
        RuleMessage(SchemaTypeMismatchRule.descriptor, "a Customer Center config must be a JSON object, found \(found)")
    }

    /// `schema.type-mismatch` in a configuration file's `ignore`.
    static func notAPointer(_ text: String) -> RuleMessage {
        RuleMessage(SchemaTypeMismatchRule.descriptor, "\(MessageText.quoted(text)) is not a JSON pointer: it must be empty or start with '/'")
    }

    /// `schema.enum-value`.
    static func enumValue(_ text: String, field: String, allowed: [String]) -> RuleMessage {
        RuleMessage(SchemaEnumValueRule.descriptor,
                    "\(MessageText.quoted(text)) is not a valid \(MessageText.quoted(field)); expected \(MessageText.alternatives(allowed))")
    }

    /// `schema.enum-value` in a configuration file's `ignore`.
    static func unknownRuleValue(_ id: String) -> RuleMessage {
        RuleMessage(SchemaEnumValueRule.descriptor, "unknown rule \(MessageText.quoted(id))")
    }

    /// `schema.empty-value`.
    static func emptyValue(_ name: String) -> RuleMessage {
        RuleMessage(SchemaEmptyValueRule.descriptor, "\(MessageText.quoted(name)) is empty")
    }
}
