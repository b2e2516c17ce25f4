import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// `diff` beyond matching by id (docs/commands.md): the same breaking rules for two responses as
/// for two authoring configs, order as a change, responses of two platforms refused, and what
/// customers see per platform × locale after compilation.
@Suite struct DiffSemanticsTests {
    static let response = (try? String(contentsOf: PackagePaths.root.appendingPathComponent("Examples/response.json"), encoding: .utf8)) ?? ""
    static let authoring = DiffTests.base

    static func compare(_ old: String, _ new: String, _ configure: (inout DiffOptions) -> Void = { _ in }) -> DiffResult {
        var options = DiffOptions()
        configure(&options)
        return ConfigDiff.compare(SourceFile(path: "old.json", text: old), SourceFile(path: "new.json", text: new), options: options)
    }

    // MARK: One set of breaking rules, whichever format

    @Test func aChangedStoreOfferIDInAResponseIsBreaking() throws {
        #expect(!Self.response.isEmpty)
        let diff = Self.compare(Self.response, Self.response.replacingOccurrences(of: #""ios_offer_id": "cancel_offer""#, with: #""ios_offer_id": "cancel_offer_2""#))
        let change = try #require(diff.changes.first { $0.subject == "store-offer-id" })
        #expect(change.breaking && change.kind == .changed, "\(diff.changes.map(\.message))")
        #expect(change.message == "changed ios_offer_id of the offer at survey option 'too_expensive' of path 'cancel': 'cancel_offer' → 'cancel_offer_2'")
        #expect(diff.hasBreakingChanges)
    }

    @Test func aRemovedOfferInAResponseIsBreaking() throws {
        let root = try #require(JSONParserHelper.root(SourceFile(path: "r", text: Self.response)))
        let offer = try #require(JSONPointer(parsing: "/customer_center/screens/MANAGEMENT/paths/1/feedback_survey/options/0/promotional_offer")?.resolve(in: root))
        let text = Self.response.utf8
        let member = String(decoding: Array(text)[offer.range.start..<offer.range.end], as: UTF8.self)
        let new = Self.response.replacingOccurrences(of: #""promotional_offer": "# + member + ",", with: "")
        #expect(new != Self.response)
        let diff = Self.compare(Self.response, new)
        #expect(diff.changes.contains { $0.subject == "store-offer-id" && $0.kind == .removed && $0.breaking && $0.message.contains("'cancel_offer'") },
                "\(diff.changes.map(\.message))")
        // An offer no longer offered where it was is breaking too, whatever its store offer id.
        #expect(diff.changes.contains { $0.subject == "offer" && $0.kind == .removed && $0.breaking })
    }

    @Test func anAuthoringPathThatNowOffersAnotherStoreOfferIsBreaking() throws {
        let old = Self.authoring.replacingOccurrences(of: #""promotional_offers": {"#, with: #""promotional_offers": {"other": {"ios_offer_id": "other", "title_key": "title", "subtitle_key": "title"}, "#)
        let new = old.replacingOccurrences(of: #""promotional_offer_key": "stay""#, with: #""promotional_offer_key": "other""#)
        let diff = Self.compare(old, new)
        #expect(diff.changes.contains { $0.subject == "store-offer-id" && $0.breaking && $0.message == "changed ios_offer_id of the offer at path 'cancel': 'stay' → 'other'" },
                "\(diff.changes.map(\.message))")
    }

    /// The breaking rules of two authoring configs hold for two responses: a renamed option, a
    /// removed path or screen, a placeholder that changed in an inline text.
    @Test(arguments: [
        (#""id": "mistake""#, #""id": "bought_by_mistake""#, "survey-option", true),
        (#""id": "missing_purchase""#, #""id": "restore""#, "path", true),
        ("at half price.", "for {{ amount }}.", "offer", true),
        (#""title": "Wait!""#, #""title": "Wait, please!""#, "offer", false),
        (#""title": "Cancel subscription""#, #""title": "Cancel {{ product_name }}""#, "path", true),
        (#""title": "Cancel subscription""#, #""title": "Cancel your subscription""#, "path", false),
        (#""title": "Too expensive""#, #""title": "Too expensive for {{ price }}""#, "survey-option", true),
    ])
    func theBreakingRulesHoldForResponses(_ find: String, _ replace: String, _ subject: String, _ breaking: Bool) throws {
        let new = Self.response.replacingOccurrences(of: find, with: replace)
        #expect(new != Self.response)
        let diff = Self.compare(Self.response, new)
        let change = try #require(diff.changes.first { $0.subject == subject }, "\(diff.changes.map(\.message))")
        #expect(change.breaking == breaking && diff.hasBreakingChanges == breaking, "\(diff.changes.map(\.message))")
    }

    @Test func responsesOfTwoPlatformsAreRefusedUnlessAsked() throws {
        let android = Self.response.replacingOccurrences(of: "ios_offer_id", with: "android_offer_id")
        let diff = Self.compare(Self.response, android)
        guard case .mismatchedPlatforms(_, .ios, _, .android)? = diff.problem else {
            Issue.record("expected mismatchedPlatforms, got \(String(describing: diff.problem))")
            return
        }
        #expect(diff.problem?.help?.contains("--across-platforms") == true)
        #expect(Self.compare(Self.response, android) { $0.acrossPlatforms = true }.problem == nil)
        // Two authoring configs with one platform's ids each are an ordinary change.
        let androidOnly = Self.authoring.replacingOccurrences(of: "ios_offer_id", with: "android_offer_id")
        #expect(Self.compare(Self.authoring, androidOnly).problem == nil)
    }

    // MARK: Order

    static let twoPaths = Examples.authoring(
        screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "a", "type": "MISSING_PURCHASE", "title_key": "title"}, {"id": "b", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "x", "title_key": "title"}, {"id": "y", "title_key": "title"}, {"id": "z", "title_key": "title"}]}}]}"#,
        strings: #""title": {"en": "Help"}"#)

    @Test func reorderedPathsAndOptionsAreNonBreakingChanges() throws {
        let swapped = Self.twoPaths
            .replacingOccurrences(of: #"{"id": "x", "title_key": "title"}, {"id": "y", "title_key": "title"}"#, with: #"{"id": "y", "title_key": "title"}, {"id": "x", "title_key": "title"}"#)
        let diff = Self.compare(Self.twoPaths, swapped)
        let change = try #require(diff.changes.first)
        #expect(diff.changes.count == 1 && change.kind == .reordered && !change.breaking && change.subject == "survey-option")
        #expect(change.message == "reordered the survey options of path 'b': 'x', 'y', 'z' → 'y', 'x', 'z'")
        #expect(change.order?.old == ["x", "y", "z"] && change.order?.new == ["y", "x", "z"])
        let json = try #require(JSONParserHelper.root(SourceFile(path: "d", text: DiffRenderer.json(diff.changes))))
        let first = try #require(json.member("changes")?.value.arrayElements?.first)
        #expect(first.member("kind")?.value.stringValue == "reordered")
        #expect(first.member("newOrder")?.value.arrayElements?.compactMap(\.stringValue) == ["y", "x", "z"])
        #expect(Self.compare(Self.twoPaths, swapped) { $0.ignoresOrder = true }.changes.isEmpty)
    }

    @Test func reorderedPathsOfAScreen() throws {
        let root = try #require(JSONParserHelper.root(SourceFile(path: "c", text: Self.twoPaths)))
        let paths = Array(try #require(JSONPointer(parsing: "/screens/MANAGEMENT/paths")?.resolve(in: root)?.arrayElements))
        let bytes = Array(Self.twoPaths.utf8)
        let (a, b) = (paths[0].range, paths[1].range)
        let swapped = String(decoding: bytes[..<a.start] + bytes[b.start..<b.end] + bytes[a.end..<b.start] + bytes[a.start..<a.end] + bytes[b.end...], as: UTF8.self)
        let diff = Self.compare(Self.twoPaths, swapped)
        #expect(diff.changes.map(\.message) == ["reordered the paths of screen 'MANAGEMENT': 'a', 'b' → 'b', 'a'"])
        // An added path is not a new order of the others.
        let added = Self.twoPaths.replacingOccurrences(of: #""paths": [{"id": "a""#, with: #""paths": [{"id": "c", "type": "MISSING_PURCHASE", "title_key": "title"}, {"id": "a""#)
        #expect(!Self.compare(Self.twoPaths, added).changes.contains { $0.kind == .reordered })
    }

    // MARK: What customers see

    @Test func compiledComparesWhatEachPlatformAndLocaleShows() throws {
        // A new German text for a key only English had: German customers saw the English fallback.
        let old = Self.authoring.replacingOccurrences(of: #""promotional_offers""#, with: #""support": {"email": "a@example.com"}, "promotional_offers""#)
        let new = old.replacingOccurrences(of: #""title": {"en": "Help for {{ price }}", "de": "Hilfe"}"#,
                                           with: #""title": {"en": "Help for {{ price }}", "de": "Hilfe"}, "contact_support": {"en": "Write to us"}"#)
        let plain = Self.compare(old, new)
        #expect(plain.changes.map(\.message) == ["added string 'contact_support' [en]: 'Write to us'"])
        let compiled = Self.compare(old, new) { $0.compiled = true; $0.platforms = [.ios] }
        let messages = compiled.changes.map(\.message)
        #expect(messages.contains("de/ios: changed string 'contact_support' [de]: 'Support kontaktieren' → 'Write to us'"), "\(messages)")
        #expect(messages.contains("en/ios: changed string 'contact_support' [en]: 'Contact support' → 'Write to us'"), "\(messages)")
        #expect(!compiled.hasBreakingChanges)
        // A change every payload shows is one line.
        let renamed = Self.compare(old, old.replacingOccurrences(of: #""id": "restore""#, with: #""id": "restore2""#)) { $0.compiled = true }
        #expect(renamed.changes.filter(\.breaking).map(\.message).contains { $0.hasPrefix("every payload: renamed path 'restore'") }, "\(renamed.changes.map(\.message))")
    }
}
