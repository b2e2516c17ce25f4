import Foundation
import Testing

/// `diff` for CI (docs/commands.md): 0 nothing breaking, 1 breaking, 2 not comparable, 3 unreadable.
@Suite struct DiffCommandTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json").path
    static let response = CLI.packageRoot.appendingPathComponent("Examples/response.json").path

    /// Removes every use of `key` (a `promotional_offer_key` member naming it) under `value`.
    static func dropUses(of key: String, in value: Any) -> Any {
        if var object = value as? [String: Any] {
            if object["promotional_offer_key"] as? String == key { object["promotional_offer_key"] = nil }
            return object.mapValues { dropUses(of: key, in: $0) }
        }
        if let array = value as? [Any] { return array.map { dropUses(of: key, in: $0) } }
        return value
    }

    @Test func removingAnOfferWithItsUsesIsBreaking() throws {
        var root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as? [String: Any])
        var offers = try #require(root["promotional_offers"] as? [String: Any])
        let (key, offer) = try #require(offers.first { ($0.value as? [String: Any])?["ios_offer_id"] != nil })
        offers[key] = nil
        root["promotional_offers"] = offers
        let directory = try CLI.temporaryDirectory()
        let new = directory.appendingPathComponent("customer_center.json")
        try JSONSerialization.data(withJSONObject: Self.dropUses(of: key, in: root), options: [.sortedKeys]).write(to: new)
        let result = try CLI.run(["diff", Self.example, new.path])
        #expect(result.status == 1, "\(result.stdout)")
        let id = try #require((offer as? [String: Any])?["ios_offer_id"] as? String)
        #expect(result.stdout.contains("breaking removed  removed ios_offer_id '\(id)' with offer '\(key)'"), "\(result.stdout)")
    }

    @Test func formatsThatCannotBeComparedAreAUsageError() throws {
        let result = try CLI.run(["diff", Self.example, Self.response])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot be compared") && result.stdout.isEmpty, "\(result.stderr)")
    }

    @Test func unreadableOrBrokenInputsExitThree() throws {
        let directory = try CLI.temporaryDirectory()
        let broken = directory.appendingPathComponent("broken.json")
        try Data("{\"screens\": {".utf8).write(to: broken)
        let syntax = try CLI.run(["diff", Self.example, broken.path])
        #expect(syntax.status == 3)
        #expect(syntax.stderr.contains("json.syntax") && syntax.stderr.contains("not valid JSON"), "\(syntax.stderr)")
        let missing = try CLI.run(["diff", Self.example, directory.appendingPathComponent("none.json").path])
        #expect(missing.status == 3)
        let notAConfig = directory.appendingPathComponent("other.json")
        try Data("{\"name\": 1}".utf8).write(to: notAConfig)
        #expect(try CLI.run(["diff", notAConfig.path, Self.example]).status == 3)
    }

    @Test func eitherSideMayBeStandardInput() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.response))
        let result = try CLI.run(["diff", "-", Self.response], stdin: bytes)
        #expect(result.status == 0 && result.stdout == "no semantic changes\n", "\(result.stderr)")
        // No input given: the usage error comes before standard input is read (a write would hit a closed pipe).
        #expect(try CLI.run(["diff", "-", "-"]).status == 2)
    }
}
