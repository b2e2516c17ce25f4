import CustomerCenterCompiler
import JSONSyntax
import Testing
import TestSupport
@testable import CustomerCenterLanguageServer

/// What the copies of an edit of paths keep of the other paths naming the same offer: one when
/// only whether the offer is named can change, all when the edit adds, removes or renames it.
@Suite struct ElementCopyPlanTests {
    /// Four paths outside the edited one's segment name `stay` (three on another screen), and no
    /// key the segment's paths name.
    static let text = """
    {
      "localization": {"default": "en", "localized_strings": {"title": {"en": "Help"}, "near": {"en": "Near"}}},
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [
          {"id": "p0", "type": "CANCEL", "title_key": "near"},
          {"id": "p1", "type": "CANCEL", "title_key": "near", "promotional_offer_key": "stay"},
          {"id": "p2", "type": "MISSING_PURCHASE", "title_key": "near"},
          {"id": "p3", "type": "CUSTOM_URL", "url": "https://example.com", "title_key": "title", "promotional_offer_key": "stay"}]},
        "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [
          {"id": "q0", "type": "CUSTOM_URL", "url": "https://example.com/a", "title_key": "title", "promotional_offer_key": "stay"},
          {"id": "q1", "type": "CUSTOM_URL", "url": "https://example.com/b", "title_key": "title", "promotional_offer_key": "stay"},
          {"id": "q2", "type": "CUSTOM_URL", "url": "https://example.com/c", "title_key": "title", "promotional_offer_key": "stay"}]}
      },
      "promotional_offers": {"stay": {"ios_offer_id": "s", "android_offer_id": "s", "title_key": "title", "subtitle_key": "title"}},
      "support": {"email": "help@example.com"}
    }
    """

    /// Where a letter is typed: inside p1's `"stay"`.
    static var typedAt: Int {
        let bytes = Array(text.utf8), needle = Array(#""promotional_offer_key": "stay""#.utf8)
        let start = (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) } ?? 0
        return start + needle.count - 1
    }

    @Test(arguments: [(false, 1), (true, 4)])
    func pathsNamingTheEditedPathsOffer(offerRenamed: Bool, kept: Int) throws {
        let source = SourceFile(path: "customer_center.json", bytes: Array(Self.text.utf8))
        var request = Policy(settings: RunSettings(), configuration: nil).request(for: source)
        request.keepsTape = true
        let analysis = Pipeline.run(request).analysis
        let resolved = try #require(analysis.resolved), tape = try #require(analysis.tape)
        let edit = IncrementalEdit(prefix: Self.typedAt, analysedEnd: Self.typedAt, currentEnd: Self.typedAt + 1)
        let segment = try #require(ElementSegment(tape: tape, edit: edit))
        var names = ElementSegment.Names()
        names.add(segment.elements, paths: true)
        names.offers.insert("stayx")
        #expect(names.offers.contains("stay"))
        let plan = try #require(ElementEditCheck.plan(segment, names: names, changedOffers: offerRenamed ? ["stay", "stayx"] : [],
                                                      resolved: resolved, tape: tape))
        #expect(plan.paths.count == kept)
        #expect(plan.offers.count == 1, "the offer is kept")
    }

    /// The keystroke with one other path kept is re-checked incrementally and publishes what a
    /// fresh server does (the offer stays named: no `ref.unused-offer`).
    @Test func theKeystrokePublishesWhatAFullCheckDoes() {
        var walk = EditWalk(text: Self.text, files: [:], seed: 1)
        walk.replace(offset: Self.typedAt, length: 0, with: Array("x".utf8))
        let valid = walk.compare()
        #expect(valid, "no syntax findings")
        #expect(walk.incremental == 1, "checked whole")
    }
}
