import Foundation
import Testing
import TestSupport

/// One placeholder, explained once, and one piece of version advice, wherever a reader copies from:
/// the README, docs/, the DocC guide, Examples/ and the generated plugin package's README.
@Suite struct PlaceholderDocsTests {
    static let files: [String] = {
        let docc = "Sources/CustomerCenterCompiler/CustomerCenterCompiler.docc"
        let articles = (try? FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent(docc).path)) ?? []
        let examples = (try? FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("Examples/ci").path)) ?? []
        return ReadmeTests.pages() + articles.filter { $0.hasSuffix(".md") }.sorted().map { "\(docc)/\($0)" }
            + examples.sorted().map { "Examples/ci/\($0)" } + ["Scripts/release/plugins-package.sh", "action.yml"]
    }()

    /// The version the examples name: this source's.
    static let version: String = {
        let source = ReadmeTests.text("Sources/CustomerCenterCompiler/Support/CustomerCenter.swift")
        return source.firstMatch(of: #/static let version = "([^"]+)"/#).map { String($0.output.1) } ?? "?"
    }()

    @Test func theToolsAddressesUseTheOnePlaceholder() throws {
        let address = try Regex(#"github\.com/([^/\s"'`)]+)/customer-center|uses: ([^/\s]+)/customer-center@"#)
        var checked = 0
        for file in Self.files {
            let text = ReadmeTests.text(file)
            for match in text.matches(of: address) {
                let owner = String(match.output[1].substring ?? match.output[2].substring ?? "")
                checked += 1
                #expect(owner == "OWNER" || owner == "${BASH_REMATCH[1]}", "\(file): '\(text[match.range])' names \(owner), not OWNER")
            }
            #expect(!text.contains("your-org") && !text.contains("<commit>"), "\(file) has another placeholder")
            // OWNER is explained in docs/install.md#owner; where else a text says what it is, it points there.
            if file != "docs/install.md", text.contains("`OWNER`") || text.contains("OWNER:") {
                #expect(text.contains("install.md#owner"), "\(file) explains OWNER itself")
            }
        }
        #expect(checked >= 15)
        #expect(ReadmeTests.text("docs/install.md").contains("## OWNER\n"))
    }

    /// Every way of depending on a release says the same: up to the next minor version while it is
    /// 0.x (docs/library.md#stability), the release exactly in `uses:` and `rev:`.
    @Test func theVersionAdviceIsTheSameEverywhere() throws {
        let package = try Regex(#"\.package\(url: "[^"]*(?:customer-center|plugins_repo)[^"]*", ([^\n]*?)\)(?=[,\]`]|$)"#).anchorsMatchLineEndings()
        var packages = 0, pins = 0
        for file in Self.files {
            let text = ReadmeTests.text(file)
            for match in text.matches(of: package) {
                packages += 1
                let requirement = String(match.output[1].substring ?? "")
                let expected = file.hasSuffix(".sh") ? #".upToNextMinor(from: "$version")"# : ".upToNextMinor(from: \"\(Self.version)\")"
                #expect(requirement == expected, "\(file): \(text[match.range])")
            }
            for match in text.matches(of: #/(?:uses: OWNER/customer-center@|rev: )([0-9A-Za-z.\-]+)/#) {
                pins += 1
                #expect(String(match.output.1) == Self.version, "\(file): \(text[match.range])")
            }
        }
        #expect(packages >= 8 && pins >= 5, "\(packages) package lines, \(pins) pins")
    }

    /// SARIF names no address for the tool: the one it had was an organisation that does not host it,
    /// and the tool's own is the placeholder's.
    @Test func sarifNamesNoAddressThatIsNotTheTools() throws {
        let sarif = try CLI.run(["lint", "--format", "sarif", "Examples/broken.json"]).stdout
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let driver = try #require((((log["runs"] as? [[String: Any]])?.first?["tool"]) as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "customer-center")
        #expect(driver["informationUri"] == nil)
    }
}
