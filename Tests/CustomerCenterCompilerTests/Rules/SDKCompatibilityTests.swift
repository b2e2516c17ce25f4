import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// The SDK compatibility table (docs/sdk-compatibility.md) and the `sdk.*` rules that read it:
/// each row is reported with an oldest version in its range and not from its fixed version on.
/// The samples are written from the facts pinned in the table's "checked" column (the iOS
/// oracle at past tags, RevenueCatUI and purchases-android read at tags): CI has no mirror.
@Suite struct SDKCompatibilityTests {
    typealias Fact = SDKCompatibilityRow.Fact

    static let restore = #"{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}"#
    static func screens(management: String = restore, noActive: String? = nil) -> String {
        #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [\#(management)]}"#
            + (noActive.map { #", "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title"\#($0)}"# } ?? "")
    }
    static func support(_ members: String) -> String { #""support": {"email": "help@example.com", \#(members)}"# }
    static let responseOffer = #""promotional_offer": {"ios_offer_id": "o", "android_offer_id": "o", "eligible": true, "title": "Stay", "subtitle": "Half price", "product_mapping": {}"#

    /// A config that uses each row's subject (format, text).
    static let samples: [Fact: (InputFormat, String)] = [
        .iosNewPathTypeFails: (.authoring, Examples.authoring(screens: screens(management: #"{"id": "web", "type": "CUSTOM_URL", "title_key": "title", "url": "https://example.com", "open_method": "EXTERNAL"}"#))),
        .iosUpdateWarningToggleIgnored: (.authoring, Examples.authoring(extra: support(#""should_warn_customer_to_update": false"#))),
        .iosPurchaseHistoryLinkIgnored: (.authoring, Examples.authoring(extra: support(#""display_purchase_history_link": true"#))),
        .iosRefundWindowIgnored: (.authoring, Examples.authoring(screens: screens(management: #"{"id": "refund", "type": "REFUND_REQUEST", "title_key": "title", "refund_window": "P14D"}"#))),
        .iosCustomerDetailsDropped: (.authoring, Examples.authoring(extra: support(#""support_tickets": {"allow_creation": true, "customer_type": "all", "customer_details": {"app_user_id": true}}"#))),
        .iosInAppDeepLinkCrash: (.authoring, Examples.authoring(screens: screens(management: #"{"id": "app", "type": "CUSTOM_URL", "title_key": "title", "url": "myapp://settings", "open_method": "IN_APP"}"#))),
        .iosCustomActionDropped: (.authoring, Examples.authoring(screens: screens(management: #"{"id": "rate", "type": "CUSTOM_ACTION", "title_key": "title", "action_identifier": "rate"}"#))),
        .iosCustomURLOnNoActiveHidden: (.authoring, Examples.authoring(screens: screens(noActive: #", "paths": [{"id": "web", "type": "CUSTOM_URL", "title_key": "title", "url": "https://example.com", "open_method": "EXTERNAL"}]"#))),
        .iosPathOfferNotShown: (.response, Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "cancel", "title": "Cancel", "type": "CANCEL", \#(responseOffer)}}]}"#)),
        .iosStoreKeysIgnored: (.authoring, Examples.authoring(strings: #""title": {"en": "Help"}, "app_store": {"en": "Apple"}"#)),
        .iosVirtualCurrenciesIgnored: (.authoring, Examples.authoring(extra: support(#""display_virtual_currencies": true"#))),
        .iosCrossProductPromotionsIgnored: (.response, Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "cancel", "title": "Cancel", "type": "CANCEL", \#(responseOffer), "cross_product_promotions": {"monthly": {"store_offer_identifier": "o", "target_product_id": "yearly"}}}}]}"#)),
        .iosOfferingIgnored: (.authoring, Examples.authoring(screens: screens(noActive: #", "offering": {"type": "CURRENT"}, "paths": [\#(restore)]"#))),
        .iosBuySubscriptionKeyIgnored: (.authoring, Examples.authoring(strings: #""title": {"en": "Help"}, "buy_subscription": {"en": "Join"}"#)),
        .iosButtonTextIgnored: (.response, Examples.response(screens: #""NO_ACTIVE": {"type": "NO_ACTIVE", "title": "Help", "offering": {"type": "CURRENT", "button_text": "Join"}, "paths": []}"#)),
        .iosUserDetailsToggleIgnored: (.authoring, Examples.authoring(extra: support(#""display_user_details_section": false"#))),
        .iosSupportTicketsIgnored: (.authoring, Examples.authoring(extra: support(#""support_tickets": {"allow_creation": true, "customer_type": "all"}"#))),
        .iosPromoButtonKeysIgnored: (.authoring, Examples.authoring(strings: #""title": {"en": "Help"}, "ios_promo_offer_button_free_trial": {"en": "{{ duration }} free"}"#)),
        .androidIneligibleOfferShown: (.response, Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "cancel", "title": "Cancel", "type": "CANCEL", "promotional_offer": {"android_offer_id": "o", "eligible": false, "title": "Stay", "subtitle": "Half price", "product_mapping": {}}}]}"#)),
        .androidCrossProductPromotionsIgnored: (.response, Examples.response(screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "cancel", "title": "Cancel", "type": "CANCEL", \#(responseOffer), "cross_product_promotions": {"monthly": {"store_offer_identifier": "o", "target_product_id": "yearly"}}}}]}"#)),
        .androidCustomActionDropped: (.authoring, Examples.authoring(screens: screens(management: #"{"id": "rate", "type": "CUSTOM_ACTION", "title_key": "title", "action_identifier": "rate"}"#))),
        .androidOfferingIgnored: (.authoring, Examples.authoring(screens: screens(noActive: #", "offering": {"type": "CURRENT"}, "paths": [\#(restore)]"#))),
        .androidButtonTextIgnored: (.response, Examples.response(screens: #""NO_ACTIVE": {"type": "NO_ACTIVE", "title": "Help", "offering": {"type": "CURRENT", "button_text": "Join"}, "paths": []}"#)),
        .androidVirtualCurrenciesIgnored: (.authoring, Examples.authoring(extra: support(#""display_virtual_currencies": true"#))),
        .androidSupportTicketsIgnored: (.authoring, Examples.authoring(extra: support(#""support_tickets": {"allow_creation": true, "customer_type": "all"}"#))),
    ]

    static func findings(_ row: SDKCompatibilityRow, oldest: SDKVersion) -> [Diagnostic] {
        guard let (format, text) = samples[row.fact] else { return [] }
        var options = LintOptions(inputFormat: format, platforms: [row.platform])
        options.oldestSDK[row.platform] = oldest
        return Linter.lint(SourceFile(path: "cc.json", text: text), options: options).diagnostics
            .filter { $0.id.rawValue.hasPrefix("sdk.") && $0.message.hasPrefix(row.versions + " ") }
    }

    static let reportedRows = SDKCompatibility.rows.filter { $0.fixedIn != nil }.map(\.fact)

    /// With the oldest version in the field at the row's first version (and just below its
    /// fix), the use is reported at the severity of what customers get, naming the range and
    /// both ways out; with the fixed version as the oldest, it is not.
    @Test(arguments: reportedRows)
    func aRowIsReportedInItsRangeOnly(_ fact: Fact) throws {
        let row = try #require(SDKCompatibility.rows.first { $0.fact == fact })
        let fixed = try #require(row.fixedIn)
        #expect(Self.samples[fact] != nil, "a sample for \(fact)")
        for oldest in [row.since, SDKVersion(0, 0, 0)] {
            let found = Self.findings(row, oldest: oldest)
            #expect(found.count == 1, "\(fact) at \(oldest): \(found.map(\.message))")
            #expect(found.first?.severity == row.effect.severity)
            #expect(found.first?.message.contains("raise the oldest \(row.platform.displayName) version to \(fixed), or \(row.change)") == true)
        }
        #expect(Self.findings(row, oldest: fixed).isEmpty, "\(fact) at \(fixed)")
        #expect(Self.findings(row, oldest: SDKVersion(fixed.major + 1, 0, 0)).isEmpty)
    }

    /// Without `oldest_sdk`, nothing: today's behaviour.
    @Test(arguments: reportedRows)
    func withoutTheSettingNothingIsReported(_ fact: Fact) throws {
        let (format, text) = try #require(Self.samples[fact])
        let report = Linter.lint(SourceFile(path: "cc.json", text: text), options: LintOptions(inputFormat: format))
        #expect(!report.diagnostics.contains { $0.id.rawValue.hasPrefix("sdk.") })
    }

    /// Another platform's oldest version says nothing about this one.
    @Test(arguments: reportedRows)
    func theOtherPlatformsVersionDoesNotCount(_ fact: Fact) throws {
        let row = try #require(SDKCompatibility.rows.first { $0.fact == fact })
        let (format, text) = try #require(Self.samples[fact])
        var options = LintOptions(inputFormat: format, platforms: [row.platform])
        options.oldestSDK[row.platform == .ios ? .android : .ios] = SDKVersion(0, 0, 0)
        #expect(!Linter.lint(SourceFile(path: "cc.json", text: text), options: options).diagnostics.contains { $0.id.rawValue.hasPrefix("sdk.") })
    }

    @Test func theTableIsWellFormed() {
        #expect(Set(SDKCompatibility.rows.map(\.fact)) == Set(Fact.allCases))
        #expect(SDKCompatibility.rows.count == Fact.allCases.count)
        for row in SDKCompatibility.rows {
            #expect(row.since > SDKVersion(5, 0, 0), "\(row.fact): a version literal that did not parse")
            if let fixed = row.fixedIn { #expect(row.since < fixed, "\(row.fact)") }
            #expect(row.source.contains("#") || row.source.contains("("), "\(row.fact) has a source")
            #expect(!row.checked.isEmpty)
        }
    }

    @Test func versionsReadAsReleases() {
        #expect(SDKVersion(parsing: "5.20.0") == SDKVersion(5, 20, 0))
        #expect(SDKVersion(5, 9, 0) < SDKVersion(5, 10, 0))
        for bad in ["5.20", "v5.20.0", "5.20.0-beta", "5..0", "", "5.20.0.1", "٥.٢.٠", "5.20.x"] {
            #expect(SDKVersion(parsing: bad) == nil, "\(bad)")
        }
        let row = SDKCompatibility.rows.first { $0.fact == .iosInAppDeepLinkCrash }
        #expect(row?.versions == "iOS 5.7.0–5.12.x")
        #expect(SDKCompatibility.rows.first { $0.fact == .iosPathOfferNotShown }?.versions == "iOS 5.25.0–5.39.2")
        #expect(SDKCompatibility.rows.first { $0.fact == .iosProductMappingRequired }?.versions == "iOS 5.9.0 and later")
    }

    @Test func theCommandLineFormParses() throws {
        #expect(try OldestSDK.parse("ios=5.20.0,android=8.10.0").get() == OldestSDK(ios: SDKVersion(5, 20, 0), android: SDKVersion(8, 10, 0)))
        #expect(try OldestSDK.parse("android=9.0.0").get() == OldestSDK(android: SDKVersion(9, 0, 0)))
        for bad in ["ios=5.20", "ios", "iso=5.20.0", "ios=5.20.0,ios=5.21.0", "ios=5.20.0,"] {
            guard case .failure = OldestSDK.parse(bad) else { Issue.record("\(bad) parsed"); continue }
        }
        guard case .failure(let error) = OldestSDK.parse("ios=5.20") else { return }
        #expect(error.help.contains(SDKVersion.acceptedForm))
    }

    /// The configuration file's `oldest_sdk`, and the command line over it, per platform.
    @Test func theConfigurationFileSaysItAndTheCommandLineWins() {
        let configuration = LinterConfiguration(source: SourceFile(path: "c", text: #"{"oldest_sdk": {"ios": "5.20.0", "android": "8.10.0"}}"#))
        #expect(configuration.diagnostics.isEmpty)
        #expect(configuration.oldestSDK == OldestSDK(ios: SDKVersion(5, 20, 0), android: SDKVersion(8, 10, 0)))
        var settings = RunSettings()
        settings.oldestSDK = OldestSDK(ios: SDKVersion(5, 40, 0))
        #expect(Policy(settings: settings, configuration: configuration).options.oldestSDK == OldestSDK(ios: SDKVersion(5, 40, 0), android: SDKVersion(8, 10, 0)))
        #expect(Policy(settings: RunSettings(), configuration: nil).options.oldestSDK.isEmpty)
    }

    @Test func aMalformedVersionInTheFileIsAnError() {
        for text in [#"{"oldest_sdk": {"ios": "5.20"}}"#, #"{"oldest_sdk": {"iso": "5.20.0"}}"#, #"{"oldest_sdk": {"ios": 5}}"#] {
            let configuration = LinterConfiguration(source: SourceFile(path: "c", text: text))
            #expect(!configuration.diagnostics.isEmpty && configuration.diagnostics.allSatisfy { $0.severity == .error }, "\(text)")
            #expect(configuration.oldestSDK.isEmpty)
        }
        let configuration = LinterConfiguration(source: SourceFile(path: "c", text: #"{"oldest_sdk": {"ios": "5.20"}}"#))
        #expect(configuration.diagnostics.first?.message.contains(SDKVersion.acceptedForm) == true)
    }

    /// docs/sdk-compatibility.md is the table the library holds.
    @Test func theDocumentIsTheTable() throws {
        let page = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/sdk-compatibility.md"), encoding: .utf8)
        #expect(page.contains(SDKCompatibility.markdownTable()), "docs/sdk-compatibility.md's table differs from SDKCompatibility.rows:\n\(SDKCompatibility.markdownTable())")
    }

    /// `explain` of each `sdk.*` rule prints its rows and only those.
    @Test func explainPrintsTheRowsThatApply() throws {
        for rule in [SDKBreaksOldVersionRule.descriptor, SDKHiddenOnOldVersionRule.descriptor, SDKIgnoredOnOldVersionRule.descriptor] {
            let text = RuleDocumentation.explain(rule)
            for row in SDKCompatibility.rows where row.fixedIn != nil {
                #expect(text.contains("- \(row.versions): \(row.what):") == (row.effect.severity == rule.defaultSeverity), "\(rule.id) \(row.fact)")
            }
        }
        #expect(RuleDocumentation.explain(InAppNonHTTPRule.descriptor).contains("SDK versions it knows") == false)
    }
}
