@testable import CustomerCenterCompiler
import JSONSyntax
import Testing

/// Target platforms inferred from the offers a config names (docs/commands.md, "Target
/// platforms"): the offers of `promotional_offers` and those written inline in a response's paths
/// and survey options, wherever they are.
@Suite struct PlatformInferenceTests {
    /// A response whose paths carry the offers given (`nil`: none), the last one in a survey option.
    static func inferred(pathOffers: [String?], optionOffer: String?) -> Set<Platform> {
        var paths = pathOffers.enumerated().map { index, offer in
            #"{"id": "p\#(index)", "title": "P", "type": "CANCEL""# + (offer.map { #", "promotional_offer": \#($0)"# } ?? "") + "}"
        }
        let option = #"{"id": "o", "title": "O""# + (optionOffer.map { #", "promotional_offer": \#($0)"# } ?? "") + "}"
        paths.append(#"{"id": "s", "title": "S", "type": "CANCEL", "feedback_survey": {"title": "Why?", "options": [\#(option)]}}"#)
        let text = #"{"customer_center": {"screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title": "T", "paths": [\#(paths.joined(separator: ", "))]}}}}"#
        let config = ConfigDecoder.decode(JSONParser.parseTape(Array(text.utf8)).root!, format: .response)!
        return PlatformInference.infer(config)
    }

    static let ios = #"{"ios_offer_id": "i", "title": "Stay", "subtitle": "Please"}"#
    static let android = #"{"android_offer_id": "a", "title": "Stay", "subtitle": "Please"}"#
    static let both = #"{"ios_offer_id": "i", "android_offer_id": "a", "title": "Stay", "subtitle": "Please"}"#

    @Test func theOffersNamedDecide() {
        #expect(Self.inferred(pathOffers: [nil, nil], optionOffer: nil) == [.ios, .android])
        #expect(Self.inferred(pathOffers: [Self.ios, nil], optionOffer: nil) == [.ios])
        #expect(Self.inferred(pathOffers: [nil], optionOffer: Self.android) == [.android])
        #expect(Self.inferred(pathOffers: [Self.ios, Self.ios], optionOffer: Self.android) == [.ios, .android])
        #expect(Self.inferred(pathOffers: [Self.android] + Array(repeating: nil, count: 20) + [Self.ios], optionOffer: nil) == [.ios, .android])
        #expect(Self.inferred(pathOffers: [Self.both], optionOffer: Self.ios) == [.ios, .android])
    }
}
