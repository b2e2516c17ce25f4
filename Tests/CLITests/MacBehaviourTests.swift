import Foundation
import Testing
import TestSupport

/// What behaves differently on a Mac (issue 53), driven on Linux through the platform layer's
/// test seams (docs/testing.md "The platform layer"): a volume that does not tell names apart
/// by case, a current folder reached through a symbolic link, a browser installed as an app.
@Suite struct MacBehaviourTests {
    /// A config with the locales `en` and `locale`, compiled for iOS into `dir/out`.
    static func compile(_ locale: String, in dir: URL, environment: [String: String] = [:]) throws -> CLIResult {
        let config = dir.appendingPathComponent("cc.json")
        if !FileManager.default.fileExists(atPath: config.path) {
            #expect(try CLI.run(["init", "--locales", "en,de-de", "-o", "cc.json"], in: dir).status == 0)
        }
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "\"de-de\"", with: "\"\(locale)\"").replacingOccurrences(of: "\"de-DE\"", with: "\"\(locale)\"")
            .write(to: config, atomically: true, encoding: .utf8)
        return try CLI.run(["compile", "--platform", "ios", "--out-dir", "out", "cc.json"], in: dir, environment: environment)
    }

    /// `de-de` becomes `de-DE`, its old payload edited by hand. Where the volume says names
    /// differ only by case it is one file: the new set replaces it, not a stale payload kept and
    /// named under its old name.
    @Test func aLocaleRenamedByCaseReplacesItsPayloadOnACaseInsensitiveVolume() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try Self.compile("de-de", in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let old = dir.appendingPathComponent("out/ios/de-de.json")
        try (try String(contentsOf: old, encoding: .utf8) + " ").write(to: old, atomically: true, encoding: .utf8)
        let insensitive = ["CUSTOMER_CENTER_TEST_CASE_SENSITIVE": "0"]
        let renamed = try Self.compile("de-DE", in: dir, environment: insensitive)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(!renamed.stderr.contains("de-de"), "\(renamed.stderr)")
        // (Linux's volume keeps the old spelling beside it; a case-insensitive one has one file.)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/ios/de-DE.json").path))
        let manifest = try String(contentsOf: dir.appendingPathComponent("out/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("ios/de-DE.json") && !manifest.contains("ios/de-de.json"))
    }

    /// The same on a volume that tells names apart (Linux's, or the seam saying so): the edited
    /// payload is another file, kept and named.
    @Test func aLocaleRenamedByCaseKeepsTheEditedPayloadOnACaseSensitiveVolume() throws {
        for environment in [[:], ["CUSTOMER_CENTER_TEST_CASE_SENSITIVE": "1"]] {
            let dir = try CLI.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            #expect(try Self.compile("de-de", in: dir).status == 0)
            let old = dir.appendingPathComponent("out/ios/de-de.json")
            try (try String(contentsOf: old, encoding: .utf8) + " ").write(to: old, atomically: true, encoding: .utf8)
            let renamed = try Self.compile("de-DE", in: dir, environment: environment)
            #expect(renamed.status == 0, "\(renamed.stderr)")
            #expect(renamed.stderr.contains("out/ios/de-de.json") && renamed.stderr.contains("changed since"), "\(renamed.stderr)")
            #expect(FileManager.default.fileExists(atPath: old.path))
        }
    }

    /// SARIF's base folder is the current folder as the shell reached it (`$PWD`, through a
    /// symbolic link: `/var/…` on macOS, where the kernel says `/private/var/…`), and only
    /// when `$PWD` is that folder.
    @Test func sarifBaseIsTheFolderAsTheUserReachedIt() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("private-folder"), link = dir.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Examples/broken.json"), to: real.appendingPathComponent("broken.json"))
        let throughLink = try CLI.run(["lint", "--format", "sarif", "broken.json"], in: real, environment: ["PWD": link.path])
        #expect(throughLink.stdout.contains("\"file://\(link.path)/\""), "\(throughLink.stdout.prefix(2000))")
        #expect(!throughLink.stdout.contains("private-folder"))
        // A $PWD that is another folder is not believed.
        let stale = try CLI.run(["lint", "--format", "sarif", "broken.json"], in: real, environment: ["PWD": dir.path])
        #expect(stale.stdout.contains("\"file://\(real.path)/\""), "\(stale.stdout.prefix(2000))")
    }

    /// `preview --check` finds a browser installed as an app (Chrome.app is never on `PATH` on
    /// macOS) after `PATH`; without one it says how to get one.
    @Test func previewCheckFindsABrowserApp() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let emptyPath = dir.appendingPathComponent("bin"), applications = dir.appendingPathComponent("Applications")
        let executable = applications.appendingPathComponent("Chromium.app/Contents/MacOS/Chromium")
        try FileManager.default.createDirectory(at: emptyPath, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
        let marker = dir.appendingPathComponent("started")
        try "#!/bin/sh\necho started > '\(marker.path)'\nexit 3\n".write(to: executable, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json").path
        let none = try CLI.run(["preview", "--check", "--timeout", "5", example], environment: ["PATH": emptyPath.path])
        #expect(none.stderr.contains("--check needs a headless Chromium"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        let app = try CLI.run(["preview", "--check", "--timeout", "5", example],
                              environment: ["PATH": emptyPath.path, "CUSTOMER_CENTER_TEST_APPLICATIONS": applications.path])
        #expect(FileManager.default.fileExists(atPath: marker.path), "the app's browser was not started: \(app.stderr)")
        #expect(!app.stderr.contains("--check needs a headless Chromium"), "\(app.stderr)")
    }
}
