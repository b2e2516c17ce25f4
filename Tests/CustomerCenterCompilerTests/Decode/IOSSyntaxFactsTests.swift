import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// What purchases-ios's decoder (swift-foundation's JSONDecoder, as on iOS 17+) does with JSON that
/// is not strictly valid, learned by running the SDK's own code (the iOS oracle at ff486da) on each
/// case below, and pinned here because CI cannot run it. `true`: iOS decodes the document.
@Suite struct IOSSyntaxFactsTests {
    static func response(root: String = "", title: String = #""Help""#, strings: String = "{}") -> String {
        #"{"customer_center": {"appearance": {"light": {}, "dark": {}}, "change_plans": [], "localization": {"locale": "en", "localized_strings": \#(strings)}, "support": {"email": "a@example.com"}, "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title": \#(title), "paths": []}}}\#(root)}"#
    }

    static func iosDecodes(_ text: String) -> Bool {
        let options = LintOptions(inputFormat: .response, platforms: [.ios])
        return !Linter.lint(SourceFile(path: "r.json", text: text), options: options).diagnostics.contains { $0.id == "compat.ios-decode-failure" }
    }

    /// Errors iOS's scanner lets through until a field it reads holds them (and trailing commas,
    /// which it accepts everywhere); the rest fail wherever they are.
    static let facts: [(String, String, Bool)] = [
        ("empty file", "", false),
        ("whitespace only", "  \n\t  \r\n", false),
        ("leading zero, ignored field", response(root: #", "x": 012"#), true),
        ("leading zeros, nested in an ignored field", response(root: #", "x": {"a": [00, -01, 01.5, 01e2]}"#), true),
        ("leading zero, itunes_track_id", response(root: #", "itunes_track_id": 012"#), false),
        ("number without fraction digits, ignored", response(root: #", "x": 1."#), true),
        ("number without exponent digits, ignored", response(root: #", "x": 1e"#), true),
        ("minus alone, ignored", response(root: #", "x": -"#), true),
        ("two dots, ignored", response(root: #", "x": 1.5.5"#), true),
        ("minus and a fraction, ignored", response(root: #", "x": -.5"#), true),
        ("two dots, itunes_track_id", response(root: #", "itunes_track_id": 1.5.5"#), false),
        ("a fraction without integer digits, ignored", response(root: #", "x": .5"#), false),
        ("letters in a number, ignored", response(root: #", "x": 12abc"#), false),
        ("leading plus, ignored", response(root: #", "x": +1"#), false),
        ("hexadecimal, ignored", response(root: #", "x": 0x10"#), false),
        ("NaN, ignored", response(root: #", "x": NaN"#), false),
        ("lone high surrogate, ignored field", response(root: #", "x": "\ud800""#), true),
        ("lone low surrogate, ignored field", response(root: #", "x": "a\udc00b""#), true),
        ("reversed surrogates, ignored field", response(root: #", "x": "\ude00\ud83d""#), true),
        ("lone surrogate, a title", response(title: #""\ud800""#), false),
        ("lone surrogate, an unknown key of an object iOS reads", response(root: #", "\ud800": 1"#), false),
        ("lone surrogate, a localized_strings value", response(strings: #"{"contact_support": "\ud83d"}"#), false),
        ("lone surrogate, a localized_strings key", response(strings: #"{"\ud83dx": "a"}"#), false),
        ("bad escape, ignored field", response(root: #", "x": "a\qb""#), true),
        ("\\u with a bad hex digit, ignored field", response(root: #", "x": "\u12G4""#), true),
        ("\\u that reaches the closing quote, ignored field", response(root: #", "x": "\u12""#), false),
        ("bad escape, a title", response(title: #""a\qb""#), false),
        ("control character, ignored field", response(root: ", \"x\": \"a\tb\""), true),
        ("control character, a title", response(title: "\"a\tb\""), false),
        ("control character, an unknown key", response(root: ", \"a\tb\": 1"), false),
        ("trailing comma in the root object", response(root: #", "x": 1,"#), true),
        ("trailing comma in an ignored array", response(root: #", "x": [1, 2,]"#), true),
        ("trailing comma in change_plans", response().replacingOccurrences(of: #""change_plans": []"#, with: #""change_plans": [{"group_id": "g", "group_name": "n", "products": []},]"#), true),
        ("two commas", response(root: #", "x": [1,,]"#), false),
        ("a comment", response(root: ", \"x\": 1 // c\n"), false),
        ("single quotes", response(root: #", "x": 'a'"#), false),
        ("content after the document", response() + " x", false),
        ("itunes_track_id 18446744073709551615.0 (rounds to 2^64 as a Double)", response(root: #", "itunes_track_id": 18446744073709551615.0"#), false),
        ("itunes_track_id 18446744073709549568.0 (the largest Double below 2^64)", response(root: #", "itunes_track_id": 18446744073709549568.0"#), true),
        ("itunes_track_id 9007199254740993.0 (read as 9007199254740992)", response(root: #", "itunes_track_id": 9007199254740993.0"#), true),
        ("itunes_track_id 1.8446744073709551615e19", response(root: #", "itunes_track_id": 1.8446744073709551615e19"#), false),
        ("itunes_track_id 184467440737095516.15e2", response(root: #", "itunes_track_id": 184467440737095516.15e2"#), false),
        ("itunes_track_id 18446744073709551615 (an integer literal)", response(root: #", "itunes_track_id": 18446744073709551615"#), true),
        ("itunes_track_id 1e19", response(root: #", "itunes_track_id": 1e19"#), true),
        ("itunes_track_id -0.0", response(root: #", "itunes_track_id": -0.0"#), true),
    ]

    @Test(arguments: facts)
    func iosVerdict(_ what: String, _ text: String, _ decodes: Bool) {
        #expect(Self.iosDecodes(text) == decodes, "\(what)")
    }

    /// Foundation's JSONDecoder detects UTF-16 and UTF-32 by byte-order mark or NUL pattern and
    /// decodes them (the iOS oracle on Examples/response.json in each encoding; the same text
    /// without `change_plans` fails there as it does in UTF-8). UTF-32LE with a mark fails: its
    /// first two bytes read as UTF-16LE's mark. Only `json.invalid-utf8` (the authoring rule: the
    /// dashboard, the backend and Android read UTF-8) fails the others.
    static func encoded(_ text: String, _ encoding: String) -> [UInt8] {
        let utf16 = Array(text.utf16), scalars = text.unicodeScalars.map(\.value)
        switch encoding {
        case "UTF-16LE": return utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "UTF-16BE": return utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case "UTF-32LE": return scalars.flatMap { v in (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        default: return scalars.flatMap { v in (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } }
        }
    }

    static let wideTexts: [(String, Bool, Bool)] = [
        ("UTF-16LE", false, true), ("UTF-16LE", true, true), ("UTF-16BE", false, true), ("UTF-16BE", true, true),
        ("UTF-32LE", false, true), ("UTF-32LE", true, false), ("UTF-32BE", false, true), ("UTF-32BE", true, true),
    ]

    @Test(arguments: wideTexts)
    func iosDecodesWideText(_ encoding: String, _ mark: Bool, _ decodes: Bool) throws {
        let text = Self.response(title: #""Zu teuer für mich 😀""#)
        let bom = mark ? Self.encoded("\u{FEFF}", encoding) : []
        let options = LintOptions(inputFormat: .response, platforms: [.ios])
        let found = Linter.lint(SourceFile(path: "r.json", bytes: bom + Self.encoded(text, encoding)), options: options).diagnostics
        #expect(found.contains { $0.id == "compat.ios-decode-failure" } == !decodes, "\(found.map(\.message))")
        #expect(found.contains { $0.id == "json.invalid-utf8" && $0.message.contains(encoding) })
        // What iOS rejects in UTF-8 it rejects in any encoding, at the place in the file itself.
        let brokenText = text.replacingOccurrences(of: #""change_plans": [], "#, with: "")
        let failure = Linter.lint(SourceFile(path: "r.json", bytes: bom + Self.encoded(brokenText, encoding)), options: options).diagnostics
            .filter { $0.id == "compat.ios-decode-failure" }
        #expect(failure.count == 1, "\(failure.map(\.message))")
        if decodes {
            let inUTF8 = try #require(Linter.lint(SourceFile(path: "r.json", text: brokenText), options: options).diagnostics.first { $0.id == "compat.ios-decode-failure" })
            #expect(failure.first?.message == inUTF8.message)
            // The text before it is ASCII: one code unit per byte of UTF-8.
            let width = encoding.hasPrefix("UTF-16") ? 2 : 4
            #expect(failure.first?.range.start == bom.count + width * inUTF8.range.start)
        }
        // Read as a response without --input-format too.
        let detected = Linter.analyze(SourceFile(path: "r.json", bytes: bom + Self.encoded(brokenText, encoding)), options: LintOptions(platforms: [.ios]))
        #expect(detected.format == (decodes ? .response : nil))
        #expect(detected.report.diagnostics.contains { $0.id == "compat.ios-decode-failure" } == decodes)
    }

    @Test func aDeferredErrorIsReportedWhereIOSReadsIt() throws {
        let text = Self.response(title: #""\ud800""#)
        let options = LintOptions(inputFormat: .response, platforms: [.ios, .android])
        let found = Linter.lint(SourceFile(path: "r.json", text: text), options: options).diagnostics
        let ios = try #require(found.first { $0.id == "compat.ios-decode-failure" })
        #expect(ios.pointer.description == "/customer_center/screens/MANAGEMENT/title")
        #expect(ios.message.contains("lone surrogate"))
        // Android still reads the whole document as invalid (kotlinx is not checked here).
        #expect(found.contains { $0.id == "compat.android-decode-failure" && $0.message.contains("not valid JSON") })
    }
}
