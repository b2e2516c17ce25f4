import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// The SDK facts the shared fixture corpus records (its INDEX.md), pinned with the project's
/// own files so that a clone with nothing beside it still tests them: each case is a
/// hand-made mutation of `Examples/response.json` showing one fact.
@Suite struct OwnFixtureVerdictTests {
    static let base: String = {
        let url = TestPaths.examples.appendingPathComponent("response.json")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()
    static let management = "/customer_center/screens/MANAGEMENT"
    static let noActive = "/customer_center/screens/NO_ACTIVE"
    static let cancelOffer = #""ios_offer_id": "cancel_offer","#
    static let noActiveScreenStart = #""NO_ACTIVE": {"#

    struct Case: Sendable, CustomTestStringConvertible {
        let fact: String
        let edit: @Sendable (String) -> String
        let verdict: Verdict
        var testDescription: String { fact }
    }

    static func edits(_ all: (@Sendable (String) -> String)...) -> @Sendable (String) -> String {
        let list = all
        return { text in list.reduce(text) { $1($0) } }
    }

    static func replacing(_ target: String, _ replacement: String) -> @Sendable (String) -> String {
        { text in text.replacingOccurrences(of: target, with: replacement) }
    }

    static let cases: [Case] = [
        Case(fact: "a promo without android_offer_id: iOS decodes, Android drops the path",
             edit: { $0 }, verdict: Verdict(ios: .decodes, androidDropped: ["\(management)/paths/1"])),
        Case(fact: "promo ids for both stores: both decode everything",
             edit: replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#), verdict: Verdict(ios: .decodes)),
        Case(fact: "a promo without title and subtitle: iOS fails the whole decode",
             edit: edits(replacing(#""subtitle": "Stay one more month at half price.","#, ""), replacing(#""title": "Wait!""#, #""unused": "Wait!""#)),
             verdict: Verdict(ios: .fails, androidDropped: ["\(management)/paths/1"])),
        Case(fact: "no change_plans: iOS fails (historical responses lack it)",
             edit: replacing(#""change_plans": [],"#, ""), verdict: Verdict(ios: .fails, androidDropped: ["\(management)/paths/1"])),
        Case(fact: "camelCase customerCenter root: iOS decodes, Android finds no customer_center",
             edit: edits(replacing(#""customer_center": {"#, #""customerCenter": {"#), replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#)),
             verdict: Verdict(ios: .decodes, androidFails: true)),
        Case(fact: "one unknown screen key: iOS keeps it as unknown, Android drops that screen",
             edit: edits(replacing(noActiveScreenStart, #""random_screen_id": {"type": "MANAGEMENT", "title": "x", "paths": []}, "# + noActiveScreenStart), replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#)),
             verdict: Verdict(ios: .decodes, androidDropped: ["/customer_center/screens/random_screen_id"])),
        Case(fact: "an unknown path type: iOS hides it, Android drops it",
             edit: edits(replacing(#""type": "MISSING_PURCHASE""#, #""type": "UNKNOWN_PATH_TYPE""#), replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#)),
             verdict: Verdict(ios: .decodes, androidDropped: ["\(management)/paths/0", "\(noActive)/paths/0"])),
        Case(fact: "an unknown open_method on a MISSING_PURCHASE path: iOS keeps it, Android drops it",
             edit: edits(replacing(#""title": "Didn't receive purchase","#, #""title": "Didn't receive purchase", "open_method": "UNKNOWN_OPEN_METHOD","#), replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#)),
             verdict: Verdict(ios: .decodes, androidDropped: ["\(management)/paths/0", "\(noActive)/paths/0"])),
        Case(fact: "an offering of unknown type: iOS treats it as CURRENT, Android drops the screen",
             edit: edits(replacing(#""type": "NO_ACTIVE""#, #""type": "NO_ACTIVE", "offering": {"type": "INVALID_TYPE"}"#), replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#)),
             verdict: Verdict(ios: .decodes, androidDropped: [noActive])),
        Case(fact: "an offering that is a string: iOS fails, Android drops the screen",
             edit: edits(replacing(#""type": "NO_ACTIVE""#, #""type": "NO_ACTIVE", "offering": "CURRENT""#), replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#)),
             verdict: Verdict(ios: .fails, androidDropped: [noActive])),
        Case(fact: "an offering with SPECIFIC, offering_id and button_text: both decode",
             edit: edits(replacing(#""type": "NO_ACTIVE""#, #""type": "NO_ACTIVE", "offering": {"type": "SPECIFIC", "offering_id": "pro", "button_text": "Subscribe"}"#), replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#)),
             verdict: Verdict(ios: .decodes)),
        Case(fact: "a promo without product_mapping: iOS fails, Android drops the path",
             edit: edits(replacing(#""product_mapping": {"#, #""unused_mapping": {"#), replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#)),
             verdict: Verdict(ios: .fails, androidDropped: ["\(management)/paths/1"])),
        Case(fact: "display_virtual_currencies true or false: both decode",
             edit: edits(replacing(#""email": "support@example.com""#, #""email": "support@example.com", "display_virtual_currencies": true"#), replacing(cancelOffer, cancelOffer + #" "android_offer_id": "cancel_offer","#)),
             verdict: Verdict(ios: .decodes)),
    ]

    @Test(arguments: cases)
    func verdict(_ testCase: Case) throws {
        #expect(!Self.base.isEmpty, "Examples/response.json is missing")
        let text = testCase.edit(Self.base)
        #expect(text != Self.base || testCase.fact.hasPrefix("a promo without android_offer_id"), "the edit changed nothing: \(testCase.fact)")
        let diagnostics = FixtureVerdictTests.lint(Array(text.utf8), name: "response.json")
        #expect(Verdict(diagnostics) == testCase.verdict,
                "\(testCase.fact): \(diagnostics.filter { $0.id.rawValue.hasPrefix("compat.") }.map { "\($0.id) \($0.pointer) \($0.message)" })")
    }
}

