import Foundation
import Testing

@Suite(.serialized) struct CompileCommandTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json").path

    @Test func onePayloadToStdout() throws {
        let result = try CLI.run(["compile", "--platform", "ios", "--locale", "de", Self.example])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["customer_center"] != nil)
    }

    @Test func severalPayloadsNeedADestination() throws {
        let result = try CLI.run(["compile", Self.example])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--out-dir"))
    }

    @Test func outDirWritesPayloadsAndManifest() throws {
        let dir = try CLI.temporaryDirectory()
        let result = try CLI.run(["compile", "--out-dir", dir.appendingPathComponent("out").path, Self.example])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
        #expect(files == ["android", "android/de.json", "android/en.json", "ios", "ios/de.json", "ios/en.json", "manifest.json"])
    }

    @Test func bundleToStdoutAndOutputFile() throws {
        let bundle = try CLI.run(["compile", "--bundle", "-", Self.example])
        let object = try JSONSerialization.jsonObject(with: Data(bundle.stdout.utf8)) as? [String: Any]
        #expect((object?["payloads"] as? [String: Any])?.keys.sorted() == ["android", "ios"])
        let dir = try CLI.temporaryDirectory()
        let output = dir.appendingPathComponent("ios-en.json").path
        let written = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "-o", output, Self.example])
        #expect(written.status == 0)
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func errorsCompileNothing() throws {
        let dir = try CLI.temporaryDirectory()
        let result = try CLI.run(["compile", "--out-dir", dir.appendingPathComponent("out").path, CLI.packageRoot.appendingPathComponent("Examples/broken.json").path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("nothing was compiled"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func customerAgeFlags() throws {
        let young = try CLI.run(["compile", "--platform", "ios", "--locale", "en", "--first-seen", "3d", Self.example])
        #expect(young.stdout.contains("\"eligible\": false"))
        let bad = try CLI.run(["compile", "--platform", "ios", "--first-seen", "three days", Self.example])
        #expect(bad.status == 2)
    }

    @Test func unsafeLocaleIsRefusedForOutDir() throws {
        let dir = try CLI.temporaryDirectory()
        let config = try String(contentsOfFile: Self.example, encoding: .utf8)
        let file = dir.appendingPathComponent("c.json")
        try config.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["compile", "--locale", "../evil", "--out-dir", dir.appendingPathComponent("out").path, file.path])
        // Not a locale code: a usage error before anything is read or written.
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("'../evil' is not a locale code"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("evil.json").path))
    }
}

@Suite(.serialized) struct FormatCommandTests {
    static let messy = "{\"screens\": {}, \"localization\": {\"localized_strings\": {}, \"default\": \"en\"}}"
    static let canonical = "{\n  \"localization\": {\n    \"default\": \"en\",\n    \"localized_strings\": {}\n  },\n  \"screens\": {}\n}\n"

    func file(_ text: String, mode: Int = 0o640) throws -> URL {
        let url = try CLI.temporaryDirectory().appendingPathComponent("c.json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    @Test func printsCanonicalForm() throws {
        let url = try file(Self.messy)
        let result = try CLI.run(["format", url.path])
        #expect(result.stdout == Self.canonical)
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.messy)
    }

    @Test func checkReportsAndChangesNothing() throws {
        let url = try file(Self.messy)
        let result = try CLI.run(["format", "--check", url.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("would reformat"))
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.messy)
        let clean = try file(Self.canonical)
        #expect(try CLI.run(["format", "--check", clean.path]).status == 0)
    }

    @Test func writeIsAtomicAndKeepsPermissions() throws {
        let url = try file(Self.messy, mode: 0o600)
        let result = try CLI.run(["format", "--write", url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.canonical)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["c.json"])
    }

    @Test func syntaxErrorLeavesTheFileUntouched() throws {
        let broken = "{\"a\": 1,}"
        let url = try file(broken)
        let result = try CLI.run(["format", "--write", url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("json.trailing-comma"))
        #expect(try String(contentsOf: url, encoding: .utf8) == broken)
    }

    @Test func symlinkIsNotReplaced() throws {
        let target = try file(Self.messy)
        let link = target.deletingLastPathComponent().appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let result = try CLI.run(["format", "--write", link.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("symbolic link"))
        #expect(try String(contentsOf: target, encoding: .utf8) == Self.messy)
    }

    @Test func unwritableDirectoryLeavesTheOriginal() throws {
        guard getuid() != 0 else { return }  // root ignores permissions; FailureInjectionTests cover this as root
        let url = try file(Self.messy)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: url.deletingLastPathComponent().path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.deletingLastPathComponent().path) }
        let result = try CLI.run(["format", "--write", url.path])
        #expect(result.status == 3)
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.messy)
    }
}

@Suite struct InitAndDiffCommandTests {
    @Test func initPrintsTheShippedDefault() throws {
        let result = try CLI.run(["init"])
        #expect(result.status == 0)
        #expect(result.stdout == (try String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/default.json"), encoding: .utf8)))
        let subset = try CLI.run(["init", "--locales", "en,de"])
        #expect(subset.stdout.contains("\"supported\": [\"en\", \"de\"]"))
        let typo = try CLI.run(["init", "--locales", "en,dee"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean 'de'?"))
    }

    @Test func diffExitCodes() throws {
        let dir = try CLI.temporaryDirectory()
        let old = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json").path
        let text = try String(contentsOfFile: old, encoding: .utf8)
        let cosmetic = dir.appendingPathComponent("cosmetic.json"), breaking = dir.appendingPathComponent("breaking.json")
        try text.replacingOccurrences(of: "How can we help?", with: "How may we help?").write(to: cosmetic, atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "\"id\": \"cancel\"", with: "\"id\": \"cancel_subscription\"").write(to: breaking, atomically: true, encoding: .utf8)
        let same = try CLI.run(["diff", old, old])
        #expect(same.status == 0)
        #expect(same.stdout == "no semantic changes\n")
        #expect(try CLI.run(["diff", old, cosmetic.path]).status == 0)
        let result = try CLI.run(["diff", old, breaking.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("renamed path 'cancel' to 'cancel_subscription'"))
        let json = try CLI.run(["diff", "--format", "json", old, breaking.path])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["summary"] as? [String: Int])?["breaking"] == 1)
    }
}
