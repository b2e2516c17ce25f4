import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// What purchases-android does, read from its code at `4980371c` (it cannot be run here), pinned:
/// keys it passes over, settings it never reads, colours as `Color.parseColor` reads them, and one
/// finding per cause where a model rule and a `compat.*` prediction describe the same thing.
@Suite struct AndroidReadingTests {
    static func lint(_ text: String, format: InputFormat = .response, platforms: Set<Platform>) -> [Diagnostic] {
        Linter.lint(SourceFile(path: "c.json", text: text), options: LintOptions(inputFormat: format, platforms: platforms)).diagnostics
    }

    /// The findings about the appearance.
    static func appearance(_ text: String, platforms: Set<Platform>) -> [Diagnostic] {
        lint(text, platforms: platforms).filter { $0.pointer.description.hasPrefix("/customer_center/appearance") }
    }

    static let survey = #"{"title": "Why?", "options": [{"id": "a", "title": "Price"}, {"id": "b", "title": "Other"}]}"#

    static func cancelPath(_ members: String) -> String {
        #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "cancel", "title": "Cancel", "type": "CANCEL", \#(members)}]}"#
    }

    // MARK: camelCase keys

    @Test func aCamelCaseKeyIsIgnoredOnAndroidAndSaysIOSReadsIt() throws {
        let text = Examples.response(screens: Self.cancelPath(#""feedbackSurvey": \#(Self.survey)"#))
        let all = Self.lint(text, platforms: [.ios, .android]).filter { $0.id == "compat.android-ignored" }
        #expect(all.count == 1)
        let finding = try #require(all.first)
        #expect(finding.pointer.description == "/customer_center/screens/MANAGEMENT/paths/0/feedbackSurvey")
        #expect(finding.message.contains("'feedback_survey'") && finding.message.contains("iOS converts"))
        let android = Self.lint(text, platforms: [.android]).filter { $0.id == "compat.android-ignored" }
        #expect(android.count == 1 && android.first?.message.contains("iOS") == false)
        #expect(!Self.lint(text, platforms: [.ios]).contains { $0.id == "compat.android-ignored" })
    }

    @Test func everyConvertedSpellingOfAKeyAndroidReadsIsReported() {
        let support = #""email": "help@example.com", "displayVirtualCurrencies": true, "SUPPORT_TICKETS": {"allow_creation": true, "customer_type": "all"}, "displayUserDetailsSection": false"#
        let found = Self.lint(Examples.response(support: support), platforms: [.ios, .android]).filter { $0.id == "compat.android-ignored" }
        // display_user_details_section is iOS only: Android ignores it under any spelling.
        #expect(Set(found.map(\.pointer.description)) == ["/customer_center/support/displayVirtualCurrencies", "/customer_center/support/SUPPORT_TICKETS"])
    }

    @Test func aRequiredCamelCaseKeyIsOneDecodeFailureNotTwoFindings() {
        let text = Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "c", "title": "C", "type": "CANCEL", "promotional_offer": {"ios_offer_id": "x", "androidOfferId": "x", "eligible": true, "title": "T", "subtitle": "S", "product_mapping": {}}}]}"#)
        let found = Self.lint(text, platforms: [.ios, .android])
        #expect(found.filter { $0.id == "compat.android-dropped" }.count == 1)
        #expect(!found.contains { $0.id == "compat.android-ignored" })
        #expect(!found.contains { $0.id == "offer.missing-store-id" })
    }

    // MARK: one finding per cause

    @Test func aMissingAndroidOfferIDIsOneFindingInAResponse() {
        let text = Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "c", "title": "C", "type": "CANCEL", "promotional_offer": {"ios_offer_id": "x", "eligible": true, "title": "T", "subtitle": "S", "product_mapping": {}}}]}"#)
        let found = Self.lint(text, platforms: [.ios, .android]).filter { $0.pointer.description.hasPrefix("/customer_center/screens/MANAGEMENT/paths") }
        #expect(found.map(\.id.rawValue) == ["compat.android-dropped"], "\(found.map { "\($0.id): \($0.message)" })")
        // The authoring format has no compat prediction: the offer rule reports it there.
        let authoring = Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "c", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "o"}]}"#,
            extra: #""promotional_offers": {"o": {"ios_offer_id": "x", "title_key": "title", "subtitle_key": "title"}}"#)
        #expect(Self.lint(authoring, format: .authoring, platforms: [.ios, .android]).contains { $0.id == "offer.missing-store-id" })
    }

    @Test func aColourAndroidRejectsIsOneFindingInAResponse() throws {
        let text = Examples.response(appearance: ##""light": {"accent_color": "#FFF"}, "dark": {"accent_color": "#000000"}"##)
        let found = Self.appearance(text, platforms: [.ios, .android])
        #expect(found.map(\.id.rawValue) == ["compat.android-decode-failure"])
        #expect(try #require(found.first).message.contains("iOS ignores it"))
        // iOS alone: the colour rule is the one finding.
        #expect(Self.appearance(text, platforms: [.ios]).map(\.id.rawValue) == ["appearance.invalid-color"])
    }

    // MARK: colours

    @Test(arguments: [
        ("#FFFFFF", AndroidColor.parsed(hex: "#FFFFFF")), ("#ffffff80", .parsed(hex: "#FFFFFF80")),
        ("#+12345", .parsed(hex: "#012345FF")), ("#-00001", .parsed(hex: "#FFFFFFFF")), ("#-000001", .rejected),
        ("#+1234567", .parsed(hex: "#23456701")), ("#１２３４５６", .parsed(hex: "#123456FF")),
        ("RED", .parsed(hex: "red")), ("", .crashes), ("#", .rejected), ("#+", .rejected), ("#FFF", .rejected),
        ("#0x1234", .rejected), ("#12345G", .rejected), ("rouge", .rejected), ("#FFFFFF ", .rejected),
    ])
    func coloursAsAndroidReadsThem(_ text: String, _ expected: AndroidColor) {
        #expect(AndroidColor.parse(text) == expected, "\(text)")
    }

    @Test func anEmptyColourIsACrashOnAndroidNotARejection() throws {
        let text = Examples.response(appearance: ##""light": {"accent_color": ""}, "dark": {"accent_color": "#000000"}"##)
        let found = Self.appearance(text, platforms: [.android])
        #expect(found.map(\.id.rawValue) == ["compat.android-crash"])
        #expect(try #require(found.first).message.contains("not run"))
        #expect(!Self.lint(text, platforms: [.ios]).contains { $0.id.rawValue.hasPrefix("compat.") })
    }

    @Test func aSignedHexColourIsReadOnAndroidAndSaysAs() throws {
        let text = Examples.response(appearance: ##""light": {"accent_color": "#+12345"}, "dark": {}"##)
        let found = Self.lint(text, platforms: [.android])
        #expect(!found.contains { $0.id == "compat.android-decode-failure" })
        #expect(try #require(found.first { $0.id == "appearance.invalid-color" }).message.contains("'#012345FF'"))
    }

    // MARK: settings Android never reads

    @Test func supportEmailTextsAndTheUpdateWarningAreNotesForAndroid() {
        let authoring = Examples.authoring(strings: #""title": {"en": "Help"}, "default_subject": {"en": "Help"}, "default_body": {"en": "Tell us"}"#,
                                           extra: #""support": {"email": "a@example.com", "should_warn_customer_to_update": true}"#)
        let notes = Self.lint(authoring, format: .authoring, platforms: [.ios, .android]).filter { $0.id == "support.platform-unsupported" }
        #expect(notes.count == 3)
        #expect(notes.allSatisfy { $0.severity == .note })
        #expect(notes.contains { $0.message.contains("'Support Request'") && $0.message.contains("only iOS") })
        #expect(Self.lint(authoring, format: .authoring, platforms: [.ios]).allSatisfy { $0.id != "support.platform-unsupported" })
        let off = authoring.replacingOccurrences(of: "\"should_warn_customer_to_update\": true", with: "\"should_warn_customer_to_update\": false")
        #expect(Self.lint(off, format: .authoring, platforms: [.android]).filter { $0.id == "support.platform-unsupported" }.count == 2)
    }

    @Test func aResponseTextCountsOnlyWhenItIsNotTheEnglishDefault() {
        func response(_ subject: String, locale: String) -> String {
            Examples.response().replacingOccurrences(of: #""locale": "en", "localized_strings": {}"#,
                                                     with: #""locale": "\#(locale)", "localized_strings": {"default_subject": \#(JSONWriter.quoted(subject))}"#)
        }
        func noted(_ text: String) -> Bool { Self.lint(text, platforms: [.android]).contains { $0.id == "support.platform-unsupported" } }
        #expect(!noted(response("Support Request", locale: "en")))
        #expect(noted(response("Help with my subscription", locale: "en")))
        // A translated subject is one Android's customers never see either.
        #expect(noted(response("Support-Anfrage", locale: "de")))
    }
}
