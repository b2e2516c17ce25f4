import Foundation
import Testing
import TestSupport

/// Inference never narrows silently (docs/commands.md "Target platforms", "No command destroys a
/// file"): a config whose offers name one store is warned about, and `compile --out-dir` keeps
/// the other platform's payloads unless the platforms are given.
@Suite struct InferredPlatformTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")

    /// The example with its only `android_offer_id` removed: inferred as iOS only.
    static func iosOnly() throws -> String {
        let text = try String(contentsOf: example, encoding: .utf8)
        let removed = text.replacingOccurrences(of: #""android_offer_id": "cancel-offer","#, with: "")
        #expect(removed != text)
        return removed
    }

    func files(_ dir: URL, _ platform: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(platform).path)) ?? []).sorted()
    }

    /// Lint names the inferred platform and how to pin it; `--strict` fails; pinned, no warning.
    @Test func lintSaysWhichPlatformItInferred() throws {
        let dir = try Scratch.directory("cc-inferred", files: ["customer_center.json": try Self.iosOnly()])
        let plain = try CLI.run(["lint", "--format", "compact", "customer_center.json"], in: dir)
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(plain.stdout.contains("compat.inferred-platform"), "\(plain.stdout)")
        #expect(plain.stdout.contains("inferred as iOS only"), "\(plain.stdout)")
        #expect(plain.stdout.contains("--platform all"), "\(plain.stdout)")
        let strict = try CLI.run(["lint", "--strict", "customer_center.json"], in: dir)
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        let pinned = try CLI.run(["lint", "--strict", "--platform", "ios", "customer_center.json"], in: dir)
        #expect(!pinned.stdout.contains("compat.inferred-platform"), "\(pinned.stdout)")
        try #"{"platforms": ["ios", "android"]}"#.write(to: dir.appendingPathComponent(".customer-center.json"), atomically: true, encoding: .utf8)
        let configured = try CLI.run(["lint", "--format", "compact", "customer_center.json"], in: dir)
        #expect(!configured.stdout.contains("compat.inferred-platform"), "\(configured.stdout)")
    }

    /// Compiled again once inferred as iOS only, the Android payloads stay (named at every
    /// run); `--platform ios` removes them.
    @Test func compileKeepsPayloadsInferenceLeftOut() throws {
        let dir = try Scratch.directory("cc-inferred", files: ["customer_center.json": try String(contentsOf: Self.example, encoding: .utf8)])
        let first = try CLI.run(["compile", "--out-dir", "out", "customer_center.json"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let out = dir.appendingPathComponent("out")
        let android = files(out, "android")
        #expect(!android.isEmpty)
        try Self.iosOnly().write(to: dir.appendingPathComponent("customer_center.json"), atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let again = try CLI.run(["compile", "--out-dir", "out", "customer_center.json"], in: dir)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(files(out, "android") == android)
            #expect(!again.stderr.contains("removed"), "\(again.stderr)")
            for name in android {
                #expect(again.stderr.contains("kept out/android/\(name)"), "\(again.stderr)")
            }
            #expect(again.stderr.contains("inferred its platforms"), "\(again.stderr)")
        }
        let pinned = try CLI.run(["compile", "--platform", "ios", "--out-dir", "out", "customer_center.json"], in: dir)
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(files(out, "android").isEmpty, "\(pinned.stderr)")
        #expect(pinned.stderr.contains("removed out/android/"), "\(pinned.stderr)")
    }

    /// An atomic rewrite replaces the file: a hard link to it keeps the old text (`format
    /// --write`, `lint --fix`), and the path given holds the new text.
    @Test(arguments: [
        (["format", "--write"], #"{"screens": {},   "localization": {"default_locale": "en", "localized_strings": {}}}"#),
        (["lint", "--fix"], #"{"screens": {}, "localization": {"default_locale": "en", "localized_strings": {}},}"#),
    ])
    func aHardLinkKeepsTheOldText(_ command: [String], _ text: String) throws {
        let dir = try Scratch.directory("cc-hardlink", files: ["customer_center.json": text])
        let file = dir.appendingPathComponent("customer_center.json")
        let link = dir.appendingPathComponent("link.json")
        try FileManager.default.linkItem(at: file, to: link)
        _ = try CLI.run(command + ["customer_center.json"], in: dir)
        let rewritten = try String(contentsOf: file, encoding: .utf8)
        #expect(rewritten != text, "\(command) did not rewrite the file")
        #expect(try String(contentsOf: link, encoding: .utf8) == text)
        let count = try FileManager.default.attributesOfItem(atPath: file.path)[.referenceCount] as? Int
        #expect(count == 1)
    }
}
