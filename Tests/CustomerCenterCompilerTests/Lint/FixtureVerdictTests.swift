import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// What one SDK does with a payload, as `compat.*` predicts it.
struct Verdict: Equatable, Sendable, CustomStringConvertible {
    enum IOS: String, Sendable { case decodes, fails, crashes }
    var ios: IOS
    var androidFails: Bool
    var androidDropped: Set<String>

    var description: String { "iOS \(ios.rawValue); Android \(androidFails ? "fails" : "decodes") dropping \(androidDropped.sorted())" }

    init(ios: IOS, androidFails: Bool = false, androidDropped: Set<String> = []) {
        self.ios = ios
        self.androidFails = androidFails
        self.androidDropped = androidDropped
    }

    init(_ diagnostics: [Diagnostic]) {
        let ids = diagnostics.map(\.id.rawValue)
        ios = ids.contains("compat.ios-decode-failure") ? .fails : (ids.contains("compat.ios-crash") ? .crashes : .decodes)
        androidFails = ids.contains("compat.android-decode-failure")
        androidDropped = Set(diagnostics.filter { $0.id == "compat.android-dropped" }.map(\.pointer.description))
    }
}

/// Every file in shared/fixtures: the verdict per platform must equal shared/fixtures/INDEX.md.
/// Skipped, saying so, when ../shared is absent; `OwnFixtureVerdictTests` pins the same facts
/// with the project's own files.
@Suite(.enabled(if: TestPaths.sharedIsPresent, "skipped: ../shared/fixtures is absent (a clone on its own); OwnFixtureVerdictTests cover the same facts"))
struct FixtureVerdictTests {
    static let management = "/customer_center/screens/MANAGEMENT"

    /// Full responses, with the outcome INDEX.md records.
    static let full: [(String, Verdict)] = [
        ("ios__BackendGetCustomerCenterConfigTests__customerCenterResponse.json",
         Verdict(ios: .decodes, androidDropped: ["\(management)/paths/1", "\(management)/paths/3"])),
        ("ios__BackendGetCustomerCenterConfigTests__customerCenterResponse__historical-2024-07.json",
         // Path 3's survey options carry promos without android_offer_id: that path goes too.
         Verdict(ios: .fails, androidDropped: ["\(management)/paths/1", "\(management)/paths/3"])),
        ("ios__CustomerCenterConfigDataTests__testDefaultValues.json", Verdict(ios: .decodes, androidFails: true)),
        ("android__get_customer_center_config_success.json", Verdict(ios: .fails)),
        ("android__get_customer_center_config_success__historical-4f8deac30c.json",
         Verdict(ios: .fails, androidDropped: ["\(management)/paths/1", "\(management)/paths/3"])),
        ("android__get_customer_center_config_success__historical-be9d322e0e.json", Verdict(ios: .fails)),
        ("android__CustomerCenterConfigDataTest__can-parse-json-with-unknown-screen-types__derived.json",
         Verdict(ios: .fails, androidDropped: ["/customer_center/screens/random_screen_id"])),
        ("android__CustomerCenterConfigDataTest__can-parse-json-with-unknown-path-types__derived.json",
         Verdict(ios: .fails, androidDropped: ["\(management)/paths/5"])),
        ("android__CustomerCenterConfigDataTest__can-parse-json-with-unknown-open-method-type__derived.json",
         Verdict(ios: .fails, androidDropped: ["\(management)/paths/5"])),
        ("android__CustomerCenterConfigDataTest__can-parse-json-with-display_virtual_currencies-true__derived.json", Verdict(ios: .fails)),
        ("android__CustomerCenterConfigDataTest__can-parse-json-with-display_virtual_currencies-false__derived.json", Verdict(ios: .fails)),
    ]

    static func lint(_ bytes: [UInt8], name: String) -> [Diagnostic] {
        Linter.lint(SourceFile(path: name, bytes: bytes), options: LintOptions(inputFormat: .response, platforms: [.ios, .android])).diagnostics
    }

    static func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("sdk-responses/\(name)")))
    }

    @Test(arguments: full.map(\.0))
    func fullResponse(_ name: String) throws {
        let expected = try #require(Self.full.first { $0.0 == name }?.1)
        let diagnostics = Self.lint(try Self.read(name), name: name)
        #expect(Verdict(diagnostics) == expected, "\(diagnostics.filter { $0.id.rawValue.hasPrefix("compat.") }.map(\.message))")
    }

    @Test func everyFixtureIsCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixtures.appendingPathComponent("sdk-responses").path)
        let covered = Set(Self.full.map(\.0) + Self.fragments.map(\.0))
        #expect(Set(names.filter { $0.hasSuffix(".json") }) == covered)
    }

    /// A response both SDKs accept, with `screen` as `screens[key]` and `support` substituted.
    static func skeleton(screenKey: String = "MANAGEMENT", screen: String? = nil, support: String = #"{"email": "a@example.com"}"#) -> String {
        let screenJSON = screen ?? #"{"type": "\#(screenKey)", "title": "Help", "paths": []}"#
        return #"{"customer_center": {"appearance": {"light": {}, "dark": {}}, "screens": {"\#(screenKey)": \#(screenJSON)}, "localization": {"locale": "en", "localized_strings": {}}, "support": \#(support), "change_plans": []}}"#
    }

    /// Fragments, placed where they live in a full response.
    static let fragments: [(String, @Sendable (String) -> String, Verdict)] = [
        ("android__ScreenOfferingTest__Screen-no-offering-specified-JSON-parsing__fragment-screen.json",
         { skeleton(screenKey: "MANAGEMENT", screen: $0) }, Verdict(ios: .decodes)),
        ("android__ScreenOfferingTest__Screen-with-new-offering-field-JSON-parsing__fragment-screen.json",
         { skeleton(screenKey: "NO_ACTIVE", screen: $0) }, Verdict(ios: .decodes)),
        ("android__ScreenOfferingTest__Screen-with-offering-containing-buttonText-JSON-parsing__fragment-screen.json",
         { skeleton(screenKey: "NO_ACTIVE", screen: $0) }, Verdict(ios: .decodes)),
        ("android__ScreenOfferingTest__Screen-with-specific-offering-JSON-parsing__fragment-screen.json",
         { skeleton(screenKey: "NO_ACTIVE", screen: $0) }, Verdict(ios: .decodes)),
        // Negative: Android throws; inside a full config the screen is dropped. iOS treats the type as CURRENT.
        ("android__ScreenOfferingTest__Screen-with-invalid-offering-type-throws-exception__fragment-screen.json",
         { skeleton(screenKey: "NO_ACTIVE", screen: $0) }, Verdict(ios: .decodes, androidDropped: ["/customer_center/screens/NO_ACTIVE"])),
        // Negative: `offering` is a string. Android drops the screen; iOS fails the whole decode.
        ("android__ScreenOfferingTest__Screen-with-malformed-JSON-throws-exception__fragment-screen.json",
         { skeleton(screenKey: "NO_ACTIVE", screen: $0) }, Verdict(ios: .fails, androidDropped: ["/customer_center/screens/NO_ACTIVE"])),
        ("android__ScreenOfferingTest__ScreenOffering-JSON-parsing-with-button-text__fragment-screen_offering.json",
         { skeleton(screen: #"{"type": "MANAGEMENT", "title": "Help", "paths": [], "offering": \#($0)}"#) }, Verdict(ios: .decodes)),
        ("android__ScreenOfferingTest__ScreenOffering-JSON-parsing-without-button-text-backward-compatibility__fragment-screen_offering.json",
         { skeleton(screen: #"{"type": "MANAGEMENT", "title": "Help", "paths": [], "offering": \#($0)}"#) }, Verdict(ios: .decodes)),
        ("ios__CodableIdempotencyTests__testCustomerDetailsDecodingAndIdempotency__fragment-customer_details.json",
         { skeleton(support: #"{"email": "a@example.com", "support_tickets": {"allow_creation": true, "customer_type": "all", "customer_details": \#($0)}}"#) },
         Verdict(ios: .decodes)),
    ]

    @Test(arguments: fragments.map(\.0))
    func fragment(_ name: String) throws {
        let (_, wrap, expected) = try #require(Self.fragments.first { $0.0 == name })
        let fragment = String(decoding: try Self.read(name), as: UTF8.self)
        let diagnostics = Self.lint(Array(wrap(fragment).utf8), name: name)
        #expect(Verdict(diagnostics) == expected, "\(diagnostics.map(\.message))")
        // Positive fragments are also free of schema findings.
        if expected == Verdict(ios: .decodes) {
            #expect(diagnostics.filter { $0.id.rawValue.hasPrefix("schema.") }.isEmpty, "\(diagnostics.map(\.message))")
        }
    }
}
