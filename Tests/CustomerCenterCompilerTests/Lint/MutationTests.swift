import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// Take a valid config, inject one defect, and the rule for it must fire at the exact line.
/// Every document rule has at least one mutation (checked below).
@Suite struct MutationTests {
    struct Mutation: CustomTestStringConvertible, Sendable {
        let rule: RuleID
        let base: String
        let edits: [(String, String)]
        /// The line of the mutated file where the finding must be: the line reading `at`
        /// (its `occurrence`-th such line), found in the text, never a number that rots.
        let at: String
        var occurrence = 1
        var platforms: Set<Platform>? = nil
        var requiredLocales: [String] = []
        var oldestSDK = OldestSDK()
        var testDescription: String { "\(rule) @ \(at)" }
    }

    static let authoring = "customer_center.json"
    static let response = "response.json"
    static let firstPath = "\"id\": \"missing_purchase\",\n          \"title_key\": \"path_missing_purchase\",\n          \"type\": \"MISSING_PURCHASE\""
    static func firstPath(_ tail: String) -> (String, String) {
        (firstPath, "\"id\": \"missing_purchase\",\n          \"title_key\": \"path_missing_purchase\",\n          " + tail)
    }
    static let noActiveScreen = "    },\n    \"NO_ACTIVE\": {\n      \"paths\": [\n        {\n          \"id\": \"no_active_missing_purchase\",\n          \"title_key\": \"path_missing_purchase\",\n          \"type\": \"MISSING_PURCHASE\"\n        }\n      ],\n      \"subtitle_key\": \"no_active_subtitle\",\n      \"title_key\": \"no_active_title\",\n      \"type\": \"NO_ACTIVE\"\n    }\n"
    static let noActivePaths = "\"paths\": [\n        {\n          \"id\": \"no_active_missing_purchase\",\n          \"title_key\": \"path_missing_purchase\",\n          \"type\": \"MISSING_PURCHASE\"\n        }\n      ],"
    static let options = "\"options\": [\n              {\n                \"id\": \"too_expensive\",\n                \"promotional_offer_key\": \"cancel-offer\",\n                \"title_key\": \"option_too_expensive\"\n              },\n              {\n                \"id\": \"mistake\",\n                \"title_key\": \"option_mistake\"\n              }\n            ],"
    static let lastCondition = "\"condition_type\": \"FIRST_SEEN\"\n        }"
    /// The response example made an Android payload (its offer carries the Android id).
    static let androidOffer = (#""ios_offer_id": "cancel_offer""#, #""android_offer_id": "cancel-offer""#)

    static let mutations: [Mutation] = [
        Mutation(rule: "l10n.unknown-placeholder", base: authoring, edits: [(#""Zu teuer""#, #""Zu teuer für {{ name }}""#)], at: #""de": "Zu teuer für {{ name }}","#),
        Mutation(rule: "l10n.duplicate-locale", base: authoring, edits: [(#"["de", "en"]"#, #"["de", "en", "EN"]"#)], at: #""supported": ["de", "en", "EN"]"#),
        Mutation(rule: "l10n.missing-required-translation", base: authoring, edits: [(#""de": "Zu teuer","#, "")], at: #""option_too_expensive": {"#,
                 requiredLocales: ["de"]),
        Mutation(rule: "json.syntax", base: authoring, edits: [(#""default": "en","#, #""default": "en""#)], at: #""localized_strings": {"#),
        Mutation(rule: "json.comment", base: authoring, edits: [(#""appearance": {"#, #""appearance": { // colours"#)], at: #""appearance": { // colours"#),
        Mutation(rule: "json.trailing-comma", base: authoring, edits: [(#"["de", "en"]"#, #"["de", "en",]"#)], at: #""supported": ["de", "en",]"#),
        Mutation(rule: "json.duplicate-key", base: authoring, edits: [(#""email": "support@example.com""#, #""email": "support@example.com", "email": "x@example.com""#)], at: #""email": "support@example.com", "email": "x@example.com""#),
        Mutation(rule: "json.invalid-utf8", base: authoring, edits: [(#""Zu teuer""#, #""Zu teuer\udc00""#)], at: #""de": "Zu teuer\udc00","#),
        Mutation(rule: "json.bom", base: authoring, edits: [("{\n  \"appearance\"", "\u{FEFF}{\n  \"appearance\"")], at: #"﻿{"#),
        Mutation(rule: "json.depth", base: authoring, edits: [(#""support": {"#, #""support": {"deep": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + ",")], at: #""support": {"deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],"#),
        Mutation(rule: "schema.ambiguous-format", base: response, edits: [("{\n  \"customer_center\"", "{\n  \"screens\": {},\n  \"customer_center\"")],
                 at: #""screens": {},"#),
        Mutation(rule: "schema.unknown-field", base: authoring, edits: [(#""subtitle_key": "no_active_subtitle""#, #""subtitel_key": "no_active_subtitle""#)], at: #""subtitel_key": "no_active_subtitle","#),
        Mutation(rule: "schema.missing-field", base: authoring, edits: [(#""title_key": "no_active_title","#, "")], at: #""NO_ACTIVE": {"#),
        Mutation(rule: "schema.type-mismatch", base: authoring, edits: [(#""email": "support@example.com""#, #""email": 42"#)], at: #""email": 42"#),
        Mutation(rule: "schema.enum-value", base: authoring, edits: [(#""comparison": "GREATER""#, #""comparison": "greater""#)], at: #""comparison": "greater","#),
        Mutation(rule: "schema.empty-value", base: authoring, edits: [(#""id": "mistake""#, #""id": """#)], at: #""id": "","#),
        Mutation(rule: "ref.unresolved-string", base: authoring, edits: [(#""title_key": "option_mistake""#, #""title_key": "option_mistak""#)], at: #""title_key": "option_mistak""#),
        Mutation(rule: "ref.unresolved-offer", base: authoring, edits: [(#""promotional_offer_key": "cancel-offer""#, #""promotional_offer_key": "cancel_offer""#)], at: #""promotional_offer_key": "cancel_offer","#),
        Mutation(rule: "ref.unused-string", base: authoring, edits: [(#""localized_strings": {"#, #""localized_strings": {"legacy": {"de": "Alt", "en": "Old"},"#)], at: #""localized_strings": {"legacy": {"de": "Alt", "en": "Old"},"#),
        Mutation(rule: "ref.unused-offer", base: authoring, edits: [(#""promotional_offer_key": "cancel-offer","#, "")], at: #""cancel-offer": {"#),
        Mutation(rule: "l10n.missing-default-translation", base: authoring, edits: [("\"de\": \"Support kontaktieren\",\n        \"en\": \"Contact support\"", #""de": "Support kontaktieren""#)], at: #""contact_support": {"#),
        Mutation(rule: "l10n.missing-translation", base: authoring, edits: [("\"de\": \"Zu teuer\",\n", "")], at: #""option_too_expensive": {"#),
        Mutation(rule: "l10n.default-locale-unsupported", base: authoring, edits: [(#"["de", "en"]"#, #"["de"]"#)], at: #""default": "en","#),
        Mutation(rule: "l10n.undeclared-locale", base: authoring, edits: [(#""de": "Warte!","#, #""fr": "Attends !", "de": "Warte!","#)], at: #""fr": "Attends !", "de": "Warte!","#),
        Mutation(rule: "l10n.unknown-locale", base: authoring, edits: [(#"["de", "en"]"#, #"["de", "en", "jp"]"#)], at: #""supported": ["de", "en", "jp"]"#),
        Mutation(rule: "l10n.placeholder-mismatch", base: authoring, edits: [("zum halben Preis", "für {{ preis }}")], at: #""de": "Bleib noch einen Monat für {{ preis }}.","#),
        Mutation(rule: "l10n.malformed-placeholder", base: authoring, edits: [("month at half price", "month for {{price}}")], at: #""en": "Stay one more month for {{price}}.""#),
        Mutation(rule: "l10n.literal-placeholder", base: authoring, edits: [("month at half price", "month for {{ price }}")], at: #""en": "Stay one more month for {{ price }}.""#),
        Mutation(rule: "screen.specific-offering-without-id", base: authoring, edits: [("\"NO_ACTIVE\": {\n", "\"NO_ACTIVE\": {\n      \"offering\": {\"type\": \"SPECIFIC\"},\n")],
                 at: #""offering": {"type": "SPECIFIC"},"#),
        Mutation(rule: "sdk.breaks-old-version", base: authoring, edits: [firstPath(#""type": "CUSTOM_URL", "url": "myapp://settings", "open_method": "IN_APP""#)],
                 at: #""type": "CUSTOM_URL", "url": "myapp://settings", "open_method": "IN_APP""#, oldestSDK: OldestSDK(ios: SDKVersion(5, 10, 0))),
        Mutation(rule: "sdk.hidden-on-old-version", base: authoring, edits: [firstPath(#""type": "CUSTOM_ACTION", "action_identifier": "rate""#)],
                 at: #""type": "CUSTOM_ACTION", "action_identifier": "rate""#, oldestSDK: OldestSDK(ios: SDKVersion(5, 20, 0))),
        Mutation(rule: "sdk.ignored-on-old-version", base: authoring,
                 edits: [(#""email": "support@example.com""#, "\"email\": \"support@example.com\",\n    \"display_purchase_history_link\": true")],
                 at: #""display_purchase_history_link": true"#, platforms: [.ios], oldestSDK: OldestSDK(ios: SDKVersion(5, 14, 0))),
        Mutation(rule: "l10n.empty-translation", base: authoring, edits: [(#""de": "Warte!""#, #""de": """#)], at: #""de": "","#),
        Mutation(rule: "l10n.whitespace", base: authoring, edits: [(#""en": "Wait!""#, #""en": "Wait! ""#)], at: #""en": "Wait! ""#),
        Mutation(rule: "l10n.sdk-key-drift", base: authoring, edits: [(#""localized_strings": {"#, #""localized_strings": {"restore_purchase": {"de": "x", "en": "y"},"#)], at: #""localized_strings": {"restore_purchase": {"de": "x", "en": "y"},"#),
        Mutation(rule: "screen.unknown-type", base: authoring, edits: [("\"NO_ACTIVE\": {\n", "\"NO_ACTIV\": {\n")], at: #""NO_ACTIV": {"#),
        Mutation(rule: "screen.type-mismatch", base: authoring, edits: [(#""type": "NO_ACTIVE""#, #""type": "MANAGEMENT""#)], at: #""type": "MANAGEMENT""#, occurrence: 2),
        Mutation(rule: "screen.missing", base: authoring, edits: [(noActiveScreen, "    }\n")], at: #""screens": {"#),
        Mutation(rule: "screen.empty-paths", base: authoring, edits: [(noActivePaths, #""paths": [],"#)], at: #""NO_ACTIVE": {"#),
        Mutation(rule: "screen.inapplicable-path", base: authoring,
                 edits: [("\"id\": \"no_active_missing_purchase\",\n          \"title_key\": \"path_missing_purchase\",\n          \"type\": \"MISSING_PURCHASE\"",
                          "\"id\": \"no_active_missing_purchase\",\n          \"title_key\": \"path_missing_purchase\",\n          \"type\": \"CANCEL\"")], at: #""type": "CANCEL""#, occurrence: 2),
        Mutation(rule: "path.duplicate-id", base: authoring, edits: [(#""id": "no_active_missing_purchase""#, #""id": "missing_purchase""#)], at: #""id": "missing_purchase","#, occurrence: 2),
        Mutation(rule: "path.duplicate-type", base: authoring, edits: [(#""type": "CANCEL""#, #""type": "MISSING_PURCHASE""#)], at: #""type": "MISSING_PURCHASE""#, occurrence: 2),
        Mutation(rule: "path.custom-url-missing-url", base: authoring, edits: [firstPath(#""type": "CUSTOM_URL", "open_method": "EXTERNAL""#)], at: #""type": "CUSTOM_URL", "open_method": "EXTERNAL""#),
        Mutation(rule: "path.invalid-url", base: authoring, edits: [firstPath(#""type": "CUSTOM_URL", "open_method": "EXTERNAL", "url": "www.example.com""#)], at: #""type": "CUSTOM_URL", "open_method": "EXTERNAL", "url": "www.example.com""#),
        Mutation(rule: "path.in-app-non-http", base: authoring, edits: [firstPath(#""type": "CUSTOM_URL", "open_method": "IN_APP", "url": "myapp://help""#)], at: #""type": "CUSTOM_URL", "open_method": "IN_APP", "url": "myapp://help""#),
        Mutation(rule: "path.custom-action-missing-identifier", base: authoring, edits: [firstPath(#""type": "CUSTOM_ACTION""#)], at: #""type": "CUSTOM_ACTION""#),
        Mutation(rule: "path.promo-and-survey", base: authoring, edits: [(#""id": "cancel","#, #""id": "cancel", "promotional_offer_key": "cancel-offer","#)], at: #""id": "cancel", "promotional_offer_key": "cancel-offer","#),
        Mutation(rule: "path.invalid-refund-window", base: authoring, edits: [firstPath(#""type": "MISSING_PURCHASE", "refund_window": "14 days""#)], at: #""type": "MISSING_PURCHASE", "refund_window": "14 days""#),
        Mutation(rule: "path.platform-unsupported", base: authoring, edits: [firstPath(#""type": "CHANGE_PLANS""#)], at: #""type": "CHANGE_PLANS""#, platforms: [.android]),
        Mutation(rule: "survey.empty-options", base: authoring, edits: [(options, #""options": [],"#)], at: #""feedback_survey": {"#),
        Mutation(rule: "survey.single-option", base: authoring,
                 edits: [(",\n              {\n                \"id\": \"mistake\",\n                \"title_key\": \"option_mistake\"\n              }", "")], at: #""feedback_survey": {"#),
        Mutation(rule: "survey.duplicate-option-id", base: authoring, edits: [(#""id": "mistake""#, #""id": "too_expensive""#)], at: #""id": "too_expensive","#, occurrence: 2),
        Mutation(rule: "survey.duplicate-option-title", base: authoring, edits: [(#""en": "Bought by mistake""#, #""en": "Too expensive""#)], at: #""title_key": "option_mistake""#),
        Mutation(rule: "offer.missing-store-id", base: authoring, edits: [(#""android_offer_id": "cancel-offer","#, "")], at: #""cancel-offer": {"#, platforms: [.ios, .android]),
        Mutation(rule: "compat.inferred-platform", base: authoring, edits: [(#""android_offer_id": "cancel-offer","#, "")], at: #""cancel-offer": {"#),
        Mutation(rule: "offer.invalid-store-id", base: authoring, edits: [(#""android_offer_id": "cancel-offer""#, #""android_offer_id": "Cancel_Offer""#)], at: #""android_offer_id": "Cancel_Offer","#),
        Mutation(rule: "offer.invalid-eligibility-amount", base: authoring, edits: [("1209600", "-5")], at: #""amount_in_seconds": -5,"#),
        Mutation(rule: "offer.unsatisfiable-eligibility", base: authoring,
                 edits: [(lastCondition, lastCondition + #", {"amount_in_seconds": 604800, "comparison": "SMALLER", "condition_type": "FIRST_SEEN"}"#)], at: #"}, {"amount_in_seconds": 604800, "comparison": "SMALLER", "condition_type": "FIRST_SEEN"}"#),
        Mutation(rule: "offer.redundant-eligibility", base: authoring,
                 edits: [(lastCondition, lastCondition + #", {"amount_in_seconds": 86400, "comparison": "GREATER", "condition_type": "FIRST_SEEN"}"#)], at: #"}, {"amount_in_seconds": 86400, "comparison": "GREATER", "condition_type": "FIRST_SEEN"}"#),
        Mutation(rule: "appearance.invalid-color", base: authoring, edits: [("\"#F4A900\"", "\"#F4A90\"")], at: ##""accent_color": "#F4A90","##),
        Mutation(rule: "appearance.low-contrast", base: authoring, edits: [("\"text_color\": \"#FFFFFF\"\n    },", "\"text_color\": \"#222222\"\n    },")], at: ##""text_color": "#222222""##),
        Mutation(rule: "appearance.missing-theme-color", base: authoring, edits: [("\"accent_color\": \"#F4A900\",\n", "")], at: ##""accent_color": "#7A5C12","##),
        Mutation(rule: "support.missing-email", base: authoring, edits: [(#""email": "support@example.com""#, #""email": """#)], at: #""support": {"#),
        Mutation(rule: "support.invalid-email", base: authoring, edits: [(#""email": "support@example.com""#, #""email": "support(at)example.com""#)], at: #""email": "support(at)example.com""#),
        Mutation(rule: "compat.ios-decode-failure", base: response, edits: [("\"change_plans\": [],\n", "")], at: #""customer_center": {"#, platforms: [.ios]),
        Mutation(rule: "compat.ios-crash", base: response,
                 edits: [(#""screens": {"#, #""screens": {"X": {"type": "MANAGEMENT", "title": "A", "paths": []}, "Y": {"type": "MANAGEMENT", "title": "B", "paths": []},"#)],
                 at: #""screens": {"X": {"type": "MANAGEMENT", "title": "A", "paths": []}, "Y": {"type": "MANAGEMENT", "title": "B", "paths": []},"#, platforms: [.ios]),
        Mutation(rule: "compat.android-decode-failure", base: response, edits: [androidOffer, ("\"#F4A900\"", "\"#F4A9\"")], at: ##""accent_color": "#F4A9","##, platforms: [.android]),
        Mutation(rule: "compat.android-dropped", base: response, edits: [androidOffer, (#""eligible": true,"#, "")], at: #""promotional_offer": {"#, platforms: [.android]),
        Mutation(rule: "compat.android-ignored", base: response, edits: [androidOffer, (#""feedback_survey": {"#, #""feedbackSurvey": {"#)],
                 at: #""feedbackSurvey": {"#, platforms: [.android]),
        Mutation(rule: "compat.android-crash", base: response, edits: [androidOffer, ("\"#F4A900\"", "\"\"")], at: #""accent_color": "","#, platforms: [.android]),
        Mutation(rule: "support.platform-unsupported", base: authoring,
                 edits: [(#""email": "support@example.com""#, "\"email\": \"support@example.com\",\n    \"should_warn_customer_to_update\": true")],
                 at: #""should_warn_customer_to_update": true"#),
        Mutation(rule: "l10n.script-mismatch", base: authoring, edits: [(#""de": "Zu teuer","#, "\"de\": \"Zu teuer\",\n        \"zh-Hant\": \"太贵了\",")],
                 at: #""zh-Hant": "太贵了","#),
        Mutation(rule: "l10n.control-character", base: authoring, edits: [(#""de": "Zu teuer","#, #""de": "Zu teuer\u001b[0m","#)],
                 at: #""de": "Zu teuer\u001b[0m","#),
    ]

    static func text(_ base: String) throws -> String {
        try String(contentsOf: TestPaths.examples.appendingPathComponent(base), encoding: .utf8)
    }

    static func lint(_ text: String, platforms: Set<Platform>?, requiredLocales: [String] = [], oldestSDK: OldestSDK = OldestSDK()) -> FileReport {
        var options = LintOptions(platforms: platforms, requiredLocales: requiredLocales)
        options.oldestSDK = oldestSDK
        return Linter.lint(SourceFile(path: "mutated.json", text: text), options: options)
    }

    @Test(arguments: mutations)
    func mutationIsReportedAtItsLine(_ mutation: Mutation) throws {
        var text = try Self.text(mutation.base)
        let androidOnly = mutation.edits.contains { $0.0 == Self.androidOffer.0 }
        if androidOnly { text = text.replacingOccurrences(Self.androidOffer.0, with: Self.androidOffer.1) }
        // The base is clean for these platforms, so whatever appears comes from the mutation.
        #expect(Self.lint(text, platforms: mutation.platforms).diagnostics.isEmpty)
        for (find, replace) in mutation.edits where find != Self.androidOffer.0 {
            #expect(text.contains(find), "mutation of \(mutation.rule) does not apply: \(find.debugDescription)")
            if let range = text.range(of: find) { text.replaceSubrange(range, with: replace) }
        }
        let report = Self.lint(text, platforms: mutation.platforms, requiredLocales: mutation.requiredLocales, oldestSDK: mutation.oldestSDK)
        let lines = report.diagnostics.filter { $0.id == mutation.rule }.map { report.source.location(of: $0.range.start).line }
        let matching = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.trimmingCharacters(in: .whitespaces) == mutation.at }.map { $0.offset + 1 }
        #expect(matching.count >= mutation.occurrence, "no line reads \(mutation.at.debugDescription)")
        let expected = matching.count >= mutation.occurrence ? matching[mutation.occurrence - 1] : 0
        #expect(lines == [expected], "\(report.diagnostics.map { "\(report.source.location(of: $0.range.start).line) \($0.id): \($0.message)" })")
    }

    @Test func everyDocumentRuleHasAMutation() {
        let covered = Set(Self.mutations.map(\.rule))
        let documentRules = Set(RuleCatalog.all.filter { !$0.formats.isEmpty && !RuleCatalog.previewRules.contains($0.id) }.map(\.id))
        #expect(documentRules.subtracting(covered).isEmpty, "no mutation for \(documentRules.subtracting(covered).sorted())")
    }
}
