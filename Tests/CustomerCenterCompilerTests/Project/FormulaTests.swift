import CustomerCenterCompiler
import Foundation
import Testing
import TestSupport

/// The Homebrew formula (Formula/customer-center.rb, docs/install.md "On a Mac"): nothing here
/// runs Homebrew (no Mac), so what can drift is read from the file: the release it builds is this
/// source's version, the example its `test do` lints is one the install step installs and one the
/// repository has (its clean lint is the README's first example), and the build is the one
/// docs/install.md documents.
@Suite struct FormulaTests {
    static func formula() throws -> String {
        try String(contentsOf: PackagePaths.root.appendingPathComponent("Formula/customer-center.rb"), encoding: .utf8)
    }

    @Test func buildsThisVersionFromSource() throws {
        let text = try Self.formula()
        #expect(text.contains("archive/refs/tags/\(CustomerCenter.version).tar.gz\""), "the formula's url names another release")
        #expect(text.contains(#"system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "customer-center""#))
        #expect(text.contains(#"bin.install ".build/release/customer-center""#))
    }

    @Test func itsTestLintsTheInstalledExample() throws {
        let text = try Self.formula()
        let installed = try #require(text.firstMatch(of: #/pkgshare\.install "([^"]+)"/#)).output.1
        #expect(FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent(String(installed)).path))
        let name = String(installed.split(separator: "/").last ?? "")
        let testBlock = try #require(text.range(of: "  test do\n")).upperBound
        #expect(text[testBlock...].contains("customer-center lint #{pkgshare}/\(name)"), "test do does not lint the installed example")
    }
}
