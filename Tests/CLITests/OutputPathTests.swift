import Foundation
import Testing
import TestSupport

/// One rule for output paths (docs/commands.md "No command destroys a file"): a missing parent
/// folder is created, whichever command writes.
@Suite struct OutputPathTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json").path

    @Test(arguments: [
        (["compile", "--platform", "ios", "--locale", "en", "-o", "out/a/payload.json", example], "out/a/payload.json"),
        (["compile", "--bundle", "out/b/bundle.json", example], "out/b/bundle.json"),
        (["compile", "--out-dir", "out/c/payloads", example], "out/c/payloads/manifest.json"),
        (["init", "-o", "out/d/customer_center.json"], "out/d/customer_center.json"),
        (["lint", "--write-baseline", "out/e/baseline.json", example], "out/e/baseline.json"),
        (["preview", "-o", "out/f/page.html", example], "out/f/page.html"),
    ])
    func aMissingParentFolderIsCreated(_ arguments: [String], _ written: String) throws {
        let dir = try Scratch.directory("cc-outputs")
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(written).path), "\(arguments)")
    }
}

/// Locale codes given to `--locale` are canonical and compared case-insensitively.
@Suite struct LocaleArgumentTests {
    @Test func oneLocaleInAnyCaseIsOnePayloadInCanonicalCase() throws {
        let dir = try Scratch.directory("cc-locales")
        let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json").path
        let result = try CLI.run(["compile", "--platform", "ios", "--locale", "de,DE,de_de,PT_br", "--out-dir", "out", example], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out/ios").path).sorted()
        #expect(names == ["de-DE.json", "de.json", "pt-BR.json"], "\(names)")
    }
}
