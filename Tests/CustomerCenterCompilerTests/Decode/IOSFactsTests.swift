import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// What purchases-ios really does, as its own decoding code does it (learned by running that code,
/// compiled on Linux, on each input below), pinned here because CI cannot run it.
@Suite struct IOSFactsTests {
    /// A response iOS and Android both decode, with one REFUND_REQUEST path whose window and
    /// root-level extras are substituted.
    static func response(window: String? = nil, root: String = "", screens: String? = nil) -> String {
        let windowMember = window.map { #", "refund_window": \#(JSONWriter.quoted($0))"# } ?? ""
        let screenMap = screens ?? #""MANAGEMENT": {"type": "MANAGEMENT", "title": "Help", "paths": [{"id": "r", "title": "Refund", "type": "REFUND_REQUEST"\#(windowMember)}]}, "NO_ACTIVE": {"type": "NO_ACTIVE", "title": "Help", "paths": [{"id": "m", "title": "Restore", "type": "MISSING_PURCHASE"}]}"#
        return #"{"customer_center": {"appearance": {"light": {}, "dark": {}}, "change_plans": [], "localization": {"locale": "en", "localized_strings": {}}, "support": {"email": "a@example.com"}, "screens": {\#(screenMap)}}\#(root)}"#
    }

    static func lint(_ text: String, platforms: Set<Platform> = [.ios]) -> [Diagnostic] {
        Linter.lint(SourceFile(path: "r.json", text: text), options: LintOptions(inputFormat: .response, platforms: platforms)).diagnostics
    }

    // MARK: refund_window

    static let day: Double = 86_400
    static let full: Double = 31_536_000 + 5_184_000 + 1_814_400 + 345_600 + 18_000 + 360 + 7
    static let windows: [(String, IOSRefundWindow)] = [
        ("forever", .noLimit),
        ("14 days", .noLimit),
        ("Forever", .noLimit),
        ("P14D", .window(seconds: 14 * day, matched: "P14D")),
        ("p14d", .window(seconds: 14 * day, matched: "p14d")),
        ("P1Y2M3W4DT5H6M7S", .window(seconds: full, matched: "P1Y2M3W4DT5H6M7S")),
        ("about P14D approx", .window(seconds: 14 * day, matched: "P14D")),
        ("upon request", .hidden(matched: "p")),
        ("P", .hidden(matched: "P")),
        ("PT", .hidden(matched: "PT")),
        ("P1.5D", .hidden(matched: "P")),
        ("-P14D", .hidden(matched: "-P14D")),
        ("P9999999999999999999D", .hidden(matched: "P9999999999999999999D")),
        ("P١٤D", .hidden(matched: "P١٤D")),
        ("-P-9223372036854775808D", .crash(matched: "-P-9223372036854775808D")),
        ("P-9223372036854775808D", .hidden(matched: "P-9223372036854775808D")),
    ]

    @Test(arguments: windows)
    func refundWindowAsIOSReadsIt(_ text: String, _ expected: IOSRefundWindow) {
        #expect(IOSRefundWindow.evaluate(text) == expected, "\(text)")
    }

    @Test func refundWindowMessagesSayWhatIOSDoes() {
        func message(_ window: String) -> String? {
            Self.lint(Self.response(window: window)).first { $0.id == "path.invalid-refund-window" }?.message
        }
        #expect(message("14 days")?.contains("iOS applies no limit") == true)
        #expect(message("upon request")?.contains("never shows the refund option") == true)
        #expect(message("P14D approx")?.contains("iOS reads only 'P14D'") == true)
        #expect(message("P14D") == nil)
        #expect(message("forever") == nil)
        // Android ignores the field: an Android-only lint does not speak of iOS.
        let android = Self.lint(Self.response(window: "14 days"), platforms: [.android]).first { $0.id == "path.invalid-refund-window" }
        #expect(android?.message.contains("iOS") == false)
    }

    @Test func aRefundWindowThatTrapsIsACrash() {
        let diagnostics = Self.lint(Self.response(window: "-P-9223372036854775808D"))
        let crash = diagnostics.filter { $0.id == "compat.ios-crash" }
        #expect(crash.count == 1)
        #expect(crash.first?.pointer.description == "/customer_center/screens/MANAGEMENT/paths/0/refund_window")
        #expect(diagnostics.contains { $0.id == "path.invalid-refund-window" })
    }

    // MARK: last_published_app_version

    @Test(arguments: [("99999999999999999999", true), ("١.٢", true), ("１.０", true), ("1.٢", true), ("18446744073709551615.1", false),
                      ("1.2.3", false), ("1.2.3.99999999999999999999", false), ("v1.2", false), ("", false), ("abc", false)])
    func appVersionThatCrashesTheCustomerCenter(_ version: String, _ crashes: Bool) {
        #expect((IOSAppVersion.crashingPart(version) != nil) == crashes, "\(version)")
        let diagnostics = Self.lint(Self.response(root: #", "last_published_app_version": \#(JSONWriter.quoted(version))"#))
        #expect(diagnostics.contains { $0.id == "compat.ios-crash" } == crashes, "\(version): \(diagnostics.map(\.message))")
    }

    // MARK: itunes_track_id

    @Test(arguments: [("9223372036854775808", true), ("18446744073709551615", true), ("1e19", true), ("12.0", true),
                      ("100000000000000000000e-1", true), ("0", true), ("18446744073709551616", false), ("-1", false),
                      ("1.5", false), (#""123""#, false), ("2e19", false)])
    func itunesTrackIDAsUIntDecodes(_ json: String, _ decodes: Bool) {
        let diagnostics = Self.lint(Self.response(root: #", "itunes_track_id": \#(json)"#))
        let fails = diagnostics.contains { $0.id == "compat.ios-decode-failure" }
        #expect(fails == !decodes, "\(json): \(diagnostics.map(\.message))")
    }

    // MARK: screen keys

    @Test func distinctUnknownScreenKeysAsSwiftCountsThem() {
        let screen = #"{"type": "MANAGEMENT", "title": "x", "paths": []}"#
        func crashes(_ keys: [String]) -> Bool {
            let screens = keys.map { "\(JSONWriter.quoted($0)): \(screen)" }.joined(separator: ", ")
            return Self.lint(Self.response(screens: screens)).contains { $0.id == "compat.ios-crash" }
        }
        #expect(!crashes(["FOO", "FOO"]), "one key written twice is one dictionary entry")
        #expect(!crashes(["caf\u{E9}", "cafe\u{301}"]), "precomposed and decomposed é are equal Swift strings")
        #expect(crashes(["FOO", "BAR"]))
        #expect(!crashes(["MANAGEMENT", "FOO"]))
    }

    // MARK: syntax errors

    @Test func aResponseThatIsNotJSONFailsOnEveryTargetPlatform() {
        let broken = Self.response().replacingOccurrences(of: #""change_plans": [],"#, with: #""change_plans": [,],"#)
        let diagnostics = Self.lint(broken, platforms: [.ios, .android])
        #expect(diagnostics.filter { $0.id == "compat.ios-decode-failure" && $0.message.contains("not valid JSON") }.count == 1)
        #expect(diagnostics.filter { $0.id == "compat.android-decode-failure" && $0.message.contains("not valid JSON") }.count == 1)
        let iosOnly = Self.lint(broken, platforms: [.ios])
        #expect(!iosOnly.contains { $0.id == "compat.android-decode-failure" })
        // A duplicate key is read past by both decoders: not a decode failure of its own.
        let duplicate = Self.response(root: #", "itunes_track_id": 1, "itunes_track_id": 2"#)
        #expect(!Self.lint(duplicate, platforms: [.ios, .android]).contains { $0.message.contains("not valid JSON") })
    }
}
