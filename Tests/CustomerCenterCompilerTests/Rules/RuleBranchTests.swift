import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// One triggering example per branch of the rules that have several (SwiftLint's arrays of
/// triggering examples), each finding pinned with its message at its marker (swift-format's
/// `FindingSpec`): deleting a branch, or changing what it says, fails here.
@Suite struct RuleBranchTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let rule: RuleID
        let text: String
        let messages: [String]
        var platforms: Set<Platform>? = nil
        var format: InputFormat = .authoring
        var testDescription: String { "\(rule): \(messages.first ?? "")" }
    }

    static func offers(_ offer: String, marked: Bool = false) -> String {
        Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay"}]}"#,
                           extra: #""promotional_offers": {\#(marked ? "↓" : "")"stay": \#(offer)}"#)
    }

    static let examples: [Example] = [
        Example(rule: "appearance.low-contrast",
                text: Examples.authoring(extra: ##""appearance": {"light": {"button_text_color": ↓"#AAAAAA", "button_background_color": "#FFFFFF"}, "dark": {}}"##),
                messages: ["light button_text_color '#AAAAAA' on '#FFFFFF' has a contrast of 2.32:1; WCAG AA needs 4.5:1"]),
        Example(rule: "appearance.low-contrast",
                text: Examples.authoring(extra: ##""appearance": {"light": {}, "dark": {"text_color": ↓"#333333", "background_color": "#000000"}}"##),
                messages: ["dark text_color '#333333' on '#000000' has a contrast of 1.66:1; WCAG AA needs 4.5:1"]),
        Example(rule: "support.invalid-email", text: Examples.authoring(extra: #""support": {"email": ↓"mailto:help@example.com"}"#),
                messages: ["'mailto:help@example.com' is not an email address: write the address without 'mailto:'"]),
        Example(rule: "support.invalid-email", text: Examples.authoring(extra: #""support": {"email": ↓"help@example"}"#),
                messages: ["'help@example' is not an email address: the domain 'example' is not a domain name"]),
        Example(rule: "support.invalid-email", text: Examples.authoring(extra: #""support": {"email": ↓"a@b@example.com"}"#),
                messages: ["'a@b@example.com' is not an email address: it has more than one '@'"]),
        Example(rule: "path.custom-url-missing-url",
                text: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": ↓"CUSTOM_URL", "title_key": "title", "url": "https://example.com"}]}"#),
                messages: ["CUSTOM_URL path 'site' has no 'open_method': iOS drops it (Android opens it externally); set IN_APP or EXTERNAL"],
                platforms: [.ios]),
        Example(rule: "path.custom-url-missing-url",
                text: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": ↓"CUSTOM_URL", "title_key": "title"}]}"#),
                messages: ["CUSTOM_URL path 'site' has no 'url': Android shows a row that does nothing"], platforms: [.android]),
        Example(rule: "l10n.unknown-locale", text: Examples.authoring(strings: #""title": {"en": "Help", ↓"english": "Help"}"#),
                messages: ["'english' is not a valid language tag (BCP 47, like 'de' or 'pt-BR')"]),
        Example(rule: "l10n.unknown-locale", text: Examples.authoring(strings: #""title": {"en": "Help", ↓"cn": "帮助"}"#),
                messages: ["'cn' is not the language code you mean; use 'zh'"]),
        // Every spelling of one code counted together, reported once, at the first.
        Example(rule: "l10n.unknown-locale",
                text: Examples.authoring(strings: #""title": {"en": "Help", ↓"jp": "ヘルプ"}, "save": {"en": "Save", "JP": "保存"}, "back": {"en": "Back", "jp": "戻る"}"#),
                messages: ["'jp' is not the language code you mean; use 'ja' (used 3 times)"]),
        // An invalid code counted over every spelling, in every key.
        Example(rule: "l10n.unknown-locale",
                text: Examples.authoring(strings: #""title": {"en": "Help", ↓"english": "Help"}, "more": {"en": "More", "English": "More", "english": "More"}"#),
                messages: ["'english' is not a valid language tag (BCP 47, like 'de' or 'pt-BR') (used 3 times)"]),
        Example(rule: "offer.missing-store-id", text: offers(#"{"android_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}"#, marked: true),
                messages: ["offer 'stay' has no 'ios_offer_id' for iOS: iOS rejects the whole config"], platforms: [.ios]),
        Example(rule: "offer.missing-store-id", text: offers(#"{"ios_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}"#, marked: true),
                messages: ["offer 'stay' has no 'android_offer_id' for Android: Android drops the path that shows it"], platforms: [.android]),
        Example(rule: "offer.invalid-store-id", text: offers(#"{"ios_offer_id": ↓"stay offer", "title_key": "title", "subtitle_key": "title"}"#),
                messages: ["'stay offer' is not a valid App Store offer id: it may contain only letters, digits, '.', '_' and '-', not ' '"], platforms: [.ios]),
        Example(rule: "offer.invalid-eligibility-amount",
                text: offers(#"{"ios_offer_id": "s", "title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓-5}]}"#),
                messages: ["'amount_in_seconds' '-5' is negative"], platforms: [.ios]),
        Example(rule: "offer.invalid-eligibility-amount",
                text: offers(#"{"ios_offer_id": "s", "title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓1.5}]}"#),
                messages: ["'amount_in_seconds' '1.5' is not a whole number of seconds"], platforms: [.ios]),
        Example(rule: "offer.invalid-eligibility-amount",
                text: offers(#"{"ios_offer_id": "s", "title_key": "title", "subtitle_key": "title", "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": ↓9999999999}]}"#),
                messages: ["'amount_in_seconds' '9999999999' is more than 100 years"], platforms: [.ios]),
        Example(rule: "screen.missing", text: "{\"localization\": {\"default\": \"en\", \"localized_strings\": {\"title\": {\"en\": \"Help\"}}}, ↓↓\"screens\": {}}",
                messages: ["there is no MANAGEMENT screen: customers with an active subscription see an empty fallback screen",
                           "there is no NO_ACTIVE screen: customers without an active subscription see an empty fallback screen"]),
        Example(rule: "appearance.missing-theme-color",
                text: Examples.authoring(extra: ##""appearance": {↓"light": {"accent_color": "#000000"}}"##),
                messages: ["'light' sets colours but there is no 'dark' theme: dark mode uses the system colours"]),
        Example(rule: "appearance.missing-theme-color",
                text: Examples.authoring(extra: ##""appearance": {"light": {↓"accent_color": "#000000"}, "dark": {↓"text_color": "#FFFFFF"}}"##),
                messages: ["accent_color is set for light but not for dark: dark mode uses the system colour",
                           "text_color is set for dark but not for light: light mode uses the system colour"]),
        Example(rule: "schema.type-mismatch", text: Examples.authoring(strings: #""title": {"en": "Help"}, "other": ↓null"#),
                messages: ["'other' must be an object, found null"]),
        Example(rule: "path.invalid-url",
                text: Examples.authoring(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": ↓"https://exa mple.com", "open_method": "EXTERNAL"}]}"#),
                messages: ["'https://exa mple.com' is not an absolute URL: it contains a space (write %20)"]),
        // A key shown as written in several places: one finding, at its text, worded for its first
        // place (the screens' paths before the offers), however often it is named.
        Example(rule: "l10n.literal-placeholder",
                text: Examples.authoring(
                    screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "save", "promotional_offer_key": "stay"}, {"id": "again", "type": "MISSING_PURCHASE", "title_key": "save"}]}"#,
                    strings: #""title": {"en": "Help"}, "save": {"en": "Save ↓{{ price }}", "de": "Spare {{ price }}"}, "closing": {"en": "a } b"}"#,
                    extra: #""promotional_offers": {"stay": {"ios_offer_id": "s", "android_offer_id": "s", "title_key": "closing", "subtitle_key": "save"}}"#),
                messages: ["'{{ price }}' in the title of path 'cancel' ('save') (and in 1 other locale) is shown as written: the SDKs fill placeholders only in their own built-in texts, so customers see the braces"]),
    ]

    @Test(arguments: examples)
    func branch(_ example: Example) throws {
        let marked = MarkedText(example.text)
        let report = Linter.lint(SourceFile(path: "e.json", text: marked.text),
                                 options: LintOptions(inputFormat: example.format, platforms: example.platforms))
        let found = report.diagnostics.filter { $0.id == example.rule }
        // Every marker has a finding, and every finding its message, in order.
        #expect(found.map(\.range.start) == marked.offsets, "at \(found.map(\.range.start)), markers \(marked.offsets)")
        #expect(found.map(\.message) == example.messages, "\(found.map(\.message))")
    }
}
