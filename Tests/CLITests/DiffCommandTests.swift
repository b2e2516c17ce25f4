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

    /// With `--oldest-sdk`, a change that brings a break of an SDK version still in the field is
    /// breaking and says which versions (docs/sdk-compatibility.md); with versions past it, not.
    @Test func aChangeThatBreaksAnOldSDKInRangeIsBreaking() throws {
        var root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as? [String: Any])
        var screens = try #require(root["screens"] as? [String: Any])
        var management = try #require(screens["MANAGEMENT"] as? [String: Any])
        var paths = try #require(management["paths"] as? [[String: Any]])
        let title = try #require(paths.first?["title_key"] as? String)
        paths.append(["id": "act", "type": "CUSTOM_ACTION", "title_key": title, "action_identifier": "do_it"])
        management["paths"] = paths
        screens["MANAGEMENT"] = management
        root["screens"] = screens
        let new = try CLI.temporaryDirectory().appendingPathComponent("customer_center.json")
        try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]).write(to: new)
        let today = try CLI.run(["diff", Self.example, new.path])
        #expect(today.status == 0, "\(today.stdout)")
        let old = try CLI.run(["diff", "--oldest-sdk", "ios=5.20.0", Self.example, new.path])
        #expect(old.status == 1, "\(old.stdout)\(old.stderr)")
        #expect(old.stdout.contains("breaks iOS 5.7.0–5.33.x: a path of type CUSTOM_ACTION"), "\(old.stdout)")
        #expect(try CLI.run(["diff", "--oldest-sdk", "ios=5.34.0", Self.example, new.path]).status == 0)
        #expect(try CLI.run(["diff", "--oldest-sdk", "ios=5.x", Self.example, new.path]).status == 2)
        // The configuration file beside NEW says it too; the flag overrides it.
        try #"{"oldest_sdk": {"ios": "5.20.0"}}"#.write(to: new.deletingLastPathComponent().appendingPathComponent(".customer-center.json"),
                                                    atomically: true, encoding: .utf8)
        #expect(try CLI.run(["diff", Self.example, new.path]).status == 1)
        #expect(try CLI.run(["diff", "--oldest-sdk", "ios=5.34.0", Self.example, new.path]).status == 0)
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

    static let v2 = CLI.packageRoot.appendingPathComponent("Examples/customer_center.v2.json").path

    /// `--color always` paints breaking lines (and overrides NO_COLOR); `auto` into a pipe and `never` do not.
    @Test func colourFollowsTheFlagAndNoColor() throws {
        let always = try CLI.run(["diff", "--color", "always", Self.example, Self.v2], environment: ["NO_COLOR": "1"])
        #expect(always.status == 1)
        let breaking = try #require(always.stdout.split(separator: "\n").first)
        #expect(breaking.hasPrefix("\u{1B}[1;31mbreaking ") && breaking.hasSuffix("\u{1B}[0m"), "\(always.stdout)")
        #expect(!always.stdout.split(separator: "\n").contains { $0.hasPrefix("         ") && $0.contains("\u{1B}") })
        for flags in [["--color", "never"], ["--color", "auto"], []] {
            let plain = try CLI.run(["diff"] + flags + [Self.example, Self.v2])
            #expect(plain.status == 1 && !plain.stdout.contains("\u{1B}") && plain.stdout.contains("breaking "), "\(flags)")
        }
        #expect(try CLI.run(["diff", "--color", "sometimes", Self.example, Self.v2]).status == 2)
    }

    @Test func responsesOfTwoPlatformsAreAUsageErrorUnlessAsked() throws {
        let directory = try CLI.temporaryDirectory()
        let android = directory.appendingPathComponent("android.json")
        try String(contentsOfFile: Self.response, encoding: .utf8).replacingOccurrences(of: "ios_offer_id", with: "android_offer_id")
            .write(to: android, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["diff", Self.response, android.path])
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.stderr.contains("is iOS's response") && refused.stderr.contains("--across-platforms"), "\(refused.stderr)")
        let asked = try CLI.run(["diff", "--across-platforms", Self.response, android.path])
        #expect(asked.status == 1, "\(asked.stdout)\(asked.stderr)")
    }

    @Test func compiledNamesThePayloadsAndOrderCanBeIgnored() throws {
        let compiled = try CLI.run(["diff", "--compiled", "--platform", "android", Self.example, Self.v2])
        #expect(compiled.status == 1, "\(compiled.stderr)")
        #expect(compiled.stdout.contains("de/android: changed string 'option_too_expensive' [de]: 'Zu teuer' → 'Zu teuer für mich'"), "\(compiled.stdout)")
        #expect(!compiled.stdout.contains("/ios"))
        let json = try CLI.run(["diff", "--compiled", "--format", "json", Self.example, Self.v2])
        let root = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((root["changes"] as? [[String: Any]])?.isEmpty == false)
        #expect(try CLI.run(["diff", "--platform", "ios", Self.example, Self.v2]).status == 2)

        let directory = try CLI.temporaryDirectory()
        let reordered = directory.appendingPathComponent("customer_center.json")
        let text = try String(contentsOfFile: Self.example, encoding: .utf8)
        var root2 = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var screens = try #require(root2["screens"] as? [String: Any])
        var management = try #require(screens["MANAGEMENT"] as? [String: Any])
        management["paths"] = (management["paths"] as? [Any]).map { Array($0.reversed()) }
        screens["MANAGEMENT"] = management
        root2["screens"] = screens
        try JSONSerialization.data(withJSONObject: root2).write(to: reordered)
        let order = try CLI.run(["diff", Self.example, reordered.path])
        #expect(order.status == 0 && order.stdout.contains("reordered the paths of screen 'MANAGEMENT'"), "\(order.stdout)")
        let ignored = try CLI.run(["diff", "--ignore-order", Self.example, reordered.path])
        #expect(ignored.status == 0 && ignored.stdout == "no semantic changes\n", "\(ignored.stdout)")
    }
}
