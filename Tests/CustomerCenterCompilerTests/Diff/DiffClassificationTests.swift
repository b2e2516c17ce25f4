import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// What `diff` calls breaking (docs/commands.md, `diff`): a change that takes away something
/// customers of a target platform had, or makes the config fail there. One row per field the
/// SDKs read, each with the change that breaks and, where there is one, a change that does not.
@Suite struct DiffClassificationTests {
    /// An authoring config for both platforms with a field of every kind set.
    static let authoring = """
        {
          "appearance": {"light": {"accent_color": "#112233"}, "dark": {"accent_color": "#445566"}},
          "support": {"email": "help@example.com", "display_user_details_section": true, "display_virtual_currencies": true,
                      "support_tickets": {"allow_creation": true, "customer_type": "all"}},
          "localization": {"default": "en", "localized_strings": {"title": {"en": "Help"}, "sub": {"en": "More"}, "button": {"en": "Buy"}}},
          "promotional_offers": {"stay": {"ios_offer_id": "stay_ios", "android_offer_id": "stay_android", "subtitle_key": "sub", "title_key": "title",
                                          "eligibility": [{"condition_type": "FIRST_SEEN", "comparison": "GREATER", "amount_in_seconds": 1209600}],
                                          "product_mapping": {"monthly": "stay_monthly"},
                                          "cross_product_promotions": {"weekly": {"store_offer_identifier": "xp", "target_product_id": "yearly"}}}},
          "screens": {
            "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "subtitle_key": "sub", "paths": [
              {"id": "cancel", "type": "CANCEL", "title_key": "title", "promotional_offer_key": "stay"},
              {"id": "refund", "type": "REFUND_REQUEST", "title_key": "title", "refund_window": "P30D"},
              {"id": "site", "type": "CUSTOM_URL", "title_key": "title", "url": "https://example.com", "open_method": "EXTERNAL"},
              {"id": "act", "type": "CUSTOM_ACTION", "title_key": "title", "action_identifier": "do_it"}]},
            "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "offering": {"type": "SPECIFIC", "offering_id": "main", "button_text_key": "button"},
                          "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "title"}]}
          },
          "change_plans": [{"group_id": "g", "group_name": "Plans", "products": [{"product_id": "yearly", "selected": true}]}]
        }
        """

    static let response = (try? String(contentsOf: PackagePaths.root.appendingPathComponent("Examples/response.json"), encoding: .utf8)) ?? ""

    static func diff(_ old: String, _ edit: (String) -> String) -> DiffResult {
        let new = edit(old)
        #expect(new != old, "the edit changed nothing")
        return ConfigDiff.compare(SourceFile(path: "old.json", text: old), SourceFile(path: "new.json", text: new))
    }

    struct Row: CustomStringConvertible, Sendable {
        var find: String
        var replace: String
        var subject: String
        var breaking: Bool
        /// A part of the message that says why.
        var says: String = ""
        var description: String { "\(find) → \(replace)" }
    }

    static let authoringRows: [Row] = [
        // Store offer ids: either platform's, changed or removed.
        Row(find: #""ios_offer_id": "stay_ios""#, replace: #""ios_offer_id": "stay_ios_2""#, subject: "store-offer-id", breaking: true),
        Row(find: #""android_offer_id": "stay_android""#, replace: #""android_offer_id": "stay_android_2""#, subject: "store-offer-id", breaking: true),
        Row(find: #""android_offer_id": "stay_android", "#, replace: "", subject: "store-offer-id", breaking: true),
        // Screens: title, subtitle, type and offering.
        Row(find: #""type": "MANAGEMENT", "title_key": "title""#, replace: #""type": "MANAGEMENT", "title_key": "sub""#, subject: "screen", breaking: false,
            says: "changed screen 'MANAGEMENT': title 'title' → 'sub'"),
        Row(find: #""type": "MANAGEMENT", "title_key": "title", "subtitle_key": "sub""#, replace: #""type": "MANAGEMENT", "subtitle_key": "sub""#,
            subject: "screen", breaking: true, says: "required"),
        Row(find: #", "subtitle_key": "sub", "paths""#, replace: #", "paths""#, subject: "screen", breaking: true, says: "customers no longer see it"),
        Row(find: #""type": "MANAGEMENT", "#, replace: "", subject: "screen", breaking: true, says: "type 'MANAGEMENT' → none"),
        Row(find: #""type": "MANAGEMENT", "#, replace: #""type": "NO_ACTIVE", "#, subject: "screen", breaking: false),
        Row(find: #", "offering": {"type": "SPECIFIC", "offering_id": "main", "button_text_key": "button"}"#, replace: "", subject: "screen", breaking: true,
            says: "subscribe button"),
        Row(find: #""offering_id": "main""#, replace: #""offering_id": "other""#, subject: "screen", breaking: false),
        Row(find: #""offering_id": "main", "#, replace: "", subject: "screen", breaking: true, says: "SPECIFIC without offering_id"),
        Row(find: #""type": "SPECIFIC", "offering_id": "main""#, replace: #""type": "CURRENT""#, subject: "screen", breaking: false),
        // Paths: a type a target platform hides, a dead action, a shorter refund window.
        Row(find: #""type": "CANCEL""#, replace: #""type": "REFUND_REQUEST""#, subject: "path", breaking: true, says: "Android never shows REFUND_REQUEST"),
        Row(find: #""type": "CANCEL""#, replace: #""type": "MISSING_PURCHASE""#, subject: "path", breaking: false),
        Row(find: #""title_key": "title", "promotional_offer_key": "stay""#, replace: #""title_key": "title""#, subject: "path", breaking: true,
            says: "no longer offered"),
        Row(find: #""url": "https://example.com""#, replace: #""url": "https://example.org""#, subject: "path", breaking: false),
        Row(find: #", "open_method": "EXTERNAL""#, replace: "", subject: "path", breaking: true, says: "iOS drops a CUSTOM_URL path"),
        Row(find: #""open_method": "EXTERNAL""#, replace: #""open_method": "IN_APP""#, subject: "path", breaking: false),
        Row(find: #""url": "https://example.com", "#, replace: "", subject: "path", breaking: true, says: "iOS drops a CUSTOM_URL path without url"),
        Row(find: #""action_identifier": "do_it""#, replace: #""action_identifier": "do_that""#, subject: "path", breaking: true, says: "'do_it' do nothing"),
        Row(find: #""refund_window": "P30D""#, replace: #""refund_window": "P14D""#, subject: "path", breaking: true, says: "past the new window"),
        Row(find: #""refund_window": "P30D""#, replace: #""refund_window": "P60D""#, subject: "path", breaking: false),
        Row(find: #""refund_window": "P30D""#, replace: #""refund_window": "P""#, subject: "path", breaking: true, says: "window is zero"),
        // Offers: eligibility, texts, product mapping.
        Row(find: #""amount_in_seconds": 1209600"#, replace: #""amount_in_seconds": 2419200"#, subject: "offer", breaking: true, says: "no longer are"),
        Row(find: #""amount_in_seconds": 1209600"#, replace: #""amount_in_seconds": 604800"#, subject: "offer", breaking: false),
        Row(find: #""subtitle_key": "sub", "title_key": "title""#, replace: #""subtitle_key": "title", "title_key": "title""#, subject: "offer", breaking: false),
        Row(find: #""product_mapping": {"monthly": "stay_monthly"}"#, replace: #""product_mapping": {"monthly": "stay_other"}"#, subject: "offer", breaking: true,
            says: "customers of 'monthly' are no longer offered 'stay_monthly'"),
        Row(find: #""product_mapping": {"monthly": "stay_monthly"}"#, replace: #""product_mapping": {"monthly": "stay_monthly", "yearly": "stay_yearly"}"#,
            subject: "offer", breaking: false),
        Row(find: #""store_offer_identifier": "xp""#, replace: #""store_offer_identifier": "xp2""#, subject: "offer", breaking: true,
            says: "customers of 'weekly' are no longer offered"),
        // Support, colours, plans.
        Row(find: #""email": "help@example.com""#, replace: #""email": "team@example.com""#, subject: "setting", breaking: false),
        Row(find: #""email": "help@example.com""#, replace: #""email": """#, subject: "setting", breaking: true, says: "Contact support"),
        Row(find: #""display_user_details_section": true"#, replace: #""display_user_details_section": false"#, subject: "setting", breaking: true,
            says: "iOS customers no longer see the user details section"),
        Row(find: #""display_virtual_currencies": true"#, replace: #""display_virtual_currencies": false"#, subject: "setting", breaking: true),
        Row(find: #""customer_type": "all""#, replace: #""customer_type": "active""#, subject: "setting", breaking: true,
            says: "customers without a subscription can no longer create a support ticket"),
        Row(find: #""allow_creation": true"#, replace: #""allow_creation": false"#, subject: "setting", breaking: true),
        Row(find: ##""accent_color": "#112233""##, replace: ##""accent_color": "#223344""##, subject: "setting", breaking: false),
        Row(find: ##""accent_color": "#112233""##, replace: ##""accent_color": "#11223""##, subject: "setting", breaking: true, says: "Android rejects the whole config"),
        Row(find: #""selected": true"#, replace: #""selected": false"#, subject: "setting", breaking: true, says: "iOS customers can no longer switch to it"),
        Row(find: #""group_name": "Plans""#, replace: #""group_name": "Your plans""#, subject: "setting", breaking: false),
        // Texts: the default text of a key a screen shows.
        Row(find: #""sub": {"en": "More"}, "#, replace: #""sub": {}, "#, subject: "string", breaking: true, says: "customers see no text"),
    ]

    @Test(arguments: authoringRows)
    func authoringChangeIsClassified(_ row: Row) throws {
        let diff = Self.diff(Self.authoring) { $0.replacingOccurrences(of: row.find, with: row.replace) }
        #expect(diff.problem == nil)
        let matching = diff.changes.filter { $0.subject == row.subject }
        let change = try #require(matching.first { $0.breaking == row.breaking } ?? matching.first, "\(diff.changes.map(\.message))")
        #expect(change.breaking == row.breaking, "\(change.message)")
        #expect(diff.hasBreakingChanges == row.breaking, "\(diff.changes.map(\.message))")
        #expect(row.says.isEmpty || change.message.contains(row.says), "\(change.message)")
    }

    /// A loss on a platform the config does not target is no loss: an iOS-only config's path
    /// may become one Android hides.
    @Test func aPathAndroidHidesBreaksOnlyAConfigForAndroid() throws {
        let iosOnly = Self.authoring.replacingOccurrences(of: #""android_offer_id": "stay_android", "#, with: "")
        let diff = Self.diff(iosOnly) { $0.replacingOccurrences(of: #""type": "CANCEL""#, with: #""type": "CHANGE_PLANS""#) }
        #expect(!diff.hasBreakingChanges, "\(diff.changes.map(\.message))")
        #expect(diff.changes.map(\.message) == ["changed path 'cancel': type 'CANCEL' → 'CHANGE_PLANS'"])
    }

    static let responseRows: [Row] = [
        Row(find: #""eligible": true"#, replace: #""eligible": false"#, subject: "offer", breaking: true, says: "eligible true → false (customers are no longer offered it)"),
        Row(find: #""title": "How can we help?""#, replace: #""title": "What can we do?""#, subject: "screen", breaking: false),
        Row(find: #""title": "How can we help?",\#n        "type": "MANAGEMENT""#, replace: #""title": "How can we help?""#, subject: "screen", breaking: true,
            says: "iOS rejects the whole config"),
        Row(find: #""subtitle": "You currently have no active subscription.","#, replace: "", subject: "screen", breaking: true),
        Row(find: #""type": "CANCEL""#, replace: #""type": "REFUND_REQUEST""#, subject: "path", breaking: false),
        Row(find: #""type": "CANCEL""#, replace: #""type": "CANCEL_IT""#, subject: "path", breaking: true, says: "iOS hides a path type it does not know"),
        Row(find: #""product_mapping": {"#, replace: #""unused": {"#, subject: "offer", breaking: true, says: "iOS rejects the whole config"),
        Row(find: #""change_plans": [],"#, replace: "", subject: "setting", breaking: true, says: "removed change_plans (iOS rejects the whole config)"),
    ]

    /// The response example is iOS's: a path type Android hides is no loss there, one iOS does
    /// not know is, and so is whatever iOS requires.
    @Test(arguments: responseRows)
    func responseChangeIsClassified(_ row: Row) throws {
        let diff = Self.diff(Self.response) { $0.replacingOccurrences(of: row.find, with: row.replace) }
        #expect(diff.problem == nil)
        let matching = diff.changes.filter { $0.subject == row.subject }
        let change = try #require(matching.first { $0.breaking == row.breaking } ?? matching.first, "\(diff.changes.map(\.message))")
        #expect(change.breaking == row.breaking && diff.hasBreakingChanges == row.breaking, "\(diff.changes.map(\.message))")
        #expect(row.says.isEmpty || change.message.contains(row.says), "\(change.message)")
    }

    /// Android's response: what Android requires of a path drops the path, of a screen the screen.
    @Test func androidDropsWhatHoldsAMissingField() throws {
        let android = Self.response.replacingOccurrences(of: "ios_offer_id", with: "android_offer_id")
        let path = Self.diff(android) { $0.replacingOccurrences(of: #""title": "Didn't receive purchase",\#n            "type": "MISSING_PURCHASE""#,
                                                                 with: #""type": "MISSING_PURCHASE""#) }
        #expect(path.changes.filter(\.breaking).map(\.message) == [
            "changed path 'missing_purchase': title 'Didn't receive purchase' → none (Android drops the path)",
            "changed path 'no_active_missing_purchase': title 'Didn't receive purchase' → none (Android drops the path)",
        ], "\(path.changes.map(\.message))")
        let screen = Self.diff(android) { $0.replacingOccurrences(of: #""NO_ACTIVE": {"#, with: #""NO_ACTIVE": {"offering": {"type": "NEWEST"},"#) }
        #expect(screen.changes.map(\.message) == ["changed screen 'NO_ACTIVE': offering added (Android drops the screen)"])
        let current = android.replacingOccurrences(of: #""NO_ACTIVE": {"#, with: #""NO_ACTIVE": {"offering": {"type": "CURRENT"},"#)
        let unknown = Self.diff(current) { $0.replacingOccurrences(of: #""type": "CURRENT""#, with: #""type": "NEWEST""#) }
        #expect(unknown.changes.map(\.message) == ["changed screen 'NO_ACTIVE': offering type 'CURRENT' → 'NEWEST' (Android drops the screen)"])
    }

    /// An added element can make the whole config fail: that is breaking too, in the SDK's words.
    @Test func anAddedPathThatMakesIOSRejectTheConfigIsBreaking() throws {
        let diff = Self.diff(Self.response) {
            $0.replacingOccurrences(of: #""paths": ["#, with: #""paths": [{"id": "new", "type": "CANCEL"}, "#)
        }
        let failure = try #require(diff.changes.first { $0.subject == "sdk" }, "\(diff.changes.map(\.message))")
        #expect(failure.breaking && failure.message == "now: iOS rejects the whole config: missing required key 'title' in help path")
        // Said once, though two paths lack a title; and not again where a change names it.
        #expect(diff.changes.filter { $0.subject == "sdk" }.count == 1)
        let removed = Self.diff(Self.response) { $0.replacingOccurrences(of: #""title": "Cancel subscription","#, with: "") }
        #expect(!removed.changes.contains { $0.subject == "sdk" } && removed.hasBreakingChanges, "\(removed.changes.map(\.message))")
    }

    /// The top level of iOS's response: the update warning's version and the Update button's id.
    @Test func iOSUpdateWarningAndButtonRemovedAreBreaking() throws {
        let version = Self.diff(DiffMutationTests.richResponse) { $0.replacingOccurrences(of: #""last_published_app_version": "2.1.0", "#, with: "") }
        #expect(version.changes.map(\.message) == ["changed last_published_app_version: '2.1.0' → none (iOS customers no longer see the update warning)"])
        #expect(version.hasBreakingChanges)
        let id = Self.diff(DiffMutationTests.richResponse) { $0.replacingOccurrences(of: #""itunes_track_id": 123456,"#, with: "") }
        #expect(id.changes.map(\.message) == ["changed itunes_track_id: 123456 → none (iOS's Update button no longer opens the app's page)"])
        let newer = Self.diff(DiffMutationTests.richResponse) { $0.replacingOccurrences(of: #""2.1.0""#, with: #""2.2.0""#) }
        #expect(!newer.hasBreakingChanges && newer.changes.count == 1)
    }

    @Test func anOfferThatBecomesEligibleIsNotBreaking() throws {
        let ineligible = Self.response.replacingOccurrences(of: #""eligible": true"#, with: #""eligible": false"#)
        let diff = Self.diff(ineligible) { $0.replacingOccurrences(of: #""eligible": false"#, with: #""eligible": true"#) }
        #expect(diff.changes.map(\.breaking) == [false], "\(diff.changes.map(\.message))")
    }

    // MARK: oldest_sdk

    /// A check that finds one break per CUSTOM_ACTION path, as a compatibility table would for
    /// iOS before 5.34.0 (purchases-ios #5407).
    static let customActionCheck: SDKBreakCheck = { resolved in
        resolved.config.allPaths.filter { $0.kind == .customAction }.map {
            SDKBreak(platform: .ios, versions: "5.7.0–5.33.x", pointer: $0.pointer, message: "drops CUSTOM_ACTION path \(MessageText.quoted($0.id?.value ?? ""))")
        }
    }

    @Test func withOldestSDKAChangeThatBreaksAVersionInRangeIsBreaking() throws {
        let old = Self.authoring.replacingOccurrences(of: #", "action_identifier": "do_it"}"#, with: #", "action_identifier": "do_it"}, {"id": "act2", "type": "MISSING_PURCHASE", "title_key": "title"}"#)
        let new = old.replacingOccurrences(of: #"{"id": "act2", "type": "MISSING_PURCHASE""#, with: #"{"id": "act2", "type": "CUSTOM_ACTION", "action_identifier": "x""#)
        var options = DiffOptions()
        let plain = ConfigDiff.compare(SourceFile(path: "old.json", text: old), SourceFile(path: "new.json", text: new), options: options)
        #expect(!plain.hasBreakingChanges, "\(plain.changes.map(\.message))")
        options.sdkBreaks = Self.customActionCheck
        let ranged = ConfigDiff.compare(SourceFile(path: "old.json", text: old), SourceFile(path: "new.json", text: new), options: options)
        // The path the old version already had is not this change's doing: one break, the new path's.
        #expect(ranged.changes.filter(\.breaking).map(\.message) == ["breaks iOS 5.7.0–5.33.x: drops CUSTOM_ACTION path 'act2'"])
        #expect(ranged.changes.first { $0.subject == "sdk" }?.pointer.description == "/screens/MANAGEMENT/paths/4")
        // Nothing new for the versions in range: nothing breaking.
        #expect(!ConfigDiff.compare(SourceFile(path: "old.json", text: old), SourceFile(path: "new.json", text: old), options: options).hasBreakingChanges)
    }
}
